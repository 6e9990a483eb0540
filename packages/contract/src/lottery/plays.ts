import { BALL_COUNT, BALL_MAX, DICE_FACES, LOTTERY_RTP_MAX, LOTTERY_RTP_MIN, LOTTERY_TYPE, ZODIAC_ANIMALS, type LotteryType } from './lottery.js';
import { fmt, LOTTERY_MSG } from '../shared/messages.js';
import { yearAnimal, ZODIAC_IDS, zodiacNumbers, zodiacOf } from './zodiac.js';

// This module is '@app/contract/lottery-plays': its readers get the zodiac (the animals and their calendar) with the plays.
export * from './zodiac.js';
export { ZODIAC_ANIMALS, type ZodiacAnimal } from './lottery.js';

/**
 * The plays of the in-house lottery (DESIGN §7): their rules, odds validation and exact RTP. Pure and
 * shared: the server settles and validates odds with it, the console shows live RTPs from the very same
 * code while staff type (the server's answer on save still decides). Settlement, the playbox and result
 * attributes are the server's (modules/lottery/engine/plays.ts).
 * Odds are data: decimal odds = total returned per 1 staked (stake included), at most 2 decimals, one
 * table per lottery type keyed by odds id: a play's own id, except the twelve 生肖 plays, priced by two
 * entries since which animal holds five numbers changes every lunar year (lhc_sx_year for the year's own
 * animal, lhc_sx_other for the rest; a line takes the one its round's lunar year gives it when placed).
 * Staff may edit a table; `validateOdds` guards every edit.
 *
 * Play ids (stable, stored on orders):
 *   type 2 快三:  k3_big k3_small k3_odd k3_even (大 11–18, 小 3–10, 单, 双; all lose on a triple),
 *                k3_sum_03 … k3_sum_18 (和值), k3_triple (豹子, any triple).
 *   type 1 六合彩: lhc_te_01 … lhc_te_49 (特码: the special ball), lhc_tm_big lhc_tm_small lhc_tm_odd
 *                lhc_tm_even (特码两面: 大 25–48, 小 1–24, 单, 双; special 49 is a push),
 *                lhc_zm_01 … lhc_zm_49 (正码: the number is among the first six balls),
 *                lhc_sx_rat lhc_sx_ox … lhc_sx_pig (生肖, i.e. 特肖: the special's animal in the lunar year of
 *                the round's draw in Beijing, see zodiac.ts; five numbers for the year's own animal,
 *                four for each other), lhc_ws_0 … lhc_ws_9 (尾数, 特码尾数: the special's last digit; 0尾 is
 *                10 20 30 40, the others five numbers each), lhc_lm_2 lhc_lm_3 (连码 二全中 / 三全中: the line
 *                chooses 2 / 3 distinct numbers, carried in its order line's data and stored with it; all
 *                must be among the first six balls).
 *   49 is a push only in 特码两面, whose two halves it would unbalance; in 特码, 生肖 and 尾数 every
 *   number belongs to its option like any other (49 is 9尾 and the year's animal), so it wins or loses.
 *   No play but 大/小 and 单/双 is one side of an opposed market: covering every 生肖, 尾数 or 连码
 *   set is multi-number coverage (contract wallet/turnover.ts), which loses the margin and is not netted.
 */

export type LineOutcome = 'win' | 'lose' | 'push';
/** What a line's outcome depends on besides the balls. */
export interface LineContext {
  /** 连码: the numbers the line chose (checkPicks), ascending. */
  picks?: readonly number[] | null;
  /** 生肖: the lunar year of the round's draw (lunarYearAt of its draw time). */
  lunarYear?: number | null;
}
export type OddsTable = Readonly<Record<string, number>>;

export interface LotteryPlay {
  id: string;
  group: string;
  title: string;
  /** What the play's winning condition reads: the whole dice throw, the special ball, or the first six. */
  on: 'dice' | 'special' | 'regular';
  judge(result: readonly number[], line: LineContext): LineOutcome;
  /** The two-sided market the play is one side of (大/小, 单/双), for the valid-bet rule. */
  opposed?: string;
  /** 连码: how many distinct numbers the line chooses. */
  pick?: number;
  /** 生肖: the animal's index in ZODIAC_ANIMALS. */
  animal?: number;
  /** 尾数: the numbers the option covers. */
  nums?: readonly number[];
}
export interface LotteryPlayGroup {
  key: string;
  name: string;
  desc: string;
  special: 0 | 1;
  /** Whether an option's title says the play on its own (大, 特单, 豹子, 二全中); else a record leads it with the group (特码 01, 生肖 马). */
  bare?: true;
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

/** The special's animal in the line's lunar year (a 生肖 line always has one: placement refuses it otherwise). */
const specialAnimal = (r: readonly number[], line: LineContext): number => {
  if (line.lunarYear == null) throw new RangeError('a 生肖 line needs the lunar year of its round');
  return zodiacOf(r[BALL_COUNT - 1]!, line.lunarYear);
};
/** 连码: every chosen number is among the first six balls. */
const allRegular = (r: readonly number[], line: LineContext, count: number): LineOutcome => {
  if (!line.picks || line.picks.length !== count) throw new RangeError(`a 连码 line needs its ${count} numbers`);
  const regular = r.slice(0, BALL_COUNT - 1);
  return winIf(line.picks.every((n) => regular.includes(n)));
};

const DICE_GROUPS: LotteryPlayGroup[] = [
  { key: 'sides', name: LOTTERY_MSG.lotteryGroupDiceSides, desc: LOTTERY_MSG.lotteryGroupDiceSidesDesc, special: 0, bare: true },
  { key: 'sum', name: LOTTERY_MSG.lotteryGroupDiceSum, desc: LOTTERY_MSG.lotteryGroupDiceSumDesc, special: 0 },
  { key: 'triple', name: LOTTERY_MSG.lotteryGroupDiceTriple, desc: LOTTERY_MSG.lotteryGroupDiceTripleDesc, special: 0, bare: true },
];
const SIX_GROUPS: LotteryPlayGroup[] = [
  { key: 'te', name: LOTTERY_MSG.lotteryGroupSpecial, desc: LOTTERY_MSG.lotteryGroupSpecialDesc, special: 1 },
  { key: 'tm', name: LOTTERY_MSG.lotteryGroupSpecialSides, desc: LOTTERY_MSG.lotteryGroupSpecialSidesDesc, special: 0, bare: true },
  { key: 'zm', name: LOTTERY_MSG.lotteryGroupRegular, desc: LOTTERY_MSG.lotteryGroupRegularDesc, special: 1 },
  { key: 'sx', name: LOTTERY_MSG.lotteryGroupZodiac, desc: LOTTERY_MSG.lotteryGroupZodiacDesc, special: 0 },
  { key: 'ws', name: LOTTERY_MSG.lotteryGroupTail, desc: LOTTERY_MSG.lotteryGroupTailDesc, special: 0 },
  { key: 'lm', name: LOTTERY_MSG.lotteryGroupLinked, desc: LOTTERY_MSG.lotteryGroupLinkedDesc, special: 0, bare: true },
];
/** The 连码 plays: how many numbers each chooses. */
const LINKED: readonly { count: number; title: string }[] = [
  { count: 2, title: LOTTERY_MSG.lotteryLinked2 },
  { count: 3, title: LOTTERY_MSG.lotteryLinked3 },
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
  ...ZODIAC_IDS.map<LotteryPlay>((key, animal) => ({
    id: `lhc_sx_${key}`,
    group: 'sx',
    title: ZODIAC_ANIMALS[animal]!,
    on: 'special',
    animal,
    judge: (r, line) => winIf(specialAnimal(r, line) === animal),
  })),
  ...range(0, 9).map<LotteryPlay>((d) => ({
    id: `lhc_ws_${d}`,
    group: 'ws',
    title: fmt(LOTTERY_MSG.lotteryTailTitle, { d }),
    on: 'special',
    nums: range(1, BALL_MAX).filter((n) => n % 10 === d),
    judge: (r) => winIf(r[BALL_COUNT - 1]! % 10 === d),
  })),
  ...LINKED.map<LotteryPlay>(({ count, title }) => ({
    id: `lhc_lm_${count}`,
    group: 'lm',
    title,
    on: 'regular',
    pick: count,
    judge: (r, line) => allRegular(r, line, count),
  })),
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
const typeOfId = (playId: string): LotteryType => (playId.startsWith('k3_') ? LOTTERY_TYPE.dice : LOTTERY_TYPE.sixBall);
/** A line's chosen numbers as read: 03 15 27. */
export const picksText = (picks: readonly number[]): string => picks.map(pad2).join(' ');
const withPicks = (text: string, picks: readonly number[] | null | undefined): string => (picks && picks.length > 0 ? `${text} ${picksText(picks)}` : text);

/**
 * What a member reads for a line on a record, e.g. 大小单双 大, 特码 05, 生肖 马 or 连码 二全中 03 15
 * (the id names its type: k3_ dice, lhc_ 六合彩; `picks` are a 连码 line's numbers); an unknown id
 * reads as itself.
 */
export function lotteryPlayLabel(playId: string, picks?: readonly number[] | null): string {
  const type = typeOfId(playId);
  const play = PLAYS[type].byId.get(playId);
  if (!play) return playId;
  const group = PLAYS[type].groups.find((g) => g.key === play.group);
  return withPicks(group ? `${group.name} ${play.title}` : play.title, picks);
}

/**
 * A line as the room's bet notice names it: the option's title, led by its group where the title does
 * not say the play on its own (特码 01, 和值 9, 生肖 马; but 大, 特单, 豹子), then a 连码 line's numbers.
 */
export function lotteryLineTitle(playId: string, picks?: readonly number[] | null): string {
  const type = typeOfId(playId);
  const play = PLAYS[type].byId.get(playId);
  if (!play) return playId;
  const group = PLAYS[type].groups.find((g) => g.key === play.group);
  return withPicks(group && !group.bare ? `${group.name} ${play.title}` : play.title, picks);
}

export type PicksCheck = { ok: true; picks: number[] | null } | { ok: false; message: string };

/**
 * The numbers an order line chose, from its `data`: a 连码 play needs exactly its count of distinct
 * whole numbers 1–49 (answered ascending); any other play takes none and its data is ignored (null).
 */
export function checkPicks(play: LotteryPlay, data: unknown): PicksCheck {
  if (!play.pick) return { ok: true, picks: null };
  if (!Array.isArray(data) || data.length !== play.pick) return { ok: false, message: fmt(LOTTERY_MSG.lotteryPickCount, { play: play.title, count: play.pick }) };
  if (!data.every((n) => Number.isInteger(n) && n >= 1 && n <= BALL_MAX)) return { ok: false, message: fmt(LOTTERY_MSG.lotteryPickRange, { max: BALL_MAX }) };
  if (new Set(data).size !== data.length) return { ok: false, message: LOTTERY_MSG.lotteryPickDuplicate };
  return { ok: true, picks: [...(data as number[])].sort((a, b) => a - b) };
}

/** One play of a type (throws on an unknown id: callers check isPlayOf on input first). */
export function lotteryPlay(type: LotteryType, playId: string): LotteryPlay {
  const play = PLAYS[type].byId.get(playId);
  if (!play) throw new RangeError(`unknown play ${playId} for lottery type ${type}`);
  return play;
}

// ------------------------------------------------------------------------------------------- odds ids

/** The two odds ids of the 生肖 plays: the year's own animal (five numbers) and every other (four). */
export const ZODIAC_ODDS = { year: 'lhc_sx_year', other: 'lhc_sx_other' } as const;
/** A priced entry of an odds table: its odds id, playbox group name and title. */
export interface OddsEntry {
  id: string;
  group: string;
  title: string;
}

/** Every entry an odds table of the type prices, in playbox order. */
export function oddsEntriesOf(type: LotteryType): OddsEntry[] {
  const { groups, plays } = PLAYS[type];
  return groups.flatMap((g) =>
    g.key === 'sx'
      ? [
          { id: ZODIAC_ODDS.year, group: g.name, title: LOTTERY_MSG.lotteryZodiacYear },
          { id: ZODIAC_ODDS.other, group: g.name, title: LOTTERY_MSG.lotteryZodiacOther },
        ]
      : plays.filter((p) => p.group === g.key).map((p) => ({ id: p.id, group: g.name, title: p.title })),
  );
}
/** Every odds id of the type, in playbox order (the keys of a complete odds table). */
export function oddsIdsOf(type: LotteryType): string[] {
  return oddsEntriesOf(type).map((e) => e.id);
}

/**
 * The odds id that prices a play in a round of the given lunar year (its own id, but for 生肖); null
 * for a 生肖 play when the year is not known (outside the New Year table): not offered then.
 */
export function oddsIdOf(type: LotteryType, playId: string, lunarYear: number | null): string | null {
  const play = lotteryPlay(type, playId);
  if (play.animal === undefined) return play.id;
  if (lunarYear === null) return null;
  return yearAnimal(lunarYear) === play.animal ? ZODIAC_ODDS.year : ZODIAC_ODDS.other;
}

/** The numbers a 生肖 or 尾数 option covers in a lunar year (shown under it); undefined for other plays. */
export function playNumbers(play: LotteryPlay, lunarYear: number): number[] | undefined {
  if (play.animal !== undefined) return zodiacNumbers(play.animal, lunarYear);
  return play.nums ? [...play.nums] : undefined;
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

/** C(n, k). */
export function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** A representative lunar year for pricing 生肖 (any year gives the same figures: one animal of five). */
const PRICING_YEAR = 2026;

/** The play and line context an odds id prices (a 生肖 entry: an animal of five or of four numbers in PRICING_YEAR). */
function pricedPlay(type: LotteryType, oddsId: string): { play: LotteryPlay; line: LineContext } {
  if (type === LOTTERY_TYPE.sixBall && (oddsId === ZODIAC_ODDS.year || oddsId === ZODIAC_ODDS.other)) {
    const own = yearAnimal(PRICING_YEAR);
    const animal = oddsId === ZODIAC_ODDS.year ? own : (own + 1) % 12;
    return { play: lotteryPlay(type, `lhc_sx_${ZODIAC_IDS[animal]}`), line: { lunarYear: PRICING_YEAR } };
  }
  const play = lotteryPlay(type, oddsId);
  return { play, line: play.pick ? { picks: range(1, play.pick) } : {} };
}

/**
 * The exact theoretical RTP of an odds id (a play's, or a 生肖 entry's) as the fraction num/den (num,
 * den integers): Σ over outcomes of P(outcome) × returned per 1 staked, with odds in hundredths.
 * - 快三: enumerate the 216 throws through the play's own settlement rule.
 * - 六合彩, plays on the special (特码, 两面, 生肖, 尾数): the special is uniform on 1–49 (every ordered
 *   7-tuple of distinct numbers is equally likely, so each number is the 7th ball in 1/49 of them):
 *   enumerate the 49 values through the settlement rule (a push returns the stake: 100 hundredths).
 * - 六合彩 正码: P(n among the first six) = C(48,5)/C(49,6) = 6/49.
 * - 六合彩 连码 of k numbers: P(all k among the first six) = C(6,k)/C(49,k) (二全中 15/1176, 三全中
 *   20/18424).
 */
export function rtpFraction(type: LotteryType, oddsId: string, cents: number): { num: number; den: number } {
  const { play, line } = pricedPlay(type, oddsId);
  const returned = (o: LineOutcome): number => (o === 'win' ? cents : o === 'push' ? 100 : 0);
  if (play.on === 'dice') {
    return { num: ALL_THROWS.reduce((s, t) => s + returned(play.judge(t, line)), 0), den: ALL_THROWS.length * 100 };
  }
  if (play.on === 'special') {
    const num = range(1, BALL_MAX).reduce((s, special) => {
      const others = range(1, BALL_MAX).filter((n) => n !== special).slice(0, BALL_COUNT - 1);
      return s + returned(play.judge([...others, special], line));
    }, 0);
    return { num, den: BALL_MAX * 100 };
  }
  if (play.pick) return { num: choose(BALL_COUNT - 1, play.pick) * cents, den: choose(BALL_MAX, play.pick) * 100 };
  return { num: (BALL_COUNT - 1) * cents, den: BALL_MAX * 100 };
}

/** The exact theoretical RTP of one odds id at the given decimal odds (e.g. rtpOf(2, 'k3_big', 1.96) = 0.9528). */
export function rtpOf(type: LotteryType, oddsId: string, odds: number): number {
  const cents = oddsCents(odds);
  if (cents === null) throw new RangeError(`invalid odds ${odds}`);
  const { num, den } = rtpFraction(type, oddsId, cents);
  return num / den;
}

export type OddsCheck = { ok: true } | { ok: false; playId: string; message: string };

/**
 * Accepts an odds table only when it prices exactly the type's odds ids, each with valid odds and an
 * exact RTP within [LOTTERY_RTP_MIN, LOTTERY_RTP_MAX] (compared in integers, no rounding at the edges).
 */
export function validateOdds(type: LotteryType, table: Readonly<Record<string, unknown>>): OddsCheck {
  const ids = oddsIdsOf(type);
  for (const id of Object.keys(table)) {
    if (!ids.includes(id)) return { ok: false, playId: id, message: fmt(LOTTERY_MSG.lotteryOddsUnknown, { play: id }) };
  }
  const lo = Math.round(LOTTERY_RTP_MIN * 100);
  const hi = Math.round(LOTTERY_RTP_MAX * 100);
  for (const id of ids) {
    if (!(id in table)) return { ok: false, playId: id, message: fmt(LOTTERY_MSG.lotteryOddsMissing, { play: id }) };
    const cents = oddsCents(table[id]);
    if (cents === null) return { ok: false, playId: id, message: fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: id }) };
    const { num, den } = rtpFraction(type, id, cents);
    if (num * 100 < lo * den || num * 100 > hi * den) {
      return { ok: false, playId: id, message: fmt(LOTTERY_MSG.lotteryOddsRtp, { play: id, rtp: ((num / den) * 100).toFixed(2) }) };
    }
  }
  return { ok: true };
}
