import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { seedSite } from './site.js';
import { seedContent } from './content.js';

/** Demo content for a fresh database; a database with site settings is left alone. */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  const existing = await db.kysely.selectFrom('site_settings').select('key').where('key', '=', 'site').executeTakeFirst();
  if (existing) return false;
  await db.kysely.transaction().execute(async (tx) => {
    await seedContent(tx);
    await seedSite(tx, config); // last: its presence marks the seed as done
  });
  return true;
}
