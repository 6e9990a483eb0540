import { BANK_LIMITS, BANK_MSG } from '@app/contract';
import { bankFormSchema, bankOrderSchema, idParams } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { createBank, listBanks, orderBanks, updateBank } from '../../modules/payment/banks.js';
import { actorOf } from '../actor.js';
import { audited } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/**
 * 支付设置's bank list: the banks card binding offers members (/api/banklist). The payment module
 * changes its table; these routes pass the audit row (before, after and the staff member's reason for
 * an added, renamed or switched bank) into the same transaction.
 */
export const bankRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/banks',
    tag: '支付设置',
    summary: '绑卡银行列表（按会员端顺序，含已停用）：enabled 是否提供给会员绑卡，cards 为绑定在该银行的会员银行卡数（未解绑）',
    access: 'payments.read',
    handler: async ({ app }) => ok(await listBanks(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/banks',
    tag: '支付设置',
    summary: `新增绑卡银行 {name, enabled, reason}：name ${BANK_LIMITS.nameMin}~${BANK_LIMITS.nameMax}个字（中文、字母、数字、括号或·，不可为 USDT），已在列表中为 409；排在列表最后；reason 为原因`,
    access: 'payments.write',
    body: bankFormSchema,
    audits: ['bank.create'],
    handler: async ({ app, req, staff, body }) => {
      const actor = actorOf(req, staff);
      const bank = await createBank(app.kdb, body, audited(actor, 'bank.create', (after) => `bank:${after!.id}`, { reason: body.reason }));
      return ok(bank, BANK_MSG.created);
    },
  }),
  route({
    method: 'POST',
    path: '/banks/order',
    tag: '支付设置',
    summary: '调整绑卡银行顺序 {ids}：列表中每家银行的 id 各一次，排在前面的在会员端银行选择中靠前',
    access: 'payments.write',
    body: bankOrderSchema,
    audits: ['bank.order'],
    handler: async ({ app, req, staff, body }) => {
      const actor = actorOf(req, staff);
      return ok(await orderBanks(app.kdb, body.ids, audited(actor, 'bank.order', 'banks')), BANK_MSG.ordered);
    },
  }),
  route({
    method: 'POST',
    path: '/banks/:id',
    tag: '支付设置',
    summary: '修改绑卡银行 {name, enabled, reason}：enabled false 后会员端不再提供该银行，绑定该银行的请求被拒绝（已绑定的卡不受影响）；改名规则同新增',
    access: 'payments.write',
    params: idParams,
    body: bankFormSchema,
    audits: ['bank.update'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      const bank = await updateBank(app.kdb, params.id, body, audited(actor, 'bank.update', `bank:${params.id}`, { reason: body.reason }));
      return ok(bank, BANK_MSG.saved);
    },
  }),
];
