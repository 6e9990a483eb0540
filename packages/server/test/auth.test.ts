import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOGIN_CAPTCHA, MSG, PAYPASS_MSG } from '@app/contract';
import { CAPTCHA_BYPASS, memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { applyRevocation, forgetCachedSessions, resolveSession } from '../src/modules/session/service.js';
import { hashToken } from '../src/lib/tokens.js';
import { updateSettings, type SiteSettings } from '../src/modules/site/service.js';
import { nameCounterKey } from '../src/modules/auth/login-guard.js';
import { CAPTCHA_DUE, solvedCaptcha } from './login-support.js';

// Limits high enough that this file's many registrations and logins from 127.0.0.1 pass;
// the limits themselves are proven in auth-ratelimit.test.ts.
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimits: { login: 10_000, register: 10_000, captcha: 10_000, withdraw: 0, bindcard: 0 } });
});
afterAll(() => s.close());

function reg(over: Record<string, unknown> = {}) {
  const name = uniqueName('r');
  return { name, realname: name, password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: CAPTCHA_BYPASS, adult: 1, ...over };
}

async function member(name: string) {
  return s.db.kysely.selectFrom('members').selectAll().where('username', '=', name).executeTakeFirstOrThrow();
}

async function newCaptcha(): Promise<{ id: string; answer: string; image: string }> {
  const r = await s.api('/api/captcha');
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('captchas').select('answer').where('id', '=', r.data.captcha_id).executeTakeFirstOrThrow();
  return { id: r.data.captcha_id, answer: row.answer, image: r.data.image };
}

describe('POST /api/captcha', () => {
  it('issues an SVG picture of 4 characters with an id', async () => {
    const c = await newCaptcha();
    expect(c.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(c.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(c.answer).toHaveLength(4);
    expect(c.answer).not.toMatch(/[0o1il]/);
    expect(c.id.length).toBeGreaterThanOrEqual(16);
  });

  it('gives a different captcha on every call', async () => {
    const a = await newCaptcha();
    const b = await newCaptcha();
    expect(a.id).not.toBe(b.id);
  });
});

describe('POST /api/register', () => {
  it('registers with 注册成功 and an api_token that opens /api/user', async () => {
    const body = reg();
    const r = await s.api('/api/register', body);
    expect(r).toMatchObject({ status: 200, code: 200, message: '注册成功' });
    expect(typeof r.data.api_token).toBe('string');
    const u = await s.api('/api/user', {}, { token: r.data.api_token });
    expect(u.code).toBe(200);
    expect(u.data).toMatchObject({ username: body.name, realname: body.name, balance: 0, vip: 1, is_trial: 0 });
  });

  it('stores an argon2id hash, never the password, and records the register IP', async () => {
    const body = reg();
    await s.api('/api/register', body);
    const m = await member(body.name);
    expect(m.password_hash).toMatch(/^\$argon2id\$/);
    expect(m.register_ip).toBe('127.0.0.1');
  });

  it('opens the member wallet and sends a welcome mail in the same registration', async () => {
    const body = reg();
    await s.api('/api/register', body);
    const m = await member(body.name);
    const wallet = await s.db.kysely.selectFrom('ledger_accounts').selectAll().where('member_id', '=', m.id).where('kind', '=', 'member_wallet').execute();
    expect(wallet).toHaveLength(1);
    const mails = await s.db.kysely.selectFrom('mails').selectAll().where('member_id', '=', m.id).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0].title).toContain('欢迎');
  });

  it.each([['the login password', 'secret123'], ['nothing', '']])(
    'sets no payment password at registration when paypassword is %s (DESIGN §4: the member sets its own)',
    async (_, paypassword) => {
      const body = reg({ paypassword });
      const r = await s.api('/api/register', body);
      expect(r.code).toBe(200);
      const m = await member(body.name);
      expect(m.pay_password_hash).toBe('');
      expect((await s.api('/api/user', {}, { token: r.data.api_token })).data.paypass_state).toBe(0);
      const change = await s.api('/api/editPayPassword', { password: body.password, paypassword: 'newpay123' }, { token: r.data.api_token });
      expect(change).toMatchObject({ code: 403, message: PAYPASS_MSG.payPasswordNotSet, data: { paypass_state: 0 } });
    },
  );

  describe('checks the spec §5 rules in order', () => {
    it('refuses a short username with 用户名长度6~16位，以字母或数字组合！', async () => {
      const r = await s.api('/api/register', reg({ name: 'abc12' }));
      expect(r).toMatchObject({ status: 200, code: 400, message: '用户名长度6~16位，以字母或数字组合！' });
    });
    it.each([
      ['', 'empty'],
      ['abcdefghijklmnopq', '17 characters'],
      ['abc_def1', 'an underscore'],
      ['用户名字很长啊', 'Chinese characters'],
      ['abc def12', 'a space inside'],
    ])('refuses the username %j (%s) with the username message', async (name) => {
      const r = await s.api('/api/register', reg({ name }));
      expect(r).toMatchObject({ code: 400, message: MSG.regUsername });
    });
    it('reports the username before a bad password', async () => {
      const r = await s.api('/api/register', reg({ name: 'ab', password: '1', confirmPass: '2', code: '' }));
      expect(r.message).toBe('用户名长度6~16位，以字母或数字组合！');
    });
    it('refuses a password shorter than 6 with 请输入正确的密码长度，最少6位！ before the confirm check', async () => {
      const r = await s.api('/api/register', reg({ password: '12345', confirmPass: 'other1' }));
      expect(r).toMatchObject({ code: 400, message: '请输入正确的密码长度，最少6位！' });
    });
    it('refuses a password longer than 16 with the password message', async () => {
      const long = 'a'.repeat(17);
      const r = await s.api('/api/register', reg({ password: long, confirmPass: long }));
      expect(r.message).toBe(MSG.regPassword);
    });
    it('refuses a different confirmation with 两次密码不一致！ before the captcha check', async () => {
      const r = await s.api('/api/register', reg({ confirmPass: 'secret124', code: '' }));
      expect(r).toMatchObject({ code: 400, message: '两次密码不一致！' });
    });
    it('refuses an empty captcha with 请输入验证码！', async () => {
      const r = await s.api('/api/register', reg({ code: '' }));
      expect(r).toMatchObject({ code: 400, message: '请输入验证码！' });
    });
    it('refuses a captcha answer without a captcha id with 验证码错误！', async () => {
      const r = await s.api('/api/register', reg({ code: 'abcd' }));
      expect(r).toMatchObject({ code: 400, message: '验证码错误！' });
    });
    it('refuses a taken username with 用户名已存在 after the captcha', async () => {
      const first = await registerMember(s);
      const r = await s.api('/api/register', reg({ name: first.name }));
      expect(r).toMatchObject({ code: 400, message: '用户名已存在' });
      // the captcha comes first: a wrong captcha on a taken name says 验证码错误！
      const wrong = await s.api('/api/register', reg({ name: first.name, code: 'zzzz', captcha_id: 'nope' }));
      expect(wrong.message).toBe('验证码错误！');
    });
  });

  describe('with a real captcha', () => {
    it('accepts the answer of the picture', async () => {
      const c = await newCaptcha();
      const r = await s.api('/api/register', reg({ code: c.answer, captcha_id: c.id }));
      expect(r).toMatchObject({ code: 200, message: '注册成功' });
    });

    it('compares the answer case-insensitively', async () => {
      const c = await newCaptcha();
      const r = await s.api('/api/register', reg({ code: c.answer.toUpperCase(), captcha_id: c.id }));
      expect(r.code).toBe(200);
      const c2 = await newCaptcha();
      const r2 = await s.api('/api/register', reg({ code: ` ${c2.answer.toLowerCase()} `, captcha_id: c2.id }));
      expect(r2.code).toBe(200);
    });

    it('refuses a wrong answer with 验证码错误！ and uses the captcha up', async () => {
      const c = await newCaptcha();
      const wrong = c.answer === 'aaaa' ? 'bbbb' : 'aaaa';
      const r = await s.api('/api/register', reg({ code: wrong, captcha_id: c.id }));
      expect(r).toMatchObject({ code: 400, message: '验证码错误！' });
      const retry = await s.api('/api/register', reg({ code: c.answer, captcha_id: c.id }));
      expect(retry).toMatchObject({ code: 400, message: '验证码错误！' });
    });

    it('refuses a captcha used once already', async () => {
      const c = await newCaptcha();
      const first = await s.api('/api/register', reg({ code: c.answer, captcha_id: c.id }));
      expect(first.code).toBe(200);
      const again = await s.api('/api/register', reg({ code: c.answer, captcha_id: c.id }));
      expect(again).toMatchObject({ code: 400, message: '验证码错误！' });
    });

    it('refuses an expired captcha', async () => {
      const c = await newCaptcha();
      await s.db.kysely.updateTable('captchas').set({ expires_at: sql`now() - interval '1 second'` }).where('id', '=', c.id).execute();
      const r = await s.api('/api/register', reg({ code: c.answer, captcha_id: c.id }));
      expect(r).toMatchObject({ code: 400, message: '验证码错误！' });
    });

    it('keeps the captcha 5 minutes', async () => {
      const c = await newCaptcha();
      const row = await s.db.kysely
        .selectFrom('captchas')
        .select(sql<number>`EXTRACT(EPOCH FROM (expires_at - now()))::int`.as('left_s'))
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(row.left_s).toBeGreaterThan(290);
      expect(row.left_s).toBeLessThanOrEqual(300);
    });

    it('uses the captcha up even when the username is taken afterwards', async () => {
      const first = await registerMember(s);
      const c = await newCaptcha();
      const r = await s.api('/api/register', reg({ name: first.name, code: c.answer, captcha_id: c.id }));
      expect(r.message).toBe('用户名已存在');
      const row = await s.db.kysely.selectFrom('captchas').select('used_at').where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(row.used_at).not.toBeNull();
    });
  });

  describe('inviter (pid)', () => {
    it('links the new member to an existing inviter', async () => {
      const inviter = await registerMember(s);
      const inviterRow = await member(inviter.name);
      const body = reg({ pid: String(inviterRow.id) });
      expect((await s.api('/api/register', body)).code).toBe(200);
      expect((await member(body.name)).inviter_id).toBe(inviterRow.id);
      // a numeric pid is the same code
      const body2 = reg({ pid: inviterRow.id });
      expect((await s.api('/api/register', body2)).code).toBe(200);
      expect((await member(body2.name)).inviter_id).toBe(inviterRow.id);
    });

    it.each(['999999999', 'abc', '-1', '1.5'])('refuses the unknown inviter %j with 推荐人不存在', async (pid) => {
      const body = reg({ pid });
      const r = await s.api('/api/register', body);
      expect(r).toMatchObject({ code: 400, message: '推荐人不存在' });
      const row = await s.db.kysely.selectFrom('members').select('id').where('username', '=', body.name).executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('treats an empty pid as no inviter', async () => {
      const body = reg({ pid: '' });
      expect((await s.api('/api/register', body)).code).toBe(200);
      expect((await member(body.name)).inviter_id).toBeNull();
    });
  });

  it('accepts and ignores a paypassword of any length (the spec keeps the field)', async () => {
    const body = reg({ paypassword: '123' });
    expect((await s.api('/api/register', body)).code).toBe(200);
    expect((await member(body.name)).pay_password_hash).toBe('');
  });

  it('lets only one of two simultaneous registrations of a name succeed', async () => {
    const body = reg();
    const results = await Promise.all([s.api('/api/register', body), s.api('/api/register', body), s.api('/api/register', body)]);
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 400, message: '用户名已存在' });
  });
});

describe('POST /api/login_pc', () => {
  it('logs in with 登录成功, records the login and returns a working token', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/login_pc', { name: m.name, password: m.password }, { headers: { 'user-agent': 'vitest-agent' } });
    expect(r).toMatchObject({ code: 200, message: '登录成功' });
    expect(r.data.api_token).not.toBe(m.token);
    expect((await s.api('/api/balance', {}, { token: r.data.api_token })).code).toBe(200);
    const row = await member(m.name);
    expect(row.last_login_at).not.toBeNull();
    expect(row.last_login_ip).toBe('127.0.0.1');
    const session = await s.db.kysely.selectFrom('sessions').select('user_agent').where('member_id', '=', row.id).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.user_agent).toBe('vitest-agent');
  });

  it('accepts the optional pid and ignores it', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/login_pc', { name: m.name, password: m.password, pid: '12' });
    expect(r.code).toBe(200);
  });

  it.each([
    [{ name: '', password: '' }],
    [{ name: 'someone1', password: '' }],
    [{ name: '', password: 'secret123' }],
    [{}],
  ])('refuses %j with 请输入您的账号和密码！', async (body) => {
    const r = await s.api('/api/login_pc', body);
    expect(r).toMatchObject({ code: 400, message: '请输入您的账号和密码！' });
  });

  it('answers a wrong password and an unknown user with the same 账号或密码错误', async () => {
    const m = await registerMember(s);
    const wrong = await s.api('/api/login_pc', { name: m.name, password: 'wrongpass' });
    const unknown = await s.api('/api/login_pc', { name: uniqueName('nobody'), password: 'wrongpass' });
    expect(wrong).toMatchObject({ code: 400, message: '账号或密码错误' });
    expect(unknown).toEqual(wrong);
  });

  it('treats the name case-sensitively', async () => {
    const m = await registerMember(s, `Abc${uniqueName('x').slice(0, 10)}`);
    const r = await s.api('/api/login_pc', { name: m.name.toLowerCase(), password: m.password });
    expect(r.message).toBe('账号或密码错误');
  });

  describe('captcha after failed attempts (no lockout)', () => {
    const after = LOGIN_CAPTCHA.afterFailures;
    const login = (name: string, password: string, captcha: { captcha_id?: string; code?: string } = {}) => s.api('/api/login_pc', { name, password, ...captcha });
    const wrong = (name: string) => login(name, 'wrongpass');

    it(`answers wrong password number ${after} with captcha_required, then asks 请输入验证码！ even for the right password`, async () => {
      const m = await registerMember(s);
      for (let i = 1; i < after; i++) expect(await wrong(m.name)).toMatchObject({ status: 200, code: 400, message: MSG.loginWrong, data: null });
      expect(await wrong(m.name)).toMatchObject({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
      expect(await login(m.name, m.password)).toMatchObject({ status: 200, code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
      expect(await login(m.name, m.password, { captcha_id: 'no-such-captcha', code: 'abcd' })).toMatchObject({ code: 400, message: MSG.regCaptchaWrong, data: CAPTCHA_DUE });
    });

    it('signs the owner in with the right password and a solved captcha; the count then starts again', async () => {
      const m = await registerMember(s);
      for (let i = 0; i < after; i++) await wrong(m.name);
      expect(await login(m.name, m.password, await solvedCaptcha(s))).toMatchObject({ code: 200, message: MSG.loginSuccess });
      for (let i = 1; i < after; i++) expect(await wrong(m.name)).toMatchObject({ message: MSG.loginWrong, data: null });
      expect((await login(m.name, m.password)).code).toBe(200);
    });

    it('20 wrong passwords from strangers never stop the owner who solves a captcha', async () => {
      const m = await registerMember(s);
      for (let i = 0; i < 20; i++) {
        const captcha = i % 2 ? await solvedCaptcha(s) : {};
        expect((await login(m.name, `guess${i}xx`, captcha)).code).toBe(400);
      }
      expect(await login(m.name, m.password, await solvedCaptcha(s))).toMatchObject({ status: 200, code: 200, message: MSG.loginSuccess });
    });

    it('accepts CAPTCHA_BYPASS_CODE as the code, as at registration', async () => {
      const m = await registerMember(s);
      for (let i = 0; i < after; i++) await wrong(m.name);
      expect((await login(m.name, m.password, { code: CAPTCHA_BYPASS })).code).toBe(200);
    });

    it('uses a captcha once: the same one a second time is 验证码错误！', async () => {
      const m = await registerMember(s);
      for (let i = 0; i < after; i++) await wrong(m.name);
      const captcha = await solvedCaptcha(s);
      expect(await login(m.name, 'wrongpass', captcha)).toMatchObject({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
      expect(await login(m.name, m.password, captcha)).toMatchObject({ code: 400, message: MSG.regCaptchaWrong, data: CAPTCHA_DUE });
      expect((await login(m.name, m.password, await solvedCaptcha(s))).code).toBe(200);
    });

    it('leaves a captcha sent when none is due unused', async () => {
      const m = await registerMember(s);
      const captcha = await solvedCaptcha(s);
      expect((await login(m.name, m.password, captcha)).code).toBe(200);
      const row = await s.db.kysely.selectFrom('captchas').select('used_at').where('id', '=', captcha.captcha_id).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
    });

    it(`lets at most ${after} of a burst of concurrent attempts through without a captcha`, async () => {
      const m = await registerMember(s);
      const answers = await Promise.all(Array.from({ length: 12 }, () => wrong(m.name)));
      expect(answers.filter((a) => a.message === MSG.loginWrong)).toHaveLength(after);
      expect(answers.filter((a) => a.message === MSG.regCaptchaEmpty)).toHaveLength(12 - after);
    });

    it('counts variants of one name together (case, width, spaces)', async () => {
      const m = await registerMember(s);
      const fullWidth = [...m.name].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
      await wrong(m.name.toUpperCase());
      await wrong(fullWidth);
      expect(await wrong(` ${m.name}`)).toMatchObject({ message: MSG.loginWrong, data: CAPTCHA_DUE });
    });

    it(`asks no captcha once ${LOGIN_CAPTCHA.windowMinutes} minutes pass without an attempt`, async () => {
      const m = await registerMember(s);
      for (let i = 0; i < after; i++) await wrong(m.name);
      await s.db.kysely.updateTable('login_counters').set({ expires_at: sql`now() - interval '1 second'` }).where('key', '=', nameCounterKey('member', m.name)).execute();
      expect(await wrong(m.name)).toMatchObject({ message: MSG.loginWrong, data: null });
      expect((await login(m.name, m.password)).code).toBe(200);
    });

    it('does not ask another member for a captcha', async () => {
      const a = await registerMember(s);
      const b = await registerMember(s);
      for (let i = 0; i < after + 2; i++) await wrong(a.name);
      expect((await login(b.name, b.password)).code).toBe(200);
    });
  });

  it('refuses a disabled member with 账号已被停用，请联系客服 and ends its sessions', async () => {
    const m = await registerMember(s);
    await s.db.kysely.updateTable('members').set({ state: 0 }).where('username', '=', m.name).execute();
    forgetCachedSessions();
    const r = await s.api('/api/login_pc', { name: m.name, password: m.password });
    expect(r).toMatchObject({ code: 403, message: '账号已被停用，请联系客服' });
    // a wrong password says nothing about the state
    expect((await s.api('/api/login_pc', { name: m.name, password: 'wrongpass' })).message).toBe('账号或密码错误');
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(401);
  });

  it('refuses the trial account by password with 账号或密码错误', async () => {
    const r = await s.api('/api/login_pc', { name: 'trial001', password: 'anything1' });
    expect(r).toMatchObject({ code: 400, message: '账号或密码错误' });
  });
});

describe('POST /api/guestlogin', () => {
  it('signs in to a trial account of its own with its demo money', async () => {
    const r = await s.api('/api/guestlogin');
    expect(r).toMatchObject({ code: 200, message: '登录成功' });
    const u = await s.api('/api/user', {}, { token: r.data.api_token });
    expect(u.data).toMatchObject({ username: expect.stringMatching(/^guest_/), is_trial: 1, balance: 20000 });
  });

  it('answers 试玩账号暂不可用 when the site switches the trial off (免费试玩 in 站点设置)', async () => {
    await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, trial_switch: 0 } }));
    try {
      const r = await s.api('/api/guestlogin');
      expect(r).toMatchObject({ code: 404, message: '试玩账号暂不可用' });
    } finally {
      await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, trial_switch: 1 } }));
    }
  });

  it('reads settings saved before the switch existed as they meant: an empty trial account name is off', async () => {
    const legacy = (name: string) => (v: SiteSettings) => {
      const { trial_switch: _gone, ...app } = v.app;
      return { ...v, app: app as SiteSettings['app'], trialUsername: name };
    };
    try {
      await updateSettings(s.db.kysely, legacy(''));
      expect(await s.api('/api/guestlogin')).toMatchObject({ code: 404, message: '试玩账号暂不可用' });
      expect((await s.api('/api/app')).data).toMatchObject({ trial_switch: 0 });
      await updateSettings(s.db.kysely, legacy('trial001'));
      expect(await s.api('/api/guestlogin')).toMatchObject({ code: 200 });
      expect((await s.api('/api/app')).data).toMatchObject({ trial_switch: 1 });
    } finally {
      await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, trial_switch: 1 } }));
    }
  });
});

describe('POST /api/logoff and sessions', () => {
  it('revokes this session with 退出成功; the next call answers 401', async () => {
    const m = await registerMember(s);
    const other = await s.api('/api/login_pc', { name: m.name, password: m.password });
    const r = await s.api('/api/logoff', {}, { token: m.token });
    expect(r).toMatchObject({ code: 200, message: '退出成功' });
    expect(await s.api('/api/user', {}, { token: m.token })).toMatchObject({ code: 401 });
    expect((await s.api('/api/logoff', {}, { token: m.token })).code).toBe(401);
    // the member's other session stays
    expect((await s.api('/api/user', {}, { token: other.data.api_token })).code).toBe(200);
  });

  it('expires a session idle for more than 7 days', async () => {
    const m = await registerMember(s);
    expect((await s.api('/api/balance', {}, { token: m.token })).code).toBe(200);
    const row = await member(m.name);
    await s.db.kysely.updateTable('sessions').set({ last_seen_at: sql`now() - interval '8 days'` }).where('member_id', '=', row.id).execute();
    forgetCachedSessions();
    const r = await s.api('/api/user', {}, { token: m.token });
    expect(r).toMatchObject({ status: 200, code: 401, message: MSG.sessionExpired });
  });

  it('does not keep a session read that overlapped its revocation: the next request reads it gone', async () => {
    const m = await registerMember(s);
    const tokenHash = hashToken(m.token);
    const id = await memberIdOf(s, m.token);
    forgetCachedSessions();
    // The read goes out with this turn's batch and sees the session live; the revocation (another
    // instance's, heard over pub/sub) arrives before the read answers, its database write after it.
    const reading = resolveSession(s.db.kysely, m.token, s.config.sessionIdleMs, 0);
    applyRevocation({ tokenHash });
    expect((await reading)?.id).toBe(id);
    await s.db.kysely.updateTable('sessions').set({ revoked_at: sql`now()` }).where('token_hash', '=', tokenHash).execute();
    expect(await resolveSession(s.db.kysely, m.token, s.config.sessionIdleMs, 0)).toBeNull();
  });

  it('keeps a session used within 7 days', async () => {
    const m = await registerMember(s);
    const row = await member(m.name);
    await s.db.kysely.updateTable('sessions').set({ last_seen_at: sql`now() - interval '6 days'` }).where('member_id', '=', row.id).execute();
    forgetCachedSessions();
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
  });

  it('answers 401 for a made-up or malformed token', async () => {
    expect((await s.api('/api/user', {}, { token: 'x'.repeat(43) })).code).toBe(401);
    expect((await s.api('/api/user', {}, { headers: { authorization: 'Basic abc' } })).code).toBe(401);
    expect((await s.api('/api/user', {}, { token: 'x'.repeat(5000) })).code).toBe(401);
  });
});

describe('bad input never becomes a 500', () => {
  const endpoints = ['/api/register', '/api/login_pc', '/api/captcha', '/api/guestlogin'];

  it.each(endpoints)('%s answers malformed JSON with a 400 envelope', async (path) => {
    const res = await fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    const json = await res.json();
    expect(json).toMatchObject({ code: 400, message: '请求格式错误' });
  });

  it.each([
    [{ name: 12345678, password: 'secret123' }],
    [{ name: ['a'], password: 'secret123' }],
    [{ name: { $ne: 1 }, password: 'secret123' }],
    [{ name: 'abcdefgh', password: null }],
    ['just a string'],
    [[1, 2, 3]],
    [null],
  ])('/api/login_pc answers the wrong-typed body %j with code 400', async (body) => {
    const r = await s.api('/api/login_pc', body);
    expect(r.code).toBe(400);
  });

  it.each([
    [{ ...reg(), name: 42 }],
    [{ ...reg(), password: 12345678, confirmPass: 12345678 }],
    [{ ...reg(), pid: { id: 1 } }],
    [{ ...reg(), captcha_id: ['x'] }],
    ['text'],
  ])('/api/register answers the wrong-typed body %j with code 400', async (body) => {
    const r = await s.api('/api/register', body);
    expect(r.code).toBe(400);
  });

  it('answers huge strings with code 400', async () => {
    const huge = 'a'.repeat(100_000);
    expect((await s.api('/api/login_pc', { name: huge, password: huge })).code).toBe(400);
    expect((await s.api('/api/register', reg({ name: huge }))).code).toBe(400);
    expect((await s.api('/api/register', reg({ captcha_id: huge, code: 'abcd' }))).code).toBe(400);
    expect((await s.api('/api/register', reg({ realname: huge }))).code).toBe(400);
  });

  it('answers a body over the size limit with an envelope', async () => {
    const res = await fetch(`${s.url}/api/login_pc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(await res.json()).toMatchObject({ code: 400, message: '请求内容过大' });
  });

  it('answers a form-encoded body with a 400 envelope', async () => {
    const res = await fetch(`${s.url}/api/login_pc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=abc&password=def',
    });
    expect((await res.json()).code).toBe(400);
  });
});
