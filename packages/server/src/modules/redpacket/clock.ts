import type { FastifyInstance } from 'fastify';

/**
 * The red packets' clock: the member routes read the time through it, so tests can put the server at
 * 09:59:59 or 12:00 Beijing (they replace `now`, as they do app.lottery.now). Only code in the same
 * process can replace it: no setting or request can.
 */
export interface RedPacketClock {
  now(): Date;
}

export function decorateRedPacketClock(app: FastifyInstance): void {
  app.decorate('redPacketClock', { now: () => new Date() } satisfies RedPacketClock);
}

declare module 'fastify' {
  interface FastifyInstance {
    redPacketClock: RedPacketClock;
  }
}
