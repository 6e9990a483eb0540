import type { FastifyPluginAsync } from 'fastify';
import { inviteListSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { teamStat } from '../agent-portal/team-stats.js';
import { commissionPlanView, inviteBonus, inviteCounters, inviteFriends } from './service.js';

/**
 * 邀请好友 (spec §2 /inviter). The member's own team only: no route takes a member id, each reads the
 * session's. The commission plan is public (the 奖金介绍 tab explains it to anyone).
 */
const routes: FastifyPluginAsync = async (app) => {
  // A team above AGENT_LIVE_TEAM_MAX members is read from its figures at most AGENT_STATS_TTL_MS old.
  app.post('/invitecounters', { preHandler: app.requireMember }, async (req) => {
    const id = req.member!.id;
    const onError = (err: unknown) => req.log.error({ err, member: id }, 'invite counters not refreshed');
    return ok(await teamStat(app.kdb, id, 'counters', () => inviteCounters(app.kdb, id), (v) => v.members, onError));
  });

  app.post('/invitefriends', { preHandler: app.requireMember }, async (req) => {
    const q = parse(inviteListSchema, req.body);
    return ok(await inviteFriends(app.kdb, req.member!.id, q.page, q));
  });

  app.post('/invitebonus', { preHandler: app.requireMember }, async (req) => {
    const q = parse(inviteListSchema, req.body);
    return ok(await inviteBonus(app.kdb, req.member!.id, q.page, q));
  });

  app.post('/commissionplan', async () => ok(await commissionPlanView(app.kdb)));
};
export default routes;
