/**
 * 数据概览 and 报表 in the console: the figures a day is read by, their
 * Chinese labels, the date-range rule and the report columns, one home for the server and the console.
 * No zod here: see reports.schemas.ts.
 *
 * Days are Beijing days. Money is yuan on the wire (integer fen in the database). Definitions:
 * - deposits: approved deposits by the day they were approved (credited); withdrawals: paid withdrawals
 *   by the day they were paid; net cash = deposits − withdrawals.
 * - bets: settled venue bet records by the day the bet was placed, and settled lottery orders by the
 *   day they were placed; GGR = stakes − payouts (the house's win).
 * - NGR = GGR − bonuses (promotion bonuses + VIP level-up bonuses) − rebates paid − red packets −
 *   agent commission paid. Manual adjustments are shown on their own and are not part of NGR.
 * - active members: members (trial accounts excluded) with a settled bet, a lottery order or a login
 *   that day; a month's active members are the distinct members active on any of its days.
 */
import { beijingToday, dayNumber } from '../shared/time.js';

export const REPORTS_LIMITS = {
  /** the longest date range a chart or a report reads */
  maxRangeDays: 366,
  /** the dashboard chart's default range: the last 30 days, today included */
  defaultRangeDays: 30,
} as const;

export const REPORTS_MSG = {
  badDate: '日期格式应为 YYYY-MM-DD',
  rangeOrder: '开始日期不能晚于结束日期',
  rangeTooLong: `日期范围不能超过${REPORTS_LIMITS.maxRangeDays}天`,
  future: '结束日期不能晚于今天',
  kind: '报表类型无效',
  rolled: '已重新统计',
} as const;

/** The first failure of a date range (from ≤ to ≤ today, at most maxRangeDays days), or null. */
export function reportRangeFailure(from: string, to: string, today: string = beijingToday()): string | null {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) return REPORTS_MSG.badDate;
  if (a > b) return REPORTS_MSG.rangeOrder;
  if (b - a + 1 > REPORTS_LIMITS.maxRangeDays) return REPORTS_MSG.rangeTooLong;
  if (b > (dayNumber(today) ?? b)) return REPORTS_MSG.future;
  return null;
}

/** One period's figures (today, yesterday, this month, or one day of the chart). */
export interface DayFigures {
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  net_cash: number;
  bets: number;
  valid_bets: number;
  bet_count: number;
  ggr: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  commission: number;
  ngr: number;
  adjustments: number;
  new_members: number;
  first_deposit_count: number;
  first_deposits: number;
  active_members: number;
}

export interface GgrSlice {
  key: string;
  label: string;
  valid_bets: number;
  ggr: number;
}

export interface PeriodFigures extends DayFigures {
  /** first and last day of the period */
  from: string;
  to: string;
  by_category: GgrSlice[];
  by_venue: GgrSlice[];
}

export interface DaySeriesPoint extends DayFigures {
  day: string;
}

export interface Dashboard {
  today: PeriodFigures;
  yesterday: PeriodFigures;
  month: PeriodFigures;
  series: DaySeriesPoint[];
  from: string;
  to: string;
  /** when the figures were read, Beijing time */
  generated_at: string;
}

export const FIGURE_LABELS: Record<keyof DayFigures, string> = {
  deposits: '存款',
  deposit_count: '存款笔数',
  withdrawals: '取款',
  withdrawal_count: '取款笔数',
  net_cash: '净入金',
  bets: '投注额',
  valid_bets: '有效投注',
  bet_count: '注单数',
  ggr: '毛利(GGR)',
  bonuses: '彩金',
  rebates: '返水',
  red_packets: '红包',
  commission: '代理佣金',
  ngr: '净利(NGR)',
  adjustments: '人工调整',
  new_members: '新增会员',
  first_deposit_count: '首存人数',
  first_deposits: '首存金额',
  active_members: '活跃会员',
};

/** The in-house lottery as a venue of the reports (its orders never pass through a venue). */
export const LOTTERY_VENUE = 'lottery';
export const LOTTERY_VENUE_LABEL = '彩票（自营）';

export const REPORT_KINDS = ['finance', 'bets', 'lottery', 'costs'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_LABELS: Record<ReportKind, string> = {
  finance: '每日财务',
  bets: '场馆与游戏投注',
  lottery: '彩票盈亏',
  costs: '活动与返水成本',
};

/** The columns of each report, in order: the console's table and the CSV file use the same list. */
export const REPORT_COLUMNS = {
  finance: [
    ['day', '日期'],
    ['deposits', '存款'],
    ['deposit_count', '存款笔数'],
    ['withdrawals', '取款'],
    ['withdrawal_count', '取款笔数'],
    ['net_cash', '净入金'],
    ['bonuses', '彩金'],
    ['rebates', '返水'],
    ['red_packets', '红包'],
    ['commission', '代理佣金'],
    ['adjustments', '人工调整'],
  ],
  bets: [
    ['venue_label', '场馆'],
    ['category_label', '分类'],
    ['game', '游戏'],
    ['bet_count', '注单数'],
    ['bets', '投注额'],
    ['valid_bets', '有效投注'],
    ['payouts', '派彩'],
    ['ggr', '毛利(GGR)'],
  ],
  lottery: [
    ['lottery_title', '彩种'],
    ['order_count', '注单数'],
    ['stakes', '投注额'],
    ['valid_bets', '有效投注'],
    ['payouts', '派彩'],
    ['profit', '盈亏'],
  ],
  costs: [
    ['day', '日期'],
    ['promotions', '活动彩金'],
    ['vip_bonuses', 'VIP晋级礼金'],
    ['rebates', '返水'],
    ['red_packets', '红包'],
    ['commission', '代理佣金'],
    ['total', '合计'],
  ],
} as const satisfies Record<ReportKind, ReadonlyArray<readonly [string, string]>>;

export interface FinanceRow {
  day: string;
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  net_cash: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  commission: number;
  adjustments: number;
}
export interface BetsRow {
  venue: string;
  venue_label: string;
  category: string;
  category_label: string;
  game: string;
  bet_count: number;
  bets: number;
  valid_bets: number;
  payouts: number;
  ggr: number;
}
export interface LotteryRow {
  lottery: string;
  lottery_title: string;
  order_count: number;
  stakes: number;
  valid_bets: number;
  payouts: number;
  profit: number;
}
export interface CostsRow {
  day: string;
  promotions: number;
  vip_bonuses: number;
  rebates: number;
  red_packets: number;
  commission: number;
  total: number;
}
export interface ReportRows {
  finance: FinanceRow;
  bets: BetsRow;
  lottery: LotteryRow;
  costs: CostsRow;
}

/** A report over a range: its rows and the totals row (numeric columns summed). */
export interface Report<K extends ReportKind = ReportKind> {
  kind: K;
  from: string;
  to: string;
  rows: ReportRows[K][];
  total: Partial<ReportRows[K]>;
}
