import type { Transaction } from 'kysely';
import type { Kdb } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { notFound } from '../http/errors.js';

/**
 * The skeleton of a staff review of a pending row (a deposit, a withdrawal, an agent or promotion
 * application, a commission statement). The owning module says what to lock and refuse and what the
 * decision writes; this file writes no table itself.
 */

/**
 * Called inside a review's transaction with the row's view before and after, so what the caller
 * records (the back office's audit row) commits or rolls back together with the decision.
 */
export type ReviewRecorder<V> = (tx: Transaction<Database>, before: V, after: V) => Promise<void>;

/** How a module's pending rows are locked and shown. */
export interface PendingRows<L, V> {
  /**
   * Locks the row FOR UPDATE inside `tx` and returns what the decision needs of it; throws the
   * refusals: 404 when unknown, 409 已处理 when decided already, and the module's own.
   */
  lock(tx: Transaction<Database>, id: number): Promise<L>;
  /** The row as staff see it and the audit log records it (null only when there is no such row). */
  view(tx: Transaction<Database>, id: number): Promise<V | null>;
}

async function viewOf<V>(rows: PendingRows<unknown, V>, tx: Transaction<Database>, id: number): Promise<V> {
  const v = await rows.view(tx, id);
  if (v === null) throw new Error(`review: row ${id} has no view though it is locked`);
  return v;
}

/**
 * Reviews one pending row in one transaction: lock it (and refuse), read its view, `decide` (the
 * module's writes: money, the row's new state, the mail), read the view again and hand both to
 * `record`. A second decision on the same row, sequential or concurrent, meets the lock's 409.
 */
export async function reviewPending<L, V>(
  db: Kdb,
  rows: PendingRows<L, V>,
  id: number,
  decide: (tx: Transaction<Database>, locked: L, before: V) => Promise<void>,
  record?: ReviewRecorder<V>,
): Promise<{ before: V; after: V }> {
  return db.transaction().execute(async (tx) => {
    const locked = await rows.lock(tx, id);
    const before = await viewOf(rows, tx, id);
    await decide(tx, locked, before);
    const after = await viewOf(rows, tx, id);
    await record?.(tx, before, after);
    return { before, after };
  });
}

/** Tables of member orders whose rows carry their member: a review reads it before its transaction. */
export type MemberOrderTable = 'deposits' | 'withdrawals';

/**
 * The member an order belongs to, read before the review's transaction (the money paths then read
 * the member's wallet outside it); 404 `missing` when there is no such order.
 */
export async function memberOfOrder(db: Kdb, table: MemberOrderTable, id: number, missing: string): Promise<number> {
  const row = await db.selectFrom(table).select('member_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(missing);
  return row.member_id;
}
