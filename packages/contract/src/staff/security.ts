/**
 * Staff two-factor sign-in: a time-based one-time code (TOTP, RFC 6238: 6 digits,
 * 30-second steps, SHA-1 — what every authenticator app reads from an otpauth:// QR) after the
 * password. Each staff member may turn it on for itself; the operator (staff.manage) may require it
 * of super admins and finance, who then can use nothing but the enrolment until it is on. A code is
 * good once. Shared by the server and the console.
 */
import type { StaffRole } from './staff.js';

export const STAFF_TOTP = {
  digits: 6,
  periodSeconds: 30,
  /** steps either side of now a code is still taken at (clock drift) */
  window: 1,
  issuer: '后台管理',
} as const;

/** The roles the operator's switch requires two-factor sign-in of. */
export const TOTP_REQUIRED_ROLES: readonly StaffRole[] = ['super', 'finance'];

export const STAFF_2FA_MSG = {
  otpRequired: '请输入两步验证码',
  otpWrong: '两步验证码错误',
  code: '请输入6位数字验证码',
  setupFirst: '请先获取两步验证密钥',
  enabled: '两步验证已开启',
  disabled: '两步验证已关闭',
  alreadyOn: '两步验证已开启，无需重复设置',
  notOn: '两步验证未开启',
  required: '系统要求超级管理员与财务开启两步验证，请先完成设置',
  cannotDisable: '系统要求您的角色开启两步验证，不能关闭',
  reset: '已重置该员工的两步验证，其会话已结束',
  securitySaved: '安全设置已保存',
} as const;

/**
 * A password another staff member chose (a new account, a reset) or the first start generated is a
 * temporary one: its owner may do nothing but change it (StaffMe.password_change_due), then go on.
 */
export const STAFF_PASSWORD_CHANGE_MSG = {
  required: '您正在使用初始密码，请先修改密码',
  done: '密码已修改，欢迎使用',
} as const;

export const TOTP_CODE_RE = /^\d{6}$/;

/** A staff member may act only after enrolment when the switch covers its role and it has none. */
export function totpDue(role: StaffRole, required: boolean, enabled: boolean): boolean {
  return required && !enabled && TOTP_REQUIRED_ROLES.includes(role);
}

/** POST /admin/api/2fa/setup: a new secret (base32) and its otpauth:// URI for the QR. */
export interface StaffTotpSetup {
  secret: string;
  uri: string;
}

/** GET /admin/api/security: the operator's switch. */
export interface StaffSecurity {
  totp_required: boolean;
}

/** What a password-right sign-in without its code answers (data of the 400). */
export interface OtpRefusal {
  otp_required: 1;
}

// ---- what members see of a staff member --------------------------------------------------------

/**
 * Members never see a staff member's login name: 在线客服's greeting and a reply's author carry its
 * display name, set in 员工管理 (left empty, the server names it 客服<id>).
 */
export const STAFF_DISPLAY_NAME = { max: 20 } as const;

export const STAFF_NAME_MSG = {
  displayName: `显示名称为1~${STAFF_DISPLAY_NAME.max}个字，不含特殊字符`,
  saved: '显示名称已保存',
} as const;

const NAME_CONTROL_RE = /[\u0000-\u001F\u007F]/;

/** A display name as typed: 1–max characters after trimming, no control characters. Empty is allowed where the field is optional. */
export function staffDisplayNameFailure(name: unknown, optional = false): string | null {
  if (typeof name !== 'string') return optional && name === undefined ? null : STAFF_NAME_MSG.displayName;
  const t = name.trim();
  if (t === '') return optional ? null : STAFF_NAME_MSG.displayName;
  return [...t].length > STAFF_DISPLAY_NAME.max || NAME_CONTROL_RE.test(t) ? STAFF_NAME_MSG.displayName : null;
}
