// Migrations of the tables modules/promotions/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Promotions (activities) and their types. */
export const activities: Migration = {
  id: '007_activities',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE activity_types (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE activities (
  id serial PRIMARY KEY,
  type_id integer NOT NULL REFERENCES activity_types(id),
  banner text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  memo text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** Promotions' rules (the contract's ActivityRules) and members' applications. */
export const activityApplications: Migration = {
  id: '043_activity_applications',
  was: '016_promotions',
  sql: /* sql */ `
-- Promotions (modules/promotions; contract promotions.ts). An activity's rules are one jsonb value of
-- the contract's ActivityRules, validated there on every write: a flat record whose fields depend on
-- the kinds chosen (a threshold only for the windowed eligibilities, a cap only for percent bonuses),
-- which as columns would be mostly NULL with CHECKs repeating the contract. NULL: the activity takes
-- no application (its reward is paid by a feature of its own: VIP level-up bonuses, red packets).
ALTER TABLE activities ADD COLUMN rules jsonb;
-- One application per member, activity and period ('once', the Beijing day, or the ISO week): the
-- unique key is what makes a double submission one application. A rejection is final for its period.
CREATE TABLE activity_applications (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  activity_id integer NOT NULL REFERENCES activities(id),
  period text NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  -- the deposit a percent bonus is computed from (the first, or the latest in the window)
  deposit_id bigint REFERENCES deposits(id),
  -- what approval paid and the turnover requirement it added (0 until approved)
  bonus_fen bigint NOT NULL DEFAULT 0 CHECK (bonus_fen >= 0),
  turnover_fen bigint NOT NULL DEFAULT 0 CHECK (turnover_fen >= 0),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, activity_id, period),
  CHECK (state <> 1 OR (journal_id IS NOT NULL AND bonus_fen > 0))
);
-- A deposit backs at most one live application of an activity (a daily rule with a 7-day window would
-- otherwise pay a percent of the same deposit seven times).
CREATE UNIQUE INDEX activity_applications_deposit_key ON activity_applications (activity_id, deposit_id) WHERE deposit_id IS NOT NULL AND state <> 2;
-- the member's log, newest first
CREATE INDEX activity_applications_member_idx ON activity_applications (member_id, id);
-- the staff queue by state (pending first), newest first, and by activity
CREATE INDEX activity_applications_state_idx ON activity_applications (state, id);
CREATE INDEX activity_applications_activity_idx ON activity_applications (activity_id, state, id);
`,
};
