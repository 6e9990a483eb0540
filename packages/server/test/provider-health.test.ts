import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET_COUNT, bucketOf, flushProviderCalls, LATENCY_BOUNDS_MS, percentileMs, ProviderCallAggregator, providerHealth } from '../src/modules/providers/health.js';
import { startServer, type TestServer } from './harness.js';

/**
 * A provider's health (the console's calls per minute, error rate, p99 and last failure): each
 * instance counts its calls in memory by minute, in fixed log buckets of time, and adds them to the
 * provider's row of that minute, so the rows hold every instance's sum and a percentile is read from it.
 */
let s: TestServer;

beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
});
afterAll(() => s.close());

const minuteOf = (ms: number) => ms - (ms % 60_000);
let seq = 0;
const provider = () => `HEALTH_${Date.now().toString(36)}_${++seq}`;

describe('latency buckets', () => {
  it('puts each time in the first bucket whose bound holds it, each bound √2 above the last, the slowest in the last', () => {
    expect(LATENCY_BOUNDS_MS[0]).toBe(1);
    expect(LATENCY_BOUNDS_MS[2]).toBe(2);
    expect(LATENCY_BOUNDS_MS[32]).toBe(65_536);
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(1)).toBe(0);
    expect(bucketOf(1.2)).toBe(1);
    expect(bucketOf(2)).toBe(2);
    expect(bucketOf(90)).toBe(13); // 2^6.5 ≈ 90.5
    expect(bucketOf(91)).toBe(14);
    expect(bucketOf(10 * 60_000)).toBe(BUCKET_COUNT - 1);
  });

  it('reads the 99th percentile as the bound of the bucket holding the 99th of 100 calls', () => {
    const buckets = new Array<number>(BUCKET_COUNT).fill(0);
    buckets[bucketOf(10)] = 98; // ≤ 11.3 ms
    buckets[bucketOf(300)] = 1; // ≤ 362 ms
    buckets[bucketOf(5000)] = 1; // ≤ 5793 ms
    expect(percentileMs(buckets, 0.99)).toBe(362);
    expect(percentileMs(buckets, 0.5)).toBe(11);
    buckets[bucketOf(5000)] = 2; // 101 calls: the 100th is now the slowest bucket's
    expect(percentileMs(buckets, 0.99)).toBe(5793);
    expect(percentileMs(new Array<number>(BUCKET_COUNT).fill(0), 0.99)).toBeNull();
  });
});

describe('two instances add up', () => {
  it('flushes each instance into the same minute rows: counts, errors, p99 and the newest failure are of the sum', async () => {
    const code = provider();
    const now = Date.now();
    const minute = minuteOf(now);
    const a = new ProviderCallAggregator();
    const b = new ProviderCallAggregator();
    // Instance a: 60 fast calls this minute, 2 of them failed; instance b: 40 calls this minute, one
    // slow one failed later than a's failures, and 20 calls two minutes ago.
    for (let i = 0; i < 60; i++) a.record(code, 8, i >= 2, i < 2 ? 'venue did not answer within 5000 ms' : undefined, minute + 1000 + i);
    for (let i = 0; i < 39; i++) b.record(code, 20, true, undefined, minute + 2000 + i);
    b.record(code, 4000, false, 'HTTP 503 INTERNAL_ERROR', minute + 5000);
    for (let i = 0; i < 20; i++) b.record(code, 20, true, undefined, minute - 2 * 60_000 + i);

    expect(await flushProviderCalls(s.db.kysely, a, now)).toBe(1);
    expect(await flushProviderCalls(s.db.kysely, b, now)).toBe(2);
    // Nothing is held after a flush: a second one adds nothing.
    expect(await flushProviderCalls(s.db.kysely, a, now)).toBe(0);

    const rows = await s.db.kysely.selectFrom('provider_call_minutes').selectAll().where('provider', '=', code).orderBy('minute').execute();
    expect(rows.map((r) => [r.minute.getTime(), r.calls, r.errors])).toEqual([
      [minute - 2 * 60_000, 20, 0],
      [minute, 100, 3],
    ]);
    expect(rows[1]!.buckets).toHaveLength(BUCKET_COUNT);
    expect(rows[1]!.last_error).toBe('HTTP 503 INTERNAL_ERROR');

    const health = (await providerHealth(s.db.kysely, new Date(now)))!.get(code)!;
    const elapsed5 = (now - (minute - 4 * 60_000)) / 60_000;
    expect(health.last_5m).toMatchObject({ calls: 120, errors: 3, error_rate: 0.025, p99_ms: 23, last_failure: { reason: 'HTTP 503 INTERNAL_ERROR' } });
    expect(health.last_5m.calls_per_min).toBeCloseTo(120 / elapsed5, 0);
    expect(health.last_1h).toMatchObject({ calls: 120, errors: 3, error_rate: 0.025 });
    // The slow failure is the 120th of 120: past the 99th percentile (the 119th call, ≤ 22.6 ms).
    expect(health.last_5m.p99_ms).toBeLessThan(4000);
  });

  it('counts the minutes of each window: a call 10 minutes ago is in the hour, not the last 5 minutes', async () => {
    const code = provider();
    const now = Date.now();
    const agg = new ProviderCallAggregator();
    agg.record(code, 50, false, 'signature refused', minuteOf(now) - 10 * 60_000 + 5);
    agg.record(code, 50, true, undefined, minuteOf(now) - 61 * 60_000); // older than the hour
    await flushProviderCalls(s.db.kysely, agg, now);
    const health = (await providerHealth(s.db.kysely, new Date(now))).get(code)!;
    expect(health.last_5m).toEqual({ calls: 0, errors: 0, calls_per_min: 0, error_rate: 0, p99_ms: null, last_failure: null });
    expect(health.last_1h).toMatchObject({ calls: 1, errors: 1, error_rate: 1, p99_ms: 64, last_failure: { reason: 'signature refused' } });
  });

  it('keeps what a failed flush could not write and adds it at the next one', async () => {
    const code = provider();
    const now = Date.now();
    const agg = new ProviderCallAggregator();
    agg.record(code, 5, true, undefined, now);
    const refusing = { transaction: () => ({ execute: async () => Promise.reject(new Error('database away')) }) } as unknown as typeof s.db.kysely;
    await expect(flushProviderCalls(refusing, agg, now)).rejects.toThrow('database away');
    agg.record(code, 5, false, 'late', now);
    expect(await flushProviderCalls(s.db.kysely, agg, now)).toBe(1);
    const [row] = await s.db.kysely.selectFrom('provider_call_minutes').selectAll().where('provider', '=', code).execute();
    expect(row).toMatchObject({ calls: 2, errors: 1, last_error: 'late' });
  });
});
