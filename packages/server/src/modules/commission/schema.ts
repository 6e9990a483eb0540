import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/columns.js';

/** The tables modules/commission owns: only it writes them (scripts/check-tables.mjs). */
export interface CommissionTables {
  commission_statements: {
    id: Generated<number>;
    agent_id: number;
    period_start: ColumnType<string, string, string>;
    period_end: ColumnType<string, string, string>;
    model: string;
    team_members: number;
    active_members: number;
    valid_fen: number;
    team_win_loss_fen: number;
    bonuses_fen: number;
    net_loss_fen: number;
    carried_in_fen: number;
    base_fen: number;
    tier: number;
    rate: ColumnType<string, string | number, string | number>;
    own_amount_fen: number;
    differentials: Json<unknown>;
    amount_fen: number;
    state: number;
    journal_id: number | null;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    reason: Generated<string>;
    created_at: Generated<Date>;
  };
  commission_periods: { period_start: ColumnType<string, string, string>; period_end: ColumnType<string, string, string>; model: string; statements: number; computed_at: Generated<Date> };
}
