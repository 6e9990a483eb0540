import { MEMBER_FIX_MSG } from '@app/contract';
import { careReasonSchema, idParams, memberCardParams, memberProfileSchema, moveAgentSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { moveToAgent } from '../../modules/agents/service.js';
import { unbindCardForMember } from '../../modules/cards/service.js';
import { correctProfile } from '../../modules/user/profile.js';
import { actorOf } from '../actor.js';
import { audited } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/**
 * Corrections staff make on a member's behalf: the name, mobile and email; unbinding a card; moving
 * the member into another agent's team. The owning modules change their rows; these routes pass the
 * audit row (before, after and the staff member's reason) into the same transaction.
 */
export const memberCorrectionRoutes: AdminRoute[] = [
  route({
    method: 'POST',
    path: '/members/:id/profile',
    tag: '会员服务',
    summary: '更正会员资料 {realname, mobile, email, reason}：整组保存（手机、邮箱留空即清除），手机与邮箱按会员本人修改资料的规则校验；与现有资料相同为 409；审计记录更正前后的值',
    access: 'members.care',
    params: idParams,
    body: memberProfileSchema,
    audits: ['member.profile'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      const after = await correctProfile(app.kdb, params.id, { realname: body.realname, mobile: body.mobile, email: body.email }, audited(actor, 'member.profile', `member:${params.id}`, { reason: body.reason }));
      return ok(after, MEMBER_FIX_MSG.profileSaved);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/cards/:card/unbind',
    tag: '会员服务',
    summary: '解绑会员的银行卡或USDT地址 {reason}：与会员自行解绑相同（记录保留，标为已解绑）；不是该会员的或已解绑的为 404',
    access: 'members.care',
    params: memberCardParams,
    body: careReasonSchema,
    audits: ['member.card_unbind'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      const after = await unbindCardForMember(app.kdb, params.id, params.card, audited(actor, 'member.card_unbind', `member:${params.id}`, { reason: body.reason }));
      return ok(after, MEMBER_FIX_MSG.cardUnbound);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/agent/move',
    tag: '代理管理',
    summary: '转移会员到另一代理名下 {agent, reason}：agent 为新代理的用户名或会员ID（须为代理，且不在该会员自己的团队中）；已在其名下为 409；此后的团队数据与佣金按新代理计算，已生成的佣金单不变',
    access: 'agents.manage',
    params: idParams,
    body: moveAgentSchema,
    audits: ['member.move_agent'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      const after = await moveToAgent(app.kdb, params.id, body.agent, audited(actor, 'member.move_agent', `member:${params.id}`, { reason: body.reason }));
      return ok({ inviter_id: after.inviter_id, inviter_username: after.inviter_username }, MEMBER_FIX_MSG.agentMoved);
    },
  }),
];
