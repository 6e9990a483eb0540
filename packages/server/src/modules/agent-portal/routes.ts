import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AGENT_PORTAL_MSG, MSG, type AgentLogin, type AgentMe, type AgentOverview } from '@app/contract';
import { agentDailyQuery, agentLoginSchema, agentMembersQuery, agentStatementsQuery, idParams } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { unauthorized } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { beijing } from '../../lib/time.js';
import { onAllSessionsEnded } from '../session/service.js';
import { getSettings } from '../site/service.js';
import { teamDaily, teamOverview } from './figures.js';
import { redeemAgentTicket, resolveAgentSession, revokeAgentSession, revokeAgentSessions, type AgentPrincipal } from './sessions.js';
import { teamStat } from './team-stats.js';
import { agentStatement, agentStatements, downline, downlineMember } from './team.js';

declare module 'fastify' {
  interface FastifyRequest {
    agent: AgentPrincipal | null;
  }
}

function bearer(header: string | undefined): string {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m ? m[1]! : '';
}

/**
 * The agent portal's API at /agent/api (contract agent-portal.ts). login trades a ticket for a
 * session; every other route needs that session and reads the agent from it — no route takes an
 * agent id, and the ids a route does take (a downline member, a statement) are looked up within the
 * agent's own team.
 */
const portal: FastifyPluginAsync = async (app) => {
  app.decorateRequest('agent', null);
  // A password change or a disabled account ends the member's portal sessions with its member ones.
  const stop = onAllSessionsEnded(async (memberId, ofDb) => {
    if (ofDb === app.kdb) await revokeAgentSessions(app.kdb, memberId);
  });
  app.addHook('onClose', async () => stop());

  const requireAgent = async (req: FastifyRequest) => {
    const token = bearer(req.headers.authorization);
    if (!token) throw unauthorized(AGENT_PORTAL_MSG.sessionEnded);
    const agent = await resolveAgentSession(app.kdb, token);
    if (!agent) throw unauthorized(AGENT_PORTAL_MSG.sessionEnded);
    req.agent = agent;
  };
  const agentOf = (req: FastifyRequest): AgentPrincipal => req.agent!;

  app.post('/login', async (req) => {
    const { ticket } = parse(agentLoginSchema, req.body);
    return ok<AgentLogin>({ token: await redeemAgentTicket(app.kdb, ticket, req.ip) }, MSG.loginSuccess);
  });

  app.post('/logout', { preHandler: requireAgent }, async (req) => {
    await revokeAgentSession(app.kdb, agentOf(req).tokenHash);
    return ok(null, AGENT_PORTAL_MSG.loggedOut);
  });

  app.get('/me', { preHandler: requireAgent }, async (req) => {
    const agent = agentOf(req);
    const [member, settings] = await Promise.all([
      app.kdb.selectFrom('agents').select('since').where('member_id', '=', agent.id).executeTakeFirst(),
      getSettings(app.kdb),
    ]);
    return ok<AgentMe>({
      id: agent.id,
      username: agent.username,
      since: beijing(member?.since),
      code: String(agent.id),
      title: settings.app.title,
      logo: settings.app.site_logo,
      h5_url: settings.app.h5_url,
    });
  });

  app.get('/overview', { preHandler: requireAgent }, async (req) => {
    const id = agentOf(req).id;
    const onError = (err: unknown) => req.log.error({ err, agent: id }, 'team overview not refreshed');
    return ok(await teamStat<AgentOverview>(app.kdb, id, 'overview', () => teamOverview(app.kdb, id), (v) => v.team_members, onError));
  });

  app.get('/daily', { preHandler: requireAgent }, async (req) => {
    const q = parse(agentDailyQuery, req.query);
    return ok(await teamDaily(app.kdb, agentOf(req).id, q.start, q.end));
  });

  app.get('/members', { preHandler: requireAgent }, async (req) => ok(await downline(app.kdb, agentOf(req).id, parse(agentMembersQuery, req.query))));

  app.get('/members/:id', { preHandler: requireAgent }, async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await downlineMember(app.kdb, agentOf(req).id, id));
  });

  app.get('/statements', { preHandler: requireAgent }, async (req) => {
    const { page } = parse(agentStatementsQuery, req.query);
    return ok(await agentStatements(app.kdb, agentOf(req).id, page));
  });

  app.get('/statements/:id', { preHandler: requireAgent }, async (req) => {
    const { id } = parse(idParams, req.params);
    return ok(await agentStatement(app.kdb, agentOf(req).id, id));
  });
};
export default portal;
