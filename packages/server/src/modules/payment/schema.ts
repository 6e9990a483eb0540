import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

/** The tables modules/payment owns: only it writes them (scripts/check-tables.mjs). */
export interface PaymentTables {
  pay_methods: { code: string; enabled: Generated<boolean>; min_fen: number; max_fen: number };
  banks: { id: Generated<number>; name: string; enabled: Generated<boolean>; sort: number; created_at: Generated<Timestamp> };
  receiving_accounts: {
    id: Generated<number>;
    method: string;
    bank_name: Generated<string>;
    bank_no: Generated<string>;
    bank_owner: Generated<string>;
    bank_address: Generated<string>;
    mch_id: Generated<string>;
    content: Generated<string>;
    payimg: Generated<string>;
    enabled: Generated<boolean>;
    sort: Generated<number>;
  };
}
