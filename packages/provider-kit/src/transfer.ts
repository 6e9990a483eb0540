import { SEAMLESS_LIMITS } from './seamless.js';

/**
 * The transfer-wallet protocol (docs/transfer-wallet.md, docs/transfer-wallet.openapi.json): the
 * platform calls the provider, which holds a wallet per player and venue. Every call is a signed
 * `POST` (docs/signing.md) of a JSON body to `<base>/<path>`; every answer is JSON with `code`:
 * 'OK' and the call's fields, or an error code and a message. Amounts are integer fen; the player id
 * is the platform's text, the transfer id the platform's own unique order number.
 *
 * Messages only: no platform code. The checks below (`read*`) are what both sides use to take a body
 * apart, so a malformed message is refused the same way wherever it is read.
 */

export const TRANSFER_PATHS = {
  createPlayer: '/player/create',
  balance: '/balance',
  transferIn: '/transfer/in',
  transferOut: '/transfer/out',
  transferStatus: '/transfer/status',
  transferVoid: '/transfer/void',
  launch: '/launch',
  bets: '/bets',
  games: '/games',
  kickPlayer: '/player/kick',
} as const;

export type TransferPath = (typeof TRANSFER_PATHS)[keyof typeof TRANSFER_PATHS];

/**
 * The calls the platform may send again after an unknown outcome (no answer, a lost connection, a 5xx):
 * reading calls, and a transfer, which a provider applies at most once by its id. A launch (a new
 * single-use URL each time), a void and a kick are sent once and their failure reported.
 */
export const RETRIED_PATHS: ReadonlySet<TransferPath> = new Set([
  TRANSFER_PATHS.createPlayer,
  TRANSFER_PATHS.balance,
  TRANSFER_PATHS.transferIn,
  TRANSFER_PATHS.transferOut,
  TRANSFER_PATHS.transferStatus,
  TRANSFER_PATHS.bets,
  TRANSFER_PATHS.games,
]);

/** Error codes; `OK` is the only success. A signature failure comes with HTTP 401, a malformed request 400, the rest 404 or 500. */
export const TRANSFER_ERROR = {
  signatureMissing: 'SIGNATURE_MISSING',
  signatureStale: 'SIGNATURE_STALE',
  signatureInvalid: 'SIGNATURE_INVALID',
  nonceReplayed: 'NONCE_REPLAYED',
  badRequest: 'BAD_REQUEST',
  venueNotFound: 'VENUE_NOT_FOUND',
  gameNotFound: 'GAME_NOT_FOUND',
  internal: 'INTERNAL_ERROR',
} as const;

export type TransferErrorCode = (typeof TRANSFER_ERROR)[keyof typeof TRANSFER_ERROR];

/** What answers a signature refusal (signing.ts SignatureRefusal), always over HTTP 401. */
export const SIGNATURE_ERROR = {
  missing: TRANSFER_ERROR.signatureMissing,
  stale: TRANSFER_ERROR.signatureStale,
  bad_signature: TRANSFER_ERROR.signatureInvalid,
  replayed: TRANSFER_ERROR.nonceReplayed,
} as const;

export type TransferOk<T> = { code: 'OK' } & T;
export interface TransferError {
  code: TransferErrorCode;
  message: string;
}
export type TransferResponse<T> = TransferOk<T> | TransferError;

// Requests and answers, one pair per call.

export interface CreatePlayerRequest {
  player: string;
}
/** The player exists now, created by this call or known before (a repeat is no error). */
export type CreatePlayerAnswer = Record<string, never>;

export interface TransferBalanceRequest {
  player: string;
  /** 1 to MAX_BALANCE_VENUES venue codes */
  venues: string[];
}
/** Every venue asked for, in fen; 0 where the player has no wallet. */
export interface TransferBalanceAnswer {
  balances: Record<string, number>;
}

export interface TransferRequest {
  venue: string;
  player: string;
  /** integer fen, > 0 */
  amount_fen: number;
  /** the platform's unique id of this transfer: applied at most once, for ever */
  transfer_id: string;
}

/** Why a transfer was refused for certain (nothing moved). */
export type TransferRefusal = 'insufficient_balance' | 'voided' | 'rejected';
export const TRANSFER_REFUSALS: readonly TransferRefusal[] = ['insufficient_balance', 'voided', 'rejected'];

/** `ok`: applied now or before (a repeat of an applied id answers ok again and moves nothing). */
export type TransferAnswer = { status: 'ok' } | { status: 'failed'; reason: TransferRefusal };

export interface TransferStatusRequest {
  venue: string;
  transfer_id: string;
}
/** `not_found`: never received, refused or voided: it did not and will never apply. */
export interface TransferStatusAnswer {
  status: 'applied' | 'not_found';
}

export interface TransferVoidRequest {
  venue: string;
  transfer_id: string;
}
/** `voided`: the id can never apply now (a late request with it is refused); `applied`: it applied first and stands. */
export interface TransferVoidAnswer {
  status: 'voided' | 'applied';
}

/** Player protection's limits a launch carries, integer fen (null: no limit of that kind); `after` a bet-feed cursor. */
export interface LaunchHeadroomWire {
  wager: number | null;
  loss: number | null;
  after: number;
}

export interface LaunchRequest {
  venue: string;
  player: string;
  game: string;
  device: 'mobile' | 'desktop';
  /** BCP 47, e.g. zh-CN */
  language: string;
  /** where the game's exit button leads; null: the provider's default */
  return_url: string | null;
  /** absent or null: the player has no wager or loss limit */
  headroom?: LaunchHeadroomWire | null;
  /**
   * A seamless provider's launch only (docs/seamless-wallet.md): the wallet token the game sends back
   * on every wallet call. A transfer provider's launch has none.
   */
  token?: string;
}
/** A URL good for one launch and a short time: absolute, or a path on the platform's own host. */
export interface LaunchAnswer {
  url: string;
}

export interface BetsRequest {
  /** the cursor: changes after this position (0: from the start) */
  after: number;
  /** 1 to MAX_BETS_LIMIT */
  limit: number;
}
export interface BetRecordWire {
  /** the bet's position in the feed: every change of the bet comes again with a higher seq */
  seq: number;
  venue: string;
  bet_id: string;
  player: string;
  game: string;
  game_name: string;
  /** the hall category of the game (the rebate category) */
  category: string;
  stake_fen: number;
  /** the stake at risk, netted across the player's round */
  valid_fen: number;
  /** the stake offset by opposite sides of the same round */
  hedged_fen: number;
  /** payout − stake; 0 while unsettled */
  win_loss_fen: number;
  /** 0 invalid, 1 settled, 2 unsettled */
  status: 0 | 1 | 2;
  /** the provider's description of the bet and its outcome, JSON text */
  detail: string;
  /** ISO 8601 */
  bet_at: string;
  settled_at: string | null;
}
/** `next`: the cursor to send next time; every change at or below it was returned now or before, or never will appear. */
export interface BetsAnswer {
  bets: BetRecordWire[];
  next: number;
}

export type GamesRequest = Record<string, never>;
export interface GameWire {
  code: string;
  name: string;
  category: string;
  /** the electronic-game provider whose grid lists it; null for other categories */
  provider: string | null;
  fishing: boolean;
}
export interface GamesAnswer {
  games: GameWire[];
}

export interface KickPlayerRequest {
  player: string;
}
export type KickPlayerAnswer = Record<string, never>;

// Limits (TIGER_STYLE: a bound on everything).

export const MAX_BALANCE_VENUES = 100;
export const MAX_BETS_LIMIT = 1000;
const MAX_ID = 64;
const MAX_URL = 2048;
const MAX_TOKEN = SEAMLESS_LIMITS.tokenMaxLength;
const ID = /^[A-Za-z0-9_.:-]+$/;

// Reading a body: each answers the message or the reason it is malformed.

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const good = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID && ID.test(v);
export const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function ids(body: unknown, names: string[]): Read<Record<string, string>> {
  if (!isObject(body)) return fail('the body is not a JSON object');
  const out: Record<string, string> = {};
  for (const n of names) {
    if (!isId(body[n])) return fail(`${n}: 1 to ${MAX_ID} characters of [A-Za-z0-9_.:-]`);
    out[n] = body[n] as string;
  }
  return good(out);
}

export function readPlayer(body: unknown): Read<CreatePlayerRequest> {
  const r = ids(body, ['player']);
  return r.ok ? good({ player: r.value.player }) : r;
}

export function readBalance(body: unknown): Read<TransferBalanceRequest> {
  const r = ids(body, ['player']);
  if (!r.ok) return r;
  const venues = (body as Record<string, unknown>).venues;
  if (!Array.isArray(venues) || venues.length === 0 || venues.length > MAX_BALANCE_VENUES || !venues.every(isId)) return fail(`venues: 1 to ${MAX_BALANCE_VENUES} venue codes`);
  return good({ player: r.value.player, venues: venues as string[] });
}

export function readTransfer(body: unknown): Read<TransferRequest> {
  const r = ids(body, ['venue', 'player', 'transfer_id']);
  if (!r.ok) return r;
  const amount = (body as Record<string, unknown>).amount_fen;
  if (!isFen(amount) || amount === 0) return fail('amount_fen: a whole number of fen above 0');
  return good({ venue: r.value.venue, player: r.value.player, transfer_id: r.value.transfer_id, amount_fen: amount });
}

export function readTransferRef(body: unknown): Read<TransferStatusRequest> {
  const r = ids(body, ['venue', 'transfer_id']);
  return r.ok ? good({ venue: r.value.venue, transfer_id: r.value.transfer_id }) : r;
}

export function readHeadroom(h: unknown): Read<LaunchHeadroomWire | null> {
  if (h === undefined || h === null) return good(null);
  if (!isObject(h)) return fail('headroom: an object');
  const { wager, loss, after } = h;
  if (!(wager === null || isFen(wager)) || !(loss === null || isFen(loss)) || !isFen(after)) return fail('headroom: wager and loss in fen or null, after a cursor');
  return good({ wager, loss, after });
}

export function readLaunch(body: unknown): Read<LaunchRequest> {
  const r = ids(body, ['venue', 'player', 'game']);
  if (!r.ok) return r;
  const b = body as Record<string, unknown>;
  if (b.device !== 'mobile' && b.device !== 'desktop') return fail('device: mobile or desktop');
  if (typeof b.language !== 'string' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(b.language)) return fail('language: a BCP 47 tag');
  if (!(b.return_url === null || (typeof b.return_url === 'string' && b.return_url.length <= MAX_URL))) return fail(`return_url: a URL of at most ${MAX_URL} characters, or null`);
  const headroom = readHeadroom(b.headroom);
  if (!headroom.ok) return headroom;
  if (b.token !== undefined && (typeof b.token !== 'string' || b.token === '' || b.token.length > MAX_TOKEN)) return fail(`token: 1 to ${MAX_TOKEN} characters`);
  const token = typeof b.token === 'string' ? { token: b.token } : {};
  return good({ venue: r.value.venue, player: r.value.player, game: r.value.game, device: b.device, language: b.language, return_url: b.return_url, headroom: headroom.value, ...token });
}

export function readBets(body: unknown): Read<BetsRequest> {
  if (!isObject(body)) return fail('the body is not a JSON object');
  const { after, limit } = body;
  if (!isFen(after)) return fail('after: a cursor (a whole number, 0 from the start)');
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_BETS_LIMIT) return fail(`limit: 1 to ${MAX_BETS_LIMIT}`);
  return good({ after, limit });
}

// Reading an answer (the platform's side): a malformed answer is no answer.

/** The OK body of an answer, or null when it is an error code or malformed. */
export function okBody(body: unknown): Record<string, unknown> | null {
  return isObject(body) && body.code === 'OK' ? body : null;
}

export function readTransferAnswer(body: unknown): TransferAnswer | null {
  const b = okBody(body);
  if (b?.status === 'ok') return { status: 'ok' };
  if (b?.status === 'failed' && TRANSFER_REFUSALS.includes(b.reason as TransferRefusal)) return { status: 'failed', reason: b.reason as TransferRefusal };
  return null;
}

export function readBetRecord(v: unknown): BetRecordWire | null {
  if (!isObject(v)) return null;
  const texts = ['venue', 'bet_id', 'player', 'game', 'game_name', 'category', 'detail', 'bet_at'] as const;
  if (!texts.every((k) => typeof v[k] === 'string')) return null;
  if (!isFen(v.seq) || !isFen(v.stake_fen) || !isFen(v.valid_fen) || !isFen(v.hedged_fen)) return null;
  if (typeof v.win_loss_fen !== 'number' || !Number.isSafeInteger(v.win_loss_fen)) return null;
  if (v.status !== 0 && v.status !== 1 && v.status !== 2) return null;
  if (!(v.settled_at === null || typeof v.settled_at === 'string')) return null;
  return v as unknown as BetRecordWire;
}

export function readGame(v: unknown): GameWire | null {
  if (!isObject(v) || typeof v.code !== 'string' || typeof v.name !== 'string' || typeof v.category !== 'string') return null;
  if (!(v.provider === null || typeof v.provider === 'string') || typeof v.fishing !== 'boolean') return null;
  return { code: v.code, name: v.name, category: v.category, provider: v.provider, fishing: v.fishing };
}
