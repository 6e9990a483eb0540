import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Envelope } from '@app/contract';
import type { MemberAccess, MemberHttpRoute, MemberRoute } from './member-route.js';
import { perMemberPerMinute, perMinute } from './rate.js';
import { parse } from './validate.js';

/** One domain's member routes, registered together in a scope of their own, as one plugin. */
export interface MemberModule {
  routes: readonly MemberRoute[];
  /** what the module's routes need in their scope (a content-type parser, a hook), done before they are registered */
  setup?: (app: FastifyInstance) => Promise<void> | void;
}

/**
 * The member API, mounted at /api: every route of the table (modules/index.ts), each module in its
 * own encapsulated scope as when each was its own plugin. A route gets the same Fastify options a
 * hand-written one had: the session preHandlers of its access level (requireMember, then
 * refuseTrial), its rate limit's config (a per-member limit counts after them), maintenanceExempt.
 * Then the handler: params, query, body through the declared schemas (unless the handler parses
 * itself), the optional member when signing in is optional, and the route's own handler. A route
 * without schemas (the balance poll) calls its handler directly: nothing is added to its request.
 */
export default async function memberApi(app: FastifyInstance, { modules }: { modules: readonly MemberModule[] }): Promise<void> {
  for (const m of modules) {
    await app.register(async (scope) => {
      await m.setup?.(scope);
      for (const r of m.routes) register(scope, r);
    });
  }
}

function register(app: FastifyInstance, r: MemberRoute): void {
  const config = configOf(app, r);
  if (r.answer === 'websocket') {
    app.get(r.path, { websocket: true, ...(config ? { config } : {}) }, r.socket(app));
    return;
  }
  const preHandler = sessionChecks(app, r.access);
  app.route({ method: r.method, url: r.path, ...(preHandler ? { preHandler } : {}), ...(config ? { config } : {}), handler: handlerOf(app, r) });
}

function configOf(app: FastifyInstance, r: MemberRoute): FastifyContextConfig | undefined {
  const limit = r.answer !== 'websocket' ? r.rateLimit : undefined;
  if (!limit && !r.maintenanceExempt) return undefined;
  const max = limit ? app.config.rateLimits[limit.setting] : 0;
  return {
    ...(r.maintenanceExempt ? { maintenanceExempt: true } : {}),
    ...(limit ? (limit.per === 'ip' ? perMinute(max) : perMemberPerMinute(max)) : {}),
  };
}

function sessionChecks(app: FastifyInstance, access: MemberAccess): preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] | undefined {
  if (access === 'member') return app.requireMember;
  if (access === 'member-not-trial') return [app.requireMember, app.refuseTrial];
  return undefined;
}

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<Envelope | FastifyReply>;

function handlerOf(app: FastifyInstance, r: MemberHttpRoute): Handler {
  const own = r.parse === 'handler';
  const params = own ? undefined : r.params;
  const query = own ? undefined : r.query;
  const body = own ? undefined : r.body;
  // The session preHandler set req.member or answered 401; on a public route it is null.
  if (!params && !query && !body && r.access !== 'member-optional') {
    return (req, reply) => r.handler({ app, req, reply, member: req.member, body: undefined, query: undefined, params: undefined });
  }
  return async (req, reply) => {
    const parsedParams = params ? parse(params, req.params) : undefined;
    const parsedQuery = query ? parse(query, req.query) : undefined;
    const parsedBody = body ? parse(body, req.body) : undefined;
    const member = r.access === 'member-optional' ? await app.findMember(req) : req.member;
    return r.handler({ app, req, reply, member, body: parsedBody, query: parsedQuery, params: parsedParams });
  };
}
