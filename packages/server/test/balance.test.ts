import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ensureAccount, openMemberWallet, post } from '../src/modules/ledger/service.js';
import { balancesMoved, balancesMovedElsewhere, DISPLAY_KEEP_MS, DISPLAY_MOVING_MS, DISPLAY_SHORT_MS, displayBalanceFen } from '../src/modules/ledger/display.js';
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

describe('the balance kept between polls (ledger/display.ts)', () => {
  const newMember = async () => memberIdOf((await registerMember(s)).token);
  const memberIdOf = async (token: string) => (await s.api('/api/user', {}, { token })).data.id as number;
  const shown = (id: number, atMs: number, epoch: number | null = 0) => displayBalanceFen(s.db.kysely, id, epoch, atMs);
  // The wallet changed behind the ledger's back, as only a lost Redis message could leave it: what an
  // instance shows then is what it keeps.
  const changeUnheard = (id: number, fen: number) =>
    sql`UPDATE ledger_accounts SET balance_fen = ${fen} WHERE member_id = ${id} AND kind = 'member_wallet'`.execute(s.db.kysely);
  const restore = (id: number) => changeUnheard(id, 0);

  it(`keeps a balance for ${DISPLAY_KEEP_MS / 1000} s when no posting of the member was heard, then reads it anew`, async () => {
    const id = await newMember();
    const t0 = Date.now();
    expect(await shown(id, t0)).toBe(0);
    await changeUnheard(id, 777);
    expect(await shown(id, t0 + DISPLAY_KEEP_MS - 1)).toBe(0);
    expect(await shown(id, t0 + DISPLAY_KEEP_MS)).toBe(777);
    await restore(id);
  });

  it("drops it as soon as a posting of the member is heard, this instance's or another's, and only that member's", async () => {
    const [mine, theirs, other] = [await newMember(), await newMember(), await newMember()];
    const t0 = Date.now();
    for (const id of [mine, theirs, other]) expect(await shown(id, t0)).toBe(0);
    for (const id of [mine, theirs, other]) await changeUnheard(id, 500);
    balancesMoved([mine], t0 + 10);
    balancesMovedElsewhere([theirs], t0 + 10);
    expect(await shown(mine, t0 + 20)).toBe(500);
    expect(await shown(theirs, t0 + 20)).toBe(500);
    expect(await shown(other, t0 + 20)).toBe(0);
    for (const id of [mine, theirs, other]) await restore(id);
  });

  it(`keeps a read made within ${DISPLAY_MOVING_MS / 1000} s of a heard posting (its transaction may not have committed) for ${DISPLAY_SHORT_MS / 1000} s only`, async () => {
    const id = await newMember();
    const t0 = Date.now();
    balancesMoved([id], t0);
    expect(await shown(id, t0 + 1)).toBe(0);
    await changeUnheard(id, 300);
    expect(await shown(id, t0 + DISPLAY_SHORT_MS)).toBe(0);
    expect(await shown(id, t0 + 1 + DISPLAY_SHORT_MS)).toBe(300);
    // Read once the posting has surely committed: kept long again.
    expect(await shown(id, t0 + DISPLAY_MOVING_MS)).toBe(300);
    await changeUnheard(id, 400);
    expect(await shown(id, t0 + DISPLAY_MOVING_MS + DISPLAY_KEEP_MS - 1)).toBe(300);
    await restore(id);
  });

  it(`keeps nothing longer than ${DISPLAY_SHORT_MS / 1000} s while Redis is away, and nothing from one epoch into the next`, async () => {
    const id = await newMember();
    const t0 = Date.now();
    expect(await shown(id, t0, null)).toBe(0);
    await changeUnheard(id, 100);
    expect(await shown(id, t0 + DISPLAY_SHORT_MS - 1, null)).toBe(0);
    expect(await shown(id, t0 + DISPLAY_SHORT_MS, null)).toBe(100);
    expect(await shown(id, t0 + DISPLAY_SHORT_MS + 1, 7)).toBe(100);
    await changeUnheard(id, 200);
    expect(await shown(id, t0 + DISPLAY_SHORT_MS + 2, 8)).toBe(200);
    await restore(id);
  });
});

describe('security headers', () => {
  it('sends helmet headers on every response: the pages’ content security policy, and a short one on API answers', async () => {
    for (const path of ['/api/app', '/api/balance', '/healthz', '/']) {
      const api = path.startsWith('/api/');
      const res = await fetch(s.url + path, { method: api ? 'POST' : 'GET', headers: { 'content-type': 'application/json' }, body: api ? '{}' : undefined });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if (api) expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      else expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self';.*frame-src 'self'/);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });
});
