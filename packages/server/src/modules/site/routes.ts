import type { FastifyPluginAsync } from 'fastify';
import { MSG, CODE, isBuiltInService } from '@app/contract';
import { ok, envelope } from '../../http/envelope.js';
import { appInfoOf, getSettings } from './service.js';

const routes: FastifyPluginAsync = async (app) => {
  // The app info is what the H5 app reads first, so it answers even in maintenance.
  app.post('/app', { config: { maintenanceExempt: true } }, async () => ok(appInfoOf(await getSettings(app.kdb))));
  // An external service page to frame; '' for the built-in live chat (/kefu, modules/service-chat).
  app.post('/getservicerurl', async () => {
    const { serviceUrl } = await getSettings(app.kdb);
    return ok({ url: isBuiltInService(serviceUrl) ? '' : serviceUrl });
  });
  app.get('/getVisitUrl', async () => {
    const { visitUrl } = await getSettings(app.kdb);
    return visitUrl ? ok({ url: visitUrl }) : envelope(CODE.internal, MSG.visitLocal, { url: '' });
  });
};
export default routes;
