// Modules of their own (see account/pay-password.ts): the rebate centre's and VIP's texts stay out of the
// member app's first paint.
/**
 * 返水中心 (spec §5, modules/rebate): apart from MSG so the member app's first paint does not carry
 * them (its /fanshui screen and the API read them).
 */
export const REBATE_MSG = {
  nothing: '暂无领取额度！',
  claimed: '领取成功',
  /** a claim's state in the account details (type 5) */
  claimedState: '已到账',
  claimRemark: '返水中心领取 {n} 笔',
} as const;

/**
 * VIP (spec §4 VIP rules, modules/vip): apart from MSG so the member app's first paint does not carry
 * them (the server's level-up mails read them).
 */
export const VIP_MSG = {
  levelUpMailTitle: '恭喜晋级VIP{level}',
  levelUpMailContent: '恭喜您晋级为VIP{level}，尊享更高返水比例。',
  levelUpBonusMailContent: '恭喜您晋级为VIP{level}，晋级礼金{amount}元已发放至中心钱包，需完成1倍流水方可提现。',
} as const;
