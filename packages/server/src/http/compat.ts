import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { CODE } from '@app/contract';

/**
 * Compatibility with existing clients of this API family (README "Serving an existing
 * client of this API family"): what such clients send beside the spec's spellings, and the one HTTP
 * status they can read. Aliases live here, in one table, and lead to the spec's own handlers.
 */

const MEMBER_API = '/api';

/** The path of a URL as the router decodes it (a malformed escape leaves it as sent), without the query. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** True for the member API (/api and below, however its letters or escapes are spelled). */
export function isMemberApiUrl(url: string): boolean {
  const path = decodedPath(url).toLowerCase();
  return path === MEMBER_API || path.startsWith(`${MEMBER_API}/`);
}

/**
 * The HTTP status of an answer: clients of this API family read only the body, and any other status
 * than 200 leaves their loading overlay up, so every member-API answer is 200 and says what happened
 * in its envelope's code (DESIGN §3). /healthz, static files and the other APIs keep `status`.
 */
export function httpStatusFor(url: string, status: number): number {
  return isMemberApiUrl(url) ? CODE.ok : status;
}

// ---- paths: /api/* in any letter case --------------------------------------------------------

/**
 * The member API's routes by their lower-case path, so `/api/noticelist` and `/API/NoticeList` reach
 * `/api/noticeList`. Learned as routes are registered; rewriteUrl (Fastify's hook before routing)
 * then sends a differently-cased path to its route, so the route's hooks, limits and maintenance
 * apply as to the spec's spelling. Only plain /api paths: escapes are left to the router, and the
 * back-office, the SPA and static files stay case-sensitive.
 */
export class MemberPaths {
  private readonly byLowerCase = new Map<string, string>();

  learn(url: string): void {
    if (!url.startsWith(`${MEMBER_API}/`) || /[:*]/.test(url)) return;
    const key = url.toLowerCase();
    const known = this.byLowerCase.get(key);
    if (known !== undefined && known !== url) throw new Error(`member API paths ${known} and ${url} differ only in letter case`);
    this.byLowerCase.set(key, url);
  }

  /** The URL with its path spelled as the route is, when it names a member-API route in other letters. */
  rewrite(url: string): string {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path.length < 5 || path.includes('%') || path.slice(0, 5).toLowerCase() !== `${MEMBER_API}/`) return url;
    const route = this.byLowerCase.get(path.toLowerCase());
    return route === undefined || route === path ? url : route + (q < 0 ? '' : url.slice(q));
  }
}

// ---- fields: what such clients send or read beside the spec's names --------------------------

type Body = Record<string, unknown>;

interface FieldAliases {
  /** the request body as the handler should read it */
  request?: (body: Body) => Body;
  /** the answer's data as such clients read it */
  answer?: (data: unknown) => unknown;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The one table of field aliases, by route. Each fills in the spec's field only where the client left
 * it out, so a client that sends the spec's spelling is read exactly as before.
 */
export const FIELD_ALIASES: Readonly<Record<string, FieldAliases>> = {
  // Banners: `pic` beside the spec's `src`.
  '/api/bannerList': {
    answer: (data) => (Array.isArray(data) ? data.map((b: Body) => ({ ...b, pic: b.src })) : data),
  },
  // A provider's games asked by `platform_name` (the game entry's field) instead of `gamecode`.
  '/api/gamelistBycode': {
    request: (body) => (isBlank(body.gamecode) && typeof body.platform_name === 'string' ? { ...body, gamecode: body.platform_name } : body),
  },
  // The game code sent in `game_type` (whose own values are numbers, 0 by default) when `game_code` is empty.
  '/api/getGameUrl': {
    request: (body) => (isBlank(body.game_code) && typeof body.game_type === 'string' && !/^\s*\d*\s*$/.test(body.game_type) ? { ...body, game_code: body.game_type } : body),
  },
};

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Wires both: every member-API route registered after this plugin is learned by `paths`, and the
 * routes of FIELD_ALIASES get their request alias before validation and their answer alias before
 * serialisation (on success only: a refusal's data is the server's own).
 */
export default fp<{ paths: MemberPaths }>(async (app, { paths }) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    paths.learn(route.url);
    const aliases = FIELD_ALIASES[route.url];
    if (!aliases) return;
    if (aliases.request) {
      const request = aliases.request;
      route.preValidation = [
        ...asArray(route.preValidation),
        async (req: FastifyRequest) => {
          if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) req.body = request(req.body as Body);
        },
      ] as RouteOptions['preValidation'];
    }
    if (aliases.answer) {
      const answer = aliases.answer;
      route.preSerialization = [
        ...asArray(route.preSerialization),
        async (_req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
          const env = payload as { code?: number; data?: unknown } | null;
          return env && env.code === CODE.ok ? { ...env, data: answer(env.data) } : payload;
        },
      ] as RouteOptions['preSerialization'];
    }
  });
});
