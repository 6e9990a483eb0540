import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { TRANSFER_STATE } from '@app/contract';
import type { Db, Kdb } from '../../db/connect.js';
import { listVenues, type Venue, type VenueRegistry } from '../venues/registry.js';
import { settleFailure, settleSuccess, type AlsoInSettlement, type PendingTransfer } from './service.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';

/**
 * Reconciliation (DESIGN §6): transfers left pending (state 2: the venue did not answer, or the
 * process died between the two halves) are settled by asking the venue what happened to the ref.
 * Applied → success (money out of a venue is credited now). Not found → the ref is voided at the
 * venue first, so a late request can never apply, then the transfer fails (money sent in is
 * refunded). A void that finds the ref applied after all settles it as success.
 *
 * Safe to run anywhere, any number of times at once: every settlement is a conditional update of
 * the row plus its journal in one transaction. The advisory lock only keeps N instances from
 * doing the same work.
 */
const LOCK_KEY = JOB_LOCK.transferReconciliation;
const BATCH = 100;
/** Bounds one pass: a backlog larger than this is finished by the next passes. */
const MAX_PER_PASS = 2_000;

export interface ReconcileDeps {
  db: Db;
  venues: VenueRegistry;
  log?: FastifyBaseLogger;
}

export interface ReconcileReport {
  /** false when another instance held the lock, so this one did nothing */
  ran: boolean;
  checked: number;
  succeeded: number;
  failed: number;
  /** still pending: the venue did not answer, or the row was settled by someone else meanwhile */
  unresolved: number;
}

export interface ReconcileOptions {
  /** only transfers pending at least this long (default: the venue timeout, so no request is still waiting) */
  minAgeMs?: number;
  /** false skips the advisory lock (tests proving that concurrent passes settle once) */
  lock?: boolean;
}

export async function reconcileTransfers(deps: ReconcileDeps, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const minAgeMs = opts.minAgeMs ?? deps.venues.timeoutMs;
  const report = await withTryLock(deps.db, LOCK_KEY, () => pass(deps, minAgeMs), opts);
  return report ?? { ran: false, checked: 0, succeeded: 0, failed: 0, unresolved: 0 };
}

async function pass(deps: ReconcileDeps, minAgeMs: number): Promise<ReconcileReport> {
  const report: ReconcileReport = { ran: true, checked: 0, succeeded: 0, failed: 0, unresolved: 0 };
  const db = deps.db.kysely;
  const venues = new Map((await listVenues(db)).map((v) => [v.code, v]));
  let afterId = 0;
  while (report.checked < MAX_PER_PASS) {
    const rows: PendingTransfer[] = await db
      .selectFrom('transfers')
      .select(['id', 'order_no', 'member_id', 'venue', 'direction', 'amount_fen'])
      .where('state', '=', TRANSFER_STATE.pending)
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${minAgeMs / 1000})`)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1].id;
    for (const t of rows) {
      report.checked += 1;
      const outcome = await settleOne(deps, venues, t);
      report[outcome] += 1;
    }
  }
  if (report.succeeded + report.failed + report.unresolved > 0) deps.log?.info({ reconcile: report }, 'pending transfers reconciled');
  return report;
}

async function settleOne(deps: ReconcileDeps, venues: Map<string, Venue>, t: PendingTransfer): Promise<'succeeded' | 'failed' | 'unresolved'> {
  try {
    const outcome = await resolveOne(deps.db.kysely, deps.venues, venues.get(t.venue), t, { log: deps.log });
    return outcome === 'succeeded' || outcome === 'failed' ? outcome : 'unresolved';
  } catch (err) {
    deps.log?.warn({ err, order_no: t.order_no }, 'transfer not reconciled');
    return 'unresolved';
  }
}

/**
 * What asking the venue about one pending transfer came to: settled as succeeded or failed by this
 * call, no answer from the venue (still pending), or already settled by someone else meanwhile.
 */
export type ResolveOutcome = 'succeeded' | 'failed' | 'no_answer' | 'already';

/**
 * Settles one pending transfer from the venue's answer (the rule above): applied → success; not
 * found → voided at the venue, then failed; a void that finds it applied → success. The venue not
 * answering leaves it pending. `also` runs in the settlement's own transaction, only when this call
 * settles it (a manual resolve's audit row). Used by every reconciliation pass and by staff's
 * manual resolve (admin/bets), so both settle a transfer once however many run at the same time.
 */
export async function resolveOne(
  db: Kdb,
  registry: VenueRegistry,
  venue: Venue | undefined,
  t: PendingTransfer,
  opts: { log?: FastifyBaseLogger; also?: AlsoInSettlement } = {},
): Promise<ResolveOutcome> {
  if (!venue) return 'no_answer';
  await db.updateTable('transfers').set({ attempts: sql`attempts + 1` }).where('id', '=', t.id).execute();
  let applied: boolean;
  try {
    applied = (await registry.status(venue, t.order_no)) === 'applied';
    if (!applied) applied = (await registry.voidRef(venue, t.order_no)) === 'applied';
  } catch (err) {
    opts.log?.warn({ err, order_no: t.order_no }, 'transfer not reconciled');
    return 'no_answer';
  }
  if (applied) return (await settleSuccess(db, t, opts.also)) ? 'succeeded' : 'already';
  return (await settleFailure(db, t, 'voided', opts.also)) ? 'failed' : 'already';
}

/**
 * The in-process job: a pass at start and every RECONCILE_INTERVAL_MS (0 switches it off), never
 * two at once in one process; stopped, and its running pass awaited, when the app closes.
 */
export function startReconciler(app: FastifyInstance): void {
  scheduleJob(app, 'reconciliation', app.config.reconcileIntervalMs, () => reconcileTransfers({ db: app.db, venues: app.venues, log: app.log }));
}
