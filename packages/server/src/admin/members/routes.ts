import { yuanToFen, ADMIN_MSG } from '@app/contract';
import { adjustSchema, idParams, memberListQuery, memberStateSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { adjustBalance, listMembers, memberDetail, setMemberState } from './service.js';

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
    summary: '人工调整余额：amount 元（负数为扣款），reason 必填，turnover_multiple 可选（仅加款，按金额×倍数增加打码量），request_id 防重复提交',
    access: 'members.adjust',
    params: idParams,
    body: adjustSchema,
    audits: ['member.adjust'],
    handler: async ({ app, req, staff, params, body }) => {
      const multiple = body.turnover_multiple === undefined || body.turnover_multiple === null || body.turnover_multiple === '' ? undefined : Number(body.turnover_multiple);
      const result = await adjustBalance(app.kdb, actorOf(req, staff), params.id, {
        amountFen: yuanToFen(body.amount)!,
        reason: body.reason,
        turnoverMultiple: multiple,
        requestId: body.request_id,
      });
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
