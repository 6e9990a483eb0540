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

/** A configured provider's venues name the provider's code as their adapter; the seeded seamless demo venue said 'seamless'. */
export const providerVenues: Migration = {
  id: '093_provider_venues',
  sql: /* sql */ `
UPDATE venues SET adapter = p.code FROM game_providers p WHERE venues.adapter = 'seamless' AND venues.code = ANY(p.venues);
`,
};

/**
 * Our own demo brand in place of real providers' names (DESIGN §6): the seeded venues get the seed's
 * new names where they still carry the old seeded ones (a venue staff renamed keeps its name).
 */
export const demoBrandVenues: Migration = {
  id: '095_demo_brand_venues',
  sql: /* sql */ `
-- Codes stay as they are: they are identifiers that bet records, transfers, venue wallets and rebates hold.
UPDATE venues v SET name = b.new_name FROM (VALUES
  ('AG', 'AG真人', '演示真人A'), ('BBIN', 'BBIN真人', '演示真人B'), ('DG', 'DG真人', '演示真人C'), ('EVO', 'EVO真人', '演示真人D'), ('WM', 'WM真人', '演示真人E'),
  ('KY', '开元棋牌', '演示棋牌A'), ('LEG', '乐游棋牌', '演示棋牌B'), ('VG', '财神棋牌', '演示棋牌C'), ('MT', '美天棋牌', '演示棋牌D'),
  ('IA', 'IA电竞', '演示电竞A'), ('TF', 'TF电竞', '演示电竞B'), ('LH', '雷火电竞', '演示电竞C'),
  ('IM', 'IM体育', '演示体育A'), ('SABA', '沙巴体育', '演示体育B'), ('FB', 'FB体育', '演示体育C'), ('BTI', 'BTI体育', '演示体育D'),
  ('VR', 'VR彩票', '演示彩票A'), ('TCG', 'TCG彩票', '演示彩票B'), ('SGWIN', '双赢彩票', '演示彩票C'),
  ('obgdy', 'OB电子', '演示电子A'), ('fgdz', 'FG电子', '演示电子B'), ('pp', 'PP电子', '演示电子C'), ('ae', 'AE电子', '演示电子D')
) AS b (code, old_name, new_name)
WHERE v.code = b.code AND v.name = b.old_name;
`,
};
