/**
 * 会员360°视图 and 注单与转账 in the console: everything about one member on one page
 * (balances at the platform and at every venue, orders, transfers, bets, lottery orders, rebates and
 * bonuses, invited members, logins, the audit trail about the member), and staff lists of all bets,
 * lottery orders and transfers with a manual resolve of a pending transfer that asks the venue.
 * Wire shapes and Chinese messages; the zod schemas are in member360.schemas.ts.
 */
import type { AdminDeposit, AdminWithdrawal } from './staff.js';

export const MEMBER360_LIMITS = {
  /** rows of each paged list */
  pageSize: 20,
  /** the longest date range of a filter, in days */
  dayRangeMaxDays: 366,
  keywordMax: 32,
} as const;

export const MEMBER360_MSG = {
  dayRange: '请选择正确的日期范围',
  dayRangeMax: '日期范围最长{max}天',
  transferMissing: '转账订单不存在',
  /** the venue says it applied the transfer */
  resolvedSuccess: '场馆确认成功，已完成',
  /** the venue never applied it: money sent in goes back to the central wallet */
  resolvedFailedIn: '场馆确认失败，已退回中心钱包',
  /** the venue never applied a transfer out: the money stays at the venue */
  resolvedFailedOut: '场馆确认失败，资金仍在场馆',
  /** the venue did not answer (or is unknown): still pending */
  resolvedNoAnswer: '场馆暂无结果，请稍后再试',
  /** someone (the transfer itself, reconciliation, a colleague) settled it first */
  alreadySettled: '该转账已处理（{state}），无需再次处理',
} as const;

/** The journal kinds a member's 返水与彩金 list shows (ledger journals crediting or debiting the wallet). */
export const BONUS_JOURNAL_KINDS = ['rebate', 'vip_bonus', 'promotion_bonus', 'red_packet', 'adjustment', 'commission'] as const;
export const BONUS_KIND_LABELS: Record<(typeof BONUS_JOURNAL_KINDS)[number], string> = {
  rebate: '返水',
  vip_bonus: 'VIP晋级礼金',
  promotion_bonus: '活动彩金',
  red_packet: '红包',
  adjustment: '人工调整',
  commission: '代理佣金',
};

export const TRANSFER_DIRECTION_LABELS: Record<number, string> = { 3: '转入场馆', 4: '转出场馆' };

/** GET /admin/api/members/:id/overview */
export interface Member360Overview {
  member: {
    id: number;
    username: string;
    realname: string;
    vip: number;
    state: number;
    is_trial: boolean;
    isagent: number;
    mobile: string;
    email: string;
    register_ip: string;
    last_login_ip: string;
    last_login_at: string;
    created_at: string;
    inviter_id: number | null;
    inviter_name: string;
    turnover_req: number;
  };
  /** the central wallet, yuan */
  wallet: number;
  /** every enabled venue; balance null when the venue did not answer */
  venues: { code: string; name: string; balance: number | null }[];
  totals: {
    deposits: number;
    deposit_count: number;
    withdrawals: number;
    withdrawal_count: number;
    bet_count: number;
    valid_bets: number;
    bet_win_loss: number;
    lottery_count: number;
    lottery_stake: number;
    lottery_win_loss: number;
    bonuses: number;
    invitees: number;
    pending_transfers: number;
  };
}

export type Member360Deposit = AdminDeposit;
export type Member360Withdrawal = AdminWithdrawal;

/** A transfer between the central wallet and a venue (member 360 and the staff list). */
export interface AdminTransferRow {
  id: number;
  order_no: string;
  member_id: number;
  username: string;
  venue: string;
  venue_name: string;
  /** TRANS_TYPE: 3 into the venue, 4 out of it */
  direction: number;
  direction_label: string;
  amount: number;
  /** TRANSFER_STATE */
  state: number;
  state_label: string;
  error: string;
  attempts: number;
  created_at: string;
  settled_at: string;
}

/** A venue bet as the platform recorded it (bet_records). */
export interface AdminBetRow {
  id: number;
  venue: string;
  venue_name: string;
  bet_id: string;
  member_id: number;
  username: string;
  game_name: string;
  category: string;
  bet: number;
  valid: number;
  win_loss: number;
  /** BET_STATUS */
  status: number;
  status_label: string;
  bet_at: string;
  settled_at: string;
}

/** One line of a lottery order. */
export interface AdminLotteryOrderRow {
  id: number;
  order_no: string;
  line: number;
  member_id: number;
  username: string;
  lottery: string;
  lottery_title: string;
  expect: string;
  play_id: string;
  play_title: string;
  odds: number;
  stake: number;
  payout: number;
  /** BET_STATUS */
  status: number;
  status_label: string;
  created_at: string;
  settled_at: string;
}

/** A rebate, bonus, red packet, commission or manual adjustment on the member's wallet. */
export interface MemberBonusRow {
  journal_id: number;
  kind: string;
  kind_label: string;
  memo: string;
  amount: number;
  created_at: string;
}

export interface MemberInviteeRow {
  id: number;
  username: string;
  vip: number;
  state: number;
  deposits: number;
  created_at: string;
  last_login_at: string;
}

/** A sign-in of the member (a session): when, from where, on what. */
export interface MemberLoginRow {
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
  ended: boolean;
}

export interface MemberAuditRow {
  id: number;
  action: string;
  action_label: string;
  staff_name: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: string;
}

/** POST /admin/api/transfers/:id/resolve */
export interface TransferResolveAnswer {
  outcome: 'succeeded' | 'failed' | 'no_answer' | 'already';
  transfer: AdminTransferRow;
}

/** GET /admin/api/bets/options */
export interface BetListOptions {
  venues: { code: string; name: string }[];
  lotteries: { code: string; title: string }[];
}

/** Query shapes the console sends (the staff lists' filters). */
export interface BetListFilter {
  keyword: string;
  from: string;
  to: string;
  status: number | '';
  venue: string;
  page: number;
}
export interface LotteryOrderFilter {
  keyword: string;
  from: string;
  to: string;
  status: number | '';
  lottery: string;
  page: number;
}
export interface TransferListFilter {
  keyword: string;
  from: string;
  to: string;
  state: number | '';
  venue: string;
  page: number;
}
