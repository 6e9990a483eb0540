import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { batchReader, perDatabase } from '../../lib/batch.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { SessionMember } from '../../context.js';

/**
 * Bearer sessions: the token is shown once, its hash is stored. A session expires after the idle
 * period; logoff revokes one, a password change revokes all of a member's.
 *
 * Every open app polls the balance every 2.5 s, so a session, once read, is kept in process until
 * its last-seen time is due to be written again (once a minute). Revocation removes it from this
 * instance's cache at once and, with REDIS_URL, from every other instance's through pub/sub.
 *
 * A cached session is used only under the cache epoch it was read in (the caller's: always 0 without
 * Redis, the pub/sub subscription's with Redis, null while Redis is away). A revocation published
 * while this instance was not listening may have been missed, so then every request reads the
 * database: fail closed, never open.
 */
const CACHE_MS = 60_000;
const TOUCH_EVERY_MS = CACHE_MS;
const CACHE_MAX = 100_000;

interface Cached {
  member: SessionMember | null;
  lastSeenMs: number;
  cachedAtMs: number;
  epoch: number;
}
const cache = new Map<string, Cached>();

/** What a revocation tells the other instances: one session, or all of a member's. */
export type Revocation = { tokenHash: string } | { memberId: number };
let publishRevocation: (r: Revocation) => Promise<void> = async () => {};

/**
 * Wires the cross-instance channel (the session plugin does, when Redis is configured). A revocation
 * answers only once Redis has taken it, so a request sent to another instance after the answer finds
 * the session gone there too.
 */
export function setRevocationPublisher(publish: (r: Revocation) => Promise<void>): void {
  publishRevocation = publish;
}

/** Counts revocations applied here: a read that overlapped one is not cached (it may predate it). */
let revocationsApplied = 0;

const revocationListeners = new Set<(r: Revocation) => void>();

/** Hears every revocation applied on this instance (its own and, with Redis, the others'); answers the unsubscribe. */
export function onRevocation(listener: (r: Revocation) => void): () => void {
  revocationListeners.add(listener);
  return () => void revocationListeners.delete(listener);
}

/** Forgets cached sessions named by a revocation, from this instance or another, and tells the listeners. */
export function applyRevocation(r: Revocation): void {
  revocationsApplied += 1;
  if ('tokenHash' in r) cache.delete(r.tokenHash);
  else for (const [key, value] of cache) if (value.member?.id === r.memberId) cache.delete(key);
  for (const listener of revocationListeners) listener(r);
}

export async function createSession(db: Kdb, memberId: number, meta: { ip: string; userAgent: string }): Promise<string> {
  const { token, hash } = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: hash, member_id: memberId, ip: meta.ip, user_agent: meta.userAgent.slice(0, 300) })
    .execute();
  return token;
}

/** Sessions read by token hash, a turn's cache misses in one statement (lib/batch.ts). */
const liveSessions = perDatabase((db: Kdb) =>
  batchReader(async (tokenHashes: string[]) => {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['s.token_hash', 's.member_id', 's.last_seen_at', 'm.username', 'm.is_trial', 'm.state'])
      .where('s.token_hash', '=', sql<string>`ANY(${tokenHashes}::text[])`)
      .where('s.revoked_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.token_hash, r]));
  }),
);

/** Last-seen times written, a turn's sessions in one statement. */
const sessionTouches = perDatabase((db: Kdb) =>
  batchReader(async (tokenHashes: string[]) => {
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('token_hash', '=', sql<string>`ANY(${tokenHashes}::text[])`).execute();
    return new Map<string, never>();
  }),
);

export async function resolveSession(db: Kdb, token: string, idleMs: number, epoch: number | null, nowMs = Date.now()): Promise<SessionMember | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const hit = cache.get(tokenHash);
  if (hit && epoch !== null && hit.epoch === epoch && nowMs - hit.cachedAtMs < CACHE_MS) {
    return hit.member && nowMs - hit.lastSeenMs <= idleMs ? hit.member : null;
  }
  const revocationsBefore = revocationsApplied;
  const row = await liveSessions(db)(tokenHash);
  let member: SessionMember | null = null;
  let lastSeenMs = 0;
  if (row && row.state === 1) {
    lastSeenMs = new Date(row.last_seen_at).getTime();
    if (nowMs - lastSeenMs <= idleMs) {
      member = { id: row.member_id, username: row.username, isTrial: row.is_trial, tokenHash };
      if (nowMs - lastSeenMs > TOUCH_EVERY_MS) {
        await sessionTouches(db)(tokenHash);
        lastSeenMs = nowMs;
      }
    }
  }
  if (epoch === null || revocationsApplied !== revocationsBefore) return member;
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(tokenHash, { member, lastSeenMs, cachedAtMs: nowMs, epoch });
  return member;
}

/**
 * Marks one session revoked in the database only, inside the caller's transaction (staff ending a
 * session commit it with their audit row); revokeSession after the commit tells the caches.
 */
export async function markSessionRevoked(db: Kdb, tokenHash: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

/**
 * Revokes every session of a member in the database only: for accounts nobody uses any more (a trial
 * guest idle past its time), which no instance still holds in its cache and nothing else listens for.
 */
export async function expireMemberSessions(db: Kdb, memberId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
}

/** The reality check shown in this session is acknowledged at `at` (player protection counts the next from it). */
export async function ackRealityCheck(db: Kdb, tokenHash: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ reality_acked_at: at }).where('token_hash', '=', tokenHash).execute();
}

/** The member's sessions not revoked (idle ones included: they end only when next used). */
export async function activeSessionCount(db: Kdb, memberId: number): Promise<number> {
  const row = await db.selectFrom('sessions').select(sql<number>`count(*)::int`.as('n')).where('member_id', '=', memberId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function revokeSession(db: Kdb, tokenHash: string): Promise<void> {
  await markSessionRevoked(db, tokenHash);
  applyRevocation({ tokenHash });
  await publishRevocation({ tokenHash });
}

export async function revokeAllSessions(db: Kdb, memberId: number): Promise<void> {
  await expireMemberSessions(db, memberId);
  applyRevocation({ memberId });
  await publishRevocation({ memberId });
  await Promise.all([...endedListeners].map((listener) => listener(memberId, db)));
}

type EndedListener = (memberId: number, db: Kdb) => Promise<void>;
const endedListeners = new Set<EndedListener>();

/**
 * Hears, on the instance where it happens, that all of a member's sessions ended (password change,
 * account disabled): what else the member holds open elsewhere (game sessions at the venues) ends
 * with them. Answers the unsubscribe.
 */
export function onAllSessionsEnded(listener: EndedListener): () => void {
  endedListeners.add(listener);
  return () => void endedListeners.delete(listener);
}

/** Tests move a session back in time to prove idle expiry. */
export function forgetCachedSessions(): void {
  cache.clear();
}
