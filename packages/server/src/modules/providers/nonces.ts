import type { NonceStore } from '@app/provider-kit';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';

/**
 * Signature nonces in the database (table provider_nonces), so every instance behind the load
 * balancer sees every other's: a nonce is claimed by one statement (inserted, or taking the place of
 * an expired row of the same value), and a second claim within its time finds it taken. Expired rows
 * are swept by whichever instance claims a nonce after SWEEP_EVERY_MS since its last sweep, a bounded
 * number at a time. The database rather than Redis: it is always there (PGlite included), the
 * request already talks to it, and a claim is one indexed statement.
 */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_MAX_ROWS = 5_000;

export function databaseNonceStore(db: Kdb): NonceStore {
  let sweptAtMs = 0;
  return {
    async claim(merchant, nonce, ttlS) {
      const now = Date.now();
      if (now - sweptAtMs > SWEEP_EVERY_MS) {
        sweptAtMs = now;
        await sql`DELETE FROM provider_nonces WHERE ctid IN (SELECT ctid FROM provider_nonces WHERE expires_at < now() LIMIT ${SWEEP_MAX_ROWS})`.execute(db);
      }
      const r = await sql<{ ok: number }>`
        INSERT INTO provider_nonces (merchant_id, nonce, expires_at) VALUES (${merchant}, ${nonce}, now() + make_interval(secs => ${ttlS}))
        ON CONFLICT (merchant_id, nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE provider_nonces.expires_at <= now()
        RETURNING 1 AS ok`.execute(db);
      return r.rows.length === 1;
    },
  };
}
