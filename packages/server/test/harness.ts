import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { migratedPglite } from './pglite-template.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { checkLedger, HOUSE, memberWalletId, post, systemAccountId } from '../src/modules/ledger/service.js';
import { checkDemoVenue } from '../src/venue-demo/store.js';
import { checkDemoVenueBets } from '../src/venue-demo/play.js';
import { signLaunch } from '../src/lib/launch-token.js';
import { launchSecret } from '../src/modules/site/launch-secret.js';

/**
 * A real server on an ephemeral port over a real database: in-memory PGlite by default, a fresh
 * PostgreSQL database when TEST_DATABASE=postgres (dropped at close). Share one per test file and
 * isolate tests by data (fresh members), since opening a database takes seconds.
 */
export interface TestServer {
  url: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** POSTs JSON (or GETs when method is GET) and returns the parsed envelope and the HTTP status. */
  api<T = any>(path: string, body?: unknown, opts?: { token?: string; method?: 'GET' | 'POST'; headers?: Record<string, string> }): Promise<{ status: number; code: number; message: string; data: T }>;
  close(): Promise<void>;
}

export const CAPTCHA_BYPASS = 'BYPASS';
const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function openTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const db = await migratedPglite();
    return { db, drop: async () => {} };
  }
  const scratch = await createScratchDatabase(PG_ADMIN_URL, 't');
  return { db: await connectPostgres(scratch.url), drop: scratch.drop };
}

function testConfig(overrides: Partial<Config>): Config {
  return loadConfig(
    { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'silent', CAPTCHA_BYPASS_CODE: CAPTCHA_BYPASS, DATABASE_URL: '' },
    {
      h5Dist: null,
      uploadsDir: `/tmp/uploads-${randomBytes(4).toString('hex')}`,
      // Every test calls from 127.0.0.1: rate limits and the per-IP login failure budget are off
      // unless a test sets them to prove them.
      rateLimits: { login: 0, register: 0, captcha: 0, withdraw: 0, bindcard: 0 },
      // Tests withdraw many times per member; the pending-order cap is proven where it is set.
      withdrawPendingMax: 0,
      loginIpFailureBudget: 0,
      // A fresh install requires two-step sign-in of super and finance (STAFF_TOTP_REQUIRED); the tests
      // that prove it switch it on.
      staffTotpRequired: false,
      // The demo venue is reached over HTTP on this server, sharing its database and two cores with
      // a whole parallel suite: a healthy venue's answer may take seconds here. Tests of a venue that
      // does not answer set their own timeout.
      venueTimeoutMs: 30_000,
      ...overrides,
    },
  );
}

/** The app built on `db` and listening on an ephemeral port; close() stops only the app. */
async function serve(db: Db, overrides: Partial<Config>): Promise<TestServer> {
  const config = testConfig(overrides);
  const app = await buildApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    db,
    config,
    async api(path, body, opts = {}) {
      const method = opts.method ?? 'POST';
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (method === 'POST') headers['content-type'] ??= 'application/json';
      const res = await fetch(url + path, { method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
      const json = (await res.json()) as { code: number; message: string; data: any };
      return { status: res.status, ...json };
    },
    close: () => app.close(),
  };
}

export async function startServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { db, drop } = await openTestDb();
  await migrate(db);
  const server = await serve(db, overrides);
  return {
    ...server,
    async close() {
      const check = await checkLedger(db.kysely);
      const venueCheck = await checkDemoVenue(db.kysely);
      const betsCheck = await checkDemoVenueBets(db.kysely);
      await server.app.close();
      await db.close();
      await drop();
      if (!check.ok) throw new Error(`ledger check failed: ${JSON.stringify(check.mismatches)}`);
      if (!venueCheck.ok) throw new Error(`demo venue check failed: ${JSON.stringify(venueCheck.mismatches)}`);
      if (!betsCheck.ok) throw new Error(`demo venue bets check failed: ${JSON.stringify(betsCheck.mismatches.slice(0, 10))}`);
    },
  };
}

/**
 * Another instance of the platform on the database of `s` (a second server process, or the one started
 * after a stop), with its own app, Redis connections and, on PostgreSQL, its own pool; its close()
 * stops only that instance, the database stays with `s`.
 */
export async function attachServer(s: TestServer, overrides: Partial<Config> = {}): Promise<TestServer> {
  let own: Db | null = null;
  if (s.db.kind === 'postgres') {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(s.db.kysely)).rows[0]!.name;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    own = await connectPostgres(url.toString());
  }
  const server = await serve(own ?? s.db, { ...s.config, ...overrides });
  return {
    ...server,
    async close() {
      await server.close();
      await own?.close();
    },
  };
}

let seq = 0;
/** A username unique within the run: letters and digits, 6–16 characters. */
/**
 * What a back-office save of public content does for a test that wrote content rows straight into the
 * database: every instance drops its kept answers (http/public-cache.ts).
 */
export function publicContentChanged(s: TestServer): void {
  s.app.publicCache.changed();
}

export function uniqueName(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}${randomBytes(2).toString('hex')}`.slice(0, 16);
}

/** The payment password registerMember sets: the member's own secret, not its login password (DESIGN §4). */
export const PAY_PASSWORD = 'paysecret88';

/**
 * Registers a member through the API (captcha bypass) and returns its token; then sets its payment
 * password through /api/setPayPassword, as a member does before its first card binding (payPassword
 * null: none, as right after registration).
 */
export async function registerMember(
  s: TestServer,
  name = uniqueName(),
  password = 'secret123',
  opts: { payPassword?: string | null } = {},
): Promise<{ name: string; password: string; token: string; payPassword: string | null }> {
  const r = await s.api('/api/register', { name, realname: name, password, confirmPass: password, code: CAPTCHA_BYPASS, adult: 1 });
  if (r.code !== 200) throw new Error(`register failed: ${r.message}`);
  const token: string = r.data.api_token;
  const payPassword = opts.payPassword === undefined ? PAY_PASSWORD : opts.payPassword;
  if (payPassword !== null) {
    const set = await s.api('/api/setPayPassword', { password, paypassword: payPassword }, { token });
    if (set.code !== 200) throw new Error(`setPayPassword failed: ${set.message}`);
  }
  return { name, password, token, payPassword };
}

/** The member id behind a token. */
export async function memberIdOf(s: TestServer, token: string): Promise<number> {
  const r = await s.api('/api/user', {}, { token });
  if (r.code !== 200) throw new Error(`user failed: ${r.message}`);
  return r.data.id;
}

/** Credits a member's central wallet through the ledger (a test's stand-in for an approved deposit). */
export async function fund(s: TestServer, memberId: number, yuan: number): Promise<void> {
  const source = await systemAccountId(s.db.kysely, HOUSE.adjustments);
  const wallet = await memberWalletId(s.db.kysely, memberId);
  const fen = Math.round(yuan * 100);
  await s.db.kysely.transaction().execute((tx) =>
    post(tx, { idemKey: `test-fund:${memberId}:${randomBytes(6).toString('hex')}`, kind: 'adjustment', memo: 'test funding', entries: [{ accountId: source, amountFen: -fen }, { accountId: wallet, amountFen: fen }] }),
  );
}

/** A signed launch token for the demo venue, as getGameUrl would put in the URL (ttl in seconds, may be negative). */
export async function venueLaunchToken(s: TestServer, memberId: number, venue: string, game: string, opts: { ttlS?: number; nonce?: string } = {}): Promise<string> {
  const secret = await launchSecret(s.db.kysely);
  return signLaunch(secret, { player: String(memberId), venue, game, exp: Math.floor(Date.now() / 1000) + (opts.ttlS ?? 60), ...(opts.nonce ? { nonce: opts.nonce } : {}) });
}

/** Opens a demo venue play session for a member (launch + exchange) and returns the session token. */
export async function venueSession(s: TestServer, memberId: number, venue: string, game: string): Promise<string> {
  const r = await s.api('/venue/api/session', { launch: await venueLaunchToken(s, memberId, venue, game) });
  if (r.code !== 200) throw new Error(`venue session failed: ${r.message}`);
  return r.data.session;
}

/** Calls the demo venue's API with a play session (GET when body is undefined). */
export function venueCall<T = any>(s: TestServer, path: string, session: string | null, body?: unknown) {
  return s.api<T>(`/venue/api${path}`, body, { method: body === undefined ? 'GET' : 'POST', headers: session ? { 'x-venue-session': session } : {} });
}
