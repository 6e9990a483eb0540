/**
 * The back-office (DESIGN §9, §10): staff roles and what each may do, audit actions, the console's
 * form rules and the wire shapes of /admin/api. Shared by the server and the console; no zod here.
 */
import { fmt, MSG, ADMIN_MSG } from '../shared/messages.js';
import { fenOfYuan, yuanToFen } from '../shared/money.js';
import type { Rule } from '../shared/rules.js';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { USDT_ADDRESS_RE, type PayMethod } from '../account/cards.js';

export const STAFF_ROLES = ['super', 'finance', 'operations', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRole, string> = { super: '超级管理员', finance: '财务', operations: '运营', support: '客服' };

/** Every permission a back-office route can require, with what it means on screen. */
export const PERMISSION_LABELS = {
  'deposits.read': '查看存款订单',
  'deposits.review': '审核存款',
  'withdrawals.read': '查看取款订单',
  'withdrawals.review': '审核取款',
  'members.read': '查看会员',
  'members.cards': '查看完整卡号',
  'members.adjust': '调整会员余额',
  'members.state': '启用/停用会员',
  'payments.read': '查看支付设置',
  'payments.write': '修改支付设置',
  'ledger.check': '账本核对',
  'audit.read': '查看审计日志',
  'staff.manage': '员工管理',
  'lottery.read': '查看彩票房间与聊天',
  'lottery.chat': '聊天管理（删除消息、禁言、主持人发言）',
  'lottery.odds': '修改彩票赔率与房间设置（名称、开放、排序、每注限额）',
  'loyalty.read': '查看VIP与返水',
  'loyalty.manage': '修改VIP等级设置与会员等级',
  'promotions.read': '查看活动与申请',
  'promotions.review': '审核活动申请（发放彩金）',
  'promotions.manage': '管理活动（内容、规则、类型、图片）',
  'redpacket.read': '查看红包规则与领取记录',
  'redpacket.manage': '修改红包规则',
  'agents.read': '查看代理与代理申请',
  'agents.review': '审核代理申请',
  'agents.manage': '设置/取消会员代理资格',
  'commission.read': '查看代理佣金',
  'commission.review': '审核代理佣金',
  'commission.manage': '修改佣金方案',
  'content.read': '查看内容（轮播图、公告、帮助文章、游戏目录）',
  'content.manage': '管理内容（轮播图、公告、帮助文章、游戏目录）',
  'providers.read': '查看游戏供应商（密钥仅显示掩码）与接口健康',
  'providers.manage': '管理游戏供应商（新增、修改、开关与维护、轮换密钥）',
  'site.read': '查看站点设置',
  'site.manage': '修改站点设置（含维护模式）',
  'mail.read': '查看站内信',
  'mail.send': '发送站内信',
  'members.care': '会员服务（重置密码、解除锁定、会话、备注与标签）',
  'approvals.review': '复核他人提交的大额调整与收款账户修改',
  'finance.settings': '修改复核门槛',
  'bets.read': '注单查看',
  'transfers.resolve': '转账处理',
  'reports.read': '报表查看',
  'service.chat': '在线客服',
} as const;
export type Permission = keyof typeof PERMISSION_LABELS;
export const PERMISSIONS = Object.keys(PERMISSION_LABELS) as Permission[];

/**
 * The one role → permission table. Finance moves money (reviews, adjustments, where deposits are
 * paid to, promotion bonuses); operations runs the member base and the promotions' rules and may
 * look at orders and settings but changes no money and no receiving account; support answers
 * members (promotion applications included) and sees card numbers masked.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  super: PERMISSIONS,
  finance: [
    'deposits.read',
    'deposits.review',
    'withdrawals.read',
    'withdrawals.review',
    'members.read',
    'members.cards',
    'members.adjust',
    'approvals.review',
    'payments.read',
    'payments.write',
    'ledger.check',
    'audit.read',
    'loyalty.read',
    'promotions.read',
    'promotions.review',
    'redpacket.read',
    'agents.read',
    'commission.read',
    'commission.review',
    'site.read',
    'reports.read',
    'bets.read',
    'transfers.resolve',
  ],
  operations: ['deposits.read', 'withdrawals.read', 'members.read', 'members.state', 'payments.read', 'audit.read', 'lottery.read', 'lottery.chat', 'lottery.odds', 'loyalty.read', 'loyalty.manage', 'promotions.read', 'promotions.manage', 'redpacket.read', 'redpacket.manage', 'agents.read', 'agents.review', 'agents.manage', 'commission.read', 'commission.review', 'commission.manage', 'content.read', 'content.manage', 'providers.read', 'site.read', 'site.manage', 'mail.read', 'mail.send', 'service.chat', 'reports.read', 'bets.read'],
  support: ['members.read', 'lottery.read', 'lottery.chat', 'loyalty.read', 'promotions.read', 'redpacket.read', 'agents.read', 'commission.read', 'content.read', 'mail.read', 'members.care', 'service.chat', 'bets.read'],
};

export function roleCan(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS as Record<string, readonly Permission[] | undefined>)[role]?.includes(permission) ?? false;
}

/** What the audit log records; every route that changes something writes one of these. */
export const AUDIT_ACTION_LABELS = {
  'staff.login': '员工登录',
  'staff.logout': '员工退出',
  'staff.own_password': '修改本人密码',
  'deposit.approve': '存款审核通过',
  'deposit.reject': '存款审核拒绝',
  'withdrawal.approve': '取款审核通过（已出款）',
  'withdrawal.reject': '取款审核拒绝（已退回）',
  'member.adjust': '调整会员余额',
  'member.state': '修改会员状态',
  'member.paypass_unlock': '解除支付密码锁定',
  'paymethod.update': '修改支付方式',
  'receiving.create': '新增收款账户',
  'receiving.update': '修改收款账户',
  'bank.create': '新增绑卡银行',
  'bank.update': '修改绑卡银行（名称、是否提供）',
  'bank.order': '调整绑卡银行顺序',
  'staff.create': '新增员工',
  'staff.password': '重置员工密码',
  'staff.role': '修改员工角色',
  'staff.state': '修改员工状态',
  'staff.display_name': '修改员工显示名称',
  'chat.delete': '删除聊天消息',
  'chat.host': '主持人发言',
  'member.mute': '禁言会员',
  'member.unmute': '解除禁言',
  'lottery.odds': '修改彩票赔率',
  'lottery.room': '修改彩票房间',
  'lottery.room_create': '新增彩票房间',
  'lottery.settings': '修改彩种开奖周期、封盘时间或开关',
  'vip.tiers': '修改VIP等级设置',
  'member.vip': '调整会员VIP等级',
  'activity.approve': '活动申请通过（发放彩金）',
  'activity.reject': '活动申请拒绝',
  'activity.update': '修改活动（内容或规则）',
  'activity.create': '新增活动',
  'activity.state': '活动上架/下架',
  'activity.order': '调整活动排序',
  'activity_type.create': '新增活动类型',
  'activity_type.update': '修改活动类型',
  'activity_type.order': '调整活动类型排序',
  'upload.create': '上传图片',
  'redpacket.rules': '修改红包规则',
  'agent.approve': '代理申请通过',
  'agent.reject': '代理申请拒绝',
  'agent.grant': '设为代理',
  'agent.revoke': '取消代理资格',
  'commission.approve': '代理佣金审核通过（已发放）',
  'commission.reject': '代理佣金审核拒绝',
  'commission.plan': '修改佣金方案',
  'site.settings': '修改站点设置',
  'site.maintenance': '切换维护模式',
  'banner.create': '新增轮播图',
  'banner.update': '修改轮播图',
  'banner.delete': '删除轮播图',
  'notice.create': '新增公告',
  'notice.update': '修改公告',
  'notice.delete': '删除公告',
  'article.update': '修改帮助/关于文章',
  'game.update': '修改游戏目录',
  'game.create': '新增游戏入口',
  'venue.maintenance': '切换场馆维护',
  'provider.create': '新增游戏供应商',
  'provider.update': '修改游戏供应商',
  'provider.state': '切换游戏供应商状态',
  'provider.rotate_key': '轮换游戏供应商密钥',
  'mail.send': '发送站内信',
  'member.reset_password': '重置会员登录密码',
  'member.reset_paypass': '重置会员支付密码',
  'member.unlock_login': '解除会员登录锁定',
  'member.end_sessions': '结束会员会话',
  'member.note': '会员备注',
  'member.tags': '会员标签',
  'member.profile': '更正会员资料',
  'member.card_unbind': '解绑会员银行卡',
  'member.move_agent': '转移会员代理',
  'member.protection_limit': '收紧会员限额',
  'member.protection_block': '会员冷静期/自我排除',
  'staff.2fa_enable': '开启两步验证',
  'staff.2fa_disable': '关闭两步验证',
  'staff.2fa_reset': '重置员工两步验证',
  'staff.security': '修改员工安全设置',
  'approval.request': '提交复核申请',
  'approval.approve': '复核通过（已生效）',
  'approval.reject': '复核拒绝',
  'finance.settings': '修改复核门槛',
  'transfer.resolve': '人工处理转账',
  'reports.rollup': '重新统计报表',
  'service.claim': '接入客服会话',
  'service.transfer': '转接客服会话',
  'service.close': '结束客服会话',
  'service.canned': '修改快捷回复',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Ledger journal kinds as staff read them on a member's account entries (unknown kinds show as is). */
export const JOURNAL_KIND_LABELS: Record<string, string> = {
  deposit: '存款入账',
  withdraw_hold: '取款冻结',
  withdraw_pay: '取款出款',
  withdraw_refund: '取款退回',
  transfer_in: '转入场馆',
  transfer_out: '转出场馆',
  transfer_refund: '转账退回',
  adjustment: '人工调整',
  trial_funding: '试玩资金',
  lottery_stake: '彩票投注',
  lottery_payout: '彩票派奖',
  rebate: '返水领取',
  vip_bonus: '晋级礼金',
  promotion_bonus: '活动彩金',
  commission: '代理佣金',
};

/** The first staff account, created on first start (DESIGN §10). */
export const FIRST_ADMIN_USERNAME = 'admin';
/** A staff session ends after 12 hours unused. */
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const STAFF_USERNAME_RE = /^[A-Za-z0-9_]{3,32}$/;
export const MEMBER_STATE_LABELS: Record<number, string> = { 0: '已停用', 1: '正常' };
export const STAFF_STATE_LABELS: Record<number, string> = { 0: '已停用', 1: '正常' };

// ---- form rules: the console's forms and the server's schemas run the same lists ----------------


export const staffLoginRules: Rule<{ username: string; password: string }>[] = [[(v) => !v.username || !v.password, ADMIN_MSG.staffLoginFields]];

export function staffPasswordFailure(password: string): string | null {
  return password.length < ADMIN_LIMITS.passwordMin || password.length > ADMIN_LIMITS.passwordMax ? ADMIN_MSG.staffPassword : null;
}

export const staffCreateRules: Rule<{ username: string; password: string; role: string }>[] = [
  [(v) => !STAFF_USERNAME_RE.test(v.username), ADMIN_MSG.staffUsername],
  [(v) => staffPasswordFailure(v.password) !== null, ADMIN_MSG.staffPassword],
  [(v) => !(STAFF_ROLES as readonly string[]).includes(v.role), ADMIN_MSG.staffRole],
];

/** A manual adjustment: non-zero yuan with ≤ 2 decimals, within the cap. */
export function adjustAmountFailure(amount: unknown): string | null {
  const fen = yuanToFen(amount);
  if (fen === null || fen === 0) return ADMIN_MSG.adjustAmount;
  if (Math.abs(fen) > fenOfYuan(ADMIN_LIMITS.adjustMaxYuan)) return fmt(ADMIN_MSG.adjustAmountMax, { max: ADMIN_LIMITS.adjustMaxYuan });
  return null;
}

/** The optional turnover multiple of a credit: 0–100 with ≤ 2 decimals; a debit takes none. */
export function turnoverMultipleFailure(multiple: unknown, amount: unknown): string | null {
  if (multiple === undefined || multiple === null || multiple === '') return null;
  const e2 = yuanToFen(multiple);
  if (e2 === null || e2 < 0 || e2 > ADMIN_LIMITS.turnoverMultipleMax * 100) return fmt(ADMIN_MSG.adjustTurnover, { max: ADMIN_LIMITS.turnoverMultipleMax });
  if (e2 > 0 && (yuanToFen(amount) ?? 0) < 0) return ADMIN_MSG.adjustTurnoverDebit;
  return null;
}

/** The turnover requirement (fen) a credit adds: amount × multiple, rounded to the fen. */
export function turnoverForAdjustment(amountFen: number, multiple: number | undefined): number {
  if (!multiple || amountFen <= 0) return 0;
  const e2 = yuanToFen(multiple) ?? 0;
  return Math.round((amountFen * e2) / 100);
}

/** A pay method's deposit range: both positive money values, min not above max. */
export function payRangeFailure(min: unknown, max: unknown): string | null {
  const minFen = yuanToFen(min);
  const maxFen = yuanToFen(max);
  if (minFen === null || maxFen === null || minFen <= 0 || maxFen <= 0 || maxFen > fenOfYuan(ADMIN_LIMITS.payMaxYuan)) return MSG.amountInvalid;
  if (minFen > maxFen) return ADMIN_MSG.payRangeOrder;
  return null;
}

/** A QR-code image of a receiving account: a site path or an https address, nothing executable. */
export function imageUrlFailure(url: string): string | null {
  if (!url) return null;
  return /^(\/(?!\/)|https:\/\/)[^\s"'<>]*$/.test(url) && url.length <= ADMIN_LIMITS.imageUrlMax ? null : ADMIN_MSG.receivingImage;
}

export interface ReceivingAccountForm {
  method: PayMethod;
  bank_name: string;
  bank_no: string;
  bank_owner: string;
  bank_address: string;
  mch_id: string;
  content: string;
  payimg: string;
}
/** A receiving account names where members pay: bank details, a wallet account, or a USDT address. */
export const receivingAccountRules: Rule<ReceivingAccountForm>[] = [
  [(v) => v.method === 'bank' && (!v.bank_name || !v.bank_no || !v.bank_owner), ADMIN_MSG.receivingBankFields],
  [(v) => (v.method === 'wechat' || v.method === 'alipay') && (!v.bank_no || !v.bank_owner), ADMIN_MSG.receivingAccountFields],
  [(v) => v.method === 'usdt-trc20' && !USDT_ADDRESS_RE.TRC20.test(v.mch_id), MSG.usdtAddressInvalid],
  [(v) => v.method === 'usdt-erc20' && !USDT_ADDRESS_RE.ERC20.test(v.mch_id), MSG.usdtAddressInvalid],
  [(v) => imageUrlFailure(v.payimg) !== null, ADMIN_MSG.receivingImage],
];

// ---- wire shapes of /admin/api ------------------------------------------------------------------

export interface StaffLoginResult {
  token: string;
}
export interface StaffMe {
  id: number;
  username: string;
  role: StaffRole;
  role_label: string;
  permissions: Permission[];
  /** two-factor sign-in is on (security.ts) */
  totp_enabled: boolean;
  /** the operator requires it of this role and it is not on: nothing but enrolment until it is */
  totp_due: boolean;
  /** the password is a temporary one (set by another staff member, or generated): change it first */
  password_change_due: boolean;
}
/** A deposit order in the review queue and on a member's detail (money in yuan, Beijing times). */
export interface AdminDeposit {
  id: number;
  deposit_no: string;
  member_id: number;
  username: string;
  method: PayMethod;
  method_label: string;
  amount: number;
  /** USDT deposits: USDT to send and the rate used (yuan per USDT); 0 otherwise */
  usdt_amount: number;
  usdt_rate: number;
  payer_name: string;
  payer_bank: string;
  payer_bank_no: string;
  payer_bank_address: string;
  receiving_account_id: number | null;
  state: number;
  state_text: string;
  reason: string;
  reviewed_by: number | null;
  /** the reviewing staff member's name, '' while pending */
  reviewer: string;
  reviewed_at: string;
  journal_id: number | null;
  created_at: string;
}
/** A withdrawal in the review queue: the card snapshot (masked without members.cards) and USDT lines. */
export interface AdminWithdrawal {
  id: number;
  withdraw_no: string;
  member_id: number;
  username: string;
  card_id: number;
  /** 1 bank card, 2 USDT address */
  card_type: number;
  /** 银行卡 or USDT-<network> */
  pay_way: string;
  bank: string;
  bank_owner: string;
  bank_no: string;
  bank_address: string;
  amount: number;
  /** USDT withdrawals, in USDT: rate (yuan per USDT), equivalent, network fee, arrival; 0 otherwise */
  usdt_rate: number;
  usdt_amount: number;
  usdt_fee: number;
  usdt_arrival: number;
  /** a USDT payout's transaction hash, given at approval ('' otherwise) */
  txid: string;
  state: number;
  state_text: string;
  reason: string;
  reviewed_by: number | null;
  reviewer: string;
  reviewed_at: string;
  hold_journal_id: number | null;
  settle_journal_id: number | null;
  created_at: string;
}
export interface AdminMemberRow {
  id: number;
  username: string;
  realname: string;
  vip: number;
  balance: number;
  state: number;
  is_trial: boolean;
  last_login_at: string;
  created_at: string;
  /** Hedged stake ÷ stake over the last HEDGE_WINDOW_DAYS (0–1, 4 decimals; 0 without stake). */
  hedged_share: number;
  /** hedged_share above HEDGED_SHARE_FLAG: the list shows a 对冲 tag. */
  hedge_flagged: boolean;
}
/**
 * A member's hedging (contract wallet/turnover.ts): stake offset by opposite sides of the same round, over
 * the last `days` Beijing days (today included), in yuan.
 */
export interface AdminMemberHedge {
  days: number;
  stake: number;
  hedged: number;
  share: number;
  flagged: boolean;
  threshold: number;
}
export interface AdminLedgerEntry {
  id: number;
  journal_id: number;
  kind: string;
  memo: string;
  amount: number;
  created_at: string;
}
export interface AdminTransfer {
  id: number;
  order_no: string;
  venue: string;
  direction: number;
  amount: number;
  state: number;
  state_label: string;
  created_at: string;
}
export interface AdminCard {
  id: number;
  type: number;
  bank: string;
  bank_owner: string;
  bank_no: string;
  bank_address: string;
  deleted: boolean;
  created_at: string;
}
/** GET /admin/api/members/:id/pay-password: the member's payment password, never the secret itself. */
export interface AdminPayPassword {
  /** 0 none set yet, 1 set, 2 must be replaced (equals the login password) */
  state: 0 | 1 | 2;
  /** wrong payment passwords in the current window (PAY_PASSWORD_LOCK) */
  failures: number;
  /** Beijing time the lock ends, '' when not locked */
  locked_until: string;
}

export interface AdminMemberDetail {
  profile: AdminMemberRow & {
    mobile: string;
    email: string;
    register_ip: string;
    last_login_ip: string;
    inviter_id: number | null;
    /** the inviter's (agent's) username, '' without one */
    inviter_username: string;
    turnover_req: number;
  };
  cards: AdminCard[];
  deposits: AdminDeposit[];
  withdrawals: AdminWithdrawal[];
  transfers: AdminTransfer[];
  ledger: AdminLedgerEntry[];
  hedge: AdminMemberHedge;
}
export interface AdjustResult {
  journal_id: number;
  balance: number;
  turnover_req: number;
}
export interface AdminPayMethod {
  code: PayMethod;
  label: string;
  enabled: boolean;
  min: number;
  max: number;
}
/** A receiving account as the console lists it: the form's fields, with its id, switch and order. */
export interface AdminReceivingAccount extends ReceivingAccountForm {
  id: number;
  enabled: boolean;
  sort: number;
}
export interface AdminAuditEntry {
  id: number;
  staff_id: number | null;
  staff_name: string;
  action: string;
  action_label: string;
  target: string;
  /** the target as people read it: 会员 alice, 取款订单 W2026…, 员工 bob (finance-desk.ts AUDIT_TARGET_LABELS) */
  target_label: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: string;
}
export interface AdminStaff {
  id: number;
  username: string;
  /** what members see (security.ts STAFF_DISPLAY_NAME) */
  display_name: string;
  role: StaffRole;
  role_label: string;
  state: number;
  /** recent failed sign-ins on this name: its next sign-in needs a captcha (LOGIN_CAPTCHA) */
  login_captcha: boolean;
  /** two-factor sign-in is on */
  totp_enabled: boolean;
  /** still on the temporary password it was given */
  password_change_due: boolean;
  last_login_at: string;
  last_login_ip: string;
  created_at: string;
}
export interface LedgerCheckResult {
  ok: boolean;
  accounts: number;
  journals: number;
  mismatches: Array<Record<string, unknown> & { type: string }>;
}
