import type { FastifyPluginAsync } from 'fastify';
import { applyAgentSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { createAgentTicket } from '../agent-portal/sessions.js';
import { agentApplyStatus, applyForAgent } from './service.js';

/**
 * Agent applications for members (spec §7 applyagentdo; /applyagent). The order of refusals: not
 * signed in, the trial account, the form's rules in the spec's order, then the service's own
 * (already an agent, an application waiting). The status takes no id: a member reads only its own.
 * getAgentLoginUrl answers an agent a ticket into the portal (agent-portal/sessions.ts).
 */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/applyagentdo', { preHandler: [app.requireMember, app.refuseTrial] }, async (req) => {
    const form = parse(applyAgentSchema, req.body);
    const { data, message } = await applyForAgent(app.kdb, req.member!.id, form);
    return ok(data, message);
  });

  app.post('/applyagentstatus', { preHandler: app.requireMember }, async (req) => ok(await agentApplyStatus(app.kdb, req.member!)));

  // 代理登录 (spec §7 getAgentLoginUrl, /gamePage?dailiD=1): a single-use URL into the agent portal.
  app.get('/getAgentLoginUrl', { preHandler: app.requireMember }, async (req) => ok({ url: await createAgentTicket(app.kdb, req.member!.id) }));
};
export default routes;
