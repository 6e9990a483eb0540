import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { batchReader, perDatabase } from '../../lib/batch.js';

/**
 * The balance shown to a member by the balance poll, kept per instance until a posting moves
 * it. Every open app polls every 2.5 s and most balances do not move between two polls, so
 * a kept balance saves the database a read per poll. Never use it to decide about money: rules read
 * memberBalanceFen inside their transaction.
 *
 * The ledger tells this module which members each posting moved (balancesMoved), at once on this
 * instance and, with Redis, on every other one (display-channel.ts). The posting is heard before its
 * transaction commits, so a balance read soon after may still be the old one: a read that began less
 * than MOVING_MS after a posting of its member was heard is kept only SHORT_MS (one member's tabs and
 * clients polling together share it), and a posting heard after a read began drops it.
 *
 * A balance is kept only under the cache epoch it was read in (always 0 without Redis, the
 * subscription's with Redis, null while Redis is away: then a posting elsewhere may go unheard, so
 * nothing is kept longer than SHORT_MS). KEEP_MS bounds what a lost message can cost.
 */
export const DISPLAY_KEEP_MS = 30_000;
/** A posting's transaction commits within this long of the posting (a money transaction holds its row locks for milliseconds). */
export const DISPLAY_MOVING_MS = 10_000;
export const DISPLAY_SHORT_MS = 1_000;
const KEPT_MAX = 100_000;

interface Kept {
  fen: number;
  /** when the read that answered it began */
  readAtMs: number;
  epoch: number | null;
}
const keptOf = perDatabase((_db: Kdb) => new Map<number, Kept>());

/** member id → when a posting that moved the member's wallet was last heard here, oldest first; none older than DISPLAY_KEEP_MS. */
const moved = new Map<number, number>();

function hearMoved(memberIds: Iterable<number>, nowMs: number): void {
  for (const id of memberIds) {
    moved.delete(id);
    moved.set(id, nowMs);
  }
  for (const [id, atMs] of moved) {
    if (nowMs - atMs < DISPLAY_KEEP_MS) break;
    moved.delete(id);
  }
}

const announcers = new Set<(memberIds: number[]) => void>();

/** The ledger, after a posting statement: these members' wallets moved (their transaction may not have committed yet). */
export function balancesMoved(memberIds: number[], nowMs = Date.now()): void {
  if (memberIds.length === 0) return;
  hearMoved(memberIds, nowMs);
  for (const announce of announcers) announce(memberIds);
}

/** Another instance's postings, heard through Redis. */
export function balancesMovedElsewhere(memberIds: number[], nowMs = Date.now()): void {
  hearMoved(memberIds, nowMs);
}

/** Sends this instance's postings to the other instances (display-channel.ts); answers the removal. */
export function onBalancesMoved(announce: (memberIds: number[]) => void): () => void {
  announcers.add(announce);
  return () => void announcers.delete(announce);
}

function usable(hit: Kept, memberId: number, epoch: number | null, nowMs: number): boolean {
  const movedAtMs = moved.get(memberId) ?? -Infinity;
  if (movedAtMs >= hit.readAtMs || hit.epoch !== epoch) return false;
  const settled = epoch !== null && movedAtMs + DISPLAY_MOVING_MS <= hit.readAtMs;
  return nowMs - hit.readAtMs < (settled ? DISPLAY_KEEP_MS : DISPLAY_SHORT_MS);
}

export async function displayBalanceFen(db: Kdb, memberId: number, epoch: number | null, nowMs = Date.now()): Promise<number> {
  const kept = keptOf(db);
  const hit = kept.get(memberId);
  if (hit && usable(hit, memberId, epoch, nowMs)) return hit.fen;
  const fen = (await walletBalances(db)(memberId)) ?? 0;
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(memberId, { fen, readAtMs: nowMs, epoch });
  return fen;
}

/** Many members' wallet balances in one indexed read: the display reads of one event-loop turn together. */
const walletBalances = perDatabase((db: Kdb) =>
  batchReader(async (memberIds: number[]) => {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['member_id', 'balance_fen'])
      .where('kind', '=', 'member_wallet')
      .where('member_id', '=', sql<number>`ANY(${memberIds}::bigint[])`)
      .execute();
    return new Map(rows.map((r) => [Number(r.member_id), Number(r.balance_fen)]));
  }),
);
