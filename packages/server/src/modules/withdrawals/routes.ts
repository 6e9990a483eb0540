import { MSG, type WithdrawResult } from '@app/contract';
import { withdrawSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { requestWithdrawal } from './service.js';

/** POST /api/withdraw (spec §5, §7; DESIGN §5): the amount is held until staff pay or refund it. */
export const withdrawalRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/withdraw',
    tag: '取款',
    summary: '申请取款：金额冻结至员工出款或退回（需支付密码，流水须已完成）',
    access: 'member-not-trial',
    body: withdrawSchema,
    rateLimit: { per: 'member', setting: 'withdraw' },
    handler: async ({ app, member, body }) => {
      const { withdrawNo } = await requestWithdrawal(app.kdb, member.id, body, { pendingMax: app.config.withdrawPendingMax });
      const data: WithdrawResult = { withdraw_no: withdrawNo };
      return ok(data, MSG.withdrawSubmitted);
    },
  }),
];
