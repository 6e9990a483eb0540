// Migrations of the tables modules/vip/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The VIP levels: what reaches them, what keeps them and their rebate rates. */
export const vipTiers: Migration = {
  id: '008_vip_tiers',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE vip_tiers (
  level integer PRIMARY KEY CHECK (level BETWEEN 1 AND 10),
  name text NOT NULL,
  recharge_fen bigint NOT NULL,
  flow_fen bigint NOT NULL,
  retention_flow_fen bigint NOT NULL,
  -- maximum rebate rates in basis points of a percent (0.01 % units): 80 = 0.80 %
  realperson_bp integer NOT NULL,
  sport_bp integer NOT NULL,
  e_sport_bp integer NOT NULL,
  joker_bp integer NOT NULL,
  electron_bp integer NOT NULL,
  lottery_bp integer NOT NULL
);
`,
};

/** Every VIP level change, and the bonus paid when a member first reaches a level. */
export const vipHistory: Migration = {
  id: '037_vip_history',
  was: '013_vip',
  sql: /* sql */ `
-- VIP engine (spec §4 VIP rules, §9; DESIGN §8; modules/vip). Every level change is a row here; the
-- rebate engine reads a member's level on a given day from it (the last change before the day's end).
CREATE TABLE vip_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_history_member_at ON vip_history (member_id, created_at);
-- 晋级礼金: paid once when a member first reaches the level (staff-set, may be 0).
ALTER TABLE vip_tiers ADD COLUMN levelup_bonus_fen bigint NOT NULL DEFAULT 0 CHECK (levelup_bonus_fen >= 0);
UPDATE vip_tiers SET levelup_bonus_fen = (ARRAY[0, 1800, 3800, 8800, 18800, 38800, 88800, 188800, 388800, 888800]::bigint[])[level];
`,
};

/** A manual level change keeps the staff member's reason and who made it. */
export const vipHistoryNote: Migration = {
  id: '041_vip_history_note',
  was: '015_vip_history_note',
  sql: /* sql */ `
-- A manual level change in the console (admin/loyalty) keeps the staff member's reason and who made it;
-- the engine's own rows (promotion, relegation) keep '' and NULL.
ALTER TABLE vip_history ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE vip_history ADD COLUMN staff_id bigint REFERENCES staff(id);
`,
};

/** A member's VIP standing in its own table, filled from the members row (whose columns 088 drops). */
export const vipStandings: Migration = {
  id: '083_vip_standings',
  sql: /* sql */ `
-- A member's VIP standing (modules/vip/standing.ts): the level, the Beijing day of its last change (one
-- change a day), the start of the 90-day retention period, and what promotion measures: the cumulative
-- deposit (paysum) and the turnover (flow). Registration opens it; a member without one stands at VIP1
-- with nothing counted, its period running from registration (modules/user's member_figures).
CREATE TABLE vip_standings (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  level integer NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 10),
  changed_on date,
  period_start timestamptz NOT NULL DEFAULT now(),
  paysum_fen bigint NOT NULL DEFAULT 0 CHECK (paysum_fen >= 0),
  flow_fen bigint NOT NULL DEFAULT 0 CHECK (flow_fen >= 0)
);
INSERT INTO vip_standings (member_id, level, changed_on, period_start, paysum_fen, flow_fen)
  SELECT id, vip, vip_changed_on, vip_period_start, paysum_fen, flow_fen FROM members;
-- The nightly pass looks only at members above VIP1 whose period is over.
CREATE INDEX vip_standings_period_idx ON vip_standings (period_start) WHERE level > 1;
`,
};
