// Migrations of the tables modules/turnover/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * Where a member's turnover requirement comes from: one row per addition (a deposit 1×, a bonus N×,
 * a rebate, a red packet…) with what is left of it. Valid bets use the oldest first, so the rows'
 * remaining amounts always add up to members.turnover_req_fen; what members owed before this table
 * existed becomes one 'carried' row.
 */
export const turnoverSources: Migration = {
  id: '078_turnover_sources',
  was: '044_turnover_sources',
  sql: /* sql */ `
CREATE TABLE turnover_sources (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  base_fen bigint NOT NULL CHECK (base_fen >= 0),
  required_fen bigint NOT NULL CHECK (required_fen > 0),
  remaining_fen bigint NOT NULL CHECK (remaining_fen >= 0 AND remaining_fen <= required_fen),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX turnover_sources_open ON turnover_sources (member_id, id) WHERE remaining_fen > 0;
INSERT INTO turnover_sources (member_id, kind, base_fen, required_fen, remaining_fen)
  SELECT id, 'carried', turnover_req_fen, turnover_req_fen, turnover_req_fen FROM members WHERE turnover_req_fen > 0;
`,
};

/** The member's turnover requirement in its own table, filled from the members row (whose column 088 drops). */
export const turnoverRequirements: Migration = {
  id: '084_turnover_requirements',
  sql: /* sql */ `
-- What a member still has to bet before a withdrawal (打码量, DESIGN §5; modules/turnover): the open
-- turnover_sources add up to it. No row: nothing to bet.
CREATE TABLE turnover_requirements (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  remaining_fen bigint NOT NULL CHECK (remaining_fen >= 0)
);
INSERT INTO turnover_requirements (member_id, remaining_fen) SELECT id, turnover_req_fen FROM members WHERE turnover_req_fen > 0;
`,
};
