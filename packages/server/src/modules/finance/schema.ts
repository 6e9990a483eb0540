import type { Generated } from 'kysely';
import type { Json, NullableTimestamp } from '../../db/columns.js';

/** The tables modules/finance owns: only it writes them (scripts/check-tables.mjs). */
export interface FinanceTables {
  finance_settings: { id: Generated<number>; adjust_review_fen: Generated<number>; updated_by: number | null; updated_at: Generated<Date> };
  staff_approvals: {
    id: Generated<number>;
    kind: string;
    target_id: number | null;
    payload: Json<unknown>;
    state: Generated<number>;
    maker_id: number;
    maker_name: string;
    checker_id: number | null;
    checker_name: string | null;
    reason: Generated<string>;
    result: Json<unknown> | null;
    created_at: Generated<Date>;
    decided_at: NullableTimestamp;
    request_id: string | null;
  };
}
