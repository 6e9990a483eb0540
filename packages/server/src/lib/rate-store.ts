import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RedisLink } from './redis.js';

/**
 * The store of @fastify/rate-limit when REDIS_URL is set: the library's own Redis store while Redis
 * is healthy (limits shared by every instance), its own in-process store while it is not (limits per
 * instance), so login, registration and the captcha keep answering through an outage instead of 500.
 * A Redis command that fails mid-request is counted in process too.
 */
type Counted = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Counted) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindowMs: number, max: number): void;
  read(key: string, cb: Callback, timeWindowMs: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The library's two stores are not exported from its entry point; they are its public files.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;

export function fallbackRateStore(link: RedisLink, nameSpace: string): FastifyRateLimitStoreCtor {
  class FallbackStore implements Store {
    constructor(
      // the plugin's resolved options, which carry these two flags
      params: (FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) | null,
      private readonly remote: Store = new RedisStore(!!params?.continueExceeding, !!params?.exponentialBackoff, link.client, nameSpace),
      private readonly local: Store = new LocalStore(!!params?.continueExceeding, !!params?.exponentialBackoff),
    ) {}

    private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindowMs: number, max: number): void {
      if (!link.healthy()) return this.local[method](key, cb, timeWindowMs, max);
      this.remote[method](key, (err, res) => (err ? this.local[method](key, cb, timeWindowMs, max) : cb(null, res)), timeWindowMs, max);
    }
    incr(key: string, cb: Callback, timeWindowMs: number, max: number): void {
      this.use('incr', key, cb, timeWindowMs, max);
    }
    read(key: string, cb: Callback, timeWindowMs: number, max: number): void {
      this.use('read', key, cb, timeWindowMs, max);
    }
    child(routeOptions: unknown): Store {
      return new FallbackStore(null, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return FallbackStore;
}
