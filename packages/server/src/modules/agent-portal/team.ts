import { sql } from 'kysely';
import {
  AGENT_CHART_DAYS,
  AGENT_PORTAL_MSG,
  AGENT_PORTAL_PAGE_SIZE,
  COMMISSION_STATE,
  fenToYuan,
  maskDownline,
  type AgentDownline,
  type AgentDownlineDetail,
  type AgentMembersQuery,
  type AgentStatement,
  type Page,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart, beijingDayStartOf, beijingMonthStart } from '../../lib/time.js';
import { STATEMENT_COLUMNS, statementFigures, subAgentNames, type StatementDbRow } from '../commission/statements.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { figuresByDay } from './figures.js';

/**
 * The agent's downline and statements for the portal. Every query is bounded by the agent's id from
 * its session (members.inviter_id, commission_statements.agent_id): an id of another team's member or
 * statement answers 404 with the same message as an unknown one.
 */

const DAY_MS = 86_400_000;
const num = (v: unknown): number => Number(v ?? 0);

interface DownlineRow {
  id: string | number;
  username: string;
  created_at: Date;
  last_login_at: Date | null;
  vip: number;
  isagent: number;
  deposit_fen: unknown;
  withdraw_fen: unknown;
  valid_fen: unknown;
  win_loss_fen: unknown;
}

/** The four sums of a downline row within [start, end] (Beijing days; '' open), as SQL. */
function sums(start: string, end: string) {
  const from = start ? beijingDayStartOf(start) : null;
  const to = end ? new Date(beijingDayStartOf(end).getTime() + DAY_MS) : null;
  const timeRange = (col: string) =>
    sql.join([sql`TRUE`, ...(from ? [sql`${sql.ref(col)} >= ${from}`] : []), ...(to ? [sql`${sql.ref(col)} < ${to}`] : [])], sql` AND `);
  const dayRange = sql.join([sql`TRUE`, ...(start ? [sql`d.day >= ${start}::date`] : []), ...(end ? [sql`d.day <= ${end}::date`] : [])], sql` AND `);
  return {
    dayRange,
    columns: sql`
      (SELECT COALESCE(sum(p.amount_fen), 0) FROM deposits p WHERE p.member_id = m.id AND p.state = 2 AND ${timeRange('p.reviewed_at')}) AS deposit_fen,
      (SELECT COALESCE(sum(w.amount_fen), 0) FROM withdrawals w WHERE w.member_id = m.id AND w.state = 2 AND ${timeRange('w.reviewed_at')}) AS withdraw_fen,
      (SELECT COALESCE(sum(d.valid_fen), 0) FROM member_daily_bets d WHERE d.member_id = m.id AND ${dayRange}) AS valid_fen,
      (SELECT COALESCE(sum(d.win_loss_fen), 0) FROM member_daily_bets d WHERE d.member_id = m.id AND ${dayRange}) AS win_loss_fen`,
  };
}

const toDownline = (r: DownlineRow): AgentDownline => ({
  id: Number(r.id),
  username: maskDownline(r.username),
  joined: beijing(r.created_at),
  last_login: beijing(r.last_login_at),
  vip: r.vip,
  is_agent: r.isagent === 1,
  deposits: fenToYuan(num(r.deposit_fen)),
  withdrawals: fenToYuan(num(r.withdraw_fen)),
  valid_bets: fenToYuan(num(r.valid_fen)),
  win_loss: fenToYuan(num(r.win_loss_fen)),
});

/**
 * GET /agent/api/members: the agent's direct invitees, newest first; keyword a username prefix or an
 * id; kind agents (sub-agents) or active (a valid bet in the range; this month without one). The
 * range scopes the sums; the sums are read for the page's rows only.
 */
export async function downline(db: Kdb, agentId: number, q: AgentMembersQuery, now: Date = new Date()): Promise<Page<AgentDownline>> {
  const { columns, dayRange } = sums(q.start, q.end);
  const activeRange = q.start || q.end ? dayRange : sql`d.day >= ${beijingDate(beijingMonthStart(now))}::date`;
  const where = sql.join(
    [
      sql`m.inviter_id = ${agentId}`,
      sql`NOT m.is_trial`,
      ...(q.keyword ? [/^\d{1,15}$/.test(q.keyword) ? sql`(m.id = ${Number(q.keyword)} OR m.username LIKE ${`${q.keyword.replace(/[\\%_]/g, '\\$&')}%`})` : sql`m.username LIKE ${`${q.keyword.replace(/[\\%_]/g, '\\$&')}%`}`] : []),
      ...(q.kind === 'agents' ? [sql`EXISTS (SELECT 1 FROM agents a WHERE a.member_id = m.id)`] : []),
      ...(q.kind === 'active' ? [sql`EXISTS (SELECT 1 FROM member_daily_bets d WHERE d.member_id = m.id AND ${activeRange} AND d.valid_fen > 0)`] : []),
    ],
    sql` AND `,
  );
  const [rows, count] = await Promise.all([
    sql<DownlineRow>`
      SELECT m.id, m.username, m.created_at, m.last_login_at, f.vip, f.isagent, ${columns}
        FROM members m JOIN member_figures f ON f.member_id = m.id WHERE ${where}
       ORDER BY m.created_at DESC, m.id DESC
       LIMIT ${AGENT_PORTAL_PAGE_SIZE} OFFSET ${offsetOf(q.page, AGENT_PORTAL_PAGE_SIZE)}`.execute(db),
    sql<{ n: unknown }>`SELECT count(*) AS n FROM members m WHERE ${where}`.execute(db),
  ]);
  return pageOf(rows.rows.map(toDownline), num(count.rows[0]?.n), q.page, AGENT_PORTAL_PAGE_SIZE);
}

/** GET /agent/api/members/:id: one of the agent's invitees (404 otherwise), all-time sums and its last days. */
export async function downlineMember(db: Kdb, agentId: number, memberId: number, now: Date = new Date()): Promise<AgentDownlineDetail> {
  const { columns } = sums('', '');
  const r = await sql<DownlineRow & { first_deposit: Date | null; invited: unknown }>`
    SELECT m.id, m.username, m.created_at, m.last_login_at, f.vip, f.isagent, ${columns},
      (SELECT min(p.reviewed_at) FROM deposits p WHERE p.member_id = m.id AND p.state = 2) AS first_deposit,
      (SELECT count(*) FROM members i WHERE i.inviter_id = m.id AND NOT i.is_trial) AS invited
      FROM members m JOIN member_figures f ON f.member_id = m.id
     WHERE m.id = ${memberId} AND m.inviter_id = ${agentId} AND NOT m.is_trial`.execute(db);
  const row = r.rows[0];
  if (!row) throw notFound(AGENT_PORTAL_MSG.memberMissing);
  const days = await figuresByDay(db, { member: memberId }, beijingDate(beijingDayStart(now, AGENT_CHART_DAYS - 1)), beijingDate(now));
  return { ...toDownline(row), first_deposit: beijing(row.first_deposit), invited: num(row.invited), days: days.reverse() };
}

// ---- statements ----------------------------------------------------------------------------------

/** The portal's statement: the figures (sub-agents masked), and when it was paid. */
async function toStatements(db: Kdb, rows: StatementDbRow[]): Promise<AgentStatement[]> {
  const names = await subAgentNames(db, rows);
  return rows.map((r) => ({ ...statementFigures(r, names, maskDownline), paid_at: r.state === COMMISSION_STATE.paid ? beijing(r.reviewed_at) : '' }));
}

/** GET /agent/api/statements: the agent's statements, newest period first. */
export async function agentStatements(db: Kdb, agentId: number, page: number): Promise<Page<AgentStatement>> {
  const [rows, count] = await Promise.all([
    sql<StatementDbRow>`SELECT ${STATEMENT_COLUMNS} FROM commission_statements s WHERE s.agent_id = ${agentId}
      ORDER BY s.period_start DESC LIMIT ${AGENT_PORTAL_PAGE_SIZE} OFFSET ${offsetOf(page, AGENT_PORTAL_PAGE_SIZE)}`.execute(db),
    db.selectFrom('commission_statements').select((eb) => eb.fn.countAll<string>().as('n')).where('agent_id', '=', agentId).executeTakeFirst(),
  ]);
  return pageOf(await toStatements(db, rows.rows), num(count?.n), page, AGENT_PORTAL_PAGE_SIZE);
}

/** GET /agent/api/statements/:id: one of the agent's statements (404 otherwise). */
export async function agentStatement(db: Kdb, agentId: number, id: number): Promise<AgentStatement> {
  const r = await sql<StatementDbRow>`SELECT ${STATEMENT_COLUMNS} FROM commission_statements s WHERE s.id = ${id} AND s.agent_id = ${agentId}`.execute(db);
  const row = r.rows[0];
  if (!row) throw notFound(AGENT_PORTAL_MSG.statementMissing);
  return (await toStatements(db, [row]))[0]!;
}
