import fp from 'fastify-plugin';
import { CODE } from '@app/contract';
import { envelope } from '../http/envelope.js';
import { getSettings } from '../modules/site/service.js';

/** With site_state 0, member endpoints answer 503 with repair_tips; /api/app keeps working. */
export default fp(async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config?.maintenanceExempt) return;
    const { app: info } = await getSettings(app.kdb);
    if (info.site_state === 0) return reply.status(503).send(envelope(CODE.maintenance, info.repair_tips));
  });
});
