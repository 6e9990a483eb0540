/**
 * Promotions (spec §2 /activityInfo, /activityRecord, §3 activity application, §7
 * doactivityapply, activityApplyLog; DESIGN §4 application states, §5, §8): the rules staff give an
 * activity (who may apply, how often, what it pays), the application states, the bonus formula, the
 * texts and the wire shapes. Shared by the server, the member app and the console; no zod here (the
 * request schemas are in promotions.schemas.ts), and apart from MSG so the member app's first paint
 * does not carry it.
 *
 * An activity without rules (activities.rules NULL) takes no application: its reward is paid by a
 * feature of its own (VIP level-up bonuses, red packets) and 立即申请 answers PROMO_MSG.noApplication.
 */
import { fmt } from '../shared/messages.js';
import { fenOfYuan, fenToYuan, yuanText, yuanToFen } from '../shared/money.js';
import { isIntIn } from '../shared/rules.js';
import { beijingWireTime, DAY_MS } from '../shared/time.js';

// ---- application states (DESIGN §4) ----------------------------------------------------------------

export const APPLICATION_STATE = { pending: 0, approved: 1, rejected: 2 } as const;
export type ApplicationState = (typeof APPLICATION_STATE)[keyof typeof APPLICATION_STATE];
export const APPLICATION_STATE_LABELS: Record<number, string> = { 0: '审核中', 1: '已通过', 2: '已拒绝' };

// ---- the rules -------------------------------------------------------------------------------------

/**
 * Who may apply. 'first_deposit': members with at least one approved deposit; 'min_deposit': approved
 * deposits (by order time) of at least min within the last `days` Beijing days, today included;
 * 'min_turnover': valid bets of at least min within the last `days` Beijing days, today included.
 */
export const ELIGIBILITIES = ['all', 'first_deposit', 'min_deposit', 'min_turnover'] as const;
export type Eligibility = (typeof ELIGIBILITIES)[number];
export const ELIGIBILITY_LABELS: Record<Eligibility, string> = { all: '所有会员', first_deposit: '已完成首存', min_deposit: '近期存款达标', min_turnover: '近期有效投注达标' };

/** How often: once per member, once per Beijing day, once per Beijing week (Monday to Sunday). */
export const FREQUENCIES = ['once', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = { once: '每人限一次', daily: '每日一次', weekly: '每周一次' };

/**
 * What it pays. 'deposit_percent': a whole percent of the qualifying deposit (the member's first
 * approved deposit for 'first_deposit', the latest approved one within the window for
 * 'min_deposit'), rounded down to the fen, at most the cap. It needs one of those two eligibilities.
 */
export const PAYOUTS = ['fixed', 'deposit_percent'] as const;
export type Payout = (typeof PAYOUTS)[number];
export const PAYOUT_LABELS: Record<Payout, string> = { fixed: '固定彩金', deposit_percent: '按存款比例' };

export const PROMO_LIMITS = {
  /** the window of min_deposit / min_turnover, in Beijing days */
  daysMax: 90,
  /** thresholds, fixed bonuses and caps, in yuan */
  amountMaxYuan: 1_000_000,
  /** deposit_percent, whole percent */
  percentMax: 500,
  /** the turnover requirement of a bonus, × the bonus */
  multipleMax: 100,
  /** rows per page of the member's application log */
  logPageSize: 10,
  /** rows per page of the console's queue */
  queuePageSize: 20,
  reasonMax: 200,
} as const;

/**
 * An activity's rules as stored (activities.rules, jsonb): money in fen; fields a kind does not use
 * are 0. Flat rather than nested unions so one validator covers it and a form edits it directly.
 */
export interface ActivityRules {
  eligibility: Eligibility;
  /** min_deposit / min_turnover: the window in Beijing days, today included (1 = today only) */
  days: number;
  /** min_deposit / min_turnover: the threshold */
  min_fen: number;
  frequency: Frequency;
  payout: Payout;
  /** fixed: the bonus */
  amount_fen: number;
  /** deposit_percent: whole percent of the qualifying deposit, and the most it pays */
  percent: number;
  cap_fen: number;
  /** the bonus's turnover requirement is bonus × this (DESIGN §5) */
  turnover_multiple: number;
  /** approved at once, in the application's own transaction (every eligibility here is checked by the server) */
  auto_approve: boolean;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' from which applications are refused (活动已结束); '' never */
  ends_at: string;
  /**
   * A deposit bonus of this activity may stand on a deposit that already backs another activity's
   * deposit bonus (and the other way round) only when both activities allow it; the default is one
   * deposit bonus per deposit. Rules stored before this field read as false.
   */
  stack_with_others: boolean;
}

/**
 * POST /api/firstDepositOffer (ours): the nudge towards a first deposit, for a member without one —
 * the running first-deposit promotion to apply for afterwards, if any. null: no nudge.
 */
export interface FirstDepositNudge {
  activity: { id: number; title: string } | null;
}

/** The same rules as the console edits them and /admin/api carries them: money in yuan. */
export interface ActivityRulesForm {
  eligibility: Eligibility;
  days: number;
  min_amount: number;
  frequency: Frequency;
  payout: Payout;
  amount: number;
  percent: number;
  cap: number;
  turnover_multiple: number;
  auto_approve: boolean;
  ends_at: string;
  stack_with_others: boolean;
}

const WIRE_TIME_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const num = (v: unknown): unknown => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/** A positive yuan amount with ≤ 2 decimals within the cap, in fen; null when not one. */
function positiveFen(v: unknown): number | null {
  const fen = yuanToFen(v);
  return fen === null || fen <= 0 || fen > fenOfYuan(PROMO_LIMITS.amountMaxYuan) ? null : fen;
}

/**
 * The first thing wrong with a rules form, in the form's order, or null. The server's schema runs it
 * and so does the console before sending.
 */
export function activityRulesFailure(form: Partial<Record<keyof ActivityRulesForm, unknown>>): string | null {
  const f = form;
  const max = PROMO_LIMITS.amountMaxYuan;
  if (!(ELIGIBILITIES as readonly unknown[]).includes(f.eligibility)) return PROMO_MSG.ruleEligibility;
  const windowed = f.eligibility === 'min_deposit' || f.eligibility === 'min_turnover';
  if (windowed && !isIntIn(num(f.days), 1, PROMO_LIMITS.daysMax)) return fmt(PROMO_MSG.ruleDays, { max: PROMO_LIMITS.daysMax });
  if (windowed && positiveFen(f.min_amount) === null) return fmt(PROMO_MSG.ruleMinAmount, { max });
  if (!(FREQUENCIES as readonly unknown[]).includes(f.frequency)) return PROMO_MSG.ruleFrequency;
  if (!(PAYOUTS as readonly unknown[]).includes(f.payout)) return PROMO_MSG.rulePayout;
  if (f.payout === 'fixed' && positiveFen(f.amount) === null) return fmt(PROMO_MSG.ruleAmount, { max });
  if (f.payout === 'deposit_percent') {
    if (f.eligibility !== 'first_deposit' && f.eligibility !== 'min_deposit') return PROMO_MSG.rulePercentNeedsDeposit;
    if (!isIntIn(num(f.percent), 1, PROMO_LIMITS.percentMax)) return fmt(PROMO_MSG.rulePercent, { max: PROMO_LIMITS.percentMax });
    if (positiveFen(f.cap) === null) return fmt(PROMO_MSG.ruleCap, { max });
  }
  if (!isIntIn(num(f.turnover_multiple ?? 1), 1, PROMO_LIMITS.multipleMax)) return fmt(PROMO_MSG.ruleMultiple, { max: PROMO_LIMITS.multipleMax });
  if (f.auto_approve !== undefined && typeof f.auto_approve !== 'boolean') return PROMO_MSG.ruleAutoApprove;
  if (f.auto_approve === true && !autoApprovable(f.eligibility as Eligibility)) return PROMO_MSG.ruleAutoApprove;
  const ends = typeof f.ends_at === 'string' ? f.ends_at.trim() : f.ends_at;
  if (ends !== undefined && ends !== null && ends !== '' && !(typeof ends === 'string' && WIRE_TIME_RE.test(ends))) return PROMO_MSG.ruleEndsAt;
  if (f.stack_with_others !== undefined && typeof f.stack_with_others !== 'boolean') return PROMO_MSG.ruleStacking;
  return null;
}

/**
 * Auto-approval is allowed only where the server itself decides eligibility; every eligibility of
 * this model is one (a rule a person must judge, such as a screenshot, would answer false here).
 */
export function autoApprovable(eligibility: Eligibility): boolean {
  return (ELIGIBILITIES as readonly string[]).includes(eligibility);
}

/** A valid form (activityRulesFailure null) → the stored rules, in fen; unused fields 0. */
export function rulesFromForm(form: Partial<Record<keyof ActivityRulesForm, unknown>>): ActivityRules {
  const eligibility = form.eligibility as Eligibility;
  const payout = form.payout as Payout;
  const windowed = eligibility === 'min_deposit' || eligibility === 'min_turnover';
  const percent = payout === 'deposit_percent';
  return {
    eligibility,
    days: windowed ? Number(num(form.days)) : 0,
    min_fen: windowed ? (positiveFen(form.min_amount) ?? 0) : 0,
    frequency: form.frequency as Frequency,
    payout,
    amount_fen: payout === 'fixed' ? (positiveFen(form.amount) ?? 0) : 0,
    percent: percent ? Number(num(form.percent)) : 0,
    cap_fen: percent ? (positiveFen(form.cap) ?? 0) : 0,
    turnover_multiple: Number(num(form.turnover_multiple ?? 1)),
    auto_approve: form.auto_approve === true,
    ends_at: typeof form.ends_at === 'string' ? form.ends_at.trim() : '',
    stack_with_others: percent && form.stack_with_others === true,
  };
}

export function rulesToForm(r: ActivityRules): ActivityRulesForm {
  return {
    eligibility: r.eligibility,
    days: r.days,
    min_amount: fenToYuan(r.min_fen),
    frequency: r.frequency,
    payout: r.payout,
    amount: fenToYuan(r.amount_fen),
    percent: r.percent,
    cap: fenToYuan(r.cap_fen),
    turnover_multiple: r.turnover_multiple,
    auto_approve: r.auto_approve,
    ends_at: r.ends_at,
    stack_with_others: r.stack_with_others === true,
  };
}

/** Stored rules read back (jsonb): valid rules, or null (no application) for anything else. */
export function storedRules(value: unknown): ActivityRules | null {
  if (!value || typeof value !== 'object') return null;
  const form = rulesToForm(value as ActivityRules);
  return activityRulesFailure(form) === null ? rulesFromForm(form) : null;
}

/**
 * The bonus of an application, in fen: the fixed amount, or the percent of the qualifying deposit
 * rounded down to the fen and capped; 0 when a percent rule has no qualifying deposit (the console
 * then refuses to approve rather than pay 0).
 */
export function promotionBonusFen(rules: Pick<ActivityRules, 'payout' | 'amount_fen' | 'percent' | 'cap_fen'>, depositFen: number | null): number {
  if (rules.payout === 'fixed') return rules.amount_fen;
  if (!depositFen || depositFen <= 0) return 0;
  return Math.min(Math.floor((depositFen * rules.percent) / 100), rules.cap_fen);
}

/** The turnover requirement a paid bonus adds, in fen. */
export function promotionTurnoverFen(rules: Pick<ActivityRules, 'turnover_multiple'>, bonusFen: number): number {
  return bonusFen * rules.turnover_multiple;
}

// ---- Beijing periods -------------------------------------------------------------------------------

/**
 * The period an application counts against, so one member applies at most once per period (the
 * database's unique key): 'once', the Beijing day 'YYYY-MM-DD', or the ISO week of the Beijing day
 * 'YYYY-Www' (weeks start on Monday; the week's year is the year of its Thursday).
 */
export function applicationPeriod(frequency: Frequency, now: Date): string {
  if (frequency === 'once') return 'once';
  const day = beijingWireTime(now).slice(0, 10);
  if (frequency === 'daily') return day;
  const d = new Date(`${day}T00:00:00Z`);
  const dow = d.getUTCDay() || 7;
  const thursday = new Date(d.getTime() + (4 - dow) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Whether applications are closed by the rules' end time. */
export function activityEnded(rules: Pick<ActivityRules, 'ends_at'>, now: Date): boolean {
  return rules.ends_at !== '' && beijingWireTime(now) >= rules.ends_at;
}

// ---- texts -----------------------------------------------------------------------------------------

const yuan = (fen: number) => yuanText(fenToYuan(fen));

/** What the member is missing, from the rules (the refusal of doactivityapply). */
export function eligibilityMessage(rules: Pick<ActivityRules, 'eligibility' | 'days' | 'min_fen'>): string {
  const amount = yuan(rules.min_fen);
  switch (rules.eligibility) {
    case 'first_deposit':
      return PROMO_MSG.firstDepositOnly;
    case 'min_deposit':
      return rules.days === 1 ? fmt(PROMO_MSG.minDepositToday, { amount }) : fmt(PROMO_MSG.minDeposit, { days: rules.days, amount });
    case 'min_turnover':
      return rules.days === 1 ? fmt(PROMO_MSG.minTurnoverToday, { amount }) : fmt(PROMO_MSG.minTurnover, { days: rules.days, amount });
    default:
      return '';
  }
}

/** The refusal of a second application within the period. */
export function alreadyAppliedMessage(frequency: Frequency): string {
  return frequency === 'daily' ? PROMO_MSG.appliedToday : frequency === 'weekly' ? PROMO_MSG.appliedThisWeek : PROMO_MSG.appliedOnce;
}

/** One line for the console's list: 已完成首存 · 每人限一次 · 首存100%（最高888元）· 15倍流水 · 人工审核. */
export function describeRules(r: ActivityRules): string {
  const who =
    r.eligibility === 'min_deposit'
      ? `${r.days === 1 ? '今日' : `近${r.days}天`}存款满${yuan(r.min_fen)}元`
      : r.eligibility === 'min_turnover'
        ? `${r.days === 1 ? '今日' : `近${r.days}天`}有效投注满${yuan(r.min_fen)}元`
        : ELIGIBILITY_LABELS[r.eligibility];
  const pays = r.payout === 'fixed' ? `彩金${yuan(r.amount_fen)}元` : `${r.eligibility === 'first_deposit' ? '首存' : '存款'}${r.percent}%（最高${yuan(r.cap_fen)}元）`;
  const parts = [who, FREQUENCY_LABELS[r.frequency], pays, `${r.turnover_multiple}倍流水`, r.auto_approve ? '自动通过' : '人工审核'];
  if (r.payout === 'deposit_percent') parts.push(r.stack_with_others ? '可与其他存款优惠同享' : '不与其他存款优惠同享');
  if (r.ends_at) parts.push(`${r.ends_at}截止`);
  return parts.join(' · ');
}

export const PROMO_MSG = {
  // the member's application (doactivityapply), in the order the server checks
  missing: '活动不存在或已下架',
  noApplication: '本活动无需申请，符合条件即自动参与',
  ended: '活动已结束',
  firstDepositOnly: '本活动仅限已完成首存的会员参与',
  minDeposit: '近{days}天累计存款需达到{amount}元',
  minDepositToday: '今日累计存款需达到{amount}元',
  minTurnover: '近{days}天有效投注需达到{amount}元',
  minTurnoverToday: '今日有效投注需达到{amount}元',
  depositUsed: '您的最近一笔存款已申请过本活动，请再次存款后申请',
  depositBacksOther: '您的最近一笔存款已用于「{title}」的彩金，本活动不可同时参与，请再次存款后申请',
  bonusZero: '按您的存款计算彩金为0元，暂不能申请',
  appliedOnce: '您已申请过该活动',
  appliedToday: '今日已申请，请明日再来',
  appliedThisWeek: '本周已申请，请下周再来',
  submitted: '申请成功，请等待审核',
  paid: '申请成功，彩金{amount}元已发放至中心钱包',
  // mails
  approvedMailTitle: '活动彩金已到账',
  approvedMailContent: '您申请的活动“{title}”已通过审核，彩金{amount}元已发放至中心钱包，需完成{multiple}倍有效投注方可提现。',
  rejectedMailTitle: '活动申请未通过',
  rejectedMailContent: '您申请的活动“{title}”未通过审核，原因：{reason}',
  journalMemo: '活动彩金：{title}',
  // the console
  applicationMissing: '申请记录不存在',
  approveZero: '按当前规则计算彩金为0元，无法通过，请拒绝该申请',
  approved: '已通过，彩金已发放',
  rejected: '已拒绝',
  rejectReason: '请填写拒绝原因（1~{max}个字符）',
  activityMissing: '活动不存在',
  rulesSaved: '活动规则已保存',
  rulesCleared: '已取消申请规则，本活动不再接受申请',
  ruleEligibility: '请选择参与条件',
  ruleDays: '统计天数须为1~{max}之间的整数',
  ruleMinAmount: '门槛金额须为大于0的金额（最多两位小数，不超过{max}元）',
  ruleFrequency: '请选择申请频率',
  rulePayout: '请选择彩金方式',
  ruleAmount: '固定彩金须为大于0的金额（最多两位小数，不超过{max}元）',
  rulePercentNeedsDeposit: '按存款比例发放须搭配“已完成首存”或“近期存款达标”条件',
  rulePercent: '存款比例须为1~{max}之间的整数（%）',
  ruleCap: '彩金上限须为大于0的金额（最多两位小数，不超过{max}元）',
  ruleMultiple: '流水倍数须为1~{max}之间的整数',
  ruleAutoApprove: '该条件无法由系统判断，不能设为自动通过',
  ruleStacking: '请选择是否可与其他存款优惠同享',
  ruleEndsAt: '结束时间格式为 YYYY-MM-DD HH:mm:ss（北京时间），不填为长期有效',
} as const;

// ---- wire shapes -----------------------------------------------------------------------------------

/** POST /api/doactivityapply data: the application just made. */
export interface ActivityApplyResult {
  id: number;
  state: ApplicationState;
  state_text: string;
  /** yuan; 0 until approved */
  bonus: number;
}

/** One row of POST /api/activityApplyLog (spec §3 activity application record), newest first. */
export interface ActivityApplyRow {
  id: number;
  activity_id: number;
  activity_name: string;
  /** Beijing 'YYYY-MM-DD HH:mm:ss' */
  created_at: string;
  state: ApplicationState;
  state_text: string;
  /** the bonus paid, yuan; 0 unless approved */
  bonus: number;
  /** why it was rejected; '' otherwise */
  reason: string;
}

/** A row of the console's application queue (GET /admin/api/activity-applications), money in yuan. */
export interface AdminActivityApplication {
  id: number;
  member_id: number;
  username: string;
  activity_id: number;
  activity_name: string;
  /** 'once', the Beijing day, or the ISO week the application counts against */
  period: string;
  state: ApplicationState;
  state_text: string;
  /** approved: what was paid; pending: what approving now would pay under the activity's current rules */
  bonus: number;
  /** the turnover requirement that bonus adds (or added) */
  turnover: number;
  /** the qualifying deposit (percent rules), null when none */
  deposit_id: number | null;
  deposit_no: string;
  deposit_amount: number;
  reason: string;
  reviewed_by: number | null;
  reviewer: string;
  reviewed_at: string;
  journal_id: number | null;
  created_at: string;
}

/** An activity with its rules (GET /admin/api/activities). */
export interface AdminActivity {
  id: number;
  type_id: number;
  type_name: string;
  title: string;
  banner: string;
  enabled: boolean;
  sort: number;
  created_at: string;
  /** null: the activity takes no application */
  rules: ActivityRulesForm | null;
  /** describeRules, '' without rules */
  rules_text: string;
  /** applications waiting for review */
  pending: number;
}
