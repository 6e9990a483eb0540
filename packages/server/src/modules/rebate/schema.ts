import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/rebate owns: only it writes them (scripts/check-tables.mjs). */
export interface RebateTables {
  // one per member, closed Beijing day, rebate category and platform; state 0 pending, 1 claimed
  rebate_records: {
    id: Generated<number>;
    member_id: number;
    day: ColumnType<string, string, string>;
    category: string;
    platform: string;
    valid_fen: number;
    rate_bp: number;
    amount_fen: number;
    state: Generated<number>;
    created_at: Timestamp;
    claimed_at: NullableTimestamp;
    claim_journal_id: number | null;
  };
  rebate_days: { day: ColumnType<string, string, string>; computed_at: Timestamp };
}
