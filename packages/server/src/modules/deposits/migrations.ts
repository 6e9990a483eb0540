// Migrations of the tables modules/deposits/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Deposit orders, reviewed by staff. */
export const deposits: Migration = {
  id: '015_deposits',
  was: '003_wallet',
  sql: /* sql */ `
-- Deposit orders: 1 pending review, 2 approved (credited), 3 rejected.
CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  deposit_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  method text NOT NULL REFERENCES pay_methods(code),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  -- USDT deposits: the rate in 1/10000 yuan per USDT and the USDT to send, in cents of a USDT.
  usdt_rate_e4 bigint NOT NULL DEFAULT 0,
  usdt_cents bigint NOT NULL DEFAULT 0,
  receiving_account_id bigint REFERENCES receiving_accounts(id),
  payer_name text NOT NULL DEFAULT '',
  payer_bank text NOT NULL DEFAULT '',
  payer_bank_no text NOT NULL DEFAULT '',
  payer_bank_address text NOT NULL DEFAULT '',
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint,
  reviewed_at timestamptz,
  journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_member_idx ON deposits (member_id, created_at DESC);
CREATE INDEX deposits_state_idx ON deposits (state, id);
ALTER TABLE deposits ADD CONSTRAINT deposits_reviewer_fk FOREIGN KEY (reviewed_by) REFERENCES staff(id);
`,
};

/** A red packet's counting window reads a member's deposits by approval time. */
export const depositsMemberReviewedIdx: Migration = {
  id: '045_deposits_member_reviewed_idx',
  was: '017_red_packets',
  sql: /* sql */ `
-- the counting window's deposits by approval time
CREATE INDEX deposits_member_reviewed_idx ON deposits (member_id, reviewed_at) WHERE state = 2;
`,
};

/** The reports' rollup and today's live figures read approved deposits by approval time. */
export const depositsReviewedIdx: Migration = {
  id: '058_deposits_reviewed_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX deposits_reviewed_idx ON deposits (reviewed_at) WHERE state = 2;
`,
};

/**
 * Deposit orders expire (contract DEPOSIT_EXPIRY): an order of a method with a payment window still
 * pending at the window's end closes as state 3 with expired_at; the sweep finds them by the partial
 * index on pending orders.
 */
export const depositExpiry: Migration = {
  id: '082_deposit_expiry',
  was: '045d_deposit_expiry',
  sql: /* sql */ `
ALTER TABLE deposits ADD COLUMN expired_at timestamptz;
CREATE INDEX deposits_pending_idx ON deposits (created_at) WHERE state = 1;
`,
};
