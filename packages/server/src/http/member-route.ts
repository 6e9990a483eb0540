import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebsocketHandler } from '@fastify/websocket';
import type { z } from 'zod';
import type { Envelope } from '@app/contract';
import type { Config } from '../config.js';
import type { SessionMember } from '../context.js';

/**
 * One member-API route, declared once: http/member-api.ts registers it under /api from this
 * declaration and http/member-openapi.ts describes it from the same one (GET /api/openapi.json),
 * as the back office does with admin/route.ts.
 */

/**
 * Who may call a route, checked before its handler runs:
 * - 'public': anyone; no session is read.
 * - 'member-optional': anyone; a valid member session, when one is sent, is read and handed to the
 *   handler (a visitor gets null, never a refusal), for answers that differ for the signed-in member.
 * - 'member': a valid member session, else 401 请先登录 or 登录已过期.
 * - 'member-not-trial': as 'member', then 403 试玩账号不支持此操作 for the trial account.
 */
export type MemberAccess = 'public' | 'member-optional' | 'member' | 'member-not-trial';

/** The member a handler receives: present exactly when its access level requires a session. */
export type MemberOf<A extends MemberAccess> = A extends 'member' | 'member-not-trial' ? SessionMember : A extends 'member-optional' ? SessionMember | null : null;

export interface MemberContext<A extends MemberAccess, B, Q, P> {
  /** the module's own scope (its plugin-level registrations, e.g. multipart, are there) */
  app: FastifyInstance;
  req: FastifyRequest;
  /** for the answers that are not an envelope (a cached answer's ETag and 304, a file, an image) */
  reply: FastifyReply;
  member: MemberOf<A>;
  body: B;
  query: Q;
  params: P;
}

/**
 * A per-minute limit from config.rateLimits (0 switches it off): counted per IP before anything else
 * (guessing passwords, registering), or per member after the session check (http/rate.ts).
 */
export interface MemberRateLimit {
  per: 'ip' | 'member';
  setting: keyof Config['rateLimits'];
}

/**
 * What a route answers on success, for the document (a refusal is always the envelope):
 * - 'envelope' (the default): {code, message, data}.
 * - 'cached': public content kept per instance (http/public-cache.ts): the envelope with an ETag, or
 *   304 without a body when If-None-Match already holds it; the handler answers app.publicCache.reply(...).
 * - {media, description}: something else (an image, a file, a redirect) sent through ctx.reply.
 */
export type MemberAnswer = 'envelope' | 'cached' | { media: string; description: string };

interface Declared {
  /** below /api, with :name parameters */
  path: string;
  /** the document's group (Chinese, as on the back office's) */
  tag: string;
  /** what it does, in Chinese */
  summary: string;
  access: MemberAccess;
  query?: z.ZodType;
  params?: z.ZodType;
  /** answers even in maintenance (site_state 0), when other member routes answer 503 */
  maintenanceExempt?: true;
}

export interface MemberHttpRoute extends Declared {
  method: 'GET' | 'POST';
  body?: z.ZodType;
  /**
   * 'handler': the handler parses the request itself with the declared schemas, because it checks or
   * reshapes something first (the order of refusals is part of the contract); the schemas are then
   * declared for the document only, and the context's body, query and params are undefined.
   */
  parse?: 'handler';
  /** a multipart/form-data upload of one file in this field, read by the handler (ctx.req.file()) */
  upload?: { field: string };
  rateLimit?: MemberRateLimit;
  answer?: MemberAnswer;
  handler(ctx: MemberContext<any, any, any, any>): Promise<Envelope | FastifyReply>;
}

/**
 * A WebSocket under /api. Its upgrade is open to anyone: the socket admits or refuses its caller
 * itself (a token in the query), and says why in a frame before closing.
 */
export interface MemberSocketRoute extends Declared {
  method: 'GET';
  access: 'public';
  answer: 'websocket';
  /** called once, when the route is registered: sets up what the sockets share, returns the handler */
  socket(app: FastifyInstance): WebsocketHandler;
}

export type MemberRoute = MemberHttpRoute | MemberSocketRoute;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Parsed<S, H> = H extends 'handler' ? undefined : Out<S>;
/** Only a route declaring another answer may answer something else than the envelope. */
type Answer<K> = K extends 'cached' | { media: string } ? Envelope | FastifyReply : Envelope;

/** Declares a route with its handler typed from its access level and schemas. */
export function memberRoute<
  A extends MemberAccess,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  H extends 'handler' | undefined = undefined,
  K extends MemberAnswer | undefined = undefined,
>(
  def: Omit<MemberHttpRoute, 'access' | 'body' | 'query' | 'params' | 'parse' | 'answer' | 'handler'> & {
    access: A;
    body?: B;
    query?: Q;
    params?: P;
    parse?: H;
    answer?: K;
    handler(ctx: MemberContext<A, Parsed<B, H>, Parsed<Q, H>, Parsed<P, H>>): Promise<Answer<K>>;
  },
): MemberHttpRoute {
  return def as MemberHttpRoute;
}

/** Declares a WebSocket route. */
export function memberSocket(def: Omit<MemberSocketRoute, 'method' | 'access' | 'answer'>): MemberSocketRoute {
  return { ...def, method: 'GET', access: 'public', answer: 'websocket' };
}
