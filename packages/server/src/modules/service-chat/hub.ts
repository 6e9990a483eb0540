import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServiceServerFrame } from '@app/contract';
import { fanOutChannel, publishedOrLate, sendFrame } from '../../lib/fanout.js';
import type { RedisLink } from '../../lib/redis.js';

/**
 * 在线客服's fan-out, built like the lottery rooms' (modules/lottery/chat/hub.ts): which sockets of
 * this instance belong to which member/visitor and which are staff desks, and how a frame reaches
 * them on every instance. With REDIS_URL a frame is published on one channel and every instance
 * (the sender's included) delivers it from its subscription; without Redis, or while it is away, it is
 * delivered on this instance at once.
 */


/** 'm:<member id>' or 'v:<visitor id>': whose conversation a socket follows. */
export type OwnerKey = `m:${number}` | `v:${number}`;

export interface OwnerClient {
  ws: WebSocket;
  owner: OwnerKey;
  /** the member session behind a member's socket (its revocation ends the socket) */
  tokenHash: string | null;
  memberId: number | null;
  lastSeenMs: number;
}

export interface StaffClient {
  ws: WebSocket;
  staffId: number;
  tokenHash: string;
  lastSeenMs: number;
}

/** Staff sessions that ended (modules/staff/sessions.ts): one (logout) or all of a staff member's (disabled, password or two-step reset). */
export type StaffSessionsEnded = { tokenHash: string } | { staffId: number };

export interface ServiceHub {
  /**
   * Closes the desks of ended staff sessions on every instance: this one's at once, the others' as
   * soon as Redis carries the news (answers once Redis took it, at most PUBLISH_WAIT_MS later).
   */
  endStaffSessions(ended: StaffSessionsEnded): Promise<void>;
  /** what this instance does with an ending heard from any instance (the desk socket closes its desks) */
  onStaffSessionsEnded(handler: (ended: StaffSessionsEnded) => void): void;
  /** to every socket of one member/visitor, on every instance */
  toOwner(owner: OwnerKey, frame: ServiceServerFrame): void;
  /** to every staff desk, on every instance */
  toStaff(frame: ServiceServerFrame): void;
  /** to every member/visitor socket, on every instance (staff presence) */
  toAllOwners(frame: ServiceServerFrame): void;
  joinOwner(c: OwnerClient): void;
  leaveOwner(c: OwnerClient): void;
  joinStaff(c: StaffClient): void;
  leaveStaff(c: StaffClient): void;
  owners(): Iterable<OwnerClient>;
  staff(): Iterable<StaffClient>;
  /** this instance's desks of one staff member */
  staffSockets(staffId: number): number;
}

export function createServiceHub(app: FastifyInstance, redis: RedisLink | null): ServiceHub {
  const byOwner = new Map<string, Set<OwnerClient>>();
  const desks = new Set<StaffClient>();
  const send = sendFrame;
  const endedHandlers: Array<(ended: StaffSessionsEnded) => void> = [];
  function staffEnded(ended: StaffSessionsEnded): void {
    for (const handler of endedHandlers) handler(ended);
  }
  // "o:<owner>\n<frame>", "s:\n<frame>" (desks), "a:\n<frame>" (every owner) or "k:<StaffSessionsEnded>\n" (desks to close).
  function deliverWire(text: string): void {
    const nl = text.indexOf('\n');
    if (nl < 2) return;
    const target = text.slice(2, nl);
    if (text.startsWith('k:')) {
      try {
        staffEnded(JSON.parse(target) as StaffSessionsEnded);
      } catch (err) {
        app.log.warn({ err }, 'service chat: unreadable staff session ending');
      }
      return;
    }
    const data = Buffer.from(text.slice(nl + 1));
    if (text.startsWith('o:')) {
      const set = byOwner.get(target);
      if (set) send(set, data);
    } else if (text.startsWith('s:')) send(desks, data);
    else if (text.startsWith('a:')) for (const set of byOwner.values()) send(set, data);
  }
  const channel = `${app.config.redisPrefix}service:chat`;
  const fanOut = fanOutChannel(app, redis, channel, deliverWire, 'service chat');

  return {
    async endStaffSessions(ended) {
      staffEnded(ended);
      await publishedOrLate(fanOut(`k:${JSON.stringify(ended)}\n`));
    },
    onStaffSessionsEnded: (handler) => void endedHandlers.push(handler),
    toOwner: (owner, frame) => fanOut(`o:${owner}\n${JSON.stringify(frame)}`),
    toStaff: (frame) => fanOut(`s:\n${JSON.stringify(frame)}`),
    toAllOwners: (frame) => fanOut(`a:\n${JSON.stringify(frame)}`),
    joinOwner(c) {
      let set = byOwner.get(c.owner);
      if (!set) byOwner.set(c.owner, (set = new Set()));
      set.add(c);
    },
    leaveOwner(c) {
      const set = byOwner.get(c.owner);
      if (!set) return;
      set.delete(c);
      if (set.size === 0) byOwner.delete(c.owner);
    },
    joinStaff: (c) => void desks.add(c),
    leaveStaff: (c) => void desks.delete(c),
    *owners() {
      for (const set of byOwner.values()) yield* set;
    },
    staff: () => desks.values(),
    staffSockets: (staffId) => [...desks].filter((d) => d.staffId === staffId).length,
  };
}
