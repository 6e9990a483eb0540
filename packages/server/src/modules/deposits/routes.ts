import type { FastifyPluginAsync } from 'fastify';
import { MSG, type RechargeResult } from '@app/contract';
import { payInfoSchema, rechargeSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { createDeposit, payInfo } from './service.js';

/** Deposits (spec §4, §5, §7 wallet): submit an order, then read where to pay it. */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };
  const memberNotTrial = { preHandler: [app.requireMember, app.refuseTrial] };

  app.post('/recharge', memberNotTrial, async (req) => {
    const input = parse(rechargeSchema, req.body);
    const { depositNo, method } = await createDeposit(app.kdb, req.member!.id, input);
    const data: RechargeResult = { deposit_no: depositNo };
    // The H5 opens /payInfo with the deposit_no it reads from the message (spec §4).
    return ok(data, method === 'bank' ? MSG.depositSubmitted : depositNo);
  });

  app.post('/payinfo', member, async (req) => {
    const { deposit_no } = parse(payInfoSchema, req.body);
    const { type, info } = await payInfo(app.kdb, req.member!.id, deposit_no);
    return ok(info, type);
  });
};
export default routes;
