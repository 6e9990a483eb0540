import type { Config } from '../config.js';
import { sql } from 'kysely';
import type { Db, Kdb } from '../db/connect.js';
import { JOB_LOCK } from '../lib/jobs.js';
import { seedSite } from './site.js';
import { seedContent } from './content.js';
import { seedProviders } from './providers.js';

/** Demo content for a fresh database, once however many instances start on it; a database with site settings is left alone. */
export async function seedIfEmpty(db: Db, config: Config): Promise<boolean> {
  const seeded = (q: Kdb) => q.selectFrom('site_settings').select('key').where('key', '=', 'site').executeTakeFirst();
  if (await seeded(db.kysely)) return false;
  // Instances starting together on a new database: one seeds, the others wait for it and find it done.
  return db.kysely.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${JOB_LOCK.seed})`.execute(tx);
    if (await seeded(tx)) return false;
    await seedProviders(tx); // first: the venue it serves is written as its own, not the demo venue's
    await seedContent(tx);
    await seedSite(tx, config); // last: its presence marks the seed as done
    return true;
  });
}
