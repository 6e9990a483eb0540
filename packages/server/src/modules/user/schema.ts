import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/user owns: only it writes them (scripts/check-tables.mjs). */
export interface UserTables {
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
    inviter_id: number | null;
    is_trial: Generated<boolean>;
    state: Generated<number>;
    register_ip: Generated<string>;
    last_login_at: NullableTimestamp;
    last_login_ip: Generated<string>;
    created_at: Timestamp;
    adult_confirmed_at: NullableTimestamp;
  };
  pay_password_guards: { member_id: number; failures: Generated<number>; in_flight: Generated<number>; window_started_at: Generated<Date>; locked_until: NullableTimestamp };
  member_notes: { id: Generated<number>; member_id: number; body: string; staff_id: number; staff_name: string; created_at: Generated<Date> };
  member_tags: { member_id: number; tag: string; created_at: Generated<Date> };
}

/** A member's own account columns as member_figures carries them: all but the login password's hash. */
type MemberAccount = Omit<UserTables['members'], 'id' | 'password_hash'>;

/**
 * The views modules/user defines. member_figures: every member's figures, each read from the table of
 * the module that decides it, with a missing row's default, beside the member's own account columns.
 * Whoever reads several figures reads them here.
 */
export interface UserViews {
  member_figures: MemberAccount & {
    member_id: number;
    vip: number;
    vip_changed_on: string | null;
    vip_period_start: Date;
    paysum_fen: number;
    flow_fen: number;
    turnover_req_fen: number;
    transferstatus: number;
    isagent: number;
    agent_since: Date | null;
  };
}
