import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.js';

/** The tables modules/content owns: only it writes them (scripts/check-tables.mjs). */
export interface ContentTables {
  banners: { id: Generated<number>; type: Generated<number>; src: string; url: Generated<string>; sort: Generated<number>; enabled: Generated<boolean> };
  notices: { id: Generated<number>; title: string; content: string; on_home: Generated<boolean>; enabled: Generated<boolean>; created_at: Timestamp };
  articles: { type: number; title: string; content: string; updated_at: Timestamp };
}
