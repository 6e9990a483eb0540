import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/games owns: only it writes them (scripts/check-tables.mjs). */
export interface GamesTables {
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
}
