import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/session owns: only it writes them (scripts/check-tables.mjs). */
export interface SessionTables {
  sessions: {
    token_hash: string;
    member_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: Generated<string>;
    user_agent: Generated<string>;
    reality_acked_at: NullableTimestamp;
  };
}
