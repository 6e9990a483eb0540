import { sql } from 'kysely';
import { AGENT_LIVE_TEAM_MAX, AGENT_STATS_TTL_MS } from '@app/contract';
import type { Kdb } from '../../db/connect.js';

/**
 * A large team's figures (the portal's overview, the member app's /inviter counters) served from
 * team_stats: reading a team of tens of thousands of members with a month of bets takes longer than a
 * page may wait, so for a team above AGENT_LIVE_TEAM_MAX members the figures last computed are
 * answered while younger than AGENT_STATS_TTL_MS; older, they are still answered and recomputed in
 * the background (once per member and kind on this instance), so the next read is fresh. A smaller
 * team is always computed live and keeps no row. The first read of a large team computes in line.
 * Rows are shared by every instance (the database).
 */

const refreshing = new Set<string>();

async function compute<T>(db: Kdb, memberId: number, kind: string, run: () => Promise<T>, teamOf: (v: T) => number): Promise<T> {
  const at = new Date();
  const value = await run();
  if (teamOf(value) > AGENT_LIVE_TEAM_MAX) {
    const data = JSON.stringify(value);
    await db
      .insertInto('team_stats')
      .values({ member_id: memberId, kind, data, computed_at: at })
      .onConflict((oc) => oc.columns(['member_id', 'kind']).doUpdateSet({ data, computed_at: at }).where('team_stats.computed_at', '<', at))
      .execute();
  }
  return value;
}

export async function teamStat<T>(
  db: Kdb,
  memberId: number,
  kind: string,
  run: () => Promise<T>,
  teamOf: (v: T) => number,
  onError: (err: unknown) => void,
): Promise<T> {
  const row = await db.selectFrom('team_stats').select(['data', 'computed_at']).where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirst();
  if (!row) return compute(db, memberId, kind, run, teamOf);
  const key = `${memberId}:${kind}`;
  if (Date.now() - new Date(row.computed_at).getTime() > AGENT_STATS_TTL_MS && !refreshing.has(key)) {
    refreshing.add(key);
    void compute(db, memberId, kind, run, teamOf)
      .catch(onError)
      .finally(() => refreshing.delete(key));
  }
  return row.data as T;
}

/** Tests: forget every kept figure. */
export async function clearTeamStats(db: Kdb): Promise<void> {
  await sql`DELETE FROM team_stats`.execute(db);
}
