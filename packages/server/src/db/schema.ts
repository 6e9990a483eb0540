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
    failed_logins: Generated<number>;
    locked_until: NullableTimestamp;
    register_ip: Generated<string>;
    last_login_at: NullableTimestamp;
    last_login_ip: Generated<string>;
    created_at: Timestamp;
  };
  sessions: {
    token_hash: string;
    member_id: number;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: Generated<string>;
    user_agent: Generated<string>;
  };
  captchas: { id: string; answer: string; expires_at: Timestamp; used_at: NullableTimestamp };
  banners: { id: Generated<number>; type: Generated<number>; src: string; url: Generated<string>; sort: Generated<number>; enabled: Generated<boolean> };
  notices: { id: Generated<number>; title: string; content: string; on_home: Generated<boolean>; enabled: Generated<boolean>; created_at: Timestamp };
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
  };
  mails: { id: Generated<number>; member_id: number; title: string; content: string; read_at: NullableTimestamp; created_at: Timestamp };
  ledger_accounts: {
    id: Generated<number>;
    code: string;
    kind: string;
    member_id: number | null;
    allow_negative: Generated<boolean>;
    balance_fen: Generated<number>;
    updated_at: Timestamp;
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
  schema_migrations: { id: string; applied_at: Timestamp };
}
