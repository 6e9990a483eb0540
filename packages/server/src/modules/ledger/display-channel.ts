import type { FastifyInstance } from 'fastify';
import { fanOutChannel } from '../../lib/fanout.js';
import type { RedisLink } from '../../lib/redis.js';
import { balancesMovedElsewhere, onBalancesMoved } from './display.js';

/**
 * With Redis, the members whose wallets this instance's postings moved go to every other instance, so
 * none of them keeps showing an old balance (display.ts). One message per turn of the event loop: a
 * busy evening's stakes and a round's payouts do not cost a publish each.
 */
export function linkDisplayBalances(app: FastifyInstance, redis: RedisLink | null): void {
  if (!redis) return;
  const heard = (text: string) => {
    let ids: unknown;
    try {
      ids = JSON.parse(text);
    } catch {
      ids = null;
    }
    if (Array.isArray(ids) && ids.every(Number.isSafeInteger)) balancesMovedElsewhere(ids as number[]);
    else app.log.warn({ text: text.slice(0, 200) }, 'unreadable balance-moved message');
  };
  const publish = fanOutChannel(app, redis, `${app.config.redisPrefix}balances:moved`, heard, 'balance display');
  let pending: Set<number> | null = null;
  const off = onBalancesMoved((memberIds) => {
    if (!pending) {
      pending = new Set();
      setImmediate(() => {
        const ids = [...pending!];
        pending = null;
        publish(JSON.stringify(ids));
      });
    }
    for (const id of memberIds) pending.add(id);
  });
  app.addHook('onClose', async () => off());
}
