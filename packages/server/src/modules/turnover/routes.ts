import { fenToYuan, type BetAmount, type TurnoverSources } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { remainingTurnoverFen, turnoverSources } from './service.js';

const TAG = '流水';

/** The turnover requirement shown on /withdrawal (DESIGN §5): its total, and where it comes from. */
export const turnoverRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/getBetAmount',
    tag: TAG,
    summary: '提现前尚需完成的流水（bet_amount）',
    access: 'member',
    handler: async ({ app, member }) => {
      const data: BetAmount = { bet_amount: fenToYuan(await remainingTurnoverFen(app.kdb, member.id)) };
      return ok(data);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/turnoverSources',
    tag: TAG,
    summary: '尚需流水的来源（存款、活动、返水等各笔要求）',
    access: 'member',
    handler: async ({ app, member }) => ok<TurnoverSources>(await turnoverSources(app.kdb, member.id)),
  }),
];
