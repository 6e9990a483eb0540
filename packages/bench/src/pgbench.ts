import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { PG_ADMIN_URL } from './platform.js';

const run = promisify(execFile);

/**
 * PostgreSQL's own TPC-B-like rate on this machine (pgbench, the baseline of benchmark (f)): a
 * scratch database initialised at `scale`, then `clients` connections for `seconds`. What the
 * platform's lottery orders are measured against: the database's transactions per second, one
 * order being about one such transaction (a few row updates and inserts).
 */
export async function pgbenchTps(opts: { clients?: number; seconds?: number; scale?: number } = {}): Promise<{ tps: number; clients: number }> {
  const clients = opts.clients ?? 16;
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'pgbench');
  try {
    await run('pgbench', ['-i', '-q', '-s', String(opts.scale ?? 16), scratch.url], { maxBuffer: 16 << 20 });
    const { stdout } = await run('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(opts.seconds ?? 10), scratch.url], { maxBuffer: 16 << 20 });
    const m = /tps = ([\d.]+)/.exec(stdout);
    if (!m) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return { tps: Math.round(Number(m[1])), clients };
  } finally {
    await scratch.drop();
  }
}
