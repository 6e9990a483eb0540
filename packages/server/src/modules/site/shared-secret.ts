import { randomBytes } from 'node:crypto';
import type { Kdb } from '../../db/connect.js';
import { addSiteSetting, readSiteSetting } from './settings-rows.js';

const secrets = new Map<string, WeakMap<object, Buffer>>();

/**
 * A random 32-byte key every instance of the platform shares, kept as its own row of site_settings
 * (`name`): made once per database (the first instance wins), then remembered in process.
 */
export async function sharedSecret(db: Kdb, name: string): Promise<Buffer> {
  let byDb = secrets.get(name);
  if (!byDb) secrets.set(name, (byDb = new WeakMap()));
  const hit = byDb.get(db);
  if (hit) return hit;
  await addSiteSetting(db, name, randomBytes(32).toString('base64url'));
  const value = await readSiteSetting(db, name);
  if (typeof value !== 'string') throw new Error(`${name}: the saved row is missing`);
  const secret = Buffer.from(value, 'base64url');
  byDb.set(db, secret);
  return secret;
}
