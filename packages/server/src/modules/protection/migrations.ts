// Migrations of the tables modules/protection/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * Player protection (contract protection.ts): a member's limits (money ones in fen, the session one
 * in minutes) with a raise or removal waiting out its cooling-off (pending_value NULL with
 * pending_confirmable_at set = remove); time-outs and self-exclusions (ends_at NULL = permanent; the
 * one in force is the one ending last); and every change's history.
 */
export const playerProtection: Migration = {
  id: '072_player_protection',
  was: '037_player_protection',
  sql: /* sql */ `
CREATE TABLE protection_limits (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
  limit_value bigint NOT NULL CHECK (limit_value > 0),
  pending_value bigint CHECK (pending_value > 0),
  pending_confirmable_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK ((kind = 'session') = (period = 'session')),
  CHECK (pending_value IS NULL OR pending_confirmable_at IS NOT NULL)
);
CREATE TABLE protection_blocks (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
  duration text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX protection_blocks_member_idx ON protection_blocks (member_id, id DESC);
CREATE INDEX protection_blocks_live_idx ON protection_blocks (ends_at);
CREATE TABLE protection_events (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  text text NOT NULL,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protection_events_member_idx ON protection_events (member_id, id DESC);
`,
};

/** The reality check's interval in its own table, filled from the members row (whose column 088 drops). */
export const protectionRealityChecks: Migration = {
  id: '086_protection_reality_checks',
  sql: /* sql */ `
-- How often the reality check (游戏提醒) comes, as the member set it (modules/protection). No row: the
-- default interval (contract PROTECTION.realityDefaultMinutes, 60).
CREATE TABLE protection_reality_checks (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  interval_minutes smallint NOT NULL CHECK (interval_minutes BETWEEN 15 AND 120)
);
INSERT INTO protection_reality_checks (member_id, interval_minutes) SELECT id, reality_minutes FROM members WHERE reality_minutes <> 60;
`,
};
