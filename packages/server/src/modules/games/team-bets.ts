import { sql, type RawBuilder } from 'kysely';

/**
 * A team's bets, read once for every figure built on them: the member app's /inviter counters
 * (invites), the agent portal's days and sums (agent-portal/figures.ts) and the commission engine's
 * statements (commission). Each is the body of a WITH item over an earlier item `team` that lists the
 * team's members by `id`; who is in the team (whose invitees, trial accounts or not, joined by when,
 * one agent or all) is the caller's.
 *
 * Valid bets and win/loss come from member_daily_bets (settled, counted bets by Beijing day of the
 * bet; win/loss is the member's, positive when the member won). Each member is read on the table's
 * primary key through a LATERAL subquery, so the cost follows the team's size: a plain join lets the
 * planner hash the whole table (a sequential scan of every member's bets for a team of 2,000 —
 * measured 80 ms, and growing with the platform).
 */

/** Bounds every reader's days: inclusive Beijing days, 'YYYY-MM-DD'. */
export interface BetDays {
  first: string;
  last: string;
}

/**
 * Each team member's bets of the days, one row per member with a row in them: member_id,
 * valid_fen, win_loss_fen (sums, bigint). With `byDay`, one row per member and day, with `day`;
 * with `oneDay`, also `day_valid_fen`, that day's valid bets alone (0 without a bet that day).
 */
export function teamBets(team: string, days: BetDays, opts: { byDay?: boolean; oneDay?: string } = {}): RawBuilder<unknown> {
  const oneDay = opts.oneDay === undefined ? sql`` : sql`, COALESCE(sum(d.valid_fen) FILTER (WHERE d.day = ${opts.oneDay}::date), 0)::bigint AS day_valid_fen`;
  return sql`
    SELECT t.id AS member_id, b.*
      FROM ${sql.table(team)} t CROSS JOIN LATERAL (
        SELECT ${opts.byDay ? sql`d.day, ` : sql``}sum(d.valid_fen)::bigint AS valid_fen, sum(d.win_loss_fen)::bigint AS win_loss_fen${oneDay}
          FROM member_daily_bets d
         WHERE d.member_id = t.id AND d.day >= ${days.first}::date AND d.day <= ${days.last}::date
         ${opts.byDay ? sql`GROUP BY d.day` : sql``}) b
     WHERE b.valid_fen IS NOT NULL`;
}

/**
 * The team members with a valid bet on any of the days (member_id), each counted once however many
 * days: a member's rows are read only up to its first valid bet.
 */
export function teamBettors(team: string, days: BetDays): RawBuilder<unknown> {
  return sql`
    SELECT t.id AS member_id
      FROM ${sql.table(team)} t CROSS JOIN LATERAL (
        SELECT 1 FROM member_daily_bets d
         WHERE d.member_id = t.id AND d.day >= ${days.first}::date AND d.day <= ${days.last}::date AND d.valid_fen > 0 LIMIT 1) b`;
}
