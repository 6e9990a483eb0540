import { sql, type RawBuilder } from 'kysely';
import { AGENT_APPLICATION_STATE, AGENT_LIMITS, AGENT_MSG, type AdminAgent, type AdminAgentApplication, type AdminMemberAgent, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { agentApplicationViewQuery, toAdminAgentApplication } from '../../modules/agents/review.js';
import { memberKeyword } from '../members/service.js';

/** The console's reads of agents: the application queue, the current agents, a member's agent section. */

export interface AgentApplicationFilter {
  state?: number;
  keyword: string;
  page: number;
}

/** The queue: pending ones oldest first (the order they came in), otherwise newest first. */
export async function listAgentApplications(db: Kdb, f: AgentApplicationFilter): Promise<Page<AdminAgentApplication>> {
  const perPage = AGENT_LIMITS.pageSize;
  let q = agentApplicationViewQuery(db);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.keyword) {
    const k = memberKeyword(f.keyword);
    q = q.where((eb) => (k.id === null ? eb('m.username', 'like', k.usernameLike) : eb.or([eb('m.username', 'like', k.usernameLike), eb('a.member_id', '=', k.id)])));
  }
  const order = f.state === AGENT_APPLICATION_STATE.pending ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    q.orderBy('a.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toAdminAgentApplication), Number(count.n), f.page, perPage);
}

/** Members invited by the member `id` (registered with it as their inviter). */
const invitedBy = (id: RawBuilder<number>) => sql<number>`(SELECT count(*)::int FROM members i WHERE i.inviter_id = ${id})`;

/** Current agents, the newest agents first, with how many members each has invited. */
export async function listAgents(db: Kdb, q: { keyword: string; page: number }): Promise<Page<AdminAgent>> {
  const perPage = AGENT_LIMITS.pageSize;
  let query = db.selectFrom('members as m').innerJoin('agents as a', 'a.member_id', 'm.id');
  if (q.keyword) {
    const k = memberKeyword(q.keyword);
    query = query.where((eb) => (k.id === null ? eb('m.username', 'like', k.usernameLike) : eb.or([eb('m.username', 'like', k.usernameLike), eb('m.id', '=', k.id)])));
  }
  const [rows, count] = await Promise.all([
    query
      .select(['m.id', 'm.username', 'm.realname', 'm.mobile', 'a.since', 'm.state', invitedBy(sql`m.id`).as('invited')])
      .orderBy(sql`a.since DESC NULLS LAST`)
      .orderBy('m.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(q.page, perPage))
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map(
    (r): AdminAgent => ({ member_id: r.id, username: r.username, realname: r.realname, mobile: r.mobile, since: beijing(r.since), invited: Number(r.invited), state: r.state }),
  );
  return pageOf(data, Number(count.n), q.page, perPage);
}

/** The member drawer's agent section: status, since, invited members, the latest application. */
export async function memberAgent(db: Kdb, memberId: number): Promise<AdminMemberAgent> {
  const m = await db
    .selectFrom('member_figures as m')
    .select(['m.member_id as id', 'm.isagent', 'm.is_trial', 'm.agent_since', invitedBy(sql`m.member_id`).as('invited')])
    .where('m.member_id', '=', memberId)
    .executeTakeFirst();
  if (!m) throw notFound(AGENT_MSG.memberMissing);
  const latest = await agentApplicationViewQuery(db).where('a.member_id', '=', memberId).orderBy('a.id', 'desc').limit(1).executeTakeFirst();
  return {
    member_id: m.id,
    isagent: m.isagent === 1 ? 1 : 0,
    is_trial: m.is_trial,
    since: beijing(m.agent_since),
    invited: Number(m.invited),
    application: latest ? toAdminAgentApplication(latest) : null,
  };
}
