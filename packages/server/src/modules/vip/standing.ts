import { sql } from 'kysely';
import { ADMIN_MSG, fmt, LOYALTY_ADMIN_MSG, type VipChangeResult } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { beijingDate } from '../../lib/time.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';
import { VIP_REASON } from './service.js';

/**
 * A member's VIP standing (vip_standings): the level, when it last changed, the retention period, and
 * the two figures promotion asks for: the cumulative deposit (paysum) and the turnover (flow). The VIP
 * module alone writes it; registration opens it, a deposit approval and the bet feed add to the figures
 * through these. A member without a row (a trial guest, one made before the table) gets one on its
 * first figure, its period running from registration, as member_figures reads it until then.
 *
 * Lock order, as every money path: the member row first (FOR NO KEY UPDATE, in id order), then its
 * standing. Each write here takes the member row's lock in its own statement, so no standing is ever
 * written without it.
 */

/** A new member's standing at VIP1, inside its registration's transaction. */
export async function openStanding(tx: Tx, memberId: number): Promise<void> {
  await tx.insertInto('vip_standings').values({ member_id: memberId }).execute();
}

/** An approved deposit adds to the member's cumulative deposit, inside the approval's transaction. */
export async function addDepositSum(tx: Tx, memberId: number, fen: number): Promise<void> {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`vip: bad deposit ${fen}`);
  await sql`
    INSERT INTO vip_standings (member_id, period_start, paysum_fen)
    SELECT id, created_at, ${fen}::bigint FROM members WHERE id = ${memberId} FOR NO KEY UPDATE
    ON CONFLICT (member_id) DO UPDATE SET paysum_fen = vip_standings.paysum_fen + excluded.paysum_fen`.execute(tx);
}

/** A member's valid bets counted at once (the bet feed sums a batch per member). */
export interface FlowAdd {
  memberId: number;
  fen: number;
}

/**
 * Counted bets add to the members' turnover, one statement for the whole batch, inside the feed's
 * transaction. `lazyCommit`: that transaction commits without waiting for the disk (the bet feed's
 * settlements can be fetched again until its cursor moves past them). Answers the members found.
 */
export async function addFlow(tx: Tx, flows: readonly FlowAdd[], opts: { lazyCommit?: boolean } = {}): Promise<number> {
  const perMember = new Map<number, number>();
  for (const f of flows) {
    if (!Number.isSafeInteger(f.fen) || f.fen < 0) throw new Error(`vip: bad flow ${f.fen}`);
    perMember.set(f.memberId, (perMember.get(f.memberId) ?? 0) + f.fen);
  }
  if (perMember.size === 0) return 0;
  const values = [...perMember].map(([id, fen]) => sql`(${id}::bigint, ${fen}::bigint)`);
  const lazy = opts.lazyCommit ? sql`AND set_config('synchronous_commit', 'off', true) = 'off'` : sql``;
  const r = await sql`
    INSERT INTO vip_standings (member_id, period_start, flow_fen)
    SELECT m.id, m.created_at, v.fen FROM members m JOIN (VALUES ${sql.join(values)}) AS v(id, fen) ON v.id = m.id ${lazy}
    ORDER BY m.id FOR NO KEY UPDATE OF m
    ON CONFLICT (member_id) DO UPDATE SET flow_fen = vip_standings.flow_fen + excluded.flow_fen`.execute(tx);
  return Number(r.numAffectedRows ?? 0);
}

/** The member's cumulative valid bets (VIP turnover, 流水), in fen. */
export async function memberFlowFen(db: Tx, memberId: number): Promise<number> {
  const row = await db.selectFrom('vip_standings').select('flow_fen').where('member_id', '=', memberId).executeTakeFirst();
  return Number(row?.flow_fen ?? 0);
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
    const m = await tx.selectFrom('members').select('is_trial').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
    if (!m) throw notFound(ADMIN_MSG.memberMissing);
    if (m.is_trial) throw badRequest(LOYALTY_ADMIN_MSG.vipTrial);
    const standing = await tx.selectFrom('vip_standings').select('level').where('member_id', '=', memberId).executeTakeFirst();
    const from = standing?.level ?? 1;
    if (from === change.level) throw badRequest(fmt(LOYALTY_ADMIN_MSG.vipSame, { level: change.level }));
    const set = { level: change.level, changed_on: beijingDate(now), period_start: now };
    await tx
      .insertInto('vip_standings')
      .values({ member_id: memberId, ...set })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
      .execute();
    await tx
      .insertInto('vip_history')
      .values({ member_id: memberId, from_level: from, to_level: change.level, reason: VIP_REASON.manual, note: reason, staff_id: actor.id, created_at: now })
      .execute();
    await writeAudit(tx, actor, 'member.vip', `member:${memberId}`, { vip: from }, { vip: change.level, reason });
    return { level: change.level };
  });
}
