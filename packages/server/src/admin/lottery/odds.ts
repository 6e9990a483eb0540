import { ADMIN_MSG } from '@app/contract';
import { lotteryCodeParams, oddsSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { listLotteryOdds, updateLotteryOdds } from '../../modules/lottery/odds.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

/** The lotteries and their odds (modules/lottery/odds.ts), editable within the RTP range. */
export const lotteryOddsRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/lotteries',
    tag: '彩票管理',
    summary: '彩种列表：周期、封盘秒数、是否开放，每个玩法的分组、赔率与理论返还率（rtp，0–1），及其房间',
    access: 'lottery.read',
    handler: async ({ app }) => ok(await listLotteryOdds(app.kdb, app.lottery.now())),
  }),
  route({
    method: 'POST',
    path: '/lotteries/:code/odds',
    tag: '彩票管理',
    summary:
      '修改赔率：odds 为 玩法ID → 赔率（含本金，大于1，最多两位小数），可只传要改的玩法；合并后每个玩法的理论返还率须在90%至99%之间，否则不作任何修改。已下的注单按下注时的赔率结算',
    access: 'lottery.odds',
    params: lotteryCodeParams,
    body: oddsSchema,
    audits: ['lottery.odds'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateLotteryOdds(app.kdb, actorOf(req, staff), params.code, body.odds), ADMIN_MSG.saved),
  }),
];
