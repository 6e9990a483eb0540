import { sql } from 'kysely';
import {
  AGENT_APPLICATION_STATE,
  AGENT_APPLICATION_STATE_LABELS,
  AGENT_MSG,
  CODE,
  fmt,
  MSG,
  staffReasonFailure,
  type AdminAgentApplication,
  type AgentApplicationState,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { reviewPending, type ReviewRecorder } from '../../lib/review.js';
import type { Tx } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';

/**
 * Staff decisions on agents (DESIGN §8): approving an application makes the member
 * an agent (an agents row) with a mail, rejecting keeps the reason the member reads; staff may
 * also grant or revoke agent status directly. Each decision locks its rows in one order (the open
 * application, then the member), so a second decision on the same application (sequential or
 * concurrent) is 409 已处理 that changes nothing. The console's routes write the audit row through
 * the recorder, inside the decision's transaction.
 */

/** The select behind AdminAgentApplication; add filters and paging. */
export function agentApplicationViewQuery(db: Tx) {
  return db
    .selectFrom('agent_applications as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('agents as ag', 'ag.member_id', 'a.member_id')
    .leftJoin('staff as st', 'st.id', 'a.reviewed_by')
    .select([
      'a.id',
      'a.member_id',
      'm.username',
      'm.realname',
      sql<number>`CASE WHEN ag.member_id IS NULL THEN 0 ELSE 1 END`.as('isagent'),
      'a.mobile',
      'a.apply_info',
      'a.state',
      'a.reason',
      'a.reviewed_by',
      'st.username as reviewer',
      'a.reviewed_at',
      'a.created_at',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof agentApplicationViewQuery>['executeTakeFirstOrThrow']>>;

export function toAdminAgentApplication(r: ViewRow): AdminAgentApplication {
  return {
    id: r.id,
    member_id: r.member_id,
    username: r.username,
    realname: r.realname,
    mobile: r.mobile,
    apply_info: r.apply_info,
    state: r.state as AgentApplicationState,
    state_text: AGENT_APPLICATION_STATE_LABELS[r.state] ?? '',
    reason: r.reason,
    reviewed_by: r.reviewed_by,
    reviewer: r.reviewer ?? '',
    reviewed_at: beijing(r.reviewed_at),
    created_at: beijing(r.created_at),
    isagent: r.isagent === 1 ? 1 : 0,
  };
}

export async function agentApplicationView(db: Tx, id: number): Promise<AdminAgentApplication | null> {
  const row = await agentApplicationViewQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row ? toAdminAgentApplication(row) : null;
}

/** Locks a pending application inside `tx` and returns it; 404 when unknown, 409 已处理 when decided already. */
async function lockPending(tx: Tx, id: number) {
  const row = await tx.selectFrom('agent_applications').select(['id', 'member_id', 'state']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(AGENT_MSG.applicationMissing);
  if (row.state !== AGENT_APPLICATION_STATE.pending) throw new AppError(CODE.conflict, MSG.conflict);
  return row;
}

const pendingApplications = { lock: lockPending, view: agentApplicationView };

/** Makes the (locked) member an agent; since keeps the first time it became one in this stint. */
async function makeAgent(tx: Tx, memberId: number, now: Date): Promise<void> {
  await tx
    .insertInto('agents')
    .values({ member_id: memberId, since: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ since: sql`COALESCE(agents.since, excluded.since)` }))
    .execute();
}

/** The member's agents row (an agent, since when), or undefined when it is not one. */
function agentRow(tx: Tx, memberId: number) {
  return tx.selectFrom('agents').select('since').where('member_id', '=', memberId).executeTakeFirst();
}

/** Approves a pending application: the member becomes an agent and is told by mail. */
export async function approveAgentApplication(
  db: Kdb,
  id: number,
  staffId: number,
  record?: ReviewRecorder<AdminAgentApplication>,
  now: Date = new Date(),
): Promise<{ before: AdminAgentApplication; after: AdminAgentApplication }> {
  return reviewPending(
    db,
    pendingApplications,
    id,
    async (tx, row) => {
      await tx.selectFrom('members').select('id').where('id', '=', row.member_id).forUpdate().executeTakeFirstOrThrow();
      await makeAgent(tx, row.member_id, now);
      await tx.updateTable('agent_applications').set({ state: AGENT_APPLICATION_STATE.approved, reviewed_by: staffId, reviewed_at: now }).where('id', '=', id).execute();
      await sendMail(tx, row.member_id, { title: AGENT_MSG.approvedMailTitle, content: AGENT_MSG.approvedMailContent });
    },
    record,
  );
}

/** Rejects a pending application with the reason the member reads (mail and /applyagent). */
export async function rejectAgentApplication(
  db: Kdb,
  id: number,
  staffId: number,
  reasonText: string,
  record?: ReviewRecorder<AdminAgentApplication>,
  now: Date = new Date(),
): Promise<{ before: AdminAgentApplication; after: AdminAgentApplication }> {
  const failure = staffReasonFailure(reasonText, AGENT_MSG.rejectReason);
  if (failure) throw badRequest(failure);
  const reason = reasonText.trim();
  return reviewPending(
    db,
    pendingApplications,
    id,
    async (tx, row) => {
      await tx.updateTable('agent_applications').set({ state: AGENT_APPLICATION_STATE.rejected, reason, reviewed_by: staffId, reviewed_at: now }).where('id', '=', id).execute();
      await sendMail(tx, row.member_id, { title: AGENT_MSG.rejectedMailTitle, content: fmt(AGENT_MSG.rejectedMailContent, { reason }) });
    },
    record,
  );
}

/** A member's agent status as the audit log records it. */
export interface AgentStatusView {
  member_id: number;
  isagent: 0 | 1;
  since: string;
  reason?: string;
  /** a grant approves the application waiting, if any */
  application_id?: number | null;
}

/**
 * Staff grant (1) or revoke (0) agent status directly, with a reason the audit log keeps. A grant
 * also approves the member's application waiting (so the queue holds no stale row) and mails the
 * member; a revoke deletes the agents row and sends nothing (the reason is staff's). The trial account is
 * never an agent; asking for the status the member has already is 409 with what it is.
 */
export async function setAgentStatus(
  db: Kdb,
  memberId: number,
  isagent: 0 | 1,
  staffId: number,
  reasonText: string,
  record?: ReviewRecorder<AgentStatusView>,
  now: Date = new Date(),
): Promise<{ before: AgentStatusView; after: AgentStatusView }> {
  const failure = staffReasonFailure(reasonText, AGENT_MSG.changeReason);
  if (failure) throw badRequest(failure);
  const reason = reasonText.trim();
  return db.transaction().execute(async (tx) => {
    // The lock order of an approval: the open application, then the member.
    const open = await tx
      .selectFrom('agent_applications')
      .select('id')
      .where('member_id', '=', memberId)
      .where('state', '=', AGENT_APPLICATION_STATE.pending)
      .forUpdate()
      .executeTakeFirst();
    const m = await tx.selectFrom('members').select(['id', 'is_trial']).where('id', '=', memberId).forUpdate().executeTakeFirst();
    if (!m) throw notFound(AGENT_MSG.memberMissing);
    const agent = await agentRow(tx, memberId);
    if (isagent === 1 && m.is_trial) throw badRequest(AGENT_MSG.trialNotAgent);
    if ((agent ? 1 : 0) === isagent) throw conflict(isagent === 1 ? AGENT_MSG.grantedAlready : AGENT_MSG.revokedAlready);
    const before: AgentStatusView = { member_id: memberId, isagent: agent ? 1 : 0, since: beijing(agent?.since) };
    if (isagent === 1) {
      await makeAgent(tx, memberId, now);
      if (open) await tx.updateTable('agent_applications').set({ state: AGENT_APPLICATION_STATE.approved, reviewed_by: staffId, reviewed_at: now }).where('id', '=', open.id).execute();
      await sendMail(tx, memberId, { title: AGENT_MSG.grantedMailTitle, content: AGENT_MSG.grantedMailContent });
    } else {
      await tx.deleteFrom('agents').where('member_id', '=', memberId).execute();
    }
    const fresh = await agentRow(tx, memberId);
    const after: AgentStatusView = {
      member_id: memberId,
      isagent: fresh ? 1 : 0,
      since: beijing(fresh?.since),
      reason,
      ...(isagent === 1 ? { application_id: open?.id ?? null } : {}),
    };
    await record?.(tx, before, after);
    return { before, after };
  });
}
