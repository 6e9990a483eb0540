import { z } from 'zod';
import { MSG } from './messages.js';
import { BIRTHDAY_MIN, LIMITS } from './constants.js';
import { DATE_RE, EMAIL_RE, MOBILE_RE, USERNAME_RE } from './regex.js';
import { form, int, secret, text, type Rule } from './validation.js';

const max16 = LIMITS.inputMaxLength;

// ---- session -------------------------------------------------------------------------------

export const registerRules: Rule<{ name: string; password: string; confirmPass: string; code: string }>[] = [
  [(v) => !USERNAME_RE.test(v.name), MSG.regUsername],
  [(v) => v.password.length < LIMITS.passwordMin || v.password.length > max16, MSG.regPassword],
  [(v) => v.confirmPass !== v.password, MSG.regConfirm],
  [(v) => v.code.length === 0, MSG.regCaptchaEmpty],
  [(v) => v.code.length > max16, MSG.regCaptchaWrong],
];
export const registerSchema = form(
  {
    name: text(),
    realname: text(),
    password: secret(),
    confirmPass: secret(),
    paypassword: secret(),
    code: text(),
    captcha_id: text(64),
    pid: text(),
  },
  registerRules,
);
export type RegisterBody = z.input<typeof registerSchema>;

export const loginRules: Rule<{ name: string; password: string }>[] = [
  [(v) => !v.name || !v.password, MSG.loginFields],
  [(v) => v.name.length > max16 || v.password.length > max16, MSG.loginWrong],
];
export const loginSchema = form({ name: text(), password: secret(), pid: text() }, loginRules);
export type LoginBody = z.input<typeof loginSchema>;

// ---- profile -------------------------------------------------------------------------------

export function birthdayInRange(value: string, today: string): boolean {
  return value >= BIRTHDAY_MIN && value <= today;
}
function isRealDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
export const profileRules: Rule<{ mobile: string; email: string; birthday: string }>[] = [
  [(v) => v.mobile !== '' && !MOBILE_RE.test(v.mobile), MSG.mobileInvalid],
  [(v) => v.email !== '' && (v.email.length > LIMITS.emailMax || !EMAIL_RE.test(v.email)), MSG.emailInvalid],
  [(v) => v.birthday !== '' && !isRealDate(v.birthday), MSG.birthdayInvalid],
  [(v) => v.birthday !== '' && !birthdayInRange(v.birthday, new Date().toISOString().slice(0, 10)), MSG.birthdayRange],
];
export const updateUserInfoSchema = form({ mobile: text(), email: text(), birthday: text() }, profileRules);
export type UpdateUserInfoBody = z.input<typeof updateUserInfoSchema>;

/** /password: `password` is the old one, `paypassword` the new one (spec §7). */
export const passwordRules: Rule<{ password: string; paypassword: string; confirm: string }>[] = [
  [(v) => !v.password, MSG.oldPasswordEmpty],
  [(v) => !v.paypassword, MSG.newPasswordEmpty],
  [(v) => v.password.length < LIMITS.passwordMin || v.password.length > max16, MSG.oldPasswordLength],
  [(v) => v.paypassword.length < LIMITS.passwordMin || v.paypassword.length > max16, MSG.newPasswordLength],
  [(v) => v.confirm !== undefined && !v.confirm, MSG.confirmPasswordEmpty],
  [(v) => v.confirm !== undefined && v.confirm !== v.paypassword, MSG.passwordMismatch],
  [(v) => v.password === v.paypassword, MSG.passwordSame],
];
/** The server has no confirm field: it sets confirm = new before the shared rules run. */
export const editPasswordSchema = form(
  { password: secret(), paypassword: secret(), confirm: secret() },
  passwordRules,
);
export type EditPasswordBody = { password: string; paypassword: string };

/** /password?type=2: the payment password is 6–18 characters (spec §5 card binding); same order. */
export const payPasswordRules: Rule<{ password: string; paypassword: string }>[] = [
  [(v) => !v.password, MSG.oldPasswordEmpty],
  [(v) => !v.paypassword, MSG.newPasswordEmpty],
  [(v) => v.password.length < LIMITS.payPasswordMin || v.password.length > LIMITS.payPasswordMax, MSG.oldPasswordLength],
  [(v) => v.paypassword.length < LIMITS.payPasswordMin || v.paypassword.length > LIMITS.payPasswordMax, MSG.newPasswordLength],
  [(v) => v.password === v.paypassword, MSG.passwordSame],
];
export const editPayPasswordSchema = form({ password: secret(), paypassword: secret() }, payPasswordRules);
export type EditPayPasswordBody = { password: string; paypassword: string };

// ---- content -------------------------------------------------------------------------------

export const pageSchema = z.object({ page: int(1, LIMITS.pageMax).catch(1).default(1) });
export const articleSchema = z.object({ type: int(1, 20) });
export const activityListSchema = z.object({ type: z.coerce.number().int().min(0).max(1000).optional().catch(undefined) });
export const activityDetailSchema = z.object({ id: int(1, 2 ** 31 - 1) });
export const bannerListSchema = z.object({ type: int(1, 10).catch(2).default(2) });
export const gameListSchema = z.object({ category: z.string().max(20).optional().default('') });
export const messageReadSchema = z.object({ id: int(1, 2 ** 31 - 1) });
export const messageListSchema = z.object({ page: int(1, LIMITS.pageMax).catch(1).default(1) });
