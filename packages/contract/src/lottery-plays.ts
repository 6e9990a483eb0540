import { BALL_COUNT, BALL_MAX, DICE_FACES, LOTTERY_RTP_MAX, LOTTERY_RTP_MIN, LOTTERY_TYPE, type LotteryType } from './lottery.js';
import { fmt, LOTTERY_MSG } from './messages.js';

/**
 * The plays of the in-house lottery (DESIGN §7): their rules, odds validation and exact RTP. Pure and
 * shared: the server settles and validates odds with it, the console shows live RTPs from the very same
 * code while staff type (the server's answer on save still decides). Settlement, the playbox and result
 * attributes are the server's (modules/lottery/engine/plays.ts).
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

export interface LotteryPlay {
  id: string;
  group: string;
  title: string;
  /** What the play's winning condition reads: the whole dice throw, the special ball, or the first six. */
  on: 'dice' | 'special' | 'regular';
  judge(result: readonly number[]): LineOutcome;
  /** The two-sided market the play is one side of (大/小, 单/双), for the valid-bet rule. */
  opposed?: string;
}
export interface LotteryPlayGroup {
  key: string;
  name: string;
  desc: string;
  special: 0 | 1;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const winIf = (cond: boolean): LineOutcome => (cond ? 'win' : 'lose');

/** The sum of a dice throw. */
export const diceSum = (d: readonly number[]): number => d[0]! + d[1]! + d[2]!;
/** Whether a dice throw is a triple (豹子). */
export const isTriple = (d: readonly number[]): boolean => d[0] === d[1] && d[1] === d[2];
/** 大/小/单/双 of a throw: a triple loses them all. */
const diceSide = (d: readonly number[], test: (sum: number) => boolean): LineOutcome => winIf(!isTriple(d) && test(diceSum(d)));
/** 特码两面: 49 is a push. */
const specialSide = (r: readonly number[], test: (special: number) => boolean): LineOutcome =>
  r[BALL_COUNT - 1] === BALL_MAX ? 'push' : winIf(test(r[BALL_COUNT - 1]!));

const DICE_GROUPS: LotteryPlayGroup[] = [
  { key: 'sides', name: LOTTERY_MSG.lotteryGroupDiceSides, desc: LOTTERY_MSG.lotteryGroupDiceSidesDesc, special: 0 },
  { key: 'sum', name: LOTTERY_MSG.lotteryGroupDiceSum, desc: LOTTERY_MSG.lotteryGroupDiceSumDesc, special: 0 },
  { key: 'triple', name: LOTTERY_MSG.lotteryGroupDiceTriple, desc: LOTTERY_MSG.lotteryGroupDiceTripleDesc, special: 0 },
];
const SIX_GROUPS: LotteryPlayGroup[] = [
  { key: 'te', name: LOTTERY_MSG.lotteryGroupSpecial, desc: LOTTERY_MSG.lotteryGroupSpecialDesc, special: 1 },
  { key: 'tm', name: LOTTERY_MSG.lotteryGroupSpecialSides, desc: LOTTERY_MSG.lotteryGroupSpecialSidesDesc, special: 0 },
  { key: 'zm', name: LOTTERY_MSG.lotteryGroupRegular, desc: LOTTERY_MSG.lotteryGroupRegularDesc, special: 1 },
];

const DICE_PLAYS: LotteryPlay[] = [
  { id: 'k3_big', group: 'sides', title: LOTTERY_MSG.lotteryBig, on: 'dice', judge: (d) => diceSide(d, (s) => s >= 11), opposed: 'size' },
  { id: 'k3_small', group: 'sides', title: LOTTERY_MSG.lotterySmall, on: 'dice', judge: (d) => diceSide(d, (s) => s <= 10), opposed: 'size' },
  { id: 'k3_odd', group: 'sides', title: LOTTERY_MSG.lotteryOdd, on: 'dice', judge: (d) => diceSide(d, (s) => s % 2 === 1), opposed: 'parity' },
  { id: 'k3_even', group: 'sides', title: LOTTERY_MSG.lotteryEven, on: 'dice', judge: (d) => diceSide(d, (s) => s % 2 === 0), opposed: 'parity' },
  ...range(3, 18).map<LotteryPlay>((n) => ({ id: `k3_sum_${pad2(n)}`, group: 'sum', title: String(n), on: 'dice', judge: (d) => winIf(diceSum(d) === n) })),
  { id: 'k3_triple', group: 'triple', title: LOTTERY_MSG.lotteryAnyTriple, on: 'dice', judge: (d) => winIf(isTriple(d)) },
];
const SIX_PLAYS: LotteryPlay[] = [
  ...range(1, BALL_MAX).map<LotteryPlay>((n) => ({ id: `lhc_te_${pad2(n)}`, group: 'te', title: pad2(n), on: 'special', judge: (r) => winIf(r[BALL_COUNT - 1] === n) })),
  { id: 'lhc_tm_big', group: 'tm', title: LOTTERY_MSG.lotterySpecialBig, on: 'special', judge: (r) => specialSide(r, (s) => s >= 25), opposed: 'tm_size' },
  { id: 'lhc_tm_small', group: 'tm', title: LOTTERY_MSG.lotterySpecialSmall, on: 'special', judge: (r) => specialSide(r, (s) => s <= 24), opposed: 'tm_size' },
  { id: 'lhc_tm_odd', group: 'tm', title: LOTTERY_MSG.lotterySpecialOdd, on: 'special', judge: (r) => specialSide(r, (s) => s % 2 === 1), opposed: 'tm_parity' },
  { id: 'lhc_tm_even', group: 'tm', title: LOTTERY_MSG.lotterySpecialEven, on: 'special', judge: (r) => specialSide(r, (s) => s % 2 === 0), opposed: 'tm_parity' },
  ...range(1, BALL_MAX).map<LotteryPlay>((n) => ({ id: `lhc_zm_${pad2(n)}`, group: 'zm', title: pad2(n), on: 'regular', judge: (r) => winIf(r.slice(0, BALL_COUNT - 1).includes(n)) })),
];

const PLAYS: Record<LotteryType, { groups: LotteryPlayGroup[]; plays: LotteryPlay[]; byId: Map<string, LotteryPlay> }> = {
  [LOTTERY_TYPE.dice]: { groups: DICE_GROUPS, plays: DICE_PLAYS, byId: new Map(DICE_PLAYS.map((p) => [p.id, p])) },
  [LOTTERY_TYPE.sixBall]: { groups: SIX_GROUPS, plays: SIX_PLAYS, byId: new Map(SIX_PLAYS.map((p) => [p.id, p])) },
};

/** The playbox groups of a lottery type and its plays, in playbox order. */
export function lotteryPlaysOf(type: LotteryType): { groups: readonly LotteryPlayGroup[]; plays: readonly LotteryPlay[] } {
  return PLAYS[type];
}

/** Every play id of a lottery type, in playbox order. */
export function playIdsOf(type: LotteryType): string[] {
  return PLAYS[type].plays.map((p) => p.id);
}
export function isPlayOf(type: LotteryType, playId: string): boolean {
  return PLAYS[type].byId.has(playId);
}
/**
 * What a member reads for a play on a record, e.g. 大小单双 大 or 特码 05 (the id names its type:
 * k3_ dice, lhc_ 六合彩); an unknown id reads as itself.
 */
export function lotteryPlayLabel(playId: string): string {
  const type = playId.startsWith('k3_') ? LOTTERY_TYPE.dice : LOTTERY_TYPE.sixBall;
  const play = PLAYS[type].byId.get(playId);
  if (!play) return playId;
  const group = PLAYS[type].groups.find((g) => g.key === play.group);
  return group ? `${group.name} ${play.title}` : play.title;
}

/** One play of a type (throws on an unknown id: callers check isPlayOf on input first). */
export function lotteryPlay(type: LotteryType, playId: string): LotteryPlay {
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
  const play = lotteryPlay(type, playId);
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
