// Migrations of the tables modules/lottery/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * In-house lottery rooms (DESIGN §7). Odds per lottery are data (the engine's default tables seeded
 * here; staff edits are checked by validateOdds). A round's seed stays secret until its result is
 * stored; its commitment sha256(seed) is public from the moment the row exists, which is before the
 * round opens. One lottery_orders row per order line; the lines of one request share its order_no
 * (one ledger journal for the stake, one for the payout).
 */
export const lottery: Migration = {
  id: '026_lottery',
  was: '008_lottery',
  sql: /* sql */ `
CREATE TABLE lotteries (
  code text PRIMARY KEY,
  title text NOT NULL,
  type smallint NOT NULL CHECK (type IN (1, 2)),
  interval_s integer NOT NULL CHECK (interval_s > 0),
  ftime_s integer NOT NULL CHECK (ftime_s > 0 AND ftime_s < interval_s),
  odds jsonb NOT NULL,
  icon text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);
CREATE TABLE lottery_rooms (
  id bigserial PRIMARY KEY,
  lottery text NOT NULL REFERENCES lotteries(code),
  title text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);
CREATE INDEX lottery_rooms_lottery_idx ON lottery_rooms (lottery, sort);
CREATE TABLE lottery_rounds (
  lottery text NOT NULL REFERENCES lotteries(code),
  expect text NOT NULL,
  seed text NOT NULL,
  commitment text NOT NULL,
  draw_at timestamptz NOT NULL,
  result jsonb,
  drawn_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lottery, expect)
);
CREATE INDEX lottery_rounds_due_idx ON lottery_rounds (draw_at) WHERE settled_at IS NULL;
CREATE INDEX lottery_rounds_drawn_idx ON lottery_rounds (lottery, draw_at DESC) WHERE result IS NOT NULL;
CREATE TABLE lottery_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL,
  line smallint NOT NULL,
  member_id bigint NOT NULL REFERENCES members(id),
  room_id bigint NOT NULL REFERENCES lottery_rooms(id),
  lottery text NOT NULL,
  expect text NOT NULL,
  play_id text NOT NULL,
  -- the odds taken from the server when the order was placed, in hundredths (1.96 -> 196)
  odds_cents integer NOT NULL CHECK (odds_cents > 100),
  stake_fen bigint NOT NULL CHECK (stake_fen > 0),
  payout_fen bigint NOT NULL DEFAULT 0 CHECK (payout_fen >= 0),
  valid_fen bigint NOT NULL DEFAULT 0 CHECK (valid_fen >= 0),
  -- 2 unsettled, 1 settled, 0 invalid (BET_STATUS)
  status smallint NOT NULL DEFAULT 2 CHECK (status IN (0, 1, 2)),
  stake_journal_id bigint NOT NULL,
  payout_journal_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (order_no, line),
  FOREIGN KEY (lottery, expect) REFERENCES lottery_rounds(lottery, expect)
);
CREATE INDEX lottery_orders_settle_idx ON lottery_orders (lottery, expect, status);
CREATE INDEX lottery_orders_member_idx ON lottery_orders (member_id, created_at DESC);

INSERT INTO lotteries (code, title, type, interval_s, ftime_s, odds, sort) VALUES
  ('k3_60', '极速快三', 2, 60, 10, '{"k3_big":1.96,"k3_small":1.96,"k3_odd":1.96,"k3_even":1.96,"k3_sum_03":205.2,"k3_sum_04":68.4,"k3_sum_05":34.2,"k3_sum_06":20.52,"k3_sum_07":13.68,"k3_sum_08":9.77,"k3_sum_09":8.2,"k3_sum_10":7.6,"k3_sum_11":7.6,"k3_sum_12":8.2,"k3_sum_13":9.77,"k3_sum_14":13.68,"k3_sum_15":20.52,"k3_sum_16":34.2,"k3_sum_17":68.4,"k3_sum_18":205.2,"k3_triple":34}', 1),
  ('lhc_180', '极速六合彩', 1, 180, 30, '{"lhc_te_01":47,"lhc_te_02":47,"lhc_te_03":47,"lhc_te_04":47,"lhc_te_05":47,"lhc_te_06":47,"lhc_te_07":47,"lhc_te_08":47,"lhc_te_09":47,"lhc_te_10":47,"lhc_te_11":47,"lhc_te_12":47,"lhc_te_13":47,"lhc_te_14":47,"lhc_te_15":47,"lhc_te_16":47,"lhc_te_17":47,"lhc_te_18":47,"lhc_te_19":47,"lhc_te_20":47,"lhc_te_21":47,"lhc_te_22":47,"lhc_te_23":47,"lhc_te_24":47,"lhc_te_25":47,"lhc_te_26":47,"lhc_te_27":47,"lhc_te_28":47,"lhc_te_29":47,"lhc_te_30":47,"lhc_te_31":47,"lhc_te_32":47,"lhc_te_33":47,"lhc_te_34":47,"lhc_te_35":47,"lhc_te_36":47,"lhc_te_37":47,"lhc_te_38":47,"lhc_te_39":47,"lhc_te_40":47,"lhc_te_41":47,"lhc_te_42":47,"lhc_te_43":47,"lhc_te_44":47,"lhc_te_45":47,"lhc_te_46":47,"lhc_te_47":47,"lhc_te_48":47,"lhc_te_49":47,"lhc_tm_big":1.96,"lhc_tm_small":1.96,"lhc_tm_odd":1.96,"lhc_tm_even":1.96,"lhc_zm_01":7.9,"lhc_zm_02":7.9,"lhc_zm_03":7.9,"lhc_zm_04":7.9,"lhc_zm_05":7.9,"lhc_zm_06":7.9,"lhc_zm_07":7.9,"lhc_zm_08":7.9,"lhc_zm_09":7.9,"lhc_zm_10":7.9,"lhc_zm_11":7.9,"lhc_zm_12":7.9,"lhc_zm_13":7.9,"lhc_zm_14":7.9,"lhc_zm_15":7.9,"lhc_zm_16":7.9,"lhc_zm_17":7.9,"lhc_zm_18":7.9,"lhc_zm_19":7.9,"lhc_zm_20":7.9,"lhc_zm_21":7.9,"lhc_zm_22":7.9,"lhc_zm_23":7.9,"lhc_zm_24":7.9,"lhc_zm_25":7.9,"lhc_zm_26":7.9,"lhc_zm_27":7.9,"lhc_zm_28":7.9,"lhc_zm_29":7.9,"lhc_zm_30":7.9,"lhc_zm_31":7.9,"lhc_zm_32":7.9,"lhc_zm_33":7.9,"lhc_zm_34":7.9,"lhc_zm_35":7.9,"lhc_zm_36":7.9,"lhc_zm_37":7.9,"lhc_zm_38":7.9,"lhc_zm_39":7.9,"lhc_zm_40":7.9,"lhc_zm_41":7.9,"lhc_zm_42":7.9,"lhc_zm_43":7.9,"lhc_zm_44":7.9,"lhc_zm_45":7.9,"lhc_zm_46":7.9,"lhc_zm_47":7.9,"lhc_zm_48":7.9,"lhc_zm_49":7.9}', 2);
INSERT INTO lottery_rooms (lottery, title, sort) VALUES
  ('k3_60', '新手房', 1), ('k3_60', '高手房', 2), ('k3_60', 'VIP房', 3),
  ('lhc_180', '新手房', 1), ('lhc_180', '高手房', 2), ('lhc_180', 'VIP房', 3);
`,
};

/** A lottery room's chat and the members staff muted in it. */
export const lotteryChat: Migration = {
  id: '028_lottery_chat',
  was: '009_lottery_chat',
  sql: /* sql */ `
-- Room chat (DESIGN §7): members' messages and the server's bet notices, kept for chatdata and moderation.
CREATE TABLE lottery_chat (
  id bigserial PRIMARY KEY,
  room_id bigint NOT NULL REFERENCES lottery_rooms(id),
  member_id bigint NOT NULL REFERENCES members(id),
  -- 'chat' or 'bet' (a bet notice: bet holds its expect and the order's lines as JSON, content its summary)
  kind text NOT NULL CHECK (kind IN ('chat', 'bet')),
  author text NOT NULL,
  avatar text NOT NULL DEFAULT '',
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 400),
  bet jsonb,
  -- a bet notice names its order once: the same order_no is never announced twice
  order_no text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  deleted_by bigint REFERENCES staff(id)
);
CREATE INDEX lottery_chat_room_idx ON lottery_chat (room_id, id DESC);
CREATE INDEX lottery_chat_member_idx ON lottery_chat (member_id, id DESC);
-- A member muted by staff; until NULL = until lifted. One row per member (lifting deletes it).
CREATE TABLE lottery_mutes (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  until timestamptz,
  reason text NOT NULL,
  staff_id bigint NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** Lottery order lines keep the stake offset by opposite sides of a round. */
export const lotteryOrdersHedged: Migration = {
  id: '036_lottery_orders_hedged',
  was: '012_hedged_turnover',
  sql: /* sql */ `
ALTER TABLE lottery_orders ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= stake_fen);
`,
};

/** The reports' rollup reads lottery orders by time. */
export const lotteryOrdersCreatedIdx: Migration = {
  id: '060_lottery_orders_created_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX lottery_orders_created_idx ON lottery_orders (created_at);
`,
};

/**
 * 六合彩's 生肖, 尾数 and 连码 plays: their default odds join every 六合彩 table (a table's own entries,
 * had staff set them, win over the defaults), and a 连码 line keeps the numbers it chose.
 */
export const lotterySixPlays: Migration = {
  id: '069_lottery_six_plays',
  was: '034_lottery_six_plays',
  sql: /* sql */ `
ALTER TABLE lottery_orders ADD COLUMN picks jsonb;
UPDATE lotteries SET odds = '{"lhc_sx_year":9.4,"lhc_sx_other":11.75,"lhc_ws_0":11.75,"lhc_ws_1":9.4,"lhc_ws_2":9.4,"lhc_ws_3":9.4,"lhc_ws_4":9.4,"lhc_ws_5":9.4,"lhc_ws_6":9.4,"lhc_ws_7":9.4,"lhc_ws_8":9.4,"lhc_ws_9":9.4,"lhc_lm_2":75,"lhc_lm_3":880}'::jsonb || odds
  WHERE type = 1;
`,
};

/**
 * Rooms differ by their own stake limits per line, fen inclusive, set by staff within the contract's
 * LOTTERY_STAKE_MIN_YUAN–LOTTERY_STAKE_MAX_YUAN (1–50,000 元): the seeded rooms by tier. Staff speak
 * in a room as its host (主持人): such a message is no member's (member_id NULL) and keeps who posted
 * it (staff_id); it may run to 500 characters.
 */
export const lotteryRoomSettings: Migration = {
  id: '070_lottery_room_settings',
  was: '035_lottery_room_settings',
  sql: /* sql */ `
ALTER TABLE lottery_rooms
  ADD COLUMN min_stake_fen bigint NOT NULL DEFAULT 100,
  ADD COLUMN max_stake_fen bigint NOT NULL DEFAULT 5000000,
  ADD CONSTRAINT lottery_rooms_stake_check CHECK (min_stake_fen >= 100 AND max_stake_fen <= 5000000 AND min_stake_fen <= max_stake_fen);
UPDATE lottery_rooms SET min_stake_fen = 100, max_stake_fen = 100000 WHERE title = '新手房';
UPDATE lottery_rooms SET min_stake_fen = 1000, max_stake_fen = 2000000 WHERE title = '高手房';
UPDATE lottery_rooms SET min_stake_fen = 10000, max_stake_fen = 5000000 WHERE title = 'VIP房';
ALTER TABLE lottery_chat ALTER COLUMN member_id DROP NOT NULL;
ALTER TABLE lottery_chat ADD COLUMN staff_id bigint REFERENCES staff(id);
ALTER TABLE lottery_chat DROP CONSTRAINT lottery_chat_kind_check;
ALTER TABLE lottery_chat ADD CONSTRAINT lottery_chat_kind_check CHECK (
  (kind IN ('chat', 'bet') AND member_id IS NOT NULL AND staff_id IS NULL) OR (kind = 'host' AND member_id IS NULL AND staff_id IS NOT NULL)
);
ALTER TABLE lottery_chat DROP CONSTRAINT lottery_chat_content_check;
ALTER TABLE lottery_chat ADD CONSTRAINT lottery_chat_content_check CHECK (char_length(content) BETWEEN 1 AND 500);
`,
};

/**
 * A lottery's change of timing (interval, ftime) takes over after a round boundary, not at once: the
 * timing it replaced and where the new one starts (ScheduleChange in modules/lottery/settings.ts).
 */
export const lotteryScheduleChange: Migration = {
  id: '079_lottery_schedule_change',
  was: '042a_lottery_schedule_change',
  sql: /* sql */ `
ALTER TABLE lotteries ADD COLUMN schedule_change jsonb;
`,
};
