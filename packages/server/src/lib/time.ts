/** Beijing time (UTC+8, no daylight saving) for every wire timestamp and day boundary. */
const OFFSET_MS = 8 * 60 * 60 * 1000;

export function beijing(date: Date | string | null | undefined): string {
  if (!date) return '';
  const d = typeof date === 'string' ? new Date(date) : date;
  return new Date(d.getTime() + OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
/** Today's date in Beijing as YYYY-MM-DD. */
export function beijingDate(now: Date = new Date()): string {
  return beijing(now).slice(0, 10);
}
/** Start of the Beijing day that `now` is in, `daysBack` days earlier. */
export function beijingDayStart(now: Date, daysBack = 0): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() - OFFSET_MS - daysBack * 24 * 60 * 60 * 1000);
}
/** Whole days since `since`, counting the first day as day 1. */
export function daysSince(since: Date, now: Date = new Date()): number {
  return Math.floor((beijingDayStart(now).getTime() - beijingDayStart(since).getTime()) / 86_400_000) + 1;
}
