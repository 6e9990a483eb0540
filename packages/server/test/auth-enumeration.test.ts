import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_CAPTCHA, MSG } from '@app/contract';
import { registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { CAPTCHA_DUE, solvedCaptcha } from './login-support.js';
import * as password from '../src/lib/password.js';
import { nameCounterKey } from '../src/modules/auth/login-guard.js';

// The server runs in this process, so a pass-through spy on the password module sees every
// verification it makes. Counting them is exact where a stopwatch on a busy machine is not.
vi.mock('../src/lib/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/password.js')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verify = vi.mocked(password.verifyPassword);

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimits: { login: 10_000, register: 10_000, captcha: 10_000, withdraw: 0, bindcard: 0 } });
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

  it('spends no verification on an attempt refused for its captcha, known name or not', async () => {
    const m = await registerMember(s);
    const unknown = uniqueName('nobody');
    for (const name of [m.name, unknown]) for (let i = 0; i < LOGIN_CAPTCHA.afterFailures; i++) await s.api('/api/login_pc', { name, password: 'wrongpass' });
    verify.mockClear();
    expect(await s.api('/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty });
    expect(await s.api('/api/login_pc', { name: unknown, password: m.password, captcha_id: 'x', code: 'abcd' })).toMatchObject({ code: 400, message: MSG.regCaptchaWrong });
    expect(verify).not.toHaveBeenCalled();
  });

  it('answers an unknown name, the trial account and a known name byte for byte alike at every failure count', async () => {
    const m = await registerMember(s);
    const names = [m.name, uniqueName('nobody'), 'trial001'];
    // the trial account was tried above: its count starts afresh here like the others'
    await s.db.kysely.deleteFrom('login_counters').where('key', '=', nameCounterKey('member', 'trial001')).execute();
    const raw = (body: unknown) => fetch(`${s.url}/api/login_pc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.text());
    const round = (captcha: object) => Promise.all(names.map((name) => raw({ name, password: 'wrongpass', ...captcha })));
    for (let i = 1; i <= 8; i++) {
      const [known, ...others] = await round({});
      for (const other of others) expect(other, `attempt ${i}`).toBe(known);
    }
    const [wrongCode, ...others] = await round({ captcha_id: 'x', code: 'abcd' });
    for (const other of others) expect(other).toBe(wrongCode);
    const solved = await Promise.all(names.map(() => solvedCaptcha(s)));
    const answers = await Promise.all(names.map((name, i) => raw({ name, password: 'wrongpass', ...solved[i] })));
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)).toEqual({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
  });

  it('answers an unknown staff name and `admin` byte for byte alike at every failure count', async () => {
    const raw = (username: string, extra: object = {}) =>
      fetch(`${s.url}/admin/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'wrong-password', ...extra }) }).then((r) => r.text());
    const unknown = uniqueName('nostaff');
    for (let i = 1; i <= 6; i++) expect(await raw(unknown), `attempt ${i}`).toBe(await raw('admin'));
    expect(await raw(unknown, { captcha_id: 'x', code: 'abcd' })).toBe(await raw('admin', { captcha_id: 'x', code: 'abcd' }));
    const a = await raw('admin', await solvedCaptcha(s, '/admin/api/captcha'));
    expect(await raw(unknown, await solvedCaptcha(s, '/admin/api/captcha'))).toBe(a);
    expect(JSON.parse(a)).toEqual({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
  });
});
