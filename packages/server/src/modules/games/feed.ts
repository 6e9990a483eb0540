import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BET_STATUS } from '@app/contract';
import type { Db, Kdb } from '../../db/connect.js';
import { beijingDate } from '../../lib/time.js';
import { reduceTurnoverRequirement } from '../turnover/service.js';
import type { VenueBet } from '../venues/adapter.js';
import type { VenueRegistry } from '../venues/registry.js';

/**
 * The bet feed (DESIGN §6): venues report their bets the way an aggregator does, and the platform
 * keeps them as bet_records. Each adapter's feed is read after a cursor (bet_feed_cursors); each bet
 * is upserted by (venue, bet_id), so reading a bet twice changes nothing, and a change (an unsettled
 * bet settled or voided) updates the record.
 *
 * When a bet is settled, in the same transaction and exactly once (the record's `counted` flag, set
 * under the member row lock): its valid amount comes off the turnover requirement, adds to the
 * member's flow (VIP turnover, members.flow_fen) and to the member's day sums by category
 * (member_daily_bets, Beijing day of the bet) that rebate and VIP read. A settled or invalid record
 * never goes back to unsettled, so a late reader holding an older state of the bet cannot undo it.
 *
 * Safe to run anywhere, any number of times at once; the advisory lock only keeps the job of N
 * instances from doing the same work. The cursor moves only over bets this pass has applied.
 */
const LOCK_KEY = 727_003; // migrations 727_001, reconciliation 727_002
export const FEED_BATCH = 500;
/** Bounds one pass of the job; a larger backlog is finished by the next passes. */
const JOB_MAX_BATCHES = 20;
/** Bounds the pass a bet-record read triggers. */
const PULL_MAX_BATCHES = 2;
const FK_VIOLATION = '23503';

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
  // PGlite is one process and one session: there is no other instance to keep out.
  if (!opts.lock || deps.db.kind === 'pglite') return pass(deps, opts);
  return deps.db.exclusive(async (s) => {
    const [{ locked }] = await s.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
    if (!locked) return { ran: false, read: 0, counted: 0, stored: 0 };
    try {
      return await pass(deps, opts);
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}

async function pass(deps: FeedDeps, opts: FeedOptions): Promise<FeedReport> {
  const report: FeedReport = { ran: true, read: 0, counted: 0, stored: 0 };
  const db = deps.db.kysely;
  const batch = opts.batch ?? FEED_BATCH;
  const categories = new VenueCategories(db);
  for (const [name] of deps.venues.adapterEntries()) {
    await db.insertInto('bet_feed_cursors').values({ adapter: name, updated_at: new Date() }).onConflict((oc) => oc.column('adapter').doNothing()).execute();
    for (let i = 0; i < (opts.maxBatches ?? JOB_MAX_BATCHES); i++) {
      const { cursor } = await db.selectFrom('bet_feed_cursors').select('cursor').where('adapter', '=', name).executeTakeFirstOrThrow();
      const { bets, next } = await deps.venues.fetchBets(name, Number(cursor), batch);
      for (const bet of bets) {
        report.read += 1;
        const outcome = await applyBet(db, bet, categories, deps.log);
        if (outcome === 'counted') report.counted += 1;
        else if (outcome === 'stored') report.stored += 1;
      }
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

type Applied = 'counted' | 'stored' | 'unchanged' | 'skipped';
const NOT_COUNTED = Symbol('not counted');

/** One bet from a feed into bet_records, with its effects when it is settled (see above). */
export async function applyBet(db: Kdb, b: VenueBet, categories: VenueCategories, log?: FastifyBaseLogger): Promise<Applied> {
  const category = b.category || (await categories.of(b.venue));
  const values = {
    venue: b.venue,
    bet_id: b.betId,
    member_id: b.memberId,
    game_code: b.game,
    game_name: b.gameName,
    category,
    bet_fen: b.stakeFen,
    valid_fen: b.validFen,
    win_loss_fen: b.winLossFen,
    status: b.status,
    detail: b.detail.slice(0, 4000),
    bet_at: b.betAt,
    settled_at: b.settledAt,
  };
  const changes = { valid_fen: b.validFen, win_loss_fen: b.winLossFen, status: b.status, detail: values.detail, settled_at: b.settledAt, bet_fen: b.stakeFen };
  try {
    if (b.status !== BET_STATUS.settled) {
      const row = await db
        .insertInto('bet_records')
        .values(values)
        .onConflict((oc) => oc.columns(['venue', 'bet_id']).doUpdateSet(changes).where('bet_records.status', '=', BET_STATUS.unsettled))
        .returning('id')
        .executeTakeFirst();
      return row ? 'stored' : 'unchanged';
    }
    const seen = await db.selectFrom('bet_records').select('counted').where('venue', '=', b.venue).where('bet_id', '=', b.betId).executeTakeFirst();
    if (seen?.counted) return 'unchanged';
    return await db.transaction().execute(async (tx) => {
      // Member row first (lock order: member row, then everything else).
      await reduceTurnoverRequirement(tx, b.memberId, b.validFen);
      // The settlement is re-derivable from the venue until the cursor moves past it, and the
      // cursor's own (synchronous) commit flushes this one: no need to wait for the disk here.
      const flow = await sql`
        UPDATE members SET flow_fen = flow_fen + ${b.validFen}
        WHERE id = ${b.memberId} AND set_config('synchronous_commit', 'off', true) = 'off'`.execute(tx);
      if (Number(flow.numAffectedRows) !== 1) return 'skipped';
      const row = await tx
        .insertInto('bet_records')
        .values({ ...values, counted: true })
        .onConflict((oc) =>
          oc
            .columns(['venue', 'bet_id'])
            .doUpdateSet({ ...changes, counted: true })
            .where('bet_records.counted', '=', false)
            .where('bet_records.status', '=', BET_STATUS.unsettled),
        )
        .returning('id')
        .executeTakeFirst();
      // Counted meanwhile (a concurrent pass) or no longer unsettled: undo the member's effects.
      if (!row) throw NOT_COUNTED;
      await tx
        .insertInto('member_daily_bets')
        .values({ member_id: b.memberId, day: beijingDate(b.betAt), category, bets: 1, bet_fen: b.stakeFen, valid_fen: b.validFen, win_loss_fen: b.winLossFen })
        .onConflict((oc) =>
          oc.columns(['member_id', 'day', 'category']).doUpdateSet({
            bets: sql`member_daily_bets.bets + 1`,
            bet_fen: sql`member_daily_bets.bet_fen + ${b.stakeFen}`,
            valid_fen: sql`member_daily_bets.valid_fen + ${b.validFen}`,
            win_loss_fen: sql`member_daily_bets.win_loss_fen + ${b.winLossFen}`,
          }),
        )
        .execute();
      return 'counted' as const;
    });
  } catch (err) {
    if (err === NOT_COUNTED) return 'unchanged';
    if ((err as { code?: string }).code === FK_VIOLATION) {
      log?.warn({ venue: b.venue, bet: b.betId, member: b.memberId }, 'bet of an unknown member or venue skipped');
      return 'skipped';
    }
    throw err;
  }
}

/** The hall category of a venue (its game entry), for bets whose venue names no category. */
export class VenueCategories {
  private readonly known = new Map<string, string>();
  constructor(private readonly db: Kdb) {}
  async of(venue: string): Promise<string> {
    const hit = this.known.get(venue);
    if (hit !== undefined) return hit;
    const row = await this.db.selectFrom('game_entries').select('category_id').where('platform_name', '=', venue).orderBy('id').executeTakeFirst();
    const category = row?.category_id ?? 'concise';
    this.known.set(venue, category);
    return category;
  }
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

  /** A bounded pass before a read (betrecord); a failure is logged, the read goes on. */
  async pull(): Promise<void> {
    try {
      await this.run({ maxBatches: PULL_MAX_BATCHES, lock: false });
    } catch (err) {
      this.deps.log?.warn({ err }, 'bet feed pull failed');
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
  const intervalMs = app.config.betFeedIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    feed.run({ lock: true }).catch((err) => app.log.warn({ err }, 'bet feed pass failed'));
  };
  app.addHook('onReady', async () => {
    if (!(intervalMs > 0)) return;
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await feed.idle();
  });
  return feed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bet feed of this process (games module). */
    betFeed: BetFeed;
  }
}
