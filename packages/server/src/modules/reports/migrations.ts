// Migrations of the tables modules/reports/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/**
 * 数据概览 and 报表: one pre-aggregated row per Beijing day, figure and dimension (venue, category,
 * item), filled by an idempotent rollup that recomputes a closed day from the raw tables; the days
 * rolled, so a missing day is rolled on demand; each month's distinct active members, so the month's
 * figure stays exact without re-reading a month of bets.
 */
export const dailyStats: Migration = {
  id: '057_daily_stats',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE TABLE daily_stats (
  day date NOT NULL,
  metric text NOT NULL,
  venue text NOT NULL DEFAULT '',
  category text NOT NULL DEFAULT '',
  item text NOT NULL DEFAULT '',
  n bigint NOT NULL DEFAULT 0,
  a_fen bigint NOT NULL DEFAULT 0,
  b_fen bigint NOT NULL DEFAULT 0,
  c_fen bigint NOT NULL DEFAULT 0,
  label text NOT NULL DEFAULT '',
  PRIMARY KEY (day, metric, venue, category, item)
);
CREATE TABLE daily_stats_days (day date PRIMARY KEY, rolled_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE active_member_months (month date NOT NULL, member_id bigint NOT NULL, PRIMARY KEY (month, member_id));
`,
};

/**
 * 数据概览 sums each day's figures (every metric but the per-game 'bet' rows, about 40 of a day's
 * 1,500) over up to 90 days: by this index it reads those rows alone, not the whole span's bets.
 */
export const dailyStatsFiguresIdx: Migration = {
  id: '064_daily_stats_figures_idx',
  was: '047r_daily_stats_figures_idx',
  sql: /* sql */ `
CREATE INDEX daily_stats_figures_idx ON daily_stats (day, metric) WHERE metric <> 'bet';
`,
};
