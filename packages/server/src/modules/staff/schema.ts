import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/staff owns: only it writes them (scripts/check-tables.mjs). */
export interface StaffTables {
  staff: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    role: string;
    state: Generated<number>;
    last_login_at: NullableTimestamp;
    last_login_ip: Generated<string>;
    created_at: Timestamp;
    totp_secret: string | null;
    totp_pending: string | null;
    totp_enabled_at: NullableTimestamp;
    totp_last_step: number | null;
    /** set by another staff member (created, reset) or generated: the owner changes it first */
    password_change_due: Generated<boolean>;
    /** what members see (在线客服); 客服<id> when left empty (a trigger sets it) */
    display_name: Generated<string>;
  };
  staff_sessions: {
    token_hash: string;
    staff_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: Generated<string>;
  };
}
