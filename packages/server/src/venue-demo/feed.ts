import { sql } from 'kysely';
import type { BetRecordWire, BetsAnswer } from '@app/provider-kit';
import type { Kdb } from '../db/connect.js';
import { gameDefinition } from './games/index.js';

/**
 * The demo venue's bet records as the transfer-wallet protocol's bet feed gives them (POST /bets,
 * provider-api.ts): every player's bets, the operator deciding which players are its own.
 */

/** How long one feed read waits for bets being written when it started. */
const WRITERS_WAIT_MS = 2_000;
const WRITERS_POLL_MS = 3;

/**
 * The demo venue's bet feed: its bets (demo_venue_bets) in feed_seq order. feed_seq comes from a
 * sequence, bumped on insert and on every change, so a settlement comes again with a higher seq.
 *
 * Sequence values are handed out before commit, so a reader can see seq 11 committed while seq 10 is
 * still being written; a cursor moved to 11 would skip 10 for ever. So the read is bounded by a
 * watermark: the sequence's value read first, then the transactions writing demo_venue_bets at that
 * moment (every writer holds its table lock from before it drew a seq until it ends, as the seq is
 * drawn in the statement that writes the row) are awaited; after that every seq up to the watermark
 * is committed or will never exist (rolled back). Writers still running after WRITERS_WAIT_MS: this
 * read returns nothing and the next one tries again.
 */
export async function demoBetFeed(db: Kdb, afterSeq: number, limit: number): Promise<BetsAnswer> {
  const { rows: seqRows } = await sql<{ hi: number }>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END::bigint AS hi FROM demo_venue_feed_seq`.execute(db);
  const hi = Number(seqRows[0]?.hi ?? 0);
  if (hi <= afterSeq) return { bets: [], next: afterSeq };
  if (!(await writersDone(db))) return { bets: [], next: afterSeq };
  const rows = await db
    .selectFrom('demo_venue_bets')
    .select(['feed_seq', 'venue', 'bet_id', 'player', 'game', 'stake_fen', 'payout_fen', 'valid_fen', 'hedged_fen', 'status', 'detail', 'created_at', 'settled_at'])
    .where('feed_seq', '>', afterSeq)
    .where('feed_seq', '<=', hi)
    .orderBy('feed_seq')
    .limit(limit)
    .execute();
  const bets: BetRecordWire[] = rows.map((r) => {
    const def = gameDefinition(r.game);
    return {
      seq: Number(r.feed_seq),
      venue: r.venue,
      bet_id: r.bet_id,
      player: r.player,
      game: r.game,
      game_name: def?.name ?? r.game,
      category: def?.category ?? '',
      stake_fen: Number(r.stake_fen),
      valid_fen: Number(r.valid_fen),
      hedged_fen: Number(r.hedged_fen),
      // unsettled and invalid bets have no result yet
      win_loss_fen: r.status === 1 ? Number(r.payout_fen) - Number(r.stake_fen) : 0,
      status: r.status as BetRecordWire['status'],
      detail: typeof r.detail === 'string' ? r.detail : JSON.stringify(r.detail ?? {}),
      bet_at: new Date(r.created_at as Date | string).toISOString(),
      settled_at: r.settled_at ? new Date(r.settled_at as Date | string).toISOString() : null,
    };
  });
  const next = rows.length === limit ? Number(rows[rows.length - 1].feed_seq) : hi;
  return { bets, next };
}

/** Waits until the transactions writing demo_venue_bets right now have ended; false on timeout. */
async function writersDone(db: Kdb): Promise<boolean> {
  const { rows } = await sql<{ vx: string }>`
    SELECT DISTINCT virtualtransaction AS vx FROM pg_locks
    WHERE locktype = 'relation' AND relation = 'demo_venue_bets'::regclass AND mode = 'RowExclusiveLock'
      AND pid IS DISTINCT FROM pg_backend_pid()`.execute(db);
  if (rows.length === 0) return true;
  const vxids = rows.map((r) => r.vx);
  const deadline = Date.now() + WRITERS_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, WRITERS_POLL_MS));
    const { rows: still } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_locks
      WHERE locktype = 'relation' AND relation = 'demo_venue_bets'::regclass AND virtualtransaction = ANY(${vxids}::text[])`.execute(db);
    if (Number(still[0]?.n ?? 0) === 0) return true;
  }
  return false;
}
