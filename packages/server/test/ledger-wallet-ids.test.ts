import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount, memberWalletId, memberWalletIds } from '../src/modules/ledger/service.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * Member wallet account ids are remembered in process: per database, so two platforms in one
 * process (as here) never answer each other's ids, and only ids that are committed.
 */
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  [a, b] = await Promise.all([startServer(), startServer()]);
});
afterAll(() => Promise.all([a?.close(), b?.close()]));

const register = async (s: TestServer) => memberIdOf(s, (await registerMember(s, uniqueName('wid'), 'secret123', { payPassword: null })).token);
const walletRow = async (s: TestServer, memberId: number) =>
  (await s.db.kysely.selectFrom('ledger_accounts').select('id').where('member_id', '=', memberId).where('kind', '=', 'member_wallet').executeTakeFirstOrThrow()).id;

describe('member wallet ids', () => {
  it('answers each database its own wallet id for the same member id', async () => {
    // b's accounts are numbered further on, so the same member id has another wallet id there.
    for (let i = 0; i < 3; i++) await ensureAccount(b.db.kysely, `test:filler:${i}`, 'house', { allowNegative: true });
    let idA = await register(a);
    let idB = await register(b);
    for (let i = 0; i < 10 && idA !== idB; i++) {
      if (idA < idB) idA = await register(a);
      else idB = await register(b);
    }
    expect(idB).toBe(idA);
    const [rowA, rowB] = [await walletRow(a, idA), await walletRow(b, idA)];
    expect(rowB).not.toBe(rowA);
    for (let round = 0; round < 2; round++) {
      expect(await memberWalletId(a.db.kysely, idA)).toBe(rowA);
      expect(await memberWalletId(b.db.kysely, idA)).toBe(rowB);
      expect((await memberWalletIds(b.db.kysely, [idA])).get(idA)).toBe(rowB);
      expect((await memberWalletIds(a.db.kysely, [idA])).get(idA)).toBe(rowA);
    }
  });

  it('never remembers a wallet opened in a transaction that rolled back', async () => {
    const name = uniqueName('wnw');
    const m = await a.db.kysely.insertInto('members').values({ username: name, password_hash: 'x', pay_password_hash: '' }).returning('id').executeTakeFirstOrThrow();
    let opened = 0;
    await expect(
      a.db.kysely.transaction().execute(async (tx) => {
        opened = await memberWalletId(tx, m.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(opened).toBeGreaterThan(0);
    const wallet = await memberWalletId(a.db.kysely, m.id);
    expect(wallet).toBe(await walletRow(a, m.id));
    expect(wallet).not.toBe(opened);
    expect(await memberWalletId(a.db.kysely, m.id)).toBe(wallet);
  });
});
