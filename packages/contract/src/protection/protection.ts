/**
 * 安全与健康 — player protection: limits a member sets for itself, time-outs and
 * self-exclusion, and the reality check. Enforced by the server on every path money takes into play
 * (deposit, transfer into a venue, game launch, lottery order, promotions, red packets, welfare);
 * the member app and the console only show and ask. Wire shapes, constants, rules and Chinese texts;
 * the zod schemas are in protection.schemas.ts. A module of its own (not MSG): the first paint does
 * not carry it.
 *
 * The model (decided here):
 * - Limits: deposit (存款), loss (净亏损: stakes − payouts, lottery and venue bets), wager (投注额) per
 *   day / week / month, each in yuan; and a session limit (单次登录游戏时长) in minutes counted from the
 *   login. Periods are Beijing calendar periods: the day from 00:00, the week from Monday 00:00, the
 *   month from the 1st 00:00; a refusal names when the period resets.
 * - A new limit or a lower one applies at once. A higher one, or removing one, waits: it becomes
 *   pending, may be confirmed by the member only after PROTECTION.coolingOffHours (24 h, UK RTS 12),
 *   and until then the old limit holds. Setting a lower one cancels a pending raise.
 * - Every applicable limit is checked and the first that refuses answers (the lowest wins).
 *   Deposits count orders submitted in the period and not rejected; wagers and losses count lottery
 *   orders and venue bet records of the period. A stake is refused when it would take the wager or the
 *   possible loss past the limit; a transfer into a venue is refused past what the loss and wager
 *   limits leave.
 * - Warnings at PROTECTION.warnRatio (80 %) of a limit: POST /api/playStatus lists them; the app
 *   shows each once per period.
 * - Time-out (冷静期: 24 h, 7 d, 30 d) and self-exclusion (自我排除: 6 months, 1 year, 5 years,
 *   permanent): login still works and money can be withdrawn; deposits, transfers into venues, game
 *   launches, lottery orders, promotions, red packets and welfare are refused; broadcast mails stop;
 *   open game sessions at the venues end. Nobody can shorten or lift one; staff can only make it
 *   stricter (longer).
 * - Reality check (游戏提醒): every `reality_minutes` (15–120, default 60) of a login session the app
 *   shows the time played and the session's net result and play pauses until acknowledged; the server
 *   refuses lottery orders while one is due, and the app covers the game frame.
 * - Trial (试玩) accounts have no protection settings; none of this applies to them.
 */
import { fmt } from '../shared/messages.js';
import { formatYuan } from '../shared/money.js';

export const PROTECTION = {
  coolingOffHours: 24,
  warnRatio: 0.8,
  realityDefaultMinutes: 60,
  realityMinMinutes: 15,
  realityMaxMinutes: 120,
  /** yuan: the largest money limit (any period) */
  amountMax: 10_000_000,
  /** minutes: the session limit's bounds */
  sessionMinMinutes: 15,
  sessionMaxMinutes: 24 * 60,
  /** how often the app asks /api/playStatus while a member is signed in, ms */
  statusPollMs: 60_000,
  /** the console's reason, characters */
  reasonMax: 200,
} as const;

export const LIMIT_KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** deposit/loss/wager take day, week or month; session takes 'session' only. */
export const LIMIT_PERIODS = ['day', 'week', 'month', 'session'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const MONEY_PERIODS = ['day', 'week', 'month'] as const;

export const LIMIT_KIND_LABEL: Record<LimitKind, string> = {
  deposit: '存款限额',
  loss: '亏损限额',
  wager: '投注限额',
  session: '单次游戏时长',
};

export const LIMIT_PERIOD_LABEL: Record<LimitPeriod, string> = { day: '每日', week: '每周', month: '每月', session: '每次登录' };

export const BLOCK_KINDS = ['timeout', 'exclusion'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCK_KIND_LABEL: Record<BlockKind, string> = { timeout: '冷静期', exclusion: '自我排除' };

/** The lengths a member may choose; months and years are calendar ones (Beijing), permanent has no end. */
export const BLOCK_DURATIONS = {
  timeout: ['24h', '7d', '30d'],
  exclusion: ['6m', '1y', '5y', 'permanent'],
} as const satisfies Record<BlockKind, readonly string[]>;
export type BlockDuration = (typeof BLOCK_DURATIONS)[BlockKind][number];

export const BLOCK_DURATION_LABEL: Record<BlockDuration, string> = {
  '24h': '24小时',
  '7d': '7天',
  '30d': '30天',
  '6m': '6个月',
  '1y': '1年',
  '5y': '5年',
  permanent: '永久',
};

/** The plays a refusal is about, for its wording. */
export type PlayPath = 'deposit' | 'transfer' | 'launch' | 'lottery' | 'promotion' | 'redpacket' | 'welfare';

export const PROTECTION_MSG = {
  // ---- refusals (code 403), every path ----
  /** {label} 冷静期/自我排除, {until} Beijing 'YYYY-MM-DD HH:mm' */
  blocked: '您正处于{label}，至{until}结束，期间不能存款、转入场馆、游戏或参加活动；提款不受影响',
  blockedPermanent: '您已永久自我排除，不能存款、转入场馆、游戏或参加活动；提款不受影响',
  /** {label} e.g. 每日存款限额, {limit} yuan or minutes, {used}, {resets} Beijing time */
  overLimit: '已达{label}（{used}/{limit}元），{resets}重置',
  overSession: '本次登录游戏时长已达{limit}分钟上限，请休息后重新登录',
  /** a transfer into a venue past what a loss or wager limit leaves: {label} 每日投注限额, {when} 今日, {amount} yuan with 2 decimals */
  overHeadroom: '已超出您设置的{label}，{when}最多还可转入{amount}元',
  /** the venue refuses a bet past the headroom the platform gave at launch: {label} 投注限额 / 亏损限额 */
  venueLimitReached: '已达到您设置的{label}，不能继续下注',
  /** {amount}: what is left of the headroom, yuan with 2 decimals */
  venueLimitLeft: '已超出您设置的{label}，最多还可下注{amount}元',
  realityDue: '您已连续游戏{minutes}分钟，请先确认游戏提醒',
  // ---- warnings ----
  nearLimit: '{label}已用{percent}%（{used}/{limit}元），{resets}重置',
  nearSession: '本次登录已游戏{used}分钟，上限{limit}分钟',
  // ---- the member's own settings ----
  kind: '请选择限额类型',
  period: '请选择限额周期',
  amount: `限额须为1~${PROTECTION.amountMax}元的整数`,
  minutes: `时长须为${PROTECTION.sessionMinMinutes}~${PROTECTION.sessionMaxMinutes}分钟的整数`,
  applied: '限额已生效',
  same: '新限额与当前限额相同',
  pending: `提高或取消限额须等待${PROTECTION.coolingOffHours}小时冷静期，{from}后可确认生效`,
  noPending: '没有待确认的限额变更',
  tooEarly: '冷静期未满，{from}后可确认',
  confirmed: '限额变更已生效',
  cancelled: '已撤销限额变更',
  removedNone: '当前没有该限额',
  duration: '请选择时长',
  blockSet: '{label}已开始，至{until}结束',
  blockSetPermanent: '已永久自我排除',
  blockShorter: '已处于更长的{label}，不能缩短',
  realityMinutes: `提醒间隔须为${PROTECTION.realityMinMinutes}~${PROTECTION.realityMaxMinutes}分钟的整数`,
  realitySaved: '游戏提醒已保存',
  realityAck: '已确认，祝您游戏愉快',
  trial: '试玩账号无需设置',
  // ---- registration ----
  adult: '请确认您已年满18周岁',
  // ---- the console ----
  staffReason: `请填写原因（最多${PROTECTION.reasonMax}字）`,
  staffStricterOnly: '只能设置更严格的限额',
  staffSaved: '已保存，会员的限制已更严格',
} as const;

/** A money or time limit in force, with what was used of it in the current period. */
export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  /** yuan (minutes for session) */
  limit: number;
  /** used in the current period (minutes of this login for session) */
  used: number;
  /** Beijing 'YYYY-MM-DD HH:mm' the period resets; '' for session */
  resets_at: string;
  /** a raise or a removal waiting for its cooling-off: the new value, null = remove */
  pending: { limit: number | null; confirmable_at: string; confirmable: boolean } | null;
}

export interface BlockState {
  kind: BlockKind;
  duration: BlockDuration;
  started_at: string;
  /** '' = permanent */
  until: string;
}

/** POST /api/protection */
export interface ProtectionState {
  limits: LimitRow[];
  block: BlockState | null;
  reality_minutes: number;
  /** the login session's start (Beijing) */
  session_started_at: string;
}

/** POST /api/protection/limit {kind, period, limit} — limit 0 removes */
export interface SetLimitBody {
  kind: LimitKind;
  period: LimitPeriod;
  limit: number;
}
export interface SetLimitResult {
  /** 'applied' at once, or 'pending' a cooling-off */
  outcome: 'applied' | 'pending';
  state: ProtectionState;
}

/** POST /api/protection/limit/confirm and /cancel {kind, period} → ProtectionState */
export interface LimitKeyBody {
  kind: LimitKind;
  period: LimitPeriod;
}

/** POST /api/protection/block {kind, duration} → ProtectionState */
export interface SetBlockBody {
  kind: BlockKind;
  duration: BlockDuration;
}

/** POST /api/protection/reality {minutes} → ProtectionState */

/** POST /api/playStatus: the app's poll while signed in (also after every stake). */
export interface PlayStatus {
  reality: {
    /** a check is due: show it, play pauses until POST /api/playStatus/ack */
    due: boolean;
    /** minutes since the login */
    played_minutes: number;
    /** the session's stakes, payouts and net (payouts − stakes), yuan, lottery and venue bets */
    stake: number;
    payout: number;
    net: number;
    interval_minutes: number;
  };
  /** limits at or past PROTECTION.warnRatio, each with its text */
  warnings: { kind: LimitKind; period: LimitPeriod; percent: number; text: string }[];
  block: BlockState | null;
}

/** One change of a member's protection, as the console's history shows it (Beijing times). */
export interface ProtectionEventRow {
  id: number;
  at: string;
  /** 'member' or the staff member's name */
  by: string;
  /** e.g. 设置每日存款限额 1000 元; 申请提高…; 确认…; 开始自我排除 1年 */
  text: string;
  reason: string;
}

/** GET /admin/api/members/:id/protection */
export interface AdminProtectionView extends ProtectionState {
  history: ProtectionEventRow[];
}

/** GET /admin/api/protection/blocks: members under a time-out or exclusion now */
export interface BlockedMemberRow {
  member_id: number;
  name: string;
  kind: BlockKind;
  duration: BlockDuration;
  started_at: string;
  until: string;
  /** 'member' or the staff member's name */
  by: string;
}

/** The current period as a refusal names it (今日最多还可转入…). */
export const LIMIT_PERIOD_NOW: Record<(typeof MONEY_PERIODS)[number], string> = { day: '今日', week: '本周', month: '本月' };

/**
 * A transfer into a venue past the headroom of a loss or wager limit (`leftFen` > 0): names the limit
 * and what may still go in. With nothing left the limit's own refusal (overLimitText) answers.
 */
export function overHeadroomText(kind: 'loss' | 'wager', period: (typeof MONEY_PERIODS)[number], leftFen: number): string {
  return fmt(PROTECTION_MSG.overHeadroom, { label: limitLabel(kind, period), when: LIMIT_PERIOD_NOW[period], amount: formatYuan(leftFen / 100) });
}

/** Whether a refusal is overHeadroomText's (the app shows it under the transfer's amount). */
export function isOverHeadroomText(message: string): boolean {
  const [head, tail] = PROTECTION_MSG.overHeadroom.split('{label}');
  return message.startsWith(head!) && message.includes(tail!.split('{when}')[1]!.split('{amount}')[0]!) && message.endsWith('元');
}

/** The demo venue's refusal of a bet past the session's headroom (`leftFen` ≥ 0 left of it). */
export function venueLimitText(kind: 'loss' | 'wager', leftFen: number): string {
  const label = LIMIT_KIND_LABEL[kind];
  return leftFen > 0 ? fmt(PROTECTION_MSG.venueLimitLeft, { label, amount: formatYuan(leftFen / 100) }) : fmt(PROTECTION_MSG.venueLimitReached, { label });
}

export function limitLabel(kind: LimitKind, period: LimitPeriod): string {
  return kind === 'session' ? LIMIT_KIND_LABEL.session : `${LIMIT_PERIOD_LABEL[period]}${LIMIT_KIND_LABEL[kind]}`;
}

/** The refusal's text for a limit reached (money limits in yuan, the session limit in minutes). */
export function overLimitText(row: Pick<LimitRow, 'kind' | 'period' | 'limit' | 'used' | 'resets_at'>): string {
  if (row.kind === 'session') return fmt(PROTECTION_MSG.overSession, { limit: row.limit });
  return fmt(PROTECTION_MSG.overLimit, { label: limitLabel(row.kind, row.period), used: row.used, limit: row.limit, resets: row.resets_at });
}

export function nearLimitText(row: Pick<LimitRow, 'kind' | 'period' | 'limit' | 'used' | 'resets_at'>): string {
  if (row.kind === 'session') return fmt(PROTECTION_MSG.nearSession, { limit: row.limit, used: row.used });
  const percent = Math.floor((row.used / row.limit) * 100);
  return fmt(PROTECTION_MSG.nearLimit, { label: limitLabel(row.kind, row.period), percent, used: row.used, limit: row.limit, resets: row.resets_at });
}

export function blockedText(block: BlockState): string {
  if (!block.until) return PROTECTION_MSG.blockedPermanent;
  return fmt(PROTECTION_MSG.blocked, { label: BLOCK_KIND_LABEL[block.kind], until: block.until });
}

/** The first failing rule of a limit request, or null (kind, period, then the amount). */
export function setLimitFailure(v: { kind: string; period: string; limit: number }): string | null {
  if (!(LIMIT_KINDS as readonly string[]).includes(v.kind)) return PROTECTION_MSG.kind;
  const kind = v.kind as LimitKind;
  const periodOk = kind === 'session' ? v.period === 'session' : (MONEY_PERIODS as readonly string[]).includes(v.period);
  if (!periodOk) return PROTECTION_MSG.period;
  if (v.limit === 0) return null; // removal
  if (kind === 'session') {
    if (!Number.isInteger(v.limit) || v.limit < PROTECTION.sessionMinMinutes || v.limit > PROTECTION.sessionMaxMinutes) return PROTECTION_MSG.minutes;
  } else if (!Number.isInteger(v.limit) || v.limit < 1 || v.limit > PROTECTION.amountMax) return PROTECTION_MSG.amount;
  return null;
}

export function realityMinutesFailure(minutes: number): string | null {
  if (!Number.isInteger(minutes) || minutes < PROTECTION.realityMinMinutes || minutes > PROTECTION.realityMaxMinutes) return PROTECTION_MSG.realityMinutes;
  return null;
}

export function setBlockFailure(v: { kind: string; duration: string }): string | null {
  if (!(BLOCK_KINDS as readonly string[]).includes(v.kind)) return PROTECTION_MSG.duration;
  if (!(BLOCK_DURATIONS[v.kind as BlockKind] as readonly string[]).includes(v.duration)) return PROTECTION_MSG.duration;
  return null;
}

/** The history's lines (ProtectionEventRow.text); {label} e.g. 每日存款限额, {value} e.g. 1000元 or 60分钟. */
export const PROTECTION_EVENT = {
  set: '设置{label} {value}',
  lower: '降低{label}至 {value}',
  raise: '申请提高{label}至 {value}',
  remove: '申请取消{label}',
  confirmRaise: '确认提高{label}至 {value}',
  confirmRemove: '确认取消{label}',
  cancel: '撤销{label}变更',
  block: '开始{label} {duration}',
  reality: '游戏提醒间隔设为{minutes}分钟',
} as const;

/** The register request's 18+ confirmation as clients send it: true, 1 or '1'. */
export function adultConfirmed(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
