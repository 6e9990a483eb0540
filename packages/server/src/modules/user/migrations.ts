// Migrations of the tables modules/user/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** Members: who they are and the state of their account; an invited member names its inviter. */
export const members: Migration = {
  id: '002_members',
  was: '001_foundation',
  sql: /* sql */ `
CREATE TABLE members (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  pay_password_hash text NOT NULL,
  realname text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  mobile text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  birthday text NOT NULL DEFAULT '',
  vip integer NOT NULL DEFAULT 1 CHECK (vip BETWEEN 1 AND 10),
  paysum_fen bigint NOT NULL DEFAULT 0 CHECK (paysum_fen >= 0),
  isagent smallint NOT NULL DEFAULT 0 CHECK (isagent IN (0, 1)),
  transferstatus smallint NOT NULL DEFAULT 0 CHECK (transferstatus IN (0, 1)),
  inviter_id bigint REFERENCES members(id),
  is_trial boolean NOT NULL DEFAULT false,
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  register_ip text NOT NULL DEFAULT '',
  last_login_at timestamptz,
  last_login_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX members_inviter_idx ON members (inviter_id);
`,
};

/** The turnover (打码量) a member must bet before withdrawing. */
export const memberTurnoverRequirement: Migration = {
  id: '013_member_turnover_requirement',
  was: '003_wallet',
  sql: /* sql */ `
ALTER TABLE members ADD COLUMN turnover_req_fen bigint NOT NULL DEFAULT 0 CHECK (turnover_req_fen >= 0);
`,
};

/** A member's cumulative valid bets. */
export const memberFlow: Migration = {
  id: '022_member_flow',
  was: '006_games',
  sql: /* sql */ `
ALTER TABLE members ADD COLUMN flow_fen bigint NOT NULL DEFAULT 0 CHECK (flow_fen >= 0);
`,
};

/** The members' hard login lock goes: the login counters replace it (anyone could lock any account). */
export const membersLoginLockDropped: Migration = {
  id: '030_members_login_lock_dropped',
  was: '010_login_captcha',
  sql: /* sql */ `
ALTER TABLE members DROP COLUMN failed_logins, DROP COLUMN locked_until;
`,
};

/** The payment password is the member's own secret (DESIGN §4), and wrong ones lock it for a while. */
export const payPassword: Migration = {
  id: '032_pay_password',
  was: '011_pay_password',
  sql: /* sql */ `
-- The payment password is the member's own secret (DESIGN §4). pay_password_hash '' = none set yet.
-- pay_password_state: 0 none, 1 set, 2 must be replaced (found equal to the login password), 3 set
-- before this migration and not yet compared with the login password (registration used to copy it):
-- compared the next time it is presented.
ALTER TABLE members ADD COLUMN pay_password_state smallint NOT NULL DEFAULT 0 CHECK (pay_password_state IN (0, 1, 2, 3));
UPDATE members SET pay_password_state = 3 WHERE pay_password_hash <> '';
-- Wrong payment passwords per member (PAY_PASSWORD_LOCK), in the database so every instance shares
-- them. in_flight counts checks running now: a check takes a slot before it verifies, so parallel
-- guesses cannot verify more than maxFailures passwords before the lock.
CREATE TABLE pay_password_guards (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  in_flight integer NOT NULL DEFAULT 0 CHECK (in_flight >= 0),
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);
`,
};

/** The member's last level change day and current retention period. */
export const memberVipPeriod: Migration = {
  id: '038_member_vip_period',
  was: '013_vip',
  sql: /* sql */ `
-- The Beijing day of the last level change: at most one change per Beijing day.
ALTER TABLE members ADD COLUMN vip_changed_on date;
-- Start of the current 90-day retention period (reset on every level change, then every 90 days).
ALTER TABLE members ADD COLUMN vip_period_start timestamptz NOT NULL DEFAULT now();
-- The nightly pass looks only at members above VIP1 whose period is over.
CREATE INDEX members_vip_period_idx ON members (vip_period_start) WHERE vip > 1;
`,
};

/** When a member became an agent. */
export const memberAgentSince: Migration = {
  id: '048_member_agent_since',
  was: '020_agent_applications',
  sql: /* sql */ `
-- When the member became an agent (approval or a staff grant); NULL while not one.
ALTER TABLE members ADD COLUMN agent_since timestamptz;
CREATE INDEX members_agents_idx ON members (id) WHERE isagent = 1;
`,
};

/** A member's invitees by join time. */
export const membersInviterCreatedIdx: Migration = {
  id: '050_members_inviter_created_idx',
  was: '021_invites',
  sql: /* sql */ `
-- A member's invitees by join time (the /inviter counters: new today and this month, the friends list
-- newest first); it leads with inviter_id, so the single-column index it replaces is redundant.
CREATE INDEX members_inviter_created_idx ON members (inviter_id, created_at, id);
DROP INDEX members_inviter_idx;
`,
};

/**
 * Staff notes on a member (a timeline, kept) and free tags (the whole set replaced at once, at most
 * MEMBER_CARE_LIMITS.tagsMax).
 */
export const memberCare: Migration = {
  id: '056_member_care',
  was: '028_member_care',
  sql: /* sql */ `
CREATE TABLE member_notes (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  body text NOT NULL,
  staff_id bigint NOT NULL,
  staff_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_notes_member_idx ON member_notes (member_id, id DESC);
CREATE TABLE member_tags (
  member_id bigint NOT NULL REFERENCES members(id),
  tag text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, tag)
);
CREATE INDEX member_tags_tag_idx ON member_tags (tag);
`,
};

/** The reports' rollup reads members by join time, and trial accounts apart. */
export const membersReportIdx: Migration = {
  id: '062_members_report_idx',
  was: '029_daily_stats',
  sql: /* sql */ `
CREATE INDEX members_created_idx ON members (created_at);
CREATE INDEX members_trial_idx ON members (id) WHERE is_trial;
`,
};

/** The reality check's interval on the member, and when the member confirmed being 18 or over. */
export const memberRealityCheck: Migration = {
  id: '073_member_reality_check',
  was: '037_player_protection',
  sql: /* sql */ `
ALTER TABLE members
  ADD COLUMN reality_minutes smallint NOT NULL DEFAULT 60 CHECK (reality_minutes BETWEEN 15 AND 120),
  ADD COLUMN adult_confirmed_at timestamptz;
`,
};

/**
 * The members row keeps identity and account state: the figures other modules decide moved to their
 * tables (083–087), and member_figures reads them back in one place, with a missing row's defaults.
 */
export const memberFiguresMoved: Migration = {
  id: '088_member_figures_moved',
  sql: /* sql */ `
DROP INDEX members_vip_period_idx;
DROP INDEX members_agents_idx;
ALTER TABLE members
  DROP COLUMN vip,
  DROP COLUMN vip_changed_on,
  DROP COLUMN vip_period_start,
  DROP COLUMN paysum_fen,
  DROP COLUMN flow_fen,
  DROP COLUMN turnover_req_fen,
  DROP COLUMN transferstatus,
  DROP COLUMN reality_minutes,
  DROP COLUMN isagent,
  DROP COLUMN agent_since;
-- A member's figures as the screens, the console and the reports read them, each from its owner's table,
-- a member without a row reading the default: VIP1 with nothing counted and its period from
-- registration, no turnover to bet, auto-transfer off, not an agent.
CREATE VIEW member_figures AS
SELECT m.id AS member_id,
  COALESCE(v.level, 1) AS vip,
  v.changed_on AS vip_changed_on,
  COALESCE(v.period_start, m.created_at) AS vip_period_start,
  COALESCE(v.paysum_fen, 0::bigint) AS paysum_fen,
  COALESCE(v.flow_fen, 0::bigint) AS flow_fen,
  COALESCE(t.remaining_fen, 0::bigint) AS turnover_req_fen,
  CASE WHEN x.auto_transfer THEN 1 ELSE 0 END AS transferstatus,
  CASE WHEN a.member_id IS NULL THEN 0 ELSE 1 END AS isagent,
  a.since AS agent_since
FROM members m
LEFT JOIN vip_standings v ON v.member_id = m.id
LEFT JOIN turnover_requirements t ON t.member_id = m.id
LEFT JOIN transfer_settings x ON x.member_id = m.id
LEFT JOIN agents a ON a.member_id = m.id;
`,
};

/**
 * member_figures carries the member's own account columns too (all but the login password's hash), so
 * a reader that needs the member and its figures — the user info behind /api/user — reads one relation
 * instead of joining members to a view that starts from members again.
 */
export const memberFiguresWithAccount: Migration = {
  id: '089_member_figures_with_account',
  sql: /* sql */ `
CREATE OR REPLACE VIEW member_figures AS
SELECT m.id AS member_id,
  COALESCE(v.level, 1) AS vip,
  v.changed_on AS vip_changed_on,
  COALESCE(v.period_start, m.created_at) AS vip_period_start,
  COALESCE(v.paysum_fen, 0::bigint) AS paysum_fen,
  COALESCE(v.flow_fen, 0::bigint) AS flow_fen,
  COALESCE(t.remaining_fen, 0::bigint) AS turnover_req_fen,
  CASE WHEN x.auto_transfer THEN 1 ELSE 0 END AS transferstatus,
  CASE WHEN a.member_id IS NULL THEN 0 ELSE 1 END AS isagent,
  a.since AS agent_since,
  m.username, m.pay_password_hash, m.pay_password_state, m.realname, m.avatar, m.mobile, m.email, m.birthday,
  m.inviter_id, m.is_trial, m.state, m.register_ip, m.last_login_at, m.last_login_ip, m.created_at, m.adult_confirmed_at
FROM members m
LEFT JOIN vip_standings v ON v.member_id = m.id
LEFT JOIN turnover_requirements t ON t.member_id = m.id
LEFT JOIN transfer_settings x ON x.member_id = m.id
LEFT JOIN agents a ON a.member_id = m.id;
`,
};
