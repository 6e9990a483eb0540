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
  /** the platform's data directory (uploads, keys): another instance shares it */
  dataDir: string;
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
    const p = await startInstance(scratch.url, dataDir, env, opts);
    return {
      url: p.url,
      pid: p.pid,
      dbUrl: scratch.url,
      dataDir,
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

/** One more platform process on a database (another instance behind the same PostgreSQL): its url, pid and stop. */
export function startInstance(dbUrl: string, dataDir: string, env: Record<string, string>, opts: StartOptions = {}) {
  return startProcess('packages/server/src/main.ts', { DATABASE_URL: dbUrl, DATA_DIR: dataDir, ...env }, '/healthz', 120_000, opts);
}

/** A process's resident memory (VmRSS), MB, from /proc (NaN elsewhere). */
export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : NaN;
  } catch {
    return NaN;
  }
}
