import { sql, type RawBuilder } from 'kysely';
import {
  ADMIN_LIMITS,
  DEFAULT_REDPACKET_RULES,
  fenToYuan,
  fmt,
  REDPACKET_ADMIN_LIMITS,
  REDPACKET_ADMIN_MSG,
  type AdminRedPacketDay,
  type AdminRedPacketDays,
  type AdminRedPacketDraw,
  type AdminRedPacketDrawPage,
  type AdminRedPacketRules,
  type RedPacketRules,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { beijing, beijingDate } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { redPacketDayStats, setRedPacketRules } from '../../modules/redpacket/service.js';
import { getSettings } from '../../modules/site/service.js';
import { audited, type Actor } from '../../modules/audit/service.js';
import { csvFile, type CsvFile } from '../csv.js';
import { memberKeyword } from '../members/service.js';

/**
 * The console's red packets (红包): the rules with their editor's save (checked and
 * stored by modules/redpacket, audited in the same transaction), the days' budget against what was
 * paid, and the draws with the totals of a filter and a CSV export. Draws and budgets are written only
 * by the member's draw (modules/redpacket/service.ts drawRedPacket); this file reads them.
 */

const DAY_MS = 86_400_000;

interface DayRange {
  /** YYYY-MM-DD or '' (open) */
  from: string;
  to: string;
}

const isDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);

/** A real date each (or open), from ≤ to, at most dayRangeMaxDays days when both are given. */
function checkRange(q: DayRange): void {
  if ((q.from && !isDay(q.from)) || (q.to && !isDay(q.to))) throw badRequest(REDPACKET_ADMIN_MSG.dayRange);
  if (!q.from || !q.to) return;
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw badRequest(REDPACKET_ADMIN_MSG.dayRange);
  const max = REDPACKET_ADMIN_LIMITS.dayRangeMaxDays;
  if (days > max) throw badRequest(fmt(REDPACKET_ADMIN_MSG.dayRangeMax, { max }));
}

const dayBounds = (column: RawBuilder<unknown>, q: DayRange): RawBuilder<unknown>[] => [
  ...(q.from ? [sql`${column} >= ${q.from}::date`] : []),
  ...(q.to ? [sql`${column} <= ${q.to}::date`] : []),
];
const allOf = (conds: RawBuilder<unknown>[]) => (conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`);

// ---- rules -------------------------------------------------------------------------------------

/** The rules in force as stored (not the draw's one-second cache), who saved them last, and the switch. */
export async function adminRedPacketRules(db: Kdb, now: Date): Promise<AdminRedPacketRules> {
  const [row, settings] = await Promise.all([
    db
      .selectFrom('red_packet_rules as r')
      .leftJoin('staff as s', 's.id', 'r.updated_by')
      .select(['r.rules', 'r.updated_at', 's.username'])
      .where('r.id', '=', 1)
      .executeTakeFirst(),
    getSettings(db),
  ]);
  return {
    rules: row ? (row.rules as RedPacketRules) : DEFAULT_REDPACKET_RULES,
    redpacket_switch: settings.app.redpacket_switch === 1 ? 1 : 0,
    saved: !!row,
    updated_at: row ? beijing(row.updated_at) : '',
    updated_by: row?.username ?? '',
    today: beijingDate(now),
  };
}

/** Saves the rules (the schema ran redPacketRulesFailure; the module runs it again) with the audit row. */
export async function saveRedPacketRules(db: Kdb, actor: Actor, rules: RedPacketRules, now: Date): Promise<AdminRedPacketRules> {
  await setRedPacketRules(db, rules, {
    staffId: actor.id,
    now,
    record: audited(actor, 'redpacket.rules', 'redpacket:rules'),
  });
  return adminRedPacketRules(db, now);
}

// ---- days --------------------------------------------------------------------------------------

const dayOf = (r: { day: string; budget_fen: number | string; used_fen: number | string; draws: number; members: number }): AdminRedPacketDay => ({
  day: r.day,
  budget: fenToYuan(Number(r.budget_fen)),
  used: fenToYuan(Number(r.used_fen)),
  draws: Number(r.draws),
  members: Number(r.members),
});

/**
 * The days somebody drew (a budget row is opened by a day's first draw), newest first, with the
 * members who drew; and today whatever the filter, with the rules' budget when nobody drew yet.
 */
export async function redPacketDays(db: Kdb, q: DayRange & { page: number }, now: Date): Promise<AdminRedPacketDays> {
  checkRange(q);
  const perPage = ADMIN_LIMITS.pageSize;
  const where = allOf(dayBounds(sql`d.day`, q));
  const [rows, count, today] = await Promise.all([
    sql<{ day: string; budget_fen: number | string; used_fen: number | string; draws: number; members: number }>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.budget_fen, d.used_fen, d.draws,
        (SELECT count(DISTINCT w.member_id)::int FROM red_packet_draws w WHERE w.day = d.day) AS members
      FROM red_packet_days d WHERE ${where}
      ORDER BY d.day DESC LIMIT ${perPage} OFFSET ${offsetOf(q.page, perPage)}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM red_packet_days d WHERE ${where}`.execute(db),
    redPacketDayStats(db, beijingDate(now)),
  ]);
  return {
    ...pageOf(rows.rows.map(dayOf), count.rows[0]?.n ?? 0, q.page, perPage),
    today: dayOf(today),
  };
}

// ---- draws -------------------------------------------------------------------------------------

export interface DrawFilter extends DayRange {
  /** username prefix or member id (admin/members memberKeyword) */
  keyword: string;
}

interface DrawRow {
  id: number | string;
  member_id: number | string;
  username: string;
  day: string;
  seq: number;
  amount_fen: number | string;
  recharge_fen: number | string;
  journal_id: number | string;
  created_at: Date;
}

function drawsWhere(q: DrawFilter): RawBuilder<unknown> {
  const conds = dayBounds(sql`d.day`, q);
  if (q.keyword) {
    const k = memberKeyword(q.keyword);
    conds.push(k.id === null ? sql`m.username LIKE ${k.usernameLike}` : sql`(m.username LIKE ${k.usernameLike} OR m.id = ${k.id})`);
  }
  return allOf(conds);
}

async function drawTotals(db: Kdb, q: DrawFilter): Promise<{ n: number; sum_fen: number }> {
  const r = await sql<{ n: number; sum_fen: number | string }>`
    SELECT count(*)::int AS n, COALESCE(sum(d.amount_fen), 0) AS sum_fen
    FROM red_packet_draws d ${q.keyword ? sql`JOIN members m ON m.id = d.member_id` : sql``}
    WHERE ${drawsWhere(q)}`.execute(db);
  return { n: r.rows[0]?.n ?? 0, sum_fen: Number(r.rows[0]?.sum_fen ?? 0) };
}

/** Newest day first, then newest draw (the (day, id) index walks it backwards). */
function drawRows(db: Kdb, q: DrawFilter, limit: number, offset: number) {
  return sql<DrawRow>`
    SELECT d.id, d.member_id, m.username, to_char(d.day, 'YYYY-MM-DD') AS day, d.seq, d.amount_fen, d.recharge_fen, d.journal_id, d.created_at
    FROM red_packet_draws d JOIN members m ON m.id = d.member_id
    WHERE ${drawsWhere(q)}
    ORDER BY d.day DESC, d.id DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
}

const drawOf = (r: DrawRow): AdminRedPacketDraw => ({
  id: Number(r.id),
  member_id: Number(r.member_id),
  username: r.username,
  day: r.day,
  seq: Number(r.seq),
  amount: fenToYuan(Number(r.amount_fen)),
  recharge: fenToYuan(Number(r.recharge_fen)),
  journal_id: Number(r.journal_id),
  created_at: beijing(r.created_at),
});

/** A page of draws with the count and sum of everything the filter matches. */
export async function redPacketDraws(db: Kdb, q: DrawFilter & { page: number }): Promise<AdminRedPacketDrawPage> {
  checkRange(q);
  const perPage = ADMIN_LIMITS.pageSize;
  const [rows, totals] = await Promise.all([drawRows(db, q, perPage, offsetOf(q.page, perPage)), drawTotals(db, q)]);
  return { ...pageOf(rows.rows.map(drawOf), totals.n, q.page, perPage), sum: { amount: fenToYuan(totals.sum_fen) } };
}

/** Exact yuan text with two decimals from integer fen (no float rounding on the way). */
const yuanText = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

const CSV_HEADER = ['记录ID', '会员ID', '会员账号', '日期', '当日第几次', '红包金额', '计入存款', '账本凭证', '领取时间'] as const;

/**
 * Every draw of the filter as a CSV file, in the list's order; refused (an envelope) when more than
 * exportMaxRows match, so one export stays a bounded amount of memory and time.
 */
export async function redPacketDrawsCsv(db: Kdb, q: DrawFilter): Promise<CsvFile> {
  checkRange(q);
  const max = REDPACKET_ADMIN_LIMITS.exportMaxRows;
  const { n } = await drawTotals(db, q);
  if (n > max) throw badRequest(fmt(REDPACKET_ADMIN_MSG.exportTooMany, { max }));
  // Draws made after the count stay within the cap.
  const rows = await drawRows(db, q, max, 0);
  const lines = rows.rows.map((r) => {
    const d = drawOf(r);
    return [d.id, d.member_id, d.username, d.day, d.seq, yuanText(Number(r.amount_fen)), yuanText(Number(r.recharge_fen)), d.journal_id, d.created_at];
  });
  return csvFile(`redpacket-draws-${q.from || 'all'}-${q.to || 'all'}.csv`, CSV_HEADER, lines);
}
