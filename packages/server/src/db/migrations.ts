/**
 * Versioned migrations, applied in order at start under an advisory lock, each exactly once.
 * Never edit a migration that has shipped: add a new one.
 */
export interface Migration {
  id: string;
  sql: string;
}

const foundation = /* sql */ `
CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

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

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_member_idx ON sessions (member_id);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captchas_expiry_idx ON captchas (expires_at);

CREATE TABLE banners (
  id serial PRIMARY KEY,
  type integer NOT NULL DEFAULT 2,
  src text NOT NULL,
  url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE notices (
  id serial PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  on_home boolean NOT NULL DEFAULT true,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

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

CREATE TABLE activity_types (
  id serial PRIMARY KEY,
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE activities (
  id serial PRIMARY KEY,
  type_id integer NOT NULL REFERENCES activity_types(id),
  banner text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  memo text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE articles (
  type integer PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vip_tiers (
  level integer PRIMARY KEY CHECK (level BETWEEN 1 AND 10),
  name text NOT NULL,
  recharge_fen bigint NOT NULL,
  flow_fen bigint NOT NULL,
  retention_flow_fen bigint NOT NULL,
  -- maximum rebate rates in basis points of a percent (0.01 % units): 80 = 0.80 %
  realperson_bp integer NOT NULL,
  sport_bp integer NOT NULL,
  e_sport_bp integer NOT NULL,
  joker_bp integer NOT NULL,
  electron_bp integer NOT NULL,
  lottery_bp integer NOT NULL
);

CREATE TABLE mails (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  title text NOT NULL,
  content text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mails_member_idx ON mails (member_id, id DESC);

-- Double-entry ledger: the only home of platform money.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL,
  member_id bigint REFERENCES members(id),
  allow_negative boolean NOT NULL DEFAULT false,
  balance_fen bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (allow_negative OR balance_fen >= 0)
);
CREATE UNIQUE INDEX ledger_accounts_member_wallet_idx ON ledger_accounts (member_id) WHERE kind = 'member_wallet';

CREATE TABLE ledger_journals (
  id bigserial PRIMARY KEY,
  idem_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  memo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES ledger_journals(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount_fen bigint NOT NULL CHECK (amount_fen <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_journal_idx ON ledger_entries (journal_id);
`;

/** Saved cards of members, deposit pay methods and the house's receiving accounts (demo rows). */
const cardsAndPayment = /* sql */ `
CREATE TABLE member_cards (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  type smallint NOT NULL CHECK (type IN (1, 2)),
  bank text NOT NULL,
  bank_owner text NOT NULL,
  bank_no text NOT NULL,
  bank_address text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX member_cards_active_no_idx ON member_cards (member_id, bank_no) WHERE deleted_at IS NULL;
CREATE INDEX member_cards_member_type_idx ON member_cards (member_id, type) WHERE deleted_at IS NULL;

CREATE TABLE pay_methods (
  code text PRIMARY KEY CHECK (code IN ('bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20')),
  enabled boolean NOT NULL DEFAULT true,
  min_fen bigint NOT NULL CHECK (min_fen > 0),
  max_fen bigint NOT NULL,
  CHECK (max_fen >= min_fen)
);
INSERT INTO pay_methods (code, enabled, min_fen, max_fen) VALUES
  ('bank', true, 10000, 5000000),
  ('wechat', true, 10000, 1000000),
  ('alipay', true, 10000, 1000000),
  ('usdt-erc20', true, 10000, 10000000),
  ('usdt-trc20', true, 10000, 10000000);

CREATE TABLE receiving_accounts (
  id bigserial PRIMARY KEY,
  method text NOT NULL REFERENCES pay_methods(code),
  bank_name text NOT NULL DEFAULT '',
  bank_no text NOT NULL DEFAULT '',
  bank_owner text NOT NULL DEFAULT '',
  bank_address text NOT NULL DEFAULT '',
  mch_id text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  payimg text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX receiving_accounts_method_idx ON receiving_accounts (method) WHERE enabled;
INSERT INTO receiving_accounts (method, bank_name, bank_no, bank_owner, bank_address, mch_id, content, payimg, sort) VALUES
  ('bank', '招商银行', '6214 8301 2345 6789', '深圳星海网络科技有限公司', '招商银行深圳分行营业部', '', '', '', 1),
  ('usdt-trc20', 'USDT', '', '', '', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'TRC20', '/assets/logo.svg', 2),
  ('usdt-erc20', 'USDT', '', '', '', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ERC20', '/assets/logo.svg', 3),
  ('wechat', '微信支付', 'xinghai_pay', '星海客服', '', '', '', '/assets/logo.svg', 4),
  ('alipay', '支付宝', 'pay@xinghai.example', '星海客服', '', '', '', '/assets/logo.svg', 5);
`;

/**
 * The wallet: deposits and withdrawals reviewed by staff, venues and transfers to them, the turnover
 * requirement, staff accounts and their append-only audit log (DESIGN §5, §6, §10).
 */
const wallet = /* sql */ `
ALTER TABLE members ADD COLUMN turnover_req_fen bigint NOT NULL DEFAULT 0 CHECK (turnover_req_fen >= 0);

-- Deposit orders: 1 pending review, 2 approved (credited), 3 rejected.
CREATE TABLE deposits (
  id bigserial PRIMARY KEY,
  deposit_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  method text NOT NULL REFERENCES pay_methods(code),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  -- USDT deposits: the rate in 1/10000 yuan per USDT and the USDT to send, in cents of a USDT.
  usdt_rate_e4 bigint NOT NULL DEFAULT 0,
  usdt_cents bigint NOT NULL DEFAULT 0,
  receiving_account_id bigint REFERENCES receiving_accounts(id),
  payer_name text NOT NULL DEFAULT '',
  payer_bank text NOT NULL DEFAULT '',
  payer_bank_no text NOT NULL DEFAULT '',
  payer_bank_address text NOT NULL DEFAULT '',
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint,
  reviewed_at timestamptz,
  journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deposits_member_idx ON deposits (member_id, created_at DESC);
CREATE INDEX deposits_state_idx ON deposits (state, id);

-- Withdrawal orders: the amount is held at request (1), then paid (2) or refunded (3) at review.
CREATE TABLE withdrawals (
  id bigserial PRIMARY KEY,
  withdraw_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  card_id bigint NOT NULL REFERENCES member_cards(id),
  card_type smallint NOT NULL CHECK (card_type IN (1, 2)),
  -- a snapshot of the card at request time: unbinding later does not change where money goes
  bank text NOT NULL,
  bank_owner text NOT NULL,
  bank_no text NOT NULL,
  bank_address text NOT NULL DEFAULT '',
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  usdt_rate_e4 bigint NOT NULL DEFAULT 0,
  usdt_cents bigint NOT NULL DEFAULT 0,
  fee_usdt_cents bigint NOT NULL DEFAULT 0,
  arrival_usdt_cents bigint NOT NULL DEFAULT 0,
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2, 3)),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint,
  reviewed_at timestamptz,
  hold_journal_id bigint REFERENCES ledger_journals(id),
  settle_journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_state_idx ON withdrawals (state, id);

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

-- Transfers between the central wallet and one venue. direction 3 into the venue, 4 out of it.
-- state 0 failed (refunded), 1 success, 2 pending settlement (outcome unknown until reconciled).
CREATE TABLE transfers (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members(id),
  venue text NOT NULL REFERENCES venues(code),
  direction smallint NOT NULL CHECK (direction IN (3, 4)),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  state smallint NOT NULL DEFAULT 2 CHECK (state IN (0, 1, 2)),
  error text NOT NULL DEFAULT '',
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX transfers_member_idx ON transfers (member_id, created_at DESC);
CREATE INDEX transfers_pending_idx ON transfers (created_at) WHERE state = 2;

-- Staff of the back-office and their sessions.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('super', 'finance', 'operations', 'support')),
  state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  last_login_ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
ALTER TABLE deposits ADD CONSTRAINT deposits_reviewer_fk FOREIGN KEY (reviewed_by) REFERENCES staff(id);
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_reviewer_fk FOREIGN KEY (reviewed_by) REFERENCES staff(id);

-- Every staff action: append-only, enforced by the database itself.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  staff_id bigint REFERENCES staff(id),
  staff_name text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (id DESC);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`;

/**
 * The built-in demo venue's own wallet (DESIGN §6): a separate provider's double-entry store that
 * happens to live in the same database. Only src/venue-demo reads or writes these tables; the
 * platform reaches them through the venue adapter, never by SQL.
 */
const demoVenue = /* sql */ `
-- One account per (venue, player), and one house account per venue (player '').
CREATE TABLE demo_venue_accounts (
  id bigserial PRIMARY KEY,
  venue text NOT NULL,
  player text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('player', 'house')),
  balance_fen bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'house') = (player = '')),
  CHECK (kind = 'house' OR balance_fen >= 0)
);
CREATE UNIQUE INDEX demo_venue_accounts_player_idx ON demo_venue_accounts (player, venue);

-- A request of the operator (transfer) or a game event (bet, payout), identified by the caller's
-- ref: applied at most once; a voided ref (given up by the caller, or refused) can never apply.
CREATE TABLE demo_venue_transactions (
  id bigserial PRIMARY KEY,
  venue text NOT NULL,
  ref text NOT NULL,
  kind text NOT NULL,
  state text NOT NULL CHECK (state IN ('applied', 'voided')),
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (venue, ref)
);

CREATE TABLE demo_venue_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES demo_venue_transactions(id),
  account_id bigint NOT NULL REFERENCES demo_venue_accounts(id),
  amount_fen bigint NOT NULL CHECK (amount_fen <> 0)
);
CREATE INDEX demo_venue_entries_account_idx ON demo_venue_entries (account_id);
CREATE INDEX demo_venue_entries_transaction_idx ON demo_venue_entries (transaction_id);

-- Moves p_amount between a player and the venue's house in one statement (one round trip, one
-- commit): positive credits the player, negative debits (never below zero). Answers 'applied',
-- 'duplicate' (this ref applied before), 'voided' (this ref was voided) or 'insufficient' (the
-- ref is then voided, so a retry answers the same).
CREATE FUNCTION demo_venue_move(p_venue text, p_player text, p_amount bigint, p_ref text, p_kind text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_txn bigint;
  v_player bigint;
  v_house bigint;
  v_state text;
BEGIN
  IF p_amount = 0 OR p_player = '' OR p_ref = '' THEN
    RAISE EXCEPTION 'demo_venue_move: amount, player and ref are required';
  END IF;
  INSERT INTO demo_venue_transactions (venue, ref, kind, state) VALUES (p_venue, p_ref, p_kind, 'applied')
    ON CONFLICT (venue, ref) DO NOTHING RETURNING id INTO v_txn;
  IF v_txn IS NULL THEN
    SELECT state INTO v_state FROM demo_venue_transactions WHERE venue = p_venue AND ref = p_ref;
    RETURN CASE WHEN v_state = 'applied' THEN 'duplicate' ELSE 'voided' END;
  END IF;
  UPDATE demo_venue_accounts SET balance_fen = balance_fen + p_amount, updated_at = now()
    WHERE player = p_player AND venue = p_venue AND balance_fen + p_amount >= 0 RETURNING id INTO v_player;
  IF v_player IS NULL AND p_amount > 0 THEN
    INSERT INTO demo_venue_accounts (venue, player, kind, balance_fen) VALUES (p_venue, p_player, 'player', p_amount)
      ON CONFLICT (player, venue) DO NOTHING RETURNING id INTO v_player;
    IF v_player IS NULL THEN -- opened by a concurrent request a moment ago
      UPDATE demo_venue_accounts SET balance_fen = balance_fen + p_amount, updated_at = now()
        WHERE player = p_player AND venue = p_venue RETURNING id INTO v_player;
    END IF;
  END IF;
  IF v_player IS NULL THEN
    UPDATE demo_venue_transactions SET state = 'voided', reason = 'insufficient_balance' WHERE id = v_txn;
    RETURN 'insufficient';
  END IF;
  UPDATE demo_venue_accounts SET balance_fen = balance_fen - p_amount, updated_at = now()
    WHERE player = '' AND venue = p_venue RETURNING id INTO v_house;
  IF v_house IS NULL THEN
    INSERT INTO demo_venue_accounts (venue, player, kind, balance_fen) VALUES (p_venue, '', 'house', -p_amount)
      ON CONFLICT (player, venue) DO NOTHING RETURNING id INTO v_house;
    IF v_house IS NULL THEN
      UPDATE demo_venue_accounts SET balance_fen = balance_fen - p_amount, updated_at = now()
        WHERE player = '' AND venue = p_venue RETURNING id INTO v_house;
    END IF;
  END IF;
  INSERT INTO demo_venue_entries (transaction_id, account_id, amount_fen) VALUES (v_txn, v_player, p_amount), (v_txn, v_house, -p_amount);
  RETURN 'applied';
END $$;

-- Makes sure a ref can never apply: answers 'voided' (now or before) or 'applied' (too late to void).
CREATE FUNCTION demo_venue_void(p_venue text, p_ref text, p_reason text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  v_txn bigint;
  v_state text;
BEGIN
  INSERT INTO demo_venue_transactions (venue, ref, kind, state, reason) VALUES (p_venue, p_ref, 'void', 'voided', p_reason)
    ON CONFLICT (venue, ref) DO NOTHING RETURNING id INTO v_txn;
  IF v_txn IS NOT NULL THEN
    RETURN 'voided';
  END IF;
  SELECT state INTO v_state FROM demo_venue_transactions WHERE venue = p_venue AND ref = p_ref;
  RETURN v_state;
END $$;
`;

/** The demo receiving accounts get real payment codes (QR of the account) instead of the logo. */
const demoPayImages = /* sql */ `
UPDATE receiving_accounts SET payimg = '/assets/pay/' || method || '.svg'
  WHERE method IN ('wechat', 'alipay', 'usdt-trc20', 'usdt-erc20') AND payimg = '/assets/logo.svg';
`;

/**
 * Games (issue 4): the platform's bet records as fed by the venues (like an aggregator's feed), the
 * per-day sums by category that rebate and VIP read, cumulative valid bets on the member; and the
 * demo venue's own side: launch nonces, play sessions, its bets (with a feed sequence the platform
 * reads after) and the results of its virtual matches.
 */
const games = /* sql */ `
ALTER TABLE members ADD COLUMN flow_fen bigint NOT NULL DEFAULT 0 CHECK (flow_fen >= 0);

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

-- ---- the demo venue's own tables --------------------------------------------------------------
-- One launch URL is good once: its nonce is recorded when it is exchanged for a session.
CREATE TABLE demo_venue_launches (
  nonce text PRIMARY KEY,
  player text NOT NULL,
  venue text NOT NULL,
  game text NOT NULL,
  used_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE demo_venue_sessions (
  token_hash text PRIMARY KEY,
  player text NOT NULL,
  venue text NOT NULL,
  game text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE demo_venue_feed_seq;
CREATE TABLE demo_venue_bets (
  id bigserial PRIMARY KEY,
  bet_id text NOT NULL UNIQUE,
  venue text NOT NULL,
  player text NOT NULL,
  game text NOT NULL,
  stake_fen bigint NOT NULL CHECK (stake_fen > 0),
  payout_fen bigint NOT NULL DEFAULT 0 CHECK (payout_fen >= 0),
  valid_fen bigint NOT NULL DEFAULT 0 CHECK (valid_fen >= 0),
  status smallint NOT NULL CHECK (status IN (0, 1, 2)),
  detail jsonb NOT NULL DEFAULT '{}',
  match_id text,
  -- bumped on insert and on every change, so the platform's feed reader sees settlements too
  feed_seq bigint NOT NULL DEFAULT nextval('demo_venue_feed_seq'),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX demo_venue_bets_player_idx ON demo_venue_bets (player, venue, id DESC);
CREATE INDEX demo_venue_bets_feed_idx ON demo_venue_bets (feed_seq);
CREATE INDEX demo_venue_bets_open_match_idx ON demo_venue_bets (match_id) WHERE status = 2;
CREATE TABLE demo_venue_match_results (
  sport text NOT NULL,
  match_id text NOT NULL,
  result jsonb NOT NULL,
  drawn_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  PRIMARY KEY (sport, match_id)
);
`;

/**
 * The demo venue's bets as single statements (issue 4): a bet is its stake, its payout and its row in
 * one commit, so a bet can never be half-booked and concurrent bets never take a wallet below zero.
 */
const demoVenuePlay = /* sql */ `
-- Books one bet: debits p_stake (ref <bet_id>:stake), credits p_payout when > 0 (ref <bet_id>:payout)
-- and inserts the demo_venue_bets row. Answers the player's new balance, or NULL (nothing written)
-- when the balance does not cover the stake. Locks the player row, then the house row, like
-- demo_venue_move, so the two never deadlock.
CREATE FUNCTION demo_venue_play(p_venue text, p_player text, p_bet_id text, p_game text, p_stake bigint, p_payout bigint,
                                p_valid bigint, p_status smallint, p_detail jsonb, p_match_id text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_player bigint;
  v_balance bigint;
  v_house bigint;
  v_txn bigint;
BEGIN
  IF p_stake <= 0 OR p_payout < 0 OR p_valid < 0 OR p_player = '' OR p_bet_id = '' THEN
    RAISE EXCEPTION 'demo_venue_play: bad bet';
  END IF;
  UPDATE demo_venue_accounts SET balance_fen = balance_fen - p_stake + p_payout, updated_at = now()
    WHERE player = p_player AND venue = p_venue AND balance_fen >= p_stake RETURNING id, balance_fen INTO v_player, v_balance;
  IF v_player IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE demo_venue_accounts SET balance_fen = balance_fen + p_stake - p_payout, updated_at = now()
    WHERE player = '' AND venue = p_venue RETURNING id INTO v_house;
  IF v_house IS NULL THEN
    INSERT INTO demo_venue_accounts (venue, player, kind, balance_fen) VALUES (p_venue, '', 'house', p_stake - p_payout)
      ON CONFLICT (player, venue) DO NOTHING RETURNING id INTO v_house;
    IF v_house IS NULL THEN
      UPDATE demo_venue_accounts SET balance_fen = balance_fen + p_stake - p_payout, updated_at = now()
        WHERE player = '' AND venue = p_venue RETURNING id INTO v_house;
    END IF;
  END IF;
  INSERT INTO demo_venue_transactions (venue, ref, kind, state) VALUES (p_venue, p_bet_id || ':stake', 'stake', 'applied') RETURNING id INTO v_txn;
  INSERT INTO demo_venue_entries (transaction_id, account_id, amount_fen) VALUES (v_txn, v_player, -p_stake), (v_txn, v_house, p_stake);
  IF p_payout > 0 THEN
    INSERT INTO demo_venue_transactions (venue, ref, kind, state) VALUES (p_venue, p_bet_id || ':payout', 'payout', 'applied') RETURNING id INTO v_txn;
    INSERT INTO demo_venue_entries (transaction_id, account_id, amount_fen) VALUES (v_txn, v_player, p_payout), (v_txn, v_house, -p_payout);
  END IF;
  INSERT INTO demo_venue_bets (bet_id, venue, player, game, stake_fen, payout_fen, valid_fen, status, detail, match_id, settled_at)
    VALUES (p_bet_id, p_venue, p_player, p_game, p_stake, p_payout, p_valid, p_status, p_detail, p_match_id,
            CASE WHEN p_status = 1 THEN now() END);
  RETURN v_balance;
END $$;

-- Settles one open (status 2) bet: credits p_payout when > 0 (ref <bet_id>:payout), marks the row
-- settled with its valid amount and detail, and bumps its feed sequence. Answers false when the bet
-- was not open (settled before): a bet settles exactly once.
CREATE FUNCTION demo_venue_settle(p_bet_id text, p_payout bigint, p_valid bigint, p_detail jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_venue text;
  v_player text;
  v_result text;
BEGIN
  UPDATE demo_venue_bets SET status = 1, payout_fen = p_payout, valid_fen = p_valid, detail = p_detail,
      settled_at = now(), feed_seq = nextval('demo_venue_feed_seq')
    WHERE bet_id = p_bet_id AND status = 2 RETURNING venue, player INTO v_venue, v_player;
  IF v_venue IS NULL THEN
    RETURN false;
  END IF;
  IF p_payout > 0 THEN
    v_result := demo_venue_move(v_venue, v_player, p_payout, p_bet_id || ':payout', 'payout');
    IF v_result <> 'applied' THEN
      RAISE EXCEPTION 'demo_venue_settle: payout of % was %', p_bet_id, v_result;
    END IF;
  END IF;
  RETURN true;
END $$;
`;

// In-house lottery rooms (issue 5, DESIGN §7). Odds per lottery are data (the engine's default tables
// seeded here; staff edits are checked by validateOdds). A round's seed stays secret until its result is
// stored; its commitment sha256(seed) is public from the moment the row exists, which is before the round
// opens. One lottery_orders row per order line; the lines of one request share its order_no (one ledger
// journal for the stake, one for the payout).
const lottery = `
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

-- Bet records of lottery orders name this venue; it is not a transfer venue (disabled, no adapter).
INSERT INTO venues (code, name, adapter, enabled, sort) VALUES ('lottery', '彩票', 'inhouse', false, 9999)
  ON CONFLICT (code) DO NOTHING;

INSERT INTO lotteries (code, title, type, interval_s, ftime_s, odds, sort) VALUES
  ('k3_60', '极速快三', 2, 60, 10, '{"k3_big":1.96,"k3_small":1.96,"k3_odd":1.96,"k3_even":1.96,"k3_sum_03":205.2,"k3_sum_04":68.4,"k3_sum_05":34.2,"k3_sum_06":20.52,"k3_sum_07":13.68,"k3_sum_08":9.77,"k3_sum_09":8.2,"k3_sum_10":7.6,"k3_sum_11":7.6,"k3_sum_12":8.2,"k3_sum_13":9.77,"k3_sum_14":13.68,"k3_sum_15":20.52,"k3_sum_16":34.2,"k3_sum_17":68.4,"k3_sum_18":205.2,"k3_triple":34}', 1),
  ('lhc_180', '极速六合彩', 1, 180, 30, '{"lhc_te_01":47,"lhc_te_02":47,"lhc_te_03":47,"lhc_te_04":47,"lhc_te_05":47,"lhc_te_06":47,"lhc_te_07":47,"lhc_te_08":47,"lhc_te_09":47,"lhc_te_10":47,"lhc_te_11":47,"lhc_te_12":47,"lhc_te_13":47,"lhc_te_14":47,"lhc_te_15":47,"lhc_te_16":47,"lhc_te_17":47,"lhc_te_18":47,"lhc_te_19":47,"lhc_te_20":47,"lhc_te_21":47,"lhc_te_22":47,"lhc_te_23":47,"lhc_te_24":47,"lhc_te_25":47,"lhc_te_26":47,"lhc_te_27":47,"lhc_te_28":47,"lhc_te_29":47,"lhc_te_30":47,"lhc_te_31":47,"lhc_te_32":47,"lhc_te_33":47,"lhc_te_34":47,"lhc_te_35":47,"lhc_te_36":47,"lhc_te_37":47,"lhc_te_38":47,"lhc_te_39":47,"lhc_te_40":47,"lhc_te_41":47,"lhc_te_42":47,"lhc_te_43":47,"lhc_te_44":47,"lhc_te_45":47,"lhc_te_46":47,"lhc_te_47":47,"lhc_te_48":47,"lhc_te_49":47,"lhc_tm_big":1.96,"lhc_tm_small":1.96,"lhc_tm_odd":1.96,"lhc_tm_even":1.96,"lhc_zm_01":7.9,"lhc_zm_02":7.9,"lhc_zm_03":7.9,"lhc_zm_04":7.9,"lhc_zm_05":7.9,"lhc_zm_06":7.9,"lhc_zm_07":7.9,"lhc_zm_08":7.9,"lhc_zm_09":7.9,"lhc_zm_10":7.9,"lhc_zm_11":7.9,"lhc_zm_12":7.9,"lhc_zm_13":7.9,"lhc_zm_14":7.9,"lhc_zm_15":7.9,"lhc_zm_16":7.9,"lhc_zm_17":7.9,"lhc_zm_18":7.9,"lhc_zm_19":7.9,"lhc_zm_20":7.9,"lhc_zm_21":7.9,"lhc_zm_22":7.9,"lhc_zm_23":7.9,"lhc_zm_24":7.9,"lhc_zm_25":7.9,"lhc_zm_26":7.9,"lhc_zm_27":7.9,"lhc_zm_28":7.9,"lhc_zm_29":7.9,"lhc_zm_30":7.9,"lhc_zm_31":7.9,"lhc_zm_32":7.9,"lhc_zm_33":7.9,"lhc_zm_34":7.9,"lhc_zm_35":7.9,"lhc_zm_36":7.9,"lhc_zm_37":7.9,"lhc_zm_38":7.9,"lhc_zm_39":7.9,"lhc_zm_40":7.9,"lhc_zm_41":7.9,"lhc_zm_42":7.9,"lhc_zm_43":7.9,"lhc_zm_44":7.9,"lhc_zm_45":7.9,"lhc_zm_46":7.9,"lhc_zm_47":7.9,"lhc_zm_48":7.9,"lhc_zm_49":7.9}', 2);
INSERT INTO lottery_rooms (lottery, title, sort) VALUES
  ('k3_60', '新手房', 1), ('k3_60', '高手房', 2), ('k3_60', 'VIP房', 3),
  ('lhc_180', '新手房', 1), ('lhc_180', '高手房', 2), ('lhc_180', 'VIP房', 3);
`;

const lotteryChat = `
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
`;

const loginCaptcha = /* sql */ `
-- Login attempts counted per submitted name (members and staff apart) and failed logins per IP, each
-- under the sha256 of what it counts, with a sliding expiry (LOGIN_CAPTCHA): past a few, the next
-- login needs a captcha. Replaces the hard lock, which let anyone lock any account.
CREATE TABLE login_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits > 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_counters_expiry_idx ON login_counters (expires_at);
ALTER TABLE members DROP COLUMN failed_logins, DROP COLUMN locked_until;
ALTER TABLE staff DROP COLUMN failed_logins, DROP COLUMN locked_until;
`;

const payPassword = /* sql */ `
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
-- The help article seeded before said the payment password starts as the login password.
UPDATE articles SET content = replace(content, '<p><b>支付密码有什么用？</b><br>支付密码用于绑定银行卡、USDT地址以及提交取款申请。请在“我的—安全设置—修改支付密码”中及时修改，切勿与登录密码相同。</p>', '<p><b>支付密码有什么用？</b><br>支付密码用于绑定银行卡、USDT地址以及提交取款申请，是与登录密码分开的另一组密码（6~18位，不能与登录密码相同）。首次绑定银行卡或取款时，系统会引导您设置；之后可在“我的—安全设置—设置支付密码”中修改。连续输错5次将锁定30分钟，并以站内信通知您，如需提前解锁请联系在线客服。</p>'), updated_at = now() WHERE type = 1;
`;

/**
 * The stake headroom a launch brings to the demo venue (issue 27 item 20, venues/adapter.ts
 * StakeHeadroom): one row per player across the venue's codes, replaced by each launch, and every bet
 * held to it in the statement that books it, so stakes recycled from wins cannot pass a member's
 * wager or loss limit within a game.
 */
const venueHeadroom = /* sql */ `
CREATE TABLE demo_venue_headroom (
  player text PRIMARY KEY,
  -- null: no limit of that kind
  wager_fen bigint CHECK (wager_fen >= 0),
  loss_fen bigint CHECK (loss_fen >= 0),
  -- since the launch's feed position: stakes, and stakes − payouts (a win gives room back)
  staked_fen bigint NOT NULL DEFAULT 0,
  lost_fen bigint NOT NULL DEFAULT 0,
  set_at timestamptz NOT NULL DEFAULT now()
);

-- A launch's headroom replaces the player's: the row is locked first (a bet being booked finishes
-- before), then the bets the platform has not read yet (feed_seq after p_after) count against it.
CREATE FUNCTION demo_venue_set_headroom(p_player text, p_wager bigint, p_loss bigint, p_after bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_staked bigint;
  v_lost bigint;
BEGIN
  INSERT INTO demo_venue_headroom (player, wager_fen, loss_fen) VALUES (p_player, p_wager, p_loss)
    ON CONFLICT (player) DO UPDATE SET wager_fen = EXCLUDED.wager_fen, loss_fen = EXCLUDED.loss_fen,
      staked_fen = 0, lost_fen = 0, set_at = now();
  IF p_wager IS NULL AND p_loss IS NULL THEN
    RETURN;
  END IF;
  SELECT COALESCE(SUM(stake_fen), 0), COALESCE(SUM(stake_fen - payout_fen), 0) INTO v_staked, v_lost
    FROM demo_venue_bets WHERE player = p_player AND feed_seq > p_after AND status <> 0;
  UPDATE demo_venue_headroom SET staked_fen = v_staked, lost_fen = v_lost WHERE player = p_player;
END $$;

-- Books one bet (demo_venue_play) within the player's headroom, in one statement: refused (nothing
-- written) with the kind whose headroom the stake would pass and what is left of it; otherwise the
-- new balance (NULL: the balance did not cover the stake) and the stake and loss counted.
CREATE FUNCTION demo_venue_play_within(p_venue text, p_player text, p_bet_id text, p_game text, p_stake bigint, p_payout bigint,
                                       p_valid bigint, p_hedged bigint, p_status smallint, p_detail jsonb, p_match_id text,
                                       OUT balance bigint, OUT refused text, OUT left_fen bigint)
LANGUAGE plpgsql AS $$
DECLARE
  h demo_venue_headroom%ROWTYPE;
  v_held boolean;
  v_wager_left bigint;
  v_loss_left bigint;
BEGIN
  SELECT * INTO h FROM demo_venue_headroom WHERE player = p_player FOR UPDATE;
  v_held := FOUND AND (h.wager_fen IS NOT NULL OR h.loss_fen IS NOT NULL);
  IF v_held THEN
    v_wager_left := CASE WHEN h.wager_fen IS NULL THEN NULL ELSE GREATEST(h.wager_fen - h.staked_fen, 0) END;
    v_loss_left := CASE WHEN h.loss_fen IS NULL THEN NULL ELSE GREATEST(h.loss_fen - h.lost_fen, 0) END;
    IF v_wager_left IS NOT NULL AND p_stake > v_wager_left AND (v_loss_left IS NULL OR p_stake <= v_loss_left OR v_wager_left <= v_loss_left) THEN
      refused := 'wager';
      left_fen := v_wager_left;
      RETURN;
    END IF;
    IF v_loss_left IS NOT NULL AND p_stake > v_loss_left THEN
      refused := 'loss';
      left_fen := v_loss_left;
      RETURN;
    END IF;
  END IF;
  balance := demo_venue_play(p_venue, p_player, p_bet_id, p_game, p_stake, p_payout, p_valid, p_hedged, p_status, p_detail, p_match_id);
  IF v_held AND balance IS NOT NULL THEN
    UPDATE demo_venue_headroom SET staked_fen = staked_fen + p_stake, lost_fen = lost_fen + p_stake - p_payout WHERE player = p_player;
  END IF;
END $$;
`;

/**
 * Deposit orders expire (issue 27 item 19, contract DEPOSIT_EXPIRY): an order of a method with a
 * payment window still pending at the window's end closes as state 3 with expired_at; the sweep finds
 * them by the partial index on pending orders.
 */
const depositExpiry = /* sql */ `
ALTER TABLE deposits ADD COLUMN expired_at timestamptz;
CREATE INDEX deposits_pending_idx ON deposits (created_at) WHERE state = 1;
`;

/**
 * The banks card binding offers (/api/banklist), kept by staff in 支付设置 (modules/payment/banks.ts):
 * the list the platform shipped with as a constant, in its order.
 */
const bankList = /* sql */ `
CREATE TABLE banks (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 40),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO banks (name, sort) VALUES
  ('中国工商银行', 1),
  ('中国建设银行', 2),
  ('中国农业银行', 3),
  ('中国银行', 4),
  ('交通银行', 5),
  ('招商银行', 6),
  ('中国邮政储蓄银行', 7),
  ('中信银行', 8),
  ('中国光大银行', 9),
  ('华夏银行', 10),
  ('中国民生银行', 11),
  ('广发银行', 12),
  ('平安银行', 13),
  ('兴业银行', 14),
  ('上海浦东发展银行', 15),
  ('浙商银行', 16),
  ('渤海银行', 17),
  ('北京银行', 18),
  ('上海银行', 19),
  ('农村信用社', 20);
`;

const hedgedTurnover = /* sql */ `
-- Valid bet = the stake at risk (contract turnover.ts): opposite sides of one round count only their
-- net exposure. Each bet keeps the stake so offset (hedged_fen), and the daily sums add it up, so the
-- console can show a member's hedged share. Ledgers and payouts are unchanged.
ALTER TABLE demo_venue_bets ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= stake_fen);
ALTER TABLE bet_records ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= bet_fen);
ALTER TABLE member_daily_bets ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0);
ALTER TABLE lottery_orders ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= stake_fen);
-- A match's settlement nets each member's bets of the match, settled ones included (matches.ts).
CREATE INDEX demo_venue_bets_match_idx ON demo_venue_bets (match_id) WHERE match_id IS NOT NULL;

-- demo_venue_play and demo_venue_settle with the bet's hedged stake: the same one statement (the
-- 007 functions, then the hedged stake on the row they wrote, in the same call).
CREATE FUNCTION demo_venue_play(p_venue text, p_player text, p_bet_id text, p_game text, p_stake bigint, p_payout bigint,
                                p_valid bigint, p_hedged bigint, p_status smallint, p_detail jsonb, p_match_id text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_balance bigint;
BEGIN
  IF p_hedged < 0 OR p_valid + p_hedged > p_stake THEN
    RAISE EXCEPTION 'demo_venue_play: bad hedged stake';
  END IF;
  v_balance := demo_venue_play(p_venue, p_player, p_bet_id, p_game, p_stake, p_payout, p_valid, p_status, p_detail, p_match_id);
  IF v_balance IS NOT NULL AND p_hedged > 0 THEN
    UPDATE demo_venue_bets SET hedged_fen = p_hedged WHERE bet_id = p_bet_id;
  END IF;
  RETURN v_balance;
END $$;

CREATE FUNCTION demo_venue_settle(p_bet_id text, p_payout bigint, p_valid bigint, p_hedged bigint, p_detail jsonb) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_hedged < 0 THEN
    RAISE EXCEPTION 'demo_venue_settle: bad hedged stake';
  END IF;
  IF NOT demo_venue_settle(p_bet_id, p_payout, p_valid, p_detail) THEN
    RETURN false;
  END IF;
  IF p_hedged > 0 THEN
    UPDATE demo_venue_bets SET hedged_fen = p_hedged WHERE bet_id = p_bet_id;
  END IF;
  RETURN true;
END $$;
`;

const rebate = /* sql */ `
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
-- A day's pass reads the settled bets of a time range across all members.
CREATE INDEX bet_records_settled_bet_at_idx ON bet_records (bet_at) WHERE status = 1;
`;

const vip = /* sql */ `
-- VIP engine (spec §4 VIP rules, §9; DESIGN §8; modules/vip). Every level change is a row here; the
-- rebate engine reads a member's level on a given day from it (the last change before the day's end).
CREATE TABLE vip_history (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  from_level integer NOT NULL,
  to_level integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_history_member_at ON vip_history (member_id, created_at);
-- 晋级礼金: paid once when a member first reaches the level (staff-set, may be 0).
ALTER TABLE vip_tiers ADD COLUMN levelup_bonus_fen bigint NOT NULL DEFAULT 0 CHECK (levelup_bonus_fen >= 0);
UPDATE vip_tiers SET levelup_bonus_fen = (ARRAY[0, 1800, 3800, 8800, 18800, 38800, 88800, 188800, 388800, 888800]::bigint[])[level];
-- The Beijing day of the last level change: at most one change per Beijing day.
ALTER TABLE members ADD COLUMN vip_changed_on date;
-- Start of the current 90-day retention period (reset on every level change, then every 90 days).
ALTER TABLE members ADD COLUMN vip_period_start timestamptz NOT NULL DEFAULT now();
-- The nightly pass looks only at members above VIP1 whose period is over.
CREATE INDEX members_vip_period_idx ON members (vip_period_start) WHERE vip > 1;
`;

const vipHistoryNote = /* sql */ `
-- A manual level change in the console (admin/loyalty) keeps the staff member's reason and who made it;
-- the engine's own rows (promotion, relegation) keep '' and NULL.
ALTER TABLE vip_history ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE vip_history ADD COLUMN staff_id bigint REFERENCES staff(id);
-- The console lists rebate records newest day first, then newest record, a page at a time: an index
-- it walks backwards instead of sorting every record of the range (serves the day filters as before).
DROP INDEX rebate_records_day_idx;
CREATE INDEX rebate_records_day_idx ON rebate_records (day, id);
`;

const promotions = /* sql */ `
-- Promotions (modules/promotions; contract promotions.ts). An activity's rules are one jsonb value of
-- the contract's ActivityRules, validated there on every write: a flat record whose fields depend on
-- the kinds chosen (a threshold only for the windowed eligibilities, a cap only for percent bonuses),
-- which as columns would be mostly NULL with CHECKs repeating the contract. NULL: the activity takes
-- no application (its reward is paid by a feature of its own: VIP level-up bonuses, red packets).
ALTER TABLE activities ADD COLUMN rules jsonb;
-- One application per member, activity and period ('once', the Beijing day, or the ISO week): the
-- unique key is what makes a double submission one application. A rejection is final for its period.
CREATE TABLE activity_applications (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  activity_id integer NOT NULL REFERENCES activities(id),
  period text NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  -- the deposit a percent bonus is computed from (the first, or the latest in the window)
  deposit_id bigint REFERENCES deposits(id),
  -- what approval paid and the turnover requirement it added (0 until approved)
  bonus_fen bigint NOT NULL DEFAULT 0 CHECK (bonus_fen >= 0),
  turnover_fen bigint NOT NULL DEFAULT 0 CHECK (turnover_fen >= 0),
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  journal_id bigint REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, activity_id, period),
  CHECK (state <> 1 OR (journal_id IS NOT NULL AND bonus_fen > 0))
);
-- A deposit backs at most one live application of an activity (a daily rule with a 7-day window would
-- otherwise pay a percent of the same deposit seven times).
CREATE UNIQUE INDEX activity_applications_deposit_key ON activity_applications (activity_id, deposit_id) WHERE deposit_id IS NOT NULL AND state <> 2;
-- the member's log, newest first
CREATE INDEX activity_applications_member_idx ON activity_applications (member_id, id);
-- the staff queue by state (pending first), newest first, and by activity
CREATE INDEX activity_applications_state_idx ON activity_applications (state, id);
CREATE INDEX activity_applications_activity_idx ON activity_applications (activity_id, state, id);
`;

const redPackets = /* sql */ `
-- Red packets (modules/redpacket; contract redpacket.ts). The staff-set rules as one JSON row; no row
-- means the contract's DEFAULT_REDPACKET_RULES.
CREATE TABLE red_packet_rules (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  rules jsonb NOT NULL,
  updated_by bigint REFERENCES staff(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Each Beijing day's budget, opened at the day's first draw (or read) with the rules' budget: a draw
-- moves used_fen up only while it stays within budget_fen, so the day can never pay out more.
CREATE TABLE red_packet_days (
  day date PRIMARY KEY,
  budget_fen bigint NOT NULL CHECK (budget_fen >= 0),
  used_fen bigint NOT NULL DEFAULT 0 CHECK (used_fen >= 0 AND used_fen <= budget_fen),
  draws integer NOT NULL DEFAULT 0 CHECK (draws >= 0)
);
-- One row per draw, numbered 1..n per member and Beijing day: the unique key is what makes a member's
-- draws never exceed what it earned, whatever the concurrency. recharge_fen: the deposits counted.
CREATE TABLE red_packet_draws (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  day date NOT NULL,
  seq smallint NOT NULL CHECK (seq >= 1),
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  recharge_fen bigint NOT NULL DEFAULT 0 CHECK (recharge_fen >= 0),
  journal_id bigint NOT NULL REFERENCES ledger_journals(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, day, seq)
);
-- the console's day view and filters
CREATE INDEX red_packet_draws_day_idx ON red_packet_draws (day, id);
CREATE INDEX red_packet_draws_member_idx ON red_packet_draws (member_id, created_at, id);
-- the counting window's deposits by approval time
CREATE INDEX deposits_member_reviewed_idx ON deposits (member_id, reviewed_at) WHERE state = 2;
`;

const uploads = /* sql */ `
-- Images staff upload for the site (activity banners): kept in the database, not on one instance's
-- disk, so every instance serves them at /uploads/<id>.<ext> (modules/uploads). Immutable: a new
-- image is a new row, so the public path can be cached for ever.
CREATE TABLE uploads (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('png', 'jpeg', 'webp', 'gif')),
  bytes bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 2097152),
  uploaded_by bigint REFERENCES staff(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;

const agentApplications = /* sql */ `
-- Agent applications (modules/agents; contract agents.ts): a member asks to join the partner
-- programme with a mobile number and a reason; staff approve (members.isagent = 1) or reject with a
-- reason. State 0 审核中, 1 已通过, 2 已拒绝.
CREATE TABLE agent_applications (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  mobile text NOT NULL,
  apply_info text NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  -- why it was rejected ('' otherwise)
  reason text NOT NULL DEFAULT '',
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 0) = (reviewed_at IS NULL))
);
-- At most one open application per member, whatever the concurrency: a double submission inserts once.
CREATE UNIQUE INDEX agent_applications_open_key ON agent_applications (member_id) WHERE state = 0;
-- the member's latest application
CREATE INDEX agent_applications_member_idx ON agent_applications (member_id, id);
-- the staff queue by state, in order
CREATE INDEX agent_applications_state_idx ON agent_applications (state, id);
-- When the member became an agent (approval or a staff grant); NULL while not one.
ALTER TABLE members ADD COLUMN agent_since timestamptz;
CREATE INDEX members_agents_idx ON members (id) WHERE isagent = 1;
`;

const invites = /* sql */ `
-- Invitations and the commission plan (modules/invites; contract invites.ts). The staff-set plan as one
-- JSON row, checked by the contract's commissionPlanFailure before it is stored; no row means the
-- contract's DEFAULT_COMMISSION_PLAN.
CREATE TABLE commission_plan (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  plan jsonb NOT NULL,
  updated_by bigint REFERENCES staff(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A member's invitees by join time (the /inviter counters: new today and this month, the friends list
-- newest first); it leads with inviter_id, so the single-column index it replaces is redundant.
CREATE INDEX members_inviter_created_idx ON members (inviter_id, created_at, id);
DROP INDEX members_inviter_idx;
`;

const commission = /* sql */ `
-- Agent commission (modules/commission; contract invites.ts has the plan). One statement per agent and
-- period, kept with the inputs it was computed from; UNIQUE (agent_id, period_start), so a period
-- computed twice (a re-run, two instances) writes and pays once. State 0 待审核, 1 已发放, 2 已拒绝,
-- 3 无佣金 (nothing due). net_loss_fen = −team_win_loss_fen − bonuses_fen; base_fen = net_loss_fen +
-- carried_in_fen (net loss) or valid_fen (turnover); a negative base is the next period's carried_in_fen.
CREATE TABLE commission_statements (
  id bigserial PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES members(id),
  period_start date NOT NULL,
  period_end date NOT NULL,
  model text NOT NULL CHECK (model IN ('net_loss', 'turnover')),
  team_members integer NOT NULL,
  active_members integer NOT NULL,
  valid_fen bigint NOT NULL,
  team_win_loss_fen bigint NOT NULL,
  bonuses_fen bigint NOT NULL,
  net_loss_fen bigint NOT NULL,
  carried_in_fen bigint NOT NULL CHECK (carried_in_fen <= 0),
  base_fen bigint NOT NULL,
  -- the tier reached (1-based, 0: none) and its rate (percent, or yuan per 10,000 of valid bets)
  tier smallint NOT NULL,
  rate numeric(10, 2) NOT NULL,
  -- the agent's own part (its direct team's base × rate)
  own_amount_fen bigint NOT NULL CHECK (own_amount_fen >= 0),
  -- multi-level differentials: [{sub_agent_id, base_fen, rate, sub_rate, amount_fen}]
  differentials jsonb NOT NULL DEFAULT '[]',
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  state smallint NOT NULL CHECK (state IN (0, 1, 2, 3)),
  journal_id bigint REFERENCES ledger_journals(id),
  reviewed_by bigint REFERENCES staff(id),
  reviewed_at timestamptz,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agent_id, period_start),
  CHECK (period_end > period_start),
  CHECK ((state = 1) = (journal_id IS NOT NULL)),
  CHECK ((state = 3) = (amount_fen = 0))
);
-- the console's queue by state, in order
CREATE INDEX commission_statements_state_idx ON commission_statements (state, id);
CREATE INDEX commission_statements_period_idx ON commission_statements (period_start, id);
-- Periods computed (the pass's bookkeeping): a period once here is never computed again.
CREATE TABLE commission_periods (
  period_start date PRIMARY KEY,
  period_end date NOT NULL,
  model text NOT NULL,
  statements integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
`;

// Issue 13 item 4: the agent portal (/agent/). A login ticket (GET /api/getAgentLoginUrl) is stored
// hashed, good once until expires_at; it is traded for a portal session of its own, stored hashed as
// staff sessions are. team_stats keeps a large team's computed figures (the portal's overview, the
// member app's /inviter counters) with when they were computed: served while fresh, recomputed after.
const agentPortal = /* sql */ `
CREATE TABLE agent_tickets (
  ticket_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX agent_tickets_expires_idx ON agent_tickets (expires_at);
CREATE TABLE agent_sessions (
  token_hash text PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX agent_sessions_member_idx ON agent_sessions (member_id) WHERE revoked_at IS NULL;
CREATE TABLE team_stats (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL,
  data jsonb NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind)
);
-- a team's approved withdrawals by time (the portal's figures), as deposits_member_reviewed_idx
CREATE INDEX withdrawals_member_reviewed_idx ON withdrawals (member_id, reviewed_at) WHERE state = 2;
`;

// Issue 14 item 8: staff two-factor sign-in (admin/staff/totp.ts). totp_secret is set once enrolment
// is confirmed by a first code (totp_pending meanwhile); totp_last_step is the time step of the last
// code taken, so a code is good once.
const staffTotp = /* sql */ `
ALTER TABLE staff ADD COLUMN totp_secret text;
ALTER TABLE staff ADD COLUMN totp_pending text;
ALTER TABLE staff ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE staff ADD COLUMN totp_last_step bigint;
`;

// Issue 14 item 3: 站内信 campaigns (admin/mail). A campaign's recipients are the audience's members
// up to upto_id when it was sent; the sender writes them in batches, id order, after_id the last one
// written (moved in the batch's transaction, so each member gets exactly one mail). Reads are counted
// from the mails themselves (mails.campaign_id).
const mailCampaigns = /* sql */ `
CREATE TABLE mail_campaigns (
  id bigserial PRIMARY KEY,
  audience text NOT NULL CHECK (audience IN ('member', 'all', 'vip', 'agents')),
  member_id bigint REFERENCES members(id),
  vip integer,
  audience_label text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'done')),
  total integer NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  batches integer NOT NULL DEFAULT 0,
  upto_id bigint NOT NULL,
  after_id bigint NOT NULL DEFAULT 0,
  staff_id bigint NOT NULL,
  staff_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX mail_campaigns_sending_idx ON mail_campaigns (id) WHERE status = 'sending';
ALTER TABLE mails ADD COLUMN campaign_id bigint REFERENCES mail_campaigns(id);
CREATE INDEX mails_campaign_idx ON mails (campaign_id, read_at) WHERE campaign_id IS NOT NULL;
`;

// Issue 14 item 4: 会员服务 (admin/members/care.ts): staff notes on a member (a timeline, kept) and
// free tags (the whole set replaced at once, at most MEMBER_CARE_LIMITS.tagsMax).
const memberCare = /* sql */ `
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
`;

// Issue 14 items 6 and 10, 数据概览 and 报表: one pre-aggregated row per Beijing day, figure and
// dimension (venue, category, item), filled by an idempotent rollup that recomputes a closed day from
// the raw tables (admin/reports/rollup.ts); the days rolled, so a missing day is rolled on demand;
// each month's distinct active members, so the month's figure stays exact without re-reading a month
// of bets; and the indexes the rollup and today's live figures read by.
const dailyStats = /* sql */ `
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
CREATE INDEX deposits_reviewed_idx ON deposits (reviewed_at) WHERE state = 2;
CREATE INDEX withdrawals_reviewed_idx ON withdrawals (reviewed_at) WHERE state = 2;
CREATE INDEX lottery_orders_created_idx ON lottery_orders (created_at);
CREATE INDEX sessions_created_idx ON sessions (created_at);
CREATE INDEX members_created_idx ON members (created_at);
CREATE INDEX ledger_entries_account_created_idx ON ledger_entries (account_id, created_at);
CREATE INDEX members_trial_idx ON members (id) WHERE is_trial;
`;

// 数据概览 sums each day's figures (every metric but the per-game 'bet' rows, about 40 of a day's
// 1,500) over up to 90 days: by this index it reads those rows alone, not the whole span's bets
// (benchmark (j): the dashboard's p99 had slid to 524 ms against 300).
const dailyStatsFiguresIdx = /* sql */ `
CREATE INDEX daily_stats_figures_idx ON daily_stats (day, metric) WHERE metric <> 'bet';
`;

// Issue 14 item 5: 在线客服 (modules/service-chat, admin/service). A visitor is a device token the
// server issued (kept hashed); a conversation belongs to a member or a visitor, at most one of theirs
// not closed at a time; messages are kept; staff presence is the desk socket's last heartbeat.
const serviceChat = /* sql */ `
CREATE TABLE service_visitors (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  ip text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE service_conversations (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  visitor_id bigint REFERENCES service_visitors(id),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'open', 'closed')),
  staff_id bigint REFERENCES staff(id),
  last_body text NOT NULL DEFAULT '',
  last_sender text,
  last_at timestamptz NOT NULL DEFAULT now(),
  unread_staff int NOT NULL DEFAULT 0,
  unread_member int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((member_id IS NULL) <> (visitor_id IS NULL))
);
CREATE UNIQUE INDEX service_conversations_member_live ON service_conversations (member_id) WHERE state <> 'closed' AND member_id IS NOT NULL;
CREATE UNIQUE INDEX service_conversations_visitor_live ON service_conversations (visitor_id) WHERE state <> 'closed' AND visitor_id IS NOT NULL;
CREATE INDEX service_conversations_state_idx ON service_conversations (state, last_at DESC);
CREATE INDEX service_conversations_member_idx ON service_conversations (member_id, id DESC);
CREATE INDEX service_conversations_visitor_idx ON service_conversations (visitor_id, id DESC);
CREATE TABLE service_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES service_conversations(id),
  sender text NOT NULL CHECK (sender IN ('member', 'staff', 'system')),
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_messages_conversation_idx ON service_messages (conversation_id, id);
CREATE TABLE service_canned_replies (
  id bigserial PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  sort int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE service_staff_presence (
  staff_id bigint PRIMARY KEY REFERENCES staff(id),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO service_canned_replies (title, body, sort) VALUES
  ('问候', '您好，很高兴为您服务，请问有什么可以帮您？', 1),
  ('请提供订单号', '请您提供一下订单号（存款或取款记录中可以查看），我马上为您查询。', 2),
  ('正在处理', '已为您提交加急处理，请您稍等几分钟，到账后会第一时间通知您。', 3),
  ('结束语', '感谢您的耐心等待，如还有其他问题随时联系我们，祝您生活愉快！', 4);
`;

// Issue 14 item 8: a staff member whose password another staff member set (a new account, a reset)
// or that the first start generated must choose its own before anything else.
const staffPasswordChange = `
ALTER TABLE staff ADD COLUMN password_change_due boolean NOT NULL DEFAULT false;
`;

// Issue 14 item 7, 财务工作台: the review threshold of manual adjustments (one row, set by super),
// maker–checker requests (a change one staff member asks for and another approves or rejects; the
// CHECK keeps the maker from being its own checker even past the service), and the TXID of a USDT payout.
const financeDesk = /* sql */ `
CREATE TABLE finance_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  adjust_review_fen bigint NOT NULL DEFAULT 500000 CHECK (adjust_review_fen >= 0),
  updated_by bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO finance_settings (id) VALUES (1);
CREATE TABLE staff_approvals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  target_id bigint,
  payload jsonb NOT NULL,
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  maker_id bigint NOT NULL,
  maker_name text NOT NULL,
  checker_id bigint,
  checker_name text,
  reason text NOT NULL DEFAULT '',
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  request_id text UNIQUE,
  CHECK (checker_id IS NULL OR checker_id <> maker_id)
);
CREATE INDEX staff_approvals_state_idx ON staff_approvals (state, id);
ALTER TABLE withdrawals ADD COLUMN txid text NOT NULL DEFAULT '';
`;

// 六合彩's 生肖, 尾数 and 连码 plays (issue 15): their default odds join every 六合彩 table (a table's own
// entries, had staff set them, win over the defaults), and a 连码 line keeps the numbers it chose.
const lotterySixPlays = `
ALTER TABLE lottery_orders ADD COLUMN picks jsonb;
UPDATE lotteries SET odds = '{"lhc_sx_year":9.4,"lhc_sx_other":11.75,"lhc_ws_0":11.75,"lhc_ws_1":9.4,"lhc_ws_2":9.4,"lhc_ws_3":9.4,"lhc_ws_4":9.4,"lhc_ws_5":9.4,"lhc_ws_6":9.4,"lhc_ws_7":9.4,"lhc_ws_8":9.4,"lhc_ws_9":9.4,"lhc_lm_2":75,"lhc_lm_3":880}'::jsonb || odds
  WHERE type = 1;
`;

// Rooms differ by their own stake limits per line (issue 15 item 2), fen inclusive, set by staff within
// the contract's LOTTERY_STAKE_MIN_YUAN–LOTTERY_STAKE_MAX_YUAN (1–50,000 元): the seeded rooms by tier.
// Staff speak in a room as its host (主持人): such a message is no member's (member_id NULL) and keeps
// who posted it (staff_id); it may run to 500 characters.
const lotteryRoomSettings = `
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
`;

// The hall's 最近在玩 and winners ticker (issue 15 item 3): each member's launched games, newest first
// (one row per game, its last launch); wins of at least RECENT_WIN_MIN_YUAN (100 元, contract) found
// newest first through an index of their own.
const hallHighlights = `
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
`;

// Player protection (issue 16, contract protection.ts): a member's limits (money ones in fen, the
// session one in minutes) with a raise or removal waiting out its cooling-off (pending_value NULL with
// pending_confirmable_at set = remove); time-outs and self-exclusions (ends_at NULL = permanent; the
// one in force is the one ending last); the reality check's interval on the member and its last
// acknowledgement on the login session; the 18+ confirmation's time; and every change's history.
const playerProtection = /* sql */ `
CREATE TABLE protection_limits (
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager', 'session')),
  period text NOT NULL CHECK (period IN ('day', 'week', 'month', 'session')),
  limit_value bigint NOT NULL CHECK (limit_value > 0),
  pending_value bigint CHECK (pending_value > 0),
  pending_confirmable_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK ((kind = 'session') = (period = 'session')),
  CHECK (pending_value IS NULL OR pending_confirmable_at IS NOT NULL)
);
CREATE TABLE protection_blocks (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'exclusion')),
  duration text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX protection_blocks_member_idx ON protection_blocks (member_id, id DESC);
CREATE INDEX protection_blocks_live_idx ON protection_blocks (ends_at);
CREATE TABLE protection_events (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  staff_id bigint REFERENCES staff(id),
  staff_name text,
  text text NOT NULL,
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX protection_events_member_idx ON protection_events (member_id, id DESC);
ALTER TABLE members
  ADD COLUMN reality_minutes smallint NOT NULL DEFAULT 60 CHECK (reality_minutes BETWEEN 15 AND 120),
  ADD COLUMN adult_confirmed_at timestamptz;
ALTER TABLE sessions ADD COLUMN reality_acked_at timestamptz;
`;

const houseShards = `
-- Hot house accounts (issue 17): every stake, payout and bonus of a kind used to lock one house row.
-- A sharded house account has \`shards\` sub-accounts: itself (shard 0) and <code>#1 … #<shards-1>; a
-- journal's entry on it moves the sub-account the journal's shard key picks (ledger/service.ts).
-- \`house\` names the base account of every house account and sub-account, so balances and reports
-- sum over it.
ALTER TABLE ledger_accounts ADD COLUMN house text, ADD COLUMN shards integer NOT NULL DEFAULT 0 CHECK (shards >= 0);
UPDATE ledger_accounts SET house = code WHERE kind = 'house';
CREATE INDEX ledger_accounts_house_idx ON ledger_accounts (house) WHERE house IS NOT NULL;
`;

// The responsible-gambling article (type 8) promised a 7/30/90-day pause through customer service,
// with no login; 安全与健康 (issue 16) is what the platform does. Replaced only where the seeded
// paragraph is still there word for word (an article staff rewrote is left as they wrote it). The new
// text is the seed's RESPONSIBLE_HELP as of this migration.
const responsibleArticle = `
UPDATE articles SET content = replace(content,
  '<p>您可以联系在线客服申请暂停账户（冷静期7天、30天或90天），冷静期内账户将无法登录游戏与存款。我们严禁未满18周岁的人士注册和使用本平台。</p>',
  '<p>您可以在「我的 → 安全与健康」为自己设置每日、每周、每月的存款、亏损和投注限额，以及单次登录的游戏时长：降低限额立即生效，提高或取消限额须等待24小时冷静期，期满后由您确认才生效。</p>
<p>您也可以随时开始冷静期（24小时、7天或30天）或自我排除（6个月、1年、5年或永久）：期间不能存款、转入场馆、游戏或参加活动，不再收到活动通知，登录和提款不受影响，且任何人（包括客服）都不能提前结束。</p>
<p>游戏提醒会按您设定的间隔（15~120分钟，默认60分钟）显示本次登录的游戏时长和输赢，确认后才能继续游戏。我们严禁未满18周岁的人士注册和使用本平台。</p>'), updated_at = now()
WHERE type = 8 AND content LIKE '%冷静期7天、30天或90天%';
`;

// What members see of a staff member (在线客服's greeting, a reply's author): a display name staff set
// in 员工管理, never the login name. A row inserted without one (the first admin, a new staff member
// left unnamed) is named 客服<id>, by the database so every insert path gets it.
const staffDisplayName = `
ALTER TABLE staff ADD COLUMN display_name text NOT NULL DEFAULT '';
UPDATE staff SET display_name = '客服' || id WHERE display_name = '';
CREATE FUNCTION staff_default_display_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.display_name IS NULL OR btrim(NEW.display_name) = '' THEN NEW.display_name := '客服' || NEW.id; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER staff_display_name_default BEFORE INSERT OR UPDATE OF display_name ON staff FOR EACH ROW EXECUTE FUNCTION staff_default_display_name();
`;

/**
 * Where a member's turnover requirement comes from: one row per addition (a deposit 1×, a bonus N×,
 * a rebate, a red packet…) with what is left of it. Valid bets use the oldest first, so the rows'
 * remaining amounts always add up to members.turnover_req_fen; what members owed before this table
 * existed becomes one 'carried' row.
 */
const turnoverSources = `
CREATE TABLE turnover_sources (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 32),
  base_fen bigint NOT NULL CHECK (base_fen >= 0),
  required_fen bigint NOT NULL CHECK (required_fen > 0),
  remaining_fen bigint NOT NULL CHECK (remaining_fen >= 0 AND remaining_fen <= required_fen),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX turnover_sources_open ON turnover_sources (member_id, id) WHERE remaining_fen > 0;
INSERT INTO turnover_sources (member_id, kind, base_fen, required_fen, remaining_fen)
  SELECT id, 'carried', turnover_req_fen, turnover_req_fen, turnover_req_fen FROM members WHERE turnover_req_fen > 0;
`;

/**
 * A lottery's change of timing (interval, ftime) takes over after a round boundary, not at once: the
 * timing it replaced and where the new one starts (ScheduleChange in modules/lottery/settings.ts).
 */
const lotteryScheduleChange = `
ALTER TABLE lotteries ADD COLUMN schedule_change jsonb;
`;

export const migrations: Migration[] = [
  { id: '001_foundation', sql: foundation },
  { id: '002_cards_and_payment', sql: cardsAndPayment },
  { id: '003_wallet', sql: wallet },
  { id: '004_demo_venue', sql: demoVenue },
  { id: '005_demo_pay_images', sql: demoPayImages },
  { id: '006_games', sql: games },
  { id: '007_demo_venue_play', sql: demoVenuePlay },
  { id: '008_lottery', sql: lottery },
  { id: '009_lottery_chat', sql: lotteryChat },
  { id: '010_login_captcha', sql: loginCaptcha },
  { id: '011_pay_password', sql: payPassword },
  { id: '012_hedged_turnover', sql: hedgedTurnover },
  { id: '013_vip', sql: vip },
  { id: '014_rebate', sql: rebate },
  { id: '015_vip_history_note', sql: vipHistoryNote },
  { id: '016_promotions', sql: promotions },
  { id: '017_red_packets', sql: redPackets },
  { id: '019_uploads', sql: uploads },
  { id: '020_agent_applications', sql: agentApplications },
  { id: '021_invites', sql: invites },
  { id: '022_commission', sql: commission },
  { id: '023_agent_portal', sql: agentPortal },
  { id: '026_staff_totp', sql: staffTotp },
  { id: '027_mail_campaigns', sql: mailCampaigns },
  { id: '028_member_care', sql: memberCare },
  { id: '029_daily_stats', sql: dailyStats },
  // placed beside the table it serves; it runs after the migrations above on an existing database
  { id: '047r_daily_stats_figures_idx', sql: dailyStatsFiguresIdx },
  { id: '030_service_chat', sql: serviceChat },
  { id: '033_staff_password_change', sql: staffPasswordChange },
  { id: '032_finance_desk', sql: financeDesk },
  { id: '034_lottery_six_plays', sql: lotterySixPlays },
  { id: '035_lottery_room_settings', sql: lotteryRoomSettings },
  { id: '036_hall_highlights', sql: hallHighlights },
  { id: '037_player_protection', sql: playerProtection },
  { id: '039_house_shards', sql: houseShards },
  { id: '040_responsible_article', sql: responsibleArticle },
  { id: '041_staff_display_name', sql: staffDisplayName },
  { id: '044_turnover_sources', sql: turnoverSources },
  { id: '042a_lottery_schedule_change', sql: lotteryScheduleChange },
  { id: '045v_venue_headroom', sql: venueHeadroom },
  { id: '046b_bank_list', sql: bankList },
  { id: '045d_deposit_expiry', sql: depositExpiry },
];
