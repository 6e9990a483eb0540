// Migrations of the tables modules/games/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The hall's game tiles by category and venue. */
export const gameEntries: Migration = {
  id: '006_game_entries',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE game_entries (
  id serial PRIMARY KEY,
  category_id text NOT NULL CHECK (category_id IN ('realbet','joker','gaming','sport','lottery','concise')),
  platform_name text NOT NULL,
  game_code text NOT NULL,
  name text NOT NULL,
  image text NOT NULL,
  app_state smallint NOT NULL DEFAULT 1,
  sort integer NOT NULL DEFAULT 0
);
`,
};

/**
 * The platform's bet records as fed by the venues (like an aggregator's feed), the per-day sums by
 * category that rebate and VIP read, and how far each adapter's feed has been read.
 */
export const betRecords: Migration = {
  id: '023_bet_records',
  was: '006_games',
  sql: /* sql */ `
CREATE TABLE bet_records (
  id bigserial PRIMARY KEY,
  venue text NOT NULL REFERENCES venues(code),
  bet_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  game_code text NOT NULL,
  game_name text NOT NULL,
  category text NOT NULL,
  bet_fen bigint NOT NULL CHECK (bet_fen >= 0),
  valid_fen bigint NOT NULL DEFAULT 0 CHECK (valid_fen >= 0),
  win_loss_fen bigint NOT NULL DEFAULT 0,
  -- 0 invalid, 1 settled, 2 unsettled (spec §4)
  status smallint NOT NULL CHECK (status IN (0, 1, 2)),
  detail text NOT NULL DEFAULT '',
  bet_at timestamptz NOT NULL,
  settled_at timestamptz,
  -- the valid amount has been applied to the turnover requirement, flow and the daily sums
  counted boolean NOT NULL DEFAULT false,
  UNIQUE (venue, bet_id)
);
CREATE INDEX bet_records_member_idx ON bet_records (member_id, bet_at DESC);

-- Valid bets per member, Beijing day and hall category: what rebate (返水) and VIP evaluation read.
CREATE TABLE member_daily_bets (
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  category text NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  bet_fen bigint NOT NULL DEFAULT 0,
  valid_fen bigint NOT NULL DEFAULT 0,
  win_loss_fen bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day, category)
);

-- How far the platform has read each adapter's bet feed.
CREATE TABLE bet_feed_cursors (
  adapter text PRIMARY KEY,
  cursor bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** Bet records and the daily sums keep the stake offset by opposite sides of a round (contract turnover.ts). */
export const betsHedged: Migration = {
  id: '035_bets_hedged',
  was: '012_hedged_turnover',
  sql: /* sql */ `
ALTER TABLE bet_records ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= bet_fen);
ALTER TABLE member_daily_bets ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0);
`,
};

/** The rebate pass reads a time range's settled bets across all members. */
export const betRecordsSettledIdx: Migration = {
  id: '040_bet_records_settled_idx',
  was: '014_rebate',
  sql: /* sql */ `
-- A day's pass reads the settled bets of a time range across all members.
CREATE INDEX bet_records_settled_bet_at_idx ON bet_records (bet_at) WHERE status = 1;
`,
};

/**
 * The hall's 最近在玩 and winners ticker: each member's launched games, newest first (one row per
 * game, its last launch); wins of at least RECENT_WIN_MIN_YUAN (100 元, contract) found newest first
 * through an index of their own.
 */
export const hallHighlights: Migration = {
  id: '071_hall_highlights',
  was: '036_hall_highlights',
  sql: /* sql */ `
CREATE TABLE member_recent_games (
  member_id bigint NOT NULL REFERENCES members(id),
  plat_name text NOT NULL,
  game_code text NOT NULL,
  game_type text NOT NULL,
  name text NOT NULL,
  image text NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, plat_name, game_code)
);
CREATE INDEX member_recent_games_last_idx ON member_recent_games (member_id, last_at DESC);
CREATE INDEX bet_records_big_wins_idx ON bet_records (bet_at DESC) WHERE status = 1 AND win_loss_fen >= 10000;
`,
};

/**
 * Our own demo brand in place of real providers' names (DESIGN §6): the seeded tiles, and the recent
 * games copied from them, get the seed's new names and pictures where they still carry the old seeded
 * ones (a tile staff renamed keeps its name). The seed as of this migration: the old seeded name → the
 * new, and the old picture (once spelt in lower case) → the new one; the electronic providers' pictures
 * keep their paths.
 */
const DEMO_BRAND = /* sql */ `(VALUES
  ('AG', 'AG真人', '演示真人A', '/assets/games/realbet-ag.svg', '/assets/games/realbet-DEMOLIVEA.svg'),
  ('BBIN', 'BBIN真人', '演示真人B', '/assets/games/realbet-bbin.svg', '/assets/games/realbet-DEMOLIVEB.svg'),
  ('DG', 'DG真人', '演示真人C', '/assets/games/realbet-dg.svg', '/assets/games/realbet-DEMOLIVEC.svg'),
  ('EVO', 'EVO真人', '演示真人D', '/assets/games/realbet-evo.svg', '/assets/games/realbet-DEMOLIVED.svg'),
  ('WM', 'WM真人', '演示真人E', '/assets/games/realbet-wm.svg', '/assets/games/realbet-DEMOLIVEE.svg'),
  ('KY', '开元棋牌', '演示棋牌A', '/assets/games/joker-ky.svg', '/assets/games/joker-DEMOCARDA.svg'),
  ('LEG', '乐游棋牌', '演示棋牌B', '/assets/games/joker-leg.svg', '/assets/games/joker-DEMOCARDB.svg'),
  ('VG', '财神棋牌', '演示棋牌C', '/assets/games/joker-vg.svg', '/assets/games/joker-DEMOCARDC.svg'),
  ('MT', '美天棋牌', '演示棋牌D', '/assets/games/joker-mt.svg', '/assets/games/joker-DEMOCARDD.svg'),
  ('IA', 'IA电竞', '演示电竞A', '/assets/games/gaming-ia.svg', '/assets/games/gaming-DEMOESPORTA.svg'),
  ('TF', 'TF电竞', '演示电竞B', '/assets/games/gaming-tf.svg', '/assets/games/gaming-DEMOESPORTB.svg'),
  ('LH', '雷火电竞', '演示电竞C', '/assets/games/gaming-lh.svg', '/assets/games/gaming-DEMOESPORTC.svg'),
  ('IM', 'IM体育', '演示体育A', '/assets/games/sport-im.svg', '/assets/games/sport-DEMOSPORTA.svg'),
  ('SABA', '沙巴体育', '演示体育B', '/assets/games/sport-saba.svg', '/assets/games/sport-DEMOSPORTB.svg'),
  ('FB', 'FB体育', '演示体育C', '/assets/games/sport-fb.svg', '/assets/games/sport-DEMOSPORTC.svg'),
  ('BTI', 'BTI体育', '演示体育D', '/assets/games/sport-bti.svg', '/assets/games/sport-DEMOSPORTD.svg'),
  ('VR', 'VR彩票', '演示彩票A', '/assets/games/lottery-vr.svg', '/assets/games/lottery-DEMOLOTTOA.svg'),
  ('TCG', 'TCG彩票', '演示彩票B', '/assets/games/lottery-tcg.svg', '/assets/games/lottery-DEMOLOTTOB.svg'),
  ('SGWIN', '双赢彩票', '演示彩票C', '/assets/games/lottery-sgwin.svg', '/assets/games/lottery-DEMOLOTTOC.svg'),
  ('obgdy', 'OB电子', '演示电子A', '/assets/games/concise-obgdy.svg', '/assets/games/concise-obgdy.svg'),
  ('fgdz', 'FG电子', '演示电子B', '/assets/games/concise-fgdz.svg', '/assets/games/concise-fgdz.svg'),
  ('pp', 'PP电子', '演示电子C', '/assets/games/concise-pp.svg', '/assets/games/concise-pp.svg'),
  ('ae', 'AE电子', '演示电子D', '/assets/games/concise-ae.svg', '/assets/games/concise-ae.svg')
) AS b (code, old_name, new_name, old_image, new_image)`;

export const demoBrandTiles: Migration = {
  id: '094_demo_brand_tiles',
  sql: /* sql */ `
-- Codes stay as they are (platform_name, plat_name, game_code): they are identifiers that bet records, transfers and venue wallets hold.
UPDATE game_entries e SET name = b.new_name FROM ${DEMO_BRAND} WHERE e.platform_name = b.code AND e.name = b.old_name;
UPDATE game_entries e SET image = b.new_image FROM ${DEMO_BRAND} WHERE e.platform_name = b.code AND lower(e.image) = b.old_image;
UPDATE member_recent_games r SET name = b.new_name FROM ${DEMO_BRAND} WHERE r.plat_name = b.code AND r.name = b.old_name;
UPDATE member_recent_games r SET image = b.new_image FROM ${DEMO_BRAND} WHERE r.plat_name = b.code AND lower(r.image) = b.old_image;
`,
};
