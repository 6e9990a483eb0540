import { sql } from 'kysely';
import { ADMIN_LIMITS, AUDIT_ACTION_LABELS, type AdminAuditEntry, type AuditAction, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Tx } from '../../modules/ledger/service.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { redactCards } from '../redact.js';

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

/** Newest first, optionally one staff member's (by name) or one action's. */
export async function listAudit(db: Kdb, q: { page: number; staff: string; action: string }): Promise<Page<AdminAuditEntry>> {
  const perPage = ADMIN_LIMITS.pageSize;
  let query = db.selectFrom('audit_log');
  if (q.staff) query = query.where('staff_name', '=', q.staff);
  if (q.action) query = query.where('action', '=', q.action);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(perPage).offset(offsetOf(q.page, perPage)).execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const labels = AUDIT_ACTION_LABELS as Record<string, string>;
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      staff_id: r.staff_id,
      staff_name: r.staff_name,
      action: r.action,
      action_label: labels[r.action] ?? r.action,
      target: r.target,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: r.ip,
      created_at: beijing(r.created_at),
    })),
    count.n,
    q.page,
    perPage,
  );
}
