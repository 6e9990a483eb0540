import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/deposits owns: only it writes them (scripts/check-tables.mjs). */
export interface DepositsTables {
  deposits: {
    id: Generated<number>;
    deposit_no: string;
    member_id: number;
    method: string;
    amount_fen: number;
    usdt_rate_e4: Generated<number>;
    usdt_cents: Generated<number>;
    receiving_account_id: number | null;
    payer_name: Generated<string>;
    payer_bank: Generated<string>;
    payer_bank_no: Generated<string>;
    payer_bank_address: Generated<string>;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    journal_id: number | null;
    created_at: Timestamp;
    expired_at: NullableTimestamp;
  };
}
