import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/transfers owns: only it writes them (scripts/check-tables.mjs). */
export interface TransfersTables {
  transfers: {
    id: Generated<number>;
    order_no: string;
    member_id: number;
    venue: string;
    direction: number;
    amount_fen: number;
    state: Generated<number>;
    error: Generated<string>;
    attempts: Generated<number>;
    created_at: Timestamp;
    settled_at: NullableTimestamp;
  };
}
