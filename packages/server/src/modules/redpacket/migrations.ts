// Migrations of the tables modules/redpacket/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Red packets: the staff-set rules, each day's budget and every draw. */
export const redPackets: Migration = {
  id: '044_red_packets',
  was: '017_red_packets',
  sql: /* sql */ `
-- Red packets (modules/redpacket; contract redpacket.ts). The staff-set rules as one JSON row; no row
-- means the contract's DEFAULT_REDPACKET_RULES.
CREATE TABLE red_packet_rules (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  rules jsonb NOT NULL,
  updated_by bigint REFERENCES staff(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Each Beijing day's budget, opened at the day's first draw (or read) with the rules' budget: a draw
-- moves used_fen up only while it stays within budget_fen, so the day can never pay out more.
CREATE TABLE red_packet_days (
  day date PRIMARY KEY,
  budget_fen bigint NOT NULL CHECK (budget_fen >= 0),
  used_fen bigint NOT NULL DEFAULT 0 CHECK (used_fen >= 0 AND used_fen <= budget_fen),
  draws integer NOT NULL DEFAULT 0 CHECK (draws >= 0)
);
-- One row per draw, numbered 1..n per member and Beijing day: the unique key is what makes a member's
-- draws never exceed what it earned, whatever the concurrency. recharge_fen: the deposits counted.
CREATE TABLE red_packet_draws (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  seq smallint NOT NULL CHECK (seq >= 1),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  recharge_fen bigint NOT NULL DEFAULT 0 CHECK (recharge_fen >= 0),
  journal_id bigint NOT NULL REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, day, seq)
);
-- the console's day view and filters
CREATE INDEX red_packet_draws_day_idx ON red_packet_draws (day, id);
CREATE INDEX red_packet_draws_member_idx ON red_packet_draws (member_id, created_at, id);
`,
};
