import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX } from '@app/provider-kit';
import { readFixtures, runSeamlessConformance, SEAMLESS_CASES, type ConformanceReport } from '@app/provider-kit/conformance';
import { checkLedger } from '../src/modules/ledger/service.js';
import { prepareSeamlessFixtures, type PreparedFixtures } from '../src/modules/providers/conformance-fixtures.js';
import { startServer, type TestServer } from './harness.js';

/**
 * The seamless-wallet conformance kit run over HTTP against the platform, with fixtures the platform
 * prepares for it; and the kit shown able to fail (a wrong key, a wallet that charges a resent bet again).
 */
let s: TestServer;
let prepared: PreparedFixtures;

beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0 });
  prepared = await prepareSeamlessFixtures(s.db.kysely);
});
afterAll(() => s.close());

async function run(opts: { url?: string; key?: string; only?: string[] } = {}): Promise<{ report: ConformanceReport; lines: string[] }> {
  const lines: string[] = [];
  const report = await runSeamlessConformance({ url: opts.url ?? s.url, merchant: prepared.merchant, key: opts.key ?? prepared.key }, readFixtures(prepared.fixtures), { only: opts.only, log: (l) => lines.push(l) });
  return { report, lines };
}

describe('the platform’s seamless wallet', () => {
  it('passes every case of the conformance kit, and the ledger check after it', async () => {
    const { report, lines } = await run();
    expect(report.failed, lines.join('\n')).toBe(0);
    expect(report.skipped, lines.join('\n')).toBe(0);
    expect(report.passed).toBe(SEAMLESS_CASES.length);
    expect(report.passed).toBeGreaterThanOrEqual(30);
    expect(lines.at(-1)).toBe(`${SEAMLESS_CASES.length} passed, 0 failed`);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  }, 300_000);

  it('passes again on the same fixtures (the concurrent bets are given back)', async () => {
    const { report, lines } = await run({ only: ['concurrency:'] });
    expect(report.failed, lines.join('\n')).toBe(0);
    expect(report.passed).toBe(2);
  }, 120_000);
});

describe('the kit can fail', () => {
  it('fails a case signed with a key the wallet does not hold', async () => {
    const { report, lines } = await run({ key: 'k'.repeat(64), only: ['balance: answers the player', 'transaction: the same bet resent'] });
    expect(report).toMatchObject({ passed: 0, failed: 2 });
    expect(lines.join('\n')).toMatch(/FAIL {2}transaction: the same bet resent .* — .*RS_ERROR_INVALID_SIGNATURE, expected RS_OK/);
    expect(lines.at(-1)).toBe('0 passed, 2 failed');
  });

  it('fails a wallet that charges a resent bet again, and one whose concurrent bets go below zero', async () => {
    const fake = await doubleChargingWallet();
    try {
      const { report, lines } = await run({ url: fake.url, only: ['transaction: the same bet resent', 'concurrency: 50 bets'] });
      expect(report, lines.join('\n')).toMatchObject({ passed: 0, failed: 2 });
      expect(lines.join('\n')).toMatch(/the same bet resent answered balance \d+, its original result was \d+/);
    } finally {
      await new Promise((done) => fake.server.close(done));
    }
  }, 60_000);
});

describe('the fixtures', () => {
  it('are refused in production', async () => {
    await expect(prepareSeamlessFixtures(s.db.kysely, { env: { NODE_ENV: 'production' } })).rejects.toThrow(/production/);
  });
});

/**
 * A wallet that forgets nothing is ever sent twice: it answers well-formed calls, checks no signature,
 * charges every bet it gets (a resent one again) and lets a balance go below zero.
 */
async function doubleChargingWallet(): Promise<{ server: Server; url: string }> {
  const balances = new Map<string, number>();
  const bodyOf = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return JSON.parse(text) as { request_uuid: string; user: string; amount?: number; reference_transaction_uuid?: string };
  };
  const server = createServer(async (req, res) => {
    const b = await bodyOf(req);
    const balance = balances.get(b.user) ?? 100_000;
    const path = (req.url ?? '').slice(SEAMLESS_PREFIX.length);
    let after = balance;
    if (path === SEAMLESS_PATH.bet) after = balance - (b.amount ?? 0);
    balances.set(b.user, after);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: RS.ok, request_uuid: b.request_uuid, user: b.user, currency: 'CNY', balance: after }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
