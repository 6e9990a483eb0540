import { fmt, MSG } from './messages.js';
import { PAYPASS_MSG } from '../account/pay-password.js';
import { BIRTHDAY_MIN, LIMITS } from './constants.js';
import { EMAIL_RE, MOBILE_RE, USERNAME_RE } from './regex.js';
import { isDay } from './time.js';
import { CARD_NUMBER_MAX, normalizeCardNumber, USDT_ADDRESS_RE, USDT_BANK, USDT_NETWORKS, type UsdtNetwork } from '../account/cards.js';

/**
 * The spec's validation rules, in the spec's order, as plain data: the H5 forms and the server's
 * request schemas run the same lists, so the first failing rule's message is the same on both sides.
 * No zod here: this module is part of the member app's first paint.
 */

/** A key of the checked value: the form field a rule is about. */
export type FieldOf<T> = Extract<keyof T, string>;

/**
 * A rule fails when `failed` returns true; its message is then the answer. `field` names the input
 * the message is about (a rule comparing two fields names the second), or picks it from the value
 * (请输入您的账号和密码！ names the first empty one); none when no one field is at fault.
 */
export type Rule<T> = readonly [failed: (value: T) => boolean, message: string, field?: FieldOf<T> | ((value: T) => FieldOf<T>)];

/** Characters of a trimmed text as people count them (code points); 0 for anything but a string. */
export function charCount(v: unknown): number {
  return typeof v === 'string' ? [...v.trim()].length : 0;
}
/** An integer given as a number, within [min, max]. */
export function isIntIn(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}
/** An integer within [min, max], given as a number or as a form's text ("12"). */
export function isIntAsSentIn(v: unknown, min: number, max: number): boolean {
  return isIntIn(typeof v === 'string' && v.trim() !== '' ? Number(v) : v, min, max);
}

/** The message of the first failing rule, in the order the spec gives them, or null. */
export function firstFailure<T>(value: T, rules: readonly Rule<T>[]): string | null {
  return firstFieldFailure(value, rules)?.message ?? null;
}

export interface FieldFailure<T> {
  message: string;
  /** the field to mark beside the message; null when the rule names none */
  field: FieldOf<T> | null;
}

/** The first failing rule's message and the field it is about, or null when every rule passes. */
export function firstFieldFailure<T>(value: T, rules: readonly Rule<T>[]): FieldFailure<T> | null {
  for (const [failed, message, field] of rules) {
    if (failed(value)) return { message, field: typeof field === 'function' ? field(value) : (field ?? null) };
  }
  return null;
}

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

// ---- content -------------------------------------------------------------------------------

// ---- cards ---------------------------------------------------------------------------------

export interface BindCardInput {
  bank: string;
  bank_owner: string;
  bank_address: string;
  bank_no: string;
  pay_pass: string;
}

const isNetwork = (value: string): value is UsdtNetwork => (USDT_NETWORKS as readonly string[]).includes(value);

/** /addUsdtCard (spec §5 USDT binding), then the address shape of the chosen network. */
export const usdtCardRules: Rule<BindCardInput>[] = [
  [(v) => !v.bank_no, MSG.usdtAddressEmpty, 'bank_no'],
  [(v) => !isNetwork(v.bank_owner), MSG.usdtNetworkEmpty, 'bank_owner'],
  [(v) => !v.pay_pass, MSG.cardPayPasswordEmpty, 'pay_pass'],
  [(v) => !isNetwork(v.bank_owner) || !USDT_ADDRESS_RE[v.bank_owner].test(v.bank_no), MSG.usdtAddressInvalid, 'bank_no'],
];

/** /addBankCard (spec §5 bank card binding, in this order), then sanity limits on the number. */
export const bankCardRules: Rule<BindCardInput>[] = [
  [(v) => !v.bank_owner, MSG.cardHolderEmpty, 'bank_owner'],
  [(v) => !v.bank, MSG.cardBankEmpty, 'bank'],
  [(v) => !v.bank_address, MSG.cardBranchEmpty, 'bank_address'],
  [(v) => !v.bank_no, MSG.cardNumberEmpty, 'bank_no'],
  [(v) => !v.pay_pass, MSG.cardPayPasswordEmpty, 'pay_pass'],
  [(v) => normalizeCardNumber(v.bank_no).length < LIMITS.cardNumberMin, MSG.cardNumberLength, 'bank_no'],
  [(v) => v.pay_pass.length < LIMITS.payPasswordMin || v.pay_pass.length > LIMITS.payPasswordMax, MSG.cardPayPasswordLength, 'pay_pass'],
  [(v) => normalizeCardNumber(v.bank_no).length > CARD_NUMBER_MAX, MSG.cardNumberLength, 'bank_no'],
  [(v) => !/^[\d ]+$/.test(v.bank_no), MSG.cardNumberInvalid, 'bank_no'],
];

/** One bindcard request: bank === 'USDT' makes it an address, anything else a bank card. */
export const bindCardRules: Rule<BindCardInput>[] = [
  ...usdtCardRules.map(([failed, message, field]): Rule<BindCardInput> => [(v) => v.bank === USDT_BANK && failed(v), message, field]),
  ...bankCardRules.map(([failed, message, field]): Rule<BindCardInput> => [(v) => v.bank !== USDT_BANK && failed(v), message, field]),
];
