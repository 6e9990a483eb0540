import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { startProcess } from './proc.js';
import { PG_ADMIN_URL } from './platform.js';

/**
 * Benchmark (a): requests/s and p99 of POST /api/balance and POST /api/user with a valid token at
 * 64 connections, beside a bare Fastify route measured in the same run. Load generator, platform
 * and bare server each run in their own process on 127.0.0.1.
 */
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);

interface Result {
  name: string;
  rps: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const r = await autocannon({ url, method: 'POST', connections: CONNECTIONS, duration: DURATION_S, headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  return { name, rps: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function assertEnvelopeOk(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
  const json = (await res.json()) as { code: number; message: string };
  if (json.code !== 200) throw new Error(`${url} answered ${json.code} ${json.message}`);
}

async function database(kind: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
    return { env: { DATA_DIR: dir, DATABASE_URL: '' }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'bench');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  return {
    env: { DATABASE_URL: scratch.url, DATA_DIR: dir },
    drop: async () => {
      await scratch.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchApi(kind: 'pglite' | 'postgres'): Promise<{ results: Result[]; ratioBalance: number; ratioUser: number }> {
  const db = await database(kind);
  const bare = await startProcess('packages/bench/src/bare.ts', {}, '/bare');
  const platform = await startProcess('packages/server/src/main.ts', { ...db.env, CAPTCHA_BYPASS_CODE: 'BENCH', RATE_LIMIT_REGISTER: '1000' }, '/healthz', 120_000);
  try {
    const name = `bench${randomBytes(3).toString('hex')}`;
    const reg = await fetch(`${platform.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, realname: name, password: 'bench123', confirmPass: 'bench123', paypassword: 'bench123', code: 'BENCH', adult: 1 }),
    });
    const token = ((await reg.json()) as { data: { api_token: string } }).data.api_token;
    const auth = { authorization: `Bearer ${token}` };
    await assertEnvelopeOk(`${platform.url}/api/balance`, auth);
    await assertEnvelopeOk(`${platform.url}/api/user`, auth);

    await load('warm-up', `${platform.url}/api/balance`, auth);
    const results = [
      await load('bare Fastify route', `${bare.url}/bare`),
      await load('POST /api/balance', `${platform.url}/api/balance`, auth),
      await load('POST /api/user', `${platform.url}/api/user`, auth),
    ];
    for (const r of results) if (r.errors || r.non2xx) throw new Error(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    return { results, ratioBalance: results[1].rps / results[0].rps, ratioUser: results[2].rps / results[0].rps };
  } finally {
    await platform.stop();
    await bare.stop();
    await db.drop();
  }
}
