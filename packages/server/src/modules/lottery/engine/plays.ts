import {
  BALL_COUNT,
  BALL_MAX,
  DICE_COUNT,
  DICE_FACES,
  LOTTERY_TYPE,
  waveOf,
  type DiceAttributes,
  type LotteryAttributes,
  type LotteryType,
  type OpposedSide,
  type PlayboxGroup,
  type SixBallAttributes,
  LOTTERY_MSG,
} from '@app/contract';
import {
  DICE_SUM_WAYS,
  ZODIAC_ODDS,
  ballAnimals,
  diceSum,
  isTriple,
  lotteryPlay,
  lotteryPlaysOf,
  oddsCents,
  oddsIdOf,
  playNumbers,
  type LineContext,
  type LineOutcome,
  type OddsTable,
} from '@app/contract/lottery-plays';
import { payFen } from '../../../lib/payout.js';

/**
 * The lottery's settlement, default odds, playbox and result attributes. The plays themselves, odds
 * validation and exact RTP are pure rules the console shares: @app/contract/lottery-plays, re-exported
 * here so the server reads the whole engine from one place.
 */
export {
  DICE_SUM_WAYS,
  ZODIAC_ODDS,
  checkPicks,
  choose,
  isPlayOf,
  lotteryPlay,
  lunarYearAt,
  oddsCents,
  oddsEntriesOf,
  oddsIdOf,
  oddsIdsOf,
  playIdsOf,
  rtpFraction,
  rtpOf,
  validateOdds,
  type LineContext,
  type LineOutcome,
  type OddsCheck,
  type OddsTable,
} from '@app/contract/lottery-plays';

const pad2 = (n: number): string => String(n).padStart(2, '0');
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---------------------------------------------------------------------------------------- default odds

/**
 * Default odds (each play's exact RTP in brackets):
 * 快三: 大/小/单/双 1.96 (105/216 → 95.28%); 豹子 34 (6/216 → 94.44%); 和值 n: floor(0.95 × 216 / ways(n))
 * to the cent (≈ 95%, 94.91%–95.00%): 3/18 205.2, 4/17 68.4, 5/16 34.2, 6/15 20.52, 7/14 13.68,
 * 8/13 9.77, 9/12 8.2, 10/11 7.6.
 * 六合彩: 特码 47 (47/49 → 95.92%); 特码两面 1.96 ((24 × 1.96 + 1)/49 → 98.04%, 49 a push); 正码 7.9
 * (6 × 7.9/49 → 96.73%); 生肖 9.4 for the year's own animal (5 × 9.4/49 = 47/49 → 95.92%) and 11.75 for
 * the others (4 × 11.75/49 = 47/49 → 95.92%); 尾数 11.75 for 0尾 (4 numbers) and 9.4 for 1尾–9尾 (5),
 * both 47/49 → 95.92%; 连码 二全中 75 (75 × C(6,2)/C(49,2) = 75 × 15/1176 → 95.66%), 三全中 880
 * (880 × C(6,3)/C(49,3) = 880 × 20/18424 → 95.53%).
 * The migrations seed the same tables (008, 034 for the plays added later).
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
    [ZODIAC_ODDS.year]: 9.4,
    [ZODIAC_ODDS.other]: 11.75,
    ...Object.fromEntries(range(0, 9).map((d) => [`lhc_ws_${d}`, d === 0 ? 11.75 : 9.4])),
    lhc_lm_2: 75,
    lhc_lm_3: 880,
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
  const play = lotteryPlay(type, playId);
  if (!play.opposed) return null;
  return { market: play.opposed, side: play.id, sides: lotteryPlaysOf(type).plays.filter((p) => p.opposed === play.opposed).length };
}

export interface SettledLine {
  /** Credited back, stake included; rounded down to the fen; the stake on a push; 0 on a loss. */
  payoutFen: number;
  /** Turnover of the line on its own: the stake, 0 on a push (the round then nets opposite sides). */
  validFen: number;
  outcome: LineOutcome;
}

/**
 * Settles one order line at the odds taken when it was placed; `line` holds a 连码 line's numbers and
 * a 生肖 line's lunar year (of its round's draw).
 */
export function settleLine(type: LotteryType, playId: string, odds: number, stakeFen: number, result: readonly number[], line: LineContext = {}): SettledLine {
  if (!Number.isSafeInteger(stakeFen) || stakeFen <= 0) throw new RangeError(`stake must be a positive whole number of fen: ${stakeFen}`);
  const cents = oddsCents(odds);
  if (cents === null) throw new RangeError(`invalid odds ${odds}`);
  assertResult(type, result);
  const outcome = lotteryPlay(type, playId).judge(result, line);
  if (outcome === 'push') return { payoutFen: stakeFen, validFen: 0, outcome };
  return { payoutFen: outcome === 'win' ? payFen(stakeFen, cents, 100) : 0, validFen: stakeFen, outcome };
}

// ------------------------------------------------------------------------------------ room display

/**
 * The room's playbox (spec §3) from an odds table for a round of the given lunar year (lunarYearAt of
 * its draw time); special 1 on the 1–49 number groups. 生肖 and 尾数 options carry the numbers they cover
 * (生肖 at that year's odds); 连码 options how many numbers to choose. Without a lunar year (a draw
 * outside the New Year table) 生肖 is not offered.
 */
export function buildPlaybox(type: LotteryType, odds: OddsTable, lunarYear: number | null = null): PlayboxGroup[] {
  const { groups, plays } = lotteryPlaysOf(type);
  return groups.flatMap((g) => {
    const childrens = plays
      .filter((p) => p.group === g.key && oddsIdOf(type, p.id, lunarYear) !== null)
      .map((p) => {
        const o = odds[oddsIdOf(type, p.id, lunarYear)!];
        if (oddsCents(o) === null) throw new RangeError(`no valid odds for ${p.id}`);
        const nums = lunarYear === null ? p.nums && [...p.nums] : playNumbers(p, lunarYear);
        return { id: p.id, playtitle: p.title, odds: o!, ...(nums && { nums }), ...(p.pick && { pick: p.pick }) };
      });
    return childrens.length === 0 ? [] : [{ name: g.name, desc: g.desc, special: g.special, childrens }];
  });
}

/**
 * last.extend attributes (spec §3): 快三 sum, 大/小, 单/双, 豹子; 六合彩 the special's 两面 (和 on 49), waves
 * and, given the round's draw time, each ball's animal of its lunar year.
 */
export function attributesOf(type: LotteryType, result: readonly number[], drawAtMs?: number): LotteryAttributes {
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
  const zodiac = drawAtMs === undefined ? null : ballAnimals(result, drawAtMs);
  return zodiac ? { ...six, zodiac } : six;
}
