import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '@app/contract';
import { AppError } from '../src/http/errors.js';
import { checkLedger, ensureAccount, InsufficientFunds, post, type EntryInput } from '../src/modules/ledger/service.js';
import { startServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const MEMBERS = 5;
const SEED_FEN = 10_000; // per member, from the house
const TRANSACTIONS = 200;
const DUPLICATE_EVERY = 8; // every 8th transaction reuses an earlier key

/** A small deterministic generator, so a failing interleaving can be rerun with the same journals. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Attempt {
  idemKey: string;
  entries: EntryInput[];
}

/**
 * Random transfers among the members: one payer to one or two payees, amounts up to 1.2 × a seeded
 * balance so many must fail for funds, and every DUPLICATE_EVERY-th a small copy-paste of an earlier
 * key (a double click arriving at the same moment as the first).
 */
function randomAttempts(seed: number, run: string, wallets: number[]): Attempt[] {
  const rand = mulberry32(seed);
  const pick = (n: number) => Math.floor(rand() * n);
  const attempts: Attempt[] = [];
  const smallKeys: Attempt[] = [];
  for (let i = 0; i < TRANSACTIONS; i++) {
    if (i % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && smallKeys.length > 0) {
      attempts.push(smallKeys[pick(smallKeys.length)]);
      continue;
    }
    const order = [...wallets].sort(() => rand() - 0.5);
    const [payer, ...payees] = order.slice(0, 2 + pick(2));
    const small = i % DUPLICATE_EVERY === 0;
    const amounts = payees.map(() => 1 + pick(small ? 50 : (SEED_FEN * 1.2) / payees.length));
    const total = amounts.reduce((a, b) => a + b, 0);
    // Entries in random order: post() must lock in id order whatever order it is given.
    const entries = [{ accountId: payer, amountFen: -total }, ...payees.map((p, k) => ({ accountId: p, amountFen: amounts[k] }))].sort(() => rand() - 0.5);
    const attempt = { idemKey: `conc:${run}:t${i}`, entries };
    if (small) smallKeys.push(attempt);
    attempts.push(attempt);
  }
  return attempts;
}

type Outcome = 'posted' | 'insufficient' | 'conflict';

async function attempt(a: Attempt): Promise<Outcome> {
  try {
    await s.db.kysely.transaction().execute((tx) => post(tx, { idemKey: a.idemKey, kind: 'test_transfer', entries: a.entries }));
    return 'posted';
  } catch (err) {
    if (err instanceof InsufficientFunds) return 'insufficient';
    if (err instanceof AppError && err.code === CODE.conflict) return 'conflict';
    throw err; // a deadlock, a serialization failure or a CHECK violation fails the test
  }
}

describe(`${TRANSACTIONS} concurrent transfers among ${MEMBERS} members`, () => {
  it.each([1, 2, 3])('conserve money, keep every balance at or above zero and post each key once (seed %i)', async (seed) => {
    const run = `s${seed}`;
    const { house, wallets } = await s.db.kysely.transaction().execute(async (tx) => {
      const house = await ensureAccount(tx, `conc:${run}:house`, 'house', { allowNegative: true });
      const wallets: number[] = [];
      for (let i = 0; i < MEMBERS; i++) wallets.push(await ensureAccount(tx, `conc:${run}:member${i}`, 'test_wallet'));
      await post(tx, { idemKey: `conc:${run}:seed`, kind: 'test_seed', entries: [{ accountId: house, amountFen: -SEED_FEN * MEMBERS }, ...wallets.map((w) => ({ accountId: w, amountFen: SEED_FEN }))] });
      return { house, wallets };
    });
    const attempts = randomAttempts(seed, run, wallets);

    const outcomes = await Promise.all(attempts.map(attempt));

    const count = (o: Outcome) => outcomes.filter((x) => x === o).length;
    expect(count('posted') + count('insufficient') + count('conflict')).toBe(TRANSACTIONS);
    expect(count('insufficient')).toBeGreaterThan(10);
    expect(count('conflict')).toBeGreaterThan(0);

    // Each key is posted at most once, and a 409 only ever answers a key that was posted.
    const byKey = new Map<string, Outcome[]>();
    attempts.forEach((a, i) => byKey.set(a.idemKey, [...(byKey.get(a.idemKey) ?? []), outcomes[i]]));
    for (const [key, results] of byKey) {
      const posted = results.filter((r) => r === 'posted').length;
      expect(posted, key).toBeLessThanOrEqual(1);
      if (results.includes('conflict')) expect(posted, key).toBe(1);
    }
    const journals = await s.db.kysely.selectFrom('ledger_journals').select('idem_key').where('idem_key', 'like', `conc:${run}:t%`).execute();
    expect(journals.length).toBe(count('posted'));

    const rows = await s.db.kysely.selectFrom('ledger_accounts').select(['id', 'balance_fen']).where('id', 'in', [house, ...wallets]).execute();
    const balance = new Map(rows.map((r) => [r.id, r.balance_fen]));
    for (const w of wallets) expect(balance.get(w)).toBeGreaterThanOrEqual(0);
    expect(wallets.reduce((sum, w) => sum + balance.get(w)!, 0)).toBe(SEED_FEN * MEMBERS);
    expect(balance.get(house)).toBe(-SEED_FEN * MEMBERS);

    const check = await checkLedger(s.db.kysely);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
