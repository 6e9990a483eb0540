/**
 * Deposits, withdrawals, transfers and account records (spec §3–§5, §7 wallet; DESIGN §5–§6):
 * the states, wire values, USDT arithmetic and form rules shared by the server and every client.
 */
import { LIMITS } from '../shared/constants.js';
import { fmt, MSG } from '../shared/messages.js';
import { fenOfYuan, yuanToFen } from '../shared/money.js';
import type { Rule } from '../shared/rules.js';
import { CARD_TYPE, type CardType, type PayMethod, type UsdtNetwork } from '../account/cards.js';

/**
 * Account-detail types of /api/gettransrecord (spec §9). 3 = into a venue, 4 = out of a venue,
 * 5 = a rebate claim (dofanshui: one ledger journal into the central wallet).
 */
/**
 * 账户明细 types (POST /api/gettransrecord `type`). 1–4 are the spec's, listed from the orders (with
 * their states); 5 the rebate claims. 0 全部 and 6–10 list the central wallet's own movements from the
 * ledger, each with the balance after it, so a member can follow every fen (WALLET_MOVEMENTS).
 */
export const TRANS_TYPE = { all: 0, deposit: 1, withdrawal: 2, transferIn: 3, transferOut: 4, rebate: 5, lottery: 6, bonus: 7, redPacket: 8, commission: 9, adjustment: 10 } as const;
export type TransType = (typeof TRANS_TYPE)[keyof typeof TRANS_TYPE];
export const TRANS_TYPE_LABELS: Record<TransType, string> = {
  0: '全部',
  1: '存款',
  2: '取款',
  3: '转入',
  4: '转出',
  5: '返水',
  6: '彩票',
  7: '优惠礼金',
  8: '红包',
  9: '佣金',
  10: '人工调整',
};
/** The order in which the app offers the types (全部 first). */
export const TRANS_TYPE_ORDER: readonly TransType[] = [0, 1, 2, 3, 4, 6, 7, 8, 5, 9, 10];

/**
 * What each ledger journal kind that touches a member's central wallet reads as in 账户明细, and
 * the type it is listed under. A kind missing here still shows (as 其他) in 全部.
 */
export const WALLET_MOVEMENTS: Record<string, { label: string; type: TransType }> = {
  deposit: { label: '存款', type: 1 },
  withdraw_hold: { label: '取款', type: 2 },
  withdraw_refund: { label: '取款退回', type: 2 },
  transfer_in: { label: '转入场馆', type: 3 },
  transfer_refund: { label: '转入失败退回', type: 3 },
  transfer_out: { label: '场馆转出', type: 4 },
  rebate: { label: '返水', type: 5 },
  lottery_stake: { label: '彩票投注', type: 6 },
  lottery_payout: { label: '彩票派奖', type: 6 },
  promotion_bonus: { label: '活动礼金', type: 7 },
  vip_bonus: { label: 'VIP晋级礼金', type: 7 },
  red_packet: { label: '红包', type: 8 },
  commission: { label: '佣金', type: 9 },
  adjustment: { label: '人工调整', type: 10 },
  trial_funding: { label: '试玩体验金', type: 7 },
  trial_reset: { label: '试玩余额回收', type: 10 },
  // seamless play spends the central wallet directly: listed under 全部 only
  seamless_bet: { label: '游戏投注', type: 0 },
  seamless_win: { label: '游戏派彩', type: 0 },
  seamless_rollback: { label: '投注撤销', type: 0 },
};
/** The ledger-listed types (0 and 6–10) and the journal kinds each one reads. */
export const LEDGER_TRANS_TYPES: readonly TransType[] = [0, 6, 7, 8, 9, 10];
export function walletKindsOf(type: TransType): string[] {
  return Object.entries(WALLET_MOVEMENTS)
    .filter(([, m]) => m.type === type)
    .map(([kind]) => kind);
}

/** Deposit and withdrawal order states (types 1, 2). */
export const ORDER_STATE = { undefined: 0, pending: 1, approved: 2, rejected: 3 } as const;
export const ORDER_STATE_LABELS: Record<number, string> = { 0: '未定义', 1: '待审核', 2: '已通过', 3: '已拒绝' };

/**
 * A deposit order not paid within its payment window (TIMING.paymentWindowMin from created_at, the
 * /payInfo countdown) expires: it closes like a rejected one (state 3, so every client reads it as
 * closed without credit), with its own texts, and staff can no longer approve it. Bank-transfer
 * orders are sent after paying (with the payer's card) and wait for review without a window.
 */
export const DEPOSIT_EXPIRY = {
  /** the state text in the record lists and the console */
  label: '已超时',
  /** /payInfo's title once the window is over */
  title: '订单已超时',
  /** the order's reason (the record's remark) */
  remark: '超时未支付，订单已关闭',
} as const;

/** A deposit order's state text: 已超时 for an expired one, else its state's label. */
export function depositStateText(state: number, expired: boolean): string {
  return expired ? DEPOSIT_EXPIRY.label : (ORDER_STATE_LABELS[state] ?? '');
}

/** Whether orders of this pay method expire at the end of the payment window (all but bank transfers). */
export function depositExpires(method: string): boolean {
  return method !== 'bank';
}

/** Transfer states (types 3, 4): a failed transfer has been refunded; pending waits for reconciliation. */
export const TRANSFER_STATE = { failed: 0, success: 1, pending: 2, undefined: 3 } as const;
export const TRANSFER_STATE_LABELS: Record<number, string> = { 0: '失败', 1: '成功', 2: '待结算', 3: '未定义' };

/** The synthetic central-wallet entry of /api/balancelist and the transfer pickers. */
export const PLATFORM_WALLET = { platname: 'userbalance', name: '平台钱包' } as const;

/** /withdrawal tabs: 1 USDT取款, 2 银行卡取款 (not the saved-card types, which are 1 bank, 2 USDT). */
export const WITHDRAW_TAB = { usdt: 1, bank: 2 } as const;
export type WithdrawTab = (typeof WITHDRAW_TAB)[keyof typeof WITHDRAW_TAB];

/** `paytype` of /api/recharge as the client sends it (WeChat travels as wxpay, spec §7). */
export const RECHARGE_PAYTYPES = ['bank', 'wxpay', 'alipay', 'usdt'] as const;
export type RechargePaytype = (typeof RECHARGE_PAYTYPES)[number];

/** The pay method of a recharge request; USDT needs its protocol (`catepay`, default TRC20). */
export function payMethodOf(paytype: RechargePaytype, catepay: UsdtNetwork = 'TRC20'): PayMethod {
  if (paytype === 'wxpay') return 'wechat';
  if (paytype === 'usdt') return catepay === 'ERC20' ? 'usdt-erc20' : 'usdt-trc20';
  return paytype;
}

/** The pay type /api/payinfo carries in its message (usdtpay for USDT, spec §7). */
export function payInfoType(method: PayMethod): string {
  if (method === 'wechat') return 'wxpay';
  if (method.startsWith('usdt')) return 'usdtpay';
  return method;
}

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  bank: '银行卡转账',
  wechat: '微信支付',
  alipay: '支付宝',
  'usdt-erc20': 'USDT-ERC20',
  'usdt-trc20': 'USDT-TRC20',
};

// ---- USDT arithmetic (spec §9: amount / rate, rounded down to 2 decimals; arrival = that − fee) ----

/** A yuan-per-USDT rate as an integer in 1/10000 (7.2 → 72000), so no float reaches the money. */
export function rateE4(rate: number): number {
  return Math.round(rate * 10_000);
}

/** USDT cents for an amount in fen at a rate: floor(amount / rate) to 2 decimals, in integers. */
export function usdtCentsFor(amountFen: number, rate: number): number {
  const r = rateE4(rate);
  if (!(r > 0) || !(amountFen > 0)) return 0;
  return Number((BigInt(amountFen) * 10_000n) / BigInt(r));
}

/** The withdrawal fee of a network in USDT (withdrawcashfee for ERC20, withdrawfeeusdttrc otherwise). */
export function usdtFee(network: UsdtNetwork, fees: { withdrawcashfee: number; withdrawfeeusdttrc: number }): number {
  return network === 'ERC20' ? fees.withdrawcashfee : fees.withdrawfeeusdttrc;
}

/** The three USDT lines of /withdrawal, in USDT with 2 decimals; arrival never below 0. */
export function usdtWithdrawalLines(amountYuan: number, rate: number, feeUsdt: number) {
  const fen = yuanToFen(amountYuan) ?? 0;
  const equivalentCents = usdtCentsFor(fen, rate);
  const feeCents = Math.round(feeUsdt * 100);
  return { equivalent: equivalentCents / 100, fee: feeCents / 100, arrival: Math.max(0, equivalentCents - feeCents) / 100 };
}

/** How a withdrawal is paid out, as account details show it: 银行卡, or USDT-<network>. */
export function withdrawalPayWay(cardType: CardType, network: string): string {
  return cardType === CARD_TYPE.usdt ? `USDT-${network}` : MSG.withdrawWayBank;
}

/** The USDT line of a withdrawal in account details: ≈ x USDT，手续费 y，到账 z (USDT cents in). */
export function usdtWithdrawalRemark(cents: { equivalent: number; fee: number; arrival: number }): string {
  const usdt = (c: number) => (c / 100).toFixed(2);
  return fmt(MSG.withdrawUsdtRemark, { equivalent: usdt(cents.equivalent), fee: usdt(cents.fee), arrival: usdt(cents.arrival) });
}

/** A staff rejection (deposit or withdrawal) needs a reason of 1–200 characters after trimming. */
export function reviewReasonFailure(reason: unknown): string | null {
  const length = typeof reason === 'string' ? [...reason.trim()].length : 0;
  if (length < 1 || length > LIMITS.reviewReasonMax) return fmt(MSG.reviewReasonRequired, { max: LIMITS.reviewReasonMax });
  return null;
}

// ---- form rules (spec §5, in its order) ------------------------------------------------------

export interface DepositBankForm {
  bank_owner: string;
  bank: string;
  bank_no: string;
  bank_address: string;
}
/** Bank deposit form: depositor name, bank type, card number, branch address. */
export const depositBankRules: Rule<DepositBankForm>[] = [
  [(v) => !v.bank_owner, MSG.depositPayerName, 'bank_owner'],
  [(v) => !v.bank, MSG.depositPayerBank, 'bank'],
  [(v) => !v.bank_no, MSG.depositPayerCardNo, 'bank_no'],
  [(v) => !v.bank_address, MSG.depositPayerBranch, 'bank_address'],
];

/** 请输入金额在{min}-{max}之间！ unless the amount (yuan) is a money value within the range. */
export function depositAmountFailure(amount: unknown, range: { min_price: number; max_price: number }): string | null {
  const fen = yuanToFen(amount);
  const minFen = fenOfYuan(range.min_price);
  const maxFen = fenOfYuan(range.max_price);
  if (fen === null || fen < minFen || fen > maxFen) return fmt(MSG.depositRange, { min: range.min_price, max: range.max_price });
  return null;
}

export interface WithdrawForm {
  /** the /withdrawal tab: decides which "choose a card" message is shown */
  type: WithdrawTab;
  /** the chosen card id, '' or 0 when none */
  bank: string | number;
  amount: string | number;
  password: string;
}
/** Card or address chosen, amount at least 100, payment password given (spec §5 withdrawal). */
export const withdrawRules: Rule<WithdrawForm>[] = [
  [(v) => !v.bank && v.type === WITHDRAW_TAB.usdt, MSG.withdrawChooseUsdt, 'bank'],
  [(v) => !v.bank, MSG.withdrawChooseBank, 'bank'],
  [(v) => (yuanToFen(v.amount) ?? 0) < fenOfYuan(LIMITS.withdrawMinYuan), MSG.withdrawMin, 'amount'],
  [(v) => !v.password, MSG.withdrawPassword, 'password'],
];

export interface TransferForm {
  amount: string | number;
  sourcetype: string;
  targettype: string;
}
/** Amount required, then one side must be the platform wallet (spec §5 transfer). */
export const transferRules: Rule<TransferForm>[] = [
  [(v) => v.amount === '' || v.amount === null || v.amount === undefined, MSG.transferAmountEmpty, 'amount'],
  [(v) => (yuanToFen(v.amount) ?? 0) <= 0, MSG.amountInvalid, 'amount'],
  [(v) => v.sourcetype !== PLATFORM_WALLET.platname && v.targettype !== PLATFORM_WALLET.platname, MSG.transferBetweenVenues, 'targettype'],
  [(v) => v.sourcetype === v.targettype, MSG.transferSameWallet, 'targettype'],
];
