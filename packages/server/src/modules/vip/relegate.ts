import { sql, type RawBuilder } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { beijingDate } from '../../lib/time.js';
import { VIP_REASON } from './service.js';

/** The retention period (spec §9): 90 days. */
export const VIP_PERIOD_DAYS = 90;
/**
 * A member's turnover in the retention period starting at `periodStart`: the valid bets of the Beijing
 * days from the period's start day to the day before its end (member_daily_bets), what relegation
 * measures against the tier's retention turnover. Also what the console shows as 本期流水.
 */
export const periodFlowFen = (memberId: RawBuilder<unknown>, periodStart: RawBuilder<unknown>) => sql<number>`(
  SELECT COALESCE(sum(d.valid_fen), 0) FROM member_daily_bets d
  WHERE d.member_id = ${memberId}
    AND d.day >= ((${periodStart} AT TIME ZONE 'UTC') + interval '8 hours')::date
    AND d.day < ((${periodStart} AT TIME ZONE 'UTC') + interval '8 hours' + ${VIP_PERIOD_DAYS} * interval '1 day')::date)`;

/** Periods a member may be behind by (a platform stopped for a long time); each statement advances one. */
const MAX_PERIODS_PER_PASS = 8;

/**
 * Relegation (spec §4): a member above VIP1 whose 90-day period is over is measured on the valid bets
 * of the Beijing days from the period's start day to the day before its end (member_daily_bets). Below
 * the tier's retention turnover: one level down, a vip_history row, a new period from now. Reached:
 * the next period starts where this one ended. A member's period starts at the last level change
 * (vip_standings.period_start), so a promotion always buys a full period at the new level.
 *
 * Set-based, one statement per round; each round leaves nobody due twice for the same period, so a
 * re-run of the pass changes nothing. At most one level per member per pass, and none on a Beijing
 * day that already saw the member's level change (vip_changed_on). Answers the members relegated.
 */
export async function relegateDue(db: Kdb, now: Date = new Date()): Promise<number> {
  const today = beijingDate(now);
  let relegated = 0;
  for (let round = 0; round < MAX_PERIODS_PER_PASS; round += 1) {
    const r = await sql<{ relegated: string | number; kept: string | number }>`
      WITH due AS (
        SELECT v.member_id AS id, v.level, v.period_start AS ps, t.retention_flow_fen,
          ${periodFlowFen(sql`v.member_id`, sql`v.period_start`)} AS flow_fen
        FROM vip_standings v JOIN members m ON m.id = v.member_id JOIN vip_tiers t ON t.level = v.level
        WHERE v.level > 1 AND NOT m.is_trial
          AND v.period_start + ${VIP_PERIOD_DAYS} * interval '1 day' <= ${now}
          AND (v.changed_on IS NULL OR v.changed_on <> ${today}::date)
      ), locked AS MATERIALIZED (
        -- in id order, as promoteBatch locks its members, so a pass and a batch cannot deadlock
        SELECT m.id FROM members m WHERE m.id IN (SELECT id FROM due) ORDER BY m.id FOR NO KEY UPDATE
      ), rel AS (
        -- the standing as read: a level change meanwhile (a promotion) leaves it alone
        UPDATE vip_standings v SET level = v.level - 1, changed_on = ${today}::date, period_start = ${now}
        FROM due JOIN locked USING (id) WHERE v.member_id = due.id AND v.level = due.level AND v.period_start = due.ps AND due.flow_fen < due.retention_flow_fen
        RETURNING v.member_id AS id, due.level AS from_level
      ), kept AS (
        UPDATE vip_standings v SET period_start = due.ps + ${VIP_PERIOD_DAYS} * interval '1 day'
        FROM due JOIN locked USING (id) WHERE v.member_id = due.id AND v.level = due.level AND v.period_start = due.ps AND due.flow_fen >= due.retention_flow_fen
        RETURNING v.member_id
      ), h AS (
        INSERT INTO vip_history (member_id, from_level, to_level, reason, created_at)
        SELECT id, from_level, from_level - 1, ${VIP_REASON.relegation}, ${now} FROM rel
        RETURNING id
      )
      SELECT (SELECT count(*) FROM h) AS relegated, (SELECT count(*) FROM kept) AS kept`.execute(db);
    const row = r.rows[0];
    relegated += Number(row?.relegated ?? 0);
    if (Number(row?.kept ?? 0) === 0) break;
  }
  return relegated;
}
