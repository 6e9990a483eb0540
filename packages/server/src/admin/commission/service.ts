import { sql, type RawBuilder } from 'kysely';
import {
  COMMISSION_ADMIN_LIMITS,
  COMMISSION_ADMIN_MSG,
  COMMISSION_MODEL_LABELS,
  COMMISSION_STATE,
  DEFAULT_COMMISSION_PLAN,
  fenToYuan,
  fmt,
  type AdminCommissionPeriod,
  type AdminCommissionPlan,
  type AdminCommissionStatement,
  type AdminCommissionStatementPage,
  type CommissionModel,
  type CommissionPlan,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { lastDayOf } from '../../modules/commission/period.js';
import { STATEMENT_COLUMNS, statementFigures, subAgentNames, type StatementDbRow } from '../../modules/commission/statements.js';
import { csvFile, type CsvFile } from '../csv.js';
import { memberKeyword } from '../members/service.js';

/**
 * The console's reads of the commission engine (modules/commission writes and pays): the
 * statements with their inputs, filtered, with the filter's totals and as a CSV export; the computed
 * periods with their sums; the plan with who saved it. Money leaves here in yuan, times as Beijing
 * 'YYYY-MM-DD HH:mm:ss', a period's end as its LAST day (the table keeps the next period's first).
 */

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

export interface StatementFilter {
  state?: number;
  /** a period's first day, '' for all */
  period: string;
  /** the agent: username prefix or member id */
  keyword: string;
  /** one statement (the answer of a decision) */
  id?: number;
}

function statementsWhere(f: StatementFilter): RawBuilder<unknown> {
  const conds: RawBuilder<unknown>[] = [];
  // the query schema (commissionStatementsQuery) let only a real date through
  if (f.period) conds.push(sql`s.period_start = ${f.period}::date`);
  if (f.state !== undefined) conds.push(sql`s.state = ${f.state}`);
  if (f.id !== undefined) conds.push(sql`s.id = ${f.id}`);
  if (f.keyword) {
    const k = memberKeyword(f.keyword);
    conds.push(k.id === null ? sql`m.username LIKE ${k.usernameLike}` : sql`(m.username LIKE ${k.usernameLike} OR s.agent_id = ${k.id})`);
  }
  return conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
}

interface StatementRow extends StatementDbRow {
  username: string;
  reviewer: string | null;
}

/** Newest period first, then by id: the queue of a period reads in the order it was written. */
function statementRows(db: Kdb, f: StatementFilter, limit: number, offset: number) {
  return sql<StatementRow>`
    SELECT ${STATEMENT_COLUMNS}, m.username, st.username AS reviewer
    FROM commission_statements s
    JOIN members m ON m.id = s.agent_id
    LEFT JOIN staff st ON st.id = s.reviewed_by
    WHERE ${statementsWhere(f)}
    ORDER BY s.period_start DESC, s.id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
}

const statementOf = (r: StatementRow, names: Map<number, string>): AdminCommissionStatement => ({
  ...statementFigures(r, names),
  agent_id: num(r.agent_id),
  username: r.username,
  model_label: COMMISSION_MODEL_LABELS[r.model] ?? r.model,
  reviewer: r.reviewer ?? '',
  reviewed_at: beijing(r.reviewed_at),
  journal_id: r.journal_id === null ? null : num(r.journal_id),
  created_at: beijing(r.created_at),
});

interface Totals {
  n: number;
  amount_fen: string;
  pending_fen: string;
  paid_fen: string;
  rejected_fen: string;
  pending_count: number;
  paid_count: number;
  rejected_count: number;
  none_count: number;
}

async function statementTotals(db: Kdb, f: StatementFilter): Promise<Totals> {
  const S = COMMISSION_STATE;
  const r = await sql<Totals>`
    SELECT count(*)::int AS n, COALESCE(sum(s.amount_fen), 0) AS amount_fen,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.pending}), 0) AS pending_fen,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.paid}), 0) AS paid_fen,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.rejected}), 0) AS rejected_fen,
      (count(*) FILTER (WHERE s.state = ${S.pending}))::int AS pending_count,
      (count(*) FILTER (WHERE s.state = ${S.paid}))::int AS paid_count,
      (count(*) FILTER (WHERE s.state = ${S.rejected}))::int AS rejected_count,
      (count(*) FILTER (WHERE s.state = ${S.none}))::int AS none_count
    FROM commission_statements s ${f.keyword ? sql`JOIN members m ON m.id = s.agent_id` : sql``}
    WHERE ${statementsWhere(f)}`.execute(db);
  return r.rows[0]!;
}

/** A page of statements with the totals of everything the filter matches. */
export async function listStatements(db: Kdb, f: StatementFilter & { page: number }): Promise<AdminCommissionStatementPage> {
  const perPage = COMMISSION_ADMIN_LIMITS.pageSize;
  const [rows, t] = await Promise.all([statementRows(db, f, perPage, offsetOf(f.page, perPage)), statementTotals(db, f)]);
  const names = await subAgentNames(db, rows.rows);
  return {
    ...pageOf(rows.rows.map((r) => statementOf(r, names)), t.n, f.page, perPage),
    sum: {
      amount: fenToYuan(num(t.amount_fen)),
      pending: fenToYuan(num(t.pending_fen)),
      paid: fenToYuan(num(t.paid_fen)),
      rejected: fenToYuan(num(t.rejected_fen)),
      pending_count: t.pending_count,
      paid_count: t.paid_count,
      rejected_count: t.rejected_count,
      none_count: t.none_count,
    },
  };
}

/** One statement as the list shows it (what a decision answers). */
export async function statementById(db: Kdb, id: number): Promise<AdminCommissionStatement> {
  const rows = (await statementRows(db, { id, period: '', keyword: '' }, 1, 0)).rows;
  return statementOf(rows[0]!, await subAgentNames(db, rows));
}

/** Exact yuan text with two decimals from integer fen. */
const yuanText = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

const CSV_HEADER = [
  '记录ID', '代理ID', '代理账号', '周期开始', '周期结束', '佣金模式', '团队人数', '有效活跃人数', '团队有效投注', '团队输赢', '团队优惠',
  '负盈利', '上期结转', '计算基数', '档位', '比例', '直属佣金', '级差佣金', '佣金金额', '状态', '拒绝原因', '审核人', '审核时间', '发放流水号', '计算时间',
] as const;

/** Every statement of the filter as a CSV file, in the list's order; refused past exportMaxRows. */
export async function statementsCsv(db: Kdb, f: StatementFilter): Promise<CsvFile> {
  const max = COMMISSION_ADMIN_LIMITS.exportMaxRows;
  const { n } = await statementTotals(db, f);
  if (n > max) throw badRequest(fmt(COMMISSION_ADMIN_MSG.exportTooMany, { max }));
  const rows = (await statementRows(db, f, max, 0)).rows;
  const names = await subAgentNames(db, rows);
  const lines = rows.map((r) => {
    const s = statementOf(r, names);
    const diffFen = num(r.amount_fen) - num(r.own_amount_fen);
    return [
      s.id, s.agent_id, s.username, s.period_start, s.period_end, s.model_label, s.team_members, s.active_members,
      yuanText(num(r.valid_fen)), yuanText(num(r.team_win_loss_fen)), yuanText(num(r.bonuses_fen)), yuanText(num(r.net_loss_fen)),
      yuanText(num(r.carried_in_fen)), yuanText(num(r.base_fen)), s.tier, s.rate.toFixed(2), yuanText(num(r.own_amount_fen)), yuanText(diffFen),
      yuanText(num(r.amount_fen)), s.state_label, s.reason, s.reviewer, s.reviewed_at, s.journal_id ?? '', s.created_at,
    ];
  });
  return csvFile(`commission-statements-${f.period || 'all'}.csv`, CSV_HEADER, lines);
}

/** The newest computed periods with their statements' sums (the 佣金审核 period filter and header). */
export async function listPeriods(db: Kdb): Promise<AdminCommissionPeriod[]> {
  const S = COMMISSION_STATE;
  const r = await sql<{
    period_start: string;
    period_end: string;
    model: CommissionModel;
    statements: number;
    computed_at: Date;
    amount_fen: string;
    pending_fen: string;
    pending_count: number;
    paid_fen: string;
    rejected_fen: string;
  }>`
    WITH p AS (
      SELECT * FROM commission_periods ORDER BY period_start DESC LIMIT ${COMMISSION_ADMIN_LIMITS.periodsMax}
    )
    SELECT to_char(p.period_start, 'YYYY-MM-DD') AS period_start, to_char(p.period_end, 'YYYY-MM-DD') AS period_end, p.model, p.statements, p.computed_at,
      COALESCE(sum(s.amount_fen), 0) AS amount_fen,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.pending}), 0) AS pending_fen,
      (count(s.id) FILTER (WHERE s.state = ${S.pending}))::int AS pending_count,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.paid}), 0) AS paid_fen,
      COALESCE(sum(s.amount_fen) FILTER (WHERE s.state = ${S.rejected}), 0) AS rejected_fen
    FROM p LEFT JOIN commission_statements s ON s.period_start = p.period_start
    GROUP BY p.period_start, p.period_end, p.model, p.statements, p.computed_at
    ORDER BY p.period_start DESC`.execute(db);
  return r.rows.map((p) => ({
    period_start: p.period_start,
    period_end: lastDayOf(p.period_end),
    model: p.model,
    model_label: COMMISSION_MODEL_LABELS[p.model] ?? p.model,
    statements: num(p.statements),
    amount: fenToYuan(num(p.amount_fen)),
    pending: fenToYuan(num(p.pending_fen)),
    pending_count: num(p.pending_count),
    paid: fenToYuan(num(p.paid_fen)),
    rejected: fenToYuan(num(p.rejected_fen)),
    computed_at: beijing(p.computed_at),
  }));
}

/** The plan in force and who saved it last ('' for the contract's default, never saved). */
export async function adminCommissionPlan(db: Kdb): Promise<AdminCommissionPlan> {
  const row = await db
    .selectFrom('commission_plan as p')
    .leftJoin('staff as st', 'st.id', 'p.updated_by')
    .select(['p.plan', 'p.updated_at', 'st.username'])
    .where('p.id', '=', 1)
    .executeTakeFirst();
  if (!row) return { plan: DEFAULT_COMMISSION_PLAN, updated_by: '', updated_at: '' };
  return { plan: row.plan as CommissionPlan, updated_by: row.username ?? '', updated_at: beijing(row.updated_at) };
}
