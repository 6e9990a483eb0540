import { sql } from 'kysely';
import { ADMIN_MSG, fmt, LOYALTY_ADMIN_MSG, type VipChangeResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { beijingDate } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { VIP_REASON } from './service.js';

/**
 * A member's VIP standing: the level, when it last changed, the retention period, and the two
 * figures promotion asks for: the cumulative deposit (paysum) and the turnover (flow). The VIP module
 * alone writes them; a deposit approval and the bet feed add to the figures through these.
 */

/** An approved deposit adds to the member's cumulative deposit, inside the approval's transaction. */
export async function addDepositSum(tx: Tx, memberId: number, fen: number): Promise<void> {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`vip: bad deposit ${fen}`);
  await tx
    .updateTable('members')
    .set({ paysum_fen: sql`paysum_fen + ${fen}` })
    .where('id', '=', memberId)
    .execute();
}

/** A member's valid bets counted at once (the bet feed sums a batch per member). */
export interface FlowAdd {
  memberId: number;
  fen: number;
}

/**
 * Counted bets add to the members' turnover, one statement for the whole batch (at most one entry per
 * member), inside the feed's transaction. `lazyCommit`: that transaction commits without waiting for
 * the disk (the bet feed's settlements can be fetched again until its cursor moves past them).
 * Answers the members found.
 */
export async function addFlow(tx: Tx, flows: readonly FlowAdd[], opts: { lazyCommit?: boolean } = {}): Promise<number> {
  if (flows.length === 0) return 0;
  for (const f of flows) if (!Number.isSafeInteger(f.fen) || f.fen < 0) throw new Error(`vip: bad flow ${f.fen}`);
  const values = flows.map((f) => sql`(${f.memberId}::bigint, ${f.fen}::bigint)`);
  const lazy = opts.lazyCommit ? sql`AND set_config('synchronous_commit', 'off', true) = 'off'` : sql``;
  const r = await sql`UPDATE members m SET flow_fen = m.flow_fen + v.fen FROM (VALUES ${sql.join(values)}) AS v(id, fen) WHERE m.id = v.id ${lazy}`.execute(tx);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * A manual level change by staff: any level VIP1–VIP10, without the level-up bonus (a bonus is earned
 * by climbing, DESIGN §8). Like the engine's own changes it starts a new retention period and counts as
 * the day's level change, and it is a vip_history row, so the rebate of its Beijing day and of the days
 * after it uses the new level; the row keeps the staff member's reason and name, and the audit row is
 * written in the same transaction. Member row locked first, as every level change does
 * (promoteBatch). Trial accounts have no level to change.
 */
export async function changeLevel(db: Kdb, actor: Actor, memberId: number, change: { level: number; reason: string }, now: Date = new Date()): Promise<VipChangeResult> {
  const reason = change.reason.trim();
  return db.transaction().execute(async (tx) => {
    const r = await sql<{ vip: number; is_trial: boolean }>`SELECT vip, is_trial FROM members WHERE id = ${memberId} FOR NO KEY UPDATE`.execute(tx);
    const m = r.rows[0];
    if (!m) throw notFound(ADMIN_MSG.memberMissing);
    if (m.is_trial) throw badRequest(LOYALTY_ADMIN_MSG.vipTrial);
    if (m.vip === change.level) throw badRequest(fmt(LOYALTY_ADMIN_MSG.vipSame, { level: change.level }));
    await tx.updateTable('members').set({ vip: change.level, vip_changed_on: beijingDate(now), vip_period_start: now }).where('id', '=', memberId).execute();
    await tx
      .insertInto('vip_history')
      .values({ member_id: memberId, from_level: m.vip, to_level: change.level, reason: VIP_REASON.manual, note: reason, staff_id: actor.id, created_at: now })
      .execute();
    await writeAudit(tx, actor, 'member.vip', `member:${memberId}`, { vip: m.vip }, { vip: change.level, reason });
    return { level: change.level };
  });
}
