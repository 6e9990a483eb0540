/**
 * The seamless wallet (provider → platform), shaped like Hub88's wallet API (docs/seamless-wallet.md):
 * the provider holds no money of its own; it asks the platform, signed (docs/signing.md), for a
 * player's balance and to take a bet, pay a win or roll a bet back. Every answer is HTTP 200 with a
 * `status`; amounts are integer fen (1 yuan = 100 fen) in the one currency, CNY.
 */

/** Where the platform serves the seamless wallet (the signed path includes it). */
export const SEAMLESS_PREFIX = '/provider-api';

export const SEAMLESS_PATH = {
  userInfo: '/user/info',
  balance: '/user/balance',
  bet: '/transaction/bet',
  win: '/transaction/win',
  rollback: '/transaction/rollback',
} as const;
export type SeamlessPath = (typeof SEAMLESS_PATH)[keyof typeof SEAMLESS_PATH];

export const SEAMLESS_CURRENCY = 'CNY';

export const RS = {
  ok: 'RS_OK',
  /** something failed at the platform: nothing changed, the same request may be retried */
  unknown: 'RS_ERROR_UNKNOWN',
  /** a header missing, a stale timestamp, a signature none of the merchant's keys makes, a nonce used twice */
  invalidSignature: 'RS_ERROR_INVALID_SIGNATURE',
  /** the token is not one the platform issued, or names another player, provider or game */
  invalidToken: 'RS_ERROR_INVALID_TOKEN',
  /** the token's time is over (checked on user info, balance and bet; not on win and rollback) */
  tokenExpired: 'RS_ERROR_TOKEN_EXPIRED',
  /** the account is disabled, or the member is in a time-out or self-exclusion */
  userDisabled: 'RS_ERROR_USER_DISABLED',
  notEnoughMoney: 'RS_ERROR_NOT_ENOUGH_MONEY',
  /** this transaction_uuid was used before with other content */
  duplicateTransaction: 'RS_ERROR_DUPLICATE_TRANSACTION',
  /** a win whose bet (reference_transaction_uuid) the platform never took */
  transactionDoesNotExist: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  /** the bet was rolled back (or a rollback of it came first: the late bet is refused) */
  transactionRolledBack: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  /** a wager or loss limit the member set leaves no room for this stake */
  limitReached: 'RS_ERROR_LIMIT_REACHED',
  /** the game is not the token's, or the provider serves no such game */
  invalidGame: 'RS_ERROR_INVALID_GAME',
  wrongCurrency: 'RS_ERROR_WRONG_CURRENCY',
  /** the body is not a valid request, or it breaks a rule of the round (a bet or win after the round's win, a rollback of a settled bet) */
  wrongSyntax: 'RS_ERROR_WRONG_SYNTAX',
} as const;
export type SeamlessStatus = (typeof RS)[keyof typeof RS];

/** Bounds of the texts a request carries. */
export const SEAMLESS_LIMITS = {
  uuidMaxLength: 64,
  textMaxLength: 128,
  tokenMaxLength: 1024,
  /** one bet or win, fen (10 million yuan) */
  amountMaxFen: 1_000_000_000,
} as const;

interface Signed {
  /** unique per request: a repeat answers the first answer again, byte for byte */
  request_uuid: string;
  /** the token the platform issued at launch */
  token: string;
  /** the player, as the token names it */
  user: string;
}

export type UserInfoRequest = Signed;
export interface BalanceRequest extends Signed {
  game_code?: string;
  currency?: string;
}

interface Transaction extends Signed {
  /** unique forever, across every kind */
  transaction_uuid: string;
  round: string;
  game_code: string;
  currency: string;
  /** whether the provider closed the round with this transaction (informational) */
  round_closed?: boolean;
  /** the provider's own id, kept for support */
  supplier_transaction_id?: string;
  meta?: Record<string, unknown>;
}

export interface BetRequest extends Transaction {
  /** the stake, fen, > 0 */
  amount: number;
}

export interface WinRequest extends Transaction {
  /** the payout, fen, ≥ 0 (0: the round lost) */
  amount: number;
  /** the bet this win pays */
  reference_transaction_uuid: string;
}

export interface RollbackRequest extends Transaction {
  /** the bet to roll back */
  reference_transaction_uuid: string;
}

export type SeamlessRequest = UserInfoRequest | BalanceRequest | BetRequest | WinRequest | RollbackRequest;

/** Every answer. `user`, `currency` and `balance` (fen) are there whenever the player is known. */
export interface SeamlessResponse {
  status: SeamlessStatus;
  request_uuid: string;
  user?: string;
  currency?: typeof SEAMLESS_CURRENCY;
  balance?: number;
}
