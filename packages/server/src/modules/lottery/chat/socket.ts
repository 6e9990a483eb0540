import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { CHAT_LIMITS, CHAT_ORDER, CONTROL_CHARS_RE, chatText, MSG, WS_CLOSE, WS_PATH, WS_PING_TEXT, fmt, type SysMessage, LOTTERY_MSG } from '@app/contract';
import { beijing } from '../../../lib/time.js';
import { onRevocation, resolveSession } from '../../session/service.js';
import { getSettings } from '../../site/service.js';
import type { LotterySchedule } from '../engine/index.js';
import type { RoomClient } from './hub.js';
import { postBetNotice, postChat, speakerOf } from './service.js';
import { scheduleOf } from '../settings.js';

/**
 * GET /wss?roomid=<room id>&_token=<member token> (spec §7 "Lottery room", DESIGN §7): a member's
 * socket in one room; without a token, a visitor's, who watches (hears everything the room hears) and
 * whose every message is answered 请登录！.
 *
 * Admission: while the site is in maintenance (site_state 0) a socket closes with WS_CLOSE.maintenance
 * after a frame with repair_tips; an expired or revoked token closes with unauthorized (after a
 * 请登录！ error frame), an unknown or disabled room with roomMissing, a member's socket beyond
 * CHAT_LIMITS.connectionsPerMemberRoom in the room (a visitor's beyond visitorConnectionsPerAddressRoom
 * from one address) with tooManyConnections. A session revoked later
 * (logoff, password change; from any instance) ends its sockets at once with unauthorized.
 *
 * Frames: the text `ping` is answered `ping`. JSON {content, order}: order 1 is chat (trimmed, empty
 * ignored, at most maxChars), order 0 announces one of the member's orders by its order_no. Both count
 * against the member's rate (ratePerWindow per rateWindowMs on this instance), and a muted member gets
 * 您已被禁言. Anything else (larger than maxFrameBytes, binary, not JSON, another shape) is answered
 * 消息格式不正确 to the sender alone; more than FRAME_FLOOD frames in a window end the socket (1008).
 * The shared trial account may watch a room but not speak in it. Every refused message is answered
 * with an {sysmsg: 'error'} frame to the sender; nothing sends a stack.
 */

/** The largest frame ws reads at all; larger ones end the socket (1009) before any parsing. */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Frames of any kind one socket may send per rate window (pings come every 3 s; chat is limited apart). */
const FRAME_FLOOD = 60;
const POLICY_VIOLATION = 1008;

function errorFrame(ws: WebSocket, content: string): void {
  if (ws.readyState !== ws.OPEN) return;
  const frame: SysMessage = { sysmsg: 'error', content };
  ws.send(JSON.stringify(frame));
}

function refuse(ws: WebSocket, code: number, content?: string): null {
  if (content) errorFrame(ws, content);
  ws.close(code);
  return null;
}

function byteLength(data: RawData): number {
  if (Buffer.isBuffer(data)) return data.length;
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data.byteLength;
}

/** A member's messages per window, counted on this instance across their sockets. */
function createRate(windowMs: number, max: number) {
  const recent = new Map<number, number[]>();
  return {
    take(memberId: number, nowMs: number): boolean {
      const times = (recent.get(memberId) ?? []).filter((t) => t > nowMs - windowMs);
      if (times.length >= max) {
        recent.set(memberId, times);
        return false;
      }
      times.push(nowMs);
      recent.set(memberId, times);
      return true;
    },
    prune(nowMs: number): void {
      for (const [id, times] of recent) if (times[times.length - 1]! <= nowMs - windowMs) recent.delete(id);
    },
  };
}

interface Admitted extends RoomClient {
  sched: LotterySchedule;
  framesInWindow: number;
  windowStartMs: number;
  /** this socket's messages that wait for the database, in the order they came */
  queue: Promise<void>;
}

type Intent = { order: 0 | 1; text: string };

/** Reads one frame: 'ping', an intent, or the error to answer; null for an empty chat (ignored). */
function readFrame(data: RawData, isBinary: boolean): 'ping' | Intent | { error: string } | null {
  if (isBinary || byteLength(data) > CHAT_LIMITS.maxFrameBytes) return { error: LOTTERY_MSG.chatBadFrame };
  const text = (Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)).toString('utf8');
  if (text === WS_PING_TEXT) return 'ping';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: LOTTERY_MSG.chatBadFrame };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: LOTTERY_MSG.chatBadFrame };
  const { content, order } = parsed as { content?: unknown; order?: unknown };
  const o = order === CHAT_ORDER.chat || order === String(CHAT_ORDER.chat) ? 1 : order === CHAT_ORDER.betNotice || order === String(CHAT_ORDER.betNotice) ? 0 : null;
  // NUL and the other control characters are refused (never stored); line breaks and tabs become
  // spaces (chatText: chat is plain text on one line).
  if (o === null || typeof content !== 'string' || CONTROL_CHARS_RE.test(content)) return { error: LOTTERY_MSG.chatBadFrame };
  const clean = chatText(content);
  if (clean === '') return o === 1 ? null : { error: LOTTERY_MSG.chatBetMissing };
  if (o === 1 && [...clean].length > CHAT_LIMITS.maxChars) return { error: fmt(LOTTERY_MSG.chatTooLong, { max: CHAT_LIMITS.maxChars }) };
  return { order: o, text: clean };
}

export default async function lotterySocket(app: FastifyInstance): Promise<void> {
  const hub = app.lotteryHub;
  const rate = createRate(CHAT_LIMITS.rateWindowMs, CHAT_LIMITS.ratePerWindow);
  const pruner = setInterval(() => rate.prune(Date.now()), CHAT_LIMITS.rateWindowMs);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
  const stopHearing = onRevocation((r) => {
    for (const c of hub.clients()) {
      if ('memberId' in r ? c.memberId === r.memberId : c.tokenHash === r.tokenHash) refuse(c.ws, WS_CLOSE.unauthorized, LOTTERY_MSG.chatNeedLogin);
    }
  });
  app.addHook('onClose', async () => stopHearing());

  async function admit(ws: WebSocket, req: FastifyRequest): Promise<Admitted | null> {
    const { app: site } = await getSettings(app.kdb);
    if (site.site_state === 0) return refuse(ws, WS_CLOSE.maintenance, site.repair_tips);
    const q = req.query as Record<string, unknown>;
    const token = typeof q._token === 'string' ? q._token : '';
    // No token: a visitor, who watches. A token that is no session (expired, revoked) is refused, so the
    // app learns its session ended.
    const member = token ? await resolveSession(app.kdb, token, app.config.sessionIdleMs, app.cacheEpoch()) : null;
    if (token && !member) return refuse(ws, WS_CLOSE.unauthorized, LOTTERY_MSG.chatNeedLogin);
    const roomId = typeof q.roomid === 'string' && /^\d{1,12}$/.test(q.roomid) ? Number(q.roomid) : 0;
    const room = roomId
      ? await app.kdb
          .selectFrom('lottery_rooms as r')
          .innerJoin('lotteries as l', 'l.code', 'r.lottery')
          .select(['r.id', 'l.code', 'l.interval_s', 'l.ftime_s', 'l.schedule_change'])
          .where('r.id', '=', roomId)
          .where('r.enabled', '=', true)
          .where('l.enabled', '=', true)
          .executeTakeFirst()
      : undefined;
    if (!room) return refuse(ws, WS_CLOSE.roomMissing, LOTTERY_MSG.lotteryRoomMissing);
    if (ws.readyState !== ws.OPEN) return null; // gone while we looked
    const nowMs = Date.now();
    const client: Admitted = {
      ws,
      roomId: room.id,
      lottery: room.code,
      memberId: member?.id ?? 0,
      holder: member ? `m${member.id}` : `v${req.ip}`,
      isTrial: member?.isTrial ?? false,
      token,
      tokenHash: member?.tokenHash ?? '',
      lastSeenMs: nowMs,
      lastPingMs: nowMs,
      sched: scheduleOf(room),
      framesInWindow: 0,
      windowStartMs: nowMs,
      queue: Promise.resolve(),
    };
    if (!hub.join(client, client.sched, member ? CHAT_LIMITS.connectionsPerMemberRoom : CHAT_LIMITS.visitorConnectionsPerAddressRoom)) return refuse(ws, WS_CLOSE.tooManyConnections);
    return client;
  }

  /** The database part of a message, one at a time per socket. */
  async function speak(c: Admitted, intent: Intent): Promise<void> {
    // A session ended elsewhere (logoff, password change, disabled member) ends the socket here.
    const member = await resolveSession(app.kdb, c.token, app.config.sessionIdleMs, app.cacheEpoch());
    const speaker = member ? await speakerOf(app.kdb, c.memberId) : null;
    if (!speaker) return void refuse(c.ws, WS_CLOSE.unauthorized, LOTTERY_MSG.chatNeedLogin);
    if (speaker.mute) return errorFrame(c.ws, speaker.mute.until ? fmt(LOTTERY_MSG.chatMutedUntil, { until: beijing(speaker.mute.until) }) : LOTTERY_MSG.chatMuted);
    if (intent.order === CHAT_ORDER.chat) {
      hub.publish(c.roomId, await postChat(app.kdb, c.roomId, speaker, intent.text));
      return;
    }
    const notice = await postBetNotice(app.kdb, c.roomId, speaker, intent.text);
    if (!notice) return errorFrame(c.ws, LOTTERY_MSG.chatBetMissing);
    hub.publish(c.roomId, notice);
  }

  function onFrame(c: Admitted, data: RawData, isBinary: boolean): void {
    const nowMs = Date.now();
    c.lastSeenMs = nowMs;
    if (nowMs - c.windowStartMs >= CHAT_LIMITS.rateWindowMs) {
      c.windowStartMs = nowMs;
      c.framesInWindow = 0;
    }
    if (++c.framesInWindow > FRAME_FLOOD) return void c.ws.close(POLICY_VIOLATION);
    const frame = readFrame(data, isBinary);
    if (frame === null) return;
    if (frame === 'ping') return hub.ping(c, nowMs);
    if ('error' in frame) return errorFrame(c.ws, frame.error);
    if (c.memberId === 0) return errorFrame(c.ws, LOTTERY_MSG.chatNeedLogin);
    if (c.isTrial) return errorFrame(c.ws, MSG.trialRefused);
    if (!rate.take(c.memberId, nowMs)) return errorFrame(c.ws, LOTTERY_MSG.chatTooFast);
    c.queue = c.queue
      .then(() => speak(c, frame))
      .catch((err) => {
        app.log.warn({ err, roomId: c.roomId }, 'lottery chat: message failed');
        errorFrame(c.ws, MSG.internal);
      });
  }

  app.get(WS_PATH, { websocket: true }, (ws, req) => {
    // Handlers are attached before any await, so a frame sent right after the upgrade waits for admission.
    let client: Admitted | null = null;
    let gone = false;
    const admitted = admit(ws, req)
      .then((c) => {
        if (c && gone) hub.leave(c);
        client = gone ? null : c;
      })
      .catch((err) => {
        req.log.warn({ err }, 'lottery socket: admission failed');
        refuse(ws, 1011, MSG.internal);
      });
    ws.on('message', (data, isBinary) => {
      void admitted.then(() => {
        if (client) onFrame(client, data, isBinary);
      });
    });
    ws.on('close', () => {
      gone = true;
      if (client) hub.leave(client);
      client = null;
    });
    ws.on('error', (err) => req.log.debug({ err }, 'lottery socket error'));
  });
}
