import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionMember } from '../../context.js';

/**
 * Bearer sessions: the token is shown once, its hash is stored. A session expires after the idle
 * period; logoff revokes one, a password change revokes all of a member's. Lookups are cached for a
 * moment in process because balance is polled every 2.5 s by every open app; revocation clears the
 * cache at once on this instance.
 */
const CACHE_MS = 2000;
const TOUCH_EVERY_MS = 60_000;
const CACHE_MAX = 50_000;

interface Cached {
  member: SessionMember | null;
  lastSeenMs: number;
  cachedAtMs: number;
}
const cache = new Map<string, Cached>();

export async function createSession(db: Kdb, memberId: number, meta: { ip: string; userAgent: string }): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: hash, member_id: memberId, ip: meta.ip, user_agent: meta.userAgent.slice(0, 300) })
    .execute();
  return token;
}

export async function resolveSession(db: Kdb, token: string, idleMs: number, nowMs = Date.now()): Promise<SessionMember | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const hit = cache.get(tokenHash);
  if (hit && nowMs - hit.cachedAtMs < CACHE_MS) {
    return hit.member && nowMs - hit.lastSeenMs <= idleMs ? hit.member : null;
  }
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('members as m', 'm.id', 's.member_id')
    .select(['s.member_id', 's.last_seen_at', 'm.username', 'm.is_trial', 'm.state'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
  let member: SessionMember | null = null;
  let lastSeenMs = 0;
  if (row && row.state === 1) {
    lastSeenMs = new Date(row.last_seen_at).getTime();
    if (nowMs - lastSeenMs <= idleMs) {
      member = { id: row.member_id, username: row.username, isTrial: row.is_trial, tokenHash };
      if (nowMs - lastSeenMs > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
        lastSeenMs = nowMs;
      }
    }
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(tokenHash, { member, lastSeenMs, cachedAtMs: nowMs });
  return member;
}

export async function revokeSession(db: Kdb, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
  cache.delete(tokenHash);
}

export async function revokeAllSessions(db: Kdb, memberId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
  for (const [key, value] of cache) if (value.member?.id === memberId) cache.delete(key);
}

/** Tests move a session back in time to prove idle expiry. */
export function forgetCachedSessions(): void {
  cache.clear();
}
