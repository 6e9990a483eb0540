import type { FastifyPluginAsync } from 'fastify';
import type { VipTier } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { listTiers } from './tiers.js';

/** POST /api/uservip (spec §7): the ten tiers. Public, as /vip is (empty body). */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/uservip', async () => ok<VipTier[]>(await listTiers(app.kdb)));
};
export default routes;
