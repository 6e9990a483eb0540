/**
 * 会员服务 in the console: staff reset a member's login password (every session
 * ends) or payment password (cleared: the member sets a new one), lift the login captcha lock, see and
 * end the member's sessions, and keep notes and tags on the member. Each change carries a reason and
 * is audited. Wire shapes, rules and Chinese messages; the zod schemas are in member-care.schemas.ts.
 */
import { ADMIN_LIMITS } from '../shared/constants.js';
import { staffReasonFailure } from '../shared/rules.js';
import { LIMITS, type PaypassState } from '../shared/constants.js';
import { charCount, firstFailure, type Rule } from '../shared/rules.js';
import { profileRules } from '../account/account.js';
import { fmt } from '../shared/messages.js';

export const MEMBER_CARE_LIMITS = {
  /** a temporary login password, as a member's (6–16) */
  passwordMin: LIMITS.passwordMin,
  passwordMax: LIMITS.inputMaxLength,
  /** a generated one */
  generatedLength: 10,
  noteMax: 500,
  tagMax: 12,
  tagsMax: 10,
  reasonMax: ADMIN_LIMITS.reasonMax,
  /** sessions listed (newest first) */
  sessionsShown: 50,
  /** notes listed (newest first) */
  notesShown: 100,
} as const;

const L = MEMBER_CARE_LIMITS;

export const MEMBER_CARE_MSG = {
  reason: '请填写原因（最多{max}字）',
  password: `临时密码须为${L.passwordMin}~${L.passwordMax}个字符`,
  passwordReset: '登录密码已重置，会员的全部会话已结束',
  payPasswordReset: '支付密码已清除，会员下次使用时须重新设置',
  payPasswordNone: '该会员尚未设置支付密码',
  unlocked: '登录限制已解除',
  notLocked: '该会员当前没有登录限制',
  sessionsEnded: '已结束会员的会话',
  sessionMissing: '会话不存在或已结束',
  note: `备注须为1~${L.noteMax}个字符`,
  noteAdded: '备注已添加',
  tag: `每个标签须为1~${L.tagMax}个字符`,
  tagsMax: `标签最多${L.tagsMax}个`,
  tagDuplicate: '标签重复：{tag}',
  tagsSaved: '标签已保存',
} as const;

export interface MemberSessionRow {
  /** the session's handle for ending it (not the token) */
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
  /** ended (logout, expiry by staff or a password change) */
  ended: boolean;
}

export interface MemberNoteRow {
  id: number;
  body: string;
  staff_name: string;
  created_at: string;
}

/** GET /admin/api/members/:id/care */
export interface MemberCare {
  member_id: number;
  username: string;
  /** the next login needs a captcha (failed attempts on the name) */
  login_locked: boolean;
  login_failures: number;
  pay_password_state: PaypassState;
  sessions: MemberSessionRow[];
  notes: MemberNoteRow[];
  tags: string[];
}

/** POST …/password/reset: `password` empty: the server makes one and answers it once. */
export interface ResetPasswordForm {
  password?: string;
  reason: string;
}
export interface ResetPasswordAnswer {
  /** the new password, shown to staff once */
  password: string;
  sessions_ended: number;
}

export interface EndSessionsForm {
  /** one session's id; empty: all of them */
  session?: string;
  reason: string;
}

export interface MemberTagsForm {
  tags: string[];
  reason: string;
}


export const careReasonFailure = (reason: unknown) => staffReasonFailure(reason, MEMBER_CARE_MSG.reason);

export function resetPasswordFailure(f: { password?: unknown; reason?: unknown }): string | null {
  const p = typeof f.password === 'string' ? f.password : '';
  if (p !== '' && (p.length < L.passwordMin || p.length > L.passwordMax || /\s/.test(p))) return MEMBER_CARE_MSG.password;
  return careReasonFailure(f.reason);
}

export function noteFailure(body: unknown): string | null {
  const n = charCount(body);
  return n < 1 || n > L.noteMax ? MEMBER_CARE_MSG.note : null;
}

export function tagsFailure(f: { tags?: unknown; reason?: unknown }): string | null {
  const tags = Array.isArray(f.tags) ? f.tags : [];
  if (tags.length > L.tagsMax) return MEMBER_CARE_MSG.tagsMax;
  const seen = new Set<string>();
  for (const t of tags) {
    const n = charCount(t);
    if (n < 1 || n > L.tagMax) return MEMBER_CARE_MSG.tag;
    const key = String(t).trim();
    if (seen.has(key)) return MEMBER_CARE_MSG.tagDuplicate.replace('{tag}', key);
    seen.add(key);
  }
  return careReasonFailure(f.reason);
}

// ---- corrections: profile, cards, agent ---------------------------------------------------------

/**
 * Staff correct what a member cannot (or got wrong): the name, mobile and email, a card the member
 * can no longer unbind itself, and which agent the member belongs to. Each change carries a reason
 * and its audit row keeps the values before and after. The mobile and email follow the member's own
 * profile rules (account/account.ts profileRules) so a value staff store is one the member could have stored.
 */
export const MEMBER_FIX_LIMITS = {
  /** the name, as registration keeps it */
  realnameMax: LIMITS.inputMaxLength,
  /** a move walks the target's agents upwards this far looking for the member (a team cannot contain itself) */
  agentDepthMax: 50,
} as const;

export const MEMBER_FIX_MSG = {
  realname: `姓名须为1~${MEMBER_FIX_LIMITS.realnameMax}个字符`,
  profileUnchanged: '资料没有变化',
  profileSaved: '会员资料已更正',
  cardUnbound: '已解绑该银行卡',
  agentEmpty: '请输入新代理的用户名或会员ID',
  agentMissing: '新代理不存在或不是代理',
  agentSame: '该会员已在此代理名下',
  agentSelf: '不能把会员转到自己名下',
  agentCycle: '新代理在该会员的团队中，不能转移',
  agentMoved: '已转移到新代理名下',
} as const;

/** POST /admin/api/members/:id/profile */
export interface MemberProfileForm {
  realname: string;
  mobile: string;
  email: string;
  reason: string;
}
/** The corrected fields as stored, before and after (the audit row keeps the same). */
export type MemberProfileFields = Omit<MemberProfileForm, 'reason'>;

/** POST /admin/api/members/:id/agent/move: `agent` is the new agent's username or member ID. */
export interface MoveAgentForm {
  agent: string;
  reason: string;
}
export interface MoveAgentAnswer {
  inviter_id: number;
  inviter_username: string;
}

const str = (s: unknown) => (typeof s === 'string' ? s.trim() : '');

/** A staff reason as a form rule (the console marks the reason field). */
export const careReasonRules: Rule<{ reason: string }>[] = [[(v) => careReasonFailure(v.reason) !== null, fmt(MEMBER_CARE_MSG.reason, { max: ADMIN_LIMITS.reasonMax }), 'reason']];

/** The correction form's rules in order, each naming its field (the console marks it inline). */
export const memberProfileRules: Rule<MemberProfileForm>[] = [
  [(v) => charCount(v.realname) < 1 || charCount(v.realname) > MEMBER_FIX_LIMITS.realnameMax, MEMBER_FIX_MSG.realname, 'realname'],
  ...profileRules.filter(([, , field]) => field === 'mobile' || field === 'email').map(([failed, message, field]): Rule<MemberProfileForm> => [(v) => failed({ mobile: str(v.mobile), email: str(v.email), birthday: '' }), message, field as 'mobile' | 'email']),
  ...careReasonRules,
];

export function memberProfileFailure(f: MemberProfileForm): string | null {
  return firstFailure(f, memberProfileRules);
}

export const moveAgentRules: Rule<MoveAgentForm>[] = [
  [(v) => charCount(v.agent) < 1, MEMBER_FIX_MSG.agentEmpty, 'agent'],
  ...careReasonRules,
];

export function moveAgentFailure(f: MoveAgentForm): string | null {
  return firstFailure(f, moveAgentRules);
}
