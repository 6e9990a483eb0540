import { randomBytes, randomInt } from 'node:crypto';
import { beijing } from './time.js';

/**
 * Order numbers people read and quote (a deposit's D…, a withdrawal's W…, a transfer's T…, a lottery
 * order's LT…): the prefix, the Beijing time yyyyMMddHHmmss, then random characters. Unique in
 * practice; the table's UNIQUE column is the guard, and withOrderNo tries a fresh number on a clash.
 */
export interface OrderNoFormat {
  prefix: string;
  /** how many random characters follow the time */
  random: number;
  /** lowercase hex characters instead of decimal digits */
  hex?: boolean;
}

/** randomInt's range must stay below 2^48: whole digits are drawn six at a time. */
const DIGITS_PER_DRAW = 6;

function randomDigits(n: number): string {
  let out = '';
  while (out.length < n) {
    const take = Math.min(DIGITS_PER_DRAW, n - out.length);
    out += String(randomInt(0, 10 ** take)).padStart(take, '0');
  }
  return out;
}

export function newOrderNo(format: OrderNoFormat, now: Date = new Date()): string {
  const tail = format.hex ? randomBytes(Math.ceil(format.random / 2)).toString('hex').slice(0, format.random) : randomDigits(format.random);
  return `${format.prefix}${beijing(now).replace(/\D/g, '')}${tail}`;
}

const ORDER_NO_ATTEMPTS = 5;
const UNIQUE_VIOLATION = '23505';

/**
 * Runs `attempt` under fresh order numbers until one is free, and returns the number with what the
 * attempt returned. An attempt says its number was taken either by returning undefined (an insert
 * with ON CONFLICT DO NOTHING, inside the caller's transaction, which stays usable) or by throwing
 * the unique violation of the constraint `takenBy` (an attempt that is a whole transaction, rolled
 * back). After ORDER_NO_ATTEMPTS clashes in a row it gives up.
 */
export async function withOrderNo<T>(format: OrderNoFormat, attempt: (orderNo: string) => Promise<T | undefined>, takenBy?: string): Promise<{ orderNo: string; value: T }> {
  for (let n = 1; n <= ORDER_NO_ATTEMPTS; n++) {
    const orderNo = newOrderNo(format);
    try {
      const value = await attempt(orderNo);
      if (value !== undefined) return { orderNo, value };
    } catch (err) {
      const e = err as { code?: string; constraint?: string };
      const taken = takenBy !== undefined && e.code === UNIQUE_VIOLATION && e.constraint === takenBy;
      if (!taken || n === ORDER_NO_ATTEMPTS) throw err;
    }
  }
  throw new Error(`order number: ${ORDER_NO_ATTEMPTS} clashes in a row for ${format.prefix}`);
}
