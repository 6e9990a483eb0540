import type { Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/agent-portal owns: only it writes them (scripts/check-tables.mjs). */
export interface AgentPortalTables {
  agent_tickets: { ticket_hash: string; member_id: number; expires_at: Timestamp; used_at: NullableTimestamp };
  agent_sessions: { token_hash: string; member_id: number; ip: Generated<string>; created_at: Generated<Date>; last_seen_at: Generated<Date>; revoked_at: NullableTimestamp };
  team_stats: { member_id: number; kind: string; data: Json<unknown>; computed_at: Timestamp };
}
