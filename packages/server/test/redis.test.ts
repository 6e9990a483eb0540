import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { hashToken } from '../src/lib/tokens.js';
import { fund, registerMember, startServer, type TestServer } from './harness.js';

// Two instances behind one load balancer share their limits through Redis (127.0.0.1:6379).
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

let a: TestServer;
let b: TestServer;
const prefix = `test:${randomBytes(4).toString('hex')}:`;
beforeAll(async () => {
  const shared = { redisUrl: REDIS_URL, redisPrefix: prefix, rateLimits: { login: 4, register: 0, captcha: 0, withdraw: 0, bindcard: 0 } };
  a = await startServer(shared);
  b = await startServer(shared);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('rate limits with REDIS_URL', () => {
  it('counts logins on both instances against one limit', async () => {
    const tries = [a, b, a, b].map((s) => s.api('/api/login_pc', { name: 'nobody01', password: 'wrong123' }));
    for (const r of await Promise.all(tries)) expect(r.code).toBe(400);
    const fifth = await b.api('/api/login_pc', { name: 'nobody01', password: 'wrong123' });
    expect(fifth).toMatchObject({ status: 200, code: 429, message: '操作过于频繁，请稍后再试' });
    expect((await a.api('/api/login_pc', { name: 'nobody01', password: 'wrong123' })).code).toBe(429);
  });
});

describe('session revocation with REDIS_URL', () => {
  it('drops a session revoked by another instance as soon as the revocation is published', async () => {
    const m = await registerMember(a);
    expect((await a.api('/api/user', {}, { token: m.token })).code).toBe(200); // now cached here
    // Another instance revokes it: the row changes, and this instance still has it in its cache...
    await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(m.token)}`.execute(a.db.kysely);
    expect((await a.api('/api/user', {}, { token: m.token })).code).toBe(200);
    // ...until the other instance's message arrives.
    const other = new Redis(REDIS_URL);
    try {
      await other.publish(`${prefix}sessions:revoked`, JSON.stringify({ tokenHash: hashToken(m.token) }));
    } finally {
      await other.quit();
    }
    await expect.poll(async () => (await a.api('/api/user', {}, { token: m.token })).code, { timeout: 3000 }).toBe(401);
  });

  it('publishes its own revocations: a logoff reaches the channel', async () => {
    const m = await registerMember(a);
    const listener = new Redis(REDIS_URL);
    try {
      const heard = new Promise<string>((resolve) => listener.on('message', (_ch, text) => resolve(text)));
      await listener.subscribe(`${prefix}sessions:revoked`);
      expect((await a.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
      expect(JSON.parse(await heard)).toEqual({ tokenHash: hashToken(m.token) });
    } finally {
      await listener.quit();
    }
  });
});

describe('shown balances with REDIS_URL (ledger/display.ts)', () => {
  const balanceOf = async (s: TestServer, token: string) => (await s.api('/api/balance', {}, { token })).data.balance as number;

  it("drops a kept balance when another instance's posting is heard, and lives through unreadable messages", async () => {
    const m = await registerMember(a);
    const id = (await a.api('/api/user', {}, { token: m.token })).data.id as number;
    expect(await balanceOf(a, m.token)).toBe(0); // now kept here
    // Another instance moves it: the row changes, and this instance still shows what it keeps...
    await sql`UPDATE ledger_accounts SET balance_fen = 4200 WHERE member_id = ${id} AND kind = 'member_wallet'`.execute(a.db.kysely);
    expect(await balanceOf(a, m.token)).toBe(0);
    // ...through messages it cannot read...
    const other = new Redis(REDIS_URL);
    try {
      for (const text of ['not json', '{"memberId":1}', `[${id}, "x"]`]) await other.publish(`${prefix}balances:moved`, text);
      expect(await balanceOf(a, m.token)).toBe(0);
      // ...until the other instance's message arrives.
      await other.publish(`${prefix}balances:moved`, JSON.stringify([id]));
    } finally {
      await other.quit();
    }
    await expect.poll(() => balanceOf(a, m.token), { timeout: 3000 }).toBe(42);
    await sql`UPDATE ledger_accounts SET balance_fen = 0 WHERE member_id = ${id} AND kind = 'member_wallet'`.execute(a.db.kysely);
  });

  it("publishes its own postings' members on the channel", async () => {
    const m = await registerMember(a);
    const id = (await a.api('/api/user', {}, { token: m.token })).data.id as number;
    const listener = new Redis(REDIS_URL);
    try {
      const heard = new Promise<string>((resolve) => listener.on('message', (_ch, text) => resolve(text)));
      await listener.subscribe(`${prefix}balances:moved`);
      await fund(a, id, 5);
      expect(JSON.parse(await heard)).toEqual([id]);
    } finally {
      await listener.quit();
    }
  });
});
