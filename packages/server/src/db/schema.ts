import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface Database {
  site_settings: { key: string; value: Json<unknown>; updated_at: Timestamp };
  members: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    pay_password_hash: string;
    pay_password_state: Generated<number>;
    realname: Generated<string>;
    avatar: Generated<string>;
    mobile: Generated<string>;
    email: Generated<string>;
    birthday: Generated<string>;
    vip: Generated<number>;
    paysum_fen: Generated<number>;
    isagent: Generated<number>;
    transferstatus: Generated<number>;
    inviter_id: number | null;
    is_trial: Generated<boolean>;
    state: Generated<number>;
    register_ip: Generated<string>;
    last_login_at: NullableTimestamp;
    last_login_ip: Generated<string>;
    turnover_req_fen: Generated<number>;
    agent_since: NullableTimestamp;
    flow_fen: Generated<number>;
    created_at: Timestamp;
    vip_changed_on: ColumnType<string | null, string | null | undefined, string | null>;
    vip_period_start: Generated<Date>;
    reality_minutes: Generated<number>;
    adult_confirmed_at: NullableTimestamp;
  };
  sessions: {
    token_hash: string;
    member_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: Generated<string>;
    user_agent: Generated<string>;
    reality_acked_at: NullableTimestamp;
  };
  pay_password_guards: { member_id: number; failures: Generated<number>; in_flight: Generated<number>; window_started_at: Generated<Date>; locked_until: NullableTimestamp };
  captchas: { id: string; answer: string; expires_at: Timestamp; used_at: NullableTimestamp };
  login_counters: { key: string; hits: number; expires_at: Timestamp };
  banners: { id: Generated<number>; type: Generated<number>; src: string; url: Generated<string>; sort: Generated<number>; enabled: Generated<boolean> };
  notices: { id: Generated<number>; title: string; content: string; on_home: Generated<boolean>; enabled: Generated<boolean>; created_at: Timestamp };
  member_recent_games: { member_id: number; plat_name: string; game_code: string; game_type: string; name: string; image: string; last_at: Timestamp };
  game_entries: {
    id: Generated<number>;
    category_id: string;
    platform_name: string;
    game_code: string;
    name: string;
    image: string;
    app_state: Generated<number>;
    sort: Generated<number>;
  };
  activity_types: { id: Generated<number>; name: string; sort: Generated<number> };
  activities: {
    id: Generated<number>;
    type_id: number;
    banner: string;
    title: string;
    content: string;
    memo: Generated<string>;
    enabled: Generated<boolean>;
    sort: Generated<number>;
    created_at: Timestamp;
    // the contract's ActivityRules (migration 016), NULL when the activity takes no application
    rules: ColumnType<unknown, string | null | undefined, string | null>;
  };
  activity_applications: {
    id: Generated<number>;
    member_id: number;
    activity_id: number;
    period: string;
    state: Generated<number>;
    deposit_id: number | null;
    bonus_fen: Generated<number>;
    turnover_fen: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    journal_id: number | null;
    created_at: Generated<Date>;
  };
  articles: { type: number; title: string; content: string; updated_at: Timestamp };
  vip_tiers: {
    level: number;
    name: string;
    recharge_fen: number;
    flow_fen: number;
    retention_flow_fen: number;
    realperson_bp: number;
    sport_bp: number;
    e_sport_bp: number;
    joker_bp: number;
    electron_bp: number;
    lottery_bp: number;
    levelup_bonus_fen: Generated<number>;
  };
  vip_history: {
    id: Generated<number>;
    member_id: number;
    from_level: number;
    to_level: number;
    reason: string;
    // a manual change's reason and the staff member who made it ('' and null for the engine's rows)
    note: Generated<string>;
    staff_id: number | null;
    created_at: Generated<Date>;
  };
  mails: { id: Generated<number>; member_id: number; title: string; content: string; read_at: NullableTimestamp; created_at: Timestamp; campaign_id: Generated<number | null> };
  member_notes: { id: Generated<number>; member_id: number; body: string; staff_id: number; staff_name: string; created_at: Generated<Date> };
  member_tags: { member_id: number; tag: string; created_at: Generated<Date> };
  mail_campaigns: {
    id: Generated<number>;
    audience: string;
    member_id: number | null;
    vip: number | null;
    audience_label: string;
    title: string;
    content: string;
    status: Generated<string>;
    total: number;
    sent: Generated<number>;
    batches: Generated<number>;
    upto_id: number;
    after_id: Generated<number>;
    staff_id: number;
    staff_name: string;
    created_at: Generated<Date>;
    finished_at: NullableTimestamp;
  };
  ledger_accounts: {
    id: Generated<number>;
    code: string;
    kind: string;
    member_id: number | null;
    allow_negative: Generated<boolean>;
    balance_fen: Generated<number>;
    updated_at: Timestamp;
    /** the base house account's code, on house accounts and their shards; null on the others */
    house: string | null;
    /** sub-accounts of a sharded house account (0: not sharded) */
    shards: Generated<number>;
  };
  ledger_journals: { id: Generated<number>; idem_key: string; kind: string; memo: Generated<string>; created_at: Timestamp };
  ledger_entries: { id: Generated<number>; journal_id: number; account_id: number; amount_fen: number; created_at: Timestamp };
  member_cards: {
    id: Generated<number>;
    member_id: number;
    type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: Generated<string>;
    created_at: Timestamp;
    deleted_at: NullableTimestamp;
  };
  pay_methods: { code: string; enabled: Generated<boolean>; min_fen: number; max_fen: number };
  banks: { id: Generated<number>; name: string; enabled: Generated<boolean>; sort: number; created_at: Generated<Timestamp> };
  receiving_accounts: {
    id: Generated<number>;
    method: string;
    bank_name: Generated<string>;
    bank_no: Generated<string>;
    bank_owner: Generated<string>;
    bank_address: Generated<string>;
    mch_id: Generated<string>;
    content: Generated<string>;
    payimg: Generated<string>;
    enabled: Generated<boolean>;
    sort: Generated<number>;
  };
  deposits: {
    id: Generated<number>;
    deposit_no: string;
    member_id: number;
    method: string;
    amount_fen: number;
    usdt_rate_e4: Generated<number>;
    usdt_cents: Generated<number>;
    receiving_account_id: number | null;
    payer_name: Generated<string>;
    payer_bank: Generated<string>;
    payer_bank_no: Generated<string>;
    payer_bank_address: Generated<string>;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    journal_id: number | null;
    created_at: Timestamp;
    expired_at: NullableTimestamp;
  };
  withdrawals: {
    id: Generated<number>;
    withdraw_no: string;
    member_id: number;
    card_id: number;
    card_type: number;
    bank: string;
    bank_owner: string;
    bank_no: string;
    bank_address: Generated<string>;
    amount_fen: number;
    usdt_rate_e4: Generated<number>;
    usdt_cents: Generated<number>;
    fee_usdt_cents: Generated<number>;
    arrival_usdt_cents: Generated<number>;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    hold_journal_id: number | null;
    settle_journal_id: number | null;
    /** a USDT payout's transaction hash, given at approval */
    txid: Generated<string>;
    created_at: Timestamp;
  };
  venues: { code: string; name: string; adapter: Generated<string>; enabled: Generated<boolean>; sort: Generated<number> };
  transfers: {
    id: Generated<number>;
    order_no: string;
    member_id: number;
    venue: string;
    direction: number;
    amount_fen: number;
    state: Generated<number>;
    error: Generated<string>;
    attempts: Generated<number>;
    created_at: Timestamp;
    settled_at: NullableTimestamp;
  };
  staff: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    role: string;
    state: Generated<number>;
    last_login_at: NullableTimestamp;
    last_login_ip: Generated<string>;
    created_at: Timestamp;
    totp_secret: string | null;
    totp_pending: string | null;
    totp_enabled_at: NullableTimestamp;
    totp_last_step: number | null;
    /** set by another staff member (created, reset) or generated: the owner changes it first */
    password_change_due: Generated<boolean>;
    /** what members see (在线客服); 客服<id> when left empty (a trigger sets it) */
    display_name: Generated<string>;
  };
  service_visitors: {
    id: Generated<number>;
    token_hash: string;
    ip: Generated<string>;
    created_at: Timestamp;
    last_seen_at: Timestamp;
  };
  service_conversations: {
    id: Generated<number>;
    member_id: number | null;
    visitor_id: number | null;
    state: Generated<'waiting' | 'open' | 'closed'>;
    staff_id: number | null;
    last_body: Generated<string>;
    last_sender: string | null;
    last_at: Timestamp;
    unread_staff: Generated<number>;
    unread_member: Generated<number>;
    created_at: Timestamp;
    closed_at: NullableTimestamp;
  };
  service_messages: {
    id: Generated<number>;
    conversation_id: number;
    sender: 'member' | 'staff' | 'system';
    staff_id: number | null;
    staff_name: string | null;
    body: string;
    created_at: Timestamp;
  };
  service_canned_replies: {
    id: Generated<number>;
    title: string;
    body: string;
    sort: Generated<number>;
    created_at: Timestamp;
  };
  service_staff_presence: {
    staff_id: number;
    last_seen_at: Timestamp;
  };
  staff_sessions: {
    token_hash: string;
    staff_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: Generated<string>;
  };
  finance_settings: { id: Generated<number>; adjust_review_fen: Generated<number>; updated_by: number | null; updated_at: Generated<Date> };
  staff_approvals: {
    id: Generated<number>;
    kind: string;
    target_id: number | null;
    payload: Json<unknown>;
    state: Generated<number>;
    maker_id: number;
    maker_name: string;
    checker_id: number | null;
    checker_name: string | null;
    reason: Generated<string>;
    result: Json<unknown> | null;
    created_at: Generated<Date>;
    decided_at: NullableTimestamp;
    request_id: string | null;
  };
  audit_log: {
    id: Generated<number>;
    staff_id: number | null;
    staff_name: string;
    action: string;
    target: Generated<string>;
    before: Json<unknown> | null;
    after: Json<unknown> | null;
    ip: Generated<string>;
    created_at: Timestamp;
  };
  // The built-in demo venue's own store (migration 004): only src/venue-demo touches these.
  demo_venue_accounts: {
    id: Generated<number>;
    venue: string;
    player: string;
    kind: 'player' | 'house';
    balance_fen: Generated<number>;
    updated_at: Timestamp;
  };
  demo_venue_transactions: {
    id: Generated<number>;
    venue: string;
    ref: string;
    kind: string;
    state: 'applied' | 'voided';
    reason: Generated<string>;
    created_at: Timestamp;
  };
  demo_venue_entries: { id: Generated<number>; transaction_id: number; account_id: number; amount_fen: number };
  bet_records: {
    id: Generated<number>;
    venue: string;
    bet_id: string;
    member_id: number;
    game_code: string;
    game_name: string;
    category: string;
    bet_fen: number;
    valid_fen: Generated<number>;
    // stake offset by opposite sides of the same round (contract netRoundLines)
    hedged_fen: Generated<number>;
    win_loss_fen: Generated<number>;
    status: number;
    detail: Generated<string>;
    bet_at: Timestamp;
    settled_at: NullableTimestamp;
    counted: Generated<boolean>;
  };
  member_daily_bets: {
    member_id: number;
    day: ColumnType<string, string, string>;
    category: string;
    bets: Generated<number>;
    bet_fen: Generated<number>;
    valid_fen: Generated<number>;
    // stake offset by opposite sides of the same round (contract netRoundLines)
    hedged_fen: Generated<number>;
    win_loss_fen: Generated<number>;
  };
  bet_feed_cursors: { adapter: string; cursor: Generated<number>; updated_at: Timestamp };
  demo_venue_launches: { nonce: string; player: string; venue: string; game: string; used_at: Timestamp };
  demo_venue_sessions: { token_hash: string; player: string; venue: string; game: string; created_at: Timestamp; last_seen_at: Timestamp };
  demo_venue_headroom: { player: string; wager_fen: number | null; loss_fen: number | null; staked_fen: Generated<number>; lost_fen: Generated<number>; set_at: Generated<Timestamp> };
  demo_venue_bets: {
    id: Generated<number>;
    bet_id: string;
    venue: string;
    player: string;
    game: string;
    stake_fen: number;
    payout_fen: Generated<number>;
    valid_fen: Generated<number>;
    // stake offset by opposite sides of the same round (contract netRoundLines)
    hedged_fen: Generated<number>;
    status: number;
    detail: ColumnType<unknown, string | undefined, string>;
    match_id: string | null;
    feed_seq: Generated<number>;
    created_at: Timestamp;
    settled_at: NullableTimestamp;
  };
  demo_venue_match_results: { sport: string; match_id: string; result: ColumnType<unknown, string, string>; drawn_at: Timestamp; settled_at: NullableTimestamp };
  lotteries: {
    code: string;
    title: string;
    type: number;
    interval_s: number;
    ftime_s: number;
    odds: Json<Record<string, number>>;
    icon: Generated<string>;
    enabled: Generated<boolean>;
    sort: Generated<number>;
    /** the timing interval_s/ftime_s replaced and where they took over (modules/lottery/settings.ts), NULL when never changed */
    schedule_change: ColumnType<unknown, string | null | undefined, string | null>;
  };
  lottery_rooms: {
    id: Generated<number>;
    lottery: string;
    title: string;
    sort: Generated<number>;
    enabled: Generated<boolean>;
    /** the room's own stake per line, fen inclusive, within LOTTERY_STAKE_MIN_YUAN–LOTTERY_STAKE_MAX_YUAN */
    min_stake_fen: Generated<number>;
    max_stake_fen: Generated<number>;
  };
  lottery_rounds: {
    lottery: string;
    expect: string;
    seed: string;
    commitment: string;
    draw_at: Timestamp;
    result: ColumnType<number[] | null, string | null | undefined, string | null>;
    drawn_at: NullableTimestamp;
    settled_at: NullableTimestamp;
    created_at: Generated<Date>;
  };
  lottery_orders: {
    id: Generated<number>;
    order_no: string;
    line: number;
    member_id: number;
    room_id: number;
    lottery: string;
    expect: string;
    play_id: string;
    // 连码: the numbers the line chose, ascending (contract checkPicks); null for every other play
    picks: ColumnType<number[] | null, string | null | undefined, string | null>;
    odds_cents: number;
    stake_fen: number;
    payout_fen: Generated<number>;
    valid_fen: Generated<number>;
    // stake offset by opposite sides of the same round (contract netRoundLines)
    hedged_fen: Generated<number>;
    status: Generated<number>;
    stake_journal_id: number;
    payout_journal_id: number | null;
    created_at: Generated<Date>;
    settled_at: NullableTimestamp;
  };
  lottery_chat: {
    id: Generated<number>;
    room_id: number;
    /** null for a host message (kind 'host', which staff_id posted) */
    member_id: number | null;
    kind: 'chat' | 'bet' | 'host';
    staff_id: number | null;
    author: string;
    avatar: Generated<string>;
    content: string;
    bet: ColumnType<{ expect: string; lines: { playtitle: string; total: number }[] } | null, string | null | undefined, string | null>;
    order_no: string | null;
    created_at: Generated<Date>;
    deleted_at: NullableTimestamp;
    deleted_by: number | null;
  };
  lottery_mutes: { member_id: number; until: NullableTimestamp; reason: string; staff_id: number; created_at: Generated<Date> };
  red_packet_rules: { id: Generated<number>; rules: Json<unknown>; updated_by: number | null; updated_at: Generated<Date> };
  red_packet_days: { day: string; budget_fen: number; used_fen: Generated<number>; draws: Generated<number> };
  red_packet_draws: {
    id: Generated<number>;
    member_id: number;
    day: string;
    seq: number;
    amount_fen: number;
    recharge_fen: Generated<number>;
    journal_id: number;
    created_at: Generated<Date>;
  };
  uploads: { id: Generated<number>; kind: string; bytes: Uint8Array; uploaded_by: number | null; created_at: Generated<Date> };
  agent_applications: {
    id: Generated<number>;
    member_id: number;
    mobile: string;
    apply_info: string;
    state: Generated<number>;
    reason: Generated<string>;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    created_at: Generated<Date>;
  };
  commission_plan: { id: Generated<number>; plan: Json<unknown>; updated_by: number | null; updated_at: Generated<Date> };
  commission_statements: {
    id: Generated<number>;
    agent_id: number;
    period_start: ColumnType<string, string, string>;
    period_end: ColumnType<string, string, string>;
    model: string;
    team_members: number;
    active_members: number;
    valid_fen: number;
    team_win_loss_fen: number;
    bonuses_fen: number;
    net_loss_fen: number;
    carried_in_fen: number;
    base_fen: number;
    tier: number;
    rate: ColumnType<string, string | number, string | number>;
    own_amount_fen: number;
    differentials: Json<unknown>;
    amount_fen: number;
    state: number;
    journal_id: number | null;
    reviewed_by: number | null;
    reviewed_at: NullableTimestamp;
    reason: Generated<string>;
    created_at: Generated<Date>;
  };
  agent_tickets: { ticket_hash: string; member_id: number; expires_at: Timestamp; used_at: NullableTimestamp };
  agent_sessions: { token_hash: string; member_id: number; ip: Generated<string>; created_at: Generated<Date>; last_seen_at: Generated<Date>; revoked_at: NullableTimestamp };
  team_stats: { member_id: number; kind: string; data: Json<unknown>; computed_at: Timestamp };
  commission_periods: { period_start: ColumnType<string, string, string>; period_end: ColumnType<string, string, string>; model: string; statements: number; computed_at: Generated<Date> };
  // 数据概览 and 报表 (migration 029, admin/reports): pre-aggregated closed days
  daily_stats: {
    day: ColumnType<string, string, string>;
    metric: string;
    venue: Generated<string>;
    category: Generated<string>;
    item: Generated<string>;
    n: Generated<number>;
    a_fen: Generated<number>;
    b_fen: Generated<number>;
    c_fen: Generated<number>;
    label: Generated<string>;
  };
  daily_stats_days: { day: ColumnType<string, string, string>; rolled_at: Generated<Date> };
  active_member_months: { month: ColumnType<string, string, string>; member_id: number };
  schema_migrations: { id: string; applied_at: Timestamp };
  // player protection (issue 16): money limits in fen, the session limit in minutes
  protection_limits: {
    member_id: number;
    kind: string;
    period: string;
    limit_value: number;
    pending_value: number | null;
    pending_confirmable_at: NullableTimestamp;
    updated_at: Generated<Date>;
  };
  protection_blocks: {
    id: Generated<number>;
    member_id: number;
    kind: string;
    duration: string;
    started_at: Timestamp;
    ends_at: NullableTimestamp;
    staff_id: number | null;
    staff_name: string | null;
    reason: Generated<string>;
  };
  protection_events: { id: Generated<number>; member_id: number; staff_id: number | null; staff_name: string | null; text: string; reason: Generated<string>; created_at: Generated<Date> };
  turnover_sources: {
    id: Generated<number>;
    member_id: number;
    kind: string;
    base_fen: number;
    required_fen: number;
    remaining_fen: number;
    created_at: Generated<Date>;
  };
}
