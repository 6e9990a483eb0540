import type { FastifyPluginAsync } from 'fastify';
import { fenToYuan, type BetAmount } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { remainingTurnoverFen } from './service.js';

/** POST /api/getBetAmount: the remaining turnover requirement shown on /withdrawal (DESIGN §5). */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/getBetAmount', { preHandler: app.requireMember }, async (req) => {
    const data: BetAmount = { bet_amount: fenToYuan(await remainingTurnoverFen(app.kdb, req.member!.id)) };
    return ok(data);
  });
};
export default routes;
