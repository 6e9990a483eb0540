// Migrations of the tables modules/providers/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * Game providers (their mode, address, merchant id and encrypted keys), the signature nonces every
 * instance shares, and the seamless wallet's answered requests and transactions.
 */
export const gameProviders: Migration = {
  id: '090_game_providers',
  sql: /* sql */ `
CREATE TABLE game_providers (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_]{2,32}$'),
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('transfer', 'seamless')),
  base_url text NOT NULL DEFAULT '',
  merchant_id text NOT NULL UNIQUE,
  -- AES-256-GCM under PROVIDER_SECRETS_KEY (modules/providers/secrets.ts), never the key itself
  key_enc text NOT NULL,
  previous_key_enc text,
  previous_key_until timestamptz,
  timeout_ms integer NOT NULL DEFAULT 5000 CHECK (timeout_ms BETWEEN 100 AND 60000),
  categories text[] NOT NULL DEFAULT '{}',
  venues text[] NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'on' CHECK (state IN ('on', 'off', 'maintenance')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A nonce is kept for twice the signature window, then swept; its key makes a second use fail at once.
CREATE TABLE provider_nonces (
  merchant_id text NOT NULL,
  nonce text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (merchant_id, nonce)
);
CREATE INDEX provider_nonces_expires_idx ON provider_nonces (expires_at);

CREATE TABLE seamless_requests (
  provider_id bigint NOT NULL REFERENCES game_providers(id),
  request_uuid text NOT NULL,
  response text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, request_uuid)
);

CREATE TABLE seamless_transactions (
  id bigserial PRIMARY KEY,
  provider_id bigint NOT NULL REFERENCES game_providers(id),
  transaction_uuid text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL,
  game_code text NOT NULL,
  round text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  reference_uuid text,
  rolled_back boolean NOT NULL DEFAULT false,
  tombstone boolean NOT NULL DEFAULT false,
  result text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, transaction_uuid)
);
CREATE INDEX seamless_transactions_round_idx ON seamless_transactions (provider_id, round);
`,
};

/**
 * Each provider's calls by minute, as every instance adds them (modules/providers/health.ts): a count,
 * the errors among them, a histogram of their time in fixed log buckets, and the minute's newest failure.
 * Keyed by the provider's code, not its id: it is telemetry, kept a day, and a call may be recorded for
 * an adapter that has no provider row (the built-in demo venue).
 */
export const providerCallMinutes: Migration = {
  id: '091_provider_call_minutes',
  sql: /* sql */ `
CREATE TABLE provider_call_minutes (
  provider text NOT NULL,
  minute timestamptz NOT NULL,
  calls integer NOT NULL CHECK (calls >= 0),
  errors integer NOT NULL CHECK (errors >= 0 AND errors <= calls),
  buckets integer[] NOT NULL,
  last_error_at timestamptz,
  last_error text,
  PRIMARY KEY (provider, minute)
);
CREATE INDEX provider_call_minutes_minute_idx ON provider_call_minutes (minute);
`,
};

/** The stored seamless answers are swept by age (retention.ts). */
export const seamlessRequestsAge: Migration = {
  id: '097_seamless_requests_age',
  sql: /* sql */ `
CREATE INDEX seamless_requests_created_idx ON seamless_requests (created_at);
`,
};
