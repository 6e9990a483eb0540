import { sql } from 'kysely';
import { COMMISSION_STATE_LABELS, fenToYuan, type CommissionModel, type CommissionState, type CommissionStatementFigures } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Differential } from './service.js';
import { lastDayOf } from './period.js';

/**
 * Reading statements back (contract CommissionStatementFigures): the columns every reader selects
 * from commission_statements (alias `s`), the sub-agents' names of the differentials in one query,
 * and the figures in yuan with the period's LAST day. The console's 佣金审核 (admin/commission) and the
 * agent portal's 佣金 (agent-portal/team.ts) add what only they show.
 */

export const STATEMENT_COLUMNS = sql`
  s.id, s.agent_id, to_char(s.period_start, 'YYYY-MM-DD') AS period_start, to_char(s.period_end, 'YYYY-MM-DD') AS period_end,
  s.model, s.team_members, s.active_members, s.valid_fen, s.team_win_loss_fen, s.bonuses_fen, s.net_loss_fen, s.carried_in_fen,
  s.base_fen, s.tier, s.rate, s.own_amount_fen, s.differentials, s.amount_fen, s.state, s.reason, s.reviewed_at, s.journal_id, s.created_at`;

/** A row of STATEMENT_COLUMNS (bigint and numeric columns may come back as strings). */
export interface StatementDbRow {
  id: number | string;
  agent_id: number | string;
  period_start: string;
  period_end: string;
  model: CommissionModel;
  team_members: number;
  active_members: number;
  valid_fen: number | string;
  team_win_loss_fen: number | string;
  bonuses_fen: number | string;
  net_loss_fen: number | string;
  carried_in_fen: number | string;
  base_fen: number | string;
  tier: number;
  rate: number | string;
  own_amount_fen: number | string;
  differentials: Differential[] | null;
  amount_fen: number | string;
  state: number;
  reason: string;
  reviewed_at: Date | null;
  journal_id: number | string | null;
  created_at: Date;
}

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/** The sub-agents' usernames of these rows' differentials, in one query. */
export async function subAgentNames(db: Kdb, rows: StatementDbRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.differentials ?? []).map((d) => Number(d.sub_agent_id))))];
  if (!ids.length) return new Map();
  const names = await db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(names.map((n) => [Number(n.id), n.username]));
}

/** The figures of a row; `showName` writes a sub-agent's name as the reader may see it. */
export function statementFigures(r: StatementDbRow, names: Map<number, string>, showName: (username: string) => string = (u) => u): CommissionStatementFigures {
  return {
    id: num(r.id),
    period_start: r.period_start,
    period_end: lastDayOf(r.period_end),
    model: r.model,
    team_members: num(r.team_members),
    active_members: num(r.active_members),
    valid_bets: fenToYuan(num(r.valid_fen)),
    team_win_loss: fenToYuan(num(r.team_win_loss_fen)),
    bonuses: fenToYuan(num(r.bonuses_fen)),
    net_loss: fenToYuan(num(r.net_loss_fen)),
    carried_in: fenToYuan(num(r.carried_in_fen)),
    base: fenToYuan(num(r.base_fen)),
    tier: num(r.tier),
    rate: num(r.rate),
    own_amount: fenToYuan(num(r.own_amount_fen)),
    differentials: (r.differentials ?? []).map((d) => ({
      sub_agent_id: Number(d.sub_agent_id),
      sub_agent: showName(names.get(Number(d.sub_agent_id)) ?? ''),
      base: fenToYuan(d.base_fen),
      rate: d.rate,
      sub_rate: d.sub_rate,
      amount: fenToYuan(d.amount_fen),
    })),
    amount: fenToYuan(num(r.amount_fen)),
    state: r.state as CommissionState,
    state_label: COMMISSION_STATE_LABELS[r.state] ?? '',
    reason: r.reason,
  };
}
