import type { FastifyPluginAsync } from 'fastify';
import { MSG, CODE } from '@app/contract';
import { ok, envelope } from '../../http/envelope.js';
import { getSettings } from './service.js';

const routes: FastifyPluginAsync = async (app) => {
  // The app info is what the H5 app reads first, so it answers even in maintenance.
  app.post('/app', { config: { maintenanceExempt: true } }, async () => ok((await getSettings(app.kdb)).app));
  app.post('/getservicerurl', async () => ok({ url: (await getSettings(app.kdb)).serviceUrl }));
  app.get('/getVisitUrl', async () => {
    const { visitUrl } = await getSettings(app.kdb);
    return visitUrl ? ok({ url: visitUrl }) : envelope(CODE.internal, MSG.visitLocal, { url: '' });
  });
};
export default routes;
