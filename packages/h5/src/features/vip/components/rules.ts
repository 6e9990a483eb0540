import { VIP_LEVELS } from '@app/contract';

/**
 * The rules text of /vip (spec §4 VIP rules, §9). It promises only what modules/vip and
 * modules/rebate do (README: VIP, Rebate): change it together with them.
 */
export const VIP_RULES: string[] = [
  `会员等级共 ${VIP_LEVELS} 级，新会员自 VIP1 起步。`,
  '晋级需同时达到下一等级的累计存款与流水要求，逐级晋升，不可跨级；每个自然日（北京时间）等级最多变动一次。',
  '首次晋升至某一等级可获该等级的晋级礼金（如有），礼金完成 1 倍流水即可提现。',
  '保级：自最近一次等级变动起每 90 天为一个考核周期，周期内有效投注未达到当前等级的保级流水，将降低一级（VIP1 不降级）；降级后须在新周期内达到该等级的保级流水方可恢复。',
  '返水按北京时间每日 00:00–23:59 的有效投注计算，于次日 24 小时内发放至返水中心，需手动领取。',
  '返水只需完成 1 倍流水即可提现。',
];
