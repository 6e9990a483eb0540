import { payRangeSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { bankList } from './banks.js';
import { payRange, payWay, receivingAccounts } from './service.js';

const TAG = '支付方式';

/** Deposit methods, their limits, the bank list and the house's receiving accounts (spec §7 wallet). */
export const paymentRoutes: MemberRoute[] = [
  memberRoute({
    method: 'GET',
    path: '/get_pay_way',
    tag: TAG,
    summary: '可用的存款方式',
    access: 'member',
    handler: async ({ app }) => ok(await payWay(app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/getPayRange',
    tag: TAG,
    summary: '某种存款方式的单笔金额范围（min_price、max_price）',
    access: 'member',
    body: payRangeSchema,
    handler: async ({ app, body }) => ok(await payRange(app.kdb, body.type)),
  }),
  memberRoute({
    method: 'POST',
    path: '/banklist',
    tag: TAG,
    summary: '可选的银行列表',
    access: 'member',
    handler: async ({ app }) => ok(await bankList(app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/getpaybank',
    tag: TAG,
    summary: '平台的收款账户',
    access: 'member',
    handler: async ({ app }) => ok(await receivingAccounts(app.kdb)),
  }),
];
