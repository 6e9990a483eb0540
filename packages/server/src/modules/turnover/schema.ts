import type { Generated } from 'kysely';

/** The tables modules/turnover owns: only it writes them (scripts/check-tables.mjs). */
export interface TurnoverTables {
  // what the member still has to bet (the open sources add up to it); none: nothing
  turnover_requirements: { member_id: number; remaining_fen: number };
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
