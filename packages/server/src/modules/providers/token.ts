import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kdb } from '../../db/connect.js';
import { sharedSecret } from '../site/shared-secret.js';

/**
 * The member's game token for seamless play: the platform issues it when it launches a game of a
 * seamless provider, and the provider sends it back on every wallet call. It names the member (the
 * `user` the provider knows), the provider, the venue and game, and an expiry, signed with HMAC-SHA256
 * under the platform's own token secret: a row of site_settings made once per database, so any
 * instance verifies what another issued and nothing is stored per token. The secret is the platform's
 * alone (not the launch secret the demo venue holds): no provider can make a token. The expiry is
 * checked on user info, balance and bet; a win or rollback of a round the token opened is still taken
 * after it.
 */
export interface SeamlessClaims {
  /** member id */
  m: number;
  /** provider code */
  p: string;
  /** venue code the bets are recorded under */
  v: string;
  /** game code */
  g: string;
  /** expiry, unix seconds */
  exp: number;
}

/** How long a token is good for bets by default (a game left open longer is launched again). */
export const SEAMLESS_TOKEN_TTL_S = 4 * 3600;
const MAX_TOKEN_LENGTH = 1024;

/** The token secret: created once per database (the first instance wins), then remembered. */
const tokenKey = (db: Kdb) => sharedSecret(db, 'seamless_token_secret');

/** The player id the provider knows the member by (the token's and every request's `user`). */
export function seamlessUser(memberId: number): string {
  return String(memberId);
}

export async function issueSeamlessToken(db: Kdb, t: { memberId: number; provider: string; venue: string; game: string; ttlS?: number }, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  const claims: SeamlessClaims = { m: t.memberId, p: t.provider, v: t.venue, g: t.game, exp: nowS + (t.ttlS ?? SEAMLESS_TOKEN_TTL_S) };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = createHmac('sha256', await tokenKey(db)).update(body).digest('base64url');
  return `${body}.${sig}`;
}

/** The token's claims when the platform issued it (expired or not), else null. */
export async function verifySeamlessToken(db: Kdb, token: unknown): Promise<SeamlessClaims | null> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const [body, sig] = token.split('.');
  if (!body || !sig || token.split('.').length !== 2) return null;
  const want = createHmac('sha256', await tokenKey(db)).update(body).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  try {
    const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SeamlessClaims;
    if (!Number.isSafeInteger(c.m) || typeof c.p !== 'string' || typeof c.v !== 'string' || typeof c.g !== 'string' || !Number.isSafeInteger(c.exp)) return null;
    return c;
  } catch {
    return null;
  }
}
