import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { BET_STATUS, MSG, VENUE_BETS_PAGE_SIZE, fenToYuan, venueLimitText, yuanToFen, type VenueBetRow, type VenueBetsPage, type VenuePlayResult } from '@app/contract';
import type { Kdb } from '../db/connect.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.js';
import { verifyLaunch } from '../lib/launch-token.js';
import { cryptoRng, gameDefinition, instantGame, isRecord, virtualSport, type Rng } from './games/index.js';
import { wireOutcome } from './info.js';

/**
 * The demo venue's game side (notes/venue-api.md): launch tokens exchanged for play sessions, instant
 * bets booked in one statement (demo_venue_play, migration 025_demo_venue_play: stake, payout and the bet row in one
 * commit, never below zero), match bets left open for the scheduler (matches.ts), the player's history.
 * It knows players only by the id in the launch token and keeps its own books (store.ts).
 */

/** A play session: one player, one venue code, one game. */
export interface PlaySession {
  player: string;
  venue: string;
  game: string;
  /** Display name from the launch token when the operator sent one, else the player id. */
  name?: string;
  /** Seamless mode: the platform's wallet token the play spends the central wallet with (venue-demo/seamless.ts); null: the venue's own wallet. */
  wallet: string | null;
}

/** A session not used for this long is gone (the frame must be launched again). */
export const SESSION_IDLE_MS = 6 * 3600_000;
/** last_seen_at is written at most this often per session (not on every spin). */
const SEEN_WRITE_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Exchanges a launch token for a session: verifies the signature and expiry, then records its nonce
 * (a second exchange of the same URL finds it and is refused). Throws 401 with one message for all.
 */
export async function exchangeLaunch(db: Kdb, secret: Buffer, launch: unknown, nowMs = Date.now()): Promise<{ token: string; session: PlaySession }> {
  const claims = typeof launch === 'string' ? verifyLaunch(secret, launch, Math.floor(nowMs / 1000)) : null;
  if (!claims) throw unauthorized(MSG.venueLaunchInvalid);
  if (!gameDefinition(claims.game)) throw notFound(MSG.venueGameMissing);
  const fresh = await db
    .insertInto('demo_venue_launches')
    .values({ nonce: claims.nonce, player: claims.player, venue: claims.venue, game: claims.game })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!fresh) throw unauthorized(MSG.venueLaunchInvalid);
  // The player's headroom from this launch on (none: no limit), replacing an earlier launch's.
  const h = claims.headroom;
  await sql`SELECT demo_venue_set_headroom(${claims.player}, ${h?.wager ?? null}::bigint, ${h?.loss ?? null}::bigint, ${h?.after ?? 0}::bigint)`.execute(db);
  const token = randomBytes(32).toString('base64url');
  const wallet = claims.wallet ?? null;
  await db.insertInto('demo_venue_sessions').values({ token_hash: hashToken(token), player: claims.player, venue: claims.venue, game: claims.game, wallet_token: wallet }).execute();
  const name = (claims as { name?: unknown }).name;
  return { token, session: { player: claims.player, venue: claims.venue, game: claims.game, wallet, ...(typeof name === 'string' && name ? { name } : {}) } };
}

/** The session behind a token, or 401. */
export async function sessionOf(db: Kdb, token: unknown, nowMs = Date.now()): Promise<PlaySession> {
  if (typeof token !== 'string' || token === '' || token.length > 200) throw unauthorized(MSG.venueSessionInvalid);
  const hash = hashToken(token);
  const row = await db.selectFrom('demo_venue_sessions').select(['player', 'venue', 'game', 'last_seen_at', 'wallet_token']).where('token_hash', '=', hash).executeTakeFirst();
  if (!row) throw unauthorized(MSG.venueSessionInvalid);
  const seen = new Date(row.last_seen_at).getTime();
  if (nowMs - seen > SESSION_IDLE_MS) throw unauthorized(MSG.venueSessionInvalid);
  if (nowMs - seen > SEEN_WRITE_MS) await db.updateTable('demo_venue_sessions').set({ last_seen_at: new Date(nowMs) }).where('token_hash', '=', hash).execute();
  return { player: row.player, venue: row.venue, game: row.game, wallet: row.wallet_token };
}

export async function balanceFen(db: Kdb, s: Pick<PlaySession, 'player' | 'venue'>): Promise<number> {
  const row = await db.selectFrom('demo_venue_accounts').select('balance_fen').where('player', '=', s.player).where('venue', '=', s.venue).executeTakeFirst();
  return row?.balance_fen ?? 0;
}

/** A bet id unique across the venue: venue code, time and randomness. */
export function newBetId(venue: string): string {
  return `${venue}-${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
}

/** The wire bet (yuan) as the engine's input (fen); unparsable amounts become NaN for the engine to refuse. */
export function engineInput(kind: string, bet: unknown): unknown {
  if (!isRecord(bet)) return {};
  const fen = (y: unknown) => yuanToFen(y) ?? Number.NaN;
  if (kind === 'slot' || kind === 'fishing') return { stakeFen: fen(bet.stake) };
  if (!isRecord(bet.stakes)) return {};
  return { stakes: Object.fromEntries(Object.entries(bet.stakes).map(([k, v]) => [k, fen(v)])) };
}

/**
 * Books one bet within the player's headroom from its launch (demo_venue_play_within): throws 403 with
 * the limit's text when the stake would pass what the launch allowed (nothing written); null when the
 * balance did not cover the stake (nothing written); else the new balance.
 */
async function book(
  db: Kdb,
  s: PlaySession,
  b: { betId: string; game: string; stakeFen: number; payoutFen: number; validFen: number; hedgedFen: number; status: number; detail: unknown; matchId: string | null },
): Promise<number | null> {
  const r = await sql<{ balance: number | string | null; refused: 'wager' | 'loss' | null; left_fen: number | string | null }>`
    SELECT balance, refused, left_fen FROM demo_venue_play_within(${s.venue}, ${s.player}, ${b.betId}, ${b.game}, ${b.stakeFen}::bigint, ${b.payoutFen}::bigint,
    ${b.validFen}::bigint, ${b.hedgedFen}::bigint, ${b.status}::smallint, ${JSON.stringify(b.detail)}::jsonb, ${b.matchId})`.execute(db);
  const row = r.rows[0];
  if (row?.refused) throw forbidden(venueLimitText(row.refused, Number(row.left_fen ?? 0)));
  const balance = row?.balance;
  return balance === null || balance === undefined ? null : Number(balance);
}

/**
 * POST /venue/api/play: one spin, hand or shot, drawn with cryptoRng and booked in one statement that
 * refuses a stake above the balance at that instant (a concurrent bet from another frame may have spent
 * it): then nothing is written, the drawn outcome is discarded unseen, and the answer is 余额不足.
 */
export async function playInstant(db: Kdb, s: PlaySession, gameCode: unknown, betInput: unknown, rng: Rng = cryptoRng): Promise<VenuePlayResult> {
  const game = instantOf(s, gameCode);
  const checked = game.validate(engineInput(game.definition.kind, betInput));
  if (!checked.ok) throw badRequest(checked.message);
  const played = game.play(rng, checked.bet);
  const outcome = wireOutcome(played.outcome);
  const betId = newBetId(s.venue);
  const balance = await book(db, s, {
    betId,
    game: game.definition.code,
    stakeFen: played.stakeFen,
    payoutFen: played.payoutFen,
    validFen: played.validFen,
    hedgedFen: played.hedgedFen ?? 0,
    status: BET_STATUS.settled,
    detail: outcome,
    matchId: null,
  });
  if (balance === null) throw badRequest(MSG.venueInsufficient);
  return {
    bet_id: betId,
    balance: fenToYuan(balance),
    stake: fenToYuan(played.stakeFen),
    payout: fenToYuan(played.payoutFen),
    win_loss: fenToYuan(played.payoutFen - played.stakeFen),
    outcome,
  };
}

/** The instant game a play names, when it is the session's (else 400, 403 or 404). */
export function instantOf(s: PlaySession, gameCode: unknown): NonNullable<ReturnType<typeof instantGame>> {
  if (typeof gameCode !== 'string') throw badRequest(MSG.badRequest);
  if (gameCode !== s.game) throw forbidden(MSG.venueWrongGame);
  const game = instantGame(gameCode);
  if (!game) throw notFound(MSG.venueGameMissing);
  return game;
}

/** What a match bet row keeps in detail: the bet as validated (odds locked) and the match's names. */
export interface MatchBetDetail {
  sport: string;
  matchId: string;
  market: string;
  selection: string;
  /** decimal odds, and ×100 as the engine settles with */
  odds: number;
  oddsE2: number;
  home: string;
  away: string;
  market_name: string;
  selection_name: string;
  kickoff: number;
  result?: unknown;
  won?: boolean;
}

/**
 * POST /venue/api/matches/bet: the odds come from the server's schedule (the engine's validate); any
 * odds the client sends are ignored. Closed at kickoff (409). The stake is debited now; the bet stays
 * unsettled (status 2) until the scheduler draws the result.
 */
export async function placeMatchBet(db: Kdb, s: PlaySession, body: unknown, nowMs = Date.now()): Promise<{ bet_id: string; balance: number }> {
  const b = isRecord(body) ? body : {};
  if (typeof b.sport !== 'string') throw badRequest(MSG.badRequest);
  if (b.sport !== s.game) throw forbidden(MSG.venueWrongGame);
  const sport = virtualSport(b.sport);
  if (!sport) throw notFound(MSG.venueGameMissing);
  const stakeFen = yuanToFen(b.stake) ?? Number.NaN;
  const checked = sport.validate({ matchId: b.matchId, market: b.market, selection: b.selection, stakeFen }, nowMs);
  if (!checked.ok) throw checked.message === MSG.gameMatchClosed ? conflict(checked.message) : badRequest(checked.message);
  const bet = checked.bet;
  const match = sport.matchById(bet.matchId)! as ReturnType<typeof sport.matchById> & { home: { name: string }; away: { name: string } };
  const market = match.markets.find((m) => m.code === bet.market)!;
  const selection = market.selections.find((x) => x.code === bet.selection)!;
  const detail: MatchBetDetail = {
    sport: b.sport,
    matchId: bet.matchId,
    market: bet.market,
    selection: bet.selection,
    odds: bet.oddsE2 / 100,
    oddsE2: bet.oddsE2,
    home: match.home.name,
    away: match.away.name,
    market_name: market.name,
    selection_name: selection.name,
    kickoff: match.kickoffMs,
  };
  const betId = newBetId(s.venue);
  const balance = await book(db, s, { betId, game: b.sport, stakeFen: bet.stakeFen, payoutFen: 0, validFen: 0, hedgedFen: 0, status: BET_STATUS.unsettled, detail, matchId: bet.matchId });
  if (balance === null) throw badRequest(MSG.venueInsufficient);
  return { bet_id: betId, balance: fenToYuan(balance) };
}

/** A history page number from the query (1 when missing or out of range). */
export function pageOf(input: unknown): number {
  const n = Number(input ?? 1);
  return Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** GET /venue/api/bets?page=: this player's bets at this venue, newest first. */
export async function betsPage(db: Kdb, s: PlaySession, pageInput: unknown): Promise<VenueBetsPage> {
  const page = pageOf(pageInput);
  const rows = await db
    .selectFrom('demo_venue_bets')
    .select(['bet_id', 'game', 'stake_fen', 'payout_fen', 'valid_fen', 'status', 'detail', 'created_at', 'settled_at'])
    .where('player', '=', s.player)
    .where('venue', '=', s.venue)
    .orderBy('id', 'desc')
    .limit(VENUE_BETS_PAGE_SIZE + 1)
    .offset((page - 1) * VENUE_BETS_PAGE_SIZE)
    .execute();
  const list: VenueBetRow[] = rows.slice(0, VENUE_BETS_PAGE_SIZE).map((r) => ({
    bet_id: r.bet_id,
    game: r.game,
    game_name: gameDefinition(r.game)?.name ?? r.game,
    stake: fenToYuan(r.stake_fen),
    payout: fenToYuan(r.payout_fen),
    valid: fenToYuan(r.valid_fen),
    win_loss: r.status === BET_STATUS.settled ? fenToYuan(r.payout_fen - r.stake_fen) : 0,
    status: r.status,
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
    created_at: new Date(r.created_at).getTime(),
    settled_at: r.settled_at ? new Date(r.settled_at).getTime() : null,
  }));
  return { page, page_size: VENUE_BETS_PAGE_SIZE, has_more: rows.length > VENUE_BETS_PAGE_SIZE, list };
}

/**
 * The venue's bets against its books: every bet has its stake transaction (player −stake), a settled
 * bet with a payout has its payout transaction (player +payout) and an unsettled or losing one has
 * none, and no stake or payout transaction lacks its bet.
 */
export async function checkDemoVenueBets(db: Kdb) {
  const r = await sql<{ bet_id: string; stake_fen: number; payout_fen: number; status: number; stake_moved: number | null; payout_moved: number | null }>`
    SELECT b.bet_id, b.stake_fen, b.payout_fen, b.status,
      (SELECT -e.amount_fen FROM demo_venue_transactions t JOIN demo_venue_entries e ON e.transaction_id = t.id
        JOIN demo_venue_accounts a ON a.id = e.account_id AND a.kind = 'player'
        WHERE t.venue = b.venue AND t.ref = b.bet_id || ':stake' AND t.state = 'applied') AS stake_moved,
      (SELECT e.amount_fen FROM demo_venue_transactions t JOIN demo_venue_entries e ON e.transaction_id = t.id
        JOIN demo_venue_accounts a ON a.id = e.account_id AND a.kind = 'player'
        WHERE t.venue = b.venue AND t.ref = b.bet_id || ':payout' AND t.state = 'applied') AS payout_moved
    FROM demo_venue_bets b`.execute(db);
  const mismatches: Array<Record<string, unknown>> = [];
  for (const b of r.rows) {
    const wantPayout = b.status === BET_STATUS.settled && Number(b.payout_fen) > 0 ? Number(b.payout_fen) : null;
    if (Number(b.stake_moved) !== Number(b.stake_fen) || (b.payout_moved === null ? null : Number(b.payout_moved)) !== wantPayout) {
      mismatches.push({ type: 'bet_money', ...b });
    }
  }
  const orphans = await sql<{ venue: string; ref: string }>`
    SELECT t.venue, t.ref FROM demo_venue_transactions t
    WHERE t.kind IN ('stake', 'payout') AND t.state = 'applied'
      AND NOT EXISTS (SELECT 1 FROM demo_venue_bets b WHERE b.bet_id = regexp_replace(t.ref, ':(stake|payout)$', '') AND b.venue = t.venue)`.execute(db);
  for (const o of orphans.rows) mismatches.push({ type: 'transaction_without_bet', ...o });
  return { ok: mismatches.length === 0, bets: r.rows.length, mismatches };
}
