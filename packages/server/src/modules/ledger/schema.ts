import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

/** The tables modules/ledger owns: only it writes them (scripts/check-tables.mjs). */
export interface LedgerTables {
  ledger_accounts: {
    id: Generated<number>;
    code: string;
    kind: string;
    member_id: number | null;
    allow_negative: Generated<boolean>;
    balance_fen: Generated<number>;
    updated_at: Timestamp;
    /** the base house account's code, on house accounts and their shards; null on the others */
    house: string | null;
    /** sub-accounts of a sharded house account (0: not sharded) */
    shards: Generated<number>;
  };
  ledger_journals: { id: Generated<number>; idem_key: string; kind: string; memo: Generated<string>; created_at: Timestamp };
  ledger_entries: { id: Generated<number>; journal_id: number; account_id: number; amount_fen: number; created_at: Timestamp };
}
