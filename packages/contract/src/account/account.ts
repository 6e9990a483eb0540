/**
 * The member's account (spec §5 registration, login, profile, passwords; DESIGN §4 payment password):
 * the form rules in the spec's order, run by the H5 forms and the server's request schemas alike.
 * No zod here: this module is part of the member app's first paint.
 */
import { fmt, MSG } from '../shared/messages.js';
import { BIRTHDAY_MIN, LIMITS } from '../shared/constants.js';
import { EMAIL_RE, MOBILE_RE, USERNAME_RE } from '../shared/regex.js';
import { firstFailure, type Rule } from '../shared/rules.js';
import { isDay } from '../shared/time.js';
import { PAYPASS_MSG } from './pay-password.js';

const max16 = LIMITS.inputMaxLength;

// ---- session -------------------------------------------------------------------------------

export const registerRules: Rule<{ name: string; password: string; confirmPass: string; code: string }>[] = [
  [(v) => !USERNAME_RE.test(v.name), MSG.regUsername, 'name'],
  [(v) => v.password.length < LIMITS.passwordMin || v.password.length > max16, MSG.regPassword, 'password'],
  [(v) => v.confirmPass !== v.password, MSG.regConfirm, 'confirmPass'],
  [(v) => v.code.length === 0, MSG.regCaptchaEmpty, 'code'],
  [(v) => v.code.length > max16, MSG.regCaptchaWrong, 'code'],
];

export const loginRules: Rule<{ name: string; password: string }>[] = [
  [(v) => !v.name || !v.password, MSG.loginFields, (v) => (v.name ? 'password' : 'name')],
  // as the server says it: which of the two is wrong is not told
  [(v) => v.name.length > max16 || v.password.length > max16, MSG.loginWrong],
];

// ---- profile -------------------------------------------------------------------------------

export function birthdayInRange(value: string, today: string): boolean {
  return value >= BIRTHDAY_MIN && value <= today;
}

export const profileRules: Rule<{ mobile: string; email: string; birthday: string }>[] = [
  [(v) => v.mobile !== '' && !MOBILE_RE.test(v.mobile), MSG.mobileInvalid, 'mobile'],
  [(v) => v.email !== '' && (v.email.length > LIMITS.emailMax || !EMAIL_RE.test(v.email)), MSG.emailInvalid, 'email'],
  [(v) => v.birthday !== '' && !isDay(v.birthday), MSG.birthdayInvalid, 'birthday'],
  [(v) => v.birthday !== '' && !birthdayInRange(v.birthday, new Date().toISOString().slice(0, 10)), MSG.birthdayRange, 'birthday'],
];

/** /password: `password` is the old one, `paypassword` the new one (spec §7). */

export const passwordRules: Rule<{ password: string; paypassword: string; confirm: string }>[] = [
  [(v) => !v.password, MSG.oldPasswordEmpty, 'password'],
  [(v) => !v.paypassword, MSG.newPasswordEmpty, 'paypassword'],
  [(v) => v.password.length < LIMITS.passwordMin || v.password.length > max16, MSG.oldPasswordLength, 'password'],
  [(v) => v.paypassword.length < LIMITS.passwordMin || v.paypassword.length > max16, MSG.newPasswordLength, 'paypassword'],
  [(v) => v.confirm !== undefined && !v.confirm, MSG.confirmPasswordEmpty, 'confirm'],
  [(v) => v.confirm !== undefined && v.confirm !== v.paypassword, MSG.passwordMismatch, 'confirm'],
  [(v) => v.password === v.paypassword, MSG.passwordSame, 'paypassword'],
];

/** The server has no confirm field: it sets confirm = new before the shared rules run. */

/** /password?type=2: the payment password is 6–18 characters (spec §5 card binding); same order. */

export const payPasswordRules: Rule<{ password: string; paypassword: string }>[] = [
  [(v) => !v.password, MSG.oldPasswordEmpty, 'password'],
  [(v) => !v.paypassword, MSG.newPasswordEmpty, 'paypassword'],
  [(v) => v.password.length < LIMITS.payPasswordMin || v.password.length > LIMITS.payPasswordMax, MSG.oldPasswordLength, 'password'],
  [(v) => v.paypassword.length < LIMITS.payPasswordMin || v.paypassword.length > LIMITS.payPasswordMax, MSG.newPasswordLength, 'paypassword'],
  [(v) => v.password === v.paypassword, MSG.passwordSame, 'paypassword'],
];

/**
 * The set-payment-password screen (a first payment password, or the replacement of one equal to the
 * login password): the login password as proof, then the new payment password twice (confirm only on
 * the screen; the server runs these with confirm undefined).
 */
export const setPayPasswordRules: Rule<{ password: string; paypassword: string; confirm?: string }>[] = [
  [(v) => !v.password, PAYPASS_MSG.payPasswordLoginEmpty, 'password'],
  [(v) => !v.paypassword, PAYPASS_MSG.payPasswordNewEmpty, 'paypassword'],
  [(v) => v.password.length > max16, PAYPASS_MSG.payPasswordLoginWrong, 'password'],
  [(v) => v.paypassword.length < LIMITS.payPasswordMin || v.paypassword.length > LIMITS.payPasswordMax, fmt(PAYPASS_MSG.payPasswordNewLength, { min: LIMITS.payPasswordMin, max: LIMITS.payPasswordMax }), 'paypassword'],
  [(v) => v.confirm !== undefined && !v.confirm, PAYPASS_MSG.payPasswordConfirmEmpty, 'confirm'],
  [(v) => v.confirm !== undefined && v.confirm !== v.paypassword, PAYPASS_MSG.payPasswordMismatch, 'confirm'],
  [(v) => v.paypassword === v.password, PAYPASS_MSG.payPasswordSameAsLogin, 'paypassword'],
];

/**
 * A payment password sent at registration (spec §7's `paypassword`, as the original client sends it)
 * becomes the member's own when it passes the rules of a new payment password and is not the login
 * password; otherwise it is ignored and the member sets one before its first binding or withdrawal.
 */
export function registrationPayPasswordUsable(password: string, paypassword: string | undefined): boolean {
  return !!paypassword && firstFailure<{ password: string; paypassword: string; confirm?: string }>({ password, paypassword }, setPayPasswordRules) === null;
}
