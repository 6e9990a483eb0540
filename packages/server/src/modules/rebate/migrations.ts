// Migrations of the tables modules/rebate/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Rebate (返水) records per member, closed day, category and platform, and the days computed. */
export const rebate: Migration = {
  id: '039_rebate',
  was: '014_rebate',
  sql: /* sql */ `
-- Rebate (返水, spec §3 rebate record, §4; DESIGN §8; modules/rebate): per member, closed Beijing day,
-- rebate category and game platform, the day's valid bets × the rate of the member's level that day.
-- The unique key makes a day's computation idempotent: a record is written, and paid, once.
CREATE TABLE rebate_records (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  category text NOT NULL CHECK (category IN ('realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery')),
  platform text NOT NULL REFERENCES venues(code),
  valid_fen bigint NOT NULL CHECK (valid_fen > 0),
  -- basis points of a percent, as vip_tiers: 80 = 0.80 %
  rate_bp integer NOT NULL CHECK (rate_bp > 0),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  -- 0 pending, 1 claimed (by dofanshui, in the journal claim_journal_id)
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  claim_journal_id bigint REFERENCES ledger_journals(id),
  CHECK ((state = 0 AND claimed_at IS NULL) OR (state = 1 AND claimed_at IS NOT NULL)),
  UNIQUE (member_id, day, category, platform)
);
CREATE INDEX rebate_records_member_idx ON rebate_records (member_id, created_at DESC);
CREATE INDEX rebate_records_pending_idx ON rebate_records (member_id) WHERE state = 0;
CREATE INDEX rebate_records_day_idx ON rebate_records (day);
-- Days the job has computed (its catch-up reads this; a re-run would change nothing anyway).
CREATE TABLE rebate_days (
  day date PRIMARY KEY,
  computed_at timestamptz NOT NULL DEFAULT now()
);
`,
};

/** The console pages rebate records newest day first through an index instead of a sort. */
export const rebateRecordsDayIdx: Migration = {
  id: '042_rebate_records_day_idx',
  was: '015_vip_history_note',
  sql: /* sql */ `
-- The console lists rebate records newest day first, then newest record, a page at a time: an index
-- it walks backwards instead of sorting every record of the range (serves the day filters as before).
DROP INDEX rebate_records_day_idx;
CREATE INDEX rebate_records_day_idx ON rebate_records (day, id);
`,
};
