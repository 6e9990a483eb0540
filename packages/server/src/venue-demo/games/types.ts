import { ELECTRONIC_PROVIDERS, MSG, fenToYuan, fmt, type GameCategory } from '@app/contract';
import type { Rng } from './rng.js';

/** The engines of the demo venue (see index.ts for the overview). */
export type GameKind = 'slot' | 'baccarat' | 'dragontiger' | 'fishing' | 'dice' | 'football' | 'esports';
export type ElectronicProvider = (typeof ELECTRONIC_PROVIDERS)[number];

/** One bet option of a table game or market selection family, with its own theoretical RTP. */
export interface OptionInfo {
  code: string;
  name: string;
  /** What a win returns in total, stake included, per 1 staked (e.g. 1.95 for 庄). */
  returns: number;
  rtp: number;
}

export interface GameDefinition {
  /** Unique game_code across the venue, ASCII, e.g. `obgdy_fruit`. */
  code: string;
  kind: GameKind;
  /** Chinese display name. */
  name: string;
  /** The hall category the game is listed under (and its rebate category). */
  category: GameCategory;
  /** Electronic-game provider (slots and fishing, category concise); null for the other kinds. */
  provider: ElectronicProvider | null;
  /**
   * The stated theoretical return to player, in [0.90, 0.99]. For games with several bet options it is
   * the lowest option's figure (each option's own is in `options`); for the virtual matches it is the
   * pricing target, every offered selection's p × odds lying in [0.90, 0.99].
   */
  rtp: number;
  /** Help text shown in the game (Chinese, may contain line breaks). */
  rules: string;
  /** Largest stake of one bet (one spin, one shot, one option of a round, one selection), fen. */
  maxStakeFen: number;
  /** Per-option RTPs (table games); absent for single-bet games. */
  options?: readonly OptionInfo[];
}

/** The result of a bet validator: a typed bet, or a Chinese message for the member. */
export type Checked<T> = { ok: true; bet: T } | { ok: false; message: string };

/**
 * A settled instant bet. `payoutFen` is what is credited back (stake included when the bet wins or
 * pushes; 0 when it loses), so win/loss = payoutFen − stakeFen. `validFen` is the turnover it counts,
 * the stake at risk (contract netRoundLines): a push counts 0, and opposite options of the same round
 * (庄 and 闲) only their difference; `hedgedFen` is the stake so offset (absent: 0).
 */
export interface PlayResult<Outcome> {
  stakeFen: number;
  payoutFen: number;
  validFen: number;
  hedgedFen?: number;
  outcome: Outcome;
}

/** A game settled at once: spin, hand, shot. */
export interface InstantGame<Bet, Outcome> {
  definition: GameDefinition;
  validate(input: unknown): Checked<Bet>;
  play(rng: Rng, bet: Bet): PlayResult<Outcome>;
}

/** Checks one stake: a positive whole number of fen not above the table maximum. */
export function stakeError(stakeFen: unknown, maxStakeFen: number): string | null {
  if (typeof stakeFen !== 'number' || !Number.isSafeInteger(stakeFen) || stakeFen <= 0) return MSG.amountInvalid;
  if (stakeFen > maxStakeFen) return fmt(MSG.gameStakeMax, { max: fenToYuan(maxStakeFen) });
  return null;
}

/** `stake × num / den` rounded down to the fen (one rule for the venue and the lottery, in lib/). */
export { payFen } from '../../lib/payout.js';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
