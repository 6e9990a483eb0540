import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/withdrawals owns: only it writes them (scripts/check-tables.mjs). */
export interface WithdrawalsTables {
  withdrawals: {
    id: Generated<number>;
    withdraw_no: string;
    member_id: number;
    card_id: number;
    card_type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: Generated<string>;
    amount_fen: number;
    usdt_rate_e4: Generated<number>;
    usdt_cents: Generated<number>;
    fee_usdt_cents: Generated<number>;
    arrival_usdt_cents: Generated<number>;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    hold_journal_id: number | null;
    settle_journal_id: number | null;
    /** a USDT payout's transaction hash, given at approval */
    txid: Generated<string>;
    created_at: Timestamp;
  };
}
