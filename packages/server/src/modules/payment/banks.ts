import { sql } from 'kysely';
import { BANK_LIMITS, BANK_MSG, bankNameOf, bankOrderFailure, CARD_TYPE, type AdminBank, type BankForm, type BankListItem } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { ReviewRecorder, Tx } from '../ledger/service.js';

/**
 * The banks card binding offers (the `banks` table, this module's): /api/banklist serves the offered
 * ones in staff's order, a binding must name one of them (isBankOffered), and staff add banks, switch
 * them off or on, rename and reorder them in 支付设置. Cards already bound to a bank switched off stay
 * bound and can still be withdrawn to: only new bindings are refused.
 */

const UNIQUE_VIOLATION = '23505';

/** POST /api/banklist: the offered banks, first in staff's order first. */
export async function bankList(db: Kdb): Promise<BankListItem[]> {
  const rows = await db.selectFrom('banks').select('name').where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ bank_name: r.name }));
}

/** Whether a binding may name this bank: it is in the list and offered. */
export async function isBankOffered(db: Kdb, name: string): Promise<boolean> {
  const row = await db.selectFrom('banks').select('id').where('name', '=', name.trim()).where('enabled', '=', true).executeTakeFirst();
  return row !== undefined;
}

/** The whole list as staff see it, with the members' cards bound to each bank. */
export async function listBanks(db: Kdb | Tx): Promise<AdminBank[]> {
  const rows = await db
    .selectFrom('banks as b')
    .select([
      'b.id',
      'b.name',
      'b.enabled',
      'b.sort',
      (eb) =>
        eb
          .selectFrom('member_cards as c')
          .whereRef('c.bank', '=', 'b.name')
          .where('c.type', '=', CARD_TYPE.bank)
          .where('c.deleted_at', 'is', null)
          .select(sql<number>`count(*)::int`.as('n'))
          .as('cards'),
    ])
    .orderBy('b.sort')
    .orderBy('b.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, enabled: r.enabled, sort: r.sort, cards: Number(r.cards ?? 0) }));
}

type Audited = Omit<AdminBank, 'cards'> | null;
const view = (b: { id: number; name: string; enabled: boolean; sort: number }) => ({ id: Number(b.id), name: b.name, enabled: b.enabled, sort: b.sort });

/** The banks' rows under a lock: every change to the list serialises on it (names, order, the cap). */
const lockedBanks = (tx: Tx) => tx.selectFrom('banks').select(['id', 'name', 'enabled', 'sort']).orderBy('sort').orderBy('id').forUpdate().execute();

function refuseDuplicate(err: unknown): never {
  if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw conflict(BANK_MSG.duplicate);
  throw err;
}

/** Adds a bank at the end of the list (the contract's bankFormFailure already passed the form). */
export async function createBank(db: Kdb, form: BankForm, record: ReviewRecorder<Audited>): Promise<AdminBank> {
  const name = bankNameOf(form.name);
  const id = await db
    .transaction()
    .execute(async (tx) => {
      const banks = await lockedBanks(tx);
      if (banks.length >= BANK_LIMITS.maxBanks) throw badRequest(BANK_MSG.tooMany);
      if (banks.some((b) => b.name === name)) throw conflict(BANK_MSG.duplicate);
      const sort = Math.max(0, ...banks.map((b) => b.sort)) + 1;
      const row = await tx.insertInto('banks').values({ name, enabled: form.enabled, sort }).returning(['id', 'name', 'enabled', 'sort']).executeTakeFirstOrThrow();
      await record(tx, null, view(row));
      return Number(row.id);
    })
    .catch(refuseDuplicate);
  return (await listBanks(db)).find((b) => b.id === id)!;
}

/** Renames a bank or switches it off or on; a name already in the list is 409. */
export async function updateBank(db: Kdb, id: number, form: BankForm, record: ReviewRecorder<Audited>): Promise<AdminBank> {
  const name = bankNameOf(form.name);
  await db
    .transaction()
    .execute(async (tx) => {
      const banks = await lockedBanks(tx);
      const before = banks.find((b) => Number(b.id) === id);
      if (!before) throw notFound(BANK_MSG.missing);
      if (banks.some((b) => b.name === name && Number(b.id) !== id)) throw conflict(BANK_MSG.duplicate);
      const after = await tx.updateTable('banks').set({ name, enabled: form.enabled }).where('id', '=', id).returning(['id', 'name', 'enabled', 'sort']).executeTakeFirstOrThrow();
      await record(tx, view(before), view(after));
    })
    .catch(refuseDuplicate);
  return (await listBanks(db)).find((b) => b.id === id)!;
}

/** Puts the whole list in the given order (every bank's id once): sort becomes 1, 2, 3… */
export async function orderBanks(db: Kdb, ids: readonly number[], record: ReviewRecorder<{ order: string[] }>): Promise<AdminBank[]> {
  await db.transaction().execute(async (tx) => {
    const banks = await lockedBanks(tx);
    const failure = bankOrderFailure(ids, banks.map((b) => Number(b.id)));
    if (failure) throw badRequest(failure);
    const nameOf = new Map(banks.map((b) => [Number(b.id), b.name]));
    for (const [i, id] of ids.entries()) await tx.updateTable('banks').set({ sort: i + 1 }).where('id', '=', id).execute();
    await record(tx, { order: banks.map((b) => b.name) }, { order: ids.map((id) => nameOf.get(id)!) });
  });
  return listBanks(db);
}
