/**
 * The in-house lottery's wire constants and shapes (spec §3 draw data, §4 lottery round; DESIGN §7),
 * shared by the server's engine and the member app. The base of the lottery folder: it imports none of
 * its siblings (rooms, chat, zodiac, plays build on it), so what two of them share lives here.
 */

/** spec §3: lottery.type. 1 = six balls plus a special seventh from 1–49 (六合彩), 2 = three dice (快三). */
export const LOTTERY_TYPE = { sixBall: 1, dice: 2 } as const;
export type LotteryType = (typeof LOTTERY_TYPE)[keyof typeof LOTTERY_TYPE];

/** DESIGN §7: every play's theoretical return to player stays in this closed range. */
export const LOTTERY_RTP_MIN = 0.9;
export const LOTTERY_RTP_MAX = 0.99;

/** spec §9: stake quick values (yuan) and the default stake per selected option. */
export const LOTTERY_STAKE_QUICK_YUAN = [10, 20, 50, 200, 500] as const;
export const LOTTERY_STAKE_DEFAULT_YUAN = 10;

export const DICE_FACES = 6;
export const DICE_COUNT = 3;
export const BALL_MAX = 49;
/** Balls drawn per six-ball round; the last one (index 6) is the special (特码). */
export const BALL_COUNT = 7;

/** Bytes of a round's secret seed (hex-encoded on the wire: 64 lowercase hex digits). */
export const LOTTERY_SEED_BYTES = 32;

/**
 * The HMAC message of block `counter` of a round's byte stream (provably fair draw, see the server's
 * modules/lottery/engine/fair.ts for the whole algorithm): UTF-8 of code + expect + ':' + counter in
 * decimal, e.g. 'k3_60' + '202611220001' + ':' + 0 → 'k3_60202611220001:0'. The browser's verify view
 * uses this same function with WebCrypto.
 */
export function drawBlockMessage(lotteryCode: string, expect: string, counter: number): string {
  return `${lotteryCode}${expect}:${counter}`;
}

/**
 * Step 4 of the provably fair draw (unbiased rejection sampling, one byte per attempt): a byte b below
 * this limit gives b mod n, any other is discarded (252 for n = 6, 245 for n = 49). The server's draw
 * and the browser's verify view both use it.
 */
export function rejectionLimit(n: number): number {
  return 256 - (256 % n);
}

/** spec §4 lottery round: betting open above ftime, 封盘 at or below ftime and above 0, drawing at 0 or below. */
export type RoundState = 'open' | 'closed' | 'drawing';
export function roundStateOf(timeoutS: number, ftimeS: number): RoundState {
  if (timeoutS <= 0) return 'drawing';
  if (timeoutS <= ftimeS) return 'closed';
  return 'open';
}

/** 六合彩 colour waves (波色), the standard table; every number 1–49 is in exactly one. */
export type BallWave = 'red' | 'blue' | 'green';
export const BALL_WAVES: Record<BallWave, readonly number[]> = {
  red: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  blue: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  green: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
};
export function waveOf(ball: number): BallWave {
  if (BALL_WAVES.red.includes(ball)) return 'red';
  if (BALL_WAVES.blue.includes(ball)) return 'blue';
  if (BALL_WAVES.green.includes(ball)) return 'green';
  throw new RangeError(`ball out of range: ${ball}`);
}

/**
 * 六合彩's twelve animals (生肖) in their cycle order, from 鼠 (2020 was a 鼠 year); which numbers each
 * holds changes every lunar year (zodiac.ts).
 */
export const ZODIAC_ANIMALS = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;
export type ZodiacAnimal = (typeof ZODIAC_ANIMALS)[number];

/** One option of a playbox group (spec §3): id is the stable play id, odds the decimal return per 1 staked. */
export interface PlayboxChild {
  id: string;
  playtitle: string;
  odds: number;
  /** 生肖 and 尾数: the numbers the option covers in the open round (生肖 by its lunar year). */
  nums?: number[];
  /** 连码: how many distinct numbers 1–49 a line chooses, sent as its order line's data. */
  pick?: number;
}
/**
 * POST /api/lotteryOrder order line (spec: id, total, data): a 连码 line's data is the numbers it chose
 * (e.g. [3, 15]); any other play ignores data.
 */
export interface LotteryOrderLine {
  id: string;
  total: number;
  data?: unknown;
}
/** A playbox group (spec §3); special 1 marks the groups offering the 1–49 number grid. */
export interface PlayboxGroup {
  name: string;
  desc: string;
  special: 0 | 1;
  childrens: PlayboxChild[];
}

/** last.extend attributes of a 快三 result (size and parity are display texts; on a triple they all lose). */
export interface DiceAttributes {
  sum: number;
  size: string;
  parity: string;
  triple: boolean;
}
/**
 * last.extend attributes of a 六合彩 result: the special's 特码两面 (和 on 49), each ball's wave and each
 * ball's animal (ours, beside the spec's fields).
 */
export interface SixBallAttributes {
  special: number;
  size: string;
  parity: string;
  waves: BallWave[];
  /**
   * Each ball's 生肖 in draw order, by the lunar year of the round's draw time in Beijing (ballAnimals,
   * as its 生肖 plays are settled); absent for a draw outside the 春节 table.
   */
  zodiac?: ZodiacAnimal[];
}
export type LotteryAttributes = DiceAttributes | SixBallAttributes;

/**
 * Stake per order line (yuan, inclusive): the outer bounds of every room's own limits (staff set each
 * room's within them); and lines per order. The server refuses anything outside.
 */
export const LOTTERY_STAKE_MIN_YUAN = 1;
export const LOTTERY_STAKE_MAX_YUAN = 50_000;
export const LOTTERY_ORDER_MAX_LINES = 100;
/** Past results a room returns (openlist). */
export const LOTTERY_OPENLIST_SIZE = 20;

/** A drawn result as shown (last.extend, openlist[].extend): the numbers in draw order and their attributes. */
export type LotteryExtend = { numbers: number[] } & LotteryAttributes;

/** POST /api/lotteryList item. */
/** POST /api/lotteryMyOrders: the member's own lines in one lottery (the room's 我的注单), newest first. */
export const LOTTERY_MY_ORDERS_PAGE_SIZE = 20;
export interface LotteryMyOrder {
  order_no: string;
  line: number;
  expect: string;
  /** what the line was on, e.g. 大小单双 大 (lotteryPlayLabel) */
  play: string;
  odds: number;
  stake: number;
  /** BET_STATUS: 2 未结算 until the round is drawn, then 1 已结算 */
  status: number;
  status_text: string;
  /** what the line paid (0 when it lost or while unsettled) */
  payout: number;
  /** payout − stake once settled, 0 before */
  win_loss: number;
  created_at: string;
}

export interface LotteryListItem {
  name: string;
  title: string;
  type: LotteryType;
  icon: string;
}
/** A past draw (spec §3) with its revealed seed and the commitment published before it opened. */
export interface LotteryOpenItem {
  expect: string;
  opentime2: string;
  extend: LotteryExtend;
  seed: string;
  commitment: string;
}
