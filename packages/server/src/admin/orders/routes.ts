import { ADMIN_MSG } from '@app/contract';
import { idParams, orderListQuery, reviewRejectSchema, withdrawalApproveSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { approveDeposit, rejectDeposit } from '../../modules/deposits/review.js';
import { approveWithdrawal, rejectWithdrawal } from '../../modules/withdrawals/review.js';
import { audited } from '../../modules/audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { withdrawalContext } from './context.js';
import { listDeposits, listWithdrawals, withReviewers } from './service.js';

/**
 * Deposit and withdrawal review (DESIGN §10 route names). A review that finds the order no longer
 * pending is 409 已处理 from the review module and writes nothing; a successful one is audited with
 * the order before and after, inside the review's own transaction: no review stands unaudited.
 */
export const orderRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/deposits',
    tag: '存款审核',
    summary: '存款订单列表（state 1 待审核 2 已通过 3 已拒绝，空为全部；keyword 会员名或订单号；无 members.cards 权限时付款卡号脱敏）',
    access: 'deposits.read',
    query: orderListQuery,
    handler: async ({ app, query }) => ok(await listDeposits(app.kdb, query)),
  }),
  route({
    method: 'POST',
    path: '/deposits/:id/approve',
    tag: '存款审核',
    summary: '通过存款：入账中心钱包并增加1倍打码量；重复审核为 409 已处理',
    access: 'deposits.review',
    params: idParams,
    audits: ['deposit.approve'],
    handler: async ({ app, req, staff, params }) => {
      const { after } = await approveDeposit(app.kdb, params.id, staff.id, audited(actorOf(req, staff), 'deposit.approve', `deposit:${params.id}`));
      const [row] = await withReviewers(app.kdb, [after]);
      return ok(row, ADMIN_MSG.reviewApproved);
    },
  }),
  route({
    method: 'POST',
    path: '/deposits/:id/reject',
    tag: '存款审核',
    summary: '拒绝存款（须填写原因），不动资金',
    access: 'deposits.review',
    params: idParams,
    body: reviewRejectSchema,
    audits: ['deposit.reject'],
    handler: async ({ app, req, staff, params, body }) => {
      const { after } = await rejectDeposit(app.kdb, params.id, staff.id, body.reason, audited(actorOf(req, staff), 'deposit.reject', `deposit:${params.id}`));
      const [row] = await withReviewers(app.kdb, [after]);
      return ok(row, ADMIN_MSG.reviewRejected);
    },
  }),
  route({
    method: 'GET',
    path: '/withdrawals',
    tag: '取款审核',
    summary: '取款订单列表（含收款卡快照与USDT明细；无 members.cards 权限时卡号脱敏）',
    access: 'withdrawals.read',
    query: orderListQuery,
    handler: async ({ app, query }) => ok(await listWithdrawals(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/withdrawals/:id/context',
    tag: '取款审核',
    summary: '取款审核参考：会员存取款合计与最近订单、近14天打码量（存款所加要求与有效投注）、近30天对冲占比（同一局押注相反两边的投注额 ÷ 总投注额，来自每日投注汇总）、与其共用银行卡号、USDT地址或登录IP的其他会员（无 members.cards 权限时卡号脱敏）',
    access: 'withdrawals.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await withdrawalContext(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/withdrawals/:id/approve',
    tag: '取款审核',
    summary: '通过取款（已出款）：在途资金转为已支付；USDT 取款须填 txid（交易哈希：64位十六进制，ERC20 可带 0x），记在订单上；重复审核为 409 已处理',
    access: 'withdrawals.review',
    params: idParams,
    body: withdrawalApproveSchema,
    audits: ['withdrawal.approve'],
    handler: async ({ app, req, staff, params, body }) => {
      const { after } = await approveWithdrawal(
        app.kdb,
        params.id,
        staff.id,
        audited(actorOf(req, staff), 'withdrawal.approve', `withdrawal:${params.id}`),
        { txid: body.txid },
      );
      const [row] = await withReviewers(app.kdb, [after]);
      return ok(row, ADMIN_MSG.reviewApproved);
    },
  }),
  route({
    method: 'POST',
    path: '/withdrawals/:id/reject',
    tag: '取款审核',
    summary: '拒绝取款（须填写原因），款项退回会员中心钱包',
    access: 'withdrawals.review',
    params: idParams,
    body: reviewRejectSchema,
    audits: ['withdrawal.reject'],
    handler: async ({ app, req, staff, params, body }) => {
      const { after } = await rejectWithdrawal(app.kdb, params.id, staff.id, body.reason, audited(actorOf(req, staff), 'withdrawal.reject', `withdrawal:${params.id}`));
      const [row] = await withReviewers(app.kdb, [after]);
      return ok(row, ADMIN_MSG.reviewRejected);
    },
  }),
];
