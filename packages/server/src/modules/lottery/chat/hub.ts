import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { WS_CLOSE, WS_PING_TEXT, type ServerFrame } from '@app/contract';
import { fanOutChannel, MAX_BUFFERED_BYTES, sendFrame } from '../../../lib/fanout.js';
import type { RedisLink } from '../../../lib/redis.js';
import type { LotterySchedule } from '../engine/index.js';
import { startPresence, type RoomPresence } from './presence.js';

/**
 * The lottery rooms' fan-out (DESIGN §7): which sockets of this instance are in which room, and how a
 * frame reaches every socket of a room on every instance.
 *
 * With REDIS_URL, publish() only publishes to one Redis channel and every instance (the sender's
 * included) delivers from its subscription, so a room sees one order of messages everywhere; without
 * Redis (or while Redis is away) it delivers in-process at once. A frame is serialised once per publish and sent as the same
 * Buffer to every socket; the send loop does no awaiting per client and skips a socket whose unsent
 * data is above MAX_BUFFERED_BYTES (a client that stopped reading loses frames, not the server's memory).
 */


/** One member's (or visitor's) socket in one room of this instance. */
export interface RoomClient {
  ws: WebSocket;
  roomId: number;
  lottery: string;
  /** 0 for a visitor, who watches and may not speak */
  memberId: number;
  /** who holds the socket, for the per-room cap and the 在线 count: m<member id>, or v<address> for a visitor */
  holder: string;
  isTrial: boolean;
  /** the session behind the socket (a revocation of it, or of all the member's sessions, ends the socket) */
  token: string;
  tokenHash: string;
  lastSeenMs: number;
  /** when this socket last got a ping from the server (its own, or the answer to the client's) */
  lastPingMs: number;
}

/** A lottery with sockets on this instance: its schedule (for the open/close notices) and its rooms. */
export interface LocalLottery {
  code: string;
  sched: LotterySchedule;
  rooms: Map<number, Set<RoomClient>>;
}

export interface LotteryHub {
  /** Sends the text ping to one socket now (the answer to the client's ping counts as the server's own). */
  ping(client: RoomClient, nowMs: number): void;
  /** Sends a frame to every socket in the room, on every instance. */
  publish(roomId: number, frame: ServerFrame): void;
  /** Sends a frame to one member's sockets in the room, on every instance (their own win). */
  publishToMember(roomId: number, memberId: number, frame: ServerFrame): void;
  /** Sends a frame to every socket in every room of the lottery, on every instance. */
  publishLottery(code: string, frame: ServerFrame): void;
  /** Sends a frame to this instance's sockets of the lottery only (the clock notices each instance computes). */
  deliverLotteryLocally(code: string, frame: ServerFrame): void;
  /** Adds a socket to its room; false (and nothing added) when its holder already holds `cap` sockets there. */
  join(client: RoomClient, sched: LotterySchedule, cap: number): boolean;
  leave(client: RoomClient): void;
  /** This instance's sockets, in every room. */
  clients(): Iterable<RoomClient>;
  /** The lotteries with sockets on this instance. */
  lotteries(): Iterable<LocalLottery>;
  /** Sockets on this instance: in one room, or in all. */
  size(roomId?: number): number;
  /** Who watches the room (members and visitors, each once), on every instance as last counted. */
  online(roomId: number): number;
  /** The presence counts (tests refresh them rather than wait for the tick). */
  presence: RoomPresence;
}

const SEND_TEXT = { binary: false } as const;
const PING = Buffer.from(WS_PING_TEXT);

export function createLotteryHub(app: FastifyInstance, redis: RedisLink | null): LotteryHub {
  const byCode = new Map<string, LocalLottery>();
  const byRoom = new Map<number, Set<RoomClient>>();
  /** sockets per "<roomId>:<holder>" (every guest has an account of its own, so the cap is per member) */
  const held = new Map<string, number>();
  /** distinct holders per room on this instance */
  const holders = new Map<number, number>();
  const presence = startPresence(app, redis, () => holders);
  const send = sendFrame;
  function deliverRoom(roomId: number, data: Buffer): void {
    const set = byRoom.get(roomId);
    if (set) send(set, data);
  }
  function deliverMember(roomId: number, memberId: number, data: Buffer): void {
    const set = byRoom.get(roomId);
    if (set) send([...set].filter((c) => c.memberId === memberId), data);
  }
  function deliverLottery(code: string, data: Buffer): void {
    const lottery = byCode.get(code);
    if (lottery) for (const set of lottery.rooms.values()) send(set, data);
  }

  // One channel for the whole platform; a message is "r:<roomId>\n<frame>", "u:<roomId>:<memberId>\n<frame>"
  // or "l:<code>\n<frame>", so the frame text travels as it is and each instance turns it into a Buffer once.
  const channel = `${app.config.redisPrefix}lottery:rooms`;
  function deliverWire(text: string): void {
    const nl = text.indexOf('\n');
    if (nl < 3) return;
    const target = text.slice(2, nl);
    const data = Buffer.from(text.slice(nl + 1));
    if (text.startsWith('r:')) deliverRoom(Number(target), data);
    else if (text.startsWith('l:')) deliverLottery(target, data);
    else if (text.startsWith('u:')) {
      const [roomId, memberId] = target.split(':').map(Number);
      deliverMember(roomId!, memberId!, data);
    }
  }
  const fanOut = fanOutChannel(app, redis, channel, deliverWire, 'lottery rooms');

  // The server's ping, and the end of sockets that went silent. A socket is pinged when the server has
  // sent it no ping (nor answered one of its pings) for a whole interval; looking a few times per interval
  // spreads the pings of a big room over it instead of sending them all in one burst.
  const pingEveryMs = Math.max(50, app.config.wsPingIntervalMs);
  const pingTimer = setInterval(
    () => {
      const nowMs = Date.now();
      const idleBefore = nowMs - app.config.wsIdleTimeoutMs;
      for (const set of byRoom.values()) {
        for (const c of set) {
          if (c.lastSeenMs < idleBefore) c.ws.close(WS_CLOSE.idle);
          else if (nowMs - c.lastPingMs >= pingEveryMs) ping(c, nowMs);
        }
      }
    },
    Math.min(250, pingEveryMs),
  );
  pingTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pingTimer);
  });

  function ping(c: RoomClient, nowMs: number): void {
    c.lastPingMs = nowMs;
    if (c.ws.readyState === WebSocket.OPEN && c.ws.bufferedAmount <= MAX_BUFFERED_BYTES) c.ws.send(PING, SEND_TEXT);
  }

  return {
    ping,
    publish(roomId, frame) {
      fanOut(`r:${roomId}\n${JSON.stringify(frame)}`);
    },
    publishToMember(roomId, memberId, frame) {
      fanOut(`u:${roomId}:${memberId}\n${JSON.stringify(frame)}`);
    },
    publishLottery(code, frame) {
      fanOut(`l:${code}\n${JSON.stringify(frame)}`);
    },
    deliverLotteryLocally(code, frame) {
      deliverLottery(code, Buffer.from(JSON.stringify(frame)));
    },
    join(client, sched, cap) {
      const key = `${client.roomId}:${client.holder}`;
      const holds = held.get(key) ?? 0;
      if (holds >= cap) return false;
      held.set(key, holds + 1);
      if (holds === 0) holders.set(client.roomId, (holders.get(client.roomId) ?? 0) + 1);
      let lottery = byCode.get(client.lottery);
      if (!lottery) {
        lottery = { code: client.lottery, sched, rooms: new Map() };
        byCode.set(client.lottery, lottery);
      }
      lottery.sched = sched;
      let set = byRoom.get(client.roomId);
      if (!set) {
        set = new Set();
        byRoom.set(client.roomId, set);
        lottery.rooms.set(client.roomId, set);
      }
      set.add(client);
      return true;
    },
    leave(client) {
      const set = byRoom.get(client.roomId);
      if (!set || !set.delete(client)) return;
      const key = `${client.roomId}:${client.holder}`;
      const holds = (held.get(key) ?? 1) - 1;
      if (holds > 0) held.set(key, holds);
      else {
        held.delete(key);
        const left = (holders.get(client.roomId) ?? 1) - 1;
        if (left > 0) holders.set(client.roomId, left);
        else holders.delete(client.roomId);
      }
      if (set.size > 0) return;
      byRoom.delete(client.roomId);
      const lottery = byCode.get(client.lottery);
      lottery?.rooms.delete(client.roomId);
      if (lottery && lottery.rooms.size === 0) byCode.delete(client.lottery);
    },
    *clients() {
      for (const set of byRoom.values()) yield* set;
    },
    lotteries: () => byCode.values(),
    size(roomId) {
      if (roomId !== undefined) return byRoom.get(roomId)?.size ?? 0;
      let n = 0;
      for (const set of byRoom.values()) n += set.size;
      return n;
    },
    online: (roomId) => presence.online(roomId),
    presence,
  };
}
