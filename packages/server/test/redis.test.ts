import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';

// Two instances behind one load balancer share their limits through Redis (127.0.0.1:6379).
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  const shared = { redisUrl: REDIS_URL, redisPrefix: `test:${randomBytes(4).toString('hex')}:`, rateLimits: { login: 4, register: 0, captcha: 0 } };
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
    expect(fifth).toMatchObject({ status: 429, code: 429, message: '操作过于频繁，请稍后再试' });
    expect((await a.api('/api/login_pc', { name: 'nobody01', password: 'wrong123' })).code).toBe(429);
  });
});
