import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { addDays, GAME_CATEGORIES } from '@app/contract';
import { connectPostgres, type Kdb } from '../../server/src/db/connect.js';
import { HOUSE, systemAccountId } from '../../server/src/modules/ledger/service.js';
import { rollupPass } from '../../server/src/modules/reports/rollup.js';
import { beijingDate } from '../../server/src/lib/time.js';
import { startPgPlatform } from './platform.js';

/**
 * Benchmark (j): 数据概览 and 报表 over 90 days of 100,000 members' activity on PostgreSQL.
 *
 * Seeded set-based (INSERT … SELECT generate_series) into the platform's scratch database: MEMBERS
 * members joined over the last 120 days; for each member and each of DAYS days up to today (by a hash
 * of member and day): settled venue bets on about one day in eight (two records, six categories, the
 * seeded venues), a login one day in six, two lottery lines one day in thirty (in a round of that day,
 * settled), an approved deposit one day in twenty, a paid withdrawal one day in fifty (members with a
 * card), and a promotion bonus, a rebate or a red packet one day in fifty (balanced ledger journals
 * from the house accounts). Then the rollup of every closed day (timed), and over HTTP
 * (autocannon, CONNECTIONS connections, DURATION_S seconds each, 127.0.0.1 only): GET
 * /admin/api/reports/dashboard with a 90-day chart (today live from the raw tables), GET
 * /admin/api/reports/report?kind=finance over the 90 days, and GET /healthz as the run's baseline.
 * Target: p99 of the dashboard and of the 90-day daily finance report < TARGET_P99_MS.
 */
const MEMBERS = Number(process.env.BENCH_REPORT_MEMBERS || 100_000);
const DAYS = Number(process.env.BENCH_REPORT_DAYS || 90);
const CONNECTIONS = 4;
const DURATION_S = 8;
export const TARGET_P99_MS = 300;

export interface ReportLoad {
  route: string;
  coldMs: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ReportsBench {
  members: number;
  days: number;
  rows: Record<string, number>;
  seedS: number;
  rollupS: number;
  rolledDays: number;
  statRows: number;
  loads: ReportLoad[];
  baseline: ReportLoad;
  targetMet: boolean;
}

export async function benchReports(): Promise<ReportsBench> {
  const adminPassword = `Bench-${randomBytes(9).toString('hex')}`;
  const platform = await startPgPlatform({
    COMMISSION_INTERVAL_MS: '0',
    REBATE_INTERVAL_MS: '0',
    VIP_INTERVAL_MS: '0',
    BET_FEED_INTERVAL_MS: '0',
    LOTTERY_TICK_MS: '0',
    ADMIN_PASSWORD: adminPassword,
  });
  const db = await connectPostgres(platform.dbUrl, 4);
  const k = db.kysely;
  try {
    const now = new Date();
    const t0 = performance.now();
    const rows = await seed(k, now);
    const seedS = round2((performance.now() - t0) / 1000);
    await sql`VACUUM ANALYZE`.execute(k);

    const today = beijingDate(now);
    const from = addDays(today, -(DAYS - 1));
    const t1 = performance.now();
    const rolled = await rollupPass(k, now, { from, to: addDays(today, -1) });
    const rollupS = round2((performance.now() - t1) / 1000);
    await sql`ANALYZE daily_stats`.execute(k);
    const statRows = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM daily_stats`.execute(k)).rows[0]!.n);

    const login = (await (await fetch(`${platform.url}/admin/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: adminPassword }) })).json()) as {
      code: number;
      data: { token: string };
    };
    if (login.code !== 200) throw new Error(`(j) staff login: ${JSON.stringify(login)}`);
    const token = login.data.token;
    const loads = [
      await measure(platform.url, `/admin/api/reports/dashboard?from=${from}&to=${today}`, token),
      await measure(platform.url, `/admin/api/reports/report?kind=finance&from=${from}&to=${today}`, token),
    ];
    const baseline = await measure(platform.url, '/healthz', '');
    return { members: MEMBERS, days: DAYS, rows, seedS, rollupS, rolledDays: rolled.length, statRows, loads, baseline, targetMet: loads.every((l) => l.p99Ms < TARGET_P99_MS) };
  } finally {
    await db.close();
    await platform.stop();
  }
}

/** The activity, set-based; returns the rows written per table. */
export async function seed(k: Kdb, now: Date): Promise<Record<string, number>> {
  const prefix = `rp${randomBytes(3).toString('hex')}`;
  const today = beijingDate(now);
  const first = addDays(today, -(DAYS - 1));
  const out: Record<string, number> = {};
  const n = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);
  // a day of the range as d.day (date) and its start (timestamptz), today included
  const days = sql`generate_series(${first}::date, ${today}::date, interval '1 day') AS d(day)`;
  // a pseudo-random 0..m-1 of member × day × salt
  const h = (salt: number, m: number) => sql`mod(mod(hashint8extended(m.id * 1000 + (d.day::date - ${first}::date), ${salt}), ${m}) + ${m}, ${m})`;
  // a moment inside the day (not after now)
  const at = (salt: number) => sql`least(${now}::timestamptz, (d.day::date::timestamp AT TIME ZONE 'Asia/Shanghai') + interval '1 second' * mod(mod(hashint8extended(m.id * 1000 + (d.day::date - ${first}::date), ${salt}), 86000) + 86000, 86000))`;

  out.members = n(
    await sql`
    INSERT INTO members (username, password_hash, pay_password_hash, created_at)
    SELECT ${prefix} || 'm' || g, 'x', 'x', ${now}::timestamptz - interval '1 second' * ((g::bigint * 104729) % (120 * 86400))
      FROM generate_series(1, ${MEMBERS}) g`.execute(k),
  );
  const members = sql`(SELECT id, created_at FROM members WHERE username LIKE ${`${prefix}%`}) m`;

  const venues = (await k.selectFrom('venues').select('code').where('code', '<>', 'lottery').orderBy('code').execute()).map((v) => v.code);
  const cats = GAME_CATEGORIES.filter((c) => c !== 'lottery');
  out.bet_records = n(
    await sql`
    INSERT INTO bet_records (venue, bet_id, member_id, game_code, game_name, category, bet_fen, valid_fen, win_loss_fen, status, bet_at, settled_at, counted)
    SELECT (${venues}::text[])[1 + mod(m.id + r, ${venues.length})], ${prefix} || m.id || '_' || (d.day::date - ${first}::date) || '_' || r, m.id,
           'g' || mod(m.id + r, 12), '游戏' || mod(m.id + r, 12), (${cats}::text[])[1 + mod(m.id * 3 + r, ${cats.length})],
           v.fen, v.fen, v.fen / 5 - v.fen / 4 * mod(m.id + r, 2), 1, ${at(11)} + interval '1 minute' * r, ${at(11)} + interval '1 minute' * (r + 1), true
      FROM ${members}
      CROSS JOIN ${days} CROSS JOIN generate_series(1, 2) r
      CROSS JOIN LATERAL (SELECT 1000 + ${h(5, 200000)} AS fen) v
     WHERE ${h(7, 8)} = 0`.execute(k),
  );
  out.sessions = n(
    await sql`
    INSERT INTO sessions (token_hash, member_id, created_at, last_seen_at, ip, user_agent)
    SELECT ${prefix} || m.id || '_' || (d.day::date - ${first}::date), m.id, ${at(13)}, ${at(13)}, '127.0.0.1', 'bench'
      FROM ${members} CROSS JOIN ${days} WHERE ${h(17, 6)} = 0`.execute(k),
  );

  // lottery: a round per lottery per day, two lines one member-day in thirty, settled
  const lotteries = await k.selectFrom('lottery_rooms').select(['id', 'lottery']).orderBy('id').execute();
  await sql`
    INSERT INTO lottery_rounds (lottery, expect, seed, commitment, draw_at, drawn_at, settled_at, result)
    SELECT l.lottery, 'B' || to_char(d.day, 'YYYYMMDD'), 'x', 'x', d.day::date::timestamp AT TIME ZONE 'Asia/Shanghai', now(), now(), '[1,2,3]'
      FROM (SELECT DISTINCT lottery FROM lottery_rooms) l CROSS JOIN ${days}`.execute(k);
  const [stakeJournal] = (
    await sql<{ id: number }>`INSERT INTO ledger_journals (idem_key, kind, memo, created_at) VALUES (${`${prefix}-lottery`}, 'bench', 'bench lottery orders', now()) RETURNING id`.execute(k)
  ).rows;
  out.lottery_orders = n(
    await sql`
    INSERT INTO lottery_orders (order_no, line, member_id, room_id, lottery, expect, play_id, odds_cents, stake_fen, payout_fen, valid_fen, status, stake_journal_id, created_at, settled_at)
    SELECT ${prefix} || 'L' || m.id || '_' || (d.day::date - ${first}::date), r, m.id, x.id, x.lottery, 'B' || to_char(d.day, 'YYYYMMDD'), 'k3_big', 196,
           v.fen, CASE WHEN mod(m.id + r, 2) = 0 THEN v.fen * 196 / 100 ELSE 0 END, v.fen, 1, ${stakeJournal!.id}, ${at(19)}, ${at(19)}
      FROM ${members} CROSS JOIN ${days} CROSS JOIN generate_series(1, 2) r
      CROSS JOIN LATERAL (SELECT 200 + ${h(23, 50000)} AS fen) v
      JOIN (SELECT id, lottery, row_number() OVER (ORDER BY id) - 1 AS i FROM lottery_rooms) x ON x.i = mod(m.id, ${lotteries.length})
     WHERE ${h(29, 30)} = 0`.execute(k),
  );

  const method = (await k.selectFrom('pay_methods').select('code').orderBy('code').executeTakeFirstOrThrow()).code;
  out.deposits = n(
    await sql`
    INSERT INTO deposits (deposit_no, member_id, method, amount_fen, state, reviewed_at, created_at)
    SELECT ${prefix} || 'D' || m.id || '_' || (d.day::date - ${first}::date), m.id, ${method}, 10000 * (1 + ${h(31, 100)}), 2, ${at(37)}, ${at(37)}
      FROM ${members} CROSS JOIN ${days} WHERE ${h(41, 20)} = 0`.execute(k),
  );
  await sql`
    INSERT INTO member_cards (member_id, type, bank, bank_owner, bank_no)
    SELECT m.id, 1, '工商银行', '张三', '6222' || lpad(m.id::text, 12, '0') FROM ${members} WHERE mod(m.id, 4) = 0`.execute(k);
  out.withdrawals = n(
    await sql`
    INSERT INTO withdrawals (withdraw_no, member_id, card_id, card_type, bank, bank_owner, bank_no, amount_fen, state, reviewed_at, created_at)
    SELECT ${prefix} || 'W' || m.id || '_' || (d.day::date - ${first}::date), m.id, c.id, 1, c.bank, c.bank_owner, c.bank_no, 5000 * (1 + ${h(43, 40)}), 2, ${at(47)}, ${at(47)}
      FROM ${members} JOIN member_cards c ON c.member_id = m.id CROSS JOIN ${days} WHERE ${h(53, 12)} = 0`.execute(k),
  );

  // costs through the ledger: a promotion bonus, a rebate or a red packet, one member-day in fifty
  await sql`INSERT INTO ledger_accounts (code, kind, member_id) SELECT 'member:' || m.id || ':wallet', 'member_wallet', m.id FROM ${members} WHERE mod(m.id, 5) = 0`.execute(k);
  const houses = await Promise.all([HOUSE.promotions, HOUSE.rebates, HOUSE.redPackets].map((c) => systemAccountId(k, c)));
  out.ledger_journals = n(
    await sql`
    INSERT INTO ledger_journals (idem_key, kind, memo, created_at)
    SELECT ${prefix} || 'C' || m.id || '_' || (d.day::date - ${first}::date), 'bench_cost', 'bench', ${at(59)}
      FROM ${members} CROSS JOIN ${days} WHERE mod(m.id, 5) = 0 AND ${h(61, 10)} = 0`.execute(k),
  );
  await sql`
    INSERT INTO ledger_entries (journal_id, account_id, amount_fen, created_at)
    SELECT j.id, x.account_id, x.fen, j.created_at
      FROM ledger_journals j
      JOIN ledger_accounts a ON a.code = 'member:' || split_part(substr(j.idem_key, ${prefix.length + 2}), '_', 1) || ':wallet'
      CROSS JOIN LATERAL (SELECT 100 * (1 + mod(j.id, 88)) AS fen, (${houses}::bigint[])[1 + mod(j.id, 3)] AS house) c
      CROSS JOIN LATERAL (VALUES (a.id, c.fen), (c.house, -c.fen)) AS x(account_id, fen)
     WHERE j.idem_key LIKE ${`${prefix}C%`}`.execute(k);
  await sql`
    UPDATE ledger_accounts a SET balance_fen = s.fen
      FROM (SELECT account_id, sum(amount_fen) AS fen FROM ledger_entries GROUP BY account_id) s
     WHERE a.id = s.account_id`.execute(k);
  return out;
}

async function measure(url: string, path: string, token: string): Promise<ReportLoad> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const t = performance.now();
  const first = (await (await fetch(`${url}${path}`, { headers })).json()) as { code?: number; status?: string };
  const coldMs = round2(performance.now() - t);
  if (token && first.code !== 200) throw new Error(`(j) ${path}: ${JSON.stringify(first).slice(0, 300)}`);
  let bad = 0;
  const r = await autocannon({
    url: `${url}${path}`,
    method: 'GET',
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ onResponse: (status: number, text: string) => void (status === 200 && token && (JSON.parse(text) as { code?: number }).code !== 200 && (bad += 1)) }],
  });
  if (r.errors || r.timeouts || r.non2xx || bad) throw new Error(`(j) ${path}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, ${bad} refusals`);
  return { route: path.split('?')[0]! + (path.includes('kind=') ? '?kind=finance' : ''), coldMs, rps: Math.round(r.requests.average), p50Ms: r.latency.p50, p99Ms: r.latency.p99, maxMs: r.latency.max };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

// Alone: npx tsx packages/bench/src/reports.ts
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchReports();
  console.log(JSON.stringify(r, null, 2));
}
