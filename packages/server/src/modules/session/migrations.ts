// Migrations of the tables modules/session/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Members' login sessions, stored by the hash of their token. */
export const sessions: Migration = {
  id: '003_sessions',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_member_idx ON sessions (member_id);
`,
};

/** The reports' rollup reads logins by time. */
export const sessionsCreatedIdx: Migration = {
  id: '061_sessions_created_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX sessions_created_idx ON sessions (created_at);
`,
};

/** The reality check's last acknowledgement on the login session. */
export const sessionRealityAck: Migration = {
  id: '074_session_reality_ack',
  was: '037_player_protection',
  sql: /* sql */ `
ALTER TABLE sessions ADD COLUMN reality_acked_at timestamptz;
`,
};
