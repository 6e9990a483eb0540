import { fmt, MSG, ORDER_STATE } from '@app/contract';
import type { Tx } from '../ledger/service.js';
import { badRequest } from '../../http/errors.js';

/**
 * Refuses a new withdrawal while the member already has `pendingMax` orders waiting for review (0: no
 * cap), so one member cannot flood the review queue. Called inside the request's transaction after
 * its member row is locked (lockedRemainingTurnoverFen), so concurrent requests count one another.
 */
export async function refuseOverPendingCap(tx: Tx, memberId: number, pendingMax: number): Promise<void> {
  if (pendingMax <= 0) return;
  const rows = await tx
    .selectFrom('withdrawals')
    .select('id')
    .where('member_id', '=', memberId)
    .where('state', '=', ORDER_STATE.pending)
    .limit(pendingMax)
    .execute();
  if (rows.length >= pendingMax) throw badRequest(fmt(MSG.withdrawPendingMax, { max: pendingMax }));
}
