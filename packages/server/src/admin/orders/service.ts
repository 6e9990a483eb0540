import { sql } from 'kysely';
import { ADMIN_LIMITS, type AdminDeposit, type AdminWithdrawal, type Page } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Tx } from '../../modules/ledger/service.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { depositViewQuery, toDepositView, type DepositView } from '../../modules/deposits/review.js';
import { toWithdrawalView, withdrawalViewQuery, type WithdrawalView } from '../../modules/withdrawals/review.js';

/**
 * The review queues. Reading is ours (the deposit and withdrawal modules' own view queries, plus the
 * reviewer's name); approving and rejecting belong to those modules (review.ts), never to us.
 */
export interface OrderFilter {
  state?: number;
  keyword: string;
  page: number;
}

async function staffNames(db: Kdb, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'username']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function withReviewers<T extends { reviewed_by: number | null }>(db: Kdb, rows: T[]): Promise<Array<T & { reviewer: string }>> {
  const names = await staffNames(db, rows.map((r) => r.reviewed_by));
  return rows.map((r) => ({ ...r, reviewer: r.reviewed_by === null ? '' : (names.get(r.reviewed_by) ?? '') }));
}

/** Pending orders oldest first (the queue's order of work); reviewed ones newest first. */
export async function listDeposits(db: Kdb, f: OrderFilter): Promise<Page<AdminDeposit>> {
  const perPage = ADMIN_LIMITS.pageSize;
  let q = depositViewQuery(db);
  if (f.state) q = q.where('d.state', '=', f.state);
  if (f.keyword) q = q.where((eb) => eb.or([eb('m.username', '=', f.keyword), eb('d.deposit_no', '=', f.keyword)]));
  const order = f.state === 1 ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    q.orderBy('d.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(await withReviewers(db, rows.map(toDepositView)), count.n, f.page, perPage);
}

/** Card numbers in full: the response layer masks them for staff without members.cards (admin/redact.ts). */
export async function listWithdrawals(db: Kdb, f: OrderFilter): Promise<Page<AdminWithdrawal>> {
  const perPage = ADMIN_LIMITS.pageSize;
  let q = withdrawalViewQuery(db);
  if (f.state) q = q.where('w.state', '=', f.state);
  if (f.keyword) q = q.where((eb) => eb.or([eb('m.username', '=', f.keyword), eb('w.withdraw_no', '=', f.keyword)]));
  const order = f.state === 1 ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    q.orderBy('w.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const views = rows.map(toWithdrawalView);
  return pageOf(await withReviewers(db, views), count.n, f.page, perPage);
}

/** A member's recent orders for the member detail. */
export async function recentDeposits(db: Tx, memberId: number): Promise<DepositView[]> {
  const rows = await depositViewQuery(db).where('d.member_id', '=', memberId).orderBy('d.id', 'desc').limit(ADMIN_LIMITS.detailRows).execute();
  return rows.map(toDepositView);
}
export async function recentWithdrawals(db: Tx, memberId: number): Promise<WithdrawalView[]> {
  const rows = await withdrawalViewQuery(db).where('w.member_id', '=', memberId).orderBy('w.id', 'desc').limit(ADMIN_LIMITS.detailRows).execute();
  return rows.map(toWithdrawalView);
}
