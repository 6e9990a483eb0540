import { describe, expect, it } from 'vitest';
import type { Kdb } from '../db/connect.js';
import { bearerSessions, type Revocation, type SessionKind } from './sessions.js';
import { hashToken } from './tokens.js';

/** A sessions table in memory, written only through the kind's functions as an owner module's would be. */
function table(cached: boolean) {
  const rows = new Map<string, { ownerId: number; lastSeenMs: number; revoked: boolean; enabled: boolean }>();
  const calls = { reads: 0, touches: 0 };
  let nowMs = 1_000_000_000;
  const kind: SessionKind<{ ownerId: number; lastSeenMs: number; enabled: boolean }, { id: number; tokenHash: string }, 'ownerId'> = {
    principalKey: 'ownerId',
    read: async (_db, tokenHash) => {
      calls.reads += 1;
      const row = rows.get(tokenHash);
      return row && !row.revoked ? { ...row } : undefined;
    },
    lastSeen: (row) => new Date(row.lastSeenMs),
    principal: (row, tokenHash) => (row.enabled ? { id: row.ownerId, tokenHash } : null),
    touch: async (_db, tokenHash) => {
      calls.touches += 1;
      rows.get(tokenHash)!.lastSeenMs = nowMs;
    },
    markRevoked: async (_db, tokenHash) => void (rows.get(tokenHash)!.revoked = true),
    markAllRevoked: async (_db, id) => {
      for (const row of rows.values()) if (row.ownerId === id) row.revoked = true;
    },
    cache: cached ? { ttlMs: 60_000, maxEntries: 10, principalId: (p) => p.id } : undefined,
  };
  const sessions = bearerSessions(kind);
  const db = {} as Kdb;
  const issue = (ownerId: number) => sessions.issue(async (tokenHash) => void rows.set(tokenHash, { ownerId, lastSeenMs: nowMs, revoked: false, enabled: true }));
  const resolve = (token: string, epoch: number | null = 0) => sessions.resolve(db, token, 3_600_000, epoch, nowMs);
  return { rows, calls, sessions, db, issue, resolve, advance: (ms: number) => (nowMs += ms) };
}

describe('bearerSessions', () => {
  it('stores only the hash of the token it answers, and resolves the token to its principal', async () => {
    const t = table(false);
    const token = await t.issue(7);
    expect([...t.rows.keys()]).toEqual([hashToken(token)]);
    expect(await t.resolve(token)).toEqual({ id: 7, tokenHash: hashToken(token) });
    expect(await t.resolve('x'.repeat(101))).toBeNull();
    expect(await t.resolve('')).toBeNull();
    expect(t.calls.reads).toBe(1);
  });

  it('ends a session idle past the limit and writes last-seen at most once a minute', async () => {
    const t = table(false);
    const token = await t.issue(7);
    t.advance(30_000);
    expect(await t.resolve(token)).not.toBeNull();
    expect(t.calls.touches).toBe(0);
    t.advance(31_000);
    expect(await t.resolve(token)).not.toBeNull();
    expect(t.calls.touches).toBe(1);
    t.advance(3_600_001);
    expect(await t.resolve(token)).toBeNull();
    expect(t.calls.touches).toBe(1);
  });

  it('refuses a principal that may sign in no more, without touching its session', async () => {
    const t = table(false);
    const token = await t.issue(7);
    t.rows.get(hashToken(token))!.enabled = false;
    t.advance(120_000);
    expect(await t.resolve(token)).toBeNull();
    expect(t.calls.touches).toBe(0);
  });

  it('with a cache, reads once per epoch, and reads again under another epoch or none', async () => {
    const t = table(true);
    const token = await t.issue(7);
    await t.resolve(token);
    await t.resolve(token);
    expect(t.calls.reads).toBe(1);
    await t.resolve(token, 1);
    expect(t.calls.reads).toBe(2);
    await t.resolve(token, null);
    await t.resolve(token, null);
    expect(t.calls.reads).toBe(4);
  });

  it('revokes one session or all of a principal’s: the cache forgets, the listeners hear, the publisher carries it', async () => {
    const t = table(true);
    const a = await t.issue(7);
    const b = await t.issue(7);
    const c = await t.issue(8);
    for (const token of [a, b, c]) await t.resolve(token);
    const heard: Revocation<'ownerId'>[] = [];
    const published: Revocation<'ownerId'>[] = [];
    const stop = t.sessions.onRevocation(async (r) => void heard.push(r));
    t.sessions.setPublisher(async (r) => void published.push(r));
    await t.sessions.revoke(t.db, hashToken(a));
    expect(await t.resolve(a)).toBeNull();
    expect(await t.resolve(b)).not.toBeNull();
    await t.sessions.revokeAll(t.db, 7);
    expect(await t.resolve(b)).toBeNull();
    expect(await t.resolve(c)).not.toBeNull();
    expect(heard).toEqual([{ tokenHash: hashToken(a) }, { ownerId: 7 }]);
    expect(published).toEqual(heard);
    stop();
    t.sessions.apply({ ownerId: 8 });
    expect(heard).toHaveLength(2);
  });

  it('keeps no session read that overlapped a revocation', async () => {
    const t = table(true);
    const token = await t.issue(7);
    const reading = t.resolve(token);
    void t.sessions.apply({ tokenHash: hashToken(token) });
    expect(await reading).not.toBeNull();
    t.rows.get(hashToken(token))!.revoked = true;
    expect(await t.resolve(token)).toBeNull();
  });
});
