import { applyAgentSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { createAgentTicket } from '../agent-portal/sessions.js';
import { agentApplyStatus, applyForAgent } from './service.js';

const TAG = '代理';

/**
 * Agent applications for members (spec §7 applyagentdo; /applyagent). The order of refusals: not
 * signed in, the trial account, the form's rules in the spec's order, then the service's own
 * (already an agent, an application waiting). The status takes no id: a member reads only its own.
 * getAgentLoginUrl answers an agent a ticket into the portal (agent-portal/sessions.ts).
 */
export const agentRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/applyagentdo',
    tag: TAG,
    summary: '申请成为代理（mobile、apply_info）',
    access: 'member-not-trial',
    body: applyAgentSchema,
    handler: async ({ app, member, body }) => {
      const { data, message } = await applyForAgent(app.kdb, member.id, body);
      return ok(data, message);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/applyagentstatus',
    tag: TAG,
    summary: '本会员最近一次代理申请的状态',
    access: 'member',
    handler: async ({ app, member }) => ok(await agentApplyStatus(app.kdb, member)),
  }),
  // 代理登录 (spec §7 getAgentLoginUrl, /gamePage?dailiD=1): a single-use URL into the agent portal.
  memberRoute({
    method: 'GET',
    path: '/getAgentLoginUrl',
    tag: TAG,
    summary: '代理后台的一次性登录地址（仅代理）',
    access: 'member',
    handler: async ({ app, member }) => ok({ url: await createAgentTicket(app.kdb, member.id) }),
  }),
];
