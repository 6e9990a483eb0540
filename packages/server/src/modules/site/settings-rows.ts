import { sql } from 'kysely';
import type { Tx } from '../ledger/service.js';

/**
 * Rows of site_settings that other domains keep beside the site's own ('site', service.ts): the staff
 * two-step switch (modules/staff/totp.ts) and the venues' launch secret (launch-secret.ts). Each row's
 * JSON value means what its domain says; this module alone writes the table.
 */

/** A row's stored value, or undefined when none is saved; `lock` holds the row until the transaction ends. */
export async function readSiteSetting(db: Tx, key: string, opts: { lock?: boolean } = {}): Promise<unknown> {
  const query = db.selectFrom('site_settings').select('value').where('key', '=', key);
  const row = await (opts.lock ? query.forUpdate() : query).executeTakeFirst();
  return row?.value;
}

/** Saves a row unless one is saved already (the first instance wins); answers nothing either way. */
export async function addSiteSetting(db: Tx, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('site_settings')
    .values({ key, value: JSON.stringify(value), updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Saves a row, replacing the one saved (pass the caller's transaction to commit it with the change's audit row). */
export async function putSiteSetting(db: Tx, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('site_settings')
    .values({ key, value: json, updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql`now()` }))
    .execute();
}
