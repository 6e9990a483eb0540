import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers (helmet's defaults plus our CSP) on every response. Helmet computes the same
 * headers for every request, so they are computed once at start and only copied per response:
 * the balance poll is the hottest route of the platform.
 */
const options: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
    },
  },
  crossOriginEmbedderPolicy: false,
};

export function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, () => {});
  return headers;
}

export default fp(async (app) => {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
});
