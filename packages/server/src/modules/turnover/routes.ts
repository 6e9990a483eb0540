import type { FastifyPluginAsync } from 'fastify';
import { fenToYuan, type BetAmount, type TurnoverSources } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { remainingTurnoverFen, turnoverSources } from './service.js';

/** The turnover requirement shown on /withdrawal (DESIGN §5): its total, and where it comes from. */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/getBetAmount', { preHandler: app.requireMember }, async (req) => {
    const data: BetAmount = { bet_amount: fenToYuan(await remainingTurnoverFen(app.kdb, req.member!.id)) };
    return ok(data);
  });

  app.post('/turnoverSources', { preHandler: app.requireMember }, async (req) => ok<TurnoverSources>(await turnoverSources(app.kdb, req.member!.id)));
};
export default routes;
