import { openDatabase } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/connect.js';

/**
 * Runs a command on the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR,
 * the one the server opens), closing it after: the exit code is what `body` answers; a command that
 * throws prints `<failure>: <message>` and exits 1. `refuse` runs first, before the database is opened.
 */
export function runOnDatabase(failure: string, body: (db: Db, config: Config) => Promise<number>, refuse?: () => void): void {
  const run = async (): Promise<number> => {
    refuse?.();
    const config = loadConfig();
    const db = await openDatabase(config);
    try {
      return await body(db, config);
    } finally {
      await db.close();
    }
  };
  run().then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(`${failure}:`, err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
