// Migrations of the tables modules/venues/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Game venues (场馆), each reached through an adapter (the tiles' venues, if any, become venues). */
export const venues: Migration = {
  id: '017_venues',
  was: '003_wallet',
  sql: /* sql */ `
-- Game venues (场馆): each reached through an adapter; every seeded one is the built-in demo venue.
CREATE TABLE venues (
  code text PRIMARY KEY,
  name text NOT NULL,
  adapter text NOT NULL DEFAULT 'demo',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);
INSERT INTO venues (code, name, sort)
  SELECT platform_name, min(name), min(id) FROM game_entries GROUP BY platform_name ON CONFLICT DO NOTHING;
`,
};

/** The venue bet records of lottery orders name: not a transfer venue (disabled, no adapter). */
export const lotteryVenue: Migration = {
  id: '027_lottery_venue',
  was: '008_lottery',
  sql: /* sql */ `
-- Bet records of lottery orders name this venue; it is not a transfer venue (disabled, no adapter).
INSERT INTO venues (code, name, adapter, enabled, sort) VALUES ('lottery', '彩票', 'inhouse', false, 9999)
  ON CONFLICT (code) DO NOTHING;
`,
};
