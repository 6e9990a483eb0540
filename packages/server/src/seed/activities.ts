/**
 * Seeded promotions. `type` is the index into ACTIVITY_TYPES (the ids are assigned at insert);
 * content is the description and memo the rules, both HTML sanitized on write. Each promises only
 * what the platform does: `rules` are the application rules the server checks (contract
 * promotions.ts, money in yuan), null where the reward is paid by a feature of its own (VIP level-up
 * bonuses, red packets) and 立即申请 answers that no application is needed. The texts state the same
 * figures as the rules, the VIP tiers (seed/vip.ts) and the red-packet defaults (contract redpacket.ts).
 */
import { DEFAULT_REDPACKET_RULES as RP, type ActivityRulesForm } from '@app/contract';
import { VIP_TIERS } from './vip.js';

export const ACTIVITY_TYPES = ['限时活动', '新人首存', '日常活动'] as const;
export type ActivityTypeName = (typeof ACTIVITY_TYPES)[number];

export interface ActivitySeed {
  key: string;
  type: ActivityTypeName;
  title: string;
  content: string;
  /** the rules text; {ends} is replaced by the Beijing end time of a limited-time activity */
  memo: string;
  /** Days before the seed the activity was published. */
  ageDays: number;
  /** the application rules (ends_at is set from endsInDays), or null: no application */
  rules: Omit<ActivityRulesForm, 'ends_at'> | null;
  /** a limited-time activity closes this many days after the seed */
  endsInDays?: number;
  /** the headline figure its art shows, for an activity without rules (with rules: activityFigure) */
  figure?: string;
}

const fixed = { percent: 0, cap: 0 } as const;

// The VIP texts are written from the seeded tiers, so they cannot promise another bonus than is paid.
const yuan = (n: number) => n.toLocaleString('en-US');
const paidTiers = VIP_TIERS.filter((t) => t.levelupBonusYuan > 0);
const bonusList = paidTiers.map((t) => `VIP${t.level} ${yuan(t.levelupBonusYuan)}元`).join('、');
const topBonus = Math.max(...paidTiers.map((t) => t.levelupBonusYuan));
const totalBonus = paidTiers.reduce((sum, t) => sum + t.levelupBonusYuan, 0);

// The red-packet texts are written from the contract's default rules (what a fresh platform runs).
const redPacketTiers = RP.tiers
  .map((t) => [t.recharge > 0 ? `存款满${yuan(t.recharge)}元` : '', t.day_flow > 0 ? `前一日有效投注满${yuan(t.day_flow)}元` : ''].filter(Boolean).join('且') + `可抽${t.draws}次`)
  .join('；');
const redPacketRanges = RP.tiers.map((t) => `${t.draws}次档${yuan(t.min_money)}~${yuan(t.max_money)}元`).join('，');
export const redPacketTop = Math.max(...RP.tiers.map((t) => t.max_money));
const noWindow = { days: 0, min_amount: 0 } as const;
// One deposit backs one deposit bonus: the seeded percent bonuses do not stack (their texts say so).
const alone = { stack_with_others: false } as const;

export const ACTIVITIES: ActivitySeed[] = [
  {
    key: 'first-deposit',
    type: '新人首存',
    title: '新会员首存100%彩金',
    content:
      '<p>完成首次存款即可申请首存金额<b>100%</b>的彩金，最高<b>888元</b>！</p><p>首存到账后在本页点击“立即申请”，审核通过后彩金发放至中心钱包，并以站内信通知。</p>',
    memo:
      '<ol><li>活动对象：已完成首次存款（审核到账）的会员。</li><li>彩金为首笔到账存款金额的100%，单个会员最高888元。</li><li>彩金需完成10倍有效投注方可取款（存款本金另需完成1倍有效投注）。</li><li>每位会员仅可申请一次，首存彩金不与其他存款优惠同享，审核结果可在“活动申请记录”查看。</li><li>平台保留对本活动的最终解释权。</li></ol>',
    ageDays: 30,
    rules: { eligibility: 'first_deposit', ...noWindow, frequency: 'once', payout: 'deposit_percent', amount: 0, percent: 100, cap: 888, turnover_multiple: 10, auto_approve: false, ...alone },
  },
  {
    key: 'daily-deposit',
    type: '日常活动',
    title: '每日存款加赠10%',
    content: '<p>当日累计存款满<b>100元</b>，即可申请最近一笔存款<b>10%</b>的加赠彩金，最高<b>388元</b>，每天都能领！</p>',
    memo:
      '<ol><li>当日（北京时间00:00~23:59）审核到账的存款累计满100元即可申请。</li><li>彩金为当日最近一笔到账存款的10%，单次最高388元；同一笔存款仅可申请一次，且不与其他存款优惠（如首存彩金）同享。</li><li>每位会员每日限申请一次，审核通过后彩金发放至中心钱包。</li><li>彩金需完成5倍有效投注方可取款。</li></ol>',
    ageDays: 25,
    rules: { eligibility: 'min_deposit', days: 1, min_amount: 100, frequency: 'daily', payout: 'deposit_percent', amount: 0, percent: 10, cap: 388, turnover_multiple: 5, auto_approve: false, ...alone },
  },
  {
    key: 'daily-turnover',
    type: '日常活动',
    title: '每日投注奖励 满1,000元送8元',
    content: '<p>当日有效投注满<b>1,000元</b>，点击“立即申请”即可领取<b>8元</b>彩金，系统自动审核，即时到账！</p>',
    memo:
      '<ol><li>当日（北京时间00:00~23:59）已结算的有效投注累计满1,000元即可申请，所有游戏均计入。</li><li>每位会员每日限领取一次，彩金即时发放至中心钱包。</li><li>彩金需完成1倍有效投注方可取款。</li></ol>',
    ageDays: 20,
    rules: { eligibility: 'min_turnover', days: 1, min_amount: 1000, frequency: 'daily', payout: 'fixed', amount: 8, ...fixed, turnover_multiple: 1, auto_approve: true, ...alone },
  },
  {
    key: 'weekly-turnover',
    type: '日常活动',
    title: '每周投注奖励 满10,000元送58元',
    content: '<p>近7天有效投注满<b>10,000元</b>，每周可申请一次<b>58元</b>彩金，投注越多越划算！</p>',
    memo:
      '<ol><li>近7天（北京时间，含申请当天）已结算的有效投注累计满10,000元即可申请，所有游戏均计入。</li><li>每周（周一00:00至周日23:59）限申请一次，审核通过后彩金发放至中心钱包。</li><li>彩金需完成1倍有效投注方可取款。</li></ol>',
    ageDays: 18,
    rules: { eligibility: 'min_turnover', days: 7, min_amount: 10000, frequency: 'weekly', payout: 'fixed', amount: 58, ...fixed, turnover_multiple: 1, auto_approve: false, ...alone },
  },
  {
    key: 'loyal-reward',
    type: '日常活动',
    title: '老会员回馈 存款满5,000元送188元',
    content: '<p>近30天累计存款满<b>5,000元</b>，即可申请<b>188元</b>回馈彩金，感谢一路相伴！</p>',
    memo:
      '<ol><li>近30天（北京时间，含申请当天）审核到账的存款累计满5,000元即可申请。</li><li>每位会员仅可申请一次，审核通过后彩金发放至中心钱包。</li><li>彩金需完成3倍有效投注方可取款。</li></ol>',
    ageDays: 15,
    rules: { eligibility: 'min_deposit', days: 30, min_amount: 5000, frequency: 'once', payout: 'fixed', amount: 188, ...fixed, turnover_multiple: 3, auto_approve: false, ...alone },
  },
  {
    key: 'red-packet',
    type: '日常活动',
    title: `天天红包雨 ${RP.start_time}~${RP.end_time}开抢`,
    content: `<p>每天<b>${RP.start_time}~${RP.end_time}</b>（北京时间）开放抢红包，存款与投注越多，抽取次数越多，单个红包最高<b>${yuan(redPacketTop)}元</b>！</p><p>无需申请，在“抢红包”页面直接抽取。</p>`,
    memo:
      `<ol><li>抽取时间：每日${RP.start_time}~${RP.end_time}（北京时间）。</li><li>抽取资格按前一日${RP.end_time}至当日${RP.start_time}之间审核到账的存款与前一日有效投注计算：${redPacketTiers}；每日最多${RP.max_times}次。</li><li>红包金额随机：${redPacketRanges}。每日红包总额有限，发完即止。</li><li>红包即时发放至中心钱包，需完成${RP.turnover_multiple}倍有效投注方可取款；抽取记录可在“福利中心”查看。</li><li>具体时间、条件与金额以抢红包页面显示的规则为准。</li></ol>`,
    ageDays: 6,
    rules: null,
    figure: `最高${yuan(redPacketTop)}元`,
  },
  {
    key: 'sprint',
    type: '限时活动',
    title: '限时冲刺 3天投注满5,000元送88元',
    content: '<p>限时活动！近3天有效投注满<b>5,000元</b>，即可申请<b>88元</b>冲刺彩金，名额不限，截止前申请有效。</p>',
    memo:
      '<ol><li>活动截止：{ends}（北京时间），截止后不再受理申请。</li><li>近3天（北京时间，含申请当天）已结算的有效投注累计满5,000元即可申请，所有游戏均计入。</li><li>每位会员仅可申请一次，审核通过后彩金发放至中心钱包。</li><li>彩金需完成1倍有效投注方可取款。</li></ol>',
    ageDays: 3,
    endsInDays: 30,
    rules: { eligibility: 'min_turnover', days: 3, min_amount: 5000, frequency: 'once', payout: 'fixed', amount: 88, ...fixed, turnover_multiple: 1, auto_approve: false, ...alone },
  },
  {
    key: 'vip-upgrade',
    type: '日常活动',
    title: `VIP晋级礼金 单级最高${yuan(topBonus)}元`,
    content: `<p>每晋升一级即可获得对应的<b>晋级礼金</b>，VIP10单级最高<b>${yuan(topBonus)}元</b>，VIP2至VIP10累计<b>${yuan(totalBonus)}元</b>，更有逐级提升的专属返水。</p><p>晋级后礼金自动发放，无需申请。</p>`,
    memo:
      `<ol><li>晋级礼金：${bonusList}，每个等级仅发放一次。</li><li>晋级需同时满足累计存款与累计有效投注要求，每日最多晋升一级，不可跳级。</li><li>90天内有效投注未达到保级流水将降低一级。</li><li>礼金晋级后自动发放至中心钱包并以站内信通知，需完成1倍有效投注方可取款。</li><li>各等级要求与礼金以VIP页面为准。</li></ol>`,
    ageDays: 40,
    rules: null,
    figure: `最高${yuan(topBonus)}元`,
  },
];

/**
 * The headline figure of an activity, as its art shows it: what its rules pay (a deposit percent, or
 * a fixed bonus in yuan), or for an activity paid by a feature of its own the figure its texts state.
 */
export function activityFigure(a: Pick<ActivitySeed, 'rules' | 'figure'>): string {
  if (a.rules) return a.rules.payout === 'deposit_percent' ? `${a.rules.percent}%` : `${yuan(a.rules.amount)}元`;
  if (!a.figure) throw new Error('an activity without rules names its figure');
  return a.figure;
}

export function activityByKey(key: string): ActivitySeed {
  const a = ACTIVITIES.find((x) => x.key === key);
  if (!a) throw new Error(`no seeded activity ${key}`);
  return a;
}
