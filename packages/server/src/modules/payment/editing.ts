import { ADMIN_MSG, fenToYuan, firstFailure, PAY_METHOD_LABELS, PAY_METHODS, receivingAccountRules, yuanToFen, type AdminPayMethod, type AdminReceivingAccount, type PayMethod, type ReceivingAccountForm } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';

/**
 * Pay methods (which deposit tabs members see, and each one's range) and the house's receiving accounts
 * as staff edit them in 支付设置. Every change and its audit row commit in one transaction; a new
 * account, or a change other than switching one off, is applied by a second staff member's approval
 * (modules/finance), inside that approval's transaction.
 */

export async function listPayMethods(db: Kdb): Promise<AdminPayMethod[]> {
  const rows = await db.selectFrom('pay_methods').select(['code', 'enabled', 'min_fen', 'max_fen']).execute();
  const order = (code: string) => PAY_METHODS.indexOf(code as PayMethod);
  return rows
    .sort((a, b) => order(a.code) - order(b.code))
    .map((r) => ({ code: r.code as PayMethod, label: PAY_METHOD_LABELS[r.code as PayMethod] ?? r.code, enabled: r.enabled, min: fenToYuan(r.min_fen), max: fenToYuan(r.max_fen) }));
}

export async function updatePayMethod(db: Kdb, actor: Actor, code: PayMethod, input: { enabled: boolean; min: number | string; max: number | string }): Promise<AdminPayMethod> {
  const before = (await listPayMethods(db)).find((m) => m.code === code);
  if (!before) throw notFound(ADMIN_MSG.payMethodMissing);
  const minFen = yuanToFen(input.min)!;
  const maxFen = yuanToFen(input.max)!;
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('pay_methods').set({ enabled: input.enabled, min_fen: minFen, max_fen: maxFen }).where('code', '=', code).execute();
    const after = { ...before, enabled: input.enabled, min: fenToYuan(minFen), max: fenToYuan(maxFen) };
    await writeAudit(tx, actor, 'paymethod.update', `paymethod:${code}`, before, after);
  });
  return (await listPayMethods(db)).find((m) => m.code === code)!;
}

const COLUMNS = ['id', 'method', 'bank_name', 'bank_no', 'bank_owner', 'bank_address', 'mch_id', 'content', 'payimg', 'enabled', 'sort'] as const;

export async function listReceivingAccounts(db: Kdb): Promise<AdminReceivingAccount[]> {
  const rows = await db.selectFrom('receiving_accounts').select(COLUMNS).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...r, method: r.method as PayMethod }));
}

async function getReceivingAccount(db: Tx, id: number): Promise<AdminReceivingAccount> {
  const row = await db.selectFrom('receiving_accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MSG.receivingMissing);
  return { ...row, method: row.method as PayMethod };
}

type AccountInput = Omit<AdminReceivingAccount, 'id'>;

/** USDT accounts carry their network in `content` (what getpaybank shows as the protocol). */
function normalized(input: AccountInput): AccountInput {
  if (input.method === 'usdt-trc20') return { ...input, content: 'TRC20', bank_name: input.bank_name || 'USDT' };
  if (input.method === 'usdt-erc20') return { ...input, content: 'ERC20', bank_name: input.bank_name || 'USDT' };
  return input;
}

function validate(input: ReceivingAccountForm): void {
  const failure = firstFailure(input, receivingAccountRules);
  if (failure) throw badRequest(failure);
}

/** A new account's values, checked: what a request for approval stores and the approval inserts. */
export function receivingCreateValues(input: AccountInput): AccountInput {
  const values = normalized(input);
  validate(values);
  return values;
}

/** Inserts an account inside the caller's transaction (a second staff member's approval), audited. */
export async function insertReceivingAccount(tx: Tx, actor: Actor, input: AccountInput, approval?: { id: number; maker: string }): Promise<number> {
  const values = receivingCreateValues(input);
  const row = await tx.insertInto('receiving_accounts').values(values).returning('id').executeTakeFirstOrThrow();
  await writeAudit(tx, actor, 'receiving.create', `receiving:${row.id}`, null, { id: row.id, ...values, ...approvalNote(approval) });
  return row.id;
}

export async function createReceivingAccount(db: Kdb, actor: Actor, input: AccountInput): Promise<AdminReceivingAccount> {
  const id = await db.transaction().execute((tx) => insertReceivingAccount(tx, actor, input));
  return getReceivingAccount(db, id);
}

/** Only the fields the patch sets. */
export function definedPatch(patch: Partial<AccountInput>): Partial<AccountInput> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AccountInput>;
}

/**
 * Turning an account off only stops members from paying into it: the one change made at once, without
 * a second staff member, so a compromised account can be closed in an emergency.
 */
export const onlyDisables = (patch: Partial<AccountInput>) => {
  const keys = Object.keys(definedPatch(patch));
  return keys.length === 1 && keys[0] === 'enabled' && patch.enabled === false;
};

/** The account with the patch merged, checked (404 for an unknown account, 400 when the rules refuse). */
export async function mergedReceivingAccount(db: Tx, id: number, patch: Partial<AccountInput>): Promise<{ before: AdminReceivingAccount; merged: AccountInput }> {
  const before = await getReceivingAccount(db, id);
  const { id: _id, ...current } = before;
  const merged = normalized({ ...current, ...definedPatch(patch) });
  validate(merged);
  return { before, merged };
}

/** Applies a patch inside the caller's transaction (re-merged on the row as it is now), audited. */
export async function applyReceivingUpdate(tx: Tx, actor: Actor, id: number, patch: Partial<AccountInput>, approval?: { id: number; maker: string }): Promise<void> {
  await tx.selectFrom('receiving_accounts').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  const { before, merged } = await mergedReceivingAccount(tx, id, patch);
  await tx.updateTable('receiving_accounts').set(merged).where('id', '=', id).execute();
  await writeAudit(tx, actor, 'receiving.update', `receiving:${id}`, before, { id, ...merged, ...approvalNote(approval) });
}

/** Changes only the given fields; the merged account must still pass the rules (enable/disable too). */
export async function updateReceivingAccount(db: Kdb, actor: Actor, id: number, patch: Partial<AccountInput>): Promise<AdminReceivingAccount> {
  await db.transaction().execute((tx) => applyReceivingUpdate(tx, actor, id, patch));
  return getReceivingAccount(db, id);
}

export { getReceivingAccount };
export type { AccountInput };

const approvalNote = (approval?: { id: number; maker: string }) => (approval ? { approval_id: approval.id, requested_by: approval.maker } : {});
