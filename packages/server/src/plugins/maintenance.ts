import fp from 'fastify-plugin';
import { CODE } from '@app/contract';
import { envelope } from '../http/envelope.js';
import { getSettings, settingsNow, type SiteSettings } from '../modules/site/service.js';

/**
 * With site_state 0, member endpoints answer code 503 with repair_tips (over HTTP 200, as every
 * member-API answer: http/compat.ts); /api/app keeps working. The decision reads the route Fastify
 * matched (its URL pattern), never the raw URL: the router decodes `/%61pi/withdraw` into
 * /api/withdraw, so a check on req.url would let that through.
 *
 * A callback hook: the settings are nearly always at hand (the one-second cache), so the balance
 * poll does not pay for a promise; before the first read it waits for it.
 */
export default fp(async (app) => {
  app.addHook('onRequest', (req, reply, done) => {
    const routed = req.routeOptions.url;
    if (!routed?.startsWith('/api/') || req.routeOptions.config?.maintenanceExempt) return done();
    const decide = ({ app: info }: SiteSettings) => {
      if (info.site_state === 0) reply.send(envelope(CODE.maintenance, info.repair_tips));
      else done();
    };
    const known = settingsNow(app.kdb);
    if (known) return decide(known);
    getSettings(app.kdb).then(decide, done);
  });
});
