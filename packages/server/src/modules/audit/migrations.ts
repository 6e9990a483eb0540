// Migrations of the tables modules/audit/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Every staff action, append-only by the database's own triggers. */
export const auditLog: Migration = {
  id: '019_audit_log',
  was: '003_wallet',
  sql: /* sql */ `
-- Every staff action: append-only, enforced by the database itself.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff(id),
  staff_name text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (id DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`,
};
