import { sql, type RawBuilder } from 'kysely';
import { fenToYuan, fmt, VIP_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijingDate } from '../../lib/time.js';
import { HOUSE, memberWalletIds, postMany, systemAccountId } from '../ledger/service.js';
import { sendMails } from '../mail/service.js';
import { addTurnoverRequirements } from '../turnover/service.js';
import { nextTierReached } from './rule.js';

/**
 * The VIP engine (spec §4 VIP rules, §9; DESIGN §8): members start at VIP1 and climb one level at a
 * time, at most one level change per Beijing day, never skipping, when both the cumulative deposit
 * (paysum) and the turnover (flow) of the next tier are reached; they lose one level after a 90-day
 * period whose turnover stayed below their tier's retention turnover (relegate.ts), never below VIP1.
 * Every change is a vip_history row. Trial accounts never change level. A level once lost comes back
 * only with the turnover that would have kept it (REGAIN_ALLOWED).
 */
export const VIP_MAX_LEVEL = 10;
export const VIP_REASON = { promotion: 'promotion', relegation: 'relegation', manual: 'manual' } as const;
/** The ledger journal kind of a level-up bonus (晋级礼金). */
export const VIP_BONUS_JOURNAL_KIND = 'vip_bonus';
/** A level-up bonus's turnover requirement: 1× the amount (DESIGN §8). */
const VIP_BONUS_TURNOVER_MULTIPLE = 1;
/** Members read per candidates statement and promoted per transaction (promoteBatch); the rest wait for the next batch. */
export const PROMOTE_BATCH = 500;

/** Idempotency key of a level's bonus: a level reached twice (after a relegation) pays once. */
export function vipBonusKey(memberId: number, level: number): string {
  return `vip-bonus:${memberId}:${level}`;
}

/**
 * Promotes, in one transaction, whichever of these members (at most PROMOTE_BATCH) qualify for the
 * next level now, one level each: the batch form every promotion goes through (the deposit and bet
 * hooks through promoteEligible, the nightly pass). Set-based: the member rows are locked in id order
 * first (lock order: member rows, then what hangs on them — standings, turnover requirements — then
 * ledger accounts: a deposit approval locks its member's row before its journal's accounts, and
 * relegateDue locks its members in id order too, so none of them can deadlock with a batch),
 * eligibility is checked again under the locks (a concurrent evaluation that promoted first leaves nothing to do: changed today), then one
 * statement each for the levels, the history, the bonuses (ledger postMany: a journal per member
 * under vipBonusKey, so a level reached twice pays once), their turnover requirements and the mails.
 * Answers the members promoted.
 */
export async function promoteBatch(db: Kdb, memberIds: number[], now: Date = new Date()): Promise<number[]> {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  if (ids.length > PROMOTE_BATCH) throw new Error(`vip: ${ids.length} members in one promotion batch, at most ${PROMOTE_BATCH}`);
  // Opened outside the money transaction (systemAccountId's rule).
  const house = await systemAccountId(db, HOUSE.vipBonus);
  const today = beijingDate(now);
  return db.transaction().execute(async (tx) => {
    // The re-check below is planned per member with subqueries: small, never worth JIT compiling.
    await sql`SET LOCAL jit = off`.execute(tx);
    await sql`SELECT id FROM members WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR NO KEY UPDATE`.execute(tx);
    const up = await sql<{ id: number | string; level: number; bonus_fen: number | string }>`
      UPDATE vip_standings v SET level = v.level + 1, changed_on = ${today}::date, period_start = ${now}
      FROM members m, vip_tiers t
      WHERE v.member_id = ANY(${ids}::bigint[]) AND m.id = v.member_id AND t.level = v.level + 1 AND ${ELIGIBLE(today)}
      RETURNING v.member_id AS id, v.level AS level, t.levelup_bonus_fen AS bonus_fen`.execute(tx);
    const promoted = up.rows.map((r) => ({ id: Number(r.id), level: Number(r.level), bonusFen: Number(r.bonus_fen) })).sort((a, b) => a.id - b.id);
    if (promoted.length === 0) return [];
    await sql`
      INSERT INTO vip_history (member_id, from_level, to_level, reason, created_at)
      SELECT p.id, p.level - 1, p.level, ${VIP_REASON.promotion}, ${now}
      FROM unnest(${promoted.map((p) => p.id)}::bigint[], ${promoted.map((p) => p.level)}::int[]) AS p(id, level)`.execute(tx);
    const bonuses = promoted.filter((p) => p.bonusFen > 0);
    const wallets = await memberWalletIds(tx, bonuses.map((p) => p.id));
    const paid = await postMany(
      tx,
      bonuses.map((p) => ({
        idemKey: vipBonusKey(p.id, p.level),
        kind: VIP_BONUS_JOURNAL_KIND,
        memo: `晋级礼金 VIP${p.level}`,
        entries: [
          { accountId: house, amountFen: -p.bonusFen },
          { accountId: wallets.get(p.id)!, amountFen: p.bonusFen },
        ],
      })),
    );
    const isPaid = (p: { id: number; level: number }) => paid.has(vipBonusKey(p.id, p.level));
    // The member rows are locked already (above), so this update after the postings waits for nothing.
    await addTurnoverRequirements(
      tx,
      bonuses.filter(isPaid).map((p) => ({ memberId: p.id, fen: p.bonusFen * VIP_BONUS_TURNOVER_MULTIPLE, kind: 'vip_bonus' as const, baseFen: p.bonusFen })),
    );
    await sendMails(
      tx,
      promoted.map((p) => ({
        memberId: p.id,
        title: fmt(VIP_MSG.levelUpMailTitle, { level: p.level }),
        content: isPaid(p)
          ? fmt(VIP_MSG.levelUpBonusMailContent, { level: p.level, amount: fenToYuan(p.bonusFen).toFixed(2) })
          : fmt(VIP_MSG.levelUpMailContent, { level: p.level }),
      })),
    );
    return promoted.map((p) => p.id);
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
    promoted += (await promoteBatch(db, await candidates(db, now, ids), now)).length;
  }
  return promoted;
}

/**
 * The cumulative figures never shrink, so a relegated member would meet them again the next day and
 * relegation would last one day. A level the member has lost therefore comes back only once the
 * turnover of the current period (from the relegation, member_daily_bets) reaches that level's
 * retention turnover: what keeping it would have asked. Part of ELIGIBLE.
 */
const REGAIN_ALLOWED = (level: RawBuilder<unknown>, memberId: RawBuilder<unknown>, periodStart: RawBuilder<unknown>) => sql`(
  NOT EXISTS (SELECT 1 FROM vip_history h WHERE h.member_id = ${memberId} AND h.reason = ${VIP_REASON.relegation} AND h.from_level >= ${level})
  OR (SELECT COALESCE(sum(d.valid_fen), 0) FROM member_daily_bets d
      WHERE d.member_id = ${memberId} AND d.day >= ((${periodStart} AT TIME ZONE 'UTC') + interval '8 hours')::date)
    >= (SELECT r.retention_flow_fen FROM vip_tiers r WHERE r.level = ${level}))`;

/**
 * A member `m` with the standing `v` meets the next tier `t` (t.level = v.level + 1) today: not a trial
 * account, the tier's cumulative deposit and turnover reached (the contract's nextTierEligible, rule.ts),
 * no level change yet this Beijing day, and a level once lost regained only with its turnover
 * (REGAIN_ALLOWED). The candidates' read and the promotion's re-check under the locks both ask this.
 */
const ELIGIBLE = (today: string) => sql`(
  NOT m.is_trial AND v.level < ${VIP_MAX_LEVEL} AND ${nextTierReached('v', 't')}
  AND (v.changed_on IS NULL OR v.changed_on <> ${today}::date)
  AND ${REGAIN_ALLOWED(sql`t.level`, sql`v.member_id`, sql`v.period_start`)})`;

/** Members (of `ids`, or all when null) who meet the next tier's conditions and have not changed level this Beijing day. */
export async function candidates(db: Kdb, now: Date, ids: number[] | null, afterId = 0, limit = PROMOTE_BATCH): Promise<number[]> {
  const query = sql<{ id: string | number }>`
    SELECT v.member_id AS id FROM vip_standings v JOIN members m ON m.id = v.member_id JOIN vip_tiers t ON t.level = v.level + 1
    WHERE ${ELIGIBLE(beijingDate(now))}
      AND v.member_id > ${afterId} ${ids ? sql`AND v.member_id = ANY(${ids}::bigint[])` : sql``}
    ORDER BY v.member_id LIMIT ${limit}`;
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
