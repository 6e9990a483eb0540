import { inviteListSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { teamStat } from '../agent-portal/team-stats.js';
import { commissionPlanView, inviteBonus, inviteCounters, inviteFriends } from './service.js';

const TAG = '邀请好友';

/**
 * 邀请好友 (spec §2 /inviter). The member's own team only: no route takes a member id, each reads the
 * session's. The commission plan is public (the 奖金介绍 tab explains it to anyone).
 */
export const inviteRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/invitecounters',
    tag: TAG,
    summary: '本会员团队的人数与业绩合计',
    access: 'member',
    // A team above AGENT_LIVE_TEAM_MAX members is read from its figures at most AGENT_STATS_TTL_MS old.
    handler: async ({ app, req, member: { id } }) => {
      const onError = (err: unknown) => req.log.error({ err, member: id }, 'invite counters not refreshed');
      return ok(await teamStat(app.kdb, id, 'counters', () => inviteCounters(app.kdb, id), (v) => v.members, onError));
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/invitefriends',
    tag: TAG,
    summary: '本会员邀请的好友（分页）',
    access: 'member',
    body: inviteListSchema,
    handler: async ({ app, member, body }) => ok(await inviteFriends(app.kdb, member.id, body.page, body)),
  }),
  memberRoute({
    method: 'POST',
    path: '/invitebonus',
    tag: TAG,
    summary: '本会员的邀请奖金记录（分页）',
    access: 'member',
    body: inviteListSchema,
    handler: async ({ app, member, body }) => ok(await inviteBonus(app.kdb, member.id, body.page, body)),
  }),
  memberRoute({
    method: 'POST',
    path: '/commissionplan',
    tag: TAG,
    summary: '佣金方案（奖金介绍）',
    access: 'public',
    handler: async ({ app }) => ok(await commissionPlanView(app.kdb)),
  }),
];
