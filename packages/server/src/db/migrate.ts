import type { Db } from './connect.js';
import { JOB_LOCK } from '../lib/jobs.js';
import { migrations, type Migration } from './migrations.js';

// advisory lock: with several instances, one migrates at a time
const LOCK_KEY = JOB_LOCK.migrations;

/**
 * Applies every migration not yet applied, each in its own transaction, and returns the ids it ran.
 * A migration whose `was` id is recorded ran under that id before it was split out: it is recorded
 * under its own id without running (and not returned). `list` is db/migrations.ts's but for tests.
 */
export async function migrate(db: Db, list: readonly Migration[] = migrations): Promise<string[]> {
  return db.exclusive(async (s) => {
    // The lock comes first: two instances creating the table at once collide in PostgreSQL's catalog
    // (IF NOT EXISTS does not make concurrent creation safe).
    await s.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await s.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
      const applied: string[] = [];
      for (const m of list) {
        if (done.has(m.id)) continue;
        if (m.was !== undefined && done.has(m.was)) {
          await s.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
          continue;
        }
        try {
          await s.exec(`BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (id) VALUES ('${m.id}');\nCOMMIT;`);
        } catch (err) {
          // The failed script leaves its transaction open and aborted: end it, so the unlock below runs
          // and the session goes back to its pool clean, and the migration's own error is the one seen.
          await s.exec('ROLLBACK');
          throw err;
        }
        applied.push(m.id);
      }
      return applied;
    } finally {
      await s.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
