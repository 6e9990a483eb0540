// Migrations of the tables modules/site/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The site's settings: one JSON value per key. */
export const siteSettings: Migration = {
  id: '001_site_settings',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
