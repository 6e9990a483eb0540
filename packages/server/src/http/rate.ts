import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/**
 * Route configs for the per-minute limits (@fastify/rate-limit, registered with global:false). 0 or
 * less switches a limit off. A 429 becomes the 操作过于频繁 envelope in plugins/errors.ts.
 */

/** Per IP, counted before the route's own checks (logins, registrations, captchas). */
export function perMinute(max: number): FastifyContextConfig {
  return { rateLimit: max > 0 ? { max, timeWindow: '1 minute' } : false };
}

/**
 * Per member: counted after the route's own preHandlers, so the session is known and one member's
 * sessions (and, with Redis, instances) share one count.
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
