import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/connect.js';
import { HOUSE, type Tx } from '../ledger/service.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { beijingDate, beijingDayStartOf } from '../../lib/time.js';
import { addDays, dayNumber } from '@app/contract';
import { PLAN_PER_CALL } from '../../db/prepared.js';
import { writeAudit, type Actor } from '../audit/service.js';

/**
 * The figures of 数据概览 and 报表 for a span of time, read from the raw tables (deposits,
 * withdrawals, members, bet records, lottery orders, the ledger's house accounts, sessions), as rows
 * (metric, venue, category, item, label, n, a, b, c) in integer fen:
 *
 * | metric        | dimensions                 | n        | a        | b         | c        |
 * | deposit       |                            | orders   | amount   |           |          |
 * | first_deposit |                            | members  | amount   |           |          |
 * | withdrawal    |                            | orders   | amount   |           |          |
 * | new_member    |                            | members  |          |           |          |
 * | bet           | venue, category, game code | bets     | stakes   | valid     | payouts  |
 * | cost          | category = the cost kind   | entries  | paid out |           |          |
 * | active        |                            | members  |          |           |          |
 *
 * The in-house lottery is a `bet` row of venue 'lottery', category 'lottery', item = lottery code.
 * A closed day's rows are stored in daily_stats by rollDay; today's are read live by the same SQL.
 * Trial accounts (demo money) are left out of bets and members.
 */

/** The house accounts whose outflow is a cost of the platform, by the report's name for it. */
export const COST_ACCOUNTS = {
  promotions: HOUSE.promotions,
  vip_bonus: HOUSE.vipBonus,
  rebates: HOUSE.rebates,
  red_packets: HOUSE.redPackets,
  commission: HOUSE.commission,
  adjustments: HOUSE.adjustments,
} as const;
export type CostKind = keyof typeof COST_ACCOUNTS;

export interface StatRow {
  metric: string;
  venue: string;
  category: string;
  item: string;
  label: string;
  n: number;
  a_fen: number;
  b_fen: number;
  c_fen: number;
}

/** Trial accounts (demo money), left out of the figures: few, so a hashed NOT IN (a partial index finds them). */
const trialIds = sql`SELECT id FROM members WHERE is_trial`;

/** Members active in [start, end): a settled bet placed, a lottery order, or a login. */
function activeMembers(start: Date, end: Date): RawBuilder<unknown> {
  return sql`
    SELECT x.member_id FROM (
      SELECT member_id FROM bet_records WHERE status = 1 AND bet_at >= ${start} AND bet_at < ${end}
      UNION SELECT member_id FROM lottery_orders WHERE created_at >= ${start} AND created_at < ${end}
      UNION SELECT member_id FROM sessions WHERE created_at >= ${start} AND created_at < ${end}
    ) x WHERE x.member_id NOT IN (${trialIds})`;
}

function figuresSql(start: Date, end: Date, withActive = true): RawBuilder<StatRow> {
  const costCodes = Object.entries(COST_ACCOUNTS);
  const costCase = sql.join(
    costCodes.map(([kind, code]) => sql`WHEN ${code} THEN ${kind}`),
    sql` `,
  );
  return sql<StatRow>`
    SELECT 'deposit' AS metric, '' AS venue, '' AS category, '' AS item, '' AS label, count(*)::bigint AS n, coalesce(sum(amount_fen), 0)::bigint AS a_fen, 0::bigint AS b_fen, 0::bigint AS c_fen
      FROM deposits WHERE state = 2 AND reviewed_at >= ${start} AND reviewed_at < ${end}
    UNION ALL
    SELECT 'first_deposit', '', '', '', '', count(*)::bigint, coalesce(sum(d.amount_fen), 0)::bigint, 0, 0
      FROM deposits d WHERE d.state = 2 AND d.reviewed_at >= ${start} AND d.reviewed_at < ${end}
       AND NOT EXISTS (SELECT 1 FROM deposits p WHERE p.member_id = d.member_id AND p.state = 2
                        AND (p.reviewed_at < d.reviewed_at OR (p.reviewed_at = d.reviewed_at AND p.id < d.id)))
    UNION ALL
    SELECT 'withdrawal', '', '', '', '', count(*)::bigint, coalesce(sum(amount_fen), 0)::bigint, 0, 0
      FROM withdrawals WHERE state = 2 AND reviewed_at >= ${start} AND reviewed_at < ${end}
    UNION ALL
    SELECT 'new_member', '', '', '', '', count(*)::bigint, 0, 0, 0
      FROM members WHERE created_at >= ${start} AND created_at < ${end} AND NOT is_trial
    UNION ALL
    SELECT 'bet', b.venue, b.category, b.game_code, max(b.game_name), count(*)::bigint, sum(b.bet_fen)::bigint, sum(b.valid_fen)::bigint, sum(b.bet_fen + b.win_loss_fen)::bigint
      FROM bet_records b
     WHERE b.member_id NOT IN (${trialIds}) AND b.status = 1 AND b.venue <> 'lottery' AND b.bet_at >= ${start} AND b.bet_at < ${end}
     GROUP BY b.venue, b.category, b.game_code
    UNION ALL
    SELECT 'bet', 'lottery', 'lottery', o.lottery, '', count(*)::bigint, sum(o.stake_fen)::bigint, sum(o.valid_fen)::bigint, sum(o.payout_fen)::bigint
      FROM lottery_orders o
     WHERE o.member_id NOT IN (${trialIds}) AND o.status = 1 AND o.created_at >= ${start} AND o.created_at < ${end}
     GROUP BY o.lottery
    UNION ALL
    SELECT 'cost', '', CASE a.house ${costCase} END, '', '', count(*)::bigint, (-sum(e.amount_fen))::bigint, 0, 0
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.house IN (${sql.join(costCodes.map(([, code]) => code))}) AND e.created_at >= ${start} AND e.created_at < ${end}
     GROUP BY a.house
    ${withActive ? sql`UNION ALL SELECT 'active', '', '', '', '', count(*)::bigint, 0, 0, 0 FROM (${activeMembers(start, end)}) act` : sql``}`;
}

const num = (v: unknown): number => Number(v ?? 0);
function normalise(r: StatRow): StatRow {
  return { ...r, n: num(r.n), a_fen: num(r.a_fen), b_fen: num(r.b_fen), c_fen: num(r.c_fen) };
}

/**
 * Figures of [start, end) read live from the raw tables (today's, in the dashboard). Its 'active'
 * row carries in a_fen the members active in the span who are not yet in the set of `month`'s active
 * members (active_member_months), so this month's distinct count stays exact.
 */
export async function liveFigures(db: Tx, start: Date, end: Date, month: string): Promise<StatRow[]> {
  const { rows } = await sql<StatRow>`${PLAN_PER_CALL}
    ${figuresSql(start, end, false)}
    UNION ALL
    SELECT 'active', '', '', '', '', count(*)::bigint, count(*) FILTER (WHERE NOT EXISTS (
             SELECT 1 FROM active_member_months a WHERE a.month = ${month}::date AND a.member_id = t.member_id))::bigint, 0, 0
      FROM (${activeMembers(start, end)}) t`.execute(db);
  return rows.map(normalise).filter((r) => r.metric === 'active' || r.n !== 0 || r.a_fen !== 0);
}

/** The first day of the Beijing month of 'YYYY-MM-DD'. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** The months' counts last read, per database, with the rolls of the month's days they follow. */
const monthCounts = new WeakMap<object, Map<string, { rolledAt: string; n: number }>>();

/**
 * The distinct active members of the closed days of `month` (its rolled days' set). The set only grows
 * when one of the month's days is rolled, which stamps its daily_stats_days.rolled_at in the same
 * transaction: the count (a month of 100,000 members read 100,000 rows, half the dashboard's time) is
 * read again only when the month's stamps changed (a day rolled or rolled again), on any instance.
 */
export async function monthActiveRolled(db: Tx, month: string): Promise<number> {
  const stamp = await sql<{ at: string | null }>`
    SELECT count(*) || ':' || coalesce(sum(extract(epoch FROM rolled_at)), 0) AS at
      FROM daily_stats_days WHERE day >= ${month}::date AND day < (${month}::date + interval '1 month')`.execute(db);
  const rolledAt = stamp.rows[0]?.at ?? '';
  const kept = monthCounts.get(db)?.get(month);
  if (kept && kept.rolledAt === rolledAt) return kept.n;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::bigint AS n FROM active_member_months WHERE month = ${month}::date`.execute(db);
  const n = num(rows[0]?.n);
  const byMonth = monthCounts.get(db) ?? new Map<string, { rolledAt: string; n: number }>();
  byMonth.set(month, { rolledAt, n });
  monthCounts.set(db, byMonth);
  return n;
}

/**
 * Recomputes one closed Beijing day from the raw tables into daily_stats, in one transaction:
 * idempotent (the day's rows are replaced), so re-rolling a day picks up bets settled late; two
 * rolls of one day (two instances, a pass and an on-demand roll) queue on a transaction lock.
 */
export async function rollDay(db: Kdb, day: string): Promise<void> {
  const dn = dayNumber(day);
  if (dn === null) throw new Error(`rollDay: bad day ${day}`);
  const start = beijingDayStartOf(day);
  const end = beijingDayStartOf(addDays(day, 1));
  await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${JOB_LOCK.statsRollup}::int, ${dn}::int)`.execute(tx);
    await tx.deleteFrom('daily_stats').where('day', '=', day).execute();
    await sql`${PLAN_PER_CALL}
      INSERT INTO daily_stats (day, metric, venue, category, item, label, n, a_fen, b_fen, c_fen)
      SELECT ${day}::date, f.metric, f.venue, f.category, f.item, f.label, f.n, f.a_fen, f.b_fen, f.c_fen
        FROM (${figuresSql(start, end)}) f
       WHERE f.metric = 'active' OR f.n <> 0 OR f.a_fen <> 0`.execute(tx);
    // the bets folded to venue × category (bet_vc): what the dashboard reads, without the games
    await sql`${PLAN_PER_CALL}
      INSERT INTO daily_stats (day, metric, venue, category, item, label, n, a_fen, b_fen, c_fen)
      SELECT day, 'bet_vc', venue, category, '', '', sum(n), sum(a_fen), sum(b_fen), sum(c_fen)
        FROM daily_stats WHERE day = ${day}::date AND metric = 'bet' GROUP BY day, venue, category`.execute(tx);
    await sql`
      INSERT INTO active_member_months (month, member_id)
      SELECT ${monthOf(day)}::date, t.member_id FROM (${activeMembers(start, end)}) t
      ON CONFLICT DO NOTHING`.execute(tx);
    await sql`INSERT INTO daily_stats_days (day, rolled_at) VALUES (${day}::date, now()) ON CONFLICT (day) DO UPDATE SET rolled_at = now()`.execute(tx);
  });
}

/** The closed days of [from, to] (today excluded) not rolled yet, oldest first. */
export async function missingDays(db: Tx, from: string, to: string, today: string): Promise<string[]> {
  const last = to < today ? to : addDays(today, -1);
  if (last < from) return [];
  const { rows } = await sql<{ day: string }>`
    SELECT g.day::date::text AS day FROM generate_series(${from}::date, ${last}::date, interval '1 day') AS g(day)
     WHERE NOT EXISTS (SELECT 1 FROM daily_stats_days s WHERE s.day = g.day::date) ORDER BY 1`.execute(db);
  return rows.map((r) => String(r.day));
}

/** Rolls the closed days of [from, to] that have no rows yet (a range read on a fresh database). */
export async function ensureRolled(db: Kdb, from: string, to: string, today: string): Promise<number> {
  const days = await missingDays(db, from, to, today);
  for (const day of days) await rollDay(db, day);
  return days.length;
}

/** Days re-rolled by every pass: bets settle after the day they were placed in, so re-read them. */
export const REROLL_DAYS = 2;
/** How far back a pass fills days that were never rolled (a month's figure needs all of its days). */
export const FILL_BACK_DAYS = 35;
export const STATS_ROLLUP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * One rollup pass: re-rolls the last REROLL_DAYS closed days (late-settled bets and orders land in
 * the day they were placed) and fills any never-rolled day of the last FILL_BACK_DAYS. Returns the
 * days it rolled.
 */
export async function rollupPass(db: Kdb, now: Date = new Date(), opts: { from?: string; to?: string } = {}): Promise<string[]> {
  const today = beijingDate(now);
  const rolled: string[] = [];
  if (opts.from && opts.to) {
    const last = opts.to < today ? opts.to : addDays(today, -1);
    for (let d = opts.from; d <= last; d = addDays(d, 1)) {
      await rollDay(db, d);
      rolled.push(d);
    }
    return rolled;
  }
  for (let i = REROLL_DAYS; i >= 1; i--) {
    const d = addDays(today, -i);
    await rollDay(db, d);
    rolled.push(d);
  }
  const missing = await missingDays(db, addDays(today, -FILL_BACK_DAYS), addDays(today, -1), today);
  for (const d of missing) {
    await rollDay(db, d);
    rolled.push(d);
  }
  return rolled.sort();
}

/** Staff re-roll the closed days of [from, to] from the raw tables (today stays live); audited with the days rolled. */
export async function rerollDays(db: Kdb, actor: Actor, range: { from: string; to: string }, now: Date = new Date()): Promise<string[]> {
  const days = await rollupPass(db, now, range);
  await writeAudit(db, actor, 'reports.rollup', `reports:${range.from}..${range.to}`, null, { from: range.from, to: range.to, days: days.length });
  return days;
}

export function startStatsRollup(app: FastifyInstance): void {
  scheduleJob(app, 'stats rollup', STATS_ROLLUP_INTERVAL_MS, () => withTryLock(app.db, JOB_LOCK.statsRollup, () => rollupPass(app.kdb)));
}
