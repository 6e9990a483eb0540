import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { isMemberApiUrl } from './compat.js';

/** How long a browser may keep a preflight's answer before asking again. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * CORS for the member API, off unless the operator lists origins (CORS_ORIGINS): a client served from
 * its own host may then call /api/* from exactly those origins. The allowed origin is echoed, never a
 * wildcard, with Vary: Origin, so credentials (cookies, if a client sends them) are only ever allowed
 * for a listed origin; the bearer token needs none. A preflight (OPTIONS) from a listed origin is
 * answered at once, 200 with no body, like every member-API answer (http/compat.ts); from any other
 * origin it is the member API's unknown-path envelope, and the browser refuses the call. The
 * back-office, the agent portal, the demo venue and the lottery socket allow no other origin.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    delegator: (req: FastifyRequest, done: (err: Error | null, options: FastifyCorsOptions) => void) => {
      const origin = req.headers.origin;
      const listed = typeof origin === 'string' && allowed.has(origin) && isMemberApiUrl(req.url);
      done(null, {
        origin: listed ? origin : false,
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        maxAge: PREFLIGHT_MAX_AGE_S,
        optionsSuccessStatus: 200,
        strictPreflight: false,
      });
    },
  });
}
