import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleJob } from './jobs.js';

/** A JobHost whose hooks the test runs itself. */
function host() {
  const hooks: Record<string, (() => Promise<void>)[]> = { onReady: [], onClose: [] };
  const warned: unknown[] = [];
  return {
    app: { log: { warn: (o: unknown) => warned.push(o) } as never, addHook: (name: 'onReady' | 'onClose', fn: () => Promise<void>) => hooks[name]!.push(fn) },
    ready: () => Promise.all(hooks.onReady!.map((f) => f())),
    close: () => Promise.all(hooks.onClose!.map((f) => f())),
    warned,
  };
}
/** The test's clock: fake timers, moved on by hand (so a busy machine cannot make a pass late). */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('scheduleJob runIn', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs one extra pass at the moment asked, long before the next tick', async () => {
    const h = host();
    const at: number[] = [];
    const job = scheduleJob(h.app, 'test', 60_000, async () => void at.push(Date.now()));
    await h.ready();
    expect(at).toHaveLength(1); // the first pass, at ready
    const asked = Date.now();
    job.runIn(100);
    await sleep(60);
    expect(at).toHaveLength(1);
    await sleep(300);
    expect(at).toHaveLength(2);
    expect(at[1]! - asked).toBeGreaterThanOrEqual(95);
    // a later request replaces a waiting one: one pass, at the later moment
    job.runIn(20);
    job.runIn(80);
    await sleep(50);
    expect(at).toHaveLength(2);
    await sleep(300);
    expect(at).toHaveLength(3);
    await h.close();
  });

  it('follows a pass running at that moment with one more, never two at once', async () => {
    const h = host();
    let running = 0;
    let most = 0;
    let passes = 0;
    const job = scheduleJob(h.app, 'test', 60_000, async () => {
      running += 1;
      most = Math.max(most, running);
      passes += 1;
      await new Promise((r) => setTimeout(r, 100)); // a pass that takes 100 ms of the test's clock
      running -= 1;
    });
    await h.ready(); // the first pass runs 100 ms
    job.runIn(20); // due while it runs
    await sleep(250);
    expect(passes).toBe(2);
    await sleep(200);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    await h.close();
  });

  it('does nothing once the app closed, nor for a job that never runs', async () => {
    const h = host();
    let passes = 0;
    const job = scheduleJob(h.app, 'test', 60_000, async () => void (passes += 1));
    await h.ready();
    job.runIn(30);
    await h.close();
    job.runIn(10);
    await sleep(80);
    expect(passes).toBe(1);
    let never = 0;
    scheduleJob(h.app, 'off', 0, async () => void (never += 1)).runIn(0);
    await sleep(20);
    expect(never).toBe(0);
  });
});
