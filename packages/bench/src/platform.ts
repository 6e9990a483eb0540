import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { startProcess, type StartOptions } from './proc.js';

/** The PostgreSQL server the benchmarks make their scratch databases on. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PgPlatform {
  url: string;
  pid: number;
  /** the scratch database, for the benchmark's own checks */
  dbUrl: string;
  /** ends the process, then drops the database and the data directory */
  stop(): Promise<void>;
}

/** The platform in its own process on a fresh PostgreSQL database and data directory. */
export async function startPgPlatform(env: Record<string, string>, opts: StartOptions = {}): Promise<PgPlatform> {
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const cleanUp = async () => {
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const p = await startProcess('packages/server/src/main.ts', { DATABASE_URL: scratch.url, DATA_DIR: dataDir, ...env }, '/healthz', 120_000, opts);
    return {
      url: p.url,
      pid: p.pid,
      dbUrl: scratch.url,
      stop: async () => {
        await p.stop();
        await cleanUp();
      },
    };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
