import { sql } from 'kysely';
import {
  ADJUST_CATEGORY_LABELS,
  ADMIN_LIMITS,
  APPROVAL_KIND_LABELS,
  APPROVAL_STATE_LABELS,
  FINANCE_DESK_MSG,
  fenToYuan,
  PAY_METHOD_LABELS,
  roleCan,
  yuanToFen,
  type AdjustCategory,
  type AdminApproval,
  type AdminReceivingAccount,
  type ApprovalKind,
  type ApprovalPending,
  type FinanceSettings,
  type Page,
  type PayMethod,
  type Permission,
  type StaffRole,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { offsetOf, pageOf } from '../content/paging.js';
import type { Tx } from '../ledger/service.js';
import { applyReceivingUpdate, insertReceivingAccount } from '../payment/editing.js';
import { applyAdjustment } from './adjustments.js';

/**
 * Maker–checker: a large adjustment or a change to where members pay is stored as a
 * request; a second staff member holding the change's own permission approves it (applied then, in
 * the approval's transaction, exactly once: the request row is locked and must still be waiting) or
 * rejects it. The maker never decides its own request (also a CHECK in the table).
 */

/** A receiving account as a request stores it (the console's fields without the id). */
export type AccountInput = Omit<AdminReceivingAccount, 'id'>;

/** The request an approved change came from, for the change's own audit row. */
export interface ApprovalOrigin {
  id: number;
  maker: string;
}

/** What a request stores, per kind. */
export interface AdjustPayload {
  amount_fen: number;
  category: AdjustCategory;
  reason: string;
  turnover_multiple: number | null;
}
type Payload = AdjustPayload | AccountInput | Partial<AccountInput>;

/** The permission a checker needs for each kind (besides approvals.review). */
const KIND_PERMISSION: Record<ApprovalKind, Permission> = {
  'member.adjust': 'members.adjust',
  'receiving.create': 'payments.write',
  'receiving.update': 'payments.write',
};

// ---- the review threshold ----------------------------------------------------------------------

export async function adjustThresholdFen(db: Tx): Promise<number> {
  const row = await db.selectFrom('finance_settings').select('adjust_review_fen').where('id', '=', 1).executeTakeFirst();
  return Number(row?.adjust_review_fen ?? 0);
}

export async function financeSettings(db: Tx): Promise<FinanceSettings> {
  return { adjust_review_threshold: fenToYuan(await adjustThresholdFen(db)) };
}

export async function updateFinanceSettings(db: Kdb, actor: Actor, input: { adjust_review_threshold: number | string }): Promise<FinanceSettings> {
  const fen = yuanToFen(input.adjust_review_threshold)!;
  await db.transaction().execute(async (tx) => {
    const before = await financeSettings(tx);
    await tx.updateTable('finance_settings').set({ adjust_review_fen: fen, updated_by: actor.id, updated_at: new Date() }).where('id', '=', 1).execute();
    await writeAudit(tx, actor, 'finance.settings', 'finance:settings', before, { adjust_review_threshold: fenToYuan(fen) });
  });
  return financeSettings(db);
}

// ---- requests ----------------------------------------------------------------------------------

/**
 * Stores a request with who asked, audited. A repeated submit of the same console dialog (its
 * request id) is 409 已处理 instead of a second request.
 */
export async function requestApproval(db: Kdb, actor: Actor, kind: ApprovalKind, targetId: number | null, payload: Payload, requestId?: string): Promise<ApprovalPending> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('staff_approvals')
      .values({ kind, target_id: targetId, payload: JSON.stringify(payload), maker_id: actor.id, maker_name: actor.username, result: null, request_id: requestId ? `${kind}:${requestId}` : null })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict();
    await writeAudit(tx, actor, 'approval.request', `approval:${row.id}`, null, { id: row.id, kind, target_id: targetId, payload });
    return { approval_id: row.id, pending: true as const };
  });
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: Tx) =>
  db
    .selectFrom('staff_approvals as a')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'a.target_id').on('a.kind', '=', 'member.adjust'))
    .select(['a.id', 'a.kind', 'a.target_id', 'a.payload', 'a.state', 'a.maker_id', 'a.maker_name', 'a.checker_name', 'a.reason', 'a.created_at', 'a.decided_at', 'm.username as member_name'])
    .execute();

/** The request's one line for people (the member and the amount, or the account). */
function summaryOf(kind: ApprovalKind, p: Record<string, unknown>): string {
  if (kind === 'member.adjust') {
    const amount = fenToYuan(Number(p.amount_fen));
    const label = ADJUST_CATEGORY_LABELS[p.category as AdjustCategory] ?? String(p.category);
    return `${amount > 0 ? '加款' : '扣款'} ${Math.abs(amount).toFixed(2)} 元（${label}）：${String(p.reason ?? '')}`;
  }
  const parts = [p.method ? PAY_METHOD_LABELS[p.method as PayMethod] ?? String(p.method) : '', p.bank_name, p.bank_no, p.bank_owner, p.mch_id]
    .filter((x) => typeof x === 'string' && x !== '')
    .join(' · ');
  const notes = [kind === 'receiving.update' && p.enabled === true ? '启用' : '', kind === 'receiving.update' && p.enabled === false ? '停用' : '', typeof p.payimg === 'string' && p.payimg !== '' ? '含收款码' : ''].filter(Boolean);
  return `${parts || '修改'}${notes.length ? `（${notes.join('、')}）` : ''}`;
}

function targetOf(r: Row): string {
  if (r.kind === 'member.adjust') return r.member_name ?? `会员 ${r.target_id}`;
  return r.target_id ? `收款账户 #${r.target_id}` : '新收款账户';
}

function toApproval(r: Row): AdminApproval {
  const kind = r.kind as ApprovalKind;
  const payload = (r.payload ?? {}) as Record<string, unknown>;
  return {
    id: r.id,
    kind,
    kind_label: APPROVAL_KIND_LABELS[kind] ?? r.kind,
    target: targetOf(r),
    summary: summaryOf(kind, payload),
    payload,
    state: r.state,
    state_label: APPROVAL_STATE_LABELS[r.state] ?? String(r.state),
    maker_id: r.maker_id,
    maker_name: r.maker_name,
    checker_name: r.checker_name,
    reason: r.reason,
    created_at: beijing(r.created_at),
    decided_at: r.decided_at ? beijing(r.decided_at) : null,
  };
}

/** Newest first; only the kinds the staff member's role may decide. */
export async function listApprovals(db: Kdb, role: StaffRole, q: { state?: number; page: number }): Promise<Page<AdminApproval>> {
  const kinds = (Object.keys(KIND_PERMISSION) as ApprovalKind[]).filter((k) => roleCan(role, KIND_PERMISSION[k]));
  const perPage = ADMIN_LIMITS.pageSize;
  if (kinds.length === 0) return pageOf([], 0, q.page, perPage);
  let base = db.selectFrom('staff_approvals as a').where('a.kind', 'in', kinds);
  if (q.state !== undefined) base = base.where('a.state', '=', q.state);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'a.target_id').on('a.kind', '=', 'member.adjust'))
      .select(['a.id', 'a.kind', 'a.target_id', 'a.payload', 'a.state', 'a.maker_id', 'a.maker_name', 'a.checker_name', 'a.reason', 'a.created_at', 'a.decided_at', 'm.username as member_name'])
      .orderBy('a.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(q.page, perPage))
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toApproval), count.n, q.page, perPage);
}

/** Locks a waiting request the checker may decide: 404 unknown, 409 已处理, 403 for the maker or without the kind's permission. */
async function lockWaiting(tx: Tx, checker: Actor, role: StaffRole, id: number, own: 'refuse' | 'allow') {
  const row = await tx.selectFrom('staff_approvals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row || !roleCan(role, KIND_PERMISSION[row.kind as ApprovalKind] ?? 'staff.manage')) throw notFound(FINANCE_DESK_MSG.approvalMissing);
  if (row.state !== 0) throw conflict(FINANCE_DESK_MSG.approvalDone);
  if (own === 'refuse' && row.maker_id === checker.id) throw forbidden(FINANCE_DESK_MSG.approvalOwn);
  return row;
}

async function oneApproval(db: Tx, id: number): Promise<AdminApproval> {
  const [row] = await db
    .selectFrom('staff_approvals as a')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'a.target_id').on('a.kind', '=', 'member.adjust'))
    .select(['a.id', 'a.kind', 'a.target_id', 'a.payload', 'a.state', 'a.maker_id', 'a.maker_name', 'a.checker_name', 'a.reason', 'a.created_at', 'a.decided_at', 'm.username as member_name'])
    .where('a.id', '=', id)
    .execute();
  return toApproval(row!);
}

/**
 * Approves and applies a request in one transaction. Two checkers at once: the second waits on the
 * row lock, then finds it no longer waiting (409 已处理); a failed application (余额不足, a rule)
 * rolls the approval back and the request stays waiting.
 */
export async function approveRequest(db: Kdb, checker: Actor, role: StaffRole, id: number): Promise<AdminApproval> {
  await db.transaction().execute(async (tx) => {
    const row = await lockWaiting(tx, checker, role, id, 'refuse');
    const approval = { id: row.id, maker: row.maker_name };
    let result: Record<string, unknown>;
    if (row.kind === 'member.adjust') {
      const p = row.payload as AdjustPayload;
      result = { ...(await applyAdjustment(tx, checker, row.target_id!, { amountFen: Number(p.amount_fen), category: p.category, reason: p.reason, turnoverMultiple: p.turnover_multiple ?? undefined }, approval)) };
    } else if (row.kind === 'receiving.create') {
      result = { receiving_id: await insertReceivingAccount(tx, checker, row.payload as AccountInput, approval) };
    } else {
      await applyReceivingUpdate(tx, checker, row.target_id!, row.payload as Partial<AccountInput>, approval);
      result = { receiving_id: row.target_id };
    }
    await tx.updateTable('staff_approvals').set({ state: 1, checker_id: checker.id, checker_name: checker.username, decided_at: new Date(), result: JSON.stringify(result) }).where('id', '=', id).execute();
    await writeAudit(tx, checker, 'approval.approve', `approval:${id}`, { state: 0 }, { state: 1, kind: row.kind, maker: row.maker_name, result });
  });
  return oneApproval(db, id);
}

/** Rejects a waiting request (its maker may withdraw its own this way); nothing is applied. */
export async function rejectRequest(db: Kdb, checker: Actor, role: StaffRole, id: number, reason: string): Promise<AdminApproval> {
  await db.transaction().execute(async (tx) => {
    const row = await lockWaiting(tx, checker, role, id, 'allow');
    const text = reason.trim();
    await tx.updateTable('staff_approvals').set({ state: 2, checker_id: row.maker_id === checker.id ? null : checker.id, checker_name: checker.username, decided_at: new Date(), reason: text }).where('id', '=', id).execute();
    await writeAudit(tx, checker, 'approval.reject', `approval:${id}`, { state: 0 }, { state: 2, kind: row.kind, maker: row.maker_name, reason: text });
  });
  return oneApproval(db, id);
}
