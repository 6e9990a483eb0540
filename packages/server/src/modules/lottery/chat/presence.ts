import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RedisLink } from '../../../lib/redis.js';

/**
 * How many are watching each room (the rooms' 在线 figure): members and visitors with a socket in it,
 * each counted once per instance however many tabs they hold.
 *
 * Alone, an instance knows its own sockets. With Redis, every PRESENCE_TICK_MS each instance writes
 * its counts to a hash of its own (expiring after a few ticks, so a stopped instance drops out) and
 * registers itself in a sorted set scored by that time; it then sums the live instances' hashes into
 * the totals the room answers read. The figure is at most a few seconds old; no request waits on Redis.
 */

export const PRESENCE_TICK_MS = 5_000;
/** An instance that has not written for this long no longer counts. */
const PRESENCE_TTL_MS = 3 * PRESENCE_TICK_MS;

export interface RoomPresence {
  /** Watchers of the room on every instance (this instance's own count where nothing else is known). */
  online(roomId: number): number;
  /** Writes and reads the counts now (the tick does this on its own; tests call it to skip the wait). */
  refresh(): Promise<void>;
}

/** `local` is this instance's live map of room → distinct watchers (read, never changed, here). */
export function startPresence(app: FastifyInstance, redis: RedisLink | null, local: () => ReadonlyMap<number, number>): RoomPresence {
  const instance = randomUUID();
  const registry = `${app.config.redisPrefix}lottery:online`;
  const own = `${registry}:${instance}`;
  let totals = new Map<number, number>();
  let refreshedAt = 0;

  async function refresh(): Promise<void> {
    if (!redis || !redis.healthy()) return;
    const nowMs = Date.now();
    const counts = local();
    const tx = redis.client.multi().del(own);
    if (counts.size > 0) tx.hset(own, Object.fromEntries([...counts].map(([room, n]) => [String(room), n]))).pexpire(own, PRESENCE_TTL_MS);
    await tx.zadd(registry, nowMs, instance).zremrangebyscore(registry, 0, nowMs - PRESENCE_TTL_MS).exec();
    const live = await redis.client.zrangebyscore(registry, nowMs - PRESENCE_TTL_MS, '+inf');
    const sums = new Map<number, number>();
    if (live.length > 0) {
      const read = redis.client.pipeline();
      for (const id of live) read.hgetall(`${registry}:${id}`);
      for (const [err, hash] of (await read.exec()) ?? []) {
        if (err || !hash) continue;
        for (const [room, n] of Object.entries(hash as Record<string, string>)) sums.set(Number(room), (sums.get(Number(room)) ?? 0) + Number(n));
      }
    }
    totals = sums;
    refreshedAt = nowMs;
  }

  if (redis) {
    const timer = setInterval(() => {
      refresh().catch((err) => app.log.debug({ err }, 'lottery presence: not refreshed'));
    }, PRESENCE_TICK_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      if (redis.healthy()) await redis.client.multi().del(own).zrem(registry, instance).exec().catch(() => undefined);
    });
  }

  return {
    online(roomId) {
      const mine = local().get(roomId) ?? 0;
      // Shared totals while they are fresh (they include this instance as it was at the last tick).
      if (redis && Date.now() - refreshedAt < PRESENCE_TTL_MS) return Math.max(mine, totals.get(roomId) ?? 0);
      return mine;
    },
    refresh,
  };
}
