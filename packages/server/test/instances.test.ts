import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CODE, MSG, SERVICE_STAFF_WS_PATH, SERVICE_WS_PATH, WS_PING_TEXT, roomSocketUrl, type ServiceServerFrame } from '@app/contract';
import { connectPostgres, type Db } from '../src/db/connect.js';
import { createScratchDatabase } from '../src/db/scratch.js';
import { checkLedger, HOUSE, memberWalletId, post, systemAccountId } from '../src/modules/ledger/service.js';
import { roundAt } from '../src/modules/lottery/engine/index.js';
import { call, freePort, startServerProcess, waitHealthy, type ServerProcess } from './process-support.js';
import { K3, RoomSocket } from './lottery-ws-support.js';

/**
 * Several instances behind a reverse proxy: two real server processes on one
 * PostgreSQL and one Redis (the second through PgBouncer in transaction mode), nginx in front with the
 * repository's own config (deploy/nginx/platform.conf, only its upstream servers and listen address
 * swapped for local ones). Sessions,
 * revocations, rate limits, a lottery room, the customer-service chat and the lottery's scheduled draw
 * behave as with one instance, and the member flows through the proxy go on while one instance is
 * stopped and after it is started again; the ledger checks at the end.
 *
 * PostgreSQL and Redis only (the embedded database is one process), nginx and PgBouncer (Debian's
 * nginx-light and pgbouncer, installed by .ci/run).
 */
const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const NGINX = '/usr/sbin/nginx';
const PGBOUNCER = '/usr/sbin/pgbouncer';
const CONF = path.resolve(import.meta.dirname, '../../../deploy/nginx/platform.conf');
const BYPASS = 'INSTANCES';
const ADMIN_PASSWORD = 'first-Admin-pass-9';
const CAPTCHA_PER_MINUTE = 8;

/** The repository's proxy config with local upstreams and listen address. */
function localConfig(upstreamPorts: number[], listenPort: number): string {
  const conf = fs.readFileSync(CONF, 'utf8');
  const swap = (text: string, block: string, lines: string[]) => {
    const re = new RegExp(`# ${block}: begin\\n[\\s\\S]*?# ${block}: end`);
    expect(re.test(text), `${CONF} keeps its "# ${block}: begin/end" markers`).toBe(true);
    return text.replace(re, lines.join('\n'));
  };
  return swap(
    swap(conf, 'instances', upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)),
    'listen',
    [`listen 127.0.0.1:${listenPort};`],
  );
}

/** A child process whose output is kept, for the failure message. */
function spawnLogged(cmd: string, args: string[]): { child: ChildProcess; log: () => string } {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  return { child, log: () => log };
}

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await gone;
}

/**
 * PgBouncer in transaction mode in front of the test's PostgreSQL (README "Connection pools"): it may
 * not run as root, so it runs as postgres with its files readable by that user.
 */
async function startPgBouncer(dir: string, pgUrl: URL): Promise<{ child: ChildProcess; url: (db: string) => string; log: () => string }> {
  const port = await freePort();
  fs.mkdirSync(dir, { mode: 0o755 });
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${pgUrl.username}" ""\n`, { mode: 0o644 });
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${pgUrl.hostname} port=${pgUrl.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${dir}/users.txt`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
    ].join('\n'),
    { mode: 0o644 },
  );
  const { child, log } = spawnLogged(PGBOUNCER, ['-u', 'postgres', path.join(dir, 'pgbouncer.ini')]);
  const deadline = Date.now() + 10_000;
  while (!(await new Promise<boolean>((resolve) => {
    const sock = net.connect(port, '127.0.0.1', () => (sock.destroy(), resolve(true)));
    sock.on('error', () => resolve(false));
  }))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`pgbouncer did not start:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: (db) => `postgres://${pgUrl.username}@127.0.0.1:${port}/${db}`, log };
}

/** A socket that keeps every JSON frame and can wait for one. */
class Frames {
  readonly ws: WebSocket;
  readonly frames: any[] = [];
  readonly opened: Promise<boolean>;
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const text = data.toString();
      if (text !== WS_PING_TEXT) this.frames.push(JSON.parse(text));
    });
    this.opened = new Promise((resolve) => {
      this.ws.once('open', () => resolve(true));
      this.ws.once('error', () => resolve(false));
    });
  }
  async next<T = any>(pred: (f: any) => boolean, timeoutMs = 5000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex(pred);
      if (i >= 0) return this.frames.splice(i, 1)[0] as T;
      if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('two instances behind nginx (PostgreSQL and Redis; set TEST_DATABASE=postgres)', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let db: Db;
  let dataDir: string;
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: { child: ChildProcess; log: () => string };
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>> | undefined;
  let proxy: string;
  const running: ServerProcess[] = [];
  const sockets: WebSocket[] = [];

  const register = async (via: string) => {
    const name = `in${randomBytes(5).toString('hex')}`;
    const r = await call(via, '/api/register', { name, realname: name, password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: BYPASS, adult: 1 });
    expect([r.code, r.message]).toEqual([200, expect.any(String)]);
    const token = r.data.api_token as string;
    const id = (await call(via, '/api/user', {}, token)).data.id as number;
    return { name, token, id };
  };
  const fund = async (memberId: number, yuan: number) => {
    const source = await systemAccountId(db.kysely, HOUSE.adjustments);
    const wallet = await memberWalletId(db.kysely, memberId);
    await db.kysely.transaction().execute((tx) =>
      post(tx, { idemKey: `instances-fund:${memberId}`, kind: 'adjustment', memo: 'instances test funding', entries: [{ accountId: source, amountFen: -yuan * 100 }, { accountId: wallet, amountFen: yuan * 100 }] }),
    );
  };
  const balance = async (via: string, token: string) => Number((await call(via, '/api/balance', {}, token)).data.balance);

  beforeAll(async () => {
    expect(fs.existsSync(NGINX), 'nginx is installed (apt-get install nginx-light; .ci/run does)').toBe(true);
    expect(fs.existsSync(PGBOUNCER), 'pgbouncer is installed (apt-get install pgbouncer; .ci/run does)').toBe(true);
    scratch = await createScratchDatabase(PG_ADMIN_URL, 'instances');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
    env = {
      DATABASE_URL: scratch.url,
      REDIS_URL,
      REDIS_PREFIX: `instances-${randomBytes(4).toString('hex')}:`,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      CAPTCHA_BYPASS_CODE: BYPASS,
      TRUST_PROXY: '1',
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_CAPTCHA: String(CAPTCHA_PER_MINUTE),
    };
    // B reaches PostgreSQL through PgBouncer in transaction mode, its migrations and job locks on a
    // direct session (DATABASE_SESSION_URL), as README "Connection pools" advises.
    bouncer = await startPgBouncer(path.join(dataDir, 'pgbouncer'), new URL(scratch.url));
    const dbName = new URL(scratch.url).pathname.slice(1);
    // Both start at once on the new database: one migrates and seeds, the other waits and finds it done.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess({ ...env, DATABASE_URL: bouncer.url(dbName), DATABASE_SESSION_URL: scratch.url })]);
    running.push(a, b);
    db = await connectPostgres(scratch.url, 4);

    const port = await freePort();
    const dir = path.join(dataDir, 'nginx');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'nginx.conf'), localConfig([a.port, b.port], port));
    nginx = spawnLogged(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid; error_log stderr warn;`]);
    proxy = `http://127.0.0.1:${port}`;
    await waitHealthy(`${proxy}/healthz`, () => nginx.child.exitCode === null, nginx.log, 10_000);
  }, 120_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stop(nginx?.child, 'SIGQUIT');
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    await stop(bouncer?.child, 'SIGTERM');
    let ledger: Awaited<ReturnType<typeof checkLedger>> | null = null;
    if (db) ledger = await checkLedger(db.kysely);
    await db?.close();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (ledger && !ledger.ok) throw new Error(`ledger check failed: ${JSON.stringify(ledger.mismatches)}`);
  }, 60_000);

  it('shares sessions, revocations and rate limits across the instances', async () => {
    const m = await register(proxy);
    // A session made through the proxy is known to both instances, at once.
    for (const via of [a.url, b.url, proxy, proxy]) expect((await call(via, '/api/user', {}, m.token)).data.id).toBe(m.id);
    // Signed out on one instance: refused on the other at once.
    const login = await call(b.url, '/api/login_pc', { name: m.name, password: 'secret123' });
    expect(login.code).toBe(200);
    const second = login.data.api_token as string;
    expect((await call(a.url, '/api/user', {}, second)).code).toBe(200);
    expect((await call(b.url, '/api/logoff', {}, second)).code).toBe(200);
    for (const via of [a.url, b.url, proxy]) expect((await call(via, '/api/user', {}, second)).code).toBe(CODE.unauthorized);
    expect((await call(proxy, '/api/user', {}, m.token)).code).toBe(200); // the other session lives on

    // One count of the per-address captcha limit, whichever instance answers.
    const codes: number[] = [];
    for (let i = 0; i < CAPTCHA_PER_MINUTE + 2; i++) codes.push((await call(i % 2 ? a.url : b.url, '/api/captcha')).code);
    expect(codes.slice(0, CAPTCHA_PER_MINUTE).every((c) => c === 200)).toBe(true);
    expect(codes.slice(CAPTCHA_PER_MINUTE)).toEqual([CODE.tooMany, CODE.tooMany]);
    expect((await call(proxy, '/api/captcha')).message).toBe(MSG.tooManyRequests);
  });

  it('carries the customer-service chat between a member on one instance and staff on the other', async () => {
    const m = await register(proxy);
    const superToken = (await call(a.url, '/admin/api/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
    expect(superToken).toBeTruthy();
    const ws = (base: string, p: string, q: string) => new Frames(`${base.replace(/^http/, 'ws')}${p}?${q}`);
    // The member's socket is admitted (its state sent) before the desk opens, so the desk's presence
    // reaches it as a frame of its own; opened at once, the state itself may already say online.
    const member = ws(a.url, SERVICE_WS_PATH, `_token=${encodeURIComponent(m.token)}`);
    sockets.push(member.ws);
    expect(await member.opened).toBe(true);
    await member.next((f) => f.type === 'state');
    const desk = ws(b.url, SERVICE_STAFF_WS_PATH, `token=${encodeURIComponent(superToken)}`);
    sockets.push(desk.ws);
    expect(await desk.opened).toBe(true);
    await member.next((f) => f.type === 'presence' && f.online === true);
    member.ws.send(JSON.stringify({ content: '两个实例之间的问题' }));
    const asked = await desk.next<Extract<ServiceServerFrame, { type: 'message' }>>((f) => f.type === 'message' && f.message.body === '两个实例之间的问题');
    const id = asked.message.conversation_id;
    const headers = { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' };
    const admin = (p: string, body: unknown = {}) => fetch(`${proxy}/admin/api${p}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
    expect((await admin(`/service/conversations/${id}/claim`)).code).toBe(200);
    expect((await admin(`/service/conversations/${id}/messages`, { content: '收到，马上处理' })).code).toBe(200);
    const answered = await member.next((f) => f.type === 'message' && f.message.body === '收到，马上处理');
    expect(answered.message).toMatchObject({ sender: 'staff', conversation_id: id });
  });

  it("holds a room's new limits on every instance at once: a staff save on one drops the other's kept room", async () => {
    const superToken = (await call(a.url, '/admin/api/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token as string;
    const room = ((await call(proxy, '/api/lotteryRoom', { name: 'k3_60' })).data as { id: number }[])[0]!.id;
    const settings = ((await call(a.url, '/admin/api/lottery/rooms', {}, superToken, 'GET')).data as { id: number; title: string; enabled: boolean; sort: number; min_stake: number; max_stake: number }[]).find((r) => r.id === room)!;
    const limitsOn = async (url: string) => (await call(url, `/api/lotteryRoom?room_id=${room}`, {}, undefined, 'GET')).data.limits as { min: number; max: number };
    const save = (min: number) => call(a.url, `/admin/api/lottery/rooms/${room}`, { title: settings.title, enabled: settings.enabled, sort: settings.sort, min_stake: min, max_stake: settings.max_stake }, superToken);
    const raised = settings.min_stake + 7;
    try {
      // B keeps the room it just read (for up to a second); A saves new limits.
      expect((await limitsOn(b.url)).min).toBe(settings.min_stake);
      expect((await save(raised)).code).toBe(200);
      expect((await limitsOn(a.url)).min).toBe(raised);
      // B hears of it through Redis, well before its kept copy would have aged out.
      const deadline = Date.now() + 300;
      let seen = (await limitsOn(b.url)).min;
      while (seen !== raised && Date.now() < deadline) seen = (await limitsOn(b.url)).min;
      expect(seen).toBe(raised);
    } finally {
      expect((await save(settings.min_stake)).code).toBe(200);
    }
  });

  it("shows a member's new balance on every instance at once: a posting on one drops the balance the other keeps", async () => {
    const m = await register(proxy);
    await fund(m.id, 100);
    // B reads the balance and keeps it (ledger/display.ts); A moves it.
    expect(await balance(b.url, m.token)).toBe(100);
    expect((await call(a.url, '/api/transfer', { amount: 30, sourcetype: 'userbalance', targettype: 'DEMOLIVEA' }, m.token)).code).toBe(200);
    expect(await balance(a.url, m.token)).toBe(70);
    // B hears of it through Redis, long before its kept balance would have aged out.
    const deadline = Date.now() + 300;
    let seen = await balance(b.url, m.token);
    while (seen !== 70 && Date.now() < deadline) seen = await balance(b.url, m.token);
    expect(seen).toBe(70);
  });

  it('runs a lottery room across instances: chat and bet notices reach every socket, the round is drawn and paid once', async () => {
    const bettor = await register(proxy);
    const watcher = await register(proxy);
    await fund(bettor.id, 1000);
    const room = ((await call(proxy, '/api/lotteryRoom', { name: 'k3_60' })).data as { id: number }[])[0]!.id;
    const onA = new RoomSocket(roomSocketUrl(a.url, room, bettor.token));
    const onB = new RoomSocket(roomSocketUrl(b.url, room, watcher.token));
    const viaProxy = new RoomSocket(roomSocketUrl(proxy, room, watcher.token));
    sockets.push(onA.ws, onB.ws, viaProxy.ws);
    for (const s of [onA, onB, viaProxy]) expect(await s.opened).toBe(true);
    // Admitted once a ping is answered.
    for (const s of [onA, onB, viaProxy]) {
      const pings = s.pings;
      s.ws.send(WS_PING_TEXT);
      await s.until(() => s.pings > pings);
    }
    onA.chat('大家好，来自实例A');
    for (const s of [onB, viaProxy]) await s.next((f) => f.content === '大家好，来自实例A');

    // Bet in a round still open (past its close, the next one), then wait for its draw.
    let round = roundAt(K3, Date.now());
    if (Date.now() > round.closesAtMs - 3000) round = roundAt(K3, round.drawAtMs + 1000);
    while (Date.now() < round.opensAtMs + 200) await new Promise((r) => setTimeout(r, 200));
    const placed = await call(proxy, '/api/lotteryOrder', { room_id: room, expect: round.expect, order: [{ id: 'k3_big', total: 10 }, { id: 'k3_small', total: 10 }] }, bettor.token);
    expect([placed.code, placed.message]).toEqual([200, expect.any(String)]);
    onA.send({ content: placed.data.order_no, order: 0 }); // the app announces its order in the room
    for (const s of [onB, viaProxy]) await s.next((f) => f.kind === 'bet' && f.bet?.expect === round.expect && f.uid === bettor.id);
    expect(await balance(proxy, bettor.token)).toBe(980);

    const waitMs = round.drawAtMs - Date.now() + 15_000;
    for (const s of [onA, onB, viaProxy]) await s.next((f) => f.sysmsg === 'result' && f.expect === round.expect, waitMs);
    // Each socket was told of the result once, whichever instance drew it.
    await new Promise((r) => setTimeout(r, 1500));
    for (const s of [onA, onB, viaProxy]) expect(s.all((f) => f.sysmsg === 'result' && f.expect === round.expect)).toHaveLength(1);
    // 大 and 小 at 1.96 on one round: one of them wins unless a triple came; paid once, by one instance.
    const [{ n: payouts }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_journals WHERE idem_key LIKE 'lottery:payout:%'`.execute(db.kysely)).rows;
    expect(payouts).toBeLessThanOrEqual(1);
    expect([980, 999.6]).toContain(await balance(proxy, bettor.token));
    const [{ n: rows }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM lottery_rounds WHERE lottery = 'k3_60' AND expect = ${round.expect}`.execute(db.kysely)).rows;
    expect(rows).toBe(1);
  }, 120_000);

  it('keeps the member flows going through the proxy while one instance is stopped and after it starts again', async () => {
    const m = await register(proxy);
    await fund(m.id, 500);
    const flows = async () => {
      expect((await call(proxy, '/api/user', {}, m.token)).data.id).toBe(m.id);
      const before = await balance(proxy, m.token);
      const out = await call(proxy, '/api/transfer', { amount: 20, sourcetype: 'userbalance', targettype: 'DEMOLIVEA' }, m.token);
      expect([out.code, out.message]).toEqual([200, expect.any(String)]);
      const back = await call(proxy, '/api/transfer', { amount: 20, sourcetype: 'DEMOLIVEA', targettype: 'userbalance' }, m.token);
      expect(back.code).toBe(200);
      expect(await balance(proxy, m.token)).toBe(before);
      const relogin = await call(proxy, '/api/login_pc', { name: m.name, password: 'secret123' });
      expect(relogin.code).toBe(200);
      expect((await call(proxy, '/api/noticeList', {})).code).toBe(200);
    };
    await flows();

    // Stop A (as an operator would: SIGTERM, in-flight requests finish): the proxy moves to B.
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    for (let i = 0; i < 3; i++) await flows();

    // Start A again on its port: it serves beside B.
    a = await startServerProcess(env, a.port);
    running.push(a);
    expect((await call(a.url, '/api/user', {}, m.token)).data.id).toBe(m.id);
    for (let i = 0; i < 3; i++) await flows();
    expect((await checkLedger(db.kysely)).ok).toBe(true);
  }, 120_000);
});
