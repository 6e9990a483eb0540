import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { REDPACKET_MSG, type RedPacketRules } from '@app/contract';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { hashPassword } from '../../server/src/lib/password.js';
import { beijingDate, beijingDayStart } from '../../server/src/lib/time.js';
import { newToken } from '../../server/src/lib/tokens.js';
import { checkLedger, HOUSE, houseBalanceFen } from '../../server/src/modules/ledger/service.js';
import { setRedPacketRules } from '../../server/src/modules/redpacket/service.js';
import { fundedMembers, httpLoad, settled } from './ledger.js';
import { startPgPlatform } from './platform.js';

/**
 * Benchmark (h): a red-packet rush (红包) on PostgreSQL — 2,000 eligible members
 * drawing at the same moment over HTTP (POST /api/douserredpacket, autocannon, a connection per
 * member, all opened at once), beside the ledger transfer rate over HTTP measured against the same
 * server in the same run (POST /api/transfer, 32 connections: the code of benchmark (c), as (d) and
 * (f) use it). Target: draws per second ≥ 0.5 × transfers per second, with the budget respected to
 * the fen.
 *
 * The server runs on the real clock, so the rules' window is set around the current Beijing time (the
 * bench waits when that is too close to midnight: a window never crosses it). Set-based, straight into
 * the scratch database: 4,000 members with their wallets and bearer sessions, each with an approved
 * deposit of 1,000 元 inside the counting window (the previous day's end time → today's start time),
 * which the one tier turns into 3 draws of 1–10 元.
 * - The rush (measured): the first 2,000 members, each on its own connection, draw their 3 draws
 *   (6,000 draws) under a budget far above the demand; every draw must succeed.
 * - The cut: the other 2,000 members send 4 draws each (one more than they earned) while the budget
 *   left is smaller than their demand: the last paid draw is cut to what is left, then 今日红包已派完.
 * Afterwards: no member has more draws than it earned; the day's draws sum to its used budget, which
 * is at most the budget, and exactly the budget after the cut; the red-packet house account paid
 * exactly that sum; the ledger checks.
 */
const MEMBERS = Number(process.env.BENCH_REDPACKET_MEMBERS || 2_000);
const DRAWS = 3;
const TARGET_RATIO = 0.5;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const BYPASS = 'BENCH';
const DEPOSIT_FEN = 100_000;
/** a budget the rush cannot reach (yuan) */
const RUSH_BUDGET = 1_000_000;
/** what is left of the budget for the cut round (yuan): about a third of its demand */
const CUT_LEFT = Math.round((MEMBERS * DRAWS * 5.5) / 3);
const MINUTE_MS = 60_000;
/** the window must fit the bench inside one Beijing day (Beijing minutes) */
const EARLIEST_MIN = 5;
const LATEST_MIN = 23 * 60 + 30;

export interface RushRound {
  members: number;
  requests: number;
  draws: number;
  refusedNotEligible: number;
  refusedSoldOut: number;
  seconds: number;
  drawsPerS: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface RedPacketBench {
  rush: RushRound;
  cut: RushRound & { budgetFen: number; usedFen: number };
  /** transfers settled per second, POST /api/transfer, 32 connections (the code of (c)), same run */
  transfersPerS: number;
  transfersP99Ms: number;
  /** rush draws per second ÷ transfers per second */
  ratio: number;
  targetRatio: number;
  seedS: number;
  /** the checks after both rounds (each throws when it fails) */
  maxDrawsOfAMember: number;
  drawsSumFen: number;
  houseFen: number;
  ledgerOk: boolean;
}

export async function benchRedPacket(): Promise<RedPacketBench> {
  await awayFromMidnight();
  const platform = await startPgPlatform({ CAPTCHA_BYPASS_CODE: BYPASS, RATE_LIMIT_REGISTER: '0', ADMIN_PASSWORD: randomBytes(12).toString('hex') }, { fdLimit: MEMBERS * 2 + 1_000 });
  const db = await connectPostgres(platform.dbUrl, 4);
  const k = db.kysely;
  try {
    // The ledger's transfer rate first, against the same server (as (d) and (f)).
    const transferMembers = await fundedMembers(platform.url, k);
    const before = await settled(k);
    const transfers = await httpLoad(platform.url, transferMembers);
    await new Promise((r) => setTimeout(r, 500));
    const transfersPerS = Math.round(((await settled(k)) - before) / DURATION_S);

    const now = new Date();
    const rules = windowAround(now);
    const t0 = performance.now();
    const tokens = await seed(k, rules, now);
    const seedS = Math.round((performance.now() - t0) / 10) / 100;
    await sql`ANALYZE`.execute(k);
    const day = beijingDate(now);
    const houseBefore = await houseFen(k);

    await saveRules(k, { ...rules, daily_budget: RUSH_BUDGET }, now);
    const rush = await rushRound(platform.url, tokens.slice(0, MEMBERS), DRAWS);
    if (rush.draws !== MEMBERS * DRAWS || rush.refusedNotEligible || rush.refusedSoldOut)
      throw new Error(`(h) the rush paid ${rush.draws} of ${MEMBERS * DRAWS} draws (${rush.refusedNotEligible} 未达到条件, ${rush.refusedSoldOut} 已派完)`);

    const usedAfterRush = (await dayRow(k, day)).used_fen;
    await saveRules(k, { ...rules, daily_budget: usedAfterRush / 100 + CUT_LEFT }, now);
    const cutLoad = await rushRound(platform.url, tokens.slice(MEMBERS), DRAWS + 1);
    const budget = await dayRow(k, day);
    if (budget.used_fen !== budget.budget_fen) throw new Error(`(h) after the cut the day used ${budget.used_fen} fen of a budget of ${budget.budget_fen}`);
    if (cutLoad.refusedSoldOut === 0) throw new Error('(h) the cut round never ran out of budget');

    // The books of the day: draws per member, their sum, the budget row, the house account, the ledger.
    const per = await sql<{ max: number; n: number; sum_fen: string }>`
      SELECT COALESCE(max(c), 0)::int AS max, COALESCE(sum(c), 0)::int AS n, COALESCE(sum(s), 0)::text AS sum_fen
      FROM (SELECT member_id, count(*) AS c, sum(amount_fen) AS s FROM red_packet_draws WHERE day = ${day}::date GROUP BY member_id) t`.execute(k);
    const { max, n, sum_fen } = per.rows[0]!;
    const drawsSumFen = Number(sum_fen);
    if (max > DRAWS) throw new Error(`(h) a member drew ${max} times, it earned ${DRAWS}`);
    if (n !== rush.draws + cutLoad.draws || n !== budget.draws) throw new Error(`(h) ${n} draw rows, ${rush.draws + cutLoad.draws} answered, ${budget.draws} counted on the day`);
    if (drawsSumFen !== budget.used_fen || drawsSumFen > budget.budget_fen) throw new Error(`(h) draws sum to ${drawsSumFen} fen, the day used ${budget.used_fen} of ${budget.budget_fen}`);
    const paidFen = houseBefore - (await houseFen(k));
    if (paidFen !== drawsSumFen) throw new Error(`(h) house:red_packets paid ${paidFen} fen for draws of ${drawsSumFen}`);
    const ledger = await checkLedger(k);
    if (!ledger.ok) throw new Error(`(h) the ledger does not check: ${JSON.stringify(ledger.mismatches.slice(0, 5))}`);

    return {
      rush,
      cut: { ...cutLoad, budgetFen: budget.budget_fen, usedFen: budget.used_fen },
      transfersPerS,
      transfersP99Ms: transfers.p99Ms,
      ratio: Math.round((rush.drawsPerS / transfersPerS) * 100) / 100,
      targetRatio: TARGET_RATIO,
      seedS,
      maxDrawsOfAMember: max,
      drawsSumFen,
      houseFen: paidFen,
      ledgerOk: ledger.ok,
    };
  } finally {
    await db.close();
    await platform.stop();
  }
}

const beijingMinute = (now: Date) => Math.floor((now.getTime() - beijingDayStart(now).getTime()) / MINUTE_MS);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Waits while the Beijing time is too close to midnight for a window around it (at most ~40 min). */
async function awayFromMidnight(): Promise<void> {
  for (let m = beijingMinute(new Date()); m < EARLIEST_MIN || m > LATEST_MIN; m = beijingMinute(new Date())) {
    console.log(`(h) Beijing time ${hhmm(m)}: waiting for ${hhmm(EARLIEST_MIN)} (a red-packet window never crosses midnight)`);
    await new Promise((r) => setTimeout(r, 30_000));
  }
}

/** The window from a few minutes ago to half an hour on, one tier: 1,000 元 deposited gives 3 draws of 1–10 元. */
function windowAround(now: Date): RedPacketRules {
  const m = beijingMinute(now);
  return {
    start_time: hhmm(m - 2),
    end_time: hhmm(Math.min(23 * 60 + 59, m + 30)),
    max_times: DRAWS,
    daily_budget: RUSH_BUDGET,
    turnover_multiple: 1,
    tiers: [{ recharge: DEPOSIT_FEN / 100, day_flow: 0, draws: DRAWS, min_money: 1, max_money: 10 }],
  };
}

/** Saved as the console saves them; the server reads rules through a one-second cache, so wait it out. */
async function saveRules(k: Kdb, rules: RedPacketRules, now: Date): Promise<void> {
  await setRedPacketRules(k, rules, { now });
  await new Promise((r) => setTimeout(r, 1_200));
}

/**
 * 2 × MEMBERS members, set-based, as registration leaves them (one shared password hash: nobody logs
 * in), their central wallets, a bearer session each and an approved deposit a minute before the
 * window opens (inside the counting window). Answers the tokens in member order.
 */
async function seed(k: Kdb, rules: RedPacketRules, now: Date): Promise<string[]> {
  const n = MEMBERS * 2;
  const hash = await hashPassword(randomBytes(12).toString('hex'));
  const prefix = `rp${randomBytes(3).toString('hex')}`;
  const ids = (
    await sql<{ id: string }>`
      INSERT INTO members (username, password_hash, pay_password_hash, register_ip)
      SELECT ${prefix} || g, ${hash}, ${hash}, '127.0.0.1' FROM generate_series(1, ${n}) g
      RETURNING id`.execute(k)
  ).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await sql`
    INSERT INTO ledger_accounts (code, kind, member_id)
    SELECT 'member:' || id || ':wallet', 'member_wallet', id FROM members WHERE id = ANY(${ids}::bigint[])`.execute(k);
  const sessions = ids.map(() => newToken());
  await sql`
    INSERT INTO sessions (token_hash, member_id, ip, user_agent)
    SELECT h, m, '127.0.0.1', 'bench' FROM unnest(${sessions.map((s) => s.hash)}::text[], ${ids}::bigint[]) AS t(h, m)`.execute(k);
  const method = (await k.selectFrom('pay_methods').select('code').orderBy('code').executeTakeFirstOrThrow()).code;
  const startMin = Number(rules.start_time.slice(0, 2)) * 60 + Number(rules.start_time.slice(3));
  const approvedAt = new Date(beijingDayStart(now).getTime() + startMin * MINUTE_MS - MINUTE_MS);
  await sql`
    INSERT INTO deposits (deposit_no, member_id, method, amount_fen, state, reviewed_at, created_at)
    SELECT ${prefix} || 'D' || id, id, ${method}, ${DEPOSIT_FEN}, 2, ${approvedAt}, ${approvedAt} FROM members WHERE id = ANY(${ids}::bigint[])`.execute(k);
  return sessions.map((s) => s.token);
}

/**
 * Every member on its own connection, all opened at once, each sending `perMember` draws one after
 * the other; the answers are counted by their envelope (refusals are HTTP 200 with code 400).
 */
async function rushRound(url: string, tokens: string[], perMember: number): Promise<RushRound> {
  let next = 0;
  let draws = 0;
  let notEligible = 0;
  let soldOut = 0;
  const other: string[] = [];
  const t0 = performance.now();
  const r = await autocannon({
    url,
    connections: tokens.length,
    amount: tokens.length * perMember,
    timeout: 120,
    setupClient: (client) => {
      const token = tokens[next++ % tokens.length]!;
      client.setRequests([
        {
          method: 'POST',
          path: '/api/douserredpacket',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{}',
          onResponse: (status, body) => {
            const e = JSON.parse(body) as { code: number; message: string };
            if (status === 200 && e.code === 200) draws += 1;
            else if (e.message === REDPACKET_MSG.notEligible) notEligible += 1;
            else if (e.message === REDPACKET_MSG.soldOut) soldOut += 1;
            else other.push(`${status} ${e.code} ${e.message}`);
          },
        },
      ]);
    },
  });
  const seconds = (performance.now() - t0) / 1000;
  if (r.errors || r.timeouts || r.non2xx || other.length) throw new Error(`(h) draws over HTTP: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, refusals ${JSON.stringify(other.slice(0, 5))}`);
  return {
    members: tokens.length,
    requests: r.requests.total,
    draws,
    refusedNotEligible: notEligible,
    refusedSoldOut: soldOut,
    seconds: Math.round(seconds * 100) / 100,
    drawsPerS: Math.round(draws / seconds),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    maxMs: r.latency.max,
  };
}

async function dayRow(k: Kdb, day: string): Promise<{ budget_fen: number; used_fen: number; draws: number }> {
  const r = await k.selectFrom('red_packet_days').select(['budget_fen', 'used_fen', 'draws']).where('day', '=', day).executeTakeFirstOrThrow();
  return { budget_fen: Number(r.budget_fen), used_fen: Number(r.used_fen), draws: Number(r.draws) };
}

/** What house:red_packets holds, over its sub-accounts. */
const houseFen = (k: Kdb) => houseBalanceFen(k, HOUSE.redPackets);


// Alone: npx tsx packages/bench/src/redpacket.ts
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchRedPacket(), null, 2));
