import { fmt } from '../shared/messages.js';
import { fenOfYuan, fenToYuan, yuanToFen } from '../shared/money.js';
import {
  LOTTERY_STAKE_DEFAULT_YUAN,
  LOTTERY_STAKE_MAX_YUAN,
  LOTTERY_STAKE_MIN_YUAN,
  LOTTERY_STAKE_QUICK_YUAN,
  type LotteryExtend,
  type LotteryOpenItem,
  type LotteryType,
  type PlayboxGroup,
} from './lottery.js';
import { CONTROL_CHARS_RE } from '../shared/regex.js';
import { chatText, type ChatMessage } from './chat.js';

/**
 * The lottery rooms (spec §2 "Lottery room", §3 lottery room): the room list and a room's data as the
 * member app reads them, and the rooms as staff set them: each room's own stake limits
 * per line, within the platform's LOTTERY_STAKE_MIN_YUAN–LOTTERY_STAKE_MAX_YUAN, and the host (主持人)
 * who speaks in a room's chat. Shared by the server, the console and the member app.
 */

/** A room's stake per order line, yuan inclusive (GET /api/lotteryRoom limits; ours, beside the spec's fields). */
export interface LotteryStakeLimits {
  min: number;
  max: number;
}

/** POST /api/lotteryRoom {name} item. */
export interface LotteryRoomListItem {
  id: number;
  title: string;
  lottery: { title: string };
  /** who watches the room now (members and visitors, each once; ours, beside the spec's fields) */
  online: number;
  /** the room's own stake per line, yuan inclusive (ours, beside the spec's fields) */
  limits: LotteryStakeLimits;
}
/** GET /api/lotteryRoom?room_id= (spec §3 lottery room). */
export interface LotteryRoomData {
  id: number;
  title: string;
  ftime: number;
  lottery: {
    name: string;
    title: string;
    type: LotteryType;
    nowdata: {
      expect: string;
      nextexpect: string;
      timeout: number;
      /** sha256(seed) of the open round (nextexpect), published before it opened; '' when not yet scheduled. */
      commitment: string;
      last: { expect: string; extend: LotteryExtend | null };
    };
    openlist: LotteryOpenItem[];
  };
  playbox: PlayboxGroup[];
  /** the room's recent chat, oldest first (deleted messages left out) */
  chatdata: ChatMessage[];
  /** who watches the room now (members and visitors, each once; ours, beside the spec's fields) */
  online: number;
  /** the room's own stake per line, yuan inclusive (ours, beside the spec's fields) */
  limits: LotteryStakeLimits;
}

/**
 * The bet panel's quick stakes and first stake in a room: the usual ones (10, 20, 50, 200, 500; 10 first)
 * where at least three fit the room's limits, else the same steps (×1, ×2, ×5, ×20, ×50) from its minimum.
 */
export function roomStakes(limits: LotteryStakeLimits): { quick: number[]; first: number } {
  const fits = (v: number) => v >= limits.min && v <= limits.max;
  let quick: number[] = LOTTERY_STAKE_QUICK_YUAN.filter(fits);
  if (quick.length < 3) quick = [1, 2, 5, 20, 50].map((k) => fenToYuan(fenOfYuan(k * limits.min))).filter(fits);
  const first = quick.includes(LOTTERY_STAKE_DEFAULT_YUAN) ? LOTTERY_STAKE_DEFAULT_YUAN : (quick[0] ?? limits.min);
  return { quick, first };
}

export const LOTTERY_ROOM_LIMITS = {
  /** characters of a room's title */
  titleMax: 20,
  /** a room's place among its lottery's rooms (lower first) */
  sortMax: 9999,
  /** characters of one host message after trimming */
  hostMaxChars: 500,
} as const;

/** How a host message is signed in the room (its uid is 0: never a member's, so never "mine" on a client). */
export const LOTTERY_HOST_AUTHOR = '主持人';
export const LOTTERY_HOST_UID = 0;

export const LOTTERY_ROOM_MSG = {
  roomTitle: '房间名称须为1至{max}个字',
  roomSort: '排序须为0至{max}的整数',
  stakeMin: '最低投注须为{min}至{max}元之间的金额（最多两位小数）',
  stakeMax: '最高投注须为{min}至{max}元之间的金额（最多两位小数）',
  stakeOrder: '最低投注不能高于最高投注',
  hostEmpty: '请输入发言内容',
  hostTooLong: '发言最多{max}个字',
  hostBadChars: '发言内容含有不允许的字符',
  hostRoomClosed: '房间未开放，无法发言',
  hostPosted: '已发送',
} as const;

/** POST /admin/api/lottery/rooms/:id: what staff may change of a room (yuan as typed; the rules decide). */
export interface RoomSettingsInput {
  title: string;
  enabled: boolean;
  sort: unknown;
  min_stake: unknown;
  max_stake: unknown;
}

/** A limit as fen when it is an amount within the platform's bounds, else null. */
function stakeFen(v: unknown): number | null {
  const fen = yuanToFen(v);
  return fen !== null && fen >= fenOfYuan(LOTTERY_STAKE_MIN_YUAN) && fen <= fenOfYuan(LOTTERY_STAKE_MAX_YUAN) ? fen : null;
}

/** The first failure of a room's settings, in the form's order, or null. */
export function roomSettingsFailure(v: RoomSettingsInput): string | null {
  const title = v.title.trim();
  if (title === '' || [...title].length > LOTTERY_ROOM_LIMITS.titleMax) return fmt(LOTTERY_ROOM_MSG.roomTitle, { max: LOTTERY_ROOM_LIMITS.titleMax });
  const sort = typeof v.sort === 'string' && v.sort.trim() !== '' ? Number(v.sort) : v.sort;
  if (typeof sort !== 'number' || !Number.isInteger(sort) || sort < 0 || sort > LOTTERY_ROOM_LIMITS.sortMax) return fmt(LOTTERY_ROOM_MSG.roomSort, { max: LOTTERY_ROOM_LIMITS.sortMax });
  const bounds = { min: LOTTERY_STAKE_MIN_YUAN, max: LOTTERY_STAKE_MAX_YUAN };
  const min = stakeFen(v.min_stake);
  if (min === null) return fmt(LOTTERY_ROOM_MSG.stakeMin, bounds);
  const max = stakeFen(v.max_stake);
  if (max === null) return fmt(LOTTERY_ROOM_MSG.stakeMax, bounds);
  if (min > max) return LOTTERY_ROOM_MSG.stakeOrder;
  return null;
}

/** A room's settings as stored, once roomSettingsFailure has passed them. */
export function roomSettingsOf(v: RoomSettingsInput): { title: string; enabled: boolean; sort: number; minStakeFen: number; maxStakeFen: number } {
  return { title: v.title.trim(), enabled: v.enabled, sort: Number(v.sort), minStakeFen: yuanToFen(v.min_stake)!, maxStakeFen: yuanToFen(v.max_stake)! };
}

/**
 * A host message as kept, or its failure: the member chat's rules (chatText: control characters refused,
 * line breaks and tabs become spaces, trimmed), 1–hostMaxChars characters.
 */
export function hostMessageOf(raw: unknown): { text: string } | { error: string } {
  if (typeof raw !== 'string') return { error: LOTTERY_ROOM_MSG.hostEmpty };
  if (CONTROL_CHARS_RE.test(raw)) return { error: LOTTERY_ROOM_MSG.hostBadChars };
  const text = chatText(raw);
  if (text === '') return { error: LOTTERY_ROOM_MSG.hostEmpty };
  if ([...text].length > LOTTERY_ROOM_LIMITS.hostMaxChars) return { error: fmt(LOTTERY_ROOM_MSG.hostTooLong, { max: LOTTERY_ROOM_LIMITS.hostMaxChars }) };
  return { text };
}

// ---- back office: /admin/api/lottery/rooms -----------------------------------------------------------

/** GET /admin/api/lottery/rooms row: every room of every lottery, disabled ones included. */
export interface AdminRoomRow {
  id: number;
  lottery: string;
  lottery_title: string;
  title: string;
  enabled: boolean;
  sort: number;
  /** stake per line, yuan inclusive */
  min_stake: number;
  max_stake: number;
  /** who watches the room now (members and visitors, each once) */
  online: number;
}

// ---- a lottery's timing and switch; new rooms -----------------------------------------------------

/**
 * A lottery's interval (seconds between draws) divides the Beijing day (rounds are numbered per day);
 * betting closes ftime seconds before each draw. A change takes effect after the round under way, at
 * the first draw both intervals share (at the latest the next midnight): no round is dropped or
 * numbered twice, and the round members are betting on keeps its times.
 */
export const LOTTERY_TIMING_LIMITS = {
  intervalMinS: 30,
  intervalMaxS: 86_400,
  /** seconds of betting a round keeps after 封盘 is taken away */
  openMinS: 5,
} as const;

export const LOTTERY_TIMING_MSG = {
  interval: `开奖周期须为${LOTTERY_TIMING_LIMITS.intervalMinS}至${LOTTERY_TIMING_LIMITS.intervalMaxS}秒之间、能整除一天（86400秒）的整数秒`,
  ftime: `封盘时间须为1秒至开奖周期减${LOTTERY_TIMING_LIMITS.openMinS}秒之间的整数秒`,
  lotteryMissing: '彩种不存在',
  lotteryRequired: '请选择彩种',
  saved: '已保存',
  /** a timing change: when the new one takes over */
  timingFrom: '已保存，新的开奖周期与封盘时间从{at}开奖后的下一期起生效',
  roomCreated: '房间已添加',
} as const;

/** POST /admin/api/lotteries/:code/settings */
export interface LotterySettingsInput {
  interval_s: unknown;
  ftime_s: unknown;
  enabled: boolean;
}

const wholeSeconds = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

export function lotterySettingsFailure(v: LotterySettingsInput): string | null {
  const interval = wholeSeconds(v.interval_s);
  const L = LOTTERY_TIMING_LIMITS;
  if (interval === null || interval < L.intervalMinS || interval > L.intervalMaxS || 86_400 % interval !== 0) return LOTTERY_TIMING_MSG.interval;
  const ftime = wholeSeconds(v.ftime_s);
  if (ftime === null || ftime < 1 || ftime > interval - L.openMinS) return LOTTERY_TIMING_MSG.ftime;
  return null;
}

/** A lottery's timing as stored, once lotterySettingsFailure has passed it. */
export function lotterySettingsOf(v: LotterySettingsInput): { intervalS: number; ftimeS: number; enabled: boolean } {
  return { intervalS: Number(v.interval_s), ftimeS: Number(v.ftime_s), enabled: v.enabled };
}

/** POST /admin/api/lottery/rooms: a new room of `lottery`, with a room's settings. */
export interface NewRoomInput extends RoomSettingsInput {
  lottery: string;
}

/** A new room's first failure: the lottery it belongs to, then a room's settings. */
export function newRoomFailure(v: NewRoomInput): string | null {
  if (typeof v.lottery !== 'string' || v.lottery.trim() === '') return LOTTERY_TIMING_MSG.lotteryRequired;
  return roomSettingsFailure(v);
}
