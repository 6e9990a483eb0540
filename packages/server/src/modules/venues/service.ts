import type { Tx } from '../ledger/service.js';

/**
 * The platform's venues (table `venues`, this module's): which adapter serves a venue code, its name,
 * order and switch. The registry (registry.ts) reads them for every venue call.
 */

/** Adds venues as given, leaving a code already there as it is (no audit row): the seed's. */
export async function insertVenues(db: Tx, venues: { code: string; name: string; adapter: string; sort: number }[]): Promise<void> {
  await db
    .insertInto('venues')
    .values(venues)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}
