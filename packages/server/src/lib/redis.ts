import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connections of one instance, when REDIS_URL is set: one for commands (rate limits,
 * publishing) and one subscriber, both closed with the app.
 */
export interface RedisPair {
  client: Redis;
  subscriber: Redis;
}

export async function connectRedis(app: FastifyInstance, url: string): Promise<RedisPair> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  const subscriber = client.duplicate();
  // A lost connection is retried by ioredis; say so in the log instead of crashing the process.
  for (const c of [client, subscriber]) c.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
  app.addHook('onClose', async () => {
    await Promise.allSettled([client.quit(), subscriber.quit()]);
  });
  return { client, subscriber };
}
