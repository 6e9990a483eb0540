/**
 * Red packets (红包: spec §2 /hongbao and /welfare, §3 red packet record and welfare records, §4, §5,
 * §9; DESIGN §8): the staff-set rules, the draws a member has earned, the wire shapes and the texts.
 * A module of its own, apart from MSG, so the member app's first paint does not carry it (the
 * bundler keeps a shared module whole); only 红包已关闭 (MSG.redpacketClosed) is in MSG, since the
 * hall's floating entry shows it.
 *
 * The rule model (decided here; the spec names the fields, not their meaning):
 * - A daily draw window in Beijing time, [start_time, end_time), default 10:00–12:00 (spec §9). The
 *   window never crosses midnight.
 * - Deposits count when approved between the previous day's end_time and today's start_time (spec
 *   §9: "deposits counted from previous day 12:00 to 10:00"), so a member's draws cannot change
 *   while the window is open; a deposit approved during the window itself (10:00–12:00 by default)
 *   falls in no day's counting window, as the spec's hours say.
 * - Turnover is the member's valid bets of the previous Beijing day (day_flow, 日流水).
 * - Tiers: each asks for a minimum `recharge` (deposits counted, yuan) AND a minimum `day_flow`
 *   (yesterday's valid bets, yuan), 0 meaning no requirement, and gives `draws` draws a day, each an
 *   amount drawn uniformly between `min_money` and `max_money` yuan. A member gets the tier giving the
 *   most draws among those it meets, capped by max_times.
 * - A daily budget (yuan): the sum of the day's draws never exceeds it; the last draw is cut to what
 *   is left.
 * - Every draw is credited at once (so usetime = created_at) with a turnover requirement of
 *   turnover_multiple × the amount (DESIGN §5, §8). On the wire it is flow_money (流水倍数).
 */
import { fmt } from '../shared/messages.js';
import { fenOfYuan, isYuanAmount } from '../shared/money.js';
import { isIntIn } from '../shared/rules.js';

/** The one text in MSG (hall entry): MSG.redpacketClosed = 红包已关闭. These are the rest. */
export const REDPACKET_MSG = {
  notStarted: '活动尚未开始',
  ended: '今日活动已结束',
  /** spec §5, §8: sendnums ≤ 0 */
  notEligible: '您暂未达到领取条件，快去完成吧！',
  soldOut: '今日红包已派完',
  drawn: '成功领取',
  /** spec §8: a draw that never reached the server (the member app's toast) */
  networkFailure: '服务器异常，请稍后再试',
  /** the draw's ledger journal memo */
  journalMemo: '红包 第{seq}次',
  // ---- the console's rule editor (redPacketRulesFailure) ----
  startTime: '开始时间格式应为HH:mm',
  endTime: '结束时间格式应为HH:mm',
  windowOrder: '结束时间须晚于开始时间',
  maxTimes: '每日最多领取次数须为1~100的整数',
  budget: '每日预算须为0~10000000元的金额，最多两位小数',
  turnover: '流水倍数须为0~100的整数',
  tierCount: '请设置1~20档领取条件',
  tierThreshold: '第{n}档：充值和流水须为0~100000000元的金额，最多两位小数',
  tierNoThreshold: '第{n}档：充值和流水至少设置一项',
  tierDraws: '第{n}档：次数须为1~100的整数',
  tierMoney: '第{n}档：红包金额须为0.01~100000元，且最小不大于最大',
} as const;

/** 'HH:mm', 00:00–23:59. */
export const REDPACKET_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface RedPacketTier {
  /** deposits approved in the counting window, yuan (0: none needed) */
  recharge: number;
  /** valid bets of the previous Beijing day, yuan (0: none needed) */
  day_flow: number;
  /** draws a day */
  draws: number;
  /** amount range of one draw, yuan */
  min_money: number;
  max_money: number;
}

/** The staff-set rules (console; stored as one JSON row by the server). */
export interface RedPacketRules {
  /** draw window, Beijing time 'HH:mm', [start_time, end_time) */
  start_time: string;
  end_time: string;
  /** draws a member may make a day, whatever its tier */
  max_times: number;
  /** yuan a day for all members together */
  daily_budget: number;
  /** turnover requirement of a draw, × its amount */
  turnover_multiple: number;
  tiers: RedPacketTier[];
}

export const REDPACKET_LIMITS = { maxTimes: 100, tiers: 20, budgetYuan: 10_000_000, thresholdYuan: 100_000_000, moneyYuan: 100_000, turnoverMultiple: 100 } as const;

/** What a fresh platform runs with until staff save their own (spec §9 window). */
export const DEFAULT_REDPACKET_RULES: RedPacketRules = {
  start_time: '10:00',
  end_time: '12:00',
  max_times: 3,
  daily_budget: 20_000,
  turnover_multiple: 1,
  tiers: [
    { recharge: 100, day_flow: 0, draws: 1, min_money: 1, max_money: 8 },
    { recharge: 1_000, day_flow: 1_000, draws: 2, min_money: 5, max_money: 38 },
    { recharge: 5_000, day_flow: 10_000, draws: 3, min_money: 18, max_money: 188 },
  ],
};


/** Minutes after Beijing midnight of an 'HH:mm' (assumes REDPACKET_TIME_RE). */
export function redPacketMinutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** The console's check of a rule set: the first failure's message, or null (the server runs the same). */
export function redPacketRulesFailure(r: RedPacketRules): string | null {
  const L = REDPACKET_LIMITS;
  if (typeof r.start_time !== 'string' || !REDPACKET_TIME_RE.test(r.start_time)) return REDPACKET_MSG.startTime;
  if (typeof r.end_time !== 'string' || !REDPACKET_TIME_RE.test(r.end_time)) return REDPACKET_MSG.endTime;
  if (redPacketMinutes(r.end_time) <= redPacketMinutes(r.start_time)) return REDPACKET_MSG.windowOrder;
  if (!isIntIn(r.max_times, 1, L.maxTimes)) return REDPACKET_MSG.maxTimes;
  if (!isYuanAmount(r.daily_budget, L.budgetYuan)) return REDPACKET_MSG.budget;
  if (!isIntIn(r.turnover_multiple, 0, L.turnoverMultiple)) return REDPACKET_MSG.turnover;
  if (!Array.isArray(r.tiers) || r.tiers.length < 1 || r.tiers.length > L.tiers) return REDPACKET_MSG.tierCount;
  for (const [i, t] of r.tiers.entries()) {
    const n = { n: i + 1 };
    if (!isYuanAmount(t.recharge, L.thresholdYuan) || !isYuanAmount(t.day_flow, L.thresholdYuan)) return fmt(REDPACKET_MSG.tierThreshold, n);
    if (t.recharge === 0 && t.day_flow === 0) return fmt(REDPACKET_MSG.tierNoThreshold, n);
    if (!isIntIn(t.draws, 1, L.maxTimes)) return fmt(REDPACKET_MSG.tierDraws, n);
    if (!isYuanAmount(t.min_money, L.moneyYuan, 0.01) || !isYuanAmount(t.max_money, L.moneyYuan, 0.01) || t.min_money > t.max_money) return fmt(REDPACKET_MSG.tierMoney, n);
  }
  return null;
}

/**
 * The draws a member has earned today from its figures (fen): the tier giving the most draws among
 * those whose thresholds it meets, capped by max_times; 0 draws (tier null) when it meets none.
 */
export function redPacketDrawsEarned(rules: RedPacketRules, figures: { rechargeFen: number; dayFlowFen: number }): { draws: number; tier: RedPacketTier | null } {
  let best: RedPacketTier | null = null;
  for (const t of rules.tiers) {
    if (figures.rechargeFen < fenOfYuan(t.recharge) || figures.dayFlowFen < fenOfYuan(t.day_flow)) continue;
    if (!best || t.draws > best.draws) best = t;
  }
  return { draws: best ? Math.min(best.draws, rules.max_times) : 0, tier: best };
}

/** Where `minuteOfDay` (Beijing, fractional allowed) is against the window: before, in, after. */
export function redPacketWindowState(rules: Pick<RedPacketRules, 'start_time' | 'end_time'>, minuteOfDay: number): RedPacketStatus {
  if (minuteOfDay < redPacketMinutes(rules.start_time)) return 'READY';
  if (minuteOfDay < redPacketMinutes(rules.end_time)) return 'STARTING';
  return 'END';
}

// ---- wire (spec §3, §7) ----------------------------------------------------------------------

/** READY before today's window, STARTING in it, END after it (the original API's redPacketStatus). */
export type RedPacketStatus = 'READY' | 'STARTING' | 'END';

/** One tier as the rules text shows it (spec §3 rules fields; amounts in yuan). */
export interface RedPacketRuleRow {
  start_time: string;
  end_time: string;
  /** deposits needed in the counting window (previous day end_time → today start_time) */
  recharge: number;
  /** valid bets needed on the previous Beijing day */
  day_flow: number;
  /** turnover requirement of a draw, × its amount (流水倍数) */
  flow_money: number;
  draws: number;
  min_money: number;
  max_money: number;
}

/** GET /api/userredpacket: answered outside the window too, so the app can count down. */
export interface UserRedPacket {
  /** draws left today: earned − drawn, never below 0 (spec §3 remaining draws) */
  sendnums: number;
  /** draws made today */
  acquirednum: number;
  max_times: number;
  /** the tiers, lowest first */
  rules: RedPacketRuleRow[];
  status: RedPacketStatus;
  /** today's window, Beijing 'HH:mm' */
  start_time: string;
  end_time: string;
  /** seconds until the window opens (READY), else 0 */
  countdown: number;
  /** the member's own figures the draws come from, yuan */
  recharge: number;
  day_flow: number;
}

/** POST /api/douserredpacket success (spec §3 draw result). */
export interface RedPacketDrawResult {
  redpacketmoney: number;
  sendnums: number;
  acquirednum: number;
}

/**
 * POST /api/redpacket {page} rows (spec §3 welfare records): money = the member's deposits counted
 * for the draw (yuan), redpacketmoney = the amount won, created_at = the draw, usetime = the credit
 * (the same moment: a draw is credited at once). Beijing 'YYYY-MM-DD HH:mm:ss'.
 */
export interface RedPacketRecord {
  id: number;
  money: number;
  redpacketmoney: number;
  created_at: string;
  usetime: string;
}
