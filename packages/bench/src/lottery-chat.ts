import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { hashPassword } from '../../server/src/lib/password.js';
import { checkLedger, openMemberWallet } from '../../server/src/modules/ledger/service.js';
import { createSession } from '../../server/src/modules/session/service.js';
import type { ClientsJob, ClientsMessage, ClientsResult } from './chat-clients.js';
import { postJson } from './ledger.js';
import { fdLimits, nodeCommand, ROOT } from './proc.js';
import { percentile } from './stats.js';
import { rssMb, startInstance, startPgPlatform } from './platform.js';

/**
 * Benchmark (e): one lottery room with 5,000 WebSocket clients on 127.0.0.1 — how long a chat message
 * takes from its send until it reached the clients.
 *
 * - 5,000 members, one connection each, all in the first room of 极速快三 k3_60 (the room's own round
 *   notices arrive too, as in real life). The members and their bearer sessions are created directly in
 *   the benchmark's database through the server's own ledger (wallet) and session services: 5,000
 *   registrations over HTTP would spend minutes hashing passwords and say nothing about chat.
 * - The clients run in a process of their own (chat-clients.ts), the platform in another; both get the
 *   open-file limit they need (raised for the child only, never above the hard limit).
 * - Connections open 250 at a time, each within 10 s, all within 3 min; a probe message proves every
 *   client is in the room before measuring.
 * - 50 messages, one every 250 ms, from 10 senders in turn (each sends 4 per 10 s, under the chat limit
 *   of CHAT_LIMITS.ratePerWindow per member), each marked with its number.
 *
 * Reported: per message, the time from its send until the LAST of the 5,000 clients had it (the target,
 * p99 < 250 ms; with 50 messages p99 is the slowest message), and over every single delivery the
 * distribution of send → that client. Both are measured on one monotonic clock in the clients' process,
 * including that process's own event-loop wait, so they are upper bounds of the server's time.
 */
const CLIENTS = Number(process.env.BENCH_WS_CLIENTS || 10_000);
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const MESSAGES = Number(process.env.BENCH_WS_MESSAGES || 50);
const SENDERS = 10;
const INTERVAL_MS = 250;
const LOTTERY = 'k3_60';
/** Open files beyond the sockets: modules, database pool, logs. */
const FD_HEADROOM = 512;
/** Clients per loopback source address at most (a share of the ephemeral port range, for repeated runs). */
const PORT_SHARE = 0.5;
const MEMBER_BATCH = 500;
const MEMBER_CONCURRENCY = 16;

export interface ChatBench extends Omit<ClientsResult, 'lastClientMs' | 'firstClientMs' | 'trace'> {
  /** per message, send → last client: p50, p99, max (NaN-free only when every message reached everyone) */
  lastClientP50Ms: number;
  lastClientP99Ms: number;
  lastClientMaxMs: number;
  /** per message, send → first client: the server's work before the fan-out (session, mute, stored row) */
  firstClientP50Ms: number;
  firstClientP99Ms: number;
  /** messages that did not reach every client */
  incompleteMessages: number;
  /** the platform process's CPU while the messages were sent and delivered, % of one core */
  serverCpuPct: number;
  /** the rest of the machine meanwhile (PostgreSQL and whatever else runs), % of one core: high means a disturbed run */
  otherCpuPct: number;
  cores: number;
  /** chat rows the server stored for the measured messages */
  persisted: number;
  sourceAddresses: number;
  fdSoftLimit: number;
  /** platform processes the clients were spread over (two: through Redis) */
  instances: number;
  /** each instance's resident memory before the clients came, and with its share of them connected, MB */
  rssIdleMb: number[];
  rssWithSocketsMb: number[];
  /** the ledger check on the benchmark's database afterwards */
  ledgerOk: boolean;
}

export async function benchLotteryChat(instances: 1 | 2 = 1): Promise<ChatBench> {
  const limits = fdLimits();
  const need = CLIENTS + FD_HEADROOM;
  if (limits.hard < need) {
    throw new Error(`(e) needs ${need} open files per process for ${CLIENTS} clients, the hard limit is ${limits.hard}: raise it (ulimit -Hn) or set BENCH_WS_CLIENTS lower`);
  }
  const sourceAddresses = loopbackSources(CLIENTS);

  const profDir = process.env.BENCH_CPU_PROF;
  // Diagnosis, e.g. BENCH_WS_NODE_ARGS=--trace-gc: node flags for the platform and the clients' process.
  const extraArgs = (process.env.BENCH_WS_NODE_ARGS || '').split(' ').filter(Boolean);
  // Two instances share the room through Redis (a prefix of this run's own); one runs without it.
  const env: Record<string, string> = { ADMIN_PASSWORD: randomBytes(12).toString('hex') };
  if (instances === 2) Object.assign(env, { REDIS_URL, REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}:` });
  const opts = { fdLimit: need, nodeArgs: [...extraArgs, ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : [])] };
  const platform = await startPgPlatform(env, opts);
  const others = [];
  const db = await connectPostgres(platform.dbUrl, MEMBER_CONCURRENCY);
  try {
    if (instances === 2) others.push(await startInstance(platform.dbUrl, platform.dataDir, env, opts));
    const pids = [platform.pid, ...others.map((o) => o.pid)];
    const tokens = await directMembers(db.kysely, CLIENTS);
    const rooms = (await postJson(platform.url, '/api/lotteryRoom', { name: LOTTERY })).data as { id: number }[];
    if (!rooms?.length) throw new Error(`no rooms for ${LOTTERY}`);
    const tag = `bench${randomBytes(3).toString('hex')}`;
    const job: ClientsJob = {
      urls: [platform.url, ...others.map((o) => o.url)],
      roomId: rooms[0]!.id,
      tokens,
      senders: SENDERS,
      messages: MESSAGES,
      intervalMs: INTERVAL_MS,
      batch: 250,
      connectTimeoutMs: 10_000,
      setupDeadlineMs: 180_000,
      drainTimeoutMs: 15_000,
      localAddresses: sourceAddresses,
      tag,
      trace: process.env.BENCH_WS_TRACE === '1',
    };
    let cpuAtSend = 0;
    let machineAtSend = 0;
    let msAtSend = 0;
    let serverCpuPct = NaN;
    let machineCpuPct = NaN;
    const serverCpuMs = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const rssIdleMb = pids.map(rssMb);
    let rssWithSocketsMb: number[] = [];
    const result = await runClients(job, need, extraArgs, (phase) => {
      if (phase === 'ready') rssWithSocketsMb = pids.map(rssMb);
      else if (phase === 'sending') {
        cpuAtSend = serverCpuMs();
        machineAtSend = machineBusyMs();
        msAtSend = performance.now();
      } else if (phase === 'drained') {
        const ms = performance.now() - msAtSend;
        serverCpuPct = ((serverCpuMs() - cpuAtSend) / ms) * 100;
        machineCpuPct = ((machineBusyMs() - machineAtSend) / ms) * 100;
      }
    });
    const stored = await db.kysely
      .selectFrom('lottery_chat')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('room_id', '=', job.roomId)
      .where('content', 'like', `${tag}m%`)
      .executeTakeFirstOrThrow();

    if (result.trace) console.log(result.trace.join('\n'));
    const complete = result.lastClientMs.filter((v) => !Number.isNaN(v));
    // A message that never reached everyone counts as infinitely late.
    const last = [...complete, ...Array(result.lastClientMs.length - complete.length).fill(Infinity)].sort((a, b) => a - b);
    const first = result.firstClientMs.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    const { lastClientMs: _last, firstClientMs: _first, trace: _trace, ...rest } = result;
    return {
      ...rest,
      lastClientP50Ms: percentile(last, 0.5),
      lastClientP99Ms: percentile(last, 0.99),
      lastClientMaxMs: last[last.length - 1] ?? NaN,
      firstClientP50Ms: percentile(first, 0.5),
      firstClientP99Ms: percentile(first, 0.99),
      incompleteMessages: result.lastClientMs.length - complete.length,
      serverCpuPct,
      otherCpuPct: Math.max(0, machineCpuPct - serverCpuPct - result.clientCpuPct),
      cores: os.cpus().length,
      persisted: Number(stored.n),
      sourceAddresses: sourceAddresses.length,
      fdSoftLimit: limits.soft,
      instances,
      ledgerOk: (await checkLedger(db.kysely)).ok,
      rssIdleMb,
      rssWithSocketsMb,
    };
  } finally {
    await db.close();
    for (const o of others) await o.stop();
    await platform.stop();
  }
}

/**
 * `n` members with a wallet and a bearer session each, written as registration writes them (one shared
 * password hash: nobody logs in with it), through the server's ledger and session services.
 */
async function directMembers(db: Kdb, n: number): Promise<string[]> {
  const hash = await hashPassword(randomBytes(12).toString('hex'));
  const prefix = `bw${randomBytes(3).toString('hex')}`;
  const tokens: string[] = [];
  for (let from = 0; from < n; from += MEMBER_BATCH) {
    const count = Math.min(MEMBER_BATCH, n - from);
    const rows = await db
      .insertInto('members')
      .values(Array.from({ length: count }, (_, j) => ({ username: `${prefix}${from + j}`, password_hash: hash, pay_password_hash: hash, register_ip: '127.0.0.1' })))
      .returning('id')
      .execute();
    const batch: string[] = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: MEMBER_CONCURRENCY }, async () => {
        for (let j = next++; j < count; j = next++) {
          const id = rows[j]!.id;
          await openMemberWallet(db, id);
          batch[j] = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'bench' });
        }
      }),
    );
    tokens.push(...batch);
  }
  return tokens;
}

/** Loopback source addresses for the clients: 127.0.0.1, and more of 127.0.0.x when one would use too many ephemeral ports. */
function loopbackSources(clients: number): string[] {
  let ports = 28_000;
  try {
    const [lo, hi] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    ports = hi! - lo! + 1;
  } catch {
    /* not Linux: assume the usual range */
  }
  const count = Math.min(250, Math.max(1, Math.ceil(clients / (ports * PORT_SHARE))));
  return Array.from({ length: count }, (_, i) => `127.0.0.${i + 1}`);
}

/** Runs the clients' process with the job; bounded by the job's own deadlines plus a minute. */
function runClients(job: ClientsJob, fdLimit: number, nodeArgs: string[], onPhase: (phase: 'ready' | 'sending' | 'drained') => void): Promise<ClientsResult> {
  const { command, args } = nodeCommand('packages/bench/src/chat-clients.ts', { fdLimit, nodeArgs });
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const limitMs = job.setupDeadlineMs + 3 * 10_000 + job.messages * job.intervalMs + job.drainTimeoutMs + 60_000;
  return new Promise<ClientsResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`(e) clients did not finish within ${limitMs} ms`));
    }, limitMs);
    child.on('message', (m: ClientsMessage) => {
      if ('phase' in m) return onPhase(m.phase);
      clearTimeout(timer);
      if (m.ok) resolve(m.result);
      else reject(new Error(`(e) clients: ${m.error}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`(e) clients exited with ${code}`)); // no effect once settled
    });
    child.send(job);
  });
}

/** CPU time all cores have been busy, ms, from /proc/stat (NaN elsewhere). */
function machineBusyMs(): number {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
    return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used, ms, from /proc (NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

// Alone: npx tsx packages/bench/src/lottery-chat.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table([await benchLotteryChat(Number(process.env.BENCH_WS_INSTANCES || 1) === 2 ? 2 : 1)]);
