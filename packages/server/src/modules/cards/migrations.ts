// Migrations of the tables modules/cards/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Members' saved bank cards and USDT addresses. */
export const memberCards: Migration = {
  id: '011_member_cards',
  was: '002_cards_and_payment',
  sql: /* sql */ `
CREATE TABLE member_cards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  type smallint NOT NULL CHECK (type IN (1, 2)),
  bank text NOT NULL,
  bank_owner text NOT NULL,
  bank_no text NOT NULL,
  bank_address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX member_cards_active_no_idx ON member_cards (member_id, bank_no) WHERE deleted_at IS NULL;
CREATE INDEX member_cards_member_type_idx ON member_cards (member_id, type) WHERE deleted_at IS NULL;
`,
};
