import { sql } from 'kysely';
import type { Kdb } from '../db/connect.js';
import { batchReader, perDatabase } from '../lib/batch.js';

/**
 * The demo venue's own double-entry store (migration 020_demo_venue_wallet): accounts per (venue, player) and a house
 * account per venue, transactions identified by the caller's ref, entries summing to zero. It is a
 * separate provider that shares the database file: nothing here touches the platform's tables, and
 * the platform never reads these tables except through the venue adapter.
 *
 * Every movement is one call of the demo_venue_move function: one statement, one commit, so the
 * hot house row is locked only for the length of that statement.
 */

/** A movement's result: see demo_venue_move in the migration. */
export type MoveResult = 'applied' | 'duplicate' | 'voided' | 'insufficient';

/**
 * Moves `amountFen` between a player and the venue's house: positive credits the player (transfer in,
 * payout), negative debits (transfer out, stake), never below zero. A ref applies at most once.
 */
export async function move(db: Kdb, m: { venue: string; player: string; amountFen: number; ref: string; kind: string }): Promise<MoveResult> {
  if (!Number.isSafeInteger(m.amountFen) || m.amountFen === 0) throw new Error(`demo venue: bad amount ${m.amountFen}`);
  const r = await sql<{ result: MoveResult }>`SELECT demo_venue_move(${m.venue}, ${m.player}, ${m.amountFen}::bigint, ${m.ref}, ${m.kind}) AS result`.execute(db);
  const result = r.rows[0].result;
  if (result !== 'voided') return result;
  // A ref refused for want of money is kept voided so that it never applies; sent again, it answers
  // as it first did (the transfer-wallet protocol), insufficient rather than voided.
  const row = await db.selectFrom('demo_venue_transactions').select('reason').where('venue', '=', m.venue).where('ref', '=', m.ref).executeTakeFirst();
  return row?.reason === 'insufficient_balance' ? 'insufficient' : 'voided';
}

/** Makes sure a ref never applies: 'voided', or 'applied' when it applied first. */
export async function voidRef(db: Kdb, venue: string, ref: string, reason: string): Promise<'voided' | 'applied'> {
  const r = await sql<{ state: 'voided' | 'applied' }>`SELECT demo_venue_void(${venue}, ${ref}, ${reason}) AS state`.execute(db);
  return r.rows[0].state;
}

export async function refState(db: Kdb, venue: string, ref: string): Promise<'applied' | 'voided' | null> {
  const row = await db.selectFrom('demo_venue_transactions').select('state').where('venue', '=', venue).where('ref', '=', ref).executeTakeFirst();
  return row?.state ?? null;
}

/** One player's balances at the given venues, in one indexed read. */
export async function playerBalances(db: Kdb, player: string, venues: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (venues.length === 0) return out;
  const held = (await accountsOfPlayers(db)(player)) ?? [];
  for (const a of held) if (venues.includes(a.venue)) out.set(a.venue, a.balance_fen);
  return out;
}

/** Every venue account of each player asked for in one event-loop turn, in one indexed read (lib/batch.ts). */
const accountsOfPlayers = perDatabase((db: Kdb) =>
  batchReader(async (players: string[]) => {
    const rows = await db
      .selectFrom('demo_venue_accounts')
      .select(['player', 'venue', 'balance_fen'])
      .where('player', '=', sql<string>`ANY(${players}::text[])`)
      .execute();
    const byPlayer = new Map<string, { venue: string; balance_fen: number }[]>();
    for (const r of rows) {
      const list = byPlayer.get(r.player) ?? [];
      list.push({ venue: r.venue, balance_fen: Number(r.balance_fen) });
      byPlayer.set(r.player, list);
    }
    return byPlayer;
  }),
);

/**
 * The demo venue's books check, like checkLedger: every balance equals its entries, every
 * transaction sums to zero, no player balance is negative, and a voided transaction moved nothing.
 */
export async function checkDemoVenue(db: Kdb) {
  const accounts = await sql<{ id: number; venue: string; player: string; balance_fen: number; entries_fen: number }>`
    SELECT a.id, a.venue, a.player, a.balance_fen, COALESCE(SUM(e.amount_fen), 0)::bigint AS entries_fen
    FROM demo_venue_accounts a LEFT JOIN demo_venue_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance_fen <> COALESCE(SUM(e.amount_fen), 0)`.execute(db);
  const transactions = await sql<{ id: number; sum_fen: number }>`
    SELECT transaction_id AS id, SUM(amount_fen)::bigint AS sum_fen FROM demo_venue_entries
    GROUP BY transaction_id HAVING SUM(amount_fen) <> 0`.execute(db);
  const negatives = await sql<{ id: number; venue: string; player: string; balance_fen: number }>`
    SELECT id, venue, player, balance_fen FROM demo_venue_accounts WHERE kind = 'player' AND balance_fen < 0`.execute(db);
  const voidedMoved = await sql<{ id: number; ref: string }>`
    SELECT t.id, t.ref FROM demo_venue_transactions t
    WHERE t.state = 'voided' AND EXISTS (SELECT 1 FROM demo_venue_entries e WHERE e.transaction_id = t.id)`.execute(db);
  const counts = await sql<{ accounts: number; transactions: number }>`
    SELECT (SELECT count(*) FROM demo_venue_accounts)::bigint AS accounts,
           (SELECT count(*) FROM demo_venue_transactions)::bigint AS transactions`.execute(db);
  const mismatches = [
    ...accounts.rows.map((r) => ({ type: 'account_balance', ...r })),
    ...transactions.rows.map((r) => ({ type: 'transaction_sum', ...r })),
    ...negatives.rows.map((r) => ({ type: 'negative_balance', ...r })),
    ...voidedMoved.rows.map((r) => ({ type: 'voided_with_entries', ...r })),
  ];
  return { ok: mismatches.length === 0, accounts: counts.rows[0].accounts, transactions: counts.rows[0].transactions, mismatches };
}
