// Migrations of the tables modules/auth/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Login captchas, each good once until it expires. */
export const captchas: Migration = {
  id: '004_captchas',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);
`,
};

/** Login attempts counted per name and failed logins per IP: past a few, the next login needs a captcha. */
export const loginCounters: Migration = {
  id: '029_login_counters',
  was: '010_login_captcha',
  sql: /* sql */ `
-- Login attempts counted per submitted name (members and staff apart) and failed logins per IP, each
-- under the sha256 of what it counts, with a sliding expiry (LOGIN_CAPTCHA): past a few, the next
-- login needs a captcha. Replaces the hard lock, which let anyone lock any account.
CREATE TABLE login_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits > 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_counters_expiry_idx ON login_counters (expires_at);
`,
};
