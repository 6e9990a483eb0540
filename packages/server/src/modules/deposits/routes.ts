import { MSG, type RechargeResult } from '@app/contract';
import { payInfoSchema, rechargeSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { createDeposit, payInfo } from './service.js';

const TAG = '存款';

/** Deposits (spec §4, §5, §7 wallet): submit an order, then read where to pay it. */
export const depositRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/recharge',
    tag: TAG,
    summary: '提交存款订单，返回 deposit_no（银行转账等待审核；其余方式的 message 为订单号）',
    access: 'member-not-trial',
    body: rechargeSchema,
    handler: async ({ app, member, body }) => {
      const { depositNo, method } = await createDeposit(app.kdb, member.id, body);
      const data: RechargeResult = { deposit_no: depositNo };
      // The H5 opens /payInfo with the deposit_no it reads from the message (spec §4).
      return ok(data, method === 'bank' ? MSG.depositSubmitted : depositNo);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/payinfo',
    tag: TAG,
    summary: '一笔存款订单的付款信息（message 为支付类型）',
    access: 'member',
    body: payInfoSchema,
    handler: async ({ app, member, body }) => {
      const { type, info } = await payInfo(app.kdb, member.id, body.deposit_no);
      return ok(info, type);
    },
  }),
];
