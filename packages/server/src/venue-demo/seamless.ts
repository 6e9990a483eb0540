import { BET_STATUS, MSG, VENUE_BETS_PAGE_SIZE, fenToYuan, type VenueBetRow, type VenueBetsPage, type VenuePlayResult } from '@app/contract';
import { RS, SEAMLESS_CURRENCY, SEAMLESS_PATH, SignedCallUnknown, signedPost, type SeamlessResponse } from '@app/provider-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kdb } from '../db/connect.js';
import { badRequest, forbidden, unauthorized, type AppError } from '../http/errors.js';
import { cryptoRng, gameDefinition, type Rng } from './games/index.js';
import { wireOutcome } from './info.js';
import { engineInput, instantOf, newBetId, pageOf, type PlaySession } from './play.js';

/**
 * The demo venue as a seamless provider (provider-kit docs/seamless-wallet.md): a session launched
 * with a wallet token holds no money here. Each spin is a round at the platform's seamless wallet:
 * the bet (the stake taken from the central wallet, or refused: nothing is played), then the win
 * (the payout, 0 for a lost round) that closes it. The bet's transaction id is the round's id, the
 * bet id the member sees here, so the platform's bet record carries the same number. The round is written here first, so a win the
 * platform did not answer is sent again (settleOpenRounds) with the same ids, which the wallet applies
 * once; a bet whose outcome is unknown is rolled back.
 */
export interface WalletOptions {
  /** the platform's seamless wallet, e.g. http://127.0.0.1:3000/provider-api */
  url: () => string;
  /** who the venue signs as, and its current key (read at each call: a rotation shows at once) */
  merchant: string;
  key: () => Promise<string>;
  timeoutMs: number;
}

/** A round still open this long is settled by the sweep (a spin's own win is sent at once). */
export const OPEN_ROUND_RETRY_MS = 10_000;
/** How often the sweep looks for open rounds. */
export const OPEN_ROUND_SWEEP_MS = 5_000;

type Answer = SeamlessResponse & Record<string, unknown>;

/** One wallet call; a lost connection or a non-JSON answer is `null` (the outcome is unknown). */
async function call(w: WalletOptions, path: string, payload: Record<string, unknown>): Promise<Answer | null> {
  try {
    const res = await signedPost<Answer>({ baseUrl: w.url(), merchant: w.merchant, key: await w.key(), timeoutMs: w.timeoutMs }, path, payload);
    return res.body && typeof res.body.status === 'string' ? res.body : null;
  } catch (err) {
    if (err instanceof SignedCallUnknown) return null;
    throw err;
  }
}

/** A call repeated with the same request (and so the same effect) until it is answered, at most `tries` times. */
async function answered(w: WalletOptions, path: string, payload: Record<string, unknown>, tries = 3): Promise<Answer | null> {
  for (let i = 0; i < tries; i++) {
    const a = await call(w, path, payload);
    if (a && a.status !== RS.unknown) return a;
  }
  return null;
}

/** The error a member sees for a wallet's refusal of a bet or a balance read. */
function refusal(status: string): AppError {
  switch (status) {
    case RS.notEnoughMoney:
      return badRequest(MSG.venueWalletInsufficient);
    case RS.limitReached:
      return forbidden(MSG.venueWalletLimit);
    case RS.userDisabled:
      return forbidden(MSG.venueWalletBlocked);
    case RS.invalidToken:
    case RS.tokenExpired:
    case RS.invalidGame:
      return unauthorized(MSG.venueSessionInvalid);
    default:
      return badRequest(MSG.venueWalletUnavailable);
  }
}

const signedFields = (s: PlaySession, token: string) => ({ token, user: s.player });

/** The member's central balance, read from the wallet (fen). */
export async function walletBalanceFen(w: WalletOptions, s: PlaySession, token: string): Promise<number> {
  const a = await answered(w, SEAMLESS_PATH.balance, { request_uuid: newBetId('bal'), ...signedFields(s, token), game_code: s.game, currency: SEAMLESS_CURRENCY });
  if (!a) throw badRequest(MSG.venueWalletUnavailable);
  if (a.status !== RS.ok || typeof a.balance !== 'number') throw refusal(a.status);
  return a.balance;
}

/** One spin, hand or shot in seamless mode: drawn, then staked and paid at the wallet. */
export async function playSeamless(db: Kdb, w: WalletOptions, s: PlaySession, token: string, gameCode: unknown, betInput: unknown, log?: FastifyBaseLogger, rng: Rng = cryptoRng): Promise<VenuePlayResult> {
  const game = instantOf(s, gameCode);
  const checked = game.validate(engineInput(game.definition.kind, betInput));
  if (!checked.ok) throw badRequest(checked.message);
  const played = game.play(rng, checked.bet);
  const outcome = wireOutcome(played.outcome);
  const round = newBetId(s.venue);
  await db
    .insertInto('demo_venue_seamless_rounds')
    .values({ round, venue: s.venue, player: s.player, game: game.definition.code, wallet_token: token, stake_fen: played.stakeFen, payout_fen: played.payoutFen, detail: JSON.stringify(outcome) })
    .execute();
  const bet = await answered(w, SEAMLESS_PATH.bet, { request_uuid: `${round}:bet`, ...signedFields(s, token), transaction_uuid: round, round, game_code: game.definition.code, currency: SEAMLESS_CURRENCY, amount: played.stakeFen });
  if (!bet || bet.status !== RS.ok) {
    // Refused: nothing moved. No answer: the bet may have been taken, so it is rolled back (or, if that
    // cannot be told either, left open for the sweep, which rolls it back).
    if (bet) await closeRound(db, round, 'refused');
    else if (await rollback(w, s, token, round, game.definition.code)) await closeRound(db, round, 'rolled_back');
    throw bet ? refusal(bet.status) : badRequest(MSG.venueWalletUnavailable);
  }
  const win = await sendWin(w, { round, player: s.player, token, game: game.definition.code, payoutFen: played.payoutFen });
  const paid = win?.status === RS.ok;
  if (paid) await closeRound(db, round, 'settled');
  else log?.warn({ round, status: win?.status }, 'demo venue: a seamless win was not taken; the sweep sends it again');
  const balance = paid && typeof win.balance === 'number' ? win.balance : typeof bet.balance === 'number' ? bet.balance : 0;
  return { bet_id: round, balance: fenToYuan(balance), stake: fenToYuan(played.stakeFen), payout: fenToYuan(played.payoutFen), win_loss: fenToYuan(played.payoutFen - played.stakeFen), outcome };
}

/** The win that closes a round, sent with the same ids each time (the wallet applies it once); null: no answer. */
function sendWin(w: WalletOptions, r: { round: string; player: string; token: string; game: string; payoutFen: number }): Promise<Answer | null> {
  return answered(w, SEAMLESS_PATH.win, {
    request_uuid: `${r.round}:win`,
    token: r.token,
    user: r.player,
    transaction_uuid: `${r.round}:win`,
    reference_transaction_uuid: r.round,
    round: r.round,
    game_code: r.game,
    currency: SEAMLESS_CURRENCY,
    amount: r.payoutFen,
    round_closed: true,
  });
}

/** Rolls a bet back; true once the wallet answered (it undid the bet, or never took it). */
async function rollback(w: WalletOptions, s: Pick<PlaySession, 'player'>, token: string, round: string, gameCode: string): Promise<boolean> {
  const a = await answered(w, SEAMLESS_PATH.rollback, {
    request_uuid: `${round}:rollback`,
    token,
    user: s.player,
    transaction_uuid: `${round}:rollback`,
    reference_transaction_uuid: round,
    round,
    game_code: gameCode,
    currency: SEAMLESS_CURRENCY,
  });
  return a !== null && a.status === RS.ok;
}

async function closeRound(db: Kdb, round: string, state: 'settled' | 'refused' | 'rolled_back'): Promise<void> {
  await db.updateTable('demo_venue_seamless_rounds').set({ state, settled_at: new Date() }).where('round', '=', round).where('state', '=', 'open').execute();
}

/**
 * Rounds left open (a win or a bet not answered): the win is sent again with its ids, which the wallet
 * applies once. A wallet that answers the win with "no such bet" never took the bet: the round is
 * rolled back, so the bet can never be taken late.
 */
export async function settleOpenRounds(db: Kdb, w: WalletOptions, nowMs = Date.now()): Promise<number> {
  const open = await db
    .selectFrom('demo_venue_seamless_rounds')
    .select(['round', 'player', 'game', 'wallet_token', 'payout_fen'])
    .where('state', '=', 'open')
    .where('created_at', '<', new Date(nowMs - OPEN_ROUND_RETRY_MS))
    .orderBy('created_at')
    .limit(100)
    .execute();
  let closed = 0;
  for (const r of open) {
    const win = await sendWin(w, { round: r.round, player: r.player, token: r.wallet_token, game: r.game, payoutFen: Number(r.payout_fen) });
    if (win?.status === RS.ok) {
      await closeRound(db, r.round, 'settled');
      closed++;
    } else if (win?.status === RS.transactionDoesNotExist || win?.status === RS.transactionRolledBack) {
      if (await rollback(w, { player: r.player }, r.wallet_token, r.round, r.game)) {
        await closeRound(db, r.round, 'rolled_back');
        closed++;
      }
    }
  }
  return closed;
}

const ROUND_STATUS = { settled: BET_STATUS.settled, open: BET_STATUS.unsettled, rolled_back: BET_STATUS.invalid } as const;

/** GET /venue/api/bets in seamless mode: the player's rounds at this venue, newest first (a refused bet was never played). */
export async function seamlessBetsPage(db: Kdb, s: PlaySession, pageInput: unknown): Promise<VenueBetsPage> {
  const page = pageOf(pageInput);
  const rows = await db
    .selectFrom('demo_venue_seamless_rounds')
    .select(['round', 'game', 'stake_fen', 'payout_fen', 'state', 'detail', 'created_at', 'settled_at'])
    .where('player', '=', s.player)
    .where('venue', '=', s.venue)
    .where('state', '<>', 'refused')
    .orderBy('id', 'desc')
    .limit(VENUE_BETS_PAGE_SIZE + 1)
    .offset((page - 1) * VENUE_BETS_PAGE_SIZE)
    .execute();
  const list: VenueBetRow[] = rows.slice(0, VENUE_BETS_PAGE_SIZE).map((r) => {
    const status = ROUND_STATUS[r.state as keyof typeof ROUND_STATUS];
    const settled = status === BET_STATUS.settled;
    return {
      bet_id: r.round,
      game: r.game,
      game_name: gameDefinition(r.game)?.name ?? r.game,
      stake: fenToYuan(Number(r.stake_fen)),
      payout: settled ? fenToYuan(Number(r.payout_fen)) : 0,
      valid: settled ? fenToYuan(Number(r.stake_fen)) : 0,
      win_loss: settled ? fenToYuan(Number(r.payout_fen) - Number(r.stake_fen)) : 0,
      status,
      detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
      created_at: new Date(r.created_at).getTime(),
      settled_at: r.settled_at ? new Date(r.settled_at).getTime() : null,
    };
  });
  return { page, page_size: VENUE_BETS_PAGE_SIZE, has_more: rows.length > VENUE_BETS_PAGE_SIZE, list };
}
