import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, Kdb } from '../../db/connect.js';
import type { VenueRegistry } from '../venues/registry.js';
import { applyBets, VenueCategories } from './ingest.js';
import { endSessionsPastLimits } from '../protection/enforce.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';

/**
 * The bet feed (DESIGN §6): venues report their bets the way an aggregator does, and the platform
 * keeps them as bet_records. Each adapter's feed is read after a cursor (bet_feed_cursors) and its
 * bets applied by ingest.ts (exactly once for their effects on turnover, flow and the daily sums).
 *
 * Safe to run anywhere, any number of times at once; the advisory lock only keeps the job of N
 * instances from doing the same work. The cursor moves only over bets this pass has applied.
 */
const LOCK_KEY = JOB_LOCK.betFeed;
export const FEED_BATCH = 500;
/** Bounds one pass of the job; a larger backlog is finished by the next passes. */
const JOB_MAX_BATCHES = 20;
/** Bounds the pass a bet-record read triggers. */
const PULL_MAX_BATCHES = 2;
const PULL_WAIT_MS = 1_000;

export interface FeedDeps {
  db: Db;
  venues: VenueRegistry;
  log?: FastifyBaseLogger;
}

export interface FeedReport {
  /** false when another instance held the lock, so this one did nothing */
  ran: boolean;
  read: number;
  /** bets settled and counted by this pass */
  counted: number;
  /** records inserted or updated without counting (unsettled, invalid) */
  stored: number;
}

export interface FeedOptions {
  maxBatches?: number;
  /** take the advisory try-lock (the job); false for a pull-on-read and for tests of concurrent passes */
  lock?: boolean;
  batch?: number;
}

export async function ingestBets(deps: FeedDeps, opts: FeedOptions = {}): Promise<FeedReport> {
  const report = await withTryLock(deps.db, LOCK_KEY, () => pass(deps, opts), { lock: opts.lock ?? false });
  return report ?? { ran: false, read: 0, counted: 0, stored: 0 };
}

async function pass(deps: FeedDeps, opts: FeedOptions): Promise<FeedReport> {
  const report: FeedReport = { ran: true, read: 0, counted: 0, stored: 0 };
  const db = deps.db.kysely;
  const batch = opts.batch ?? FEED_BATCH;
  const categories = new VenueCategories(db);
  for (const [name] of await deps.venues.adapterEntries()) {
    await db.insertInto('bet_feed_cursors').values({ adapter: name, updated_at: new Date() }).onConflict((oc) => oc.column('adapter').doNothing()).execute();
    for (let i = 0; i < (opts.maxBatches ?? JOB_MAX_BATCHES); i++) {
      const { cursor } = await db.selectFrom('bet_feed_cursors').select('cursor').where('adapter', '=', name).executeTakeFirstOrThrow();
      const { bets, next } = await deps.venues.fetchBets(name, Number(cursor), batch);
      report.read += bets.length;
      const done = await applyBets(db, bets, categories, deps.log);
      // Player protection: members these bets took to a loss or wager limit stop playing at the venues.
      await endSessionsPastLimits(db, deps.venues, bets.map((b) => b.memberId), deps.log);
      report.counted += done.counted;
      report.stored += done.stored;
      if (next <= Number(cursor)) break;
      await db
        .updateTable('bet_feed_cursors')
        .set({ cursor: sql`GREATEST(cursor, ${next})`, updated_at: new Date() })
        .where('adapter', '=', name)
        .execute();
    }
  }
  if (report.read > 0) deps.log?.debug({ betFeed: report }, 'bets fed');
  return report;
}

/**
 * How far the platform has read an adapter's feed: every bet at or below it is a bet record (applied
 * before the cursor moved over it). A launch reads it before the member's usage, so what the venue
 * counts after it and what the platform counted up to it cover every bet (venues/adapter.ts StakeHeadroom).
 */
export async function feedCursor(db: Kdb, adapter: string): Promise<number> {
  const row = await db.selectFrom('bet_feed_cursors').select('cursor').where('adapter', '=', adapter).executeTakeFirst();
  return Number(row?.cursor ?? 0);
}

/**
 * The feed of this process: one pass at a time (a read that wants fresh records joins the running
 * pass), the job every BET_FEED_INTERVAL_MS under the advisory try-lock.
 */
export class BetFeed {
  private running: Promise<FeedReport> | null = null;
  constructor(private readonly deps: FeedDeps) {}

  run(opts: FeedOptions = {}): Promise<FeedReport> {
    if (this.running) return this.running;
    const p = ingestBets(this.deps, opts).finally(() => {
      if (this.running === p) this.running = null;
    });
    this.running = p;
    return p;
  }

  /**
   * A bounded pass before a read (betrecord), waited for at most PULL_WAIT_MS (a long pass of the
   * job goes on in the background); a failure is logged, the read goes on.
   */
  async pull(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PULL_WAIT_MS)));
    try {
      await Promise.race([this.run({ maxBatches: PULL_MAX_BATCHES, lock: false }), waited]);
    } catch (err) {
      this.deps.log?.warn({ err }, 'bet feed pull failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits for the running pass, if any (shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => {});
  }
}

export function startBetFeed(app: FastifyInstance): BetFeed {
  const feed = new BetFeed({ db: app.db, venues: app.venues, log: app.log });
  app.decorate('betFeed', feed);
  scheduleJob(app, 'bet feed', app.config.betFeedIntervalMs, () => feed.run({ lock: true }));
  // a pull-on-read pass may still be running when the job is stopped
  app.addHook('onClose', () => feed.idle());
  return feed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bet feed of this process (games module). */
    betFeed: BetFeed;
  }
}
