import { z } from 'zod';
import { fmt } from '../shared/messages.js';
import { optionalInt, pageNumber, text } from '../shared/validation.js';
import { MEMBER360_LIMITS as L, MEMBER360_MSG } from './member360.js';
import { DAY_MS, isDay } from '../shared/time.js';

/**
 * Request schemas of 会员360°视图 and 注单与转账 (member360.ts). Dates are Beijing days YYYY-MM-DD
 * (empty: open); a bad day, a reversed range or one longer than dayRangeMaxDays is refused with
 * the contract's message.
 */

const day = () => z.string().trim().max(20).default('');

/** The date range's failure, or null. */
export function dayRangeFailure(from: string, to: string): string | null {
  if ((from && !isDay(from)) || (to && !isDay(to))) return MEMBER360_MSG.dayRange;
  if (!from || !to) return null;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) return MEMBER360_MSG.dayRange;
  if (days > L.dayRangeMaxDays) return fmt(MEMBER360_MSG.dayRangeMax, { max: L.dayRangeMaxDays });
  return null;
}

function ranged<S extends z.ZodRawShape>(shape: S) {
  return z.object({ from: day(), to: day(), keyword: text(L.keywordMax), page: pageNumber(), ...shape }).superRefine((v, ctx) => {
    const range = v as { from: string; to: string };
    const message = dayRangeFailure(range.from, range.to);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** GET /admin/api/bets: member (username prefix or id), Beijing days, BET_STATUS, venue code. */
export const betListQuery = ranged({ status: optionalInt(0, 2), venue: text(40) });
/** GET /admin/api/lottery-orders */
export const lotteryOrderListQuery = ranged({ status: optionalInt(0, 2), lottery: text(40) });
/** GET /admin/api/transfers: state TRANSFER_STATE 0–2 */
export const transferListQuery = ranged({ state: optionalInt(0, 3), venue: text(40) });
/** GET /admin/api/members/:id/<section>: one page, newest first. */
export const member360PageQuery = z.object({ page: pageNumber() });
