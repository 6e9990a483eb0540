// Migrations of the tables modules/staff/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Staff of the back office and their sessions. */
export const staff: Migration = {
  id: '014_staff',
  was: '003_wallet',
  sql: /* sql */ `
-- Staff of the back-office and their sessions.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('super', 'finance', 'operations', 'support')),
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  last_login_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
`,
};

/** Staff's hard login lock goes: the login counters replace it. */
export const staffLoginLockDropped: Migration = {
  id: '031_staff_login_lock_dropped',
  was: '010_login_captcha',
  sql: /* sql */ `
ALTER TABLE staff DROP COLUMN failed_logins, DROP COLUMN locked_until;
`,
};

/**
 * Staff two-factor sign-in. totp_secret is set once enrolment is confirmed by a first code
 * (totp_pending meanwhile); totp_last_step is the time step of the last code taken, so a code is good
 * once.
 */
export const staffTotp: Migration = {
  id: '054_staff_totp',
  was: '026_staff_totp',
  sql: /* sql */ `
ALTER TABLE staff ADD COLUMN totp_secret text;
ALTER TABLE staff ADD COLUMN totp_pending text;
ALTER TABLE staff ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE staff ADD COLUMN totp_last_step bigint;
`,
};

/**
 * A staff member whose password another staff member set (a new account, a reset) or that the first
 * start generated must choose its own before anything else.
 */
export const staffPasswordChange: Migration = {
  id: '066_staff_password_change',
  was: '033_staff_password_change',
  sql: /* sql */ `
ALTER TABLE staff ADD COLUMN password_change_due boolean NOT NULL DEFAULT false;
`,
};

/**
 * What members see of a staff member (在线客服's greeting, a reply's author): a display name staff set
 * in 员工管理, never the login name. A row inserted without one (the first admin, a new staff member
 * left unnamed) is named 客服<id>, by the database so every insert path gets it.
 */
export const staffDisplayName: Migration = {
  id: '077_staff_display_name',
  was: '041_staff_display_name',
  sql: /* sql */ `
ALTER TABLE staff ADD COLUMN display_name text NOT NULL DEFAULT '';
UPDATE staff SET display_name = '客服' || id WHERE display_name = '';
CREATE FUNCTION staff_default_display_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.display_name IS NULL OR btrim(NEW.display_name) = '' THEN NEW.display_name := '客服' || NEW.id; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER staff_display_name_default BEFORE INSERT OR UPDATE OF display_name ON staff FOR EACH ROW EXECUTE FUNCTION staff_default_display_name();
`,
};
