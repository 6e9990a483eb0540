import { ADMIN_MSG, FINANCE_DESK_MSG, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG } from '@app/contract';
import { idParams, payMethodParams, payMethodSchema, receivingCreateSchema, receivingUpdateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { requestApproval } from '../../modules/finance/service.js';
import {
  definedPatch,
  listPayMethods,
  listReceivingAccounts,
  mergedReceivingAccount,
  onlyDisables,
  receivingCreateValues,
  updatePayMethod,
  updateReceivingAccount,
} from '../../modules/payment/editing.js';
import { receiveUpload } from '../promotions/uploads.js';

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
    summary: '新增收款账户（银行卡：银行、账号、户名；微信/支付宝：账号、户名；USDT：mch_id 为地址；payimg 为上传的收款码图片地址）：存为待复核申请（data 为 {approval_id, pending}），另一位员工审批后生效',
    access: 'payments.write',
    body: receivingCreateSchema,
    audits: ['approval.request'],
    handler: async ({ app, req, staff, body }) => ok(await requestApproval(app.kdb, actorOf(req, staff), 'receiving.create', null, receivingCreateValues(body)), FINANCE_DESK_MSG.approvalRequested),
  }),
  route({
    method: 'POST',
    path: '/receiving-accounts/:id',
    tag: '支付设置',
    summary: '修改收款账户（只传要改的字段）：只停用（enabled false）立即生效；其他修改（含启用、收款码）存为待复核申请，另一位员工审批后生效',
    access: 'payments.write',
    params: idParams,
    body: receivingUpdateSchema,
    audits: ['receiving.update', 'approval.request'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      if (onlyDisables(body)) return ok(await updateReceivingAccount(app.kdb, actor, params.id, body), ADMIN_MSG.saved);
      await mergedReceivingAccount(app.kdb, params.id, body);
      return ok(await requestApproval(app.kdb, actor, 'receiving.update', params.id, definedPatch(body)), FINANCE_DESK_MSG.approvalRequested);
    },
  }),
  route({
    method: 'POST',
    path: '/receiving-accounts/qr',
    tag: '支付设置',
    summary: `上传收款码图片（与活动图片同一上传：multipart 字段 file，PNG/JPG/WEBP/GIF，不超过${PROMO_ADMIN_LIMITS.uploadMaxBytes / 1024 / 1024}MB）；返回 url，填入收款账户的 payimg 后随账户修改一起复核`,
    access: 'payments.write',
    audits: ['upload.create'],
    handler: async ({ app, req, staff }) => ok(await receiveUpload(app.kdb, req, actorOf(req, staff)), PROMO_ADMIN_MSG.uploaded),
  }),
];
