import { CARD_TYPE, maskCardNo, type CardType } from '@app/contract';

/**
 * Members' card numbers masked wherever they sit in a value (README roles table: only `members.cards`
 * 查看完整卡号 sees them in full). Every audit row passes through `redactCards` on its way in
 * (modules/audit), and every back-office answer on its way out unless the staff member may see them
 * (admin/redact.ts `cardsFor`), so no route, page or export has to remember the rule.
 *
 * Fields that carry a member's card number or USDT address, at any depth (lists, pages, member detail,
 * audit details):
 * - `payer_bank_no`: the bank card a deposit was paid from;
 * - `bank_no`: a member's saved card (`type`), a withdrawal's card snapshot (`card_type`); the kind
 *   decides the mask (`**** **** **** 7890`, `T****…bLSE`). Without a kind the value tells it.
 * Not masked: the platform's own receiving accounts (the objects with `mch_id`): members are shown
 * them to pay into, and staff who read pay settings must see where deposits go.
 */
const USDT_LIKE = /^(T|0x)[0-9A-Za-z]{20,}$/;

/** Limits the walk: answers are pages of at most a few hundred rows, nested a few levels. */
const MAX_DEPTH = 12;

function kindOf(obj: Record<string, unknown>, value: string): CardType {
  const declared = typeof obj.card_type === 'number' ? obj.card_type : typeof obj.type === 'number' ? obj.type : null;
  if (declared === CARD_TYPE.bank || declared === CARD_TYPE.usdt) return declared;
  return USDT_LIKE.test(value) ? CARD_TYPE.usdt : CARD_TYPE.bank;
}

function masked(value: unknown, type: CardType): unknown {
  return typeof value === 'string' && value !== '' ? maskCardNo(value, type) : value;
}

/** A copy of `value` with every member card number and USDT address masked (see above). */
export function redactCards<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // dates, buffers: no card inside
  const obj = value as Record<string, unknown>;
  const receivingAccount = 'mch_id' in obj;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(obj)) {
    if (key === 'payer_bank_no') out[key] = masked(v, CARD_TYPE.bank);
    else if (key === 'bank_no' && !receivingAccount) out[key] = masked(v, typeof v === 'string' ? kindOf(obj, v) : CARD_TYPE.bank);
    else out[key] = walk(v, depth + 1);
  }
  return out;
}
