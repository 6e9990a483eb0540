import { sql, type RawBuilder } from 'kysely';
import {
  ADMIN_LIMITS,
  fenToYuan,
  fmt,
  LOYALTY_ADMIN_LIMITS,
  LOYALTY_ADMIN_MSG,
  REBATE_CATEGORIES,
  REBATE_CATEGORY_LABELS,
  REBATE_STATE,
  REBATE_STATE_LABELS,
  type AdminRebateDay,
  type AdminRebatePlatform,
  type AdminRebateRecord,
  type AdminRebateRecordPage,
  type Page,
  type RebateCategory,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { listVenues } from '../../modules/venues/registry.js';
import { csvFile, type CsvFile } from '../csv.js';
import { memberKeyword } from '../members/service.js';

/**
 * The console's view of the rebate (返水): the computed days with their totals, the
 * records with the totals of a filter, and the records as a CSV export. Read-only: records are
 * written by the day's pass (modules/rebate/compute.ts) and claimed by members (dofanshui).
 */

const DAY_MS = 86_400_000;

export interface DayRange {
  /** YYYY-MM-DD or '' (open) */
  from: string;
  to: string;
}

const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** A real date each (or open), from ≤ to, at most dayRangeMaxDays days when both are given. */
function checkRange(q: DayRange): void {
  if ((q.from && !isDay(q.from)) || (q.to && !isDay(q.to))) throw badRequest(LOYALTY_ADMIN_MSG.dayRange);
  if (!q.from || !q.to) return;
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw badRequest(LOYALTY_ADMIN_MSG.dayRange);
  const max = LOYALTY_ADMIN_LIMITS.dayRangeMaxDays;
  if (days > max) throw badRequest(fmt(LOYALTY_ADMIN_MSG.dayRangeMax, { max }));
}

const dayBounds = (column: RawBuilder<unknown>, q: DayRange): RawBuilder<unknown>[] => [
  ...(q.from ? [sql`${column} >= ${q.from}::date`] : []),
  ...(q.to ? [sql`${column} <= ${q.to}::date`] : []),
];
const allOf = (conds: RawBuilder<unknown>[]) => (conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`);

// ---- days ------------------------------------------------------------------------------------------

interface DayAggregate {
  day: string;
  computed_at: Date;
  /** null: the day has no record; else a category's row, or the whole day's (whole = 1) */
  category: RebateCategory | null;
  whole: number | null;
  members: number | null;
  records: number | null;
  valid_fen: number | null;
  amount_fen: number | null;
  claimed_fen: number | null;
  pending_fen: number | null;
  members_claimed: number | null;
}

/**
 * The computed days, newest first, a page at a time: one statement takes the page of rebate_days and
 * aggregates its records per day and per day and category at once (GROUPING SETS); a day without
 * records (nobody had valid bets, or all rounded to 0) shows zeros.
 */
export async function rebateDays(db: Kdb, q: DayRange & { page: number }): Promise<Page<AdminRebateDay>> {
  checkRange(q);
  const perPage = ADMIN_LIMITS.pageSize;
  const where = allOf(dayBounds(sql`d.day`, q));
  const [rows, count] = await Promise.all([
    sql<DayAggregate>`
      WITH d AS (
        SELECT d.day, d.computed_at FROM rebate_days d WHERE ${where}
        ORDER BY d.day DESC LIMIT ${perPage} OFFSET ${offsetOf(q.page, perPage)}
      ), a AS (
        SELECT r.day, r.category, GROUPING(r.category) AS whole,
          count(DISTINCT r.member_id) AS members, count(*) AS records,
          sum(r.valid_fen) AS valid_fen, sum(r.amount_fen) AS amount_fen,
          COALESCE(sum(r.amount_fen) FILTER (WHERE r.state = ${REBATE_STATE.claimed}), 0) AS claimed_fen,
          COALESCE(sum(r.amount_fen) FILTER (WHERE r.state = ${REBATE_STATE.pending}), 0) AS pending_fen,
          count(DISTINCT r.member_id) FILTER (WHERE r.state = ${REBATE_STATE.claimed}) AS members_claimed
        FROM rebate_records r WHERE r.day IN (SELECT day FROM d)
        GROUP BY GROUPING SETS ((r.day), (r.day, r.category))
      )
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.computed_at, a.category, a.whole::int AS whole,
        a.members::int AS members, a.records::int AS records, a.valid_fen, a.amount_fen, a.claimed_fen, a.pending_fen,
        a.members_claimed::int AS members_claimed
      FROM d LEFT JOIN a ON a.day = d.day
      ORDER BY d.day DESC`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM rebate_days d WHERE ${where}`.execute(db),
  ]);
  const days = new Map<string, AdminRebateDay>();
  for (const r of rows.rows) {
    let day = days.get(r.day);
    if (!day) {
      day = {
        day: r.day,
        computed_at: beijing(r.computed_at),
        members: 0,
        records: 0,
        valid: 0,
        amount: 0,
        claimed: 0,
        pending: 0,
        members_claimed: 0,
        categories: REBATE_CATEGORIES.map((category) => ({ category, label: REBATE_CATEGORY_LABELS[category], valid: 0, amount: 0 })),
      };
      days.set(r.day, day);
    }
    if (r.whole === 1) {
      Object.assign(day, {
        members: r.members ?? 0,
        records: r.records ?? 0,
        valid: fenToYuan(r.valid_fen ?? 0),
        amount: fenToYuan(r.amount_fen ?? 0),
        claimed: fenToYuan(r.claimed_fen ?? 0),
        pending: fenToYuan(r.pending_fen ?? 0),
        members_claimed: r.members_claimed ?? 0,
      });
    } else if (r.whole === 0) {
      const cat = day.categories.find((c) => c.category === r.category);
      if (cat) Object.assign(cat, { valid: fenToYuan(r.valid_fen ?? 0), amount: fenToYuan(r.amount_fen ?? 0) });
    }
  }
  return pageOf([...days.values()], count.rows[0]?.n ?? 0, q.page, perPage);
}

// ---- records ---------------------------------------------------------------------------------------

/** Every game platform, disabled ones too (their records stay), in display order: the platform filter. */
export async function rebatePlatforms(db: Kdb): Promise<AdminRebatePlatform[]> {
  return (await listVenues(db)).map((v) => ({ code: v.code, name: v.name }));
}

export interface RecordFilter extends DayRange {
  /** username prefix or member id (admin/members memberKeyword) */
  keyword: string;
  category?: RebateCategory;
  /** a venue code, '' for all */
  platform: string;
  state?: number;
}

interface RecordRow {
  id: number;
  member_id: number;
  username: string;
  day: string;
  category: RebateCategory;
  platform: string;
  platform_name: string;
  valid_fen: number;
  rate_bp: number;
  amount_fen: number;
  state: number;
  created_at: Date;
  claimed_at: Date | null;
}

/** The filter as SQL over rebate_records r (and members m, joined when the keyword needs it). */
function recordsWhere(q: RecordFilter): { where: RawBuilder<unknown>; needsMember: boolean } {
  const conds = dayBounds(sql`r.day`, q);
  if (q.category) conds.push(sql`r.category = ${q.category}`);
  if (q.platform) conds.push(sql`r.platform = ${q.platform}`);
  if (q.state !== undefined) conds.push(sql`r.state = ${q.state}`);
  if (q.keyword) {
    const k = memberKeyword(q.keyword);
    conds.push(k.id === null ? sql`m.username LIKE ${k.usernameLike}` : sql`(m.username LIKE ${k.usernameLike} OR m.id = ${k.id})`);
  }
  return { where: allOf(conds), needsMember: !!q.keyword };
}

/** count and totals of the whole filter */
async function recordTotals(db: Kdb, q: RecordFilter) {
  const { where, needsMember } = recordsWhere(q);
  const r = await sql<{ n: number; valid_fen: number; amount_fen: number; pending_fen: number; claimed_fen: number }>`
    SELECT count(*)::int AS n, COALESCE(sum(r.valid_fen), 0) AS valid_fen, COALESCE(sum(r.amount_fen), 0) AS amount_fen,
      COALESCE(sum(r.amount_fen) FILTER (WHERE r.state = ${REBATE_STATE.pending}), 0) AS pending_fen,
      COALESCE(sum(r.amount_fen) FILTER (WHERE r.state = ${REBATE_STATE.claimed}), 0) AS claimed_fen
    FROM rebate_records r ${needsMember ? sql`JOIN members m ON m.id = r.member_id` : sql``}
    WHERE ${where}`.execute(db);
  return r.rows[0]!;
}

/** Newest day first, then newest record (the (day, id) index walks it backwards). */
function recordRows(db: Kdb, q: RecordFilter, limit: number, offset: number) {
  const { where } = recordsWhere(q);
  return sql<RecordRow>`
    SELECT r.id, r.member_id, m.username, to_char(r.day, 'YYYY-MM-DD') AS day, r.category, r.platform, v.name AS platform_name,
      r.valid_fen, r.rate_bp, r.amount_fen, r.state, r.created_at, r.claimed_at
    FROM rebate_records r
    JOIN members m ON m.id = r.member_id
    JOIN venues v ON v.code = r.platform
    WHERE ${where}
    ORDER BY r.day DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
}

const recordOf = (r: RecordRow): AdminRebateRecord => ({
  id: r.id,
  member_id: r.member_id,
  username: r.username,
  day: r.day,
  category: r.category,
  category_label: REBATE_CATEGORY_LABELS[r.category] ?? r.category,
  platform: r.platform,
  platform_name: r.platform_name,
  valid: fenToYuan(r.valid_fen),
  rate: r.rate_bp / 100,
  amount: fenToYuan(r.amount_fen),
  state: r.state,
  state_label: REBATE_STATE_LABELS[r.state] ?? '',
  created_at: beijing(r.created_at),
  claimed_at: beijing(r.claimed_at),
});

/** A page of records with the totals (valid bets, rebate, pending, claimed) of everything the filter matches. */
export async function rebateRecords(db: Kdb, q: RecordFilter & { page: number }): Promise<AdminRebateRecordPage> {
  checkRange(q);
  const perPage = ADMIN_LIMITS.pageSize;
  const [rows, totals] = await Promise.all([recordRows(db, q, perPage, offsetOf(q.page, perPage)), recordTotals(db, q)]);
  return {
    ...pageOf(rows.rows.map(recordOf), totals.n, q.page, perPage),
    sum: { valid: fenToYuan(totals.valid_fen), amount: fenToYuan(totals.amount_fen), pending: fenToYuan(totals.pending_fen), claimed: fenToYuan(totals.claimed_fen) },
  };
}

/** Exact yuan text with two decimals from integer fen (no float rounding on the way). */
const yuanText = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

const CSV_HEADER = ['记录ID', '会员ID', '会员账号', '日期', '类别', '平台', '有效投注', '返水比例(%)', '返水金额', '状态', '计算时间', '领取时间'] as const;

/**
 * Every record of the filter as a CSV file, in the list's order; refused (an envelope) when more than
 * exportMaxRows match, so one export stays a bounded amount of memory and time.
 */
export async function rebateRecordsCsv(db: Kdb, q: RecordFilter): Promise<CsvFile> {
  checkRange(q);
  const max = LOYALTY_ADMIN_LIMITS.exportMaxRows;
  const { n } = await recordTotals(db, q);
  if (n > max) throw badRequest(fmt(LOYALTY_ADMIN_MSG.exportTooMany, { max }));
  // Records matching after the count (a day's pass meanwhile) stay within the cap.
  const rows = await recordRows(db, q, max, 0);
  const lines = rows.rows.map((r) => {
    const rec = recordOf(r);
    return [rec.id, rec.member_id, rec.username, rec.day, rec.category_label, rec.platform_name, yuanText(r.valid_fen), yuanText(r.rate_bp), yuanText(r.amount_fen), rec.state_label, rec.created_at, rec.claimed_at];
  });
  return csvFile(`rebate-records-${q.from || 'all'}-${q.to || 'all'}.csv`, CSV_HEADER, lines);
}
