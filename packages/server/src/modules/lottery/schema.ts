import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/lottery owns: only it writes them (scripts/check-tables.mjs). */
export interface LotteryTables {
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
}
