import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/contract';
import { attachServer, CAPTCHA_BYPASS, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { CAPTCHA_DUE, solvedCaptcha } from './login-support.js';
import { loginGuest } from '../src/modules/trial/service.js';

// A server of its own with tiny limits: every call here comes from 127.0.0.1.
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimits: { login: 3, register: 3, captcha: 3, withdraw: 0, bindcard: 0 } });
});
afterAll(() => s.close());

// over HTTP 200 on the member API, as all its answers (compat.test.ts); 429 on the back-office
const TOO_MANY = { status: 200, code: 429, message: '操作过于频繁，请稍后再试' };
const STAFF_TOO_MANY = { ...TOO_MANY, status: 429 };

describe('rate limits per IP and minute', () => {
  it('answers the 4th captcha in a minute with code 429 操作过于频繁，请稍后再试', async () => {
    for (let i = 0; i < 3; i++) expect((await s.api('/api/captcha')).code).toBe(200);
    expect(await s.api('/api/captcha')).toMatchObject(TOO_MANY);
  });

  it('answers the 4th registration in a minute with code 429, whatever the outcome of the first three', async () => {
    const body = () => {
      const name = uniqueName('rl');
      return { name, realname: name, password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: CAPTCHA_BYPASS, adult: 1 };
    };
    expect((await s.api('/api/register', body())).code).toBe(200);
    expect((await s.api('/api/register', { ...body(), name: 'x' })).code).toBe(400);
    expect((await s.api('/api/register', body())).code).toBe(200);
    expect(await s.api('/api/register', body())).toMatchObject(TOO_MANY);
  });

  it('answers the 4th password login and the 4th guest login in a minute with code 429', async () => {
    for (let i = 0; i < 3; i++) expect((await s.api('/api/login_pc', { name: 'nobody12', password: 'secret123' })).code).toBe(400);
    expect(await s.api('/api/login_pc', { name: 'nobody12', password: 'secret123' })).toMatchObject(TOO_MANY);
    // guest login has its own bucket with the same size
    for (let i = 0; i < 3; i++) expect((await s.api('/api/guestlogin')).code).toBe(200);
    expect(await s.api('/api/guestlogin')).toMatchObject(TOO_MANY);
  });

  it('answers the 4th staff captcha in a minute with code 429 操作过于频繁，请稍后再试', async () => {
    for (let i = 0; i < 3; i++) expect((await s.api('/admin/api/captcha')).code).toBe(200);
    expect(await s.api('/admin/api/captcha')).toMatchObject(STAFF_TOO_MANY);
  });

  it('does not limit the member endpoints polled by the app', async () => {
    // the guest bucket is used up by now, so this session comes straight from the service
    const token = await loginGuest(s.db.kysely, { ip: '127.0.0.1', userAgent: 'test' });
    for (let i = 0; i < 10; i++) expect((await s.api('/api/balance', {}, { token })).code).toBe(200);
  });
});

describe('failed logins per IP', () => {
  const BUDGET = 5;
  let b: TestServer;
  beforeAll(async () => {
    // another instance on the same database, with room per minute but a small failure budget
    b = await attachServer(s, { rateLimits: { login: 1000, register: 0, captcha: 1000, withdraw: 0, bindcard: 0 }, loginIpFailureBudget: BUDGET });
  });
  afterAll(() => b.close());

  it(`asks every login from an IP for a captcha after ${BUDGET} failures on different names, members and staff alike`, async () => {
    const m = await registerMember(b);
    for (let i = 1; i < BUDGET; i++) {
      expect(await b.api('/api/login_pc', { name: uniqueName('walk'), password: 'secret123' })).toMatchObject({ code: 400, message: MSG.loginWrong, data: null });
    }
    expect(await b.api('/admin/api/login', { username: uniqueName('walk'), password: 'secret123' })).toMatchObject({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
    expect(await b.api('/api/login_pc', { name: uniqueName('walk'), password: 'secret123' })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
    expect(await b.api('/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
    expect(await b.api('/admin/api/login', { username: 'admin', password: 'whatever-1' })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
    expect(await b.api('/api/login_pc', { name: m.name, password: m.password, ...(await solvedCaptcha(b)) })).toMatchObject({ code: 200, message: MSG.loginSuccess });
  });
});
