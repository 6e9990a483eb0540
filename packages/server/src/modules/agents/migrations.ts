// Migrations of the tables modules/agents/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Members' applications to become agents, reviewed by staff. */
export const agentApplications: Migration = {
  id: '047_agent_applications',
  was: '020_agent_applications',
  sql: /* sql */ `
-- Agent applications (modules/agents; contract agents.ts): a member asks to join the partner
-- programme with a mobile number and a reason; staff approve (members.isagent = 1) or reject with a
-- reason. State 0 审核中, 1 已通过, 2 已拒绝.
CREATE TABLE agent_applications (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  mobile text NOT NULL,
  apply_info text NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  -- why it was rejected ('' otherwise)
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 0) = (reviewed_at IS NULL))
);
-- At most one open application per member, whatever the concurrency: a double submission inserts once.
CREATE UNIQUE INDEX agent_applications_open_key ON agent_applications (member_id) WHERE state = 0;
-- the member's latest application
CREATE INDEX agent_applications_member_idx ON agent_applications (member_id, id);
-- the staff queue by state, in order
CREATE INDEX agent_applications_state_idx ON agent_applications (state, id);
`,
};

/** The agents, a row each, filled from the members row's flag and date (which 088 drops). */
export const agents: Migration = {
  id: '087_agents',
  sql: /* sql */ `
-- The members who are agents (modules/agents): a row from approval or a staff grant until a revoke
-- deletes it. since: when this stint began (NULL for agents made before the platform recorded it).
CREATE TABLE agents (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  since timestamptz
);
INSERT INTO agents (member_id, since) SELECT id, agent_since FROM members WHERE isagent = 1;
`,
};
