// Migrations of the tables modules/commission/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Agents' commission statements per period and the periods computed. */
export const commission: Migration = {
  id: '051_commission',
  was: '022_commission',
  sql: /* sql */ `
-- Agent commission (modules/commission; contract invites.ts has the plan). One statement per agent and
-- period, kept with the inputs it was computed from; UNIQUE (agent_id, period_start), so a period
-- computed twice (a re-run, two instances) writes and pays once. State 0 待审核, 1 已发放, 2 已拒绝,
-- 3 无佣金 (nothing due). net_loss_fen = −team_win_loss_fen − bonuses_fen; base_fen = net_loss_fen +
-- carried_in_fen (net loss) or valid_fen (turnover); a negative base is the next period's carried_in_fen.
CREATE TABLE commission_statements (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES members(id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  model text NOT NULL CHECK (model IN ('net_loss', 'turnover')),
  team_members integer NOT NULL,
  active_members integer NOT NULL,
  valid_fen bigint NOT NULL,
  team_win_loss_fen bigint NOT NULL,
  bonuses_fen bigint NOT NULL,
  net_loss_fen bigint NOT NULL,
  carried_in_fen bigint NOT NULL CHECK (carried_in_fen <= 0),
  base_fen bigint NOT NULL,
  -- the tier reached (1-based, 0: none) and its rate (percent, or yuan per 10,000 of valid bets)
  tier smallint NOT NULL,
  rate numeric(10, 2) NOT NULL,
  -- the agent's own part (its direct team's base × rate)
  own_amount_fen bigint NOT NULL CHECK (own_amount_fen >= 0),
  -- multi-level differentials: [{sub_agent_id, base_fen, rate, sub_rate, amount_fen}]
  differentials jsonb NOT NULL DEFAULT '[]',
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  state smallint NOT NULL CHECK (state IN (0, 1, 2, 3)),
  journal_id bigint REFERENCES ledger_journals(id),
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agent_id, period_start),
  CHECK (period_end > period_start),
  CHECK ((state = 1) = (journal_id IS NOT NULL)),
  CHECK ((state = 3) = (amount_fen = 0))
);
-- the console's queue by state, in order
CREATE INDEX commission_statements_state_idx ON commission_statements (state, id);
CREATE INDEX commission_statements_period_idx ON commission_statements (period_start, id);
-- Periods computed (the pass's bookkeeping): a period once here is never computed again.
CREATE TABLE commission_periods (
  period_start date PRIMARY KEY,
  period_end date NOT NULL,
  model text NOT NULL,
  statements integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
`,
};
