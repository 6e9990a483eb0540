import { fenOfYuan, fenToYuan, formatYuan, redPacketDrawsEarned, type RedPacketRuleRow, type UserRedPacket } from '@app/contract';

/**
 * What /hongbao says about the rules, all of it generated from GET /api/userredpacket (the staff set
 * the window, the tiers and the turnover multiple in the console): no number on the screen is
 * written here.
 */

const yuan = (v: number) => `¥${formatYuan(v)}`;

/** A tier's thresholds in words: 存款满 ¥100 且昨日流水满 ¥1,000.00 (0 means no requirement). */
export function tierCondition(t: Pick<RedPacketRuleRow, 'recharge' | 'day_flow'>): string {
  const parts: string[] = [];
  if (t.recharge > 0) parts.push(`存款满 ${yuan(t.recharge)}`);
  if (t.day_flow > 0) parts.push(`昨日流水满 ${yuan(t.day_flow)}`);
  return parts.join(' 且 ');
}

/** The counting window in words: 前一日 12:00 至当日 10:00. */
export function countingWindow(d: Pick<UserRedPacket, 'start_time' | 'end_time'>): string {
  return `前一日 ${d.end_time} 至当日 ${d.start_time}`;
}

/** The rules text (活动规则), one line per rule. */
export function ruleLines(d: UserRedPacket): string[] {
  const flow = d.rules[0]?.flow_money ?? 0;
  return [
    `活动时间：每日 ${d.start_time}–${d.end_time}（北京时间），活动期间可随时领取。`,
    `计入存款：${countingWindow(d)} 审核到账的存款合计；昨日流水：前一日（北京时间 00:00–23:59）的有效投注。`,
    ...d.rules.map((t) => `${tierCondition(t)}，每日可领 ${t.draws} 次，每个红包 ${yuan(t.min_money)}–${yuan(t.max_money)}。`),
    `同时满足多档时按可领次数最多的一档计算，每人每日最多领取 ${d.max_times} 次。`,
    flow > 0 ? `红包即时存入中心钱包，需完成红包金额 ${flow} 倍的流水后方可提现。` : '红包即时存入中心钱包，无需流水即可提现。',
    '每日红包总额有限，派完即止；未使用的次数当日有效，次日重新计算。',
  ];
}

export interface TierView {
  row: RedPacketRuleRow;
  /** the member's figures meet it */
  met: boolean;
  /** the tier its draws come from */
  current: boolean;
  /** what is missing, in words ('' when met) */
  missing: string;
}

/**
 * The tiers against the member's own figures: which it meets, the one its draws come from (the same
 * contract rule the server draws by) and, for the others, what is still missing.
 */
export function tierViews(d: UserRedPacket): TierView[] {
  const { tier } = redPacketDrawsEarned(
    { start_time: d.start_time, end_time: d.end_time, max_times: d.max_times, daily_budget: 0, turnover_multiple: 0, tiers: d.rules },
    { rechargeFen: fenOfYuan(d.recharge), dayFlowFen: fenOfYuan(d.day_flow) },
  );
  return d.rules.map((row) => {
    const lackRecharge = fenToYuan(Math.max(0, fenOfYuan(row.recharge) - fenOfYuan(d.recharge)));
    const lackFlow = fenToYuan(Math.max(0, fenOfYuan(row.day_flow) - fenOfYuan(d.day_flow)));
    const missing = [lackRecharge > 0 ? `存款 ${yuan(lackRecharge)}` : '', lackFlow > 0 ? `流水 ${yuan(lackFlow)}` : ''].filter(Boolean).join('、');
    return { row, met: !missing, current: tier === row, missing: missing && `还差${missing}` };
  });
}

/** Draws a day the member's tier gives (capped by max_times), 0 without a tier. */
export function drawsEarned(views: TierView[], maxTimes: number): number {
  const current = views.find((v) => v.current);
  return current ? Math.min(current.row.draws, maxTimes) : 0;
}

/** The first tier not met that would give more draws than today's, or null (the hint under the figures). */
export function nextTier(views: TierView[], maxTimes: number): TierView | null {
  const earned = drawsEarned(views, maxTimes);
  return views.find((v) => !v.met && Math.min(v.row.draws, maxTimes) > earned) ?? null;
}
