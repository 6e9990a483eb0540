import { ADMIN_MSG } from '@app/contract';
import { idParams, payMethodParams, payMethodSchema, receivingCreateSchema, receivingUpdateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { createReceivingAccount, listPayMethods, listReceivingAccounts, updatePayMethod, updateReceivingAccount } from './service.js';

export const paymentRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/pay-methods',
    tag: '支付设置',
    summary: '支付方式：是否开放与存款金额范围（元）',
    access: 'payments.read',
    handler: async ({ app }) => ok(await listPayMethods(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/pay-methods/:code',
    tag: '支付设置',
    summary: '修改支付方式：enabled、min、max（正数，最多两位小数，min ≤ max）',
    access: 'payments.write',
    params: payMethodParams,
    body: payMethodSchema,
    audits: ['paymethod.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await updatePayMethod(app.kdb, actorOf(req, staff), params.code, body), ADMIN_MSG.saved),
  }),
  route({
    method: 'GET',
    path: '/receiving-accounts',
    tag: '支付设置',
    summary: '收款账户列表（含已停用）',
    access: 'payments.read',
    handler: async ({ app }) => ok(await listReceivingAccounts(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/receiving-accounts',
    tag: '支付设置',
    summary: '新增收款账户（银行卡：银行、账号、户名；微信/支付宝：账号、户名；USDT：mch_id 为地址）',
    access: 'payments.write',
    body: receivingCreateSchema,
    audits: ['receiving.create'],
    handler: async ({ app, req, staff, body }) => ok(await createReceivingAccount(app.kdb, actorOf(req, staff), body), ADMIN_MSG.saved),
  }),
  route({
    method: 'POST',
    path: '/receiving-accounts/:id',
    tag: '支付设置',
    summary: '修改收款账户（只传要改的字段；enabled 为启用/停用）',
    access: 'payments.write',
    params: idParams,
    body: receivingUpdateSchema,
    audits: ['receiving.update'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateReceivingAccount(app.kdb, actorOf(req, staff), params.id, body), ADMIN_MSG.saved),
  }),
];
