/**
 * The banks a member may pick when binding a bank card (/api/banklist, spec §3 "Bank list item"), as
 * staff keep the list in 支付设置: added, switched off (no longer offered, and a binding naming it is
 * refused) and put in order. Rules and messages for the console and the server alike.
 */
import { USDT_BANK } from './cards.js';
import { staffReasonFailure } from '../shared/rules.js';

export const BANK_LIMITS = {
  nameMin: 2,
  nameMax: 20,
  /** banks in the list, offered or not */
  maxBanks: 200,
} as const;

export const BANK_MSG = {
  name: `银行名称须为${BANK_LIMITS.nameMin}~${BANK_LIMITS.nameMax}个字（中文、字母、数字、括号或·）`,
  reserved: `“${USDT_BANK}”用于绑定USDT地址，不能作为银行名称`,
  reason: '请填写原因（最多{max}字）',
  duplicate: '该银行已在列表中',
  missing: '银行不存在',
  tooMany: `银行最多${BANK_LIMITS.maxBanks}家`,
  order: '顺序须包含列表中的每家银行各一次',
  created: '银行已添加',
  saved: '银行已保存',
  ordered: '银行顺序已保存',
  /** bindcard naming a bank the list does not offer (switched off, or never in it) */
  unavailable: '该银行暂不支持绑定，请选择列表中的银行',
} as const;

/** GET /admin/api/banks row: the list in the members' order, switched-off banks included. */
export interface AdminBank {
  id: number;
  name: string;
  /** offered to members binding a card */
  enabled: boolean;
  /** place in the picker (1 first) */
  sort: number;
  /** members' cards bound to it and not unbound (they stay bound when the bank is switched off) */
  cards: number;
}

/** POST /admin/api/banks and /admin/api/banks/:id: the bank's name, whether it is offered, and why. */
export interface BankForm {
  name: string;
  enabled: boolean;
  reason: string;
}

/** POST /admin/api/banks/order: every bank's id, first offered first. */
export interface BankOrderForm {
  ids: number[];
}

const NAME_RE = /^[\u4e00-\u9fa5A-Za-z0-9()（）·]+$/;

/** A bank's name as stored: trimmed. */
export const bankNameOf = (raw: string): string => raw.trim();

export function bankNameFailure(raw: unknown): string | null {
  if (typeof raw !== 'string') return BANK_MSG.name;
  const name = bankNameOf(raw);
  const n = [...name].length;
  if (name.toUpperCase() === USDT_BANK) return BANK_MSG.reserved;
  return n < BANK_LIMITS.nameMin || n > BANK_LIMITS.nameMax || !NAME_RE.test(name) ? BANK_MSG.name : null;
}

/** The first failure of a bank's form, in the form's order (name, then reason), or null. */
export function bankFormFailure(f: Partial<Record<keyof BankForm, unknown>>): string | null {
  return bankNameFailure(f.name) ?? staffReasonFailure(f.reason, BANK_MSG.reason);
}

/** The order's failure against the banks' ids: each exactly once. */
export function bankOrderFailure(ids: readonly number[], all: readonly number[]): string | null {
  const given = new Set(ids);
  return ids.length === all.length && given.size === all.length && all.every((id) => given.has(id)) ? null : BANK_MSG.order;
}
