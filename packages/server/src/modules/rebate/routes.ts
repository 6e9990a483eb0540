import type { FastifyPluginAsync } from 'fastify';
import { fenToYuan, REBATE_MSG, type FanshuiClaim } from '@app/contract';
import { getFanshuiSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assertMayPlay } from '../protection/enforce.js';
import { claimRebate, fanshuiList, type FanshuiQuery } from './service.js';

/** 返水中心 (spec §2 /fanshui, §7 getfanshui, dofanshui). Claiming moves money: the trial account is refused. */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/getfanshui', { preHandler: app.requireMember }, async (req) => {
    const query = parse(getFanshuiSchema, req.body) as FanshuiQuery;
    return ok(await fanshuiList(app.kdb, req.member!.id, query));
  });

  app.post('/dofanshui', { preHandler: [app.requireMember, app.refuseTrial] }, async (req) => {
    const m = req.member!;
    // 福利中心's claim is money into play too: player protection refuses it under a block or past a limit (issue 16).
    await assertMayPlay(app.kdb, { id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash }, 'welfare');
    const { amountFen } = await claimRebate(app.kdb, m.id);
    const data: FanshuiClaim = { money: fenToYuan(amountFen) };
    return ok(data, REBATE_MSG.claimed);
  });
};
export default routes;
