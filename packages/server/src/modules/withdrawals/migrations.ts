// Migrations of the tables modules/withdrawals/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Withdrawal orders: the amount is held at request, then paid or refunded at review. */
export const withdrawals: Migration = {
  id: '016_withdrawals',
  was: '003_wallet',
  sql: /* sql */ `
-- Withdrawal orders: the amount is held at request (1), then paid (2) or refunded (3) at review.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  withdraw_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  card_id bigint NOT NULL REFERENCES member_cards(id),
  card_type smallint NOT NULL CHECK (card_type IN (1, 2)),
  -- a snapshot of the card at request time: unbinding later does not change where money goes
  bank text NOT NULL,
  bank_owner text NOT NULL,
  bank_no text NOT NULL,
  bank_address text NOT NULL DEFAULT '',
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  usdt_rate_e4 bigint NOT NULL DEFAULT 0,
  usdt_cents bigint NOT NULL DEFAULT 0,
  fee_usdt_cents bigint NOT NULL DEFAULT 0,
  arrival_usdt_cents bigint NOT NULL DEFAULT 0,
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint,
  reviewed_at timestamptz,
  hold_journal_id bigint REFERENCES ledger_journals(id),
  settle_journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_state_idx ON withdrawals (state, id);
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_reviewer_fk FOREIGN KEY (reviewed_by) REFERENCES staff(id);
`,
};

/** The agent portal's figures read a team's approved withdrawals by time. */
export const withdrawalsMemberReviewedIdx: Migration = {
  id: '053_withdrawals_member_reviewed_idx',
  was: '023_agent_portal',
  sql: /* sql */ `
-- a team's approved withdrawals by time (the portal's figures), as deposits_member_reviewed_idx
CREATE INDEX withdrawals_member_reviewed_idx ON withdrawals (member_id, reviewed_at) WHERE state = 2;
`,
};

/** The reports' rollup and today's live figures read approved withdrawals by approval time. */
export const withdrawalsReviewedIdx: Migration = {
  id: '059_withdrawals_reviewed_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX withdrawals_reviewed_idx ON withdrawals (reviewed_at) WHERE state = 2;
`,
};

/** A USDT payout's transaction hash, given at approval. */
export const withdrawalsTxid: Migration = {
  id: '068_withdrawals_txid',
  was: '032_finance_desk',
  sql: /* sql */ `
ALTER TABLE withdrawals ADD COLUMN txid text NOT NULL DEFAULT '';
`,
};
