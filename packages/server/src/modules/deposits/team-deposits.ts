import { sql, type RawBuilder } from 'kysely';

/**
 * A team's deposits, read once for the figures built on them: the member app's /inviter counters
 * (invites) and the agent portal's days and sums (agent-portal/figures.ts). Each is the body of a WITH
 * item over an earlier item `team` that lists the team's members by `id` (who is in it is the
 * caller's). A deposit counts when approved (state 2), at its review time. Each member is read on
 * deposits_member_reviewed_idx through a LATERAL subquery, so the cost follows the team's size, never
 * the table's.
 */

/** Each approved deposit of the team reviewed in [fromAt, toAt): member_id, amount_fen, reviewed_at. */
export function teamDeposits(team: string, fromAt: Date, toAt: Date): RawBuilder<unknown> {
  return sql`
    SELECT t.id AS member_id, p.amount_fen, p.reviewed_at
      FROM ${sql.table(team)} t CROSS JOIN LATERAL (
        SELECT p.amount_fen, p.reviewed_at FROM deposits p
         WHERE p.member_id = t.id AND p.state = 2 AND p.reviewed_at >= ${fromAt} AND p.reviewed_at < ${toAt}) p`;
}

/** The team members whose first approved deposit ever was reviewed in [fromAt, toAt): member_id, first_at. */
export function teamFirstDeposits(team: string, fromAt: Date, toAt: Date): RawBuilder<unknown> {
  return sql`
    SELECT t.id AS member_id, f.first_at
      FROM ${sql.table(team)} t CROSS JOIN LATERAL (SELECT min(p.reviewed_at) AS first_at FROM deposits p WHERE p.member_id = t.id AND p.state = 2) f
     WHERE f.first_at >= ${fromAt} AND f.first_at < ${toAt}`;
}
