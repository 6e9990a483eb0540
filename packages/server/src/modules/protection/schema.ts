import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/protection owns: only it writes them (scripts/check-tables.mjs). */
export interface ProtectionTables {
  // money limits in fen, the session limit in minutes
  protection_limits: {
    member_id: number;
    kind: string;
    period: string;
    limit_value: number;
    pending_value: number | null;
    pending_confirmable_at: NullableTimestamp;
    updated_at: Generated<Date>;
  };
  protection_blocks: {
    id: Generated<number>;
    member_id: number;
    kind: string;
    duration: string;
    started_at: Timestamp;
    ends_at: NullableTimestamp;
    staff_id: number | null;
    staff_name: string | null;
    reason: Generated<string>;
  };
  protection_events: { id: Generated<number>; member_id: number; staff_id: number | null; staff_name: string | null; text: string; reason: Generated<string>; created_at: Generated<Date> };
  // the reality check's interval as the member set it; none: PROTECTION.realityDefaultMinutes
  protection_reality_checks: { member_id: number; interval_minutes: number };
}
