import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtures, runSeamlessConformance, SEAMLESS_CASES, walletBase } from '../src/conformance/index.js';
import { RS } from '../src/index.js';

/** The kit itself: its cases named and written down, its fixtures checked, and a wallet that answers wrong failed. */
const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/conformance.md'), 'utf8');

const FIXTURES = {
  game: 'g',
  funded: { user: '1', token: 't1' },
  second: { user: '2', token: 't2' },
  excluded: { user: '3', token: 't3' },
  expiredToken: 'tx',
};

describe('the conformance kit', () => {
  it('has at least 30 cases with distinct names, each listed in docs/conformance.md', () => {
    const names = SEAMLESS_CASES.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(DOC).toContain(`- ${n}\n`);
    expect(DOC).toContain(`${names.length} named cases`);
  });

  it('checks the fixtures, naming every problem at once', () => {
    expect(readFixtures(FIXTURES)).toMatchObject({ currency: 'CNY', game: 'g' });
    expect(() => readFixtures({ ...FIXTURES, second: FIXTURES.funded, expiredToken: '' })).toThrow(/expiredToken.*second: another player/);
    expect(() => readFixtures({ ...FIXTURES, limited: { user: '4', token: 't4' } })).toThrow(/limited.stakeFen/);
    expect(() => readFixtures({ ...FIXTURES, currency: 'USD' })).toThrow(/CNY/);
    expect(() => readFixtures([])).toThrow(/object/);
  });

  it('adds the /provider-api prefix to a URL without a path', () => {
    expect(walletBase('http://h:1').toString()).toBe('http://h:1/provider-api');
    expect(walletBase('http://h:1/wallet/').toString()).toBe('http://h:1/wallet');
  });

  it('fails every case against a wallet that answers everything RS_OK with one balance, and skips cases without their fixture', async () => {
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        let reqUuid = '';
        try {
          reqUuid = JSON.parse(text).request_uuid ?? '';
        } catch {
          /* not JSON: answered all the same */
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: RS.ok, request_uuid: reqUuid, user: '1', currency: 'CNY', balance: 50_000 }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const lines: string[] = [];
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const report = await runSeamlessConformance({ url, merchant: 'm', key: 'k' }, readFixtures(FIXTURES), { log: (l) => lines.push(l) });
      const skipped = report.results.filter((r) => r.outcome === 'skipped').map((r) => r.name);
      expect(skipped).toEqual([expect.stringMatching(/another game/), expect.stringMatching(/over-limit/)]);
      // a wallet that says yes to everything passes only the cases that read it
      const passed = report.results.filter((r) => r.outcome === 'passed').map((r) => r.name);
      expect(passed).toEqual([expect.stringMatching(/^user info: answers/), expect.stringMatching(/^balance: answers/)]);
      expect(report.failed).toBe(SEAMLESS_CASES.length - 2 - passed.length);
      expect(lines.at(-1)).toBe(`${report.passed} passed, ${report.failed} failed, 2 skipped`);
      expect(lines.filter((l) => l.startsWith('FAIL  ')).every((l) => / — \S/.test(l))).toBe(true);
    } finally {
      await new Promise((done) => server.close(done));
    }
  }, 60_000);
});
