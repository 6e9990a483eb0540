import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../db/columns.js';

/** The tables modules/agents owns: only it writes them (scripts/check-tables.mjs). */
export interface AgentsTables {
  // a member who is an agent, since when (null: before the platform recorded it)
  agents: { member_id: number; since: NullableTimestamp };
  agent_applications: {
    id: Generated<number>;
    member_id: number;
    mobile: string;
    apply_info: string;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    created_at: Generated<Date>;
  };
}
