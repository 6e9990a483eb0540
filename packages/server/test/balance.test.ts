import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount, openMemberWallet, post } from '../src/modules/ledger/service.js';
import { registerMember, startServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function credit(memberId: number, amountFen: number): Promise<void> {
  await s.db.kysely.transaction().execute(async (tx) => {
    const house = await ensureAccount(tx, 'house:test_adjustments', 'house', { allowNegative: true });
    const wallet = await openMemberWallet(tx, memberId);
    await post(tx, { idemKey: `test-credit-${memberId}-${amountFen}`, kind: 'adjustment', entries: [{ accountId: house, amountFen: -amountFen }, { accountId: wallet, amountFen }] });
  });
}

describe('the balance poll', () => {
  it('shows a posting at the very next poll, however often it was polled before', async () => {
    const m = await registerMember(s);
    const id = (await s.api('/api/user', {}, { token: m.token })).data.id as number;
    for (let i = 0; i < 5; i++) expect((await s.api('/api/balance', {}, { token: m.token })).data).toEqual({ balance: 0 });
    await credit(id, 12_345);
    expect((await s.api('/api/balance', {}, { token: m.token })).data).toEqual({ balance: 123.45 });
  });

  it('answers one member only: two members polling see their own balances', async () => {
    const a = await registerMember(s);
    const b = await registerMember(s);
    await credit((await s.api('/api/user', {}, { token: a.token })).data.id, 500);
    expect((await s.api('/api/balance', {}, { token: a.token })).data.balance).toBe(5);
    expect((await s.api('/api/balance', {}, { token: b.token })).data.balance).toBe(0);
  });
});

describe('security headers', () => {
  it('sends helmet headers and our content security policy on every response', async () => {
    for (const path of ['/api/app', '/healthz']) {
      const res = await fetch(s.url + path, { method: path === '/healthz' ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: path === '/healthz' ? undefined : '{}' });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('strict-transport-security')).toBeTruthy();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});
