import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { BET_STATUS, type LotteryRoomListItem } from '@app/contract';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { checkLedger } from '../../server/src/modules/ledger/service.js';
import { nextRound, roundAt, type Round } from '../../server/src/modules/lottery/engine/index.js';
import { checkDemoVenue } from '../../server/src/venue-demo/store.js';
import { fundedMembers, httpLoad, postJson, settled } from './ledger.js';
import { startPgPlatform } from './platform.js';
import { answeredOk } from './envelope.js';

/**
 * Benchmark (f): lottery orders per second on PostgreSQL — POST /api/lotteryOrder at 64 connections
 * (64 members, one connection each, spread over the rooms of the 60 s 极速快三 k3_60) against the open
 * round, counted when committed (the order's lines and its ledger journal in the database).
 *
 * Betting closes ftime (10 s) before each draw (封盘), so the measured window lies inside one open phase
 * (50 s): the bench waits for a phase with room for a short warm-up and the window, and every 封盘
 * refusal is counted apart (there should be none). Afterwards it waits for the round to be drawn and
 * settled by the server's own scheduler and proves no money went missing: the ledger check, and every
 * order's stake and payout journal moving exactly its lines' stakes and payouts.
 *
 * For comparison, the ledger transfer rate over HTTP (POST /api/transfer, 32 connections, the code of
 * benchmark (c)) against the same server in the same run.
 */
const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const WARMUP_S = 2;
/** Kept clear of the round's opening (the previous round's settlement runs then) and of 封盘. */
const MARGIN_MS = 1500;
const BYPASS = 'BENCH';
const LOTTERY = 'k3_60';
/** A typical slip: 大, 单 and 和值 10 at the default stake of 10 元. */
const LINES = [
  { id: 'k3_big', total: 10 },
  { id: 'k3_odd', total: 10 },
  { id: 'k3_sum_10', total: 10 },
];
const SETTLE_TIMEOUT_MS = 180_000;
/** How often the bench looks whether the round is settled: the settle time is measured to about this. */
const SETTLE_POLL_MS = 50;
/** The round the settle time is measured on holds at least this many orders (the target: 5,000 orders settled within 2 s). */
export const ROUND_ORDERS = 5_000;
/** Time kept in the open phase for topping the round up to ROUND_ORDERS after the window. */
const TOP_UP_S = 20;

export interface LotteryOrderBench {
  /** orders committed per second, POST /api/lotteryOrder, 64 connections */
  ordersPerS: number;
  linesPerOrder: number;
  ordersP99Ms: number;
  ordersP50Ms: number;
  /** orders refused because betting had closed (封盘): expected 0, the window lies inside the open phase */
  closedRefusals: number;
  /** measured window, seconds */
  windowS: number;
  /** orders of the measured round, warm-up included */
  roundOrders: number;
  /** seconds from the draw time until the scheduler had settled every order of the round */
  settleS: number;
  /** transfers settled per second, POST /api/transfer, 32 connections (as in benchmark (c)), same run */
  transfersPerS: number;
  transfersP99Ms: number;
  /** ledger check, demo venue books and every order's journals after the round was settled */
  booksOk: boolean;
}

export async function benchLotteryOrders(): Promise<LotteryOrderBench> {
  const platform = await startPgPlatform({ CAPTCHA_BYPASS_CODE: BYPASS, RATE_LIMIT_REGISTER: '0', LOTTERY_TICK_MS: '1000', ADMIN_PASSWORD: randomBytes(12).toString('hex') });
  const db = await connectPostgres(platform.dbUrl, 4);
  try {
    // 64 members, each funded through the ledger as in benchmark (c) (32 at a time).
    const members = [...(await fundedMembers(platform.url, db.kysely)), ...(await fundedMembers(platform.url, db.kysely))];
    // The rooms whose own stake limits take the slip (a VIP room's minimum is above the default stake).
    const listed = (await postJson(platform.url, '/api/lotteryRoom', { name: LOTTERY })).data as LotteryRoomListItem[];
    const rooms = listed?.filter((r) => LINES.every((l) => l.total >= r.limits.min && l.total <= r.limits.max));
    if (!rooms?.length) throw new Error(`no rooms for ${LOTTERY} taking a stake of ${LINES[0]!.total}`);
    const lottery = await db.kysely.selectFrom('lotteries').select(['interval_s', 'ftime_s']).where('code', '=', LOTTERY).executeTakeFirstOrThrow();
    const sched = { intervalS: lottery.interval_s, ftimeS: lottery.ftime_s };
    const openMs = (sched.intervalS - sched.ftimeS) * 1000;
    const windowS = Math.min(DURATION_S, Math.floor((openMs - 2 * MARGIN_MS) / 1000) - WARMUP_S - TOP_UP_S);
    if (windowS < DURATION_S) console.log(`(f) window cut to ${windowS} s: it must fit in one open phase of ${openMs / 1000} s`);

    // The ledger's transfer rate first (any time suits it), then the orders inside one open phase.
    const before = await settled(db.kysely);
    const transfers = await httpLoad(platform.url, members.slice(0, 32));
    await sleep(500);
    const transfersPerS = Math.round(((await settled(db.kysely)) - before) / DURATION_S);

    const round = await phaseWithRoom(sched, (WARMUP_S + windowS + TOP_UP_S) * 1000 + MARGIN_MS);
    const room = (await getJson(platform.url, `/api/lotteryRoom?room_id=${rooms[0].id}`, members[0].token)).data;
    const expect = room.lottery.nowdata.nextexpect as string;
    if (expect !== round.expect) throw new Error(`the room's open round is ${expect}, the schedule says ${round.expect}`);

    const targets = members.map((m, i) => ({ token: m.token, body: JSON.stringify({ room_id: rooms[i % rooms.length].id, expect, order: LINES }) }));
    await orderLoad(platform.url, targets, WARMUP_S);
    const linesBefore = await lineCount(db.kysely, expect);
    const load = await orderLoad(platform.url, targets, windowS);
    await sleep(500); // orders cut off by the end of the window commit
    const lines = (await lineCount(db.kysely, expect)) - linesBefore;
    if (Date.now() > round.closesAtMs) throw new Error('(f) the window ran into 封盘');
    // The round is topped up to ROUND_ORDERS (outside the measured window), so its settlement is timed at that size.
    const short = ROUND_ORDERS - (await orderCount(db.kysely, expect));
    if (short > 0) await orderLoad(platform.url, targets, TOP_UP_S, short);
    await sleep(500);
    if (Date.now() > round.closesAtMs) throw new Error('(f) topping the round up ran into 封盘');

    // The server's scheduler draws the round at its draw time and settles every order of it.
    const roundOrders = await orderCount(db.kysely, expect);
    if (roundOrders < ROUND_ORDERS) throw new Error(`(f) round ${expect} holds ${roundOrders} orders, short of ${ROUND_ORDERS}`);
    const deadline = round.drawAtMs + SETTLE_TIMEOUT_MS;
    while ((await unsettledLines(db.kysely, expect)) > 0) {
      if (Date.now() > deadline) throw new Error(`(f) round ${expect} not settled ${SETTLE_TIMEOUT_MS / 1000} s after its draw`);
      await sleep(SETTLE_POLL_MS);
    }
    const settleS = Math.max(0, (Date.now() - round.drawAtMs) / 1000);

    const [ledger, venueBooks, orderBooks] = await Promise.all([checkLedger(db.kysely), checkDemoVenue(db.kysely), checkOrderJournals(db.kysely)]);
    const booksOk = ledger.ok && venueBooks.ok && orderBooks.ok;
    if (!booksOk) throw new Error(`the books do not check after the benchmark: ${JSON.stringify({ ledger: ledger.mismatches.slice(0, 5), venue: venueBooks.ok, orders: orderBooks })}`);
    return {
      ordersPerS: Math.round(lines / LINES.length / windowS),
      linesPerOrder: LINES.length,
      ordersP99Ms: load.p99Ms,
      ordersP50Ms: load.p50Ms,
      closedRefusals: load.closed,
      windowS,
      roundOrders,
      settleS: Math.round(settleS * 100) / 100,
      transfersPerS,
      transfersP99Ms: transfers.p99Ms,
      booksOk,
    };
  } finally {
    await db.close();
    await platform.stop();
  }
}

/** Waits, if needed, until a round is open with `needMs` of betting left; answers that round. */
async function phaseWithRoom(sched: { intervalS: number; ftimeS: number }, needMs: number): Promise<Round> {
  let round = roundAt(sched, Date.now());
  let startAt = Math.max(Date.now(), round.opensAtMs + MARGIN_MS);
  if (startAt + needMs > round.closesAtMs) {
    round = nextRound(sched, round);
    startAt = round.opensAtMs + MARGIN_MS;
  }
  await sleep(startAt - Date.now());
  return round;
}

/** autocannon at 64 connections, one member each, the same slip against the open round (for `durationS`, or until `amount` orders). */
async function orderLoad(url: string, targets: { token: string; body: string }[], durationS: number, amount?: number): Promise<{ p99Ms: number; p50Ms: number; closed: number }> {
  let next = 0;
  let closed = 0;
  const refused: string[] = [];
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: durationS,
    ...(amount ? { amount } : {}),
    setupClient: (client) => {
      const t = targets[next++ % targets.length]!;
      client.setRequests([
        {
          method: 'POST',
          path: '/api/lotteryOrder',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
          body: t.body,
          onResponse: (status, body) => {
            if (answeredOk(status, body)) return;
            if (body.includes('封盘')) closed += 1;
            else refused.push(`${status} ${body.slice(0, 120)}`);
          },
        },
      ]);
    },
  });
  if (r.errors || refused.length) throw new Error(`orders over HTTP: ${r.errors} errors, ${refused.length} refused, e.g. ${refused[0]}`);
  return { p99Ms: r.latency.p99, p50Ms: r.latency.p50, closed };
}

async function getJson(url: string, route: string, token: string): Promise<{ code: number; message: string; data: any }> {
  const res = await fetch(url + route, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; message: string; data: any };
}

async function lineCount(db: Kdb, expect: string): Promise<number> {
  const r = await db.selectFrom('lottery_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('lottery', '=', LOTTERY).where('expect', '=', expect).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function orderCount(db: Kdb, expect: string): Promise<number> {
  const r = await db
    .selectFrom('lottery_orders')
    .select(sql<number>`count(DISTINCT order_no)`.as('n'))
    .where('lottery', '=', LOTTERY)
    .where('expect', '=', expect)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

async function unsettledLines(db: Kdb, expect: string): Promise<number> {
  const r = await db
    .selectFrom('lottery_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lottery', '=', LOTTERY)
    .where('expect', '=', expect)
    .where('status', '=', BET_STATUS.unsettled)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Every lottery order's money: one stake journal per order moving exactly the sum of its lines' stakes,
 * a payout journal exactly when it paid, moving exactly the sum of its payouts, and no lottery journal
 * without its order.
 */
async function checkOrderJournals(db: Kdb): Promise<{ ok: boolean; orders: number; badOrders: number; strayJournals: number }> {
  const bad = await sql<{ n: number; orders: number }>`
    WITH o AS (
      SELECT order_no, SUM(stake_fen) AS stake, SUM(payout_fen) AS payout,
             MIN(stake_journal_id) AS sj, MAX(stake_journal_id) AS sj_max,
             MIN(payout_journal_id) AS pj, MAX(payout_journal_id) AS pj_max, COUNT(payout_journal_id) AS pj_lines, COUNT(*) AS lines
      FROM lottery_orders GROUP BY order_no
    ), moved AS (
      SELECT journal_id, SUM(amount_fen) FILTER (WHERE amount_fen > 0) AS fen FROM ledger_entries GROUP BY journal_id
    )
    SELECT COUNT(*) FILTER (WHERE o.sj <> o.sj_max OR s.fen IS DISTINCT FROM o.stake
                           OR (o.payout > 0 AND (o.pj <> o.pj_max OR o.pj_lines <> o.lines OR p.fen IS DISTINCT FROM o.payout))
                           OR (o.payout = 0 AND o.pj IS NOT NULL))::bigint AS n,
           COUNT(*)::bigint AS orders
    FROM o LEFT JOIN moved s ON s.journal_id = o.sj LEFT JOIN moved p ON p.journal_id = o.pj`.execute(db);
  const stray = await sql<{ n: number }>`
    SELECT COUNT(*)::bigint AS n FROM ledger_journals j
    WHERE (j.kind = 'lottery_stake' AND NOT EXISTS (SELECT 1 FROM lottery_orders o WHERE o.stake_journal_id = j.id))
       OR (j.kind = 'lottery_payout' AND NOT EXISTS (SELECT 1 FROM lottery_orders o WHERE o.payout_journal_id = j.id))`.execute(db);
  const badOrders = Number(bad.rows[0]!.n);
  const strayJournals = Number(stray.rows[0]!.n);
  return { ok: badOrders === 0 && strayJournals === 0, orders: Number(bad.rows[0]!.orders), badOrders, strayJournals };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}

// Alone: npx tsx packages/bench/src/lottery-orders.ts
if (import.meta.url === `file://${process.argv[1]}`) console.table([await benchLotteryOrders()]);
