import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/**
 * Route config for a per-member, per-minute limit (@fastify/rate-limit, registered with global:false):
 * counted after the route's own preHandlers, so the session is known and one member's sessions (and,
 * with Redis, instances) share one count. 0 or less switches it off. A 429 becomes the 操作过于频繁
 * envelope in plugins/errors.ts.
 */
export function perMemberPerMinute(max: number): FastifyContextConfig {
  if (max <= 0) return { rateLimit: false };
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler',
      // requireMember ran first; the IP only if a route ever used this without it
      keyGenerator: (req: FastifyRequest) => (req.member ? `member:${req.member.id}` : `ip:${req.ip}`),
    },
  };
}
