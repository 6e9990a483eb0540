import { AGENT_MSG } from '@app/contract';
import { agentApplicationsQuery, agentListQuery, agentRejectSchema, idParams, memberAgentSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { approveAgentApplication, rejectAgentApplication, setAgentStatus } from '../../modules/agents/review.js';
import { audited } from '../../modules/audit/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';
import { listAgentApplications, listAgents, memberAgent } from './service.js';

/**
 * Agents in the console: the 代理申请 queue with approve and reject, the 代理管理
 * list, and a member's agent status with grant and revoke. Every decision is audited inside its own
 * transaction; a second decision on an application is 409 已处理 and writes nothing.
 */
export const agentRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/agent-applications',
    tag: '代理管理',
    summary: '代理申请列表：state 0 审核中 1 已通过 2 已拒绝（空为全部；审核中按申请先后排列，其余新到旧），keyword 为用户名前缀或会员ID；isagent 为会员当前是否为代理',
    access: 'agents.read',
    query: agentApplicationsQuery,
    handler: async ({ app, query }) => ok(await listAgentApplications(app.kdb, query)),
  }),
  route({
    method: 'POST',
    path: '/agent-applications/:id/approve',
    tag: '代理管理',
    summary: '通过代理申请：会员成为代理（isagent=1，记录成为代理的时间）并收到站内信；重复审核为 409 已处理',
    access: 'agents.review',
    params: idParams,
    audits: ['agent.approve'],
    handler: async ({ app, req, staff, params }) => {
      const { after } = await approveAgentApplication(app.kdb, params.id, staff.id, audited(actorOf(req, staff), 'agent.approve', `agent_application:${params.id}`));
      return ok(after, AGENT_MSG.approved);
    },
  }),
  route({
    method: 'POST',
    path: '/agent-applications/:id/reject',
    tag: '代理管理',
    summary: '拒绝代理申请：reason 必填（会员在站内信与申请页可见，之后可重新申请）；重复审核为 409 已处理',
    access: 'agents.review',
    params: idParams,
    body: agentRejectSchema,
    audits: ['agent.reject'],
    handler: async ({ app, req, staff, params, body }) => {
      const { after } = await rejectAgentApplication(app.kdb, params.id, staff.id, body.reason, audited(actorOf(req, staff), 'agent.reject', `agent_application:${params.id}`));
      return ok(after, AGENT_MSG.rejected);
    },
  }),
  route({
    method: 'GET',
    path: '/agents',
    tag: '代理管理',
    summary: '当前代理列表（新成为代理的在前）：成为代理的时间 since 与已邀请会员数 invited；keyword 为用户名前缀或会员ID',
    access: 'agents.read',
    query: agentListQuery,
    handler: async ({ app, query }) => ok(await listAgents(app.kdb, query)),
  }),
  route({
    method: 'GET',
    path: '/members/:id/agent',
    tag: '代理管理',
    summary: '会员的代理资格：是否为代理、成为代理的时间、已邀请会员数与最近一次代理申请',
    access: 'agents.read',
    params: idParams,
    handler: async ({ app, params }) => ok(await memberAgent(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/agent',
    tag: '代理管理',
    summary: '设为代理（isagent=1）或取消代理资格（isagent=0）：reason 必填（记入审计日志）；设为代理时一并通过其待审核的申请并发站内信；试玩账号不能成为代理；与当前状态相同为 409',
    access: 'agents.manage',
    params: idParams,
    body: memberAgentSchema,
    audits: ['agent.grant', 'agent.revoke'],
    handler: async ({ app, req, staff, params, body }) => {
      const action = body.isagent === 1 ? 'agent.grant' : 'agent.revoke';
      const { after } = await setAgentStatus(app.kdb, params.id, body.isagent, staff.id, body.reason, audited(actorOf(req, staff), action, `member:${params.id}`));
      return ok(after, body.isagent === 1 ? AGENT_MSG.granted : AGENT_MSG.revoked);
    },
  }),
];
