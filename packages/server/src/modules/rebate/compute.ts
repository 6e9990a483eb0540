import { sql } from 'kysely';
import { REBATE_CATEGORY_OF_HALL } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijingDate, beijingDayStart } from '../../lib/time.js';

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** [start, end) of a Beijing day given as YYYY-MM-DD. */
export function beijingDayRange(day: string): { start: Date; end: Date } {
  if (!DAY_RE.test(day)) throw new Error(`rebate: bad day ${day}`);
  // Noon UTC of that date lies inside the Beijing day of the same date (UTC+8, no daylight saving).
  const noon = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(noon.getTime())) throw new Error(`rebate: bad day ${day}`);
  const start = beijingDayStart(noon);
  if (beijingDate(start) !== day) throw new Error(`rebate: bad day ${day}`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** The Beijing day `n` days before the day of `now` (1 = yesterday). */
export function beijingDayBefore(now: Date, n: number): string {
  return beijingDate(beijingDayStart(now, n));
}

/**
 * The rebate of one CLOSED Beijing day (spec §4, §9; DESIGN §8), in one statement: the day's settled
 * and counted bet records (Beijing day of bet_at) summed per member, game platform (venue) and
 * rebate category (the contract's hall mapping, passed in as arrays so it has one home), times the
 * rate of the member's level on that day, rounded down to the fen, as pending records (state 0).
 *
 * The level on day D: the to_level of the member's latest vip_history row created before D ended,
 * else (every change came later) the from_level of the earliest row after it, else the level now
 * (member_figures).
 *
 * ON CONFLICT DO NOTHING on (member, day, category, platform): re-running a day changes nothing and
 * a record once written is never written or paid again; a late bet record for a combination already
 * written is not added to it (the job waits REBATE_DELAY_MS after midnight for late feeds first).
 * Amounts that round to 0 are not written. Trial accounts earn nothing.
 */
export async function computeRebateDay(db: Kdb, day: string, now: Date = new Date()): Promise<{ written: number }> {
  const { start, end } = beijingDayRange(day);
  if (end.getTime() > now.getTime()) throw new Error(`rebate: day ${day} is not closed yet`);
  const halls = Object.keys(REBATE_CATEGORY_OF_HALL);
  const cats = halls.map((h) => REBATE_CATEGORY_OF_HALL[h]!);
  const r = await sql`
    WITH b AS (
      SELECT br.member_id, br.venue, COALESCE(map.cat, 'electron') AS category, sum(br.valid_fen)::bigint AS valid_fen
      FROM bet_records br
      LEFT JOIN unnest(${halls}::text[], ${cats}::text[]) AS map(hall, cat) ON map.hall = br.category
      WHERE br.status = 1 AND br.counted AND br.valid_fen > 0 AND br.bet_at >= ${start} AND br.bet_at < ${end}
      GROUP BY br.member_id, br.venue, COALESCE(map.cat, 'electron')
    ), lv AS (
      -- each member's level on the day, once per member (not per platform and category)
      SELECT m.id AS member_id, COALESCE(
        (SELECT h.to_level FROM vip_history h WHERE h.member_id = m.id AND h.created_at < ${end} ORDER BY h.created_at DESC, h.id DESC LIMIT 1),
        (SELECT h.from_level FROM vip_history h WHERE h.member_id = m.id AND h.created_at >= ${end} ORDER BY h.created_at, h.id LIMIT 1),
        f.vip) AS level
      FROM members m JOIN member_figures f ON f.member_id = m.id
      WHERE m.id IN (SELECT DISTINCT member_id FROM b) AND NOT m.is_trial
    )
    INSERT INTO rebate_records (member_id, day, category, platform, valid_fen, rate_bp, amount_fen)
    SELECT b.member_id, ${day}::date, b.category, b.venue, b.valid_fen, rate.bp, (b.valid_fen * rate.bp) / 10000
    FROM b
    JOIN lv ON lv.member_id = b.member_id
    JOIN vip_tiers t ON t.level = lv.level
    CROSS JOIN LATERAL (
      SELECT CASE b.category
        WHEN 'realperson' THEN t.realperson_bp WHEN 'sport' THEN t.sport_bp WHEN 'e_sport' THEN t.e_sport_bp
        WHEN 'joker' THEN t.joker_bp WHEN 'lottery' THEN t.lottery_bp ELSE t.electron_bp END::bigint AS bp
    ) rate
    WHERE rate.bp > 0 AND (b.valid_fen * rate.bp) / 10000 > 0
    ON CONFLICT (member_id, day, category, platform) DO NOTHING`.execute(db);
  await sql`INSERT INTO rebate_days (day) VALUES (${day}::date) ON CONFLICT (day) DO NOTHING`.execute(db);
  return { written: Number(r.numAffectedRows ?? 0) };
}
