import type { Generated } from 'kysely';

/** The tables modules/turnover owns: only it writes them (scripts/check-tables.mjs). */
export interface TurnoverTables {
  turnover_sources: {
    id: Generated<number>;
    member_id: number;
    kind: string;
    base_fen: number;
    required_fen: number;
    remaining_fen: number;
    created_at: Generated<Date>;
  };
}
