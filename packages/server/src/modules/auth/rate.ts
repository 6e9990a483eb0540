import type { FastifyContextConfig } from 'fastify';

/**
 * Route config for a per-IP, per-minute limit (@fastify/rate-limit, registered with global:false).
 * 0 or less switches the limit off. A 429 becomes the 操作过于频繁 envelope in plugins/errors.ts.
 */
export function perMinute(max: number): FastifyContextConfig {
  return { rateLimit: max > 0 ? { max, timeWindow: '1 minute' } : false };
}
