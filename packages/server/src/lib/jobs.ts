import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';

/**
 * The PostgreSQL advisory lock of each job that must run once at a time across instances: one list,
 * so no two jobs ever share a key (two that did would keep each other out, one of them for good).
 */
export const JOB_LOCK = {
  migrations: 727_001,
  transferReconciliation: 727_002,
  betFeed: 727_003,
  venueMatches: 727_010,
  guestReaper: 727_011,
  chatRetention: 0x0c4a7,
  lottery: 0x107_7e1,
  vip: 727_013,
  rebate: 727_014,
  commission: 727_015,
  statsRollup: 727_020,
  seed: 727_021,
  depositExpiry: 727_022,
} as const;

/**
 * Scheduled work runs in every instance but each pass once at a time across them (DESIGN §1): a
 * session-level PostgreSQL advisory try-lock around the pass. Answers null when another instance
 * holds the lock. PGlite is one process and one session, so there is no other instance to keep out;
 * `lock: false` (tests proving that concurrent passes are harmless) skips it too.
 */
export async function withTryLock<T>(db: Db, key: number, fn: () => Promise<T>, opts: { lock?: boolean } = {}): Promise<T | null> {
  if (opts.lock === false || db.kind === 'pglite') return fn();
  return db.exclusive(async (s) => {
    const [{ locked }] = await s.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
    if (!locked) return null;
    try {
      return await fn();
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  });
}

interface JobHost {
  log: FastifyBaseLogger;
  addHook(name: 'onReady' | 'onClose', fn: () => Promise<void>): unknown;
}

/** A scheduled job's handle: an extra pass at a moment the job knows is due (the lottery's next draw). */
export interface ScheduledJob {
  /**
   * One extra pass in `delayMs` (a later call replaces a waiting one); a pass running then is followed
   * by it at once. Nothing once the app closes, nor for a job that never runs.
   */
  runIn(delayMs: number): void;
}

/**
 * An in-process periodic job: a first pass when the app is ready, then one every `intervalMs` (0 or
 * less: never), never two at once in this process; stopped, and its running pass awaited, when the
 * app closes. A failed pass is logged and the next one tries again.
 */
export function scheduleJob(app: JobHost, name: string, intervalMs: number, pass: () => Promise<unknown>): ScheduledJob {
  if (!(intervalMs > 0)) return { runIn: () => {} };
  let timer: NodeJS.Timeout | undefined;
  let extra: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .then(
        () => {},
        (err) => app.log.warn({ err }, `${name} pass failed`),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(extra);
    await running;
  });
  return {
    runIn(delayMs) {
      if (stopped) return;
      clearTimeout(extra);
      extra = setTimeout(
        () => {
          extra = undefined;
          if (running) again = true;
          else tick();
        },
        Math.max(0, delayMs),
      );
      extra.unref();
    },
  };
}
