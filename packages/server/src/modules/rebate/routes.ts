import { fenToYuan, REBATE_MSG, type FanshuiClaim } from '@app/contract';
import { getFanshuiSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { assertMayPlay } from '../protection/enforce.js';
import { claimRebate, fanshuiList, type FanshuiQuery } from './service.js';

const TAG = '返水';

/** 返水中心 (spec §2 /fanshui, §7 getfanshui, dofanshui). Claiming moves money: the trial account is refused. */
export const rebateRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/getfanshui',
    tag: TAG,
    summary: '返水记录与合计：已领取（jisuan）、待领取（nojisuan），分页',
    access: 'member',
    body: getFanshuiSchema,
    handler: async ({ app, member, body }) => ok(await fanshuiList(app.kdb, member.id, body as FanshuiQuery)),
  }),
  memberRoute({
    method: 'POST',
    path: '/dofanshui',
    tag: TAG,
    summary: '领取全部待领返水（进入中心钱包，需完成一倍流水）',
    access: 'member-not-trial',
    handler: async ({ app, member }) => {
      // 福利中心's claim is money into play too: player protection refuses it under a block or past a limit.
      await assertMayPlay(app.kdb, { id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash }, 'welfare');
      const { amountFen } = await claimRebate(app.kdb, member.id);
      const data: FanshuiClaim = { money: fenToYuan(amountFen) };
      return ok(data, REBATE_MSG.claimed);
    },
  }),
];
