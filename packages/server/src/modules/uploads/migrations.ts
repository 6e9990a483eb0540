// Migrations of the tables modules/uploads/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Images staff upload for the site, kept in the database so every instance serves them. */
export const uploads: Migration = {
  id: '046_uploads',
  was: '019_uploads',
  sql: /* sql */ `
-- Images staff upload for the site (activity banners): kept in the database, not on one instance's
-- disk, so every instance serves them at /uploads/<id>.<ext> (modules/uploads). Immutable: a new
-- image is a new row, so the public path can be cached for ever.
CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'webp', 'gif')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  uploaded_by bigint REFERENCES staff(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
