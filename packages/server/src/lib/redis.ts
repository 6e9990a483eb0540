import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connections of one instance, when REDIS_URL is set: one for commands (rate limits,
 * publishing) and one subscriber, both closed with the app.
 *
 * Redis is a helper here, never a dependency of being up: the instance starts without it (it connects
 * in the background and keeps retrying), and every user of it has a per-instance fallback while it is
 * away — rate limits count in process (lib/rate-store.ts), the lottery rooms deliver in process, and
 * cached sessions are not trusted (a revocation published meanwhile may have been missed), so each
 * request reads its session from the database: degraded, but closed rather than open.
 */
export interface RedisLink {
  client: Redis;
  subscriber: Redis;
  /** Both connections are up and every channel is subscribed. */
  healthy(): boolean;
  /**
   * Changes each time the subscription (re)starts; null while it is down. Anything learnt while
   * trusting the pub/sub channel is valid only under the epoch it was learnt in.
   */
  epoch(): number | null;
  /**
   * Resolves when the link is healthy, or has failed once, or after `timeoutMs`: a start waits this
   * long so a healthy deployment begins with shared limits, and never longer.
   */
  settled(timeoutMs: number): Promise<void>;
  /** Subscribes now and after every reconnect; messages of `channel` go to `onMessage`. */
  subscribe(channel: string, onMessage: (text: string) => void): void;
  close(): Promise<void>;
}

/** Global across the instances of one process (tests run several), so two links never share an epoch. */
let lastEpoch = 0;

export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  // No await anywhere here: an unreachable Redis must not stop the instance from starting.
  const { Redis: RedisClient } = requireIoredis();
  const options = {
    connectTimeout: 2000,
    // Commands fail at once while disconnected (callers fall back) instead of queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
    autoResubscribe: false,
  };
  const client = new RedisClient(url, options);
  const subscriber = new RedisClient(url, options);
  const handlers = new Map<string, (text: string) => void>();
  let epoch: number | null = null;
  let down = false;
  let closed = false;
  const settledWaiters = new Set<() => void>();
  const settle = () => {
    for (const resolve of settledWaiters) resolve();
    settledWaiters.clear();
  };

  function reportDown(err: unknown): void {
    epoch = null;
    settle();
    if (down || closed) return;
    down = true;
    // Said once per outage, loudly: limits are per instance until Redis is back.
    log.error({ err }, 'redis unreachable: rate limits per instance, lottery rooms in process, sessions read from the database; reconnecting');
  }
  for (const c of [client, subscriber]) {
    c.on('error', (err) => reportDown(err));
    c.on('close', () => reportDown(null));
  }
  async function resubscribe(): Promise<void> {
    try {
      if (handlers.size > 0) await subscriber.subscribe(...handlers.keys());
      if (subscriber.status !== 'ready' || client.status !== 'ready') return;
      epoch = ++lastEpoch;
      if (down) log.warn('redis is back: shared rate limits, fan-out and revocations resumed');
      down = false;
      settle();
    } catch (err) {
      reportDown(err);
    }
  }
  subscriber.on('ready', () => void resubscribe());
  client.on('ready', () => void resubscribe());
  subscriber.on('message', (channel: string, text: string) => handlers.get(channel)?.(text));

  return {
    client,
    subscriber,
    healthy: () => epoch !== null && client.status === 'ready' && subscriber.status === 'ready',
    epoch: () => (client.status === 'ready' && subscriber.status === 'ready' ? epoch : null),
    settled(timeoutMs) {
      if (epoch !== null || down) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          settledWaiters.delete(done);
          resolve();
        }
        settledWaiters.add(done);
      });
    },
    subscribe(channel, onMessage) {
      handlers.set(channel, onMessage);
      if (subscriber.status === 'ready') void resubscribe();
    },
    async close() {
      closed = true;
      epoch = null;
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}

// ioredis is loaded only when REDIS_URL is set; createRequire keeps connectRedis synchronous.
const require = createRequire(import.meta.url);
function requireIoredis(): typeof import('ioredis') {
  return require('ioredis') as typeof import('ioredis');
}
