import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { FRAME_ALLOWED_HOSTS } from '@app/contract';
import { frameSourcesOf, frameSrcOf, getSettings, settingsNow } from '../modules/site/service.js';

/**
 * Security headers (helmet's defaults plus our CSP) on every response: the pages' policy below, and
 * a short one for API answers. Helmet computes the same headers for every request, so they are
 * computed once at start and only copied per response: the balance poll is the hottest route of the
 * platform.
 */
const options = (frameHosts: readonly string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      // Frames: our own pages (the demo venue's games at /venue/, help and sponsor pages) and the
      // hosts /iframepage may frame (the site setting frame_hosts, put in per request below; the
      // contract's list is its seed). Connections: our own API, and the lottery rooms' socket on this
      // very host (added per request below: CSP3 'self' covers ws: and wss: too, but Safari before
      // 16 does not read it so).
      frameSrc: frameSourcesOf(frameHosts).split(' '),
      connectSrc: ["'self'"],
      // Only for a request that came over HTTPS (added per request below): on plain HTTP it would
      // send the page's own requests to an https:// that is not there.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Likewise only over HTTPS: browsers ignore it on HTTP, and a proxy that ends TLS says so (x-forwarded-proto).
  strictTransportSecurity: false,
});

export function computeSecurityHeaders(frameHosts: readonly string[] = FRAME_ALLOWED_HOSTS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options(frameHosts))({} as never, res as never, () => {});
  return headers;
}

/**
 * API answers carry members' and staff's own data (balances, cards, orders, sessions): no browser,
 * proxy or CDN may keep a copy. Set on every answer of the four APIs, whatever the route, so a new
 * route cannot forget it; static files keep their own caching (http/spa.ts, @fastify/static).
 */
const API_PREFIXES = ['/api/', '/admin/api/', '/agent/api/', '/venue/api/'];
const isApi = (path: string) => API_PREFIXES.some((p) => path.startsWith(p));

/** A Host header we would write into the policy: a name or address and maybe a port, nothing else. */
const PLAIN_HOST_RE = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;
const CSP = 'content-security-policy';
/**
 * A JSON answer is no page: nothing may load from it and nobody may frame it. Its policy is this short
 * one instead of the pages' (about 370 bytes), which the balance poll would otherwise carry every 2.5 s.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const CONNECT_SELF = "connect-src 'self'";
/** Helmet's own values of the two HTTPS-only headers, for a request that came over HTTPS. */
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
const UPGRADE = ';upgrade-insecure-requests';
/** Over TLS here, or at a trusted proxy that says so (TRUST_PROXY=1 makes Fastify read x-forwarded-proto). */
const overHttps = (req: FastifyRequest) => req.protocol === 'https';
const FRAME_SELF = "frame-src 'self'";

export default fp(async (app) => {
  // The policy in three pieces around frame-src's sources and connect-src's extra sources, so each
  // response only joins strings: the frame sources come from the site settings' one-second cache
  // as it is (refreshed behind, settingsNow; read and awaited only before the first read), and
  // frameSrcOf makes their string once per settings object.
  const headers = computeSecurityHeaders([]);
  const [cspHead, afterFrame] = headers[CSP]!.split(FRAME_SELF) as [string, string];
  const [cspMid, cspTail] = afterFrame.split(CONNECT_SELF) as [string, string];
  const fallback = frameSourcesOf(FRAME_ALLOWED_HOSTS);
  const setPageHeaders = (req: FastifyRequest, reply: FastifyReply, frames: string) => {
    const https = overHttps(req);
    reply.headers(https ? httpsHeaders : headers);
    const host = req.headers.host;
    const connect = host && PLAIN_HOST_RE.test(host) ? `${CONNECT_SELF} ws://${host} wss://${host}` : CONNECT_SELF;
    reply.header(CSP, `${cspHead}frame-src ${frames}${cspMid}${connect}${cspTail}${https ? UPGRADE : ''}`);
  };
  const httpsHeaders = { ...headers, ...HSTS };
  const apiHeaders = { ...headers, [CSP]: API_CSP, 'cache-control': 'no-store' };
  const apiHttpsHeaders = { ...apiHeaders, ...HSTS };
  // A callback hook, not an async one: on every request but the first few the settings are at hand,
  // and the balance poll should not pay for a promise it does not need.
  app.addHook('onRequest', (req, reply, done) => {
    // The routed pattern when there is one (a percent-encoded path routes like the plain one).
    if (isApi(req.routeOptions.url ?? req.url)) {
      reply.headers(overHttps(req) ? apiHttpsHeaders : apiHeaders);
      return done();
    }
    const known = settingsNow(app.kdb);
    if (known) {
      setPageHeaders(req, reply, frameSrcOf(known));
      return done();
    }
    // never read yet and unreadable (database away): the seed's list, so pages still get a policy
    getSettings(app.kdb)
      .then(frameSrcOf, () => fallback)
      .then((frames) => {
        setPageHeaders(req, reply, frames);
        done();
      }, done);
  });
});
