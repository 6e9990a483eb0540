import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/auth owns: only it writes them (scripts/check-tables.mjs). */
export interface AuthTables {
  captchas: { id: string; answer: string; expires_at: Timestamp; used_at: NullableTimestamp };
  login_counters: { key: string; hits: number; expires_at: Timestamp };
}
