import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../db/columns.js';

/** The tables venue-demo owns: only it writes them (scripts/check-tables.mjs). */
export interface DemoVenueTables {
  // The built-in demo venue's own store: only src/venue-demo touches these.
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
  demo_venue_launches: { nonce: string; player: string; venue: string; game: string; used_at: Timestamp };
  demo_venue_sessions: { token_hash: string; player: string; venue: string; game: string; created_at: Timestamp; last_seen_at: Timestamp; wallet_token: string | null };
  /** Rounds played in seamless mode: the money moved at the platform's wallet, the round's outcome here. */
  demo_venue_seamless_rounds: {
    id: Generated<number>;
    round: string;
    venue: string;
    player: string;
    game: string;
    wallet_token: string;
    stake_fen: number;
    payout_fen: number;
    state: Generated<'open' | 'settled' | 'refused' | 'rolled_back'>;
    detail: ColumnType<unknown, string, string>;
    created_at: Timestamp;
    settled_at: NullableTimestamp;
  };
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
}
