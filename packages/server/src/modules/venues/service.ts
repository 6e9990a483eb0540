import { sql } from 'kysely';
import { CONTENT_MSG, type AdminVenue } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';

/**
 * The platform's venues (table `venues`, this module's): which adapter serves a venue code, its name,
 * order and switch. The registry (registry.ts) reads them through its one-second cache: after staff
 * switch maintenance, the route makes this instance forget it at once (forgetVenues), the others
 * within a second.
 */

/** The in-house lottery's row names the venue of lottery bet records; it is no transfer venue and has no switch. */
export const INHOUSE_ADAPTER = 'inhouse';

/** The venues as the console lists them, with the hall tiles that enter each. */
export async function listAdminVenues(db: Tx): Promise<AdminVenue[]> {
  const rows = await db
    .selectFrom('venues as v')
    .select(['v.code', 'v.name', 'v.enabled', 'v.sort', (eb) => eb.selectFrom('game_entries as g').whereRef('g.platform_name', '=', 'v.code').select(sql<number>`count(*)::int`.as('n')).as('tiles')])
    .where('v.adapter', '<>', INHOUSE_ADAPTER)
    .orderBy('v.sort')
    .orderBy('v.code')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, enabled: r.enabled, sort: r.sort, tiles: Number(r.tiles ?? 0) }));
}

/** Maintenance on: the venue is closed (venues.enabled false); entering or transferring is refused with 场馆维护中. */
export async function setVenueMaintenance(db: Kdb, actor: Actor, code: string, maintenance: boolean): Promise<AdminVenue> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('venues').select(['code', 'name', 'enabled', 'sort']).where('code', '=', code).where('adapter', '<>', INHOUSE_ADAPTER).forUpdate().executeTakeFirst();
    if (!before) throw notFound(CONTENT_MSG.venueMissing);
    await tx.updateTable('venues').set({ enabled: !maintenance }).where('code', '=', code).execute();
    const after = (await listAdminVenues(tx)).find((v) => v.code === code)!;
    await writeAudit(tx, actor, 'venue.maintenance', `venue:${code}`, before, { code, name: after.name, enabled: after.enabled, sort: after.sort });
    return after;
  });
}

/**
 * Adds venues as given, leaving a code already there as it is (no audit row: the seed's, or a new
 * provider's, whose change records it); `enabled` absent: open.
 */
export async function insertVenues(db: Tx, venues: { code: string; name: string; adapter: string; sort: number; enabled?: boolean }[]): Promise<void> {
  await db
    .insertInto('venues')
    .values(venues)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

/** Which of `codes` are venues already (letter case aside), and the sort after the last venue: what adding venues checks first. */
export async function venueCodesTaken(db: Tx, codes: readonly string[]): Promise<{ taken: string[]; nextSort: number }> {
  const rows = await db.selectFrom('venues').select(['code', 'sort']).execute();
  const wanted = new Set(codes.map((c) => c.toUpperCase()));
  return {
    taken: rows.filter((r) => wanted.has(r.code.toUpperCase())).map((r) => r.code),
    nextSort: rows.reduce((max, r) => Math.max(max, r.sort), 0) + 1,
  };
}
