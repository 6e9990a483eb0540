import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import { MSG, SERVICE_LIMITS, SERVICE_MSG, WS_CLOSE, WS_PING_TEXT, serviceTextFailure, type ServiceServerFrame } from '@app/contract';
import { onRevocation, resolveSession } from '../session/service.js';
import type { OwnerClient } from './hub.js';
import { chatState, ownerKey, postOwnerMessage, resolveVisitor, type Owner } from './service.js';

/**
 * The sockets of 在线客服.
 *
 * GET /api/service/ws?_token=<member token> or ?visitor=<device token>: a member's or visitor's chat.
 * On admission the server sends {type:'state'} (staff presence, the live conversation, the latest
 * messages); each frame {content} is a message (trimmed, 1–SERVICE_LIMITS.maxChars characters, at
 * most ratePerWindow per rateWindowMs per member/visitor on this instance), answered to the sender's
 * sockets and the desks as {type:'message'}; a refusal is {type:'error', content} to the sender alone.
 * The text `ping` is answered `ping`. A member session that ends (logoff, password change) ends its sockets.
 *
 * The staff desks' socket is admin/service/socket.ts.
 */

const POLICY_VIOLATION = 1008;
const FRAME_FLOOD = 60;

/** One frame to one socket of the chat (member, visitor or staff desk), while it is open. */
export function sendFrame(ws: WebSocket, frame: ServiceServerFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}
/** Ends a socket with `code`, telling it why first when there is a text for it. */
export function refuse(ws: WebSocket, code: number, content?: string): null {
  if (content) sendFrame(ws, { type: 'error', content });
  ws.close(code);
  return null;
}
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** Messages per window, per member/visitor, on this instance. */
function createRate(windowMs: number, max: number) {
  const recent = new Map<string, number[]>();
  return {
    take(key: string, nowMs: number): boolean {
      const times = (recent.get(key) ?? []).filter((t) => t > nowMs - windowMs);
      const okay = times.length < max;
      if (okay) times.push(nowMs);
      recent.set(key, times);
      return okay;
    },
    prune(nowMs: number): void {
      for (const [k, times] of recent) if (times.length === 0 || times[times.length - 1]! <= nowMs - windowMs) recent.delete(k);
    },
  };
}

interface Member extends OwnerClient {
  who: Owner;
  token: string;
  framesInWindow: number;
  windowStartMs: number;
  queue: Promise<void>;
}

/**
 * Sets up what the member and visitor sockets of this app share (the idle check, the session
 * revocations) and returns the socket's handler: the member API registers it at SERVICE_WS_PATH
 * (routes.ts declares it).
 */
export default function serviceSocket(app: FastifyInstance): WebsocketHandler {
  const hub = app.serviceHub;
  const rate = createRate(SERVICE_LIMITS.rateWindowMs, SERVICE_LIMITS.ratePerWindow);

  // Silent sockets close (the app pings every SERVICE_PING_MS).
  const beat = setInterval(() => {
    const nowMs = Date.now();
    rate.prune(nowMs);
    const idleBefore = nowMs - app.config.wsIdleTimeoutMs;
    for (const c of hub.owners()) if (c.lastSeenMs < idleBefore) c.ws.close(WS_CLOSE.idle);
  }, Math.min(5000, app.config.wsIdleTimeoutMs));
  beat.unref();
  const stopHearing = onRevocation((r) => {
    for (const c of hub.owners()) {
      if (c.memberId === null) continue;
      if ('memberId' in r ? c.memberId === r.memberId : c.tokenHash === r.tokenHash) refuse(c.ws, WS_CLOSE.unauthorized, SERVICE_MSG.needIdentity);
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(beat);
    stopHearing();
  });

  async function admitOwner(ws: WebSocket, req: FastifyRequest): Promise<Member | null> {
    const q = req.query as Record<string, unknown>;
    const token = typeof q._token === 'string' ? q._token : '';
    const visitor = typeof q.visitor === 'string' ? q.visitor : '';
    let who: Owner | null = null;
    let tokenHash: string | null = null;
    if (token) {
      const member = await resolveSession(app.kdb, token, app.config.sessionIdleMs, app.cacheEpoch());
      if (member) {
        who = { memberId: member.id };
        tokenHash = member.tokenHash;
      }
    } else if (visitor) {
      const id = await resolveVisitor(app.kdb, visitor);
      if (id) who = { visitorId: id };
    }
    if (!who) return refuse(ws, WS_CLOSE.unauthorized, SERVICE_MSG.needIdentity);
    if (ws.readyState !== ws.OPEN) return null;
    const nowMs = Date.now();
    const c: Member = { ws, owner: ownerKey(who), who, token, tokenHash, memberId: who.memberId ?? null, lastSeenMs: nowMs, framesInWindow: 0, windowStartMs: nowMs, queue: Promise.resolve() };
    hub.joinOwner(c);
    sendFrame(ws, { type: 'state', state: await chatState(app.kdb, who) });
    return c;
  }

  async function speak(c: Member, text: string): Promise<void> {
    if (c.token) {
      const member = await resolveSession(app.kdb, c.token, app.config.sessionIdleMs, app.cacheEpoch());
      if (!member) return void refuse(c.ws, WS_CLOSE.unauthorized, SERVICE_MSG.needIdentity);
    }
    const { message, conversation } = await postOwnerMessage(app.kdb, c.who, text);
    hub.toOwner(c.owner, { type: 'message', message });
    hub.toStaff({ type: 'message', message });
    hub.toStaff({ type: 'conversation', conversation });
  }

  function onOwnerFrame(c: Member, data: RawData, isBinary: boolean): void {
    const nowMs = Date.now();
    c.lastSeenMs = nowMs;
    if (nowMs - c.windowStartMs >= SERVICE_LIMITS.rateWindowMs) {
      c.windowStartMs = nowMs;
      c.framesInWindow = 0;
    }
    if (++c.framesInWindow > FRAME_FLOOD) return void c.ws.close(POLICY_VIOLATION);
    const size = Buffer.isBuffer(data) ? data.length : Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (isBinary || size > SERVICE_LIMITS.maxFrameBytes) return sendFrame(c.ws, { type: 'error', content: SERVICE_MSG.badFrame });
    const text = textOf(data);
    if (text === WS_PING_TEXT) return void (c.ws.readyState === c.ws.OPEN && c.ws.send(WS_PING_TEXT));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return sendFrame(c.ws, { type: 'error', content: SERVICE_MSG.badFrame });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return sendFrame(c.ws, { type: 'error', content: SERVICE_MSG.badFrame });
    const content = (parsed as { content?: unknown }).content;
    const failure = serviceTextFailure(content);
    if (failure) return sendFrame(c.ws, { type: 'error', content: failure });
    if (!rate.take(c.owner, nowMs)) return sendFrame(c.ws, { type: 'error', content: SERVICE_MSG.tooFast });
    c.queue = c.queue
      .then(() => speak(c, (content as string).trim()))
      .catch((err) => {
        app.log.warn({ err }, 'service chat: message failed');
        sendFrame(c.ws, { type: 'error', content: MSG.internal });
      });
  }

  return (ws, req) => {
    let client: Member | null = null;
    let gone = false;
    const admitted = admitOwner(ws, req)
      .then((c) => {
        if (c && gone) hub.leaveOwner(c);
        client = gone ? null : c;
      })
      .catch((err) => {
        req.log.warn({ err }, 'service socket: admission failed');
        refuse(ws, 1011, MSG.internal);
      });
    ws.on('message', (data, isBinary) => {
      void admitted.then(() => {
        if (client) onOwnerFrame(client, data, isBinary);
      });
    });
    ws.on('close', () => {
      gone = true;
      if (client) hub.leaveOwner(client);
      client = null;
    });
    ws.on('error', (err) => req.log.debug({ err }, 'service socket error'));
  };
}
