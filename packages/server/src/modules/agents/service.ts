import {
  AGENT_APPLICATION_STATE,
  AGENT_APPLICATION_STATE_LABELS,
  AGENT_MSG,
  type AgentApplication,
  type AgentApplicationState,
  type AgentApplyStatus,
  ADMIN_MSG,
  MEMBER_FIX_LIMITS,
  MEMBER_FIX_MSG,
} from '@app/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import type { ReviewRecorder, Tx } from '../ledger/service.js';
import { setInviter } from '../user/account.js';

/**
 * A member's agent application (spec §3 and §5 agent application, §7 applyagentdo).
 * The route has already refused a visitor and the trial account and run the form's rules; here, in
 * order: a member who is an agent already, then one with an application waiting. The partial unique
 * index (one state-0 row per member) is what makes a double submission one application.
 */

type ApplicationRow = { id: number; mobile: string; apply_info: string; state: number; reason: string; created_at: Date; reviewed_at: Date | null };

export function toAgentApplication(r: ApplicationRow): AgentApplication {
  return {
    id: r.id,
    mobile: r.mobile,
    apply_info: r.apply_info,
    state: r.state as AgentApplicationState,
    state_text: AGENT_APPLICATION_STATE_LABELS[r.state] ?? '',
    reason: r.reason,
    created_at: beijing(r.created_at),
    reviewed_at: beijing(r.reviewed_at),
  };
}

const APPLICATION_COLUMNS = ['id', 'mobile', 'apply_info', 'state', 'reason', 'created_at', 'reviewed_at'] as const;

/** The member's latest application, or null. */
export async function latestApplication(db: Tx, memberId: number): Promise<AgentApplication | null> {
  const row = await db.selectFrom('agent_applications').select(APPLICATION_COLUMNS).where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toAgentApplication(row) : null;
}

/** POST /api/applyagentdo: records an application (审核中) and answers it with the member's message. */
export async function applyForAgent(
  db: Kdb,
  memberId: number,
  form: { mobile: string; apply_info: string },
  now: Date = new Date(),
): Promise<{ data: AgentApplication; message: string }> {
  const member = await db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst();
  if (!member) throw unauthorized();
  if (await isAgent(db, memberId)) throw badRequest(AGENT_MSG.alreadyAgent);
  const open = await db.selectFrom('agent_applications').select('id').where('member_id', '=', memberId).where('state', '=', AGENT_APPLICATION_STATE.pending).executeTakeFirst();
  if (open) throw conflict(AGENT_MSG.pending);
  const row = await db
    .insertInto('agent_applications')
    .values({ member_id: memberId, mobile: form.mobile.trim(), apply_info: form.apply_info.trim(), created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning(APPLICATION_COLUMNS)
    .executeTakeFirst();
  // Lost a race with the member's other submission.
  if (!row) throw conflict(AGENT_MSG.pending);
  return { data: toAgentApplication(row), message: AGENT_MSG.submitted };
}

/** Whether the member is an agent (has an agents row). */
export async function isAgent(db: Tx, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('agents').select('member_id').where('member_id', '=', memberId).executeTakeFirst();
  return row !== undefined;
}

/** POST /api/applyagentstatus: what /applyagent shows (the form, the application waiting, or a rejection's reason). */
export async function agentApplyStatus(db: Kdb, member: { id: number; isTrial: boolean }): Promise<AgentApplyStatus> {
  const [m, agent, application] = await Promise.all([
    db.selectFrom('members').select('id').where('id', '=', member.id).executeTakeFirst(),
    isAgent(db, member.id),
    latestApplication(db, member.id),
  ]);
  if (!m) throw unauthorized();
  const isagent = agent ? 1 : 0;
  return { isagent, can_apply: isagent === 0 && !member.isTrial && application?.state !== AGENT_APPLICATION_STATE.pending, application };
}

/** Whom a member belongs to, as a move records it. */
export interface MemberAgentLink {
  member_id: number;
  inviter_id: number | null;
  inviter_username: string;
}

/**
 * Staff move a member into another agent's team (members.inviter_id, the link every team figure,
 * invite count and commission period reads). The new agent is named by username or member ID and
 * must be an agent; a move into the member's own team (the new agent has the member above it) is
 * refused, since a team cannot contain itself. Earlier commission statements keep the team they
 * were computed on; the next period counts the member in the new team. `record` (the audit row)
 * runs in the move's transaction.
 */
export async function moveToAgent(db: Kdb, memberId: number, agentRef: string, record: ReviewRecorder<MemberAgentLink>): Promise<MemberAgentLink> {
  return db.transaction().execute(async (tx) => {
    const m = await tx.selectFrom('members').select(['id', 'inviter_id']).where('id', '=', memberId).where('is_trial', '=', false).forUpdate().executeTakeFirst();
    if (!m) throw notFound(ADMIN_MSG.memberMissing);
    const ref = agentRef.trim();
    const byId = /^\d{1,15}$/.test(ref) ? Number(ref) : null;
    const agent = await tx
      .selectFrom('members')
      .innerJoin('agents', 'agents.member_id', 'members.id')
      .select(['id', 'username'])
      .where((eb) => (byId === null ? eb('username', '=', ref) : eb.or([eb('id', '=', byId), eb('username', '=', ref)])))
      .where('is_trial', '=', false)
      .orderBy(sql`username = ${ref}`, 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!agent) throw badRequest(MEMBER_FIX_MSG.agentMissing);
    const agentId = Number(agent.id);
    if (agentId === memberId) throw badRequest(MEMBER_FIX_MSG.agentSelf);
    if (m.inviter_id !== null && Number(m.inviter_id) === agentId) throw conflict(MEMBER_FIX_MSG.agentSame);
    const above = await sql<{ id: number }>`
      WITH RECURSIVE up(id, depth) AS (
        SELECT inviter_id, 1 FROM members WHERE id = ${agentId}
        UNION ALL
        SELECT m.inviter_id, up.depth + 1 FROM members m JOIN up ON m.id = up.id WHERE up.depth < ${MEMBER_FIX_LIMITS.agentDepthMax}
      )
      SELECT id FROM up WHERE id = ${memberId} LIMIT 1`.execute(tx);
    if (above.rows.length > 0) throw badRequest(MEMBER_FIX_MSG.agentCycle);
    const current = m.inviter_id === null ? null : await tx.selectFrom('members').select('username').where('id', '=', m.inviter_id).executeTakeFirst();
    const before: MemberAgentLink = { member_id: memberId, inviter_id: m.inviter_id === null ? null : Number(m.inviter_id), inviter_username: current?.username ?? '' };
    const after: MemberAgentLink = { member_id: memberId, inviter_id: agentId, inviter_username: agent.username };
    await setInviter(tx, memberId, agentId);
    await record(tx, before, after);
    return after;
  });
}
