import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@app/contract';
import { AppError } from '../src/http/errors.js';
import { checkLedger, ensureAccount, InsufficientFunds, post, type EntryInput } from '../src/modules/ledger/service.js';
import { startServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const MEMBERS = 3; // wallets 0..2; index MEMBERS is the house account
const HOUSE = MEMBERS;
const KEY_POOL = 24; // small, so a sequence repeats keys often
let runSeq = 0;

/** One journal: `payer` pays each payee its amount. Accounts are distinct within a journal. */
interface Move {
  payer: number;
  payees: { to: number; amountFen: number }[];
  key: number;
}

const amountFen = fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 50_000 }));
const move: fc.Arbitrary<Move> = fc
  .record({
    // One journal in three is a deposit from the house, so wallets hold money worth fighting over.
    accounts: fc.oneof(
      { arbitrary: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 2, maxLength: 3 }), weight: 2 },
      { arbitrary: fc.shuffledSubarray([0, 1, 2], { minLength: 1, maxLength: 2 }).map((payees) => [HOUSE, ...payees]), weight: 1 },
    ),
    amounts: fc.tuple(amountFen, amountFen),
    key: fc.nat({ max: KEY_POOL - 1 }),
  })
  .map(({ accounts: [payer, ...payees], amounts, key }) => ({ payer, payees: payees.map((to, i) => ({ to, amountFen: amounts[i] })), key }));

type Outcome = 'posted' | 'conflict' | 'insufficient';

/** The ledger as the spec describes it, in memory. */
class Model {
  readonly balances = new Array<number>(MEMBERS + 1).fill(0);
  readonly usedKeys = new Set<number>();

  entries(m: Move): { index: number; amountFen: number }[] {
    const total = m.payees.reduce((sum, p) => sum + p.amountFen, 0);
    return [{ index: m.payer, amountFen: -total }, ...m.payees.map((p) => ({ index: p.to, amountFen: p.amountFen }))];
  }

  /** The outcome, and for a refusal for funds the first account (in id order) that would go below zero. */
  apply(m: Move, idOf: (index: number) => number): { outcome: Outcome; shortAccountId?: number } {
    if (this.usedKeys.has(m.key)) return { outcome: 'conflict' };
    const entries = this.entries(m);
    const short = entries
      .filter((e) => e.index !== HOUSE && this.balances[e.index] + e.amountFen < 0)
      .map((e) => idOf(e.index))
      .sort((a, b) => a - b);
    if (short.length > 0) return { outcome: 'insufficient', shortAccountId: short[0] };
    for (const e of entries) this.balances[e.index] += e.amountFen;
    this.usedKeys.add(m.key);
    return { outcome: 'posted' };
  }
}

async function balancesOf(ids: number[]): Promise<number[]> {
  const rows = await s.db.kysely.selectFrom('ledger_accounts').select(['id', 'balance_fen']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r.balance_fen]));
  return ids.map((id) => byId.get(id)!);
}

/** One round trip per step: the run's balances, its journal count and the sum over every account. */
async function snapshot(ids: number[], prefix: string): Promise<{ balances: number[]; journals: number; totalFen: number }> {
  const r = await sql<{ balances: number[]; journals: number; total_fen: number }>`
    SELECT
      (SELECT array_agg(balance_fen ORDER BY array_position(${ids}::bigint[], id)) FROM ledger_accounts WHERE id = ANY(${ids}::bigint[])) AS balances,
      (SELECT count(*) FROM ledger_journals WHERE idem_key LIKE ${prefix + '%'})::bigint AS journals,
      (SELECT COALESCE(SUM(balance_fen), 0) FROM ledger_accounts)::bigint AS total_fen`.execute(s.db.kysely);
  const row = r.rows[0];
  return { balances: row.balances.map(Number), journals: row.journals, totalFen: row.total_fen };
}

async function journalsWithPrefix(prefix: string): Promise<number> {
  const r = await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).where('idem_key', 'like', `${prefix}%`).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function openRunAccounts(run: string): Promise<number[]> {
  return s.db.kysely.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < MEMBERS; i++) ids.push(await ensureAccount(tx, `prop:${run}:member${i}`, 'test_wallet'));
    ids.push(await ensureAccount(tx, `prop:${run}:house`, 'house', { allowNegative: true }));
    return ids;
  });
}

async function attempt(ids: number[], run: string, model: Model, m: Move): Promise<unknown> {
  const entries: EntryInput[] = model.entries(m).map((e) => ({ accountId: ids[e.index], amountFen: e.amountFen }));
  try {
    await s.db.kysely.transaction().execute((tx) => post(tx, { idemKey: `prop:${run}:key${m.key}`, kind: 'test_transfer', entries }));
    return null;
  } catch (err) {
    return err;
  }
}

describe('ledger properties over random journal sequences', () => {
  it('refuses overdrafts and repeated keys without a trace, and every balance follows the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 40, size: 'max' }), async (moves) => {
        const run = `r${++runSeq}`;
        const ids = await openRunAccounts(run);
        const model = new Model();
        for (const m of moves) {
          const expected = model.apply(m, (i) => ids[i]);
          const err = await attempt(ids, run, model, m);
          if (expected.outcome === 'posted') {
            expect(err).toBeNull();
          } else if (expected.outcome === 'insufficient') {
            expect(err).toBeInstanceOf(InsufficientFunds);
            expect((err as InsufficientFunds).accountId).toBe(expected.shortAccountId);
            expect((err as InsufficientFunds).message).toBe('余额不足');
          } else {
            expect(err).toBeInstanceOf(AppError);
            expect(err).not.toBeInstanceOf(InsufficientFunds);
            expect((err as AppError).code).toBe(CODE.conflict);
            expect((err as AppError).message).toBe(MSG.conflict);
          }
          // Refused or not, the database holds exactly the model: a refusal changed nothing.
          expect(await snapshot(ids, `prop:${run}:`)).toEqual({ balances: model.balances, journals: model.usedKeys.size, totalFen: 0 });
        }
        const check = await checkLedger(s.db.kysely);
        expect(check.mismatches).toEqual([]);
        expect(check.ok).toBe(true);
        expect(model.balances.slice(0, MEMBERS).every((b) => b >= 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 120_000); // a shared CI machine under load; alone it takes a few seconds
});

describe('post() refuses a malformed journal before writing anything', () => {
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    [a, b, c] = await s.db.kysely.transaction().execute(async (tx) => [
      await ensureAccount(tx, 'unit:a', 'house', { allowNegative: true }),
      await ensureAccount(tx, 'unit:b', 'house', { allowNegative: true }),
      await ensureAccount(tx, 'unit:c', 'house', { allowNegative: true }),
    ]);
  });

  const cases: [string, () => EntryInput[]][] = [
    ['an unbalanced journal', () => [{ accountId: a, amountFen: -100 }, { accountId: b, amountFen: 99 }]],
    ['an empty journal', () => []],
    ['a single-entry journal', () => [{ accountId: a, amountFen: 100 }]],
    ['a single zero entry', () => [{ accountId: a, amountFen: 0 }]],
    ['a zero-amount entry in a balanced journal', () => [{ accountId: a, amountFen: -100 }, { accountId: b, amountFen: 100 }, { accountId: c, amountFen: 0 }]],
    ['a non-integer amount', () => [{ accountId: a, amountFen: -1.5 }, { accountId: b, amountFen: 1.5 }]],
    ['an amount beyond safe integers', () => [{ accountId: a, amountFen: -(2 ** 53) }, { accountId: b, amountFen: 2 ** 53 }]],
    ['a NaN amount', () => [{ accountId: a, amountFen: Number.NaN }, { accountId: b, amountFen: 0 }]],
    ['infinite amounts', () => [{ accountId: a, amountFen: -Infinity }, { accountId: b, amountFen: Infinity }]],
  ];

  it.each(cases)('throws for %s and writes nothing', async (name, entries) => {
    const idemKey = `unit:${name}`;
    const before = await balancesOf([a, b, c]);
    await expect(s.db.kysely.transaction().execute((tx) => post(tx, { idemKey, kind: 'test', entries: entries() }))).rejects.toThrow(/unbalanced or malformed/);
    expect(await balancesOf([a, b, c])).toEqual(before);
    expect(await journalsWithPrefix(idemKey)).toBe(0);
  });

  it('posts a well-formed journal over the same accounts (the refusals were about shape, not accounts)', async () => {
    await s.db.kysely.transaction().execute((tx) => post(tx, { idemKey: 'unit:ok', kind: 'test', entries: [{ accountId: a, amountFen: -100 }, { accountId: b, amountFen: 60 }, { accountId: c, amountFen: 40 }] }));
    expect(await balancesOf([a, b, c])).toEqual([-100, 60, 40]);
  });
});
