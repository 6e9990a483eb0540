// Migrations of the tables modules/agent-portal/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * The agent portal (/agent/). A login ticket (GET /api/getAgentLoginUrl) is stored hashed, good once
 * until expires_at; it is traded for a portal session of its own, stored hashed as staff sessions
 * are. team_stats keeps a large team's computed figures (the portal's overview, the member app's
 * /inviter counters) with when they were computed: served while fresh, recomputed after.
 */
export const agentPortal: Migration = {
  id: '052_agent_portal',
  was: '023_agent_portal',
  sql: /* sql */ `
CREATE TABLE agent_tickets (
  ticket_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX agent_tickets_expires_idx ON agent_tickets (expires_at);
CREATE TABLE agent_sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX agent_sessions_member_idx ON agent_sessions (member_id) WHERE revoked_at IS NULL;
CREATE TABLE team_stats (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL,
  data jsonb NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind)
);
`,
};
