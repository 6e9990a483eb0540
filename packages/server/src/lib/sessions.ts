import type { Kdb } from '../db/connect.js';
import { hashToken, newToken } from './tokens.js';

/**
 * Bearer sessions: the mechanics that member, agent-portal and staff sessions share. A session is a
 * token shown once, of which only the sha256 is stored; each request resolves token → hash → row, ends
 * the session once it has been idle too long, and writes its last-seen time at most once a minute; a
 * session is revoked alone (logout) or with all of its principal's (password change, account disabled);
 * and a revocation is told to what holds sessions open on this instance (a cache, a socket) and, when
 * a publisher is set, to the other instances.
 *
 * No table is written here: each kind's module owns its sessions table (scripts/check-tables.mjs) and
 * passes the functions that read and write it, with the principal it makes of a row and whether
 * resolved sessions are kept in process. What is a kind's own — the idle limit, the principal's shape,
 * the member's cache epoch, the agent's tickets — stays in its module.
 */

/** Longer than any token newToken makes (43 characters): refused without hashing. */
const TOKEN_MAX_CHARS = 100;
/** A used session's last-seen time is written at most this often: idle limits are hours or days. */
const TOUCH_EVERY_MS = 60_000;

/** What a revocation tells: one session, or all of a principal's (`{ memberId }`, `{ staffId }`). */
export type Revocation<K extends string> = { tokenHash: string } | { [key in K]: number };

export type RevocationListener<K extends string> = (r: Revocation<K>) => void | Promise<void>;

/** A principal as a session makes it: who, and the hash that names its session (to revoke it). */
export interface SessionPrincipal {
  tokenHash: string;
}

/** One kind of session, described by the module that owns its table. */
export interface SessionKind<Row, P extends SessionPrincipal, K extends string> {
  /** the field that names the principal in a revocation of all its sessions */
  principalKey: K;
  /** the session behind a token hash, not revoked, with what makes its principal; undefined when none */
  read(db: Kdb, tokenHash: string): Promise<Row | undefined>;
  /** when the session was last used */
  lastSeen(row: Row): Date | string;
  /** the principal, or null when it may sign in no more (disabled, no longer an agent) */
  principal(row: Row, tokenHash: string): P | null;
  /** writes the session's last-seen time: now */
  touch(db: Kdb, tokenHash: string): Promise<unknown>;
  /** marks one session revoked (already revoked: nothing) */
  markRevoked(db: Kdb, tokenHash: string): Promise<void>;
  /** marks every session of one principal revoked */
  markAllRevoked(db: Kdb, principalId: number): Promise<void>;
  /**
   * Keeps resolved sessions in process for `ttlMs` (at most `maxEntries`; past that the cache starts
   * over), each under the cache epoch it was read in; none: every request reads the database.
   */
  cache?: { ttlMs: number; maxEntries: number; principalId: (p: P) => number };
}

export interface BearerSessions<P extends SessionPrincipal, K extends string> {
  /** A new session: `store` writes the token's hash (in the owner's table, in the caller's transaction if need be); answers the token. */
  issue(store: (tokenHash: string) => Promise<unknown>): Promise<string>;
  /**
   * The principal behind a token, or null (unknown, revoked, idle more than `idleMs`, may sign in no
   * more). With a cache, `epoch` is the caller's cache epoch: a session cached under another is read
   * again, and null reads the database and keeps nothing (revocations may have been missed).
   */
  resolve(db: Kdb, token: string, idleMs: number, epoch: number | null, nowMs?: number): Promise<P | null>;
  /** Revokes one session, then tells this instance and the others. */
  revoke(db: Kdb, tokenHash: string): Promise<void>;
  /** Revokes every session of one principal, then tells this instance and the others. */
  revokeAll(db: Kdb, principalId: number): Promise<void>;
  /** Tells of sessions the caller revoked itself (inside its own transaction): this instance's cache and listeners, then the other instances; answers once all heard. */
  revoked(r: Revocation<K>): Promise<void>;
  /** Applies a revocation heard from another instance (or made here): the cache forgets it, the listeners hear it (started at once; answers when they finish). */
  apply(r: Revocation<K>): Promise<void>;
  /** Hears every revocation applied on this instance (its own and the others'); answers the unsubscribe. */
  onRevocation(listener: RevocationListener<K>): () => void;
  /** How revocations reach the other instances (the owner wires it when it has a channel); answers once the channel took it. */
  setPublisher(publish: (r: Revocation<K>) => Promise<void>): void;
  /** Empties the cache (tests move a session back in time). */
  forgetCached(): void;
}

interface Cached<P> {
  principal: P | null;
  lastSeenMs: number;
  cachedAtMs: number;
  epoch: number;
}

const unpublished = async (): Promise<void> => {};

export function bearerSessions<Row, P extends SessionPrincipal, K extends string>(kind: SessionKind<Row, P, K>): BearerSessions<P, K> {
  const cacheOpts = kind.cache;
  const cache = new Map<string, Cached<P>>();
  const listeners = new Set<RevocationListener<K>>();
  let publish: (r: Revocation<K>) => Promise<void> = unpublished;
  /** Counts revocations applied here: a read that overlapped one is not cached (it may predate it). */
  let revocationsApplied = 0;

  function apply(r: Revocation<K>): Promise<void> {
    revocationsApplied += 1;
    if (cacheOpts) {
      if ('tokenHash' in r) cache.delete(r.tokenHash);
      else {
        const id = (r as { [key in K]: number })[kind.principalKey];
        for (const [key, value] of cache) if (value.principal !== null && cacheOpts.principalId(value.principal) === id) cache.delete(key);
      }
    }
    const heard: Promise<void>[] = [];
    for (const listener of listeners) {
      const p = listener(r);
      if (p) heard.push(p);
    }
    return heard.length === 0 ? Promise.resolve() : Promise.all(heard).then(() => {});
  }

  async function revoked(r: Revocation<K>): Promise<void> {
    await Promise.all([apply(r), publish(r)]);
  }

  async function resolve(db: Kdb, token: string, idleMs: number, epoch: number | null, nowMs = Date.now()): Promise<P | null> {
    if (!token || token.length > TOKEN_MAX_CHARS) return null;
    const tokenHash = hashToken(token);
    if (cacheOpts) {
      const hit = cache.get(tokenHash);
      if (hit && epoch !== null && hit.epoch === epoch && nowMs - hit.cachedAtMs < cacheOpts.ttlMs) {
        return hit.principal && nowMs - hit.lastSeenMs <= idleMs ? hit.principal : null;
      }
    }
    const revocationsBefore = revocationsApplied;
    const row = await kind.read(db, tokenHash);
    let principal: P | null = null;
    let lastSeenMs = 0;
    if (row) {
      lastSeenMs = new Date(kind.lastSeen(row)).getTime();
      if (nowMs - lastSeenMs <= idleMs) {
        principal = kind.principal(row, tokenHash);
        if (principal && nowMs - lastSeenMs > TOUCH_EVERY_MS) {
          await kind.touch(db, tokenHash);
          lastSeenMs = nowMs;
        }
      }
    }
    if (!cacheOpts || epoch === null || revocationsApplied !== revocationsBefore) return principal;
    if (cache.size >= cacheOpts.maxEntries) cache.clear();
    cache.set(tokenHash, { principal, lastSeenMs, cachedAtMs: nowMs, epoch });
    return principal;
  }

  return {
    async issue(store) {
      const { token, hash } = newToken();
      await store(hash);
      return token;
    },
    resolve,
    async revoke(db, tokenHash) {
      await kind.markRevoked(db, tokenHash);
      await revoked({ tokenHash });
    },
    async revokeAll(db, principalId) {
      await kind.markAllRevoked(db, principalId);
      await revoked({ [kind.principalKey]: principalId } as Revocation<K>);
    },
    revoked,
    apply,
    onRevocation(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setPublisher(p) {
      publish = p;
    },
    forgetCached() {
      cache.clear();
    },
  };
}
