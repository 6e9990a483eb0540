import { GAME_LAUNCH_TTL_S } from '@app/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { GAME_DEFINITIONS, gameDefinition } from '../../venue-demo/games/index.js';
import type { DemoVenue } from '../../venue-demo/service.js';
import type { VenueAdapter, VenueAnswer, VenueBet } from './adapter.js';
import { signLaunch } from '../../lib/launch-token.js';
import { launchSecret } from '../site/launch-secret.js';

/**
 * The adapter of the built-in demo venue. In-process calls stand where an external provider's
 * HTTP API would be; the player id the venue knows is the member id as text.
 */
export function demoAdapter(venue: DemoVenue, db: Kdb): VenueAdapter {
  const player = (memberId: number) => String(memberId);
  const toAnswer = (a: Awaited<ReturnType<DemoVenue['transferIn']>>): VenueAnswer => (a.ok ? { status: 'ok' } : { status: 'failed', reason: a.error });
  return {
    async balance(code, memberId) {
      return (await venue.balances(player(memberId), [code])).get(code) ?? 0;
    },
    balances: (codes, memberId) => venue.balances(player(memberId), codes),
    transferIn: async (code, memberId, amountFen, ref) => toAnswer(await venue.transferIn(code, player(memberId), amountFen, ref)),
    transferOut: async (code, memberId, amountFen, ref) => toAnswer(await venue.transferOut(code, player(memberId), amountFen, ref)),
    status: (code, ref) => venue.status(code, ref),
    voidRef: (code, ref) => venue.voidRef(code, ref),
    async launchUrl(code, memberId, game, headroom) {
      const exp = Math.floor(Date.now() / 1000) + GAME_LAUNCH_TTL_S;
      const limits = headroom ? { headroom: { wager: headroom.wagerFen, loss: headroom.lossFen, after: headroom.afterSeq } } : {};
      const token = signLaunch(await launchSecret(db), { player: player(memberId), venue: code, game, exp, ...limits });
      return `/venue/?launch=${token}`;
    },
    fetchBets: (afterSeq, limit) => demoBetFeed(db, afterSeq, limit),
    games: async () => GAME_DEFINITIONS.map((d) => ({ code: d.code, name: d.name, category: d.category, provider: d.provider, fishing: d.kind === 'fishing' })),
    endSessions: (memberId) => venue.endSessions(player(memberId)),
  };
}

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
export async function demoBetFeed(db: Kdb, afterSeq: number, limit: number): Promise<{ bets: VenueBet[]; next: number }> {
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
  const bets: VenueBet[] = [];
  for (const r of rows) {
    const memberId = Number(r.player);
    if (!Number.isSafeInteger(memberId) || memberId <= 0) continue; // not one of this operator's players
    const def = gameDefinition(r.game);
    bets.push({
      seq: Number(r.feed_seq),
      venue: r.venue,
      betId: r.bet_id,
      memberId,
      game: r.game,
      gameName: def?.name ?? r.game,
      category: def?.category ?? '',
      stakeFen: Number(r.stake_fen),
      validFen: Number(r.valid_fen),
      hedgedFen: Number(r.hedged_fen),
      // unsettled and invalid bets have no result yet
      winLossFen: r.status === 1 ? Number(r.payout_fen) - Number(r.stake_fen) : 0,
      status: r.status,
      detail: typeof r.detail === 'string' ? r.detail : JSON.stringify(r.detail ?? {}),
      betAt: new Date(r.created_at as Date | string),
      settledAt: r.settled_at ? new Date(r.settled_at as Date | string) : null,
    });
  }
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
