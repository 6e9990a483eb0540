/**
 * Agents (issue 13 item 1; spec §2 /applyagent, §3 and §5 agent application, §6 isagent; DESIGN §8):
 * a member applies to join the partner programme with a mobile number and a reason, staff approve
 * (isagent 1) or reject with a reason, and staff may grant or revoke agent status directly. The
 * application states, the form's rules in the spec's order, the texts and the wire shapes; shared by
 * the server, the member app and the console. No zod here (agents-schemas.ts), and apart from MSG so
 * the member app's first paint does not carry it.
 */
import { MSG } from './messages.js';
import { MOBILE_RE } from './regex.js';
import type { Rule } from './rules.js';

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
  [(v) => !MOBILE_RE.test(v.mobile.trim()), MSG.mobileInvalid],
  [(v) => v.apply_info.trim() === '', AGENT_MSG.applyInfoEmpty],
  [(v) => [...v.apply_info.trim()].length > AGENT_LIMITS.applyInfoMax, AGENT_MSG.applyInfoTooLong],
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
