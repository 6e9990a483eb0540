import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/promotions owns: only it writes them (scripts/check-tables.mjs). */
export interface PromotionsTables {
  activity_types: { id: Generated<number>; name: string; sort: Generated<number> };
  activities: {
    id: Generated<number>;
    type_id: number;
    banner: string;
    title: string;
    content: string;
    memo: Generated<string>;
    enabled: Generated<boolean>;
    sort: Generated<number>;
    created_at: Timestamp;
    // the contract's ActivityRules, NULL when the activity takes no application
    rules: ColumnType<unknown, string | null | undefined, string | null>;
  };
  activity_applications: {
    id: Generated<number>;
    member_id: number;
    activity_id: number;
    period: string;
    state: Generated<number>;
    deposit_id: number | null;
    bonus_fen: Generated<number>;
    turnover_fen: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    journal_id: number | null;
    created_at: Generated<Date>;
  };
}
