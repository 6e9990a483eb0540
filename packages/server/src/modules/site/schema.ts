import type { Json, Timestamp } from '../../db/columns.js';

/** The tables modules/site owns: only it writes them (scripts/check-tables.mjs). */
export interface SiteTables {
  site_settings: { key: string; value: Json<unknown>; updated_at: Timestamp };
}
