import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, ensureAccount, InsufficientFunds, post, postMany } from '../src/modules/ledger/service.js';
import { startServer, uniqueName, type TestServer } from './harness.js';

/**
 * postMany: the batch form of post() that the nightly passes use (the VIP pass's level-up bonuses):
 * each journal balanced, a used key skipped rather than posted twice, a non-negative account never
 * below zero — a refusal refuses the whole batch.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function accounts() {
  const run = uniqueName('batch');
  const house = await ensureAccount(s.db.kysely, `${run}:house`, 'house', { allowNegative: true });
  const a = await ensureAccount(s.db.kysely, `${run}:a`, 'test_wallet');
  const b = await ensureAccount(s.db.kysely, `${run}:b`, 'test_wallet');
  return { run, house, a, b };
}

async function balances(ids: number[]) {
  const rows = await s.db.kysely.selectFrom('ledger_accounts').select(['id', 'balance_fen']).where('id', 'in', ids).execute();
  return ids.map((id) => Number(rows.find((r) => r.id === id)!.balance_fen));
}

async function journalsLike(prefix: string) {
  return s.db.kysely.selectFrom('ledger_journals').select('idem_key').where('idem_key', 'like', `${prefix}%`).orderBy('idem_key').execute();
}

describe('postMany', () => {
  it('posts every journal of the batch with its entries and answers the key → journal id of each', async () => {
    const { run, house, a, b } = await accounts();
    const created = await s.db.kysely.transaction().execute((tx) =>
      postMany(tx, [
        { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -300 }, { accountId: a, amountFen: 300 }] },
        { idemKey: `${run}:2`, kind: 'test_batch', entries: [{ accountId: b, amountFen: 500 }, { accountId: house, amountFen: -500 }] },
      ]),
    );
    expect([...created.keys()].sort()).toEqual([`${run}:1`, `${run}:2`]);
    expect(await balances([house, a, b])).toEqual([-800, 300, 500]);
    const entries = await s.db.kysely.selectFrom('ledger_entries').select(['account_id', 'amount_fen']).where('journal_id', '=', created.get(`${run}:2`)!).orderBy('account_id').execute();
    expect(entries.map((e) => [e.account_id, Number(e.amount_fen)]).sort((x, y) => x[0] - y[0])).toEqual(
      [[house, -500], [b, 500]].sort((x, y) => x[0] - y[0]),
    );
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });

  it('skips a journal whose key was used already, and posts the others', async () => {
    const { run, house, a, b } = await accounts();
    await s.db.kysely.transaction().execute((tx) => post(tx, { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -100 }, { accountId: a, amountFen: 100 }] }));
    const created = await s.db.kysely.transaction().execute((tx) =>
      postMany(tx, [
        { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -100 }, { accountId: a, amountFen: 100 }] },
        { idemKey: `${run}:2`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -200 }, { accountId: b, amountFen: 200 }] },
      ]),
    );
    expect([...created.keys()]).toEqual([`${run}:2`]);
    expect(await balances([house, a, b])).toEqual([-300, 100, 200]);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });

  it('refuses an unbalanced journal and writes nothing of the batch', async () => {
    const { run, house, a } = await accounts();
    const batch = s.db.kysely.transaction().execute((tx) =>
      postMany(tx, [
        { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -100 }, { accountId: a, amountFen: 100 }] },
        { idemKey: `${run}:2`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -100 }, { accountId: a, amountFen: 99 }] },
      ]),
    );
    await expect(batch).rejects.toThrow(`journal ${run}:2 is unbalanced`);
    expect(await journalsLike(run)).toEqual([]);
    expect(await balances([house, a])).toEqual([0, 0]);
  });

  it('refuses the whole batch when a non-negative account would go below zero', async () => {
    const { run, house, a, b } = await accounts();
    await s.db.kysely.transaction().execute((tx) => post(tx, { idemKey: `${run}:seed`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -100 }, { accountId: a, amountFen: 100 }] }));
    const batch = s.db.kysely.transaction().execute((tx) =>
      postMany(tx, [
        { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -500 }, { accountId: b, amountFen: 500 }] },
        { idemKey: `${run}:2`, kind: 'test_batch', entries: [{ accountId: a, amountFen: -101 }, { accountId: house, amountFen: 101 }] },
      ]),
    );
    await expect(batch).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(batch).rejects.toMatchObject({ accountId: a });
    expect((await journalsLike(run)).map((j) => j.idem_key)).toEqual([`${run}:seed`]);
    expect(await balances([house, a, b])).toEqual([-100, 100, 0]);
    expect((await checkLedger(s.db.kysely)).ok).toBe(true);
  });

  it('refuses a batch that repeats a key', async () => {
    const { run, house, a } = await accounts();
    const j = { idemKey: `${run}:1`, kind: 'test_batch', entries: [{ accountId: house, amountFen: -1 }, { accountId: a, amountFen: 1 }] };
    await expect(s.db.kysely.transaction().execute((tx) => postMany(tx, [j, j]))).rejects.toThrow('repeats an idempotency key');
    expect(await journalsLike(run)).toEqual([]);
  });
});
