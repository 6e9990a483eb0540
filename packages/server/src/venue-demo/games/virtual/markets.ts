import { fmt, MSG, type OpposedSide } from '@app/contract';
import type { Rng } from '../rng.js';
import { isRecord, payFen, stakeError, type Checked, type GameDefinition } from '../types.js';

/**
 * Markets and odds of the virtual matches. Each selection's odds come from the model's true
 * probability p of that selection: odds = ⌊100 · PRICING_RTP / p⌋ / 100 (two decimals, rounded down so
 * the margin never shrinks), at least 1.01. The selection's RTP is p × odds after rounding; a selection
 * whose RTP falls outside [RTP_MIN, RTP_MAX] is listed but closed (`open: false`), never offered.
 */
export const PRICING_RTP = 0.95;
export const RTP_MIN = 0.9;
export const RTP_MAX = 0.99;
export const MIN_ODDS_E2 = 101;

export interface Selection {
  code: string;
  name: string;
  /** The model's probability of this selection winning. */
  probability: number;
  /** Decimal odds × 100 (integer); a winning bet returns ⌊stake × oddsE2 / 100⌋ fen, stake included. */
  oddsE2: number;
  /** probability × odds. */
  rtp: number;
  open: boolean;
}

export interface Market {
  code: string;
  name: string;
  selections: Selection[];
}

export function priceSelection(code: string, name: string, probability: number): Selection {
  const oddsE2 = Math.max(MIN_ODDS_E2, Math.floor((100 * PRICING_RTP) / probability));
  const rtp = (probability * oddsE2) / 100;
  return { code, name, probability, oddsE2, rtp, open: rtp >= RTP_MIN && rtp <= RTP_MAX };
}

/** What every scheduled match has, whatever the sport. */
export interface ScheduledMatch {
  id: string;
  /** Bets are accepted strictly before kickoff. */
  kickoffMs: number;
  /** When the result is due (kickoff + the sport's match duration); the wiring draws and stores it then. */
  resultAtMs: number;
  markets: Market[];
}

/** A bet on one selection, with the odds taken at bet time. */
export interface MatchBet {
  matchId: string;
  market: string;
  selection: string;
  stakeFen: number;
  oddsE2: number;
}

/**
 * The venue's rule for how far ahead it takes bets: only on matches kicking off within this many
 * rounds (GET /venue/api/matches lists exactly those), so nobody stakes on a match hours or days away
 * whose odds and risk the venue has not yet looked at.
 */
export const BET_ROUNDS_AHEAD = 2;

/**
 * Checks `{ matchId, market, selection, stakeFen }` against the match (looked up by the caller from
 * matchId; null when there is none) at `nowMs`; `intervalMs` is the sport's time between rounds.
 */
export function validateMatchBet(match: ScheduledMatch | null, input: unknown, nowMs: number, maxStakeFen: number, intervalMs: number): Checked<MatchBet> {
  if (!match || !isRecord(input) || input.matchId !== match.id) return { ok: false, message: MSG.gameMatchMissing };
  if (nowMs >= match.kickoffMs) return { ok: false, message: MSG.gameMatchClosed };
  if (match.kickoffMs >= nowMs + BET_ROUNDS_AHEAD * intervalMs) return { ok: false, message: fmt(MSG.gameMatchNotOpen, { rounds: BET_ROUNDS_AHEAD }) };
  const selection = match.markets.find((m) => m.code === input.market)?.selections.find((s) => s.code === input.selection);
  if (!selection) return { ok: false, message: MSG.gameBetOption };
  if (!selection.open) return { ok: false, message: MSG.gameSelectionClosed };
  const err = stakeError(input.stakeFen, maxStakeFen);
  if (err) return { ok: false, message: err };
  return { ok: true, bet: { matchId: match.id, market: input.market as string, selection: selection.code, stakeFen: input.stakeFen as number, oddsE2: selection.oddsE2 } };
}

/**
 * The side a bet takes of its market, for the valid-bet rule (contract netRoundLines): every market
 * of the virtual matches is opposed, its selections excluding each other and covering every result
 * (大/小球, 胜负, 让分: two sides; 胜平负: three, hedged only when all three are held). Null for a
 * market the match does not have.
 */
export function opposedSelection(match: ScheduledMatch, market: string, selection: string): OpposedSide | null {
  const m = match.markets.find((k) => k.code === market);
  return m ? { market, side: selection, sides: m.selections.length } : null;
}

/** A settled match bet on its own: payout (0 on a loss) and valid turnover before netting (the stake). */
export function settleMatchBet(bet: MatchBet, won: boolean): { payoutFen: number; validFen: number; won: boolean } {
  return { payoutFen: won ? payFen(bet.stakeFen, bet.oddsE2, 100) : 0, validFen: bet.stakeFen, won };
}

/** Finds the round index and the match's position from an id `<prefix>-<round>-<index>`. */
export function parseMatchId(prefix: string, id: string): { round: number; index: number } | null {
  const m = new RegExp(`^${prefix}-(\\d{1,12})-(\\d{1,2})$`).exec(id);
  if (!m) return null;
  return { round: Number(m[1]), index: Number(m[2]) };
}

/** Round indexes whose kickoff (round × intervalMs) lies in [fromMs, toMs), at most `maxRounds`. */
export function roundsBetween(fromMs: number, toMs: number, intervalMs: number, maxRounds: number): number[] {
  const first = Math.ceil(fromMs / intervalMs);
  const out: number[] = [];
  for (let r = first; r * intervalMs < toMs && out.length < maxRounds; r++) out.push(r);
  return out;
}

/** A virtual sport as the wiring sees it (index.ts describes the flow). */
export interface VirtualSport<M extends ScheduledMatch = ScheduledMatch, R = unknown> {
  definition: GameDefinition;
  schedule(fromMs: number, toMs: number): M[];
  matchById(id: string): M | null;
  validate(input: unknown, nowMs: number): Checked<MatchBet>;
  simulate(rng: Rng, match: M): R;
  settle(bet: MatchBet, result: R): { payoutFen: number; validFen: number; won: boolean };
}
