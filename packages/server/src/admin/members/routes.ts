import { adjustNeedsApproval, yuanToFen, ADMIN_MSG, FINANCE_DESK_MSG, type AdjustCategory } from '@app/contract';
import { adjustSchema, idParams, memberListQuery, memberStateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { adjustThresholdFen, requestApproval, type AdjustPayload } from '../../modules/finance/service.js';
import { adjustBalance } from '../../modules/finance/adjustments.js';
import { listMembers, memberDetail, memberDetailExists, setMemberState } from './service.js';

export const memberRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/members',
    tag: '会员管理',
    summary: '会员列表（keyword 为用户名前缀或会员ID；hedged_share 为近30天对冲占比，hedge_flagged 为超过阈值的标记）',
    access: 'members.read',
    query: memberListQuery,
    handler: async ({ app, query }) => ok(await listMembers(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/members/:id',
    tag: '会员管理',
    summary: '会员详情：资料、中心钱包余额、银行卡、存取款、转账、最近账变、近30天对冲（hedge）（无 members.cards 权限时卡号、USDT地址与付款卡号脱敏）',
    access: 'members.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await memberDetail(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/adjust',
    tag: '会员管理',
    summary: '人工调整余额：amount 元（负数为扣款），category 类别（bonus 奖金、compensation 补偿、correction 更正）与 reason 必填，会员收到站内信；金额超过复核门槛时存为待复核申请（data 为 {approval_id, pending}），由另一位员工审批后生效；turnover_multiple 可选（仅加款，按金额×倍数增加打码量），request_id 防重复提交',
    access: 'members.adjust',
    params: idParams,
    body: adjustSchema,
    audits: ['member.adjust', 'approval.request'],
    handler: async ({ app, req, staff, params, body }) => {
      const multiple = body.turnover_multiple === undefined || body.turnover_multiple === null || body.turnover_multiple === '' ? undefined : Number(body.turnover_multiple);
      const amountFen = yuanToFen(body.amount)!;
      const category = body.category as AdjustCategory;
      const actor = actorOf(req, staff);
      // Above the staff-set threshold it waits for a second staff member (admin/finance).
      await memberDetailExists(app.kdb, params.id);
      if (adjustNeedsApproval(amountFen, await adjustThresholdFen(app.kdb))) {
        const payload: AdjustPayload = { amount_fen: amountFen, category, reason: body.reason.trim(), turnover_multiple: multiple ?? null };
        return ok(await requestApproval(app.kdb, actor, 'member.adjust', params.id, payload, body.request_id), FINANCE_DESK_MSG.approvalRequested);
      }
      const result = await adjustBalance(app.kdb, actor, params.id, { amountFen, category, reason: body.reason, turnoverMultiple: multiple, requestId: body.request_id });
      return ok(result, ADMIN_MSG.adjustDone);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/state',
    tag: '会员管理',
    summary: '启用（1）或停用（0）会员账号；停用即结束其全部登录',
    access: 'members.state',
    params: idParams,
    body: memberStateSchema,
    audits: ['member.state'],
    handler: async ({ app, req, staff, params, body }) => {
      await setMemberState(app.kdb, actorOf(req, staff), params.id, body.state);
      return ok(null, ADMIN_MSG.memberStateChanged);
    },
  }),
];
