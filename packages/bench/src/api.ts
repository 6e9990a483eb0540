import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { connectPostgres } from '../../server/src/db/connect.js';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { newToken } from '../../server/src/lib/tokens.js';
import { checkLedger } from '../../server/src/modules/ledger/service.js';
import { startProcess } from './proc.js';
import { PG_ADMIN_URL } from './platform.js';
import { answeredOk } from './envelope.js';

/**
 * Benchmark (a): requests/s and p99 of POST /api/balance and POST /api/user with a valid token at
 * 64 connections, beside a bare Fastify route measured in the same run, first and last (the baseline
 * is the mean of the two). Load generator, platform and bare server each run in their own process on
 * 127.0.0.1.
 *
 * On PostgreSQL also with SESSIONS distinct member sessions taken round robin: at the
 * platform's rate each token comes back every couple of seconds, as a member app polling every
 * 2.5 s would. Nothing posts meanwhile, as for most members between two polls: after the first pass
 * over the tokens (read from the database, a turn's requests in one statement each) the session and
 * the balance come from the instance's caches, as they would on a quiet evening.
 */
const CONNECTIONS = 64;
export const SESSIONS = Number(process.env.BENCH_SESSIONS || 20_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);

interface Result {
  name: string;
  rps: number;
  p99Ms: number;
  /** answers that were not a success: HTTP status or envelope code */
  non2xx: number;
  errors: number;
}

async function load(name: string, url: string, headers: Record<string, string> = {}, tokens?: string[]): Promise<Result> {
  let next = 0;
  let refused = 0;
  const r = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    requests: [
      {
        // one session after the other, round robin
        ...(tokens ? { setupRequest: (req: any) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }) } : {}),
        onResponse: (status: number, body: string) => {
          if (!answeredOk(status, body)) refused += 1;
        },
      },
    ],
  });
  return { name, rps: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx + refused, errors: r.errors };
}

/** `n` members, each with a wallet and one session, written set-based; answers their tokens. */
async function seedSessions(dbUrl: string, n: number): Promise<string[]> {
  const db = await connectPostgres(dbUrl, 2);
  try {
    const prefix = `bs${randomBytes(3).toString('hex')}_`;
    const k = db.kysely;
    await sql`INSERT INTO members (username, password_hash, pay_password_hash) SELECT ${prefix} || g, 'x', 'x' FROM generate_series(1, ${n}::int) g`.execute(k);
    const ids = (await sql<{ id: number }>`SELECT id FROM members WHERE username LIKE ${`${prefix}%`} ORDER BY id`.execute(k)).rows.map((r) => Number(r.id));
    await sql`INSERT INTO ledger_accounts (code, kind, member_id) SELECT 'member:' || id || ':wallet', 'member_wallet', id FROM unnest(${ids}::bigint[]) AS id`.execute(k);
    const tokens = ids.map(() => newToken());
    await sql`INSERT INTO sessions (token_hash, member_id) SELECT * FROM unnest(${tokens.map((t) => t.hash)}::text[], ${ids}::bigint[])`.execute(k);
    // A platform gains its members over weeks, with autovacuum following; this one gained 20,000 in a
    // second. Without this, the plans the server's connections keep for their prepared statements would
    // be those of a nearly empty table until autovacuum's next analyze (up to a minute away), and
    // autovacuum's pass over the new rows would run in the middle of a measurement.
    await sql`VACUUM ANALYZE members, ledger_accounts, sessions`.execute(k);
    return tokens.map((t) => t.token);
  } finally {
    await db.close();
  }
}

async function ledgerChecks(dbUrl: string): Promise<boolean> {
  const db = await connectPostgres(dbUrl, 1);
  try {
    return (await checkLedger(db.kysely)).ok;
  } finally {
    await db.close();
  }
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

export async function benchApi(
  kind: 'pglite' | 'postgres',
): Promise<{
  results: Result[];
  ratioBalance: number;
  ratioUser: number;
  sessions: { balance: Result; user: Result; ratioBalance: number; ratioUser: number } | null;
  /** the ledger check on the benchmark's database afterwards (PostgreSQL; null on the embedded one, which the platform holds) */
  ledgerOk: boolean | null;
}> {
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
    let sessions = null;
    if (kind === 'postgres') {
      const tokens = await seedSessions(db.env.DATABASE_URL!, SESSIONS);
      await assertEnvelopeOk(`${platform.url}/api/balance`, { authorization: `Bearer ${tokens[0]}` });
      await load('warm-up, distinct sessions', `${platform.url}/api/balance`, {}, tokens);
      const balance = await load(`POST /api/balance, ${SESSIONS} sessions`, `${platform.url}/api/balance`, {}, tokens);
      const user = await load(`POST /api/user, ${SESSIONS} sessions`, `${platform.url}/api/user`, {}, tokens);
      results.push(balance, user);
      sessions = { balance, user, ratioBalance: balance.rps / results[0].rps, ratioUser: user.rps / results[0].rps };
    }
    // The bare route again at the end: the baseline is the mean of both, so a machine that speeds up or
    // slows down during the run does not tilt the ratios.
    const bareAfter = await load('bare Fastify route, again at the end', `${bare.url}/bare`);
    const bareBefore = results[0];
    results.push(bareAfter, { ...bareBefore, name: 'bare Fastify route, mean (the baseline)', rps: Math.round((bareBefore.rps + bareAfter.rps) / 2), p99Ms: Math.max(bareBefore.p99Ms, bareAfter.p99Ms) });
    const baseline = results[results.length - 1]!.rps;
    if (sessions) Object.assign(sessions, { ratioBalance: sessions.balance.rps / baseline, ratioUser: sessions.user.rps / baseline });
    for (const r of results) if (r.errors || r.non2xx) throw new Error(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    const ledgerOk = kind === 'postgres' ? await ledgerChecks(db.env.DATABASE_URL!) : null;
    return { results, ratioBalance: results[1].rps / baseline, ratioUser: results[2].rps / baseline, sessions, ledgerOk };
  } finally {
    await platform.stop();
    await bare.stop();
    await db.drop();
  }
}
