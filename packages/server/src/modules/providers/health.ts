import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ProviderHealth, ProviderHealthWindow } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { scheduleJob } from '../../lib/jobs.js';
import { beijing } from '../../lib/time.js';

/**
 * How each provider's calls go (the console's 游戏供应商 health columns): every call the platform makes
 * to a provider (transfer wallet) and every call a provider makes to the platform (seamless wallet) is
 * recorded here with its time and outcome. Recording only adds to counts in memory, per provider and
 * minute (the seamless wallet's answer must not wait on a database write); a flush every
 * PROVIDER_CALL_FLUSH_MS, and one at close, adds them to provider_call_minutes, so several instances
 * add up. Times go in fixed log buckets, which add up too: a percentile is read from the sum.
 */

/** How often this instance adds its counts to the table. */
export const PROVIDER_CALL_FLUSH_MS = 10_000;
/** Rows older than this are swept (the console reads the last hour). */
const KEEP_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;
/** Minutes × providers held in memory at most while the database does not take them; beyond, calls are dropped (and counted). */
const MAX_PENDING = 10_000;
/** A failure's reason as the console shows it. */
const REASON_MAX = 120;
/** Rows per statement of a flush (each row is 7 parameters, well under PostgreSQL's 65,535). */
const FLUSH_CHUNK = 1000;

/**
 * The buckets' upper bounds, ms: 2^(i/2) for i = 0…32 (1 ms to about 65 s, each √2 wider than the last,
 * so a percentile read from them is within 41% of the true time); a last bucket takes anything slower.
 */
export const LATENCY_BOUNDS_MS: readonly number[] = Array.from({ length: 33 }, (_, i) => 2 ** (i / 2));
export const BUCKET_COUNT = LATENCY_BOUNDS_MS.length + 1;

/** The bucket of a call that took `ms`. */
export function bucketOf(ms: number): number {
  if (!(ms > 1)) return 0;
  const i = Math.ceil(2 * Math.log2(ms) - 1e-9);
  return Math.min(i, BUCKET_COUNT - 1);
}

/** The `q` percentile (0–1) of the calls counted in `buckets`, as the upper bound of its bucket, ms; null without calls. */
export function percentileMs(buckets: readonly number[], q: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!;
    if (seen >= rank) return boundMs(i);
  }
  return boundMs(buckets.length - 1);
}

/** A bucket's upper bound as shown: whole ms from 10 ms, one decimal below; the last bucket shows the one before it. */
function boundMs(i: number): number {
  const b = LATENCY_BOUNDS_MS[Math.min(i, LATENCY_BOUNDS_MS.length - 1)]!;
  return b >= 10 ? Math.round(b) : Math.round(b * 10) / 10;
}

/** One provider's calls in one minute, as recorded in memory and as a row adds them. */
export interface ProviderCallMinute {
  provider: string;
  minuteMs: number;
  calls: number;
  errors: number;
  buckets: number[];
  lastErrorAtMs: number | null;
  lastError: string | null;
}

/** The calls of this process, by provider and minute, until a flush takes them. */
export class ProviderCallAggregator {
  private pending = new Map<string, ProviderCallMinute>();
  /** calls not recorded because too much was pending */
  dropped = 0;
  lastSweepMs = 0;

  record(provider: string, ms: number, ok: boolean, error?: string, nowMs: number = Date.now()): void {
    const minuteMs = nowMs - (nowMs % 60_000);
    const key = `${minuteMs}\u0000${provider}`;
    let m = this.pending.get(key);
    if (!m) {
      if (this.pending.size >= MAX_PENDING) {
        this.dropped += 1;
        return;
      }
      m = { provider, minuteMs, calls: 0, errors: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0), lastErrorAtMs: null, lastError: null };
      this.pending.set(key, m);
    }
    m.calls += 1;
    m.buckets[bucketOf(ms)]! += 1;
    if (!ok) {
      m.errors += 1;
      if (m.lastErrorAtMs === null || nowMs >= m.lastErrorAtMs) {
        m.lastErrorAtMs = nowMs;
        m.lastError = shortReason(error);
      }
    }
  }

  /** Everything recorded since the last take, handed over (this process holds none of it after). */
  take(): ProviderCallMinute[] {
    const rows = [...this.pending.values()];
    this.pending = new Map();
    return rows;
  }

  /** Takes back what a failed flush could not write, adding it to what was recorded meanwhile. */
  putBack(rows: readonly ProviderCallMinute[]): void {
    for (const r of rows) {
      const key = `${r.minuteMs}\u0000${r.provider}`;
      const m = this.pending.get(key);
      if (!m) {
        if (this.pending.size >= MAX_PENDING) this.dropped += r.calls;
        else this.pending.set(key, r);
        continue;
      }
      m.calls += r.calls;
      m.errors += r.errors;
      r.buckets.forEach((n, i) => (m.buckets[i]! += n));
      if (r.lastErrorAtMs !== null && (m.lastErrorAtMs === null || r.lastErrorAtMs > m.lastErrorAtMs)) {
        m.lastErrorAtMs = r.lastErrorAtMs;
        m.lastError = r.lastError;
      }
    }
  }
}

function shortReason(error: string | undefined): string {
  const text = (error ?? '').replace(/\s+/g, ' ').trim() || 'error';
  return text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;
}

/** This process's calls: what recordProviderCall adds to and the app's flush takes. */
export const providerCalls = new ProviderCallAggregator();

/** Records one call to or from a provider: its time, whether it went well, and why not. Memory only. */
export function recordProviderCall(provider: string, ms: number, ok: boolean, error?: string): void {
  providerCalls.record(provider, ms, ok, error);
}

/** What the transfer-wallet client calls after each HTTP call to the provider `code` (http-transfer.ts `observe`). */
export function providerCallObserver(code: string): (ms: number, ok: boolean, error?: string) => void {
  return (ms, ok, error) => providerCalls.record(code, ms, ok, error);
}

/**
 * Adds the aggregator's counts to provider_call_minutes, each to its (provider, minute) row, in one
 * transaction; when the database refuses, the counts go back to the aggregator for the next flush.
 * Sweeps rows past KEEP_MS now and then. Answers how many rows it added to.
 */
export async function flushProviderCalls(db: Kdb, aggregator: ProviderCallAggregator = providerCalls, nowMs: number = Date.now()): Promise<number> {
  const rows = aggregator.take();
  if (rows.length > 0) {
    try {
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < rows.length; i += FLUSH_CHUNK) {
          await tx
            .insertInto('provider_call_minutes')
            .values(
              rows.slice(i, i + FLUSH_CHUNK).map((r) => ({
                provider: r.provider,
                minute: new Date(r.minuteMs),
                calls: r.calls,
                errors: r.errors,
                buckets: r.buckets,
                last_error_at: r.lastErrorAtMs === null ? null : new Date(r.lastErrorAtMs),
                last_error: r.lastError,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['provider', 'minute']).doUpdateSet({
                calls: sql`provider_call_minutes.calls + excluded.calls`,
                errors: sql`provider_call_minutes.errors + excluded.errors`,
                buckets: sql`ARRAY(SELECT a + b FROM unnest(provider_call_minutes.buckets, excluded.buckets) WITH ORDINALITY AS t(a, b, n) ORDER BY n)`,
                last_error: sql`CASE WHEN excluded.last_error_at IS NOT NULL AND (provider_call_minutes.last_error_at IS NULL OR excluded.last_error_at >= provider_call_minutes.last_error_at) THEN excluded.last_error ELSE provider_call_minutes.last_error END`,
                last_error_at: sql`greatest(provider_call_minutes.last_error_at, excluded.last_error_at)`,
              }),
            )
            .execute();
        }
      });
    } catch (err) {
      aggregator.putBack(rows);
      throw err;
    }
  }
  if (nowMs - aggregator.lastSweepMs >= SWEEP_EVERY_MS) {
    aggregator.lastSweepMs = nowMs;
    await db.deleteFrom('provider_call_minutes').where('minute', '<', new Date(nowMs - KEEP_MS)).execute();
  }
  return rows.length;
}

/**
 * The flush with the app: every PROVIDER_CALL_FLUSH_MS from when it is ready, and a last one when it
 * closes (after the periodic one stopped), so no recorded call is lost on a clean stop.
 */
export function startProviderCallFlush(app: FastifyInstance, aggregator: ProviderCallAggregator = providerCalls): void {
  scheduleJob(app, 'provider call flush', PROVIDER_CALL_FLUSH_MS, () => flushProviderCalls(app.kdb, aggregator));
  app.addHook('onClose', async () => {
    await flushProviderCalls(app.kdb, aggregator).catch((err) => app.log.warn({ err }, 'provider call flush at close failed'));
  });
}

const emptyWindow = (): ProviderHealthWindow => ({ calls: 0, errors: 0, calls_per_min: 0, error_rate: 0, p99_ms: null, last_failure: null });

/**
 * Each provider's calls over the last 5 minutes and the last hour (the current minute counted as far
 * as it went), from provider_call_minutes: what every instance flushed. A provider without calls has no entry.
 */
export async function providerHealth(db: Kdb, now: Date = new Date()): Promise<Map<string, ProviderHealth>> {
  const nowMs = now.getTime();
  const minuteMs = nowMs - (nowMs % 60_000);
  const windows = { last_5m: minuteMs - 4 * 60_000, last_1h: minuteMs - 59 * 60_000 } as const;
  const rows = await db
    .selectFrom('provider_call_minutes')
    .select(['provider', 'minute', 'calls', 'errors', 'buckets', 'last_error_at', 'last_error'])
    .where('minute', '>=', new Date(windows.last_1h))
    .where('minute', '<=', new Date(minuteMs))
    .execute();
  const sums = new Map<string, Record<keyof typeof windows, { calls: number; errors: number; buckets: number[]; lastAt: Date | null; last: string | null }>>();
  for (const r of rows) {
    let s = sums.get(r.provider);
    if (!s) {
      const zero = () => ({ calls: 0, errors: 0, buckets: new Array<number>(BUCKET_COUNT).fill(0), lastAt: null, last: null });
      s = { last_5m: zero(), last_1h: zero() };
      sums.set(r.provider, s);
    }
    for (const w of Object.keys(windows) as (keyof typeof windows)[]) {
      if (r.minute.getTime() < windows[w]) continue;
      const t = s[w];
      t.calls += Number(r.calls);
      t.errors += Number(r.errors);
      r.buckets.forEach((n, i) => {
        if (i < BUCKET_COUNT) t.buckets[i]! += Number(n);
      });
      if (r.last_error_at && (!t.lastAt || r.last_error_at > t.lastAt)) {
        t.lastAt = r.last_error_at;
        t.last = r.last_error;
      }
    }
  }
  const out = new Map<string, ProviderHealth>();
  for (const [provider, s] of sums) {
    const health = { last_5m: emptyWindow(), last_1h: emptyWindow() };
    for (const w of Object.keys(windows) as (keyof typeof windows)[]) {
      const t = s[w];
      const minutes = (nowMs - windows[w]) / 60_000;
      health[w] = {
        calls: t.calls,
        errors: t.errors,
        calls_per_min: t.calls === 0 ? 0 : Math.round((t.calls / Math.max(minutes, 1 / 60)) * 10) / 10,
        error_rate: t.calls === 0 ? 0 : Math.round((t.errors / t.calls) * 10_000) / 10_000,
        p99_ms: percentileMs(t.buckets, 0.99),
        last_failure: t.lastAt ? { at: beijing(t.lastAt), reason: t.last ?? '' } : null,
      };
    }
    out.set(provider, health);
  }
  return out;
}

/** A provider's health when it has no calls in the last hour. */
export function noCalls(): ProviderHealth {
  return { last_5m: emptyWindow(), last_1h: emptyWindow() };
}
