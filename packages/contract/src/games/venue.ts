/**
 * The demo venue's game API (`/venue/api/*`, notes/venue-api.md; DESIGN §6): the wire types shared by
 * the venue server (packages/server/src/venue-demo) and the venue pages (packages/venue).
 *
 * Envelope `{code, message, data}` like the platform (200 ok; 400 bad input, 401 no/expired session,
 * 403 another game than the session's, or a bet past the wager or loss headroom the launch carried
 * (venueLimitText), 404, 409). Money is yuan (≤ 2 decimals) on the wire; times are
 * ms since the epoch. Auth: header `x-venue-session: <token>` from `POST /venue/api/session`.
 */
import type { GameCategory } from '../shared/constants.js';
import { MSG } from '../shared/messages.js';

/** The header carrying the session token of the frame (kept in the frame's sessionStorage). */
export const VENUE_SESSION_HEADER = 'x-venue-session';
/** The query parameter of the launch URL `/venue/?launch=<token>`. */
export const VENUE_LAUNCH_PARAM = 'launch';
/** Page size of GET /venue/api/bets. */
export const VENUE_BETS_PAGE_SIZE = 20;

export type VenueGameKind = 'slot' | 'baccarat' | 'dragontiger' | 'dice' | 'fishing' | 'football' | 'esports';
export type VenueInstantKind = 'slot' | 'baccarat' | 'dragontiger' | 'dice' | 'fishing';
export type VenueSportCode = 'demo_football' | 'demo_esports';

// ---- game info (GET /venue/api/games/:code, and in the session) -----------------------------------

interface VenueGameBase {
  code: string;
  kind: VenueGameKind;
  /** Chinese display name. */
  name: string;
  /** The hall category (and rebate category). */
  category: GameCategory;
  /** Electronic-game provider (obgdy, fgdz, pp, ae) for slots and fishing; null otherwise. */
  provider: string | null;
  /** Stated theoretical return to player, 0.90–0.99 (table games: the lowest option's). */
  rtp: number;
  /** Chinese help text (may contain line breaks). */
  rules: string;
  /** Largest stake of one bet (spin, shot, one option of a round, one selection), yuan. */
  max_stake: number;
}

export interface VenueSlotSymbol {
  /** One character: the key used in strips, windows and the paytable. */
  id: string;
  /** Chinese label drawn on the tile. */
  name: string;
  color: string;
  /** Absent for a normal symbol. */
  kind?: 'wild' | 'scatter';
}

export interface VenueSlotPay {
  symbol: string;
  /** Line pays: run length from the leftmost reel; scatter: this many or more anywhere. */
  count: number;
  /** Line pays: in line bets (stake ÷ lines); scatter: in total stakes. */
  multiplier: number;
  type: 'line' | 'scatter';
}

export interface VenueSlotInfo extends VenueGameBase {
  kind: 'slot';
  /** Number of reels (columns). */
  reels: number;
  /** Visible rows. */
  rows: number;
  /** The reel strips, one string per reel, a symbol id per stop (outcome.stops index into them). */
  strips: string[];
  /** Paylines: one row index (0 top) per reel; outcome.lineWins[].line indexes this array. */
  lines: number[][];
  symbols: VenueSlotSymbol[];
  paytable: VenueSlotPay[];
  /** Suggested per-spin totals (yuan), each a multiple of the line count in fen. */
  stakes: number[];
  theme: { name: string; background: [string, string]; accent: string };
}

export interface VenueTableOption {
  /** banker | player | tie (baccarat); dragon | tiger | tie (dragon-tiger). */
  id: string;
  name: string;
  /** What a win returns per 1 staked, stake included (1.95 for 庄). */
  payout: number;
  rtp: number;
}

export interface VenueTableInfo extends VenueGameBase {
  kind: 'baccarat' | 'dragontiger' | 'dice';
  options: VenueTableOption[];
  /** Chip values, yuan. */
  chips: number[];
}

export interface VenueFish {
  id: string;
  name: string;
  multiplier: number;
  color: string;
  /** Chance of one shot hitting this fish (0–1). */
  chance: number;
}

export interface VenueFishingInfo extends VenueGameBase {
  kind: 'fishing';
  /** Cannon levels: the stake of one shot, yuan. */
  cannons: number[];
  fish: VenueFish[];
}

export interface VenueSportInfo extends VenueGameBase {
  kind: 'football' | 'esports';
  schedule: {
    /** A round of matches kicks off every interval_ms (at multiples of it since the epoch). */
    interval_ms: number;
    matches_per_round: number;
    /** Result is drawn this long after kickoff. */
    duration_ms: number;
  };
}

export type VenueGameInfo = VenueSlotInfo | VenueTableInfo | VenueFishingInfo | VenueSportInfo;

// ---- session ---------------------------------------------------------------------------------------

/** POST /venue/api/session body. */
export interface VenueSessionRequest {
  launch: string;
}

/** GET /venue/api/me. */
export interface VenueMe {
  player: { id: string; name: string };
  venue: { code: string; name: string };
  game: VenueGameInfo;
  /** The player's balance, yuan: at this venue, or the platform's central wallet (`wallet`). */
  balance: number;
  /** Where the money played is: the venue's own wallet (transfer mode) or the platform's central wallet (seamless mode). */
  wallet: VenueWallet;
}

export type VenueWallet = 'venue' | 'central';

/** What a stake above the balance says: move money in (a venue wallet), or top up (the central wallet). */
export function lowBalanceText(wallet: VenueWallet): string {
  return wallet === 'central' ? MSG.venueWalletInsufficient : MSG.venueInsufficient;
}

/** POST /venue/api/session answer: the token for the x-venue-session header, and VenueMe. */
export interface VenueSession extends VenueMe {
  session: string;
}

/** GET /venue/api/balance. */
export interface VenueBalanceInfo {
  balance: number;
}

// ---- instant play ----------------------------------------------------------------------------------

/** POST /venue/api/play {game, bet}; stakes in yuan. */
export type VenuePlayBet =
  | { stake: number } // slot (total over all lines), fishing (a cannon level)
  | { stakes: { banker?: number; player?: number; tie?: number } } // baccarat
  | { stakes: { dragon?: number; tiger?: number; tie?: number } } // dragon-tiger
  | { stakes: { big?: number; small?: number; odd?: number; even?: number; triple?: number } }; // 快三骰宝

export interface VenuePlayRequest {
  game: string;
  bet: VenuePlayBet;
}

export interface VenueCard {
  /** 1 (A) … 13 (K) */
  rank: number;
  /** 0 ♠ 1 ♥ 2 ♣ 3 ♦ */
  suit: number;
}

export interface VenueSlotOutcome {
  /** Stop index per reel into strips. */
  stops: number[];
  /** window[reel][row], symbol ids. */
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; pays: number }[];
  scatter: { count: number; pays: number } | null;
  /** Total win in line bets. */
  winUnits: number;
}

/** One option of a table round, yuan. valid 0 = returned as a push. */
export interface VenueTableLine {
  option: string;
  stake: number;
  payout: number;
  valid: number;
}

export interface VenueBaccaratOutcome {
  player: VenueCard[];
  banker: VenueCard[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'banker' | 'player' | 'tie';
  lines: VenueTableLine[];
}

export interface VenueDragonTigerOutcome {
  dragon: VenueCard;
  tiger: VenueCard;
  winner: 'dragon' | 'tiger' | 'tie';
  lines: VenueTableLine[];
}

/** 快三骰宝: three dice (1–6), their sum, whether all three match. */
export interface VenueDiceOutcome {
  dice: [number, number, number];
  sum: number;
  triple: boolean;
  lines: VenueTableLine[];
}

export interface VenueFishingOutcome {
  fish: { key: string; name: string; multiplier: number } | null;
}

export type VenueOutcome = VenueSlotOutcome | VenueBaccaratOutcome | VenueDragonTigerOutcome | VenueDiceOutcome | VenueFishingOutcome;

/** POST /venue/api/play answer, yuan; win_loss = payout − stake. */
export interface VenuePlayResult {
  bet_id: string;
  balance: number;
  stake: number;
  payout: number;
  win_loss: number;
  outcome: VenueOutcome;
}

// ---- virtual matches -------------------------------------------------------------------------------

export interface VenueSelection {
  id: string;
  name: string;
  /** Decimal odds, stake included (2 decimals). */
  odds: number;
  /** false: listed but not offered. */
  open: boolean;
}

export interface VenueMarket {
  id: string;
  name: string;
  selections: VenueSelection[];
}

export interface VenueFootballResult {
  homeGoals: number;
  awayGoals: number;
}

export interface VenueEsportsResult {
  maps: ('home' | 'away')[];
  homeMaps: number;
  awayMaps: number;
}

export type VenueMatchState = 'open' | 'closed' | 'finished';

export interface VenueMatch {
  id: string;
  home: string;
  away: string;
  /** Kickoff (ms epoch); bets close at kickoff, so closes_at = starts_at. */
  starts_at: number;
  closes_at: number;
  /** When the result is due. */
  result_at: number;
  /** open: before kickoff; closed: playing, result pending; finished: result drawn. */
  state: VenueMatchState;
  markets: VenueMarket[];
  result?: VenueFootballResult | VenueEsportsResult;
}

/** GET /venue/api/matches?sport= : the current and next rounds plus the last finished ones. */
export interface VenueMatches {
  now: number;
  matches: VenueMatch[];
}

/** POST /venue/api/matches/bet; stake yuan. The odds are the server's, never the client's. */
export interface VenueMatchBetRequest {
  sport: VenueSportCode;
  matchId: string;
  market: string;
  selection: string;
  stake: number;
}

export interface VenueMatchBetResult {
  bet_id: string;
  balance: number;
}

// ---- history ---------------------------------------------------------------------------------------

/** One bet of GET /venue/api/bets?page= (1-based), newest first, yuan. */
export interface VenueBetRow {
  bet_id: string;
  game: string;
  game_name: string;
  stake: number;
  payout: number;
  valid: number;
  win_loss: number;
  /** 0 invalid, 1 settled, 2 unsettled (BET_STATUS) */
  status: number;
  /** Instant games: the outcome; matches: {matchId, market, selection, odds, home, away, result?}. */
  detail: unknown;
  created_at: number;
  settled_at: number | null;
}

export interface VenueBetsPage {
  page: number;
  page_size: number;
  has_more: boolean;
  list: VenueBetRow[];
}
