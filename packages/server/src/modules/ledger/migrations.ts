// Migrations of the tables modules/ledger/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The double-entry ledger: accounts, journals and their entries, the only home of platform money. */
export const ledger: Migration = {
  id: '010_ledger',
  was: '001_foundation',
  sql: /* sql */ `
-- Double-entry ledger: the only home of platform money.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL,
  member_id bigint REFERENCES members(id),
  allow_negative boolean NOT NULL DEFAULT false,
  balance_fen bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (allow_negative OR balance_fen >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_member_wallet_idx ON ledger_accounts (member_id) WHERE kind = 'member_wallet';

CREATE TABLE ledger_journals (
  id bigserial PRIMARY KEY,
  idem_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES ledger_journals(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount_fen bigint NOT NULL CHECK (amount_fen <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_journal_idx ON ledger_entries (journal_id);
`,
};

/** The reports' rollup reads an account's entries by time. */
export const ledgerEntriesAccountCreatedIdx: Migration = {
  id: '063_ledger_entries_account_created_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX ledger_entries_account_created_idx ON ledger_entries (account_id, created_at);
`,
};

/** Hot house accounts are sharded into sub-accounts, and every house account names its base account. */
export const houseShards: Migration = {
  id: '075_house_shards',
  was: '039_house_shards',
  sql: /* sql */ `
-- Hot house accounts: every stake, payout and bonus of a kind used to lock one house row.
-- A sharded house account has \`shards\` sub-accounts: itself (shard 0) and <code>#1 … #<shards-1>; a
-- journal's entry on it moves the sub-account the journal's shard key picks (ledger/service.ts).
-- \`house\` names the base account of every house account and sub-account, so balances and reports
-- sum over it.
ALTER TABLE ledger_accounts ADD COLUMN house text, ADD COLUMN shards integer NOT NULL DEFAULT 0 CHECK (shards >= 0);
UPDATE ledger_accounts SET house = code WHERE kind = 'house';
CREATE INDEX ledger_accounts_house_idx ON ledger_accounts (house) WHERE house IS NOT NULL;
`,
};
