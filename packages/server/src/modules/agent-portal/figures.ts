import { sql, type RawBuilder } from 'kysely';
import { AGENT_CHART_DAYS, fenOfYuan, fenToYuan, type AgentDay, type AgentFigures, type AgentOverview } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { beijing, beijingDate, beijingDayStart, beijingDayStartOf, beijingMonthStart } from '../../lib/time.js';
import { estimateCommission } from '../commission/service.js';
import { teamDeposits, teamFirstDeposits } from '../deposits/team-deposits.js';
import { teamBets, teamBettors } from '../games/team-bets.js';
import { PLAN_PER_CALL } from '../../db/prepared.js';

/**
 * A team's figures by Beijing day (contract agent-portal.ts AgentFigures), read from the records
 * themselves: joins (members.created_at), approved deposits and a member's first approved deposit
 * ever (deposits teamDeposits, teamFirstDeposits), approved withdrawals by review time (their partial
 * (member_id, reviewed_at) index), and valid bets and win/loss (games teamBets, teamBettors). Nothing
 * is written.
 *
 * Each table is read per team member through a LATERAL subquery on its member index, so the cost
 * follows the team's size: a plain join lets the planner hash the whole table (a sequential scan of
 * every member's bets for a team of 2,000 — measured 80 ms, and growing with the platform).
 */

const DAY_MS = 86_400_000;
const num = (v: unknown): number => Number(v ?? 0);
/** A timestamptz column's Beijing date, in SQL. */
const dayOf = (column: string): RawBuilder<unknown> => sql`((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/** Whose figures: an agent's direct team (trial accounts excluded), or one of its members alone. */
export type TeamScope = { inviter: number } | { member: number };

const teamOf = (scope: TeamScope): RawBuilder<unknown> =>
  'inviter' in scope
    ? sql`SELECT id, created_at FROM members WHERE inviter_id = ${scope.inviter} AND NOT is_trial`
    : sql`SELECT id, created_at FROM members WHERE id = ${scope.member}`;

const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Every day of [first, last] (inclusive), oldest first, each with the scope's figures. */
export async function figuresByDay(db: Kdb, scope: TeamScope, first: string, last: string): Promise<AgentDay[]> {
  const fromAt = beijingDayStartOf(first);
  const toAt = beijingDayStartOf(dayAfter(last));
  const r = await sql<Record<string, unknown>>`${PLAN_PER_CALL}
    WITH team AS (${teamOf(scope)}),
    days AS (SELECT generate_series(${first}::date, ${last}::date, interval '1 day')::date AS day),
    bets AS (
      SELECT b.day, count(*) FILTER (WHERE b.valid_fen > 0) AS active, sum(b.valid_fen)::bigint AS valid_fen, sum(b.win_loss_fen)::bigint AS win_loss_fen
        FROM (${teamBets('team', { first, last }, { byDay: true })}) b
       GROUP BY b.day
    ), joined AS (
      SELECT ${dayOf('t.created_at')} AS day, count(*) AS n FROM team t
       WHERE t.created_at >= ${fromAt} AND t.created_at < ${toAt} GROUP BY 1
    ), dep AS (
      SELECT ${dayOf('p.reviewed_at')} AS day, sum(p.amount_fen)::bigint AS fen
        FROM (${teamDeposits('team', fromAt, toAt)}) p
       GROUP BY 1
    ), first_dep AS (
      SELECT ${dayOf('f.first_at')} AS day, count(*) AS n
        FROM (${teamFirstDeposits('team', fromAt, toAt)}) f
       GROUP BY 1
    ), wd AS (
      SELECT ${dayOf('w.reviewed_at')} AS day, sum(w.amount_fen)::bigint AS fen
        FROM team t CROSS JOIN LATERAL (
          SELECT w.amount_fen, w.reviewed_at FROM withdrawals w
           WHERE w.member_id = t.id AND w.state = 2 AND w.reviewed_at >= ${fromAt} AND w.reviewed_at < ${toAt}) w
       GROUP BY 1
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
           COALESCE(j.n, 0) AS new_members, COALESCE(b.active, 0) AS active_members, COALESCE(f.n, 0) AS first_deposits,
           COALESCE(dep.fen, 0) AS deposit_fen, COALESCE(wd.fen, 0) AS withdraw_fen,
           COALESCE(b.valid_fen, 0) AS valid_fen, COALESCE(b.win_loss_fen, 0) AS win_loss_fen
      FROM days
      LEFT JOIN bets b ON b.day = days.day
      LEFT JOIN joined j ON j.day = days.day
      LEFT JOIN dep ON dep.day = days.day
      LEFT JOIN first_dep f ON f.day = days.day
      LEFT JOIN wd ON wd.day = days.day
     ORDER BY days.day`.execute(db);
  return r.rows.map((x) => ({
    day: String(x.day),
    new_members: num(x.new_members),
    active_members: num(x.active_members),
    first_deposits: num(x.first_deposits),
    deposits: fenToYuan(num(x.deposit_fen)),
    withdrawals: fenToYuan(num(x.withdraw_fen)),
    valid_bets: fenToYuan(num(x.valid_fen)),
    win_loss: fenToYuan(num(x.win_loss_fen)),
  }));
}

/** Team members with a valid bet on any day of [first, last]: counted once however many days. */
async function activeIn(db: Kdb, scope: TeamScope, first: string, last: string): Promise<number> {
  const r = await sql<{ n: unknown }>`${PLAN_PER_CALL}
    WITH team AS (${teamOf(scope)})
    SELECT count(*) AS n FROM (${teamBettors('team', { first, last })}) b`.execute(db);
  return num(r.rows[0]?.n);
}

/** The sums of some days (money in fen to stay exact), active members counted once over them. */
function sumOf(days: AgentDay[], active: number): AgentFigures {
  const fen = (k: 'deposits' | 'withdrawals' | 'valid_bets' | 'win_loss') => fenToYuan(days.reduce((t, d) => t + fenOfYuan(d[k]), 0));
  return {
    new_members: days.reduce((t, d) => t + d.new_members, 0),
    active_members: active,
    first_deposits: days.reduce((t, d) => t + d.first_deposits, 0),
    deposits: fen('deposits'),
    withdrawals: fen('withdrawals'),
    valid_bets: fen('valid_bets'),
    win_loss: fen('win_loss'),
  };
}

/** GET /agent/api/daily: the days of [first, last], newest first, and their sums. */
export async function teamDaily(db: Kdb, agentId: number, first: string, last: string): Promise<{ days: AgentDay[]; total: AgentFigures }> {
  const scope = { inviter: agentId };
  const [days, active] = await Promise.all([figuresByDay(db, scope, first, last), activeIn(db, scope, first, last)]);
  return { days: days.reverse(), total: sumOf(days, active) };
}

/**
 * GET /agent/api/overview: today, this month, the last AGENT_CHART_DAYS days and the open period's
 * commission estimate (the engine's own formulas, commission/service.ts estimateCommission).
 */
export async function teamOverview(db: Kdb, agentId: number, now: Date = new Date()): Promise<AgentOverview> {
  const scope = { inviter: agentId };
  const today = beijingDate(now);
  const chartFirst = beijingDate(beijingDayStart(now, AGENT_CHART_DAYS - 1));
  const monthFirst = beijingDate(beijingMonthStart(now));
  const first = monthFirst < chartFirst ? monthFirst : chartFirst;
  const [days, monthActive, counts, estimate] = await Promise.all([
    figuresByDay(db, scope, first, today),
    activeIn(db, scope, monthFirst, today),
    db
      .selectFrom('members as m')
      .leftJoin('agents as a', 'a.member_id', 'm.id')
      .select((eb) => [eb.fn.countAll<string>().as('team'), eb.fn.count<string>('a.member_id').as('agents')])
      .where('m.inviter_id', '=', agentId)
      .where('m.is_trial', '=', false)
      .executeTakeFirst(),
    estimateCommission(db, agentId, now),
  ]);
  const { day: _today, ...todayFigures } = days[days.length - 1]!;
  return {
    team_members: num(counts?.team),
    sub_agents: num(counts?.agents),
    today: todayFigures,
    month: sumOf(days.filter((d) => d.day >= monthFirst), monthActive),
    estimate,
    days: days.filter((d) => d.day >= chartFirst),
    computed_at: beijing(now),
  };
}
