import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { getCommissionPlan } from '../invites/service.js';
import { periodAt } from './period.js';
import { computeCommissionPeriod } from './service.js';

/** How many closed periods back a pass looks for ones not computed yet (a stopped platform catches up). */
export const COMMISSION_CATCH_UP = 2;

/**
 * One pass: the last COMMISSION_CATCH_UP closed periods of the plan's kind, oldest first, each once
 * `delayMs` has passed since it ended (late bet records, the last day's rebate), skipping a period
 * computed already (commission_periods) and one that starts before the end of a period computed
 * already (after staff switch weekly ↔ monthly, no day is paid twice). Returns the periods computed.
 */
export async function commissionPass(db: Kdb, now: Date, delayMs = 0): Promise<string[]> {
  const plan = await getCommissionPlan(db);
  const due = [];
  for (let n = COMMISSION_CATCH_UP; n >= 1; n -= 1) {
    const p = periodAt(plan.period, now, n);
    if (p.endAt.getTime() + delayMs <= now.getTime()) due.push(p);
  }
  if (due.length === 0) return [];
  const r = await sql<{ computed: string[] | null; last_end: string | null }>`
    SELECT (SELECT array_agg(to_char(period_start, 'YYYY-MM-DD')) FROM commission_periods WHERE period_start = ANY(${due.map((p) => p.start)}::date[])) AS computed,
           (SELECT to_char(max(period_end), 'YYYY-MM-DD') FROM commission_periods) AS last_end`.execute(db);
  const seen = new Set(r.rows[0]?.computed ?? []);
  const lastEnd = r.rows[0]?.last_end ?? '';
  const todo = due.filter((p) => !seen.has(p.start) && p.start >= lastEnd);
  for (const p of todo) await computeCommissionPeriod(db, p.start, now, plan);
  return todo.map((p) => p.start);
}

/** The commission (DESIGN §8): once across instances (advisory lock), after each period ends plus COMMISSION_DELAY_MS. */
export function startCommissionJob(app: FastifyInstance): void {
  // Every COMMISSION_INTERVAL_MS (default 10 min): a pass with nothing due is two small reads.
  scheduleJob(app, 'commission', app.config.commissionIntervalMs, () =>
    withTryLock(app.db, JOB_LOCK.commission, () => commissionPass(app.kdb, new Date(), app.config.commissionDelayMs)),
  );
}
