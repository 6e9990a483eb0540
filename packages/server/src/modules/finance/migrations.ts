// Migrations of the tables modules/finance/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * 财务工作台: the review threshold of manual adjustments (one row, set by super) and maker–checker
 * requests (a change one staff member asks for and another approves or rejects; the CHECK keeps the
 * maker from being its own checker even past the service).
 */
export const financeDesk: Migration = {
  id: '067_finance_desk',
  was: '032_finance_desk',
  sql: /* sql */ `
CREATE TABLE finance_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  adjust_review_fen bigint NOT NULL DEFAULT 500000 CHECK (adjust_review_fen >= 0),
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO finance_settings (id) VALUES (1);
CREATE TABLE staff_approvals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  target_id bigint,
  payload jsonb NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  maker_id bigint NOT NULL,
  maker_name text NOT NULL,
  checker_id bigint,
  checker_name text,
  reason text NOT NULL DEFAULT '',
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  request_id text UNIQUE,
  CHECK (checker_id IS NULL OR checker_id <> maker_id)
);
CREATE INDEX staff_approvals_state_idx ON staff_approvals (state, id);
`,
};
