import type { FastifyPluginAsync } from 'fastify';
import { MSG, type WithdrawResult } from '@app/contract';
import { withdrawSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { perMemberPerMinute } from '../../http/member-rate.js';
import { requestWithdrawal } from './service.js';

/** POST /api/withdraw (spec §5, §7; DESIGN §5): the amount is held until staff pay or refund it. */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/withdraw', { preHandler: [app.requireMember, app.refuseTrial], config: perMemberPerMinute(app.config.rateLimits.withdraw) }, async (req) => {
    const input = parse(withdrawSchema, req.body);
    const { withdrawNo } = await requestWithdrawal(app.kdb, req.member!.id, input, { pendingMax: app.config.withdrawPendingMax });
    const data: WithdrawResult = { withdraw_no: withdrawNo };
    return ok(data, MSG.withdrawSubmitted);
  });
};
export default routes;
