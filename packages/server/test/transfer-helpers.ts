import { memberBalanceFen, venueSettlementCode } from '../src/modules/ledger/service.js';
import { playerBalances } from '../src/venue-demo/store.js';
import { fund, memberIdOf, registerMember, type TestServer } from './harness.js';

/** Shared by the transfer, venue-fault, reconciliation and crash tests: both sides of the books. */

/** A fresh member with `yuan` in the central wallet. */
export async function fundedMember(s: TestServer, yuan: number): Promise<{ token: string; id: number }> {
  const { token } = await registerMember(s);
  const id = await memberIdOf(s, token);
  if (yuan > 0) await fund(s, id, yuan);
  return { token, id };
}

/** The member's central wallet in fen, read from the ledger (no cache). */
export function centralFen(s: TestServer, memberId: number): Promise<number> {
  return memberBalanceFen(s.db.kysely, memberId);
}

/** The member's wallet at a demo venue in fen, read from the venue's own books. */
export async function venueFen(s: TestServer, memberId: number, venue: string): Promise<number> {
  return (await playerBalances(s.db.kysely, String(memberId), [venue])).get(venue) ?? 0;
}

/** The platform's settlement account of a venue in fen (0 before its first transfer). */
export async function settlementFen(s: TestServer, venue: string): Promise<number> {
  const row = await s.db.kysely.selectFrom('ledger_accounts').select('balance_fen').where('code', '=', venueSettlementCode(venue)).executeTakeFirst();
  return row?.balance_fen ?? 0;
}

export async function transferRow(s: TestServer, orderNo: string) {
  return s.db.kysely.selectFrom('transfers').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
}

/** Journals posted for one transfer order, by idempotency key. */
export async function journalKeys(s: TestServer, orderNo: string): Promise<string[]> {
  const rows = await s.db.kysely
    .selectFrom('ledger_journals')
    .select('idem_key')
    .where('idem_key', 'in', [`transfer:${orderNo}`, `transfer-refund:${orderNo}`])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.idem_key);
}

/** The venue's record of a ref: applied, voided, or null when it never heard of it. */
export async function venueRefState(s: TestServer, venue: string, ref: string): Promise<string | null> {
  const row = await s.db.kysely.selectFrom('demo_venue_transactions').select('state').where('venue', '=', venue).where('ref', '=', ref).executeTakeFirst();
  return row?.state ?? null;
}

/** Staff switching a venue on or off (maintenance), seen at once by this instance. */
export async function setVenueEnabled(s: TestServer, venue: string, enabled: boolean): Promise<void> {
  await s.db.kysely.updateTable('venues').set({ enabled }).where('code', '=', venue).execute();
  s.app.venues.forgetVenues();
}

export const PLATFORM = 'userbalance';
export const into = (venue: string, amount: number | string) => ({ amount, sourcetype: PLATFORM, targettype: venue });
export const outOf = (venue: string, amount: number | string) => ({ amount, sourcetype: venue, targettype: PLATFORM });
