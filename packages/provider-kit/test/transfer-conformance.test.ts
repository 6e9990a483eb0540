import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTransferConformance, TRANSFER_CASES } from '../src/conformance/index.js';
import { TRANSFER_PATHS } from '../src/index.js';

/** The transfer kit itself: its cases named and written down, and a provider that applies a transfer id twice failed. */
const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../docs/conformance.md'), 'utf8');

describe('the transfer conformance kit', () => {
  it('has at least 20 cases with distinct names, each listed in docs/conformance.md', () => {
    const names = TRANSFER_CASES.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(DOC).toContain(`- ${n}\n`);
    expect(DOC).toContain(`runs ${names.length} named cases`);
  });

  it('fails a provider that checks no signature and applies a transfer id every time it is sent', async () => {
    const held = new Map<string, number>();
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const b = JSON.parse(text) as { player: string; venue: string; venues?: string[]; amount_fen: number };
        const key = `${b.player}/${b.venue}`;
        const p = (req.url ?? '').slice('/p'.length);
        let answer: object = {};
        if (p === TRANSFER_PATHS.balance) answer = { balances: Object.fromEntries((b.venues ?? []).map((v) => [v, held.get(`${b.player}/${v}`) ?? 0])) };
        else if (p === TRANSFER_PATHS.transferIn) (held.set(key, (held.get(key) ?? 0) + b.amount_fen), (answer = { status: 'ok' }));
        else if (p === TRANSFER_PATHS.transferOut) answer = (held.get(key) ?? 0) < b.amount_fen ? { status: 'failed', reason: 'insufficient_balance' } : (held.set(key, held.get(key)! - b.amount_fen), { status: 'ok' });
        else if (p === TRANSFER_PATHS.transferStatus) answer = { status: 'applied' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'OK', ...answer }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const lines: string[] = [];
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/p`;
      const only = ['transfer in: credits', 'transfer in: the same transfer_id sent again', 'transfer out: the same transfer_id sent again', 'signature: a bad signature'];
      const report = await runTransferConformance({ url, merchant: 'm', key: 'k', venue: 'V1' }, { only, log: (l) => lines.push(l) });
      expect(report.results.map((r) => r.outcome), lines.join('\n')).toEqual(['passed', 'failed', 'failed', 'failed']);
      expect(lines.join('\n')).toMatch(/FAIL {2}transfer in: the same transfer_id sent again .* — after the same transfer in id sent again: the balance reads 600, expected 200/);
      expect(lines.join('\n')).toMatch(/FAIL {2}signature: a bad signature .* — .*HTTP 200 .*expected 401 with code SIGNATURE_INVALID/);
      expect(lines.at(-1)).toBe('1 passed, 3 failed');
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
