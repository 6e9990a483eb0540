import {
  fenOfYuan,
  GAME_CATEGORY_LABELS,
  LOTTERY_VENUE,
  LOTTERY_VENUE_LABEL,
  REPORT_COLUMNS,
  addDays,
  fenToYuan,
  type BetsRow,
  type CostsRow,
  type Dashboard,
  type DayFigures,
  type DaySeriesPoint,
  type FinanceRow,
  type GgrSlice,
  type LotteryRow,
  type PeriodFigures,
  type Report,
  type ReportKind,
} from '@app/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { beijing, beijingDate, beijingDayStartOf } from '../../lib/time.js';
import { ensureRolled, liveFigures, monthActiveRolled, monthOf, type StatRow } from './rollup.js';
import { PLAN_PER_CALL } from '../../db/prepared.js';

/**
 * 数据概览 and 报表: closed days from daily_stats (rollup.ts), today live from the
 * raw tables, summed in integer fen and turned to yuan only at the edge.
 */

interface DayRows {
  day: string;
  rows: StatRow[];
}

const toStat = (r: { metric: string; venue: string; category: string; item: string; label: string; n: unknown; a_fen: unknown; b_fen: unknown; c_fen: unknown }): StatRow => ({
  metric: r.metric,
  venue: r.venue,
  category: r.category,
  item: r.item,
  label: r.label,
  n: Number(r.n),
  a_fen: Number(r.a_fen),
  b_fen: Number(r.b_fen),
  c_fen: Number(r.c_fen),
});

/**
 * Today's rows, read live from the raw tables, kept LIVE_FRESH_MS in this process: a dashboard that
 * several staff keep open (it refetches every minute) reads the raw tables once per that time, not
 * once per screen. After that the kept rows are still answered (up to LIVE_STALE_MS) while a
 * single recompute runs behind, so no request waits for it; `fresh` (the console's 刷新) waits for
 * a recompute instead. generated_at says when the figures were read.
 */
export const LIVE_FRESH_MS = 5_000;
const LIVE_STALE_MS = 60_000;
interface LiveEntry {
  day: string;
  at: number;
  rows: StatRow[];
}
const liveKept = new WeakMap<object, LiveEntry>();
const liveRunning = new WeakMap<object, Promise<LiveEntry>>();

function computeLive(db: Kdb, today: string): Promise<LiveEntry> {
  const running = liveRunning.get(db);
  if (running) return running;
  const at = Date.now();
  const p = liveFigures(db, beijingDayStartOf(today), beijingDayStartOf(addDays(today, 1)), monthOf(today))
    .then((rows) => {
      const entry = { day: today, at, rows };
      const kept = liveKept.get(db);
      if (!kept || kept.at <= at) liveKept.set(db, entry);
      return entry;
    })
    .finally(() => liveRunning.delete(db));
  liveRunning.set(db, p);
  return p;
}

async function todayLive(db: Kdb, today: string, fresh: boolean): Promise<LiveEntry> {
  const kept = liveKept.get(db);
  const age = kept && kept.day === today ? Date.now() - kept.at : Infinity;
  if (!fresh && age < LIVE_FRESH_MS) return kept!;
  if (!fresh && age < LIVE_STALE_MS) {
    void computeLive(db, today).catch(() => {});
    return kept!;
  }
  // a recompute already running may have started before the caller's change: wait for it, then read anew
  if (fresh) await liveRunning.get(db)?.catch(() => {});
  return computeLive(db, today);
}

/**
 * Every day of [from, to] with its rows summed per figure (the dimensions folded away in SQL, cost
 * kinds kept): stored ones for closed days, `live` (today's) for today.
 */
async function rowsByDay(db: Kdb, from: string, to: string, today: string, live: () => Promise<LiveEntry>): Promise<DayRows[]> {
  await ensureRolled(db, from, to, today);
  const last = to < today ? to : addDays(today, -1);
  const { rows: stored } = await sql<StatRow & { day: string }>`${PLAN_PER_CALL}
    SELECT day::text AS day, CASE WHEN metric = 'bet_vc' THEN 'bet' ELSE metric END AS metric, '' AS venue, CASE WHEN metric = 'cost' THEN category ELSE '' END AS category, '' AS item, '' AS label,
           sum(n)::bigint AS n, sum(a_fen)::bigint AS a_fen, sum(b_fen)::bigint AS b_fen, sum(c_fen)::bigint AS c_fen
      FROM daily_stats WHERE day >= ${from}::date AND day <= ${last}::date AND metric <> 'bet'
     GROUP BY day, 2, 4`.execute(db);
  const byDay = new Map<string, StatRow[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) byDay.set(d, []);
  for (const r of stored) byDay.get(String(r.day))?.push(toStat(r));
  if (to >= today && from <= today) byDay.set(today, (await live()).rows);
  return [...byDay].map(([day, rows]) => ({ day, rows }));
}

/**
 * The bet rows of [from, to] summed per venue, category and game ('bet') or per venue and category
 * ('bet_vc'): closed days in SQL, plus today's live rows.
 */
async function betDims(db: Kdb, from: string, to: string, today: string, live: () => Promise<LiveEntry>, grain: 'bet' | 'bet_vc' = 'bet'): Promise<StatRow[]> {
  await ensureRolled(db, from, to, today);
  const last = to < today ? to : addDays(today, -1);
  const { rows } = await sql<StatRow>`${PLAN_PER_CALL}
    SELECT 'bet' AS metric, venue, category, item, max(label) AS label,
           sum(n)::bigint AS n, sum(a_fen)::bigint AS a_fen, sum(b_fen)::bigint AS b_fen, sum(c_fen)::bigint AS c_fen
      FROM daily_stats WHERE metric = ${grain} AND day >= ${from}::date AND day <= ${last}::date
     GROUP BY venue, category, item`.execute(db);
  const out = rows.map(toStat);
  if (to >= today && from <= today) out.push(...(await live()).rows.filter((r) => r.metric === 'bet'));
  return out;
}

/** A function that reads today's live rows at most once per request. */
function once(db: Kdb, today: string, fresh: boolean): () => Promise<LiveEntry> {
  let p: Promise<LiveEntry> | null = null;
  return () => (p ??= todayLive(db, today, fresh));
}

/** Figures in fen of a set of rows (one day or several days summed; active members summed as given). */
interface FenFigures {
  deposits: number;
  deposit_count: number;
  withdrawals: number;
  withdrawal_count: number;
  bets: number;
  valid_bets: number;
  bet_count: number;
  payouts: number;
  costs: Record<string, number>;
  new_members: number;
  first_deposit_count: number;
  first_deposits: number;
  active_members: number;
}

function fenFigures(rows: StatRow[]): FenFigures {
  const f: FenFigures = { deposits: 0, deposit_count: 0, withdrawals: 0, withdrawal_count: 0, bets: 0, valid_bets: 0, bet_count: 0, payouts: 0, costs: {}, new_members: 0, first_deposit_count: 0, first_deposits: 0, active_members: 0 };
  for (const r of rows) {
    switch (r.metric) {
      case 'deposit':
        f.deposits += r.a_fen;
        f.deposit_count += r.n;
        break;
      case 'first_deposit':
        f.first_deposits += r.a_fen;
        f.first_deposit_count += r.n;
        break;
      case 'withdrawal':
        f.withdrawals += r.a_fen;
        f.withdrawal_count += r.n;
        break;
      case 'new_member':
        f.new_members += r.n;
        break;
      case 'bet':
        f.bet_count += r.n;
        f.bets += r.a_fen;
        f.valid_bets += r.b_fen;
        f.payouts += r.c_fen;
        break;
      case 'cost':
        f.costs[r.category] = (f.costs[r.category] ?? 0) + r.a_fen;
        break;
      case 'active':
        f.active_members += r.n;
        break;
    }
  }
  return f;
}

const cost = (f: FenFigures, kind: string): number => f.costs[kind] ?? 0;

function dayFigures(f: FenFigures): DayFigures {
  const ggr = f.bets - f.payouts;
  const bonuses = cost(f, 'promotions') + cost(f, 'vip_bonus');
  const ngr = ggr - bonuses - cost(f, 'rebates') - cost(f, 'red_packets') - cost(f, 'commission');
  return {
    deposits: fenToYuan(f.deposits),
    deposit_count: f.deposit_count,
    withdrawals: fenToYuan(f.withdrawals),
    withdrawal_count: f.withdrawal_count,
    net_cash: fenToYuan(f.deposits - f.withdrawals),
    bets: fenToYuan(f.bets),
    valid_bets: fenToYuan(f.valid_bets),
    bet_count: f.bet_count,
    ggr: fenToYuan(ggr),
    bonuses: fenToYuan(bonuses),
    rebates: fenToYuan(cost(f, 'rebates')),
    red_packets: fenToYuan(cost(f, 'red_packets')),
    commission: fenToYuan(cost(f, 'commission')),
    ngr: fenToYuan(ngr),
    adjustments: fenToYuan(cost(f, 'adjustments')),
    new_members: f.new_members,
    first_deposit_count: f.first_deposit_count,
    first_deposits: fenToYuan(f.first_deposits),
    active_members: f.active_members,
  };
}

async function venueNames(db: Kdb): Promise<Map<string, string>> {
  const rows = await db.selectFrom('venues').select(['code', 'name']).execute();
  const out = new Map(rows.map((r) => [r.code, r.name]));
  out.set(LOTTERY_VENUE, LOTTERY_VENUE_LABEL);
  return out;
}

const categoryLabel = (c: string): string => (GAME_CATEGORY_LABELS as Record<string, string>)[c] ?? c;

function slices(rows: StatRow[], key: (r: StatRow) => string, label: (k: string) => string): GgrSlice[] {
  const acc = new Map<string, { valid: number; ggr: number }>();
  for (const r of rows) {
    if (r.metric !== 'bet') continue;
    const k = key(r);
    const s = acc.get(k) ?? { valid: 0, ggr: 0 };
    s.valid += r.b_fen;
    s.ggr += r.a_fen - r.c_fen;
    acc.set(k, s);
  }
  return [...acc]
    .map(([k, s]) => ({ key: k, label: label(k), valid_bets: fenToYuan(s.valid), ggr: fenToYuan(s.ggr) }))
    .sort((x, y) => y.valid_bets - x.valid_bets || x.key.localeCompare(y.key));
}

function period(days: DayRows[], bets: StatRow[], from: string, to: string, venues: Map<string, string>, activeMembers?: number): PeriodFigures {
  const rows = days.filter((d) => d.day >= from && d.day <= to).flatMap((d) => d.rows);
  const figures = dayFigures(fenFigures(rows));
  if (activeMembers !== undefined) figures.active_members = activeMembers;
  return {
    ...figures,
    from,
    to,
    by_category: slices(bets, (r) => r.category, categoryLabel),
    by_venue: slices(bets, (r) => r.venue, (v) => venues.get(v) ?? v),
  };
}

/**
 * The dashboard: today (live), yesterday, this month (its closed days plus today, with its distinct
 * active members) and one point per day of [from, to] for the charts.
 */
export async function dashboard(db: Kdb, range: { from: string; to: string; fresh?: boolean }, now: Date = new Date()): Promise<Dashboard> {
  const today = beijingDate(now);
  const yesterday = addDays(today, -1);
  const month = monthOf(today);
  const live = once(db, today, range.fresh === true);
  const readFrom = [range.from, month, yesterday].sort()[0]!;
  const days = await rowsByDay(db, readFrom, today, today, live);
  const [venues, monthRolled, todayLive, yesterdayBets, monthBets] = await Promise.all([
    venueNames(db),
    monthActiveRolled(db, month),
    live(),
    betDims(db, yesterday, yesterday, today, live, 'bet_vc'),
    betDims(db, month, today, today, live, 'bet_vc'),
  ]);
  const todayActive = todayLive.rows.find((r) => r.metric === 'active');
  // the month's distinct active members: its closed days' set plus today's members not in it yet
  const monthActive = (today === month ? 0 : monthRolled) + (todayActive?.a_fen ?? 0);
  const series: DaySeriesPoint[] = days.filter((d) => d.day >= range.from && d.day <= range.to).map((d) => ({ day: d.day, ...dayFigures(fenFigures(d.rows)) }));
  return {
    today: period(days, todayLive.rows.filter((r) => r.metric === 'bet'), today, today, venues),
    yesterday: period(days, yesterdayBets, yesterday, yesterday, venues),
    month: period(days, monthBets, month, today, venues, monthActive),
    series,
    from: range.from,
    to: range.to,
    generated_at: beijing(new Date(todayLive.at)),
  };
}

/** Sums the numeric columns of a report's rows (its totals row). */
function totalOf<T extends object>(rows: T[], keys: readonly string[]): Partial<T> {
  const out: Record<string, number> = {};
  for (const k of keys) {
    let fen = 0;
    let plain = 0;
    let numeric = false;
    for (const r of rows) {
      const v = (r as Record<string, unknown>)[k];
      if (typeof v !== 'number') continue;
      numeric = true;
      // yuan with two decimals back to fen, so the sum stays exact
      fen += fenOfYuan(v);
      plain += v;
    }
    if (numeric) out[k] = MONEY_KEYS.has(k) ? fenToYuan(fen) : plain;
  }
  return out as Partial<T>;
}

const MONEY_KEYS = new Set(['deposits', 'withdrawals', 'net_cash', 'bonuses', 'rebates', 'red_packets', 'commission', 'adjustments', 'bets', 'valid_bets', 'payouts', 'ggr', 'stakes', 'profit', 'promotions', 'vip_bonuses', 'total']);

function financeRows(days: DayRows[]): FinanceRow[] {
  return days.map((d) => {
    const f = fenFigures(d.rows);
    const fig = dayFigures(f);
    return {
      day: d.day,
      deposits: fig.deposits,
      deposit_count: fig.deposit_count,
      withdrawals: fig.withdrawals,
      withdrawal_count: fig.withdrawal_count,
      net_cash: fig.net_cash,
      bonuses: fig.bonuses,
      rebates: fig.rebates,
      red_packets: fig.red_packets,
      commission: fig.commission,
      adjustments: fig.adjustments,
    };
  });
}

function costRows(days: DayRows[]): CostsRow[] {
  return days.map((d) => {
    const f = fenFigures(d.rows);
    const parts = ['promotions', 'vip_bonus', 'rebates', 'red_packets', 'commission'].map((k) => cost(f, k));
    return {
      day: d.day,
      promotions: fenToYuan(parts[0]!),
      vip_bonuses: fenToYuan(parts[1]!),
      rebates: fenToYuan(parts[2]!),
      red_packets: fenToYuan(parts[3]!),
      commission: fenToYuan(parts[4]!),
      total: fenToYuan(parts.reduce((a, b) => a + b, 0)),
    };
  });
}

function betRows(bets: StatRow[], venues: Map<string, string>): BetsRow[] {
  const acc = new Map<string, { venue: string; category: string; item: string; label: string; n: number; a: number; b: number; c: number }>();
  for (const r of bets) {
    if (r.metric !== 'bet' || r.venue === LOTTERY_VENUE) continue;
    const k = `${r.venue}\t${r.category}\t${r.item}`;
    const s = acc.get(k) ?? { venue: r.venue, category: r.category, item: r.item, label: r.label, n: 0, a: 0, b: 0, c: 0 };
    s.n += r.n;
    s.a += r.a_fen;
    s.b += r.b_fen;
    s.c += r.c_fen;
    if (r.label) s.label = r.label;
    acc.set(k, s);
  }
  return [...acc.values()]
    .sort((x, y) => y.b - x.b || x.venue.localeCompare(y.venue) || x.item.localeCompare(y.item))
    .map((s) => ({
      venue: s.venue,
      venue_label: venues.get(s.venue) ?? s.venue,
      category: s.category,
      category_label: categoryLabel(s.category),
      game: s.label || s.item,
      bet_count: s.n,
      bets: fenToYuan(s.a),
      valid_bets: fenToYuan(s.b),
      payouts: fenToYuan(s.c),
      ggr: fenToYuan(s.a - s.c),
    }));
}

async function lotteryRows(db: Kdb, bets: StatRow[]): Promise<LotteryRow[]> {
  const titles = new Map((await db.selectFrom('lotteries').select(['code', 'title']).execute()).map((r) => [r.code, r.title]));
  const acc = new Map<string, { n: number; a: number; b: number; c: number }>();
  for (const r of bets) {
    if (r.metric !== 'bet' || r.venue !== LOTTERY_VENUE) continue;
    const s = acc.get(r.item) ?? { n: 0, a: 0, b: 0, c: 0 };
    s.n += r.n;
    s.a += r.a_fen;
    s.b += r.b_fen;
    s.c += r.c_fen;
    acc.set(r.item, s);
  }
  return [...acc]
    .sort((x, y) => y[1].a - x[1].a || x[0].localeCompare(y[0]))
    .map(([code, s]) => ({ lottery: code, lottery_title: titles.get(code) ?? code, order_count: s.n, stakes: fenToYuan(s.a), valid_bets: fenToYuan(s.b), payouts: fenToYuan(s.c), profit: fenToYuan(s.a - s.c) }));
}

/** One of the four reports over [from, to] (days newest first), with its totals row. */
export async function report(db: Kdb, q: { kind: ReportKind; from: string; to: string; fresh?: boolean }, now: Date = new Date()): Promise<Report> {
  const today = beijingDate(now);
  const live = once(db, today, q.fresh === true);
  const keys = REPORT_COLUMNS[q.kind].map(([k]) => k);
  let rows: object[];
  switch (q.kind) {
    case 'finance':
      rows = financeRows(await rowsByDay(db, q.from, q.to, today, live)).reverse();
      break;
    case 'costs':
      rows = costRows(await rowsByDay(db, q.from, q.to, today, live)).reverse();
      break;
    case 'bets':
      rows = betRows(await betDims(db, q.from, q.to, today, live), await venueNames(db));
      break;
    case 'lottery':
      rows = await lotteryRows(db, await betDims(db, q.from, q.to, today, live));
      break;
  }
  return { kind: q.kind, from: q.from, to: q.to, rows: rows as Report['rows'], total: totalOf(rows, keys) };
}

/** Exact yuan text with two decimals (the values are yuan with at most two decimals). */
function cell(v: unknown, money: boolean): string | number {
  if (typeof v !== 'number') return String(v ?? '');
  if (!money) return v;
  const fen = fenOfYuan(v);
  return `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
}

/** A report's export lines: its columns' Chinese headers, its rows, then the totals row (合计). */
export async function reportSheet(db: Kdb, q: { kind: ReportKind; from: string; to: string; fresh?: boolean }, now: Date = new Date()): Promise<{ header: string[]; rows: (string | number)[][] }> {
  const r = await report(db, q, now);
  const columns = REPORT_COLUMNS[q.kind];
  const line = (row: Record<string, unknown>) => columns.map(([k]) => cell(row[k], MONEY_KEYS.has(k)));
  const lines = (r.rows as unknown as Record<string, unknown>[]).map(line);
  const total = line(r.total as Record<string, unknown>);
  total[0] = '合计';
  lines.push(total);
  return { header: columns.map(([, label]) => label), rows: lines };
}
