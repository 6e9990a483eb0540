import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../db/columns.js';

/** The tables modules/providers owns: only it writes them (scripts/check-tables.mjs). */
export interface ProvidersTables {
  /**
   * Game providers and how the platform talks to them. Keys are AES-256-GCM ciphertexts (secrets.ts);
   * during a rotation the previous key is accepted until previous_key_until.
   */
  game_providers: {
    id: Generated<number>;
    code: string;
    name: string;
    /** 'transfer' | 'seamless' */
    mode: string;
    base_url: string;
    merchant_id: string;
    key_enc: string;
    previous_key_enc: string | null;
    previous_key_until: NullableTimestamp;
    timeout_ms: number;
    /** hall categories its games count under (JSON array of GameCategory) */
    categories: Generated<string[]>;
    /** venue codes it serves (JSON array) */
    venues: Generated<string[]>;
    /** 'on' | 'off' | 'maintenance' */
    state: Generated<string>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Signature nonces seen from providers, each kept until it could no longer be fresh (shared by every instance). */
  provider_nonces: { merchant_id: string; nonce: string; expires_at: Timestamp };
  /** Each answered seamless request by (provider, request_uuid): a repeat gets this text again. */
  seamless_requests: { provider_id: number; request_uuid: string; response: string; created_at: Generated<Date> };
  /**
   * Each bet, win and rollback by (provider, transaction_uuid), unique forever; a rollback of a bet
   * never seen leaves a tombstone row (kind 'bet', tombstone true) that refuses the late bet.
   */
  seamless_transactions: {
    id: Generated<number>;
    provider_id: number;
    transaction_uuid: string;
    /** 'bet' | 'win' | 'rollback' */
    kind: string;
    member_id: number;
    venue: string;
    game_code: string;
    round: string;
    amount_fen: number;
    /** the bet a win pays or a rollback undoes */
    reference_uuid: string | null;
    /** a bet: rolled back (by a rollback, or a tombstone before it came) */
    rolled_back: Generated<boolean>;
    tombstone: Generated<boolean>;
    /** the answer's body without request_uuid: a same-content repeat answers it again */
    result: string;
    created_at: Generated<Date>;
  };
  /**
   * Each provider's calls by minute (health.ts): every instance adds its own counts to the row of
   * (provider, minute), so the rows hold every instance's sum. `buckets` counts calls by time in the
   * fixed log buckets of health.ts, so a percentile can be read from several rows added together.
   */
  provider_call_minutes: {
    /** the provider's code */
    provider: string;
    minute: Timestamp;
    calls: number;
    errors: number;
    buckets: number[];
    last_error_at: NullableTimestamp;
    last_error: string | null;
  };
}
