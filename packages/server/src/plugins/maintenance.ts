import fp from 'fastify-plugin';
import { CODE } from '@app/contract';
import { envelope } from '../http/envelope.js';
import { getSettings } from '../modules/site/service.js';

/**
 * With site_state 0, member endpoints answer code 503 with repair_tips (over HTTP 200, as every
 * member-API answer: http/compat.ts); /api/app keeps working. The decision reads the route Fastify
 * matched (its URL pattern), never the raw URL: the router decodes `/%61pi/withdraw` into
 * /api/withdraw, so a check on req.url would let that through.
 */
export default fp(async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    const routed = req.routeOptions.url;
    if (!routed?.startsWith('/api/') || req.routeOptions.config?.maintenanceExempt) return;
    const { app: info } = await getSettings(app.kdb);
    if (info.site_state === 0) return reply.send(envelope(CODE.maintenance, info.repair_tips));
  });
});
