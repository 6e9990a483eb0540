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
/** Start of the Beijing day 'YYYY-MM-DD' (assumed well formed). */
export function beijingDayStartOf(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}
/** Start of the Beijing month that `now` is in, `monthsAhead` months later (1: the next month's start). */
export function beijingMonthStart(now: Date, monthsAhead = 0): Date {
  const [y, m] = beijingDate(now).split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + monthsAhead;
  const month = String((index % 12) + 1).padStart(2, '0');
  return beijingDayStartOf(`${Math.floor(index / 12)}-${month}-01`);
}
