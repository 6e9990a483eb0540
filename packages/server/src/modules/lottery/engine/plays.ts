import {
  BALL_COUNT,
  BALL_MAX,
  DICE_COUNT,
  DICE_FACES,
  LOTTERY_RTP_MAX,
  LOTTERY_RTP_MIN,
  LOTTERY_TYPE,
  fmt,
  waveOf,
  type DiceAttributes,
  type LotteryAttributes,
  type LotteryType,
  type OpposedSide,
  type PlayboxGroup,
  type SixBallAttributes,
  LOTTERY_MSG,
} from '@app/contract';
import { payFen } from '../../../lib/payout.js';

/**
 * The plays of the in-house lottery (DESIGN §7) with their rules, exact RTP, settlement and playbox.
 * Odds are data: decimal odds = total returned per 1 staked (stake included), at most 2 decimals, one
 * table per lottery type keyed by play id. Staff may edit a table; `validateOdds` guards every edit.
 *
 * Play ids (stable, stored on orders):
 *   type 2 快三:  k3_big k3_small k3_odd k3_even (大 11–18, 小 3–10, 单, 双; all lose on a triple),
 *                k3_sum_03 … k3_sum_18 (和值), k3_triple (豹子, any triple).
 *   type 1 六合彩: lhc_te_01 … lhc_te_49 (特码: the special ball), lhc_tm_big lhc_tm_small lhc_tm_odd
 *                lhc_tm_even (特码两面: 大 25–48, 小 1–24, 单, 双; special 49 is a push),
 *                lhc_zm_01 … lhc_zm_49 (正码: the number is among the first six balls).
 */

export type LineOutcome = 'win' | 'lose' | 'push';
export type OddsTable = Readonly<Record<string, number>>;

interface Play {
  id: string;
  group: string;
  title: string;
  /** What the play's winning condition reads: the whole dice throw, the special ball, or the first six. */
  on: 'dice' | 'special' | 'regular';
  judge(result: readonly number[]): LineOutcome;
  /** The two-sided market the play is one side of (大/小, 单/双), for the valid-bet rule. */
  opposed?: string;
}
interface Group {
  key: string;
  name: string;
  desc: string;
  special: 0 | 1;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const winIf = (cond: boolean): LineOutcome => (cond ? 'win' : 'lose');

const diceSum = (d: readonly number[]): number => d[0]! + d[1]! + d[2]!;
const isTriple = (d: readonly number[]): boolean => d[0] === d[1] && d[1] === d[2];
/** 大/小/单/双 of a throw: a triple loses them all. */
const diceSide = (d: readonly number[], test: (sum: number) => boolean): LineOutcome => winIf(!isTriple(d) && test(diceSum(d)));
/** 特码两面: 49 is a push. */
const specialSide = (r: readonly number[], test: (special: number) => boolean): LineOutcome =>
  r[BALL_COUNT - 1] === BALL_MAX ? 'push' : winIf(test(r[BALL_COUNT - 1]!));

const DICE_GROUPS: Group[] = [
  { key: 'sides', name: LOTTERY_MSG.lotteryGroupDiceSides, desc: LOTTERY_MSG.lotteryGroupDiceSidesDesc, special: 0 },
  { key: 'sum', name: LOTTERY_MSG.lotteryGroupDiceSum, desc: LOTTERY_MSG.lotteryGroupDiceSumDesc, special: 0 },
  { key: 'triple', name: LOTTERY_MSG.lotteryGroupDiceTriple, desc: LOTTERY_MSG.lotteryGroupDiceTripleDesc, special: 0 },
];
const SIX_GROUPS: Group[] = [
  { key: 'te', name: LOTTERY_MSG.lotteryGroupSpecial, desc: LOTTERY_MSG.lotteryGroupSpecialDesc, special: 1 },
  { key: 'tm', name: LOTTERY_MSG.lotteryGroupSpecialSides, desc: LOTTERY_MSG.lotteryGroupSpecialSidesDesc, special: 0 },
  { key: 'zm', name: LOTTERY_MSG.lotteryGroupRegular, desc: LOTTERY_MSG.lotteryGroupRegularDesc, special: 1 },
];

const DICE_PLAYS: Play[] = [
  { id: 'k3_big', group: 'sides', title: LOTTERY_MSG.lotteryBig, on: 'dice', judge: (d) => diceSide(d, (s) => s >= 11), opposed: 'size' },
  { id: 'k3_small', group: 'sides', title: LOTTERY_MSG.lotterySmall, on: 'dice', judge: (d) => diceSide(d, (s) => s <= 10), opposed: 'size' },
  { id: 'k3_odd', group: 'sides', title: LOTTERY_MSG.lotteryOdd, on: 'dice', judge: (d) => diceSide(d, (s) => s % 2 === 1), opposed: 'parity' },
  { id: 'k3_even', group: 'sides', title: LOTTERY_MSG.lotteryEven, on: 'dice', judge: (d) => diceSide(d, (s) => s % 2 === 0), opposed: 'parity' },
  ...range(3, 18).map<Play>((n) => ({ id: `k3_sum_${pad2(n)}`, group: 'sum', title: String(n), on: 'dice', judge: (d) => winIf(diceSum(d) === n) })),
  { id: 'k3_triple', group: 'triple', title: LOTTERY_MSG.lotteryAnyTriple, on: 'dice', judge: (d) => winIf(isTriple(d)) },
];
const SIX_PLAYS: Play[] = [
  ...range(1, BALL_MAX).map<Play>((n) => ({ id: `lhc_te_${pad2(n)}`, group: 'te', title: pad2(n), on: 'special', judge: (r) => winIf(r[BALL_COUNT - 1] === n) })),
  { id: 'lhc_tm_big', group: 'tm', title: LOTTERY_MSG.lotterySpecialBig, on: 'special', judge: (r) => specialSide(r, (s) => s >= 25), opposed: 'tm_size' },
  { id: 'lhc_tm_small', group: 'tm', title: LOTTERY_MSG.lotterySpecialSmall, on: 'special', judge: (r) => specialSide(r, (s) => s <= 24), opposed: 'tm_size' },
  { id: 'lhc_tm_odd', group: 'tm', title: LOTTERY_MSG.lotterySpecialOdd, on: 'special', judge: (r) => specialSide(r, (s) => s % 2 === 1), opposed: 'tm_parity' },
  { id: 'lhc_tm_even', group: 'tm', title: LOTTERY_MSG.lotterySpecialEven, on: 'special', judge: (r) => specialSide(r, (s) => s % 2 === 0), opposed: 'tm_parity' },
  ...range(1, BALL_MAX).map<Play>((n) => ({ id: `lhc_zm_${pad2(n)}`, group: 'zm', title: pad2(n), on: 'regular', judge: (r) => winIf(r.slice(0, BALL_COUNT - 1).includes(n)) })),
];

const PLAYS: Record<LotteryType, { groups: Group[]; plays: Play[]; byId: Map<string, Play> }> = {
  [LOTTERY_TYPE.dice]: { groups: DICE_GROUPS, plays: DICE_PLAYS, byId: new Map(DICE_PLAYS.map((p) => [p.id, p])) },
  [LOTTERY_TYPE.sixBall]: { groups: SIX_GROUPS, plays: SIX_PLAYS, byId: new Map(SIX_PLAYS.map((p) => [p.id, p])) },
};

/** Every play id of a lottery type, in playbox order. */
export function playIdsOf(type: LotteryType): string[] {
  return PLAYS[type].plays.map((p) => p.id);
}
export function isPlayOf(type: LotteryType, playId: string): boolean {
  return PLAYS[type].byId.has(playId);
}
function playOf(type: LotteryType, playId: string): Play {
  const play = PLAYS[type].byId.get(playId);
  if (!play) throw new RangeError(`unknown play ${playId} for lottery type ${type}`);
  return play;
}

// ------------------------------------------------------------------------------------------- exact RTP

/** The 216 equally likely throws of three dice. */
const ALL_THROWS: number[][] = range(1, DICE_FACES).flatMap((a) => range(1, DICE_FACES).flatMap((b) => range(1, DICE_FACES).map((c) => [a, b, c])));
/** Number of throws (of 216) with each sum 3–18: 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1. */
export const DICE_SUM_WAYS: Readonly<Record<number, number>> = Object.fromEntries(range(3, 18).map((s) => [s, ALL_THROWS.filter((t) => diceSum(t) === s).length]));

/** Odds in hundredths (1.96 → 196), or null when not a finite number above 1 with at most 2 decimals. */
export function oddsCents(odds: unknown): number | null {
  if (typeof odds !== 'number' || !Number.isFinite(odds)) return null;
  const cents = Math.round(odds * 100);
  if (Math.abs(odds * 100 - cents) > 1e-6 || cents <= 100 || !Number.isSafeInteger(cents)) return null;
  return cents;
}

/**
 * A play's exact theoretical RTP as the fraction num/den (num, den integers): Σ over outcomes of
 * P(outcome) × returned per 1 staked, with odds in hundredths.
 * - 快三: enumerate the 216 throws through the play's own settlement rule.
 * - 六合彩, plays on the special: the special is uniform on 1–49 (every ordered 7-tuple of distinct
 *   numbers is equally likely, so each number is the 7th ball in 1/49 of them): enumerate the 49 values
 *   through the settlement rule (a push returns the stake: 100 hundredths).
 * - 六合彩 正码: P(n among the first six) = C(48,5)/C(49,6) = 6/49.
 */
export function rtpFraction(type: LotteryType, playId: string, cents: number): { num: number; den: number } {
  const play = playOf(type, playId);
  const returned = (o: LineOutcome): number => (o === 'win' ? cents : o === 'push' ? 100 : 0);
  if (play.on === 'dice') {
    return { num: ALL_THROWS.reduce((s, t) => s + returned(play.judge(t)), 0), den: ALL_THROWS.length * 100 };
  }
  if (play.on === 'special') {
    const num = range(1, BALL_MAX).reduce((s, special) => {
      const others = range(1, BALL_MAX).filter((n) => n !== special).slice(0, BALL_COUNT - 1);
      return s + returned(play.judge([...others, special]));
    }, 0);
    return { num, den: BALL_MAX * 100 };
  }
  return { num: (BALL_COUNT - 1) * cents, den: BALL_MAX * 100 };
}

/** The exact theoretical RTP of one play at the given decimal odds (e.g. rtpOf(2, 'k3_big', 1.96) = 0.9528). */
export function rtpOf(type: LotteryType, playId: string, odds: number): number {
  const cents = oddsCents(odds);
  if (cents === null) throw new RangeError(`invalid odds ${odds}`);
  const { num, den } = rtpFraction(type, playId, cents);
  return num / den;
}

export type OddsCheck = { ok: true } | { ok: false; playId: string; message: string };

/**
 * Accepts an odds table only when it prices exactly the type's plays, each with valid odds and an exact
 * RTP within [LOTTERY_RTP_MIN, LOTTERY_RTP_MAX] (compared in integers, no rounding at the edges).
 */
export function validateOdds(type: LotteryType, table: Readonly<Record<string, unknown>>): OddsCheck {
  for (const id of Object.keys(table)) {
    if (!isPlayOf(type, id)) return { ok: false, playId: id, message: fmt(LOTTERY_MSG.lotteryOddsUnknown, { play: id }) };
  }
  const lo = Math.round(LOTTERY_RTP_MIN * 100);
  const hi = Math.round(LOTTERY_RTP_MAX * 100);
  for (const play of PLAYS[type].plays) {
    if (!(play.id in table)) return { ok: false, playId: play.id, message: fmt(LOTTERY_MSG.lotteryOddsMissing, { play: play.id }) };
    const cents = oddsCents(table[play.id]);
    if (cents === null) return { ok: false, playId: play.id, message: fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: play.id }) };
    const { num, den } = rtpFraction(type, play.id, cents);
    if (num * 100 < lo * den || num * 100 > hi * den) {
      return { ok: false, playId: play.id, message: fmt(LOTTERY_MSG.lotteryOddsRtp, { play: play.id, rtp: ((num / den) * 100).toFixed(2) }) };
    }
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------- default odds

/**
 * Default odds (each play's exact RTP in brackets):
 * 快三: 大/小/单/双 1.96 (105/216 → 95.28%); 豹子 34 (6/216 → 94.44%); 和值 n: floor(0.95 × 216 / ways(n))
 * to the cent (≈ 95%, 94.91%–95.00%): 3/18 205.2, 4/17 68.4, 5/16 34.2, 6/15 20.52, 7/14 13.68,
 * 8/13 9.77, 9/12 8.2, 10/11 7.6.
 * 六合彩: 特码 47 (47/49 → 95.92%); 特码两面 1.96 ((24 × 1.96 + 1)/49 → 98.04%, 49 a push); 正码 7.9
 * (6 × 7.9/49 → 96.73%).
 */
export const DEFAULT_ODDS: Readonly<Record<LotteryType, OddsTable>> = {
  [LOTTERY_TYPE.dice]: Object.freeze({
    k3_big: 1.96,
    k3_small: 1.96,
    k3_odd: 1.96,
    k3_even: 1.96,
    ...Object.fromEntries(range(3, 18).map((s) => [`k3_sum_${pad2(s)}`, Math.floor((95 * 216) / DICE_SUM_WAYS[s]!) / 100])),
    k3_triple: 34,
  }),
  [LOTTERY_TYPE.sixBall]: Object.freeze({
    ...Object.fromEntries(range(1, BALL_MAX).map((n) => [`lhc_te_${pad2(n)}`, 47])),
    lhc_tm_big: 1.96,
    lhc_tm_small: 1.96,
    lhc_tm_odd: 1.96,
    lhc_tm_even: 1.96,
    ...Object.fromEntries(range(1, BALL_MAX).map((n) => [`lhc_zm_${pad2(n)}`, 7.9])),
  }),
};

// ------------------------------------------------------------------------------------------ settlement

/** Throws unless `result` is a well-formed draw of the type (3 dice 1–6, or 7 distinct balls 1–49). */
export function assertResult(type: LotteryType, result: readonly number[]): void {
  const [count, max] = type === LOTTERY_TYPE.dice ? [DICE_COUNT, DICE_FACES] : [BALL_COUNT, BALL_MAX];
  const ok =
    result.length === count &&
    result.every((n) => Number.isInteger(n) && n >= 1 && n <= max) &&
    (type === LOTTERY_TYPE.dice || new Set(result).size === count);
  if (!ok) throw new RangeError(`malformed result for lottery type ${type}: ${result.join(',')}`);
}

/**
 * The play's side of an opposed market (大 against 小, 单 against 双, also in 特码两面), or null: a
 * member's lines of one round on both sides count only their difference (contract netRoundLines).
 * 和值, 豹子, 特码 and 正码 numbers have no opposite.
 */
export function opposedPlay(type: LotteryType, playId: string): OpposedSide | null {
  const play = playOf(type, playId);
  if (!play.opposed) return null;
  return { market: play.opposed, side: play.id, sides: PLAYS[type].plays.filter((p) => p.opposed === play.opposed).length };
}

export interface SettledLine {
  /** Credited back, stake included; rounded down to the fen; the stake on a push; 0 on a loss. */
  payoutFen: number;
  /** Turnover of the line on its own: the stake, 0 on a push (the round then nets opposite sides). */
  validFen: number;
  outcome: LineOutcome;
}

/** Settles one order line at the odds taken when it was placed. */
export function settleLine(type: LotteryType, playId: string, odds: number, stakeFen: number, result: readonly number[]): SettledLine {
  if (!Number.isSafeInteger(stakeFen) || stakeFen <= 0) throw new RangeError(`stake must be a positive whole number of fen: ${stakeFen}`);
  const cents = oddsCents(odds);
  if (cents === null) throw new RangeError(`invalid odds ${odds}`);
  assertResult(type, result);
  const outcome = playOf(type, playId).judge(result);
  if (outcome === 'push') return { payoutFen: stakeFen, validFen: 0, outcome };
  return { payoutFen: outcome === 'win' ? payFen(stakeFen, cents, 100) : 0, validFen: stakeFen, outcome };
}

// ------------------------------------------------------------------------------------ room display

/** The room's playbox (spec §3) from an odds table; special 1 on the 1–49 number groups. */
export function buildPlaybox(type: LotteryType, odds: OddsTable): PlayboxGroup[] {
  const { groups, plays } = PLAYS[type];
  return groups.map((g) => ({
    name: g.name,
    desc: g.desc,
    special: g.special,
    childrens: plays
      .filter((p) => p.group === g.key)
      .map((p) => {
        const o = odds[p.id];
        if (oddsCents(o) === null) throw new RangeError(`no valid odds for ${p.id}`);
        return { id: p.id, playtitle: p.title, odds: o! };
      }),
  }));
}

/** last.extend attributes (spec §3): 快三 sum, 大/小, 单/双, 豹子; 六合彩 the special's 两面 (和 on 49) and waves. */
export function attributesOf(type: LotteryType, result: readonly number[]): LotteryAttributes {
  assertResult(type, result);
  if (type === LOTTERY_TYPE.dice) {
    const sum = diceSum(result);
    const dice: DiceAttributes = {
      sum,
      size: sum >= 11 ? LOTTERY_MSG.lotteryBig : LOTTERY_MSG.lotterySmall,
      parity: sum % 2 === 1 ? LOTTERY_MSG.lotteryOdd : LOTTERY_MSG.lotteryEven,
      triple: isTriple(result),
    };
    return dice;
  }
  const special = result[BALL_COUNT - 1]!;
  const tie = special === BALL_MAX;
  const six: SixBallAttributes = {
    special,
    size: tie ? LOTTERY_MSG.lotteryTie : special >= 25 ? LOTTERY_MSG.lotteryBig : LOTTERY_MSG.lotterySmall,
    parity: tie ? LOTTERY_MSG.lotteryTie : special % 2 === 1 ? LOTTERY_MSG.lotteryOdd : LOTTERY_MSG.lotteryEven,
    waves: result.map(waveOf),
  };
  return six;
}
