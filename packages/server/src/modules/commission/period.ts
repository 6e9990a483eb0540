import type { CommissionPeriod } from '@app/contract';
import { beijingDate, beijingDayStartOf, beijingMonthStart } from '../../lib/time.js';

/**
 * Commission periods as Beijing dates (contract invites.ts CommissionPeriod): weekly from Monday
 * 00:00 to the next Monday 00:00, monthly from the 1st 00:00 to the next month's 1st. A period is
 * named by its first day; `end` is the first day of the next period (exclusive).
 */
export interface PeriodRange {
  start: string;
  end: string;
  /** the instants [startAt, endAt) */
  startAt: Date;
  endAt: Date;
}

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The period of `kind` that the instant `at` lies in, `back` periods earlier (1: the one before). */
export function periodAt(kind: CommissionPeriod, at: Date, back = 0): PeriodRange {
  if (kind === 'monthly') {
    const startAt = beijingMonthStart(at, -back);
    return rangeOf(beijingDate(startAt), beijingDate(beijingMonthStart(startAt, 1)));
  }
  const today = beijingDayStartOf(beijingDate(at));
  // getUTCDay of the Beijing date at UTC midnight: 0 Sunday … 6 Saturday; Monday starts the week.
  const dow = new Date(`${beijingDate(at)}T00:00:00Z`).getUTCDay();
  const monday = new Date(today.getTime() - (((dow + 6) % 7) + 7 * back) * DAY_MS);
  return rangeOf(beijingDate(monday), beijingDate(new Date(monday.getTime() + 7 * DAY_MS)));
}

/** The period of `kind` that starts on `start` (YYYY-MM-DD); throws when no period of that kind starts then. */
export function periodStartingOn(kind: CommissionPeriod, start: string): PeriodRange {
  if (!DAY_RE.test(start)) throw new Error(`commission: bad period start ${start}`);
  const p = periodAt(kind, beijingDayStartOf(start));
  if (p.start !== start) throw new Error(`commission: ${start} does not start a ${kind} period`);
  return p;
}

function rangeOf(start: string, end: string): PeriodRange {
  return { start, end, startAt: beijingDayStartOf(start), endAt: beijingDayStartOf(end) };
}

/** A period's last day from its exclusive end (the day before `end`). */
export const lastDayOf = (end: string): string => new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
