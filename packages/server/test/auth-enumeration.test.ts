import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import * as password from '../src/lib/password.js';

// The server runs in this process, so a pass-through spy on the password module sees every
// verification it makes. Counting them is exact where a stopwatch on a busy machine is not.
vi.mock('../src/lib/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/password.js')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verify = vi.mocked(password.verifyPassword);

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimits: { login: 10_000, register: 10_000, captcha: 10_000 } });
});
afterAll(() => s.close());
beforeEach(() => verify.mockClear());

describe('login answers do not tell which usernames exist', () => {
  it('spends one argon2 verification on an unknown username, as on a known one', async () => {
    const m = await registerMember(s);
    verify.mockClear();
    const known = await s.api('/api/login_pc', { name: m.name, password: 'wrongpass' });
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    const unknown = await s.api('/api/login_pc', { name: uniqueName('nobody'), password: 'wrongpass' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(unknown).toEqual(known);
  });

  it('spends one verification on the trial account too, and answers the same text', async () => {
    const r = await s.api('/api/login_pc', { name: 'trial001', password: 'wrongpass' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({ code: 400, message: '账号或密码错误' });
  });

  it('spends no verification on the balance poll', async () => {
    const m = await registerMember(s);
    verify.mockClear();
    for (let i = 0; i < 5; i++) expect((await s.api('/api/balance', {}, { token: m.token })).code).toBe(200);
    expect(verify).not.toHaveBeenCalled();
  });

  it('spends no verification while the account is locked', async () => {
    const m = await registerMember(s);
    for (let i = 0; i < 5; i++) await s.api('/api/login_pc', { name: m.name, password: 'wrongpass' });
    verify.mockClear();
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).code).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });
});
