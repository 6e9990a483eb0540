import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { beijingDayBefore, beijingDayRange, computeRebateDay } from './compute.js';

/** How far back a pass looks for days not computed yet (a stopped platform catches up this many). */
export const REBATE_CATCH_UP_DAYS = 3;

/**
 * One pass: each of the last REBATE_CATCH_UP_DAYS closed Beijing days not computed yet (rebate_days),
 * oldest first, once `delayMs` has passed since it ended (late bet records from the venues' feeds).
 * Returns the days computed.
 */
export async function rebatePass(db: Kdb, now: Date, delayMs: number): Promise<string[]> {
  const days: string[] = [];
  for (let n = REBATE_CATCH_UP_DAYS; n >= 1; n -= 1) {
    const day = beijingDayBefore(now, n);
    if (beijingDayRange(day).end.getTime() + delayMs > now.getTime()) continue;
    days.push(day);
  }
  if (days.length === 0) return [];
  const done = await sql<{ day: string }>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM rebate_days WHERE day = ANY(${days}::date[])`.execute(db);
  const computed = new Set(done.rows.map((r) => r.day));
  const todo = days.filter((d) => !computed.has(d));
  for (const day of todo) await computeRebateDay(db, day, now);
  return todo;
}

/** The daily rebate (DESIGN §8): once across instances (advisory lock), after Beijing midnight plus REBATE_DELAY_MS. */
export function startRebateJob(app: FastifyInstance): void {
  // Every REBATE_INTERVAL_MS (default 10 min): a pass with nothing due is one small read.
  scheduleJob(app, 'rebate', app.config.rebateIntervalMs, () => withTryLock(app.db, JOB_LOCK.rebate, () => rebatePass(app.kdb, new Date(), app.config.rebateDelayMs)));
}
