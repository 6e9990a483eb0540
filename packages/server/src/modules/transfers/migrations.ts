// Migrations of the tables modules/transfers/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Transfers between the central wallet and one venue. */
export const transfers: Migration = {
  id: '018_transfers',
  was: '003_wallet',
  sql: /* sql */ `
-- Transfers between the central wallet and one venue. direction 3 into the venue, 4 out of it.
-- state 0 failed (refunded), 1 success, 2 pending settlement (outcome unknown until reconciled).
CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  direction smallint NOT NULL CHECK (direction IN (3, 4)),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  state smallint NOT NULL DEFAULT 2 CHECK (state IN (0, 1, 2)),
  error text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX transfers_member_idx ON transfers (member_id, created_at DESC);
CREATE INDEX transfers_pending_idx ON transfers (created_at) WHERE state = 2;
`,
};

/** The auto-transfer switch in its own table, filled from the members row (whose column 088 drops). */
export const transferSettings: Migration = {
  id: '085_transfer_settings',
  sql: /* sql */ `
-- The member's auto-transfer switch (transferstatus, DESIGN §6; modules/transfers): on, a game's launch
-- brings the money of the other venues back and sends it in. No row: off.
CREATE TABLE transfer_settings (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  auto_transfer boolean NOT NULL
);
INSERT INTO transfer_settings (member_id, auto_transfer) SELECT id, true FROM members WHERE transferstatus = 1;
`,
};
