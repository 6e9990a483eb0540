/**
 * Agents (spec §2 /applyagent, §3 and §5 agent application, §6 isagent; DESIGN §8):
 * a member applies to join the partner programme with a mobile number and a reason, staff approve
 * (isagent 1) or reject with a reason, and staff may grant or revoke agent status directly. The
 * application states, the form's rules in the spec's order, the texts and the wire shapes; shared by
 * the server, the member app and the console. No zod here (agents.schemas.ts), and apart from MSG so
 * the member app's first paint does not carry it.
 */
import { MSG } from '../shared/messages.js';
import { MOBILE_RE } from '../shared/regex.js';
import type { Rule } from '../shared/rules.js';
import type { CommissionPlan } from './invites.js';

// ---- application states (as promotions: DESIGN §4) -------------------------------------------------

export const AGENT_APPLICATION_STATE = { pending: 0, approved: 1, rejected: 2 } as const;
export type AgentApplicationState = (typeof AGENT_APPLICATION_STATE)[keyof typeof AGENT_APPLICATION_STATE];
export const AGENT_APPLICATION_STATE_LABELS: Record<number, string> = { 0: '审核中', 1: '已通过', 2: '已拒绝' };

export const AGENT_LIMITS = {
  /** the reason a member gives, characters after trimming */
  applyInfoMax: 200,
  /** rows per page of the console's queue and agent list */
  pageSize: 20,
} as const;

export const AGENT_MSG = {
  // the member's application (applyagentdo), after the form's own rules, in the order the server checks
  applyInfoEmpty: '请输入申请理由',
  applyInfoTooLong: `申请理由不能超过${AGENT_LIMITS.applyInfoMax}个字`,
  alreadyAgent: '您已是代理，无需申请',
  pending: '您已提交申请，请等待审核',
  submitted: '申请已提交，请等待审核',
  // mails
  approvedMailTitle: '代理申请已通过',
  approvedMailContent: '恭喜，您的代理申请已通过审核。您现在可以在“我的”页面通过“代理登录”进入代理后台，邀请好友注册即可获得佣金。',
  rejectedMailTitle: '代理申请未通过',
  rejectedMailContent: '您的代理申请未通过审核，原因：{reason}。您可以完善资料后重新申请。',
  grantedMailTitle: '您已成为代理',
  grantedMailContent: '您已被设置为代理。您现在可以在“我的”页面通过“代理登录”进入代理后台。',
  // the console
  applicationMissing: '申请记录不存在',
  approved: '已通过，该会员已成为代理',
  rejected: '已拒绝',
  rejectReason: '请填写拒绝原因（1~{max}个字符）',
  changeReason: '请填写原因（1~{max}个字符）',
  memberMissing: '会员不存在',
  trialNotAgent: '试玩账号不能成为代理',
  grantedAlready: '该会员已是代理',
  revokedAlready: '该会员不是代理',
  granted: '已设为代理',
  revoked: '已取消代理资格',
} as const;

/**
 * The application form (spec §5 agent application), in the spec's order: the mobile number (the
 * profile's pattern and message), then the reason (required, and bounded). The screen and the
 * server's schema run this same list.
 */
export const agentApplyRules: Rule<{ mobile: string; apply_info: string }>[] = [
  [(v) => !MOBILE_RE.test(v.mobile.trim()), MSG.mobileInvalid, 'mobile'],
  [(v) => v.apply_info.trim() === '', AGENT_MSG.applyInfoEmpty, 'apply_info'],
  [(v) => [...v.apply_info.trim()].length > AGENT_LIMITS.applyInfoMax, AGENT_MSG.applyInfoTooLong, 'apply_info'],
];

// ---- wire shapes -------------------------------------------------------------------------------------

/** A member's own application as /applyagent shows it. */
export interface AgentApplication {
  id: number;
  mobile: string;
  apply_info: string;
  state: AgentApplicationState;
  state_text: string;
  /** why it was rejected; '' otherwise */
  reason: string;
  /** Beijing 'YYYY-MM-DD HH:mm:ss'; reviewed_at '' while pending */
  created_at: string;
  reviewed_at: string;
}

/**
 * POST /api/applyagentstatus: whether the member is an agent, may apply now (not an agent, not a
 * trial account, no application waiting), and its latest application (null: never applied).
 */
export interface AgentApplyStatus {
  isagent: 0 | 1;
  can_apply: boolean;
  application: AgentApplication | null;
}

/** A row of the console's 代理申请 queue (GET /admin/api/agent-applications). */
export interface AdminAgentApplication {
  id: number;
  member_id: number;
  username: string;
  realname: string;
  mobile: string;
  apply_info: string;
  state: AgentApplicationState;
  state_text: string;
  reason: string;
  reviewed_by: number | null;
  reviewer: string;
  reviewed_at: string;
  created_at: string;
  /** the member's agent status now (a member may be granted or revoked after applying) */
  isagent: 0 | 1;
}

/** A row of the console's 代理管理 list (GET /admin/api/agents): current agents. */
export interface AdminAgent {
  member_id: number;
  username: string;
  realname: string;
  mobile: string;
  /** Beijing time the member became an agent ('' for agents from before this was recorded) */
  since: string;
  /** members registered with this agent as their inviter */
  invited: number;
  state: number;
}

/** GET /admin/api/members/:id/agent: the member drawer's agent section. */
export interface AdminMemberAgent {
  member_id: number;
  isagent: 0 | 1;
  is_trial: boolean;
  since: string;
  invited: number;
  /** the latest application, null when none */
  application: AdminAgentApplication | null;
}

// ---- commission in the console (the engine: server modules/commission) --------------------

/** A statement's state (commission_statements.state). */
export const COMMISSION_STATE = { pending: 0, paid: 1, rejected: 2, none: 3 } as const;
export type CommissionState = (typeof COMMISSION_STATE)[keyof typeof COMMISSION_STATE];
export const COMMISSION_STATE_LABELS: Record<number, string> = { 0: '待审核', 1: '已发放', 2: '已拒绝', 3: '无佣金' };

export const COMMISSION_ADMIN_LIMITS = {
  /** statements per page of 佣金审核 */
  pageSize: 20,
  /** the newest computed periods the console lists (the period filter) */
  periodsMax: 104,
  /** rows one CSV export may hold */
  exportMaxRows: 100_000,
} as const;

export const COMMISSION_ADMIN_MSG = {
  missing: '佣金记录不存在',
  rejectReason: '请填写拒绝原因（1~{max}个字）',
  approved: '佣金已发放',
  rejected: '已拒绝，代理会收到站内信',
  planSaved: '佣金方案已保存，之后结算的周期按新方案计算',
  period: '请选择正确的结算周期',
  exportTooMany: '导出记录超过{max}条，请缩小筛选范围',
} as const;

/** One multi-level differential of a statement, yuan. */
export interface AdminCommissionDifferential {
  sub_agent_id: number;
  sub_agent: string;
  /** the sub-agent's base (never below 0) */
  base: number;
  rate: number;
  sub_rate: number;
  amount: number;
}

/**
 * A commission statement's figures as every screen shows them — 佣金审核 and the agent portal's 佣金:
 * the inputs it was computed from (yuan; the formulas: server modules/commission/service.ts) and its
 * state. period_end is the period's LAST day.
 */
export interface CommissionStatementFigures {
  id: number;
  period_start: string;
  period_end: string;
  model: 'net_loss' | 'turnover';
  team_members: number;
  active_members: number;
  /** the team's valid bets of the period */
  valid_bets: number;
  /** the team's win/loss, positive when the members won */
  team_win_loss: number;
  bonuses: number;
  net_loss: number;
  /** a loss of earlier periods carried in (≤ 0) */
  carried_in: number;
  base: number;
  /** 1-based, 0: no tier reached */
  tier: number;
  /** percent (net_loss) or yuan per 10,000 yuan (turnover) */
  rate: number;
  own_amount: number;
  /** the agent portal shows each sub-agent's name masked */
  differentials: AdminCommissionDifferential[];
  amount: number;
  state: CommissionState;
  state_label: string;
  reason: string;
}

/**
 * A row of 佣金审核 (GET /admin/api/commission/statements): the statement's figures, its agent and
 * who decided; times are Beijing 'YYYY-MM-DD HH:mm:ss' ('' when not yet).
 */
export interface AdminCommissionStatement extends CommissionStatementFigures {
  agent_id: number;
  username: string;
  model_label: string;
  reviewer: string;
  reviewed_at: string;
  /** the ledger journal that paid it (null unless 已发放) */
  journal_id: number | null;
  created_at: string;
}

/** GET /admin/api/commission/statements: a page with the filter's totals (amounts by state, yuan; counts). */
export interface AdminCommissionStatementPage {
  data: AdminCommissionStatement[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
  sum: { amount: number; pending: number; paid: number; rejected: number; pending_count: number; paid_count: number; rejected_count: number; none_count: number };
}

/** GET /admin/api/commission/periods: a computed period (newest first) with its statements' sums. */
export interface AdminCommissionPeriod {
  period_start: string;
  /** the period's last day */
  period_end: string;
  model: 'net_loss' | 'turnover';
  model_label: string;
  statements: number;
  amount: number;
  pending: number;
  pending_count: number;
  paid: number;
  rejected: number;
  computed_at: string;
}

/** GET /admin/api/commission/plan: the plan in force and who saved it ('' / '' for the default). */
export interface AdminCommissionPlan {
  plan: CommissionPlan;
  updated_by: string;
  updated_at: string;
}
