import type { Updateable } from 'kysely';
import type { Kdb } from '../src/db/connect.js';
import type { Database } from '../src/db/schema.js';

/**
 * A member's figures in tests: read as the platform reads them (modules/user's member_figures), and set
 * straight in the owners' tables for a test's starting point (vip_standings, turnover_requirements,
 * agents) where no path of the platform gets there quickly.
 */

/** The member's figures: VIP level and its dates, paysum, flow, turnover requirement, agent status. */
export async function figuresOf(db: Kdb, memberId: number) {
  return db.selectFrom('member_figures').selectAll().where('member_id', '=', memberId).executeTakeFirstOrThrow();
}

export type StandingSet = Omit<Updateable<Database['vip_standings']>, 'member_id'>;

/** The member's VIP standing set as given (the row made when it has none). */
export async function setStanding(db: Kdb, memberId: number, set: StandingSet): Promise<void> {
  await db
    .insertInto('vip_standings')
    .values({ member_id: memberId, ...set })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(set))
    .execute();
}

/** What the member still has to bet, set as given (without its sources). */
export async function setTurnoverRequirement(db: Kdb, memberId: number, fen: number): Promise<void> {
  await db
    .insertInto('turnover_requirements')
    .values({ member_id: memberId, remaining_fen: fen })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ remaining_fen: fen }))
    .execute();
}

/** The member made an agent (since `since`), or no longer one. */
export async function setAgent(db: Kdb, memberId: number, agent: boolean, since: Date | null = new Date()): Promise<void> {
  if (agent) await db.insertInto('agents').values({ member_id: memberId, since }).onConflict((oc) => oc.column('member_id').doUpdateSet({ since })).execute();
  else await db.deleteFrom('agents').where('member_id', '=', memberId).execute();
}
