import type { Db } from './connect.js';
import { JOB_LOCK } from '../lib/jobs.js';
import { migrations } from './migrations.js';

// advisory lock: with several instances, one migrates at a time
const LOCK_KEY = JOB_LOCK.migrations;

/**
 * Applies every migration not yet applied, each in its own transaction, and returns the ids it ran.
 * A migration whose `was` id is recorded ran under that id before it was split out: it is recorded
 * under its own id without running (and not returned).
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.exclusive(async (s) => {
    // The lock comes first: two instances creating the table at once collide in PostgreSQL's catalog
    // (IF NOT EXISTS does not make concurrent creation safe).
    await s.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await s.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.id)) continue;
        if (m.was !== undefined && done.has(m.was)) {
          await s.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
          continue;
        }
        await s.exec(`BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (id) VALUES ('${m.id}');\nCOMMIT;`);
        applied.push(m.id);
      }
      return applied;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
