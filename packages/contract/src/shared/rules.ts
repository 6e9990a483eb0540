/**
 * How the spec's validation rules are written: a rule list, in the spec's order, as plain data, so the
 * H5 forms and the server's request schemas run the same lists and the first failing rule's message is
 * the same on both sides; and the small checks the rules of every domain are written with. The rules
 * themselves live with their domain (account/account.ts, account/cards.ts, wallet/wallet.ts, …).
 * No zod here: this module is part of the member app's first paint.
 */
import { fmt, ADMIN_MSG } from './messages.js';
import { ADMIN_LIMITS } from './constants.js';

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

/** A staff-written reason (adjustment, rejection): 1–200 characters after trimming. */
export function staffReasonFailure(reason: unknown, message: string = ADMIN_MSG.adjustReason): string | null {
  const n = charCount(reason);
  return n < 1 || n > ADMIN_LIMITS.reasonMax ? fmt(message, { max: ADMIN_LIMITS.reasonMax }) : null;
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
