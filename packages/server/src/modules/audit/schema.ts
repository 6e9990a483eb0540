import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/columns.js';

/** The tables modules/audit owns: only it writes them (scripts/check-tables.mjs). */
export interface AuditTables {
  audit_log: {
    id: Generated<number>;
    staff_id: number | null;
    staff_name: string;
    action: string;
    target: Generated<string>;
    before: Json<unknown> | null;
    after: Json<unknown> | null;
    ip: Generated<string>;
    created_at: Timestamp;
  };
}
