import { sql, type RawBuilder } from 'kysely';
import { fenToYuan, fmt, nextTierEligible, VIP_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijingDate } from '../../lib/time.js';
import { HOUSE, memberWalletId, post, systemAccountId } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';

/**
 * The VIP engine (spec §4 VIP rules, §9; DESIGN §8): members start at VIP1 and climb one level at a
 * time, at most one level change per Beijing day, never skipping, when both the cumulative deposit
 * (paysum) and the turnover (flow) of the next tier are reached; they lose one level after a 90-day
 * period whose turnover stayed below their tier's retention turnover (relegate.ts), never below VIP1.
 * Every change is a vip_history row. Trial accounts never change level. A level once lost comes back
 * only with the turnover that would have kept it (mayRegain).
 */
export const VIP_MAX_LEVEL = 10;
export const VIP_REASON = { promotion: 'promotion', relegation: 'relegation', manual: 'manual' } as const;
/** The ledger journal kind of a level-up bonus (晋级礼金). */
export const VIP_BONUS_JOURNAL_KIND = 'vip_bonus';
/** A level-up bonus's turnover requirement: 1× the amount (DESIGN §8). */
const VIP_BONUS_TURNOVER_MULTIPLE = 1;
/** Members evaluated per statement by promoteEligible (a nightly pass walks the rest in batches). */
const PROMOTE_BATCH = 500;

/** Idempotency key of a level's bonus: a level reached twice (after a relegation) pays once. */
export function vipBonusKey(memberId: number, level: number): string {
  return `vip-bonus:${memberId}:${level}`;
}

/**
 * Promotes the member by one level when the next tier's conditions are met and no level change
 * happened yet this Beijing day; pays the tier's level-up bonus (once per member and level) with
 * its turnover requirement and a mail. Member row first (lock order: member row, then ledger
 * accounts). Answers the new level, or null when nothing changed.
 */
export async function promoteMember(db: Kdb, memberId: number, now: Date = new Date()): Promise<number | null> {
  // Opened outside the money transaction (systemAccountId's rule).
  const house = await systemAccountId(db, HOUSE.vipBonus);
  const today = beijingDate(now);
  return db.transaction().execute(async (tx) => {
    const m = await sql<{ vip: number; paysum_fen: string | number; flow_fen: string | number; is_trial: boolean; changed_today: boolean }>`
      SELECT vip, paysum_fen, flow_fen, is_trial, COALESCE(vip_changed_on = ${today}::date, false) AS changed_today
      FROM members WHERE id = ${memberId} FOR NO KEY UPDATE`.execute(tx);
    const row = m.rows[0];
    if (!row || row.is_trial || row.changed_today || row.vip >= VIP_MAX_LEVEL) return null;
    const next = row.vip + 1;
    const tier = await tx.selectFrom('vip_tiers').select(['name', 'recharge_fen', 'flow_fen', 'levelup_bonus_fen']).where('level', '=', next).executeTakeFirst();
    if (!tier) return null;
    const eligible = nextTierEligible(
      { paysumFen: Number(row.paysum_fen), flowFen: Number(row.flow_fen) },
      { rechargeFen: Number(tier.recharge_fen), flowFen: Number(tier.flow_fen) },
    );
    if (!eligible || !(await mayRegain(tx, memberId, next))) return null;
    await sql`UPDATE members SET vip = ${next}, vip_changed_on = ${today}::date, vip_period_start = ${now} WHERE id = ${memberId}`.execute(tx);
    await tx.insertInto('vip_history').values({ member_id: memberId, from_level: row.vip, to_level: next, reason: VIP_REASON.promotion, created_at: now }).execute();
    const bonusFen = Number(tier.levelup_bonus_fen);
    const key = vipBonusKey(memberId, next);
    const paid = bonusFen > 0 ? await tx.selectFrom('ledger_journals').select('id').where('idem_key', '=', key).executeTakeFirst() : undefined;
    if (bonusFen > 0 && !paid) {
      await addTurnoverRequirement(tx, memberId, bonusFen * VIP_BONUS_TURNOVER_MULTIPLE);
      const wallet = await memberWalletId(tx, memberId);
      await post(tx, {
        idemKey: key,
        kind: VIP_BONUS_JOURNAL_KIND,
        memo: `晋级礼金 VIP${next}`,
        entries: [
          { accountId: house, amountFen: -bonusFen },
          { accountId: wallet, amountFen: bonusFen },
        ],
      });
      await sendMail(tx, memberId, {
        title: fmt(VIP_MSG.levelUpMailTitle, { level: next }),
        content: fmt(VIP_MSG.levelUpBonusMailContent, { level: next, amount: fenToYuan(bonusFen).toFixed(2) }),
      });
    } else {
      await sendMail(tx, memberId, { title: fmt(VIP_MSG.levelUpMailTitle, { level: next }), content: fmt(VIP_MSG.levelUpMailContent, { level: next }) });
    }
    return next;
  });
}

/**
 * Promotes whichever of these members qualify now (a deposit approved, bets counted): one cheap read
 * picks the candidates, so members whose flow changed but who do not qualify cost nothing more.
 */
export async function promoteEligible(db: Kdb, memberIds: number[], now: Date = new Date()): Promise<number> {
  let promoted = 0;
  for (let i = 0; i < memberIds.length; i += PROMOTE_BATCH) {
    const ids = memberIds.slice(i, i + PROMOTE_BATCH);
    for (const id of await candidates(db, now, ids)) if ((await promoteMember(db, id, now)) !== null) promoted += 1;
  }
  return promoted;
}

/**
 * The cumulative figures never shrink, so a relegated member would meet them again the next day and
 * relegation would last one day. A level the member has lost therefore comes back only once the
 * turnover of the current period (from the relegation, member_daily_bets) reaches that level's
 * retention turnover: what keeping it would have asked. The same condition as in candidates().
 */
const REGAIN_ALLOWED = (level: RawBuilder<unknown>, memberId: RawBuilder<unknown>, periodStart: RawBuilder<unknown>) => sql`(
  NOT EXISTS (SELECT 1 FROM vip_history h WHERE h.member_id = ${memberId} AND h.reason = ${VIP_REASON.relegation} AND h.from_level >= ${level})
  OR (SELECT COALESCE(sum(d.valid_fen), 0) FROM member_daily_bets d
      WHERE d.member_id = ${memberId} AND d.day >= ((${periodStart} AT TIME ZONE 'UTC') + interval '8 hours')::date)
    >= (SELECT r.retention_flow_fen FROM vip_tiers r WHERE r.level = ${level}))`;

async function mayRegain(tx: Kdb, memberId: number, level: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`
    SELECT ${REGAIN_ALLOWED(sql`${level}::int`, sql`m.id`, sql`m.vip_period_start`)} AS ok FROM members m WHERE m.id = ${memberId}`.execute(tx);
  return r.rows[0]?.ok === true;
}

/** Members (of `ids`, or all when null) who meet the next tier's conditions and have not changed level this Beijing day. */
export async function candidates(db: Kdb, now: Date, ids: number[] | null, afterId = 0, limit = PROMOTE_BATCH): Promise<number[]> {
  const query = sql<{ id: string | number }>`
    SELECT m.id FROM members m JOIN vip_tiers t ON t.level = m.vip + 1
    WHERE NOT m.is_trial AND m.paysum_fen >= t.recharge_fen AND m.flow_fen >= t.flow_fen
      AND (m.vip_changed_on IS NULL OR m.vip_changed_on <> ${beijingDate(now)}::date)
      AND m.id > ${afterId} ${ids ? sql`AND m.id = ANY(${ids}::bigint[])` : sql``}
      AND ${REGAIN_ALLOWED(sql`m.vip + 1`, sql`m.id`, sql`m.vip_period_start`)}
    ORDER BY m.id LIMIT ${limit}`;
  // The pass's walk over all members (ids null) is planned as a scan of the members with subqueries
  // per row; that estimate passes PostgreSQL's JIT thresholds, and compiling (≈ 260 ms a batch at
  // 100,000 members, benchmark (g)) costs far more than running it (≈ 30 ms). Off for that statement.
  const r = ids
    ? await query.execute(db)
    : await db.transaction().execute(async (tx) => {
        await sql`SET LOCAL jit = off`.execute(tx);
        return query.execute(tx);
      });
  return r.rows.map((x) => Number(x.id));
}
