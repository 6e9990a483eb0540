import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { DEPOSIT_EXPIRY, depositExpires, ORDER_STATE, PAY_METHODS, TIMING } from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';

/**
 * Deposit orders expire (DESIGN §1 scheduled expiry, contract DEPOSIT_EXPIRY): an order of a method
 * with a payment window (all but bank transfers) still pending TIMING.paymentWindowMin after it was
 * opened closes as state 3 with expired_at and the reason 超时未支付，订单已关闭. No money moved for it,
 * so none moves now. A sweep every minute closes them all; the member's own reads (records, payinfo)
 * and a new order close the member's first, so the member never sees a stale one; staff cannot
 * approve or reject an order past its window even before the sweep (review.ts).
 */

/** How often the sweep runs. */
export const DEPOSIT_EXPIRY_SWEEP_MS = 60_000;

/** Methods whose orders never expire. */
const WITHOUT_WINDOW = PAY_METHODS.filter((m) => !depositExpires(m));

/** The SQL condition "this order's payment window is over", for a row of deposits. */
export const windowOver = sql<boolean>`created_at <= now() - make_interval(mins => ${TIMING.paymentWindowMin}::int)`;

/** Closes the pending orders past their window (every member's, one member's, or one order); their ids. */
export async function expireDeposits(db: Tx, scope: { memberId?: number; id?: number } = {}): Promise<number[]> {
  let q = db
    .updateTable('deposits')
    .set({ state: ORDER_STATE.rejected, reason: DEPOSIT_EXPIRY.remark, expired_at: sql`now()` })
    .where('state', '=', ORDER_STATE.pending)
    .where(windowOver);
  if (WITHOUT_WINDOW.length > 0) q = q.where('method', 'not in', WITHOUT_WINDOW);
  if (scope.memberId !== undefined) q = q.where('member_id', '=', scope.memberId);
  if (scope.id !== undefined) q = q.where('id', '=', scope.id);
  return (await q.returning('id').execute()).map((r) => Number(r.id));
}

/** The sweep: every DEPOSIT_EXPIRY_SWEEP_MS, one instance at a time. */
export function startDepositExpiry(app: FastifyInstance): void {
  scheduleJob(app, 'deposit expiry', DEPOSIT_EXPIRY_SWEEP_MS, () => withTryLock(app.db, JOB_LOCK.depositExpiry, () => expireDeposits(app.kdb)));
}
