import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, HOUSE, HOUSE_SHARDS, houseBalanceFen, memberWalletId, post, postMany, systemAccountId } from '../src/modules/ledger/service.js';
import { fund, memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * Sharded house accounts: the house accounts every bet or bonus touches are split
 * into HOUSE_SHARDS sub-accounts, so concurrent stakes of different members lock different rows. A
 * member's journals with one house account always land on the same sub-account; the house balance
 * is the sum of them all; the ledger check holds; the withdrawal accounts stay whole.
 */
let s: TestServer;
const db = () => s.db.kysely;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

async function members(n: number): Promise<{ id: number; wallet: number }[]> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const id = await memberIdOf(s, (await registerMember(s, uniqueName('sh'), 'secret123', { payPassword: null })).token);
    await fund(s, id, 1000);
    out.push({ id, wallet: await memberWalletId(db(), id) });
  }
  return out;
}

/** The sub-account of `code` each journal's house entry landed on. */
async function landedOn(keys: string[], code: string): Promise<Map<string, string>> {
  const rows = await db()
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['j.idem_key', 'a.code'])
    .where('j.idem_key', 'in', keys)
    .where('a.house', '=', code)
    .execute();
  return new Map(rows.map((r) => [r.idem_key, r.code]));
}

describe('sharded house accounts', () => {
  it('open with their sub-accounts, each naming the house account it belongs to', async () => {
    const id = await systemAccountId(db(), HOUSE.lottery);
    const rows = await db().selectFrom('ledger_accounts').select(['id', 'code', 'house', 'shards', 'allow_negative']).where('house', '=', HOUSE.lottery).orderBy('id').execute();
    expect(rows).toHaveLength(HOUSE_SHARDS);
    expect(rows.find((r) => r.id === id)).toMatchObject({ code: HOUSE.lottery, shards: HOUSE_SHARDS });
    expect(rows.filter((r) => r.id !== id).map((r) => r.code).sort()).toEqual(Array.from({ length: HOUSE_SHARDS - 1 }, (_, i) => `${HOUSE.lottery}#${i + 1}`).sort());
    expect(rows.every((r) => r.allow_negative)).toBe(true);
    // Withdrawal money is held per order on one account that may not go negative: not sharded.
    await systemAccountId(db(), HOUSE.withdrawalsInFlight);
    expect(await db().selectFrom('ledger_accounts').select('code').where('house', '=', HOUSE.withdrawalsInFlight).execute()).toEqual([{ code: HOUSE.withdrawalsInFlight }]);
  });

  it('spread different members over the shards, keep each member on one, and sum to the house balance', async () => {
    const house = await systemAccountId(db(), HOUSE.lottery);
    const before = await houseBalanceFen(db(), HOUSE.lottery);
    const ms = await members(24);
    const run = uniqueName('stake');
    const keys: string[] = [];
    // Two stakes per member, the second with postMany (the batch form picks the same shard).
    for (const [i, m] of ms.entries()) {
      const key = `${run}:${i}:a`;
      keys.push(key);
      await db().transaction().execute((tx) => post(tx, { idemKey: key, kind: 'test_stake', entries: [{ accountId: m.wallet, amountFen: -100 }, { accountId: house, amountFen: 100 }] }));
    }
    const batch = ms.map((m, i) => ({ idemKey: `${run}:${i}:b`, kind: 'test_stake', entries: [{ accountId: house, amountFen: 250 }, { accountId: m.wallet, amountFen: -250 }] }));
    await db().transaction().execute((tx) => postMany(tx, batch));
    keys.push(...batch.map((j) => j.idemKey));

    const landed = await landedOn(keys, HOUSE.lottery);
    expect(landed.size).toBe(keys.length);
    for (const i of ms.keys()) expect(landed.get(`${run}:${i}:b`)).toBe(landed.get(`${run}:${i}:a`));
    expect(new Set(landed.values()).size).toBeGreaterThan(HOUSE_SHARDS / 2);
    expect(await houseBalanceFen(db(), HOUSE.lottery)).toBe(before + 24 * 350);
    expect((await checkLedger(db())).ok).toBe(true);
  });

  it('take concurrent stakes of many members without a lost update or a deadlock', async () => {
    const house = await systemAccountId(db(), HOUSE.redPackets);
    const before = await houseBalanceFen(db(), HOUSE.redPackets);
    const ms = await members(16);
    const run = uniqueName('conc');
    await Promise.all(
      ms.flatMap((m, i) =>
        [0, 1, 2].map((k) =>
          db()
            .transaction()
            .execute((tx) => post(tx, { idemKey: `${run}:${i}:${k}`, kind: 'test_packet', entries: [{ accountId: house, amountFen: -7 }, { accountId: m.wallet, amountFen: 7 }] })),
        ),
      ),
    );
    expect(await houseBalanceFen(db(), HOUSE.redPackets)).toBe(before - 16 * 3 * 7);
    expect((await checkLedger(db())).ok).toBe(true);
  });
});
