import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fanOutChannel, publishedOrLate } from '../lib/fanout.js';
import type { RedisLink } from '../lib/redis.js';
import type { Envelope } from '@app/contract';

/**
 * Public content (app info, banners, notices, articles, activities, the game list) kept per instance
 * until staff change it: every member app reads it on every visit, and it changes a few
 * times a day. A change anywhere (a back-office write to content, site settings, games or venues, see
 * admin/index.ts) empties the cache of every instance through Redis; an answer kept while Redis was
 * away is not trusted once it is back (its epoch), and none is kept longer than PUBLIC_CACHE_MS.
 *
 * Answers carry an ETag; a request sending it back in If-None-Match gets 304 with no body (browsers do
 * so for GET /api/game/list by themselves; a client may for the POSTs).
 */
export const PUBLIC_CACHE_MS = 60_000;
/** Distinct answers kept (pages of lists included); past it the cache starts over. */
const PUBLIC_CACHE_MAX = 2_000;

interface Kept {
  /** sent as any answer is (serialised per request, so the routes' answer hooks still apply) */
  answer: Envelope;
  etag: string;
  atMs: number;
  epoch: number;
}

export interface PublicCache {
  /**
   * The answer of `key` (the route and its validated input), from the cache or from `load`, sent with
   * its ETag (304 when the request already holds it).
   */
  reply(req: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<Envelope>): Promise<Envelope | FastifyReply>;
  /** Staff changed public content: every instance drops what it keeps (resolves once Redis has taken the news). */
  changed(): Promise<void>;
  /** Runs `forget` on this instance whenever public content changed, here or on another instance. */
  onChanged(forget: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
}

export default fp<{ redis: RedisLink | null }>(async (app, { redis }) => {
  const kept = new Map<string, Kept>();
  const epoch = redis ? () => redis.epoch() : () => 0;
  const forgetters: (() => void)[] = [() => kept.clear()];
  const forget = () => {
    for (const f of forgetters) f();
  };
  const publish = fanOutChannel(app, redis, `${app.config.redisPrefix}public:changed`, forget, 'public content cache');

  app.decorate<PublicCache>('publicCache', {
    async reply(req, reply, key, load) {
      const nowMs = Date.now();
      let hit = kept.get(key);
      const now = epoch();
      if (!hit || hit.epoch !== now || nowMs - hit.atMs >= PUBLIC_CACHE_MS) {
        const answer = await load();
        const etag = `W/"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url').slice(0, 20)}"`;
        if (now === null) {
          reply.header('etag', etag).header('cache-control', 'no-cache');
          return answer;
        }
        hit = { answer, etag, atMs: nowMs, epoch: now };
        if (kept.size >= PUBLIC_CACHE_MAX) kept.clear();
        kept.set(key, hit);
      }
      reply.header('etag', hit.etag).header('cache-control', 'no-cache');
      if (req.headers['if-none-match'] === hit.etag) return reply.code(304).send();
      return hit.answer;
    },
    async changed() {
      forget();
      // Answered once Redis has taken it, so a member's next request to another instance finds that
      // instance's copy gone too.
      await publishedOrLate(publish('changed'));
    },
    onChanged(f) {
      forgetters.push(f);
    },
  });
});
