/**
 * Invitations and the commission plan (spec §2 /inviter; DESIGN §8): the nine live team
 * counters of the 明细记录 tab, the lists of that tab, the invite link, and the staff-set COMMISSION
 * PLAN that the 奖金介绍 tab shows and the commission engine pays by. A module of its own, apart from
 * MSG, so the member app's first paint does not carry it.
 *
 * The team is a member's DIRECT invitees (members.inviter_id = the member). All days and months are
 * Beijing days and months (UTC+8): a day is [00:00, 24:00), a month from the 1st 00:00 to the next
 * month's 1st 00:00. The counters (InviteCounters), decided here since the spec shows them as static
 * zeros:
 * - members (下级会员): every direct invitee, whenever it joined.
 * - month_new / today_new (本月新增 / 今日新增): invitees who registered this month / today.
 * - month_active / today_active (本月活跃 / 今日活跃): invitees who placed a VALID bet (settled, valid
 *   amount > 0: member_daily_bets, Beijing day of the bet) on some day of this month / today.
 * - month_valid_active (本月有效活跃): invitees whose valid bets of this month add up to at least the
 *   plan's valid_active_min yuan.
 * - month_new_valid (本月新增有效会员): invitees who registered this month AND are valid active this
 *   month.
 * - month_deposit / today_deposit (本月存款 / 今日存款): the invitees' approved deposits (state 2),
 *   by approval time (reviewed_at), yuan.
 */
import { fmt } from '../shared/messages.js';
import { fenOfYuan, isYuanAmount, yuanText } from '../shared/money.js';
import { isIntIn } from '../shared/rules.js';

/** The ledger journal kind of a commission payment: the 礼金记录 list reads the member's entries of it. */
export const COMMISSION_JOURNAL_KIND = 'commission';

/** Rows per page of /api/invitefriends and /api/invitebonus. */
export const INVITE_PAGE_SIZE = 15;

/** The link's copy answers are MSG.linkCopied (链接已复制到剪贴板) and MSG.copyFail (复制链接失败). */
export const INVITE_MSG = {
  posterSaved: '海报已保存',
  qrSaved: '二维码已保存',
  /** the browser refused the download: the member can still long-press the picture */
  saveFailed: '保存失败，请长按图片保存',
  /** a date filter that is not YYYY-MM-DD, or start after end */
  dateRange: '请选择正确的日期范围',
  /** the 礼金记录 rows' remark when the journal has no memo */
  commissionRemark: '代理佣金',
  // ---- the plan's check (commissionPlanFailure) ----
  model: '佣金模式须为负盈利或流水',
  period: '结算周期须为每周或每月',
  multiLevel: '多级级差须为开启或关闭',
  autoPayMax: '自动发放上限须为0~1000000元的金额，最多两位小数',
  validActiveMin: '有效活跃标准须为1~1000000元的金额，最多两位小数',
  turnoverMultiple: '流水倍数须为0~100的整数',
  tierCount: '请设置1~20档佣金比例',
  tierMin: '第{n}档：门槛须为0~1000000000元的金额，最多两位小数',
  tierOrder: '第{n}档：门槛须高于上一档',
  tierActive: '第{n}档：有效活跃人数须为0~100000的整数',
  tierActiveOrder: '第{n}档：有效活跃人数不能少于上一档',
  tierPercent: '第{n}档：佣金比例须为0.01~80的百分比，最多两位小数',
  tierPerTenThousand: '第{n}档：每万元佣金须为0.01~1000元，最多两位小数',
  tierRateOrder: '第{n}档：佣金比例不能低于上一档',
} as const;

// ---- the commission plan -------------------------------------------------------------------------

/**
 * net_loss (负盈利): the team's net loss of the period = the team's losses at play (−win/loss of its
 * settled bets) minus the bonuses, rebates and red packets paid to the team; a negative period is
 * carried over into the next. turnover (流水): the team's valid bets of the period.
 */
export type CommissionModel = 'net_loss' | 'turnover';
/** weekly: Beijing Monday 00:00 to the next Monday 00:00; monthly: the Beijing calendar month. */
export type CommissionPeriod = 'weekly' | 'monthly';

export const COMMISSION_MODEL_LABELS: Record<CommissionModel, string> = { net_loss: '负盈利', turnover: '流水' };
export const COMMISSION_PERIOD_LABELS: Record<CommissionPeriod, string> = { weekly: '每周', monthly: '每月' };

/**
 * One tier. The agent's tier of a period is the highest whose `min` the team's figure reaches AND
 * whose `active` the team's valid active members of the period reach.
 */
export interface CommissionTier {
  /** yuan: the team's net loss (net_loss) or valid bets (turnover) of the period, at least */
  min: number;
  /** the team's valid active members of the period (valid bets ≥ valid_active_min), at least; 0: none needed */
  active: number;
  /** net_loss: percent of the net loss (25 = 25 %); turnover: yuan per 10,000 yuan of valid bets (50 = 0.5 %) */
  rate: number;
}

/** The staff-set plan (one row on the server; the console edits it, the engine pays by it). */
export interface CommissionPlan {
  model: CommissionModel;
  period: CommissionPeriod;
  /**
   * false: an agent earns on its direct invitees only. true: differentials (级差) — an agent also
   * earns on each sub-agent's team its own rate minus that sub-agent's rate, never below 0.
   */
  multi_level: boolean;
  /** tiers, lowest first: min strictly rising, active and rate never falling */
  tiers: CommissionTier[];
  /** yuan: a statement at or under it is paid without staff review; 0: every statement is reviewed */
  auto_pay_max: number;
  /** yuan: valid bets a team member needs in a period (or in a month, for the counters) to be valid active */
  valid_active_min: number;
  /** turnover requirement of a commission paid, × its amount (DESIGN §8: every bonus has one) */
  turnover_multiple: number;
}

export const COMMISSION_LIMITS = {
  tiers: 20,
  minYuan: 1_000_000_000,
  active: 100_000,
  percentMax: 80,
  perTenThousandMax: 1_000,
  autoPayYuan: 1_000_000,
  validActiveYuan: 1_000_000,
  turnoverMultiple: 100,
} as const;

/**
 * What a fresh platform pays by until staff save their own: the net-loss model most platforms of
 * this kind use, weekly, direct invitees only, 20 % rising to 40 % with the team's size and losses;
 * small statements (≤ ¥1,000) paid at once, a member counting as valid active from ¥100 of valid bets.
 */
export const DEFAULT_COMMISSION_PLAN: CommissionPlan = {
  model: 'net_loss',
  period: 'weekly',
  multi_level: false,
  tiers: [
    { min: 1, active: 1, rate: 20 },
    { min: 10_000, active: 3, rate: 25 },
    { min: 50_000, active: 5, rate: 30 },
    { min: 200_000, active: 10, rate: 35 },
    { min: 500_000, active: 20, rate: 40 },
  ],
  auto_pay_max: 1_000,
  valid_active_min: 100,
  turnover_multiple: 1,
};


/** The plan's check: the first failure's message, or null. The server and the console run the same. */
export function commissionPlanFailure(p: CommissionPlan): string | null {
  const L = COMMISSION_LIMITS;
  if (p.model !== 'net_loss' && p.model !== 'turnover') return INVITE_MSG.model;
  if (p.period !== 'weekly' && p.period !== 'monthly') return INVITE_MSG.period;
  if (typeof p.multi_level !== 'boolean') return INVITE_MSG.multiLevel;
  if (!isYuanAmount(p.auto_pay_max, L.autoPayYuan)) return INVITE_MSG.autoPayMax;
  if (!isYuanAmount(p.valid_active_min, L.validActiveYuan, 1)) return INVITE_MSG.validActiveMin;
  if (!isIntIn(p.turnover_multiple, 0, L.turnoverMultiple)) return INVITE_MSG.turnoverMultiple;
  if (!Array.isArray(p.tiers) || p.tiers.length < 1 || p.tiers.length > L.tiers) return INVITE_MSG.tierCount;
  const rateMax = p.model === 'net_loss' ? L.percentMax : L.perTenThousandMax;
  const rateMessage = p.model === 'net_loss' ? INVITE_MSG.tierPercent : INVITE_MSG.tierPerTenThousand;
  let prev: CommissionTier | null = null;
  for (const [i, t] of p.tiers.entries()) {
    const n = { n: i + 1 };
    if (!t || !isYuanAmount(t.min, L.minYuan)) return fmt(INVITE_MSG.tierMin, n);
    if (prev && t.min <= prev.min) return fmt(INVITE_MSG.tierOrder, n);
    if (!isIntIn(t.active, 0, L.active)) return fmt(INVITE_MSG.tierActive, n);
    if (prev && t.active < prev.active) return fmt(INVITE_MSG.tierActiveOrder, n);
    if (!isYuanAmount(t.rate, rateMax, 0.01)) return fmt(rateMessage, n);
    if (prev && t.rate < prev.rate) return fmt(INVITE_MSG.tierRateOrder, n);
    prev = t;
  }
  return null;
}

/** Only the plan's known fields, in their order (what the server stores). */
export function normalizeCommissionPlan(p: CommissionPlan): CommissionPlan {
  return {
    model: p.model,
    period: p.period,
    multi_level: p.multi_level,
    tiers: p.tiers.map((t) => ({ min: t.min, active: t.active, rate: t.rate })),
    auto_pay_max: p.auto_pay_max,
    valid_active_min: p.valid_active_min,
    turnover_multiple: p.turnover_multiple,
  };
}

/**
 * The tier a team reaches: the highest whose min and active it meets, or null. `figureFen` is the
 * team's net loss or valid bets of the period in fen (what the model measures).
 */
export function commissionTierOf(plan: CommissionPlan, figureFen: number, activeMembers: number): CommissionTier | null {
  let hit: CommissionTier | null = null;
  for (const t of plan.tiers) if (figureFen >= fenOfYuan(t.min) && activeMembers >= t.active) hit = t;
  return hit;
}


/** One tier as the 奖金介绍 table shows it. */
export interface CommissionTierRow {
  level: string;
  condition: string;
  active: string;
  reward: string;
}

/** A tier's rate as the member, the agent and staff read it: 20% (负盈利) or 每万元50元 (流水). */
export function commissionRateText(model: CommissionModel, rate: number): string {
  return model === 'net_loss' ? `${yuanText(rate)}%` : `每万元${yuanText(rate)}元`;
}

export function commissionTierRows(plan: CommissionPlan): CommissionTierRow[] {
  const figure = plan.model === 'net_loss' ? '团队负盈利' : '团队有效投注';
  return plan.tiers.map((t, i) => ({
    level: `第${i + 1}档`,
    condition: `${figure}≥${yuanText(t.min)}元`,
    active: t.active > 0 ? `≥${t.active}人` : '不限',
    reward: commissionRateText(plan.model, t.rate),
  }));
}

/**
 * The plan as text, one line each: the model, the period, who counts, the tiers (unless
 * `tiers: false`, where a table shows them: the 奖金介绍 tab), how it is paid. Pure, so the screen,
 * the console's preview and the tests read the same words.
 */
export function describeCommissionPlan(plan: CommissionPlan, opts: { tiers?: boolean } = {}): string[] {
  const lines: string[] = [];
  lines.push(
    plan.model === 'net_loss'
      ? '佣金模式：负盈利。团队负盈利 = 团队会员的投注输赢（会员输为正）− 团队会员获得的优惠彩金、返水与红包；当期为负数时结转下期抵扣。'
      : '佣金模式：流水。按团队会员的有效投注计算，每万元有效投注返佣金。',
  );
  lines.push(
    plan.period === 'weekly'
      ? '结算周期：每周（北京时间周一00:00至周日24:00），周期结束后统一结算。'
      : '结算周期：每月（北京时间每月1日00:00至月末24:00），周期结束后统一结算。',
  );
  lines.push(
    plan.multi_level
      ? '团队范围：直属下级会员，以及下级代理的团队（级差：您的比例减去下级代理的比例）。'
      : '团队范围：您邀请注册的直属下级会员。',
  );
  lines.push(`有效活跃会员：结算周期内有效投注≥${yuanText(plan.valid_active_min)}元的团队会员。`);
  if (opts.tiers !== false)
    for (const r of commissionTierRows(plan)) {
      const active = r.active === '不限' ? '' : `且有效活跃会员${r.active}`;
      lines.push(`${r.level}：${r.condition}${active}，佣金${plan.model === 'net_loss' ? '比例' : ''}${r.reward}。`);
    }
  lines.push('达到多档条件时按最高一档计算，全部团队业绩按该档比例计算佣金。');
  lines.push(
    plan.auto_pay_max > 0
      ? `佣金≤${yuanText(plan.auto_pay_max)}元自动发放到中心钱包，超过需平台审核后发放。`
      : '佣金经平台审核后发放到中心钱包。',
  );
  lines.push(plan.turnover_multiple > 0 ? `佣金到账后需完成${plan.turnover_multiple}倍流水方可提现。` : '佣金到账后无需流水即可提现。');
  return lines;
}

// ---- the invite link ---------------------------------------------------------------------------

/**
 * The registration link with the member's inviter code: pid is the member's id (server
 * auth findInviter). `siteUrl` is the site's h5_url made absolute (/api/app; '/' = this origin);
 * the member app's hash route /reg2 pre-fills the referrer from pid.
 */
export function inviteLink(siteUrl: string, memberId: number): string {
  const base = siteUrl.replace(/#.*$/, '').replace(/\/+$/, '');
  return `${base}/#/reg2?pid=${memberId}`;
}

// ---- wire ---------------------------------------------------------------------------------------

/** POST /api/invitecounters: the nine live figures of the 数据概览 section (module comment), yuan for money. */
export interface InviteCounters {
  members: number;
  month_new: number;
  month_active: number;
  month_valid_active: number;
  today_new: number;
  today_active: number;
  month_new_valid: number;
  month_deposit: number;
  today_deposit: number;
  /** the plan's valid_active_min (yuan), so the screen can say what valid active means */
  valid_active_min: number;
  /** Beijing YYYY-MM-DD the figures are of */
  day: string;
}

/** The nine counters' labels, in the order the 数据概览 grid shows them. */
export const INVITE_COUNTER_LABELS: ReadonlyArray<readonly [keyof InviteCounters, string]> = [
  ['members', '下级会员'],
  ['month_new', '本月新增'],
  ['month_active', '本月活跃'],
  ['month_valid_active', '本月有效活跃'],
  ['today_new', '今日新增'],
  ['today_active', '今日活跃'],
  ['month_new_valid', '本月新增有效会员'],
  ['month_deposit', '本月存款'],
  ['today_deposit', '今日存款'],
];

/** The date filter of the lists: Beijing days, inclusive, each optional ('' = open). */
export interface InviteRange {
  start: string;
  end: string;
}

/**
 * POST /api/invitefriends {page, start, end} rows (好友明细): every direct invitee, newest first;
 * deposit and valid_bet are its approved deposits and valid bets within the range (all time when
 * open), yuan.
 */
export interface InviteFriend {
  /** masked: ab***yz (maskUsername) */
  username: string;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  joined: string;
  deposit: number;
  valid_bet: number;
}

/** POST /api/invitebonus {page, start, end} rows (礼金记录): commission credited to the member. */
export interface InviteBonus {
  id: number;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  date: string;
  bonus: number;
  remark: string;
}

/** POST /api/commissionplan (public): the plan in force, its tiers as rows and its other rules as text. */
export interface CommissionPlanView {
  plan: CommissionPlan;
  /** describeCommissionPlan(plan, { tiers: false }) */
  lines: string[];
  tiers: CommissionTierRow[];
}
