/**
 * The finance desk: categories of manual adjustments, maker–checker approvals of
 * large adjustments and receiving-account changes, and USDT payout confirmation. Shared by the server
 * and the console; no zod here (the request schemas are in finance-desk.schemas.ts).
 */
import { fmt } from '../shared/messages.js';
import { fenOfYuan, yuanToFen } from '../shared/money.js';
import { ADMIN_LIMITS } from '../shared/constants.js';

/** What a manual adjustment is for: 奖金, 补偿, 更正. Told to the member in the mail. */
export const ADJUST_CATEGORIES = ['bonus', 'compensation', 'correction'] as const;
export type AdjustCategory = (typeof ADJUST_CATEGORIES)[number];
export const ADJUST_CATEGORY_LABELS: Record<AdjustCategory, string> = { bonus: '奖金', compensation: '补偿', correction: '更正' };

/** Changes that one staff member asks for and a second one approves. */
export const APPROVAL_KINDS = ['member.adjust', 'receiving.create', 'receiving.update'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  'member.adjust': '大额余额调整',
  'receiving.create': '新增收款账户',
  'receiving.update': '修改收款账户',
};
/** 0 waiting for a second staff member, 1 approved (applied), 2 rejected. */
export const APPROVAL_STATE_LABELS: Record<number, string> = { 0: '待复核', 1: '已通过', 2: '已拒绝' };

export const FINANCE_DESK_MSG = {
  adjustCategory: '请选择调整类别（奖金、补偿或更正）',
  adjustMailTitle: '账户余额调整通知',
  /** the member's mail: the signed amount, the category and the staff's reason */
  adjustMailCredit: '您的账户已加款{amount}元（类别：{category}）。原因：{reason}',
  adjustMailDebit: '您的账户已扣款{amount}元（类别：{category}）。原因：{reason}',
  approvalRequested: '已提交复核，需另一位员工审批后生效',
  approvalMissing: '复核申请不存在',
  approvalDone: '该申请已处理',
  approvalOwn: '不能审批自己提交的申请',
  approvalApproved: '复核通过，已生效',
  approvalRejected: '已拒绝该申请',
  approvalReason: '请填写拒绝原因（最多{max}字）',
  thresholdInvalid: '复核门槛须为0~{max}元的金额，最多两位小数',
  txidInvalid: '请填写正确的交易哈希（TXID）：64位十六进制字符，ERC20可带0x前缀',
} as const;

/** A payout's transaction hash: TRC20 64 hex, ERC20 0x + 64 hex. */
export const USDT_TXID_RE = /^(0x)?[0-9a-fA-F]{64}$/;

export function txidFailure(txid: unknown): string | null {
  return typeof txid === 'string' && USDT_TXID_RE.test(txid.trim()) ? null : FINANCE_DESK_MSG.txidInvalid;
}

/** The review threshold: yuan, 0–adjustMaxYuan, ≤ 2 decimals. */
export function thresholdFailure(value: unknown): string | null {
  const fen = yuanToFen(value);
  return fen === null || fen < 0 || fen > fenOfYuan(ADMIN_LIMITS.adjustMaxYuan) ? fmt(FINANCE_DESK_MSG.thresholdInvalid, { max: ADMIN_LIMITS.adjustMaxYuan }) : null;
}

export function adjustCategoryFailure(category: unknown): string | null {
  return (ADJUST_CATEGORIES as readonly unknown[]).includes(category) ? null : FINANCE_DESK_MSG.adjustCategory;
}

/** An adjustment whose size (either way) is above the threshold waits for a second staff member. */
export const adjustNeedsApproval = (amountFen: number, thresholdFen: number) => Math.abs(amountFen) > thresholdFen;

/** The default threshold of a fresh install: adjustments above 5,000 yuan need a second approval. */
export const ADJUST_REVIEW_DEFAULT_YUAN = 5000;

/** GET /admin/api/finance-settings. */
export interface FinanceSettings {
  /** adjustments above this many yuan (either way) need a second staff member's approval */
  adjust_review_threshold: number;
}

/** One row of GET /admin/api/approvals. */
export interface AdminApproval {
  id: number;
  kind: ApprovalKind;
  kind_label: string;
  /** what it changes, for people: the member's name or the account */
  target: string;
  /** a one-line reading of the request */
  summary: string;
  payload: Record<string, unknown>;
  state: number;
  state_label: string;
  maker_id: number;
  maker_name: string;
  checker_name: string | null;
  reason: string;
  created_at: string;
  decided_at: string | null;
}

/** What a route that may need approval answers: either applied, or waiting with its request id. */
export interface ApprovalPending {
  approval_id: number;
  pending: true;
}

/** Rows of each list in a withdrawal's review context (recent orders, shared cards and IPs, days). */
export const REVIEW_CONTEXT_LIMITS = { recent: 5, shared: 20, days: 14 } as const;

/** One other member sharing something with the withdrawing one. */
export interface SharedMember {
  member_id: number;
  username: string;
  /** card: the same bank card number; usdt: the same USDT address; ip: signed in from the same IP */
  kind: 'card' | 'usdt' | 'ip';
  kind_label: string;
  /** the shared card number or address (masked without members.cards: the field is bank_no) or the IP */
  bank_no?: string;
  type?: number;
  ip?: string;
}

/** GET /admin/api/withdrawals/:id/context: what a finance person decides a withdrawal on. */
export interface WithdrawalContext {
  member: { id: number; username: string; realname: string; vip: number; created_at: string; balance: number; turnover_req: number };
  deposits: { approved_count: number; approved_total: number; pending_count: number; recent: { deposit_no: string; amount: number; state_text: string; created_at: string }[] };
  withdrawals: { approved_count: number; approved_total: number; pending_count: number; pending_total: number; recent: { withdraw_no: string; amount: number; pay_way: string; state_text: string; created_at: string }[] };
  /** approved deposits minus approved withdrawals, yuan */
  net_in: number;
  /**
   * 打码量 per Beijing day (newest first): the requirement approved deposits added (1×) against the
   * valid bets that wore it down; bonuses and adjustments with a multiple add to the remaining figure
   * (member.turnover_req) without a per-day line.
   */
  turnover: { day: string; required: number; valid_bets: number }[];
  /** 对冲占比 over HEDGE_WINDOW_DAYS from the daily bet rows: stake placed on opposite sides of one round ÷ all stake */
  hedge: { days: number; stake: number; hedged: number; share: number; flagged: boolean };
  shared: SharedMember[];
}

// ---- the audit log, read by people -------------------------------------------

/** What an audit row's target kind (the part before ':') is called on screen. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  member: '会员',
  deposit: '存款订单',
  withdrawal: '取款订单',
  staff: '员工',
  receiving: '收款账户',
  paymethod: '支付方式',
  approval: '复核申请',
  finance: '复核门槛',
  activity: '活动',
  activity_type: '活动类型',
  application: '活动申请',
  upload: '图片',
  banner: '轮播图',
  notice: '公告',
  article: '文章',
  game: '游戏',
  venue: '场馆',
  provider: '游戏供应商',
  lottery: '彩票',
  lottery_room: '彩票房间',
  chat: '聊天消息',
  agent: '代理',
  agent_application: '代理申请',
  commission: '佣金',
  statement: '佣金记录',
  site: '站点设置',
  mail: '站内信',
  campaign: '站内信群发',
  redpacket: '红包规则',
  vip: 'VIP等级',
  transfer: '转账',
  conversation: '客服会话',
};

/** The most rows one CSV export of the audit log carries (a narrower date range reads the rest). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
export const AUDIT_MSG = { exportTooMany: '导出超过{max}条，请缩小日期范围或筛选条件' } as const;
