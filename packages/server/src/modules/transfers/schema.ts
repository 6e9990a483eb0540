import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/transfers owns: only it writes them (scripts/check-tables.mjs). */
export interface TransfersTables {
  // the auto-transfer switch (transferstatus); none: off
  transfer_settings: { member_id: number; auto_transfer: boolean };
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
