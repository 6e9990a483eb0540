import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.js';
import { createScratchDatabase } from '../../server/src/db/scratch.js';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { checkLedger, HOUSE, memberWalletId, post, systemAccountId } from '../../server/src/modules/ledger/service.js';
import { transfer } from '../../server/src/modules/transfers/service.js';
import { createVenueRegistry } from '../../server/src/modules/venues/registry.js';
import { checkDemoVenue } from '../../server/src/venue-demo/store.js';
import { startProcess } from './proc.js';
import { PG_ADMIN_URL } from './platform.js';
import { answeredOk } from './envelope.js';

/**
 * Benchmark (c): ledger transfers per second between the central wallet and a venue at 32
 * concurrent members on PostgreSQL, beside the raw rate of a single-row
 * `UPDATE … SET balance = balance + 1` from 32 connections on the same server in the same run
 * (measured before and after the transfers, averaged, since the machine's load drifts).
 *
 * Transfers are measured twice, each member alternating into and out of its own venue:
 * - at the service level (the target): the transfer service the route calls (venue lookup, checks,
 *   ledger journal, venue call, settlement) from 32 concurrent callers in this process with the
 *   server's pool size; the venue call goes over the transfer-wallet protocol to the demo venue in the
 *   platform's process, which stays up for it with no other load. On two cores the HTTP run below also carries the request parsing and the
 *   load generator (about a quarter of the machine there), so this is the money path's own rate;
 * - over HTTP, for reference: POST /api/transfer against the server in its own process, autocannon
 *   at 32 connections, one member each.
 * A transfer counts when it reached state 1: platform ledger and venue wallet both committed.
 */
const MEMBERS = 32;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const FUNDING_FEN = 100_000_000; // plenty: a member never runs dry during a run
const BYPASS = 'BENCH';

export interface LedgerBench {
  /** UPDATE … + 1 on one row shared by the 32 connections: the target's denominator */
  rawSingleRowUps: number;
  /** the same with a row per connection (no row lock waits), for reference */
  rawOwnRowUps: number;
  /** settled transfers per second calling the transfer service: the target's numerator */
  serviceTransfersPerS: number;
  /** settled transfers per second over HTTP, for reference */
  httpTransfersPerS: number;
  httpP99Ms: number;
  /** serviceTransfersPerS ÷ rawSingleRowUps */
  ratio: number;
}

export interface Member {
  token: string;
  id: number;
  venue: string;
}

export async function benchLedger(): Promise<LedgerBench> {
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 'bench');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  // The service-level run below calls the platform's demo venue over HTTP with this key.
  const demoProviderKey = randomBytes(32).toString('base64url');
  const platform = await startProcess(
    'packages/server/src/main.ts',
    { DATABASE_URL: scratch.url, DATA_DIR: dataDir, CAPTCHA_BYPASS_CODE: BYPASS, RATE_LIMIT_REGISTER: '0', DEMO_PROVIDER_KEY: demoProviderKey },
    '/healthz',
    120_000,
  );
  let platformUp = true;
  const db = await connectPostgres(scratch.url, 4);
  try {
    const members = await fundedMembers(platform.url, db.kysely);
    const rawBefore = { single: await rawUpdates(scratch.url, true), own: await rawUpdates(scratch.url, false) };

    let before = await settled(db.kysely);
    const http = await httpLoad(platform.url, members);
    await new Promise((r) => setTimeout(r, 500)); // requests cut off by the end of the run finish
    const httpTransfers = (await settled(db.kysely)) - before;

    before = await settled(db.kysely);
    await serviceLoad(scratch.url, members, { url: `${platform.url}/demo-provider/transfer`, key: demoProviderKey });
    const transfers = (await settled(db.kysely)) - before;
    await platform.stop();
    platformUp = false;

    const rawAfter = { single: await rawUpdates(scratch.url, true), own: await rawUpdates(scratch.url, false) };
    const [ledger, venueBooks] = await Promise.all([checkLedger(db.kysely), checkDemoVenue(db.kysely)]);
    if (!ledger.ok || !venueBooks.ok) throw new Error('the books do not check after the benchmark');

    const rawSingleRowUps = Math.round((rawBefore.single + rawAfter.single) / 2);
    const serviceTransfersPerS = Math.round(transfers / DURATION_S);
    return {
      rawSingleRowUps,
      rawOwnRowUps: Math.round((rawBefore.own + rawAfter.own) / 2),
      serviceTransfersPerS,
      httpTransfersPerS: Math.round(httpTransfers / DURATION_S),
      httpP99Ms: http.p99Ms,
      ratio: serviceTransfersPerS / rawSingleRowUps,
    };
  } finally {
    await db.close();
    if (platformUp) await platform.stop();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 32 members registered over HTTP, funded through the ledger, each with some money at its venue. */
export async function fundedMembers(url: string, db: Kdb): Promise<Member[]> {
  // Transfer venues only: a seamless provider's venue takes no transfers.
  const venues = (
    await db
      .selectFrom('venues')
      .select('code')
      .where('enabled', '=', true)
      .where('adapter', 'not in', (eb) => eb.selectFrom('game_providers').select('code').where('mode', '=', 'seamless'))
      .orderBy('sort')
      .execute()
  ).map((v) => v.code);
  const source = await systemAccountId(db, HOUSE.adjustments);
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const name = `bench${randomBytes(4).toString('hex')}`;
    const reg = await postJson(url, '/api/register', { name, realname: name, password: 'bench123', confirmPass: 'bench123', paypassword: 'bench123', code: BYPASS, adult: 1 });
    const token = reg.data.api_token as string;
    const id = (await postJson(url, '/api/user', {}, token)).data.id as number;
    const wallet = await memberWalletId(db, id);
    await db.transaction().execute((tx) =>
      post(tx, { idemKey: `bench-fund:${id}`, kind: 'adjustment', entries: [{ accountId: source, amountFen: -FUNDING_FEN }, { accountId: wallet, amountFen: FUNDING_FEN }] }),
    );
    // Members spread over the venues the way players spread over games.
    const m = { token, id, venue: venues[i % venues.length] };
    const first = await postJson(url, '/api/transfer', { amount: 1, sourcetype: 'userbalance', targettype: m.venue }, token);
    if (first.code !== 200) throw new Error(`transfer failed: ${first.message}`);
    members.push(m);
  }
  return members;
}

/** `UPDATE … SET balance = balance + 1` at 32 connections: one row shared by all, or a row each. */
async function rawUpdates(url: string, sharedRow: boolean): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: MEMBERS });
  try {
    await pool.query('CREATE TABLE IF NOT EXISTS bench_counter (id int PRIMARY KEY, balance bigint NOT NULL DEFAULT 0)');
    await pool.query(`INSERT INTO bench_counter SELECT g, 0 FROM generate_series(1, ${MEMBERS}) g ON CONFLICT DO NOTHING`);
    let n = 0;
    const end = Date.now() + DURATION_S * 1000;
    await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const client = await pool.connect();
        try {
          while (Date.now() < end) {
            await client.query('UPDATE bench_counter SET balance = balance + 1 WHERE id = $1', [sharedRow ? 1 : i + 1]);
            n += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
    return Math.round(n / DURATION_S);
  } finally {
    await pool.end();
  }
}

/** autocannon at 32 connections, one member each, alternating into and out of its venue. */
export async function httpLoad(url: string, members: Member[]): Promise<{ p99Ms: number }> {
  let next = 0;
  let refused = 0;
  const onResponse = (status: number, body: string) => {
    if (!answeredOk(status, body)) refused += 1;
  };
  const r = await autocannon({
    url,
    connections: MEMBERS,
    duration: DURATION_S,
    setupClient: (client) => {
      const m = members[next++ % members.length];
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${m.token}` };
      client.setRequests([
        { method: 'POST', path: '/api/transfer', headers, body: JSON.stringify({ amount: 1, sourcetype: 'userbalance', targettype: m.venue }), onResponse },
        { method: 'POST', path: '/api/transfer', headers, body: JSON.stringify({ amount: 1, sourcetype: m.venue, targettype: 'userbalance' }), onResponse },
      ]);
    },
  });
  if (r.errors || r.non2xx || refused) throw new Error(`transfers over HTTP: ${r.errors} errors, ${r.non2xx} non-2xx, ${refused} refused`);
  return { p99Ms: r.latency.p99 };
}

/** 32 callers of the transfer service (what the route calls), one per member, alternating. */
export async function serviceLoad(url: string, members: Member[], demoProvider: { url: string; key: string }): Promise<void> {
  const db = await connectPostgres(url); // the server's own pool size
  const config = loadConfig({ DEMO_PROVIDER_URL: demoProvider.url, DEMO_PROVIDER_KEY: demoProvider.key });
  const deps = { db: db.kysely, venues: createVenueRegistry(config, db.kysely, () => demoProvider.url) };
  try {
    const end = Date.now() + DURATION_S * 1000;
    await Promise.all(
      members.map(async (m) => {
        for (let i = 0; Date.now() < end; i++) {
          const sides = i % 2 === 0 ? { sourcetype: 'userbalance', targettype: m.venue } : { sourcetype: m.venue, targettype: 'userbalance' };
          await transfer(deps, m.id, { amountFen: 100, ...sides });
        }
      }),
    );
  } finally {
    await db.close();
  }
}

export async function settled(db: Kdb): Promise<number> {
  const r = await db.selectFrom('transfers').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 1).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function postJson(url: string, route: string, body: unknown, token?: string): Promise<{ code: number; message: string; data: any }> {
  const res = await fetch(url + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message: string; data: any };
}

// Alone: npx tsx packages/bench/src/ledger.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table([await benchLedger()]);
