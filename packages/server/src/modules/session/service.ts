import { sql } from 'kysely';
import { MEMBER_CARE_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { conflict } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { batchReader, perDatabase } from '../../lib/batch.js';
import { bearerSessions, type Revocation as SessionsRevocation } from '../../lib/sessions.js';
import type { SessionMember } from '../../context.js';

/**
 * Member bearer sessions (the mechanics shared with the agent portal's and staff's: lib/sessions.ts).
 * A session expires after the idle period (config sessionIdleMs); logoff revokes one, a password
 * change revokes all of a member's.
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
const CACHE_MAX = 100_000;

/** What a revocation tells the other instances: one session, or all of a member's. */
export type Revocation = SessionsRevocation<'memberId'>;

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

const sessions = bearerSessions({
  principalKey: 'memberId',
  read: (db, tokenHash) => liveSessions(db)(tokenHash),
  lastSeen: (row) => row.last_seen_at,
  principal: (row, tokenHash): SessionMember | null => (row.state === 1 ? { id: row.member_id, username: row.username, isTrial: row.is_trial, tokenHash } : null),
  touch: (db, tokenHash) => sessionTouches(db)(tokenHash),
  markRevoked: markSessionRevoked,
  markAllRevoked: expireMemberSessions,
  cache: { ttlMs: CACHE_MS, maxEntries: CACHE_MAX, principalId: (member) => member.id },
});

export function createSession(db: Kdb, memberId: number, meta: { ip: string; userAgent: string }): Promise<string> {
  return sessions.issue((hash) =>
    db
      .insertInto('sessions')
      .values({ token_hash: hash, member_id: memberId, ip: meta.ip, user_agent: meta.userAgent.slice(0, 300) })
      .execute(),
  );
}

/** The member behind a token, or null; `epoch` is the caller's cache epoch (above). */
export const resolveSession: (db: Kdb, token: string, idleMs: number, epoch: number | null, nowMs?: number) => Promise<SessionMember | null> = sessions.resolve;

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

export const revokeSession: (db: Kdb, tokenHash: string) => Promise<void> = sessions.revoke;

/** How many characters of a session's token hash name it to staff (the console's session list). */
export const SESSION_ID_LEN = 16;

/**
 * Staff end a member's sessions: every one (f.session empty) or the one whose id (the first
 * SESSION_ID_LEN characters of its hash, as the console lists it) is given. The audit row with the
 * staff's reason is written with the change; the revocation is told right after the commit. Answers
 * how many ended; 409 when there is none to end.
 */
export async function endSessionsForStaff(db: Kdb, actor: Actor, id: number, f: { session: string; reason: string }): Promise<number> {
  if (!f.session) {
    const n = await activeSessionCount(db, id);
    if (n === 0) throw conflict(MEMBER_CARE_MSG.sessionMissing);
    await db.transaction().execute((tx) => writeAudit(tx, actor, 'member.end_sessions', `member:${id}`, { sessions: n }, { sessions: 0, reason: f.reason }));
    await revokeAllSessions(db, id);
    return n;
  }
  const row = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('member_id', '=', id)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`left(token_hash, ${SESSION_ID_LEN}) = ${f.session}`)
    .executeTakeFirst();
  if (!row) throw conflict(MEMBER_CARE_MSG.sessionMissing);
  await db.transaction().execute(async (tx) => {
    await markSessionRevoked(tx, row.token_hash);
    await writeAudit(tx, actor, 'member.end_sessions', `member:${id}`, { session: f.session }, { session: null, reason: f.reason });
  });
  await revokeSession(db, row.token_hash);
  return 1;
}


export async function revokeAllSessions(db: Kdb, memberId: number): Promise<void> {
  await sessions.revokeAll(db, memberId);
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

/**
 * Wires the cross-instance channel (the session plugin does, when Redis is configured). A revocation
 * answers only once Redis has taken it, so a request sent to another instance after the answer finds
 * the session gone there too.
 */
export const setRevocationPublisher: (publish: (r: Revocation) => Promise<void>) => void = sessions.setPublisher;

/** Hears every revocation applied on this instance (its own and, with Redis, the others'); answers the unsubscribe. */
export const onRevocation: (listener: (r: Revocation) => void) => () => void = sessions.onRevocation;

/** Forgets cached sessions named by a revocation, from this instance or another, and tells the listeners. */
export function applyRevocation(r: Revocation): void {
  void sessions.apply(r);
}

/** Tests move a session back in time to prove idle expiry. */
export const forgetCachedSessions: () => void = sessions.forgetCached;
