import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ADMIN_LIMITS, AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX_ROWS, AUDIT_MSG, fmt, type AdminAuditEntry, type AuditAction, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Tx } from '../ledger/service.js';
import { beijing, beijingDayStartOf } from '../../lib/time.js';
import { badRequest } from '../../http/errors.js';
import { redactCards } from '../cards/redact.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { targetLabels } from './readable.js';

/**
 * The audit log (audit_log): who did what to which object, with before and after. Every module where
 * staff act writes its row here, in the transaction of the change; the back office reads and exports it.
 */

/** Who did it, from where: every audit row names the staff member and the client address. */
export interface Actor {
  id: number;
  username: string;
  ip: string;
}

/**
 * Appends one row to the audit log (append-only: the database refuses UPDATE, DELETE and TRUNCATE).
 * Pass the caller's transaction when the change is made in one, so the change and its record
 * commit together. Card numbers go in masked: the log is kept for ever and read beyond finance.
 */
export async function writeAudit(db: Tx, actor: Actor, action: AuditAction, target: string, before: unknown, after: unknown): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      staff_id: actor.id,
      staff_name: actor.username,
      action,
      target,
      before: before === undefined || before === null ? null : JSON.stringify(redactCards(before)),
      after: after === undefined || after === null ? null : JSON.stringify(redactCards(after)),
      ip: actor.ip,
    })
    .execute();
}

/**
 * The recorder a module's change calls inside its transaction, so the staff member's audit row commits
 * with the change: who, what, which object (or the object's name from the row after, for a new one),
 * before and after; `note` (the staff's reason) joins the after.
 */
export function audited<V>(actor: Actor, action: AuditAction, target: string | ((after: V) => string), note?: Record<string, unknown>): (tx: Tx, before: V, after: V) => Promise<void> {
  return (tx, before, after) => writeAudit(tx, actor, action, typeof target === 'string' ? target : target(after), before, note ? { ...after, ...note } : after);
}

export interface AuditFilter {
  page: number;
  staff: string;
  action: string;
  /** Beijing days YYYY-MM-DD, either may be empty (open) */
  from?: string;
  to?: string;
}

function filtered(db: Kdb, q: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (q.staff) query = query.where('staff_name', '=', q.staff);
  if (q.action) query = query.where('action', '=', q.action);
  if (q.from) query = query.where('created_at', '>=', beijingDayStartOf(q.from));
  if (q.to) query = query.where('created_at', '<', new Date(beijingDayStartOf(q.to).getTime() + 86_400_000));
  return query;
}

type AuditRow = Selectable<Database['audit_log']>;

async function readable(db: Kdb, rows: AuditRow[]): Promise<AdminAuditEntry[]> {
  const labels = AUDIT_ACTION_LABELS as Record<string, string>;
  const targets = await targetLabels(db, rows.map((r) => r.target));
  return rows.map((r) => ({
    id: r.id,
    staff_id: r.staff_id,
    staff_name: r.staff_name,
    action: r.action,
    action_label: labels[r.action] ?? r.action,
    target: r.target,
    target_label: targets.get(r.target) ?? r.target,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    created_at: beijing(r.created_at),
  }));
}

/** Newest first, optionally one staff member's (by name), one action's, within Beijing days. */
export async function listAudit(db: Kdb, q: AuditFilter): Promise<Page<AdminAuditEntry>> {
  const perPage = ADMIN_LIMITS.pageSize;
  const query = filtered(db, q);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(perPage).offset(offsetOf(q.page, perPage)).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(await readable(db, rows), count.n, q.page, perPage);
}

/** An export's columns and rows, as text, ready for a file. */
export interface AuditSheet {
  header: string[];
  rows: string[][];
}

/**
 * The filter's rows (every page, newest first) as an export's lines; more than AUDIT_EXPORT_MAX_ROWS is
 * refused. Card numbers masked unless `fullCards` (members.cards).
 */
export async function auditSheet(db: Kdb, q: AuditFilter, fullCards: boolean): Promise<AuditSheet> {
  const query = filtered(db, q);
  const rows = await query.selectAll().orderBy('id', 'desc').limit(AUDIT_EXPORT_MAX_ROWS + 1).execute();
  if (rows.length > AUDIT_EXPORT_MAX_ROWS) throw badRequest(fmt(AUDIT_MSG.exportTooMany, { max: AUDIT_EXPORT_MAX_ROWS }));
  // A file does not pass the envelopes' card rule (admin/redact.ts), so it is applied here.
  const read = await readable(db, rows);
  const entries = fullCards ? read : redactCards(read);
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return {
    header: ['时间', '员工', '操作', '对象', 'IP', '变更前', '变更后'],
    rows: entries.map((e) => [e.created_at, e.staff_name, e.action_label, e.target_label, e.ip, json(e.before), json(e.after)]),
  };
}
