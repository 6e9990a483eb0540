import type { BlockDuration, LimitPeriod } from '@app/contract';
import { beijing, beijingDate, beijingDayStart, beijingMonthStart } from '../../lib/time.js';

/**
 * The Beijing calendar periods of player protection (contract protection.ts): the day from 00:00, the
 * week from Monday 00:00, the month from the 1st 00:00; and the ends of time-outs and exclusions.
 */
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 60 * 60 * 1000;

export type MoneyPeriod = Exclude<LimitPeriod, 'session'>;

/** When the period holding `now` began and when it resets. */
export function periodOf(period: MoneyPeriod, now: Date): { start: Date; resets: Date } {
  if (period === 'month') return { start: beijingMonthStart(now), resets: beijingMonthStart(now, 1) };
  if (period === 'week') {
    const weekday = new Date(`${beijingDate(now)}T00:00:00Z`).getUTCDay(); // 0 Sunday
    const start = beijingDayStart(now, (weekday + 6) % 7);
    return { start, resets: new Date(start.getTime() + 7 * DAY_MS) };
  }
  const start = beijingDayStart(now);
  return { start, resets: new Date(start.getTime() + DAY_MS) };
}

/** Beijing 'YYYY-MM-DD HH:mm', the protection texts' time. */
export function bjMinute(d: Date | string | null | undefined): string {
  return beijing(d).slice(0, 16);
}

/** The Beijing date-time `months` calendar months after `from` (the 31st becomes the month's last day). */
export function addBeijingMonths(from: Date, months: number): Date {
  const local = new Date(from.getTime() + OFFSET_MS);
  const day = local.getUTCDate();
  const target = new Date(local);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return new Date(target.getTime() - OFFSET_MS);
}

/** Where a block of `duration` starting at `from` ends; null: permanent. */
export function blockEnd(duration: BlockDuration, from: Date): Date | null {
  switch (duration) {
    case '24h':
      return new Date(from.getTime() + DAY_MS);
    case '7d':
      return new Date(from.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(from.getTime() + 30 * DAY_MS);
    case '6m':
      return addBeijingMonths(from, 6);
    case '1y':
      return addBeijingMonths(from, 12);
    case '5y':
      return addBeijingMonths(from, 60);
    case 'permanent':
      return null;
  }
}
