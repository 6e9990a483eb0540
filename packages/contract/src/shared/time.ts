/**
 * Beijing time (UTC+8, no daylight saving): the platform's days, weeks and months, and the wire's
 * timestamps. Days are 'YYYY-MM-DD' strings; arithmetic on them is done at UTC midnight, where a day is
 * always DAY_MS long.
 */
import { DATE_RE } from './regex.js';

export const BEIJING_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The Beijing calendar day of a moment as YYYY-MM-DD. */
export function beijingDay(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's date in Beijing as YYYY-MM-DD. */
export function beijingToday(now: Date = new Date()): string {
  return beijingDay(now.getTime());
}

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time (the wire's timestamps). */
export function beijingWireTime(now: Date): string {
  return new Date(now.getTime() + BEIJING_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** 'YYYY-MM-DD' → days since the epoch, or null when it is not a real calendar day (2026-02-30 is not). */
export function dayNumber(day: string): number | null {
  if (!DATE_RE.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return null;
  return t / DAY_MS;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  return dayNumber(day) !== null;
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
