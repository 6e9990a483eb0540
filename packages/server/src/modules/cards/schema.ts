import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/cards owns: only it writes them (scripts/check-tables.mjs). */
export interface CardsTables {
  member_cards: {
    id: Generated<number>;
    member_id: number;
    type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: Generated<string>;
    created_at: Timestamp;
    deleted_at: NullableTimestamp;
  };
}
