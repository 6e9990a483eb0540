// Migrations of the tables venue-demo/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../db/migration.js';

/**
 * The built-in demo venue's own wallet (DESIGN §6): a separate provider's double-entry store that
 * happens to live in the same database. Only src/venue-demo reads or writes these tables; the
 * platform reaches them through the venue adapter, never by SQL.
 */
export const demoVenueWallet: Migration = {
  id: '020_demo_venue_wallet',
  was: '004_demo_venue',
  sql: /* sql */ `
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
`,
};

/**
 * The demo venue's side of play: launch nonces, play sessions, its bets (with a feed sequence the
 * platform reads after) and the results of its virtual matches.
 */
export const demoVenueGames: Migration = {
  id: '024_demo_venue_games',
  was: '006_games',
  sql: /* sql */ `
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
`,
};

/**
 * The demo venue's bets as single statements: a bet is its stake, its payout and its row in one
 * commit, so a bet can never be half-booked and concurrent bets never take a wallet below zero.
 */
export const demoVenuePlay: Migration = {
  id: '025_demo_venue_play',
  was: '007_demo_venue_play',
  sql: /* sql */ `
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
`,
};

/** The demo venue's bets keep the stake opposite sides of a round offset, booked in the same statement. */
export const demoVenueHedged: Migration = {
  id: '034_demo_venue_hedged',
  was: '012_hedged_turnover',
  sql: /* sql */ `
-- Valid bet = the stake at risk (contract turnover.ts): opposite sides of one round count only their
-- net exposure. Each bet keeps the stake so offset (hedged_fen), and the daily sums add it up, so the
-- console can show a member's hedged share. Ledgers and payouts are unchanged.
ALTER TABLE demo_venue_bets ADD COLUMN hedged_fen bigint NOT NULL DEFAULT 0 CHECK (hedged_fen >= 0 AND hedged_fen <= stake_fen);
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
`,
};

/**
 * The stake headroom a launch brings to the demo venue (venues/adapter.ts StakeHeadroom): one row per
 * player across the venue's codes, replaced by each launch, and every bet held to it in the statement
 * that books it, so stakes recycled from wins cannot pass a member's wager or loss limit within a game.
 */
export const demoVenueHeadroom: Migration = {
  id: '080_demo_venue_headroom',
  was: '045v_venue_headroom',
  sql: /* sql */ `
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
`,
};

/**
 * The demo venue as a seamless provider: a play session launched with a wallet token spends the
 * platform's central wallet (its seamless wallet) instead of the venue's books, and its rounds are
 * kept here, apart from the transfer-mode bets (no feed: the platform records them from the wallet).
 */
export const demoVenueSeamless: Migration = {
  id: '092_demo_venue_seamless',
  sql: /* sql */ `
ALTER TABLE demo_venue_sessions ADD COLUMN wallet_token text;
CREATE TABLE demo_venue_seamless_rounds (
  id bigserial PRIMARY KEY,
  round text NOT NULL UNIQUE,
  venue text NOT NULL,
  player text NOT NULL,
  game text NOT NULL,
  wallet_token text NOT NULL,
  stake_fen bigint NOT NULL CHECK (stake_fen > 0),
  payout_fen bigint NOT NULL CHECK (payout_fen >= 0),
  -- open: the bet is being placed or the win not yet answered; settled; refused (no money moved); rolled_back
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'refused', 'rolled_back')),
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX demo_venue_seamless_rounds_player ON demo_venue_seamless_rounds (player, venue, id DESC);
CREATE INDEX demo_venue_seamless_rounds_open ON demo_venue_seamless_rounds (created_at) WHERE state = 'open';
`,
};
