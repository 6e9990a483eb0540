/**
 * The console's loyalty tools (spec §3 VIP tier, rebate record; DESIGN §8): the VIP
 * tier editor, a member's VIP section, rebate days and rebate records. Wire shapes, form rules and
 * texts, shared by the server and the console; no zod here (the schemas are in staff/staff.schemas.ts).
 */
import { fmt } from '../shared/messages.js';
import { fenOfYuan, yuanToFen } from '../shared/money.js';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from './rebate.js';

export const LOYALTY_ADMIN_MSG = {
  tiersCount: '请提交全部10个VIP等级',
  tierName: 'VIP{level}：等级名称为1~{max}个字符',
  tierMoney: 'VIP{level}：{field}须为不小于0的金额（最多两位小数，不超过{max}元）',
  tierRate: 'VIP{level}：{field}返水比例须在0~{max}%之间（最多两位小数）',
  tierOrder: 'VIP{level}的{field}不能低于VIP{prev}',
  tierFirst: 'VIP1为起始等级，累计存款与流水要求须为0',
  tiersSaved: 'VIP等级设置已保存',
  vipLevel: '请选择VIP1~VIP10之间的等级',
  vipSame: '会员已是VIP{level}',
  vipTrial: '试玩账号不参与VIP等级',
  vipReason: '请填写调整原因（1~{max}个字符）',
  vipChanged: '会员等级已调整为VIP{level}',
  dayRange: '请选择正确的日期范围',
  dayRangeMax: '日期范围最长{max}天',
  exportTooMany: '导出记录超过{max}条，请缩小筛选范围',
} as const;

export const LOYALTY_ADMIN_LIMITS = {
  tierNameMax: 20,
  /** a tier's thresholds and its bonus, in yuan */
  tierMoneyMaxYuan: 1_000_000_000,
  /** a rebate rate, in percent */
  rateMaxPercent: 5,
  /** the days a rebate-records filter or export may span */
  dayRangeMaxDays: 366,
  /** rows in one CSV export */
  exportMaxRows: 100_000,
} as const;

/** What vip_history.reason means on screen. */
export const VIP_REASON_LABELS: Record<string, string> = { promotion: '晋级', relegation: '降级', manual: '人工调整' };

/** The money columns of a tier as staff edit them, with their labels. */
export const TIER_MONEY_FIELDS = [
  ['recharge', '累计存款'],
  ['flow', '累计流水'],
  ['retention_flow', '保级流水'],
  ['levelup_bonus', '晋级礼金'],
] as const;
export type TierMoneyField = (typeof TIER_MONEY_FIELDS)[number][0];

/** One tier as the console reads and writes it: money in yuan, rates in percent (0.8 = 0.80 %). */
export type AdminVipTier = { level: number; name: string } & Record<TierMoneyField, number> & Record<RebateCategory, number>;

/** A rate in percent with ≤ 2 decimals → basis points of a percent (0.8 → 80), or null. */
export function percentToBp(percent: unknown): number | null {
  return yuanToFen(percent);
}

/**
 * The whole tier table as submitted: ten tiers VIP1–VIP10 in order, each with a name, money fields
 * of ≥ 0 yuan (≤ 2 decimals), rates of 0–5 % (≤ 2 decimals); VIP1 is where members start (no
 * requirement); cumulative deposit and turnover never fall from one level to the next, so a member
 * can always climb one level at a time. The first failure's message, or null.
 */
export function vipTiersFailure(tiers: ReadonlyArray<Partial<Record<string, unknown>>>): string | null {
  if (tiers.length !== 10 || tiers.some((t, i) => Number(t.level) !== i + 1)) return LOYALTY_ADMIN_MSG.tiersCount;
  const L = LOYALTY_ADMIN_LIMITS;
  for (const t of tiers) {
    const level = Number(t.level);
    const name = typeof t.name === 'string' ? [...t.name.trim()].length : 0;
    if (name < 1 || name > L.tierNameMax) return fmt(LOYALTY_ADMIN_MSG.tierName, { level, max: L.tierNameMax });
    for (const [field, label] of TIER_MONEY_FIELDS) {
      const fen = yuanToFen(t[field]);
      if (fen === null || fen < 0 || fen > fenOfYuan(L.tierMoneyMaxYuan)) return fmt(LOYALTY_ADMIN_MSG.tierMoney, { level, field: label, max: L.tierMoneyMaxYuan });
    }
    for (const cat of REBATE_CATEGORIES) {
      const bp = percentToBp(t[cat]);
      if (bp === null || bp < 0 || bp > L.rateMaxPercent * 100) return fmt(LOYALTY_ADMIN_MSG.tierRate, { level, field: REBATE_CATEGORY_LABELS[cat], max: L.rateMaxPercent });
    }
  }
  if (yuanToFen(tiers[0]!.recharge) !== 0 || yuanToFen(tiers[0]!.flow) !== 0) return LOYALTY_ADMIN_MSG.tierFirst;
  for (let i = 1; i < tiers.length; i += 1) {
    for (const [field, label] of TIER_MONEY_FIELDS.slice(0, 2)) {
      if (yuanToFen(tiers[i]![field])! < yuanToFen(tiers[i - 1]![field])!) return fmt(LOYALTY_ADMIN_MSG.tierOrder, { level: i + 1, field: label, prev: i });
    }
  }
  return null;
}

/** A member's VIP as the console's member drawer shows it (money in yuan, Beijing times). */
export interface AdminMemberVip {
  level: number;
  is_trial: boolean;
  /** cumulative deposits and turnover (the promotion figures) */
  paysum: number;
  flow: number;
  /** the next tier's requirements, null at VIP10 */
  next: { level: number; recharge: number; flow: number } | null;
  /** the current 90-day retention period: start, end, valid bets so far, the tier's retention turnover */
  period_start: string;
  period_end: string;
  period_flow: number;
  retention_flow: number;
  /** the Beijing day of the last level change ('' never) */
  changed_on: string;
  history: AdminVipHistoryRow[];
}
export interface AdminVipHistoryRow {
  id: number;
  from_level: number;
  to_level: number;
  reason: string;
  reason_label: string;
  /** a manual change's reason as staff wrote it, and who made it */
  note: string;
  staff_name: string;
  created_at: string;
}
export interface VipChangeResult {
  level: number;
}

/** One computed Beijing day of rebate, in yuan: totals, per category, members, pending vs claimed. */
export interface AdminRebateDay {
  day: string;
  computed_at: string;
  members: number;
  records: number;
  valid: number;
  amount: number;
  claimed: number;
  pending: number;
  /** members who claimed some of the day's rebate */
  members_claimed: number;
  categories: Array<{ category: RebateCategory; label: string; valid: number; amount: number }>;
}
export interface AdminRebateRecord {
  id: number;
  member_id: number;
  username: string;
  day: string;
  category: RebateCategory;
  category_label: string;
  platform: string;
  platform_name: string;
  valid: number;
  /** percent, as the VIP tiers show it */
  rate: number;
  amount: number;
  state: number;
  state_label: string;
  created_at: string;
  claimed_at: string;
}
/** A page of rebate records with the totals of the whole filter. */
export interface AdminRebateRecordPage {
  data: AdminRebateRecord[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  sum: { valid: number; amount: number; pending: number; claimed: number };
}
export const REBATE_STATE_LABELS: Record<number, string> = { 0: '未领取', 1: '已领取' };
/** A game platform (venue) a rebate record may name: the records filter's options. */
export interface AdminRebatePlatform {
  code: string;
  name: string;
}
