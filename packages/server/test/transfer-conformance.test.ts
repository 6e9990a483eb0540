import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransferConformance, TRANSFER_CASES, type ConformanceReport } from '@app/provider-kit/conformance';
import { DEMO_PROVIDER_PREFIX } from '../src/config.js';
import { checkDemoVenue } from '../src/venue-demo/store.js';
import { startServer, type TestServer } from './harness.js';

/**
 * The transfer-wallet conformance kit run over HTTP against the platform's built-in demo venue, the
 * kit signing as the platform with the demo provider's key; and the kit shown able to fail (a wrong key).
 */
let s: TestServer;

beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0 });
});
afterAll(() => s.close());

async function run(opts: { key?: string; only?: string[] } = {}): Promise<{ report: ConformanceReport; lines: string[] }> {
  const lines: string[] = [];
  const { merchant, key } = s.config.demoProvider;
  const target = { url: `${s.url}${DEMO_PROVIDER_PREFIX}`, merchant, key: opts.key ?? key, venue: 'DEMOLIVEA' };
  const report = await runTransferConformance(target, { only: opts.only, log: (l) => lines.push(l) });
  return { report, lines };
}

describe('the demo venue’s transfer wallet', () => {
  it('passes every case of the conformance kit, and its books check after it', async () => {
    const { report, lines } = await run();
    expect(report.failed, lines.join('\n')).toBe(0);
    expect(report.skipped, lines.join('\n')).toBe(0);
    expect(report.passed).toBe(TRANSFER_CASES.length);
    expect(report.passed).toBeGreaterThanOrEqual(20);
    expect(lines.at(-1)).toBe(`${TRANSFER_CASES.length} passed, 0 failed`);
    const books = await checkDemoVenue(s.db.kysely);
    expect(books.mismatches).toEqual([]);
    expect(books.ok).toBe(true);
  }, 300_000);

  it('passes again in the same database (every run makes its own players)', async () => {
    const { report, lines } = await run({ only: ['concurrency:', 'transfer in:'] });
    expect(report.failed, lines.join('\n')).toBe(0);
    expect(report.passed).toBe(TRANSFER_CASES.filter((c) => c.name.startsWith('concurrency:') || c.name.startsWith('transfer in:')).length);
  }, 120_000);
});

describe('the kit can fail', () => {
  it('fails the cases, without crashing, when it signs with a key the provider does not hold', async () => {
    const only = ['transfer in: credits', 'balance: a new player', 'games: answers', 'void: a second void'];
    const { report, lines } = await run({ key: 'k'.repeat(64), only });
    expect(report, lines.join('\n')).toMatchObject({ passed: 0, failed: only.length, skipped: 0 });
    expect(lines.join('\n')).toMatch(/FAIL {2}transfer in: credits .* — create player cf[0-9a-f]+: HTTP 401 .*SIGNATURE_INVALID.*, expected 200 with code OK/);
    expect(lines.at(-1)).toBe(`0 passed, ${only.length} failed`);
  });
});
