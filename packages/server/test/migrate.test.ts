import { afterAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { migrate } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations.js';

const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('migrations on PostgreSQL', () => {
  const open: Db[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const db of open) await db.close();
    for (const drop of drops) await drop();
  });

  // Several instances starting together on a new database (the two-instance test, a compose file's
  // replicas): one migrates, the others wait and find every migration applied.
  it('applies every migration exactly once when three instances start on a new database at once', async () => {
    for (let round = 0; round < 3; round++) {
      const scratch = await createScratchDatabase(PG_ADMIN_URL, 'mig');
      drops.push(scratch.drop);
      const dbs = await Promise.all([1, 2, 3].map(() => connectPostgres(scratch.url, 1)));
      open.push(...dbs);
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      expect(applied.flat().sort()).toEqual(migrations.map((m) => m.id).sort());
      expect(applied.filter((ids) => ids.length > 0)).toHaveLength(1);
      expect(await migrate(dbs[0]!)).toEqual([]);
    }
  }, 60_000);
});
