import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CAPTCHA, MSG, PERMISSIONS, ROLE_PERMISSIONS, STAFF_DISPLAY_NAME, STAFF_NAME_MSG, STAFF_PASSWORD_CHANGE_MSG, STAFF_ROLES, type StaffRole, ADMIN_MSG } from '@app/contract';
import { ensureFirstAdmin, takeGeneratedAdminPassword } from '../src/modules/staff/bootstrap.js';
import { ADMIN_ROUTES } from '../src/admin/table.js';
import { updateSettings } from '../src/modules/site/service.js';
import { CAPTCHA_BYPASS, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { CAPTCHA_DUE, solvedCaptcha } from './login-support.js';
import { adminCall, adminFile, auditRows, newStaff, STAFF_PASSWORD, staffLogin, type Staff } from './admin-support.js';

let s: TestServer;
let generatedPassword: string;
let adminPassword: string;
let admin: string;
// What the generated password's first session was answered before its owner changed it.
let beforeChange: { me: any; members: any; change: any };
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>后台</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'console.log(1)');

beforeAll(async () => {
  // No ADMIN_PASSWORD: the first start generates one.
  s = await startServer({ adminDist: dist });
  generatedPassword = takeGeneratedAdminPassword(s.db.kysely)!;
  admin = await staffLogin(s, 'admin', generatedPassword);
  adminPassword = 'chosen-Admin-pass-7';
  beforeChange = { me: await adminCall(s, admin, 'GET', '/me'), members: await adminCall(s, admin, 'GET', '/members'), change: null };
  beforeChange.change = await adminCall(s, admin, 'POST', '/password', { old_password: generatedPassword, password: adminPassword });
});
afterAll(() => s.close());

const call = adminCall;

/** How many route checks run at once in 'every route checks its permission'. */
const ROUTE_CHECKS_IN_FLIGHT = 8;

/** Runs `fn` over `items` with at most `limit` calls in flight; the first failure fails the whole. */
async function inFlight<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

describe('first start', () => {
  it('creates admin (super) with a generated password that is handed out once and stored only as an argon2id hash', async () => {
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(takeGeneratedAdminPassword(s.db.kysely)).toBeNull();
    const rows = await s.db.kysely.selectFrom('staff').selectAll().execute();
    const first = rows.find((r) => r.username === 'admin')!;
    expect(first).toMatchObject({ role: 'super', state: 1 });
    expect(first.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows)).not.toContain(generatedPassword);
  });

  it('treats the generated password as temporary: nothing but /me, /logout and /password until admin chooses its own', async () => {
    expect(beforeChange.me).toMatchObject({ code: 200, data: { username: 'admin', password_change_due: true } });
    expect(beforeChange.members).toMatchObject({ code: 403, message: STAFF_PASSWORD_CHANGE_MSG.required });
    expect(beforeChange.change).toMatchObject({ code: 200, message: STAFF_PASSWORD_CHANGE_MSG.done });
    expect(await call(s, admin, 'GET', '/me')).toMatchObject({ code: 200, data: { password_change_due: false } });
    expect(await call(s, admin, 'GET', '/members')).toMatchObject({ code: 200 });
    expect(await s.api('/admin/api/login', { username: 'admin', password: generatedPassword })).toMatchObject({ code: 400, message: MSG.loginWrong });
  });

  it('changes nothing on a later start, ADMIN_PASSWORD included', async () => {
    const before = await s.db.kysely.selectFrom('staff').select(['id', 'password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(await ensureFirstAdmin(s.db.kysely, 'another-password-1')).toEqual({ created: false, generatedPassword: null });
    const after = await s.db.kysely.selectFrom('staff').select(['id', 'password_hash']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    await staffLogin(s, 'admin', adminPassword);
  });
});

describe('POST /admin/api/login', () => {
  it.each([{}, { username: 'admin' }, { password: 'x' }, { username: '', password: '' }])('asks for both fields: %j', async (body) => {
    expect(await s.api('/admin/api/login', body)).toMatchObject({ code: 400, message: ADMIN_MSG.staffLoginFields });
  });

  it('answers 账号或密码错误 alike for a wrong password and an unknown name', async () => {
    expect(await s.api('/admin/api/login', { username: 'admin', password: 'wrong-password' })).toMatchObject({ code: 400, message: MSG.loginWrong, data: null });
    expect(await s.api('/admin/api/login', { username: 'nobody_here', password: 'wrong-password' })).toMatchObject({ code: 400, message: MSG.loginWrong });
  });

  it('signs in and /me tells the name, role and every permission of super', async () => {
    const r = await s.api('/admin/api/login', { username: 'admin', password: adminPassword });
    expect(r).toMatchObject({ code: 200, message: MSG.loginSuccess, data: { token: expect.any(String) } });
    const me = await call(s, r.data.token, 'GET', '/me');
    expect(me).toMatchObject({ code: 200, data: { username: 'admin', role: 'super', role_label: '超级管理员' } });
    expect([...me.data.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });

  it(`asks for a captcha after ${LOGIN_CAPTCHA.afterFailures} wrong passwords instead of locking; the right password with a solved captcha signs in`, async () => {
    const st = await newStaff(s, admin, 'support');
    for (let i = 1; i < LOGIN_CAPTCHA.afterFailures; i++) {
      expect(await s.api('/admin/api/login', { username: st.username, password: 'wrong-pass' })).toMatchObject({ code: 400, message: MSG.loginWrong, data: null });
    }
    expect(await s.api('/admin/api/login', { username: st.username, password: 'wrong-pass' })).toMatchObject({ code: 400, message: MSG.loginWrong, data: CAPTCHA_DUE });
    expect(await s.api('/admin/api/login', { username: st.username, password: st.password })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
    const list = await call(s, admin, 'GET', '/staff');
    expect(list.data.find((x: { id: number }) => x.id === st.id)).toMatchObject({ login_captcha: true });
    const captcha = await solvedCaptcha(s, '/admin/api/captcha');
    expect(await s.api('/admin/api/login', { username: st.username, password: st.password, ...captcha })).toMatchObject({ code: 200, message: MSG.loginSuccess });
    // single use: the same captcha again is 验证码错误！ (the count starts again after the success, so fail again first)
    for (let i = 0; i < LOGIN_CAPTCHA.afterFailures; i++) await s.api('/admin/api/login', { username: st.username, password: 'wrong-pass' });
    expect(await s.api('/admin/api/login', { username: st.username, password: st.password, ...captcha })).toMatchObject({ code: 400, message: MSG.regCaptchaWrong, data: CAPTCHA_DUE });
  });

  it('cannot be used to lock `admin` out: after 20 wrong passwords from anyone admin signs in with a captcha', async () => {
    for (let i = 0; i < 20; i++) expect((await s.api('/admin/api/login', { username: 'admin', password: `guess-${i}-pass` })).code).toBe(400);
    expect(await s.api('/admin/api/login', { username: 'admin', password: adminPassword })).toMatchObject({ code: 400, message: MSG.regCaptchaEmpty, data: CAPTCHA_DUE });
    const r = await s.api('/admin/api/login', { username: 'admin', password: adminPassword, ...(await solvedCaptcha(s, '/admin/api/captcha')) });
    expect(r).toMatchObject({ code: 200, message: MSG.loginSuccess, data: { token: expect.any(String) } });
    expect((await call(s, r.data.token, 'GET', '/me')).data).toMatchObject({ username: 'admin' });
    // the success cleared the count: no captcha needed any more
    await staffLogin(s, 'admin', adminPassword);
  });

  it('accepts CAPTCHA_BYPASS_CODE as the code, as at registration', async () => {
    const st = await newStaff(s, admin, 'finance');
    for (let i = 0; i < LOGIN_CAPTCHA.afterFailures; i++) await s.api('/admin/api/login', { username: st.username, password: 'wrong-pass' });
    expect((await s.api('/admin/api/login', { username: st.username, password: st.password, code: CAPTCHA_BYPASS })).code).toBe(200);
  });

  it('refuses a disabled staff member with 员工账号已停用 and ends their sessions', async () => {
    const st = await newStaff(s, admin, 'finance');
    expect(await call(s, admin, 'POST', `/staff/${st.id}/state`, { state: 0 })).toMatchObject({ code: 200, data: { state: 0 } });
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ code: 401, message: MSG.sessionExpired });
    expect(await s.api('/admin/api/login', { username: st.username, password: st.password })).toMatchObject({ code: 403, message: ADMIN_MSG.staffDisabled });
    expect(await call(s, admin, 'POST', `/staff/${st.id}/state`, { state: 1 })).toMatchObject({ code: 200, data: { state: 1 } });
    await staffLogin(s, st.username, st.password);
  });
});

describe('staff sessions', () => {
  it('answers 请登录！ without a token and the expiry text for an unknown one', async () => {
    expect(await call(s, '', 'GET', '/me')).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
    expect(await call(s, 'not-a-token', 'GET', '/me')).toMatchObject({ code: 401, message: MSG.sessionExpired });
  });

  it('logout ends the session', async () => {
    const token = await staffLogin(s, 'admin', adminPassword);
    expect(await call(s, token, 'POST', '/logout')).toMatchObject({ code: 200, message: MSG.logoffSuccess });
    expect(await call(s, token, 'GET', '/me')).toMatchObject({ code: 401, message: MSG.sessionExpired });
    expect(await call(s, admin, 'GET', '/me')).toMatchObject({ code: 200 });
  });

  it('expires after 12 hours unused', async () => {
    const st = await newStaff(s, admin, 'support');
    await s.db.kysely.updateTable('staff_sessions').set({ last_seen_at: sql`now() - interval '11 hours'` }).where('staff_id', '=', st.id).execute();
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ code: 200 });
    await s.db.kysely.updateTable('staff_sessions').set({ last_seen_at: sql`now() - interval '13 hours'` }).where('staff_id', '=', st.id).execute();
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ code: 401, message: MSG.sessionExpired });
  });

  it('keeps staff and member tokens apart: a member token is 401 here and a staff token 401 on /api', async () => {
    const member = await registerMember(s);
    expect(await call(s, member.token, 'GET', '/me')).toMatchObject({ code: 401, message: MSG.sessionExpired });
    expect(await call(s, member.token, 'GET', '/members')).toMatchObject({ code: 401 });
    expect(await s.api('/api/user', {}, { token: admin })).toMatchObject({ code: 401 });
    expect(await s.api('/api/balance', {}, { token: admin })).toMatchObject({ code: 401 });
  });

  it('changing one’s own password needs the old one and ends one’s other sessions', async () => {
    const st = await newStaff(s, admin, 'operations');
    const other = await staffLogin(s, st.username, st.password);
    expect(await call(s, st.token, 'POST', '/password', { old_password: 'wrong-old', password: 'brand-New-pass1' })).toMatchObject({ code: 400, message: MSG.oldPasswordWrong });
    expect(await call(s, st.token, 'POST', '/password', { old_password: st.password, password: 'short' })).toMatchObject({ code: 400, message: ADMIN_MSG.staffPassword });
    expect(await call(s, st.token, 'POST', '/password', { old_password: st.password, password: 'brand-New-pass1' })).toMatchObject({ code: 200, message: MSG.passwordChanged });
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ code: 200 });
    expect(await call(s, other, 'GET', '/me')).toMatchObject({ code: 401 });
    await staffLogin(s, st.username, 'brand-New-pass1');
    // the first sign-in's change of the temporary password (newStaff), then this one
    expect(await auditRows(s, 'staff.own_password', `staff:${st.id}`)).toHaveLength(2);
  });
});

describe('roles and permissions', () => {
  const tokens = {} as Record<StaffRole, string>;
  beforeAll(async () => {
    tokens.super = admin;
    for (const role of ['finance', 'operations', 'support'] as const) tokens[role] = (await newStaff(s, admin, role)).token;
  });

  it.each(STAFF_ROLES)('/me lists exactly the permissions of %s', async (role) => {
    const me = await call(s, tokens[role], 'GET', '/me');
    expect(me).toMatchObject({ code: 200, data: { role } });
    expect([...me.data.permissions].sort()).toEqual([...ROLE_PERMISSIONS[role]].sort());
  });

  it('every route checks its permission: 403 无权执行此操作 without it, never 401 or 403 with it', async () => {
    const guarded = ADMIN_ROUTES.filter((r) => r.access !== 'public' && r.access !== 'staff');
    expect(guarded.length).toBeGreaterThan(15);
    // Every route × every role, a few requests in flight at a time (one after another took most of the test's timeout).
    const checks = guarded.flatMap((r) => STAFF_ROLES.map((role) => ({ r, role })));
    await inFlight(checks, ROUTE_CHECKS_IN_FLIGHT, async ({ r, role }) => {
      const url = r.path.replace(':id', '987654321').replace(':code', 'bank');
      const allowed = ROLE_PERMISSIONS[role].includes(r.access as never);
      if (r.file) {
        // An export: the file with the permission, the 403 envelope without.
        const f = await adminFile(s, tokens[role], url);
        if (allowed) expect(f.type, `${role} ${r.method} ${r.path}`).toMatch(/^text\/csv/);
        else expect(f.envelope, `${role} ${r.method} ${r.path}`).toMatchObject({ code: 403, message: MSG.forbidden, data: null });
        return;
      }
      const res = await call(s, tokens[role], r.method, url, r.method === 'POST' ? {} : undefined);
      if (allowed) expect([401, 403], `${role} ${r.method} ${r.path}`).not.toContain(res.code);
      else expect(res, `${role} ${r.method} ${r.path}`).toMatchObject({ code: 403, message: MSG.forbidden, data: null });
    });
  });

  it('a support token gets 403 on approving, rejecting, adjusting and settings; support may read members', async () => {
    const t = tokens.support;
    expect(await call(s, t, 'POST', '/deposits/1/approve')).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await call(s, t, 'POST', '/withdrawals/1/reject', { reason: 'x' })).toMatchObject({ code: 403 });
    expect(await call(s, t, 'POST', '/members/1/adjust', { amount: 10, reason: 'x' })).toMatchObject({ code: 403 });
    expect(await call(s, t, 'GET', '/pay-methods')).toMatchObject({ code: 403 });
    expect(await call(s, t, 'GET', '/audit-log')).toMatchObject({ code: 403 });
    expect(await call(s, t, 'GET', '/members')).toMatchObject({ code: 200 });
  });

  it('operations reads orders and settings but changes no money and no settings', async () => {
    const t = tokens.operations;
    expect(await call(s, t, 'GET', '/deposits')).toMatchObject({ code: 200 });
    expect(await call(s, t, 'GET', '/pay-methods')).toMatchObject({ code: 200 });
    expect(await call(s, t, 'POST', '/deposits/1/approve')).toMatchObject({ code: 403 });
    expect(await call(s, t, 'POST', '/pay-methods/bank', { enabled: true, min: 100, max: 200 })).toMatchObject({ code: 403 });
    expect(await call(s, t, 'GET', '/ledger/check')).toMatchObject({ code: 403 });
  });

  it('only super manages staff', async () => {
    for (const role of ['finance', 'operations', 'support'] as const) {
      expect(await call(s, tokens[role], 'GET', '/staff')).toMatchObject({ code: 403 });
      expect(await call(s, tokens[role], 'POST', '/staff', { username: uniqueName('x'), password: STAFF_PASSWORD, role: 'super' })).toMatchObject({ code: 403 });
    }
  });
});

describe('staff management', () => {
  it.each([
    [{ username: 'ab', password: STAFF_PASSWORD, role: 'support' }, ADMIN_MSG.staffUsername],
    [{ username: 'bad name!', password: STAFF_PASSWORD, role: 'support' }, ADMIN_MSG.staffUsername],
    [{ username: 'valid_name', password: 'short', role: 'support' }, ADMIN_MSG.staffPassword],
    [{ username: 'valid_name', password: 'x'.repeat(65), role: 'support' }, ADMIN_MSG.staffPassword],
    [{ username: 'valid_name', password: STAFF_PASSWORD, role: 'root' }, ADMIN_MSG.staffRole],
    [{ username: 'valid_name', password: STAFF_PASSWORD }, ADMIN_MSG.staffRole],
  ])('refuses %j with its message', async (body, message) => {
    expect(await call(s, admin, 'POST', '/staff', body)).toMatchObject({ code: 400, message });
  });

  it('creates a staff member once (audited, no password in the trail) and refuses the name twice', async () => {
    const username = uniqueName('dup');
    const r = await call(s, admin, 'POST', '/staff', { username, password: STAFF_PASSWORD, role: 'finance' });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.staffCreated, data: { username, role: 'finance', role_label: '财务', state: 1, login_captcha: false } });
    expect(await call(s, admin, 'POST', '/staff', { username, password: STAFF_PASSWORD, role: 'support' })).toMatchObject({ code: 400, message: MSG.regUsernameTaken });
    const [row] = await auditRows(s, 'staff.create', `staff:${r.data.id}`);
    expect(row).toMatchObject({ staff_name: 'admin', before: null, after: { username, role: 'finance' }, ip: '127.0.0.1' });
    expect(JSON.stringify(row)).not.toContain(STAFF_PASSWORD);
  });

  it('names a staff member 客服<id> unless given a display name; 员工管理 changes it (audited), never with a bad one', async () => {
    const list = async () => (await call(s, admin, 'GET', '/staff')).data as { id: number; username: string; display_name: string }[];
    const first = (await list()).find((x) => x.username === 'admin')!;
    expect(first.display_name).toBe(`客服${first.id}`);
    const unnamed = await call(s, admin, 'POST', '/staff', { username: uniqueName('nm'), password: STAFF_PASSWORD, role: 'support' });
    expect(unnamed.data.display_name).toBe(`客服${unnamed.data.id}`);
    const named = await call(s, admin, 'POST', '/staff', { username: uniqueName('nm'), password: STAFF_PASSWORD, role: 'support', display_name: '  阿强 ' });
    expect(named.data.display_name).toBe('阿强');
    expect((await auditRows(s, 'staff.create', `staff:${named.data.id}`))[0]!.after).toMatchObject({ display_name: '阿强' });
    expect(await call(s, admin, 'POST', '/staff', { username: uniqueName('nm'), password: STAFF_PASSWORD, role: 'support', display_name: '长'.repeat(STAFF_DISPLAY_NAME.max + 1) })).toMatchObject({ code: 400, message: STAFF_NAME_MSG.displayName });

    const id = unnamed.data.id as number;
    for (const bad of ['', '   ', '长'.repeat(STAFF_DISPLAY_NAME.max + 1), 'a\u0001b']) {
      expect(await call(s, admin, 'POST', `/staff/${id}/name`, { display_name: bad })).toMatchObject({ code: 400, message: STAFF_NAME_MSG.displayName });
    }
    expect(await call(s, admin, 'POST', `/staff/${id}/name`, { display_name: ' 小美 ' })).toMatchObject({ code: 200, message: STAFF_NAME_MSG.saved, data: { id, display_name: '小美' } });
    expect((await list()).find((x) => x.id === id)!.display_name).toBe('小美');
    expect(await auditRows(s, 'staff.display_name', `staff:${id}`)).toMatchObject([{ staff_name: 'admin', before: { display_name: `客服${id}` }, after: { display_name: '小美' } }]);
    expect(await call(s, admin, 'POST', '/staff/987654/name', { display_name: '小美' })).toMatchObject({ code: 404, message: ADMIN_MSG.staffMissing });
    const support = await newStaff(s, admin, 'support');
    expect(await call(s, support.token, 'POST', `/staff/${id}/name`, { display_name: '改名' })).toMatchObject({ code: 403 });
  });

  it('shows in 最近登录 the time and IP of the last sign-in, the first one included', async () => {
    const username = uniqueName('ll');
    const created = await call(s, admin, 'POST', '/staff', { username, password: STAFF_PASSWORD, role: 'support' });
    const row = async () => ((await call(s, admin, 'GET', '/staff')).data as { id: number; last_login_at: string; last_login_ip: string }[]).find((x) => x.id === created.data.id)!;
    expect(await row()).toMatchObject({ last_login_at: '', last_login_ip: '' });
    const before = Date.now();
    await staffLogin(s, username, STAFF_PASSWORD);
    const after = Date.now();
    const seen = await row();
    expect(seen.last_login_ip).toBe('127.0.0.1');
    // Beijing wall time of the sign-in, to the second
    const at = new Date(`${seen.last_login_at.replace(' ', 'T')}+08:00`).getTime();
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(after);
  });

  it('shows in a member’s 最近登录 the registration as the first sign-in, then each login', async () => {
    const lastLogin = async (id: number) => {
      const list = (await call(s, admin, 'GET', `/members?keyword=${id}`)).data.data as { id: number; last_login_at: string }[];
      const detail = (await call(s, admin, 'GET', `/members/${id}`)).data.profile as { last_login_at: string; last_login_ip: string };
      expect(list.find((x) => x.id === id)!.last_login_at).toBe(detail.last_login_at);
      return { at: new Date(`${detail.last_login_at.replace(' ', 'T')}+08:00`).getTime(), ip: detail.last_login_ip };
    };
    const before = Date.now();
    const m = await registerMember(s, uniqueName('rl'), 'secret123', { payPassword: null });
    const registered = Date.now();
    const id = (await s.db.kysely.selectFrom('members').select('id').where('username', '=', m.name).executeTakeFirstOrThrow()).id;
    const first = await lastLogin(id);
    expect(first.ip).toBe('127.0.0.1');
    expect(first.at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(first.at).toBeLessThanOrEqual(registered);
    // A later login moves it on (Beijing wall time, to the second).
    await s.db.kysely.updateTable('members').set({ last_login_at: new Date(before - 3_600_000) }).where('id', '=', id).execute();
    const login = await s.api('/api/login_pc', { name: m.name, password: m.password });
    expect(login.code, login.message).toBe(200);
    expect((await lastLogin(id)).at).toBeGreaterThanOrEqual(Math.floor(registered / 1000) * 1000);
  });

  it('changes a role (audited with before and after); nobody changes or disables themselves', async () => {
    const st = await newStaff(s, admin, 'support');
    expect(await call(s, admin, 'POST', `/staff/${st.id}/role`, { role: 'finance' })).toMatchObject({ code: 200, data: { role: 'finance' } });
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ data: { role: 'finance' } });
    expect(await auditRows(s, 'staff.role', `staff:${st.id}`)).toMatchObject([{ before: { role: 'support' }, after: { role: 'finance' } }]);
    expect(await call(s, admin, 'POST', `/staff/${st.id}/role`, { role: 'boss' })).toMatchObject({ code: 400, message: ADMIN_MSG.staffRole });
    const me = (await call(s, admin, 'GET', '/me')).data.id;
    expect(await call(s, admin, 'POST', `/staff/${me}/role`, { role: 'support' })).toMatchObject({ code: 400, message: ADMIN_MSG.staffSelf });
    expect(await call(s, admin, 'POST', `/staff/${me}/state`, { state: 0 })).toMatchObject({ code: 400, message: ADMIN_MSG.staffSelf });
    expect(await call(s, admin, 'POST', `/staff/${st.id}/state`, { state: 5 })).toMatchObject({ code: 400 });
    expect(await call(s, admin, 'POST', '/staff/987654/state', { state: 0 })).toMatchObject({ code: 404, message: ADMIN_MSG.staffMissing });
    expect(await call(s, admin, 'POST', '/staff/abc/state', { state: 0 })).toMatchObject({ code: 400 });
  });

  it('a password reset ends the staff member’s sessions', async () => {
    const st: Staff = await newStaff(s, admin, 'support');
    expect(await call(s, admin, 'POST', `/staff/${st.id}/password`, { password: 'short' })).toMatchObject({ code: 400, message: ADMIN_MSG.staffPassword });
    expect(await call(s, admin, 'POST', `/staff/${st.id}/password`, { password: 'reset-Pass-789' })).toMatchObject({ code: 200 });
    expect(await call(s, st.token, 'GET', '/me')).toMatchObject({ code: 401 });
    expect(await s.api('/admin/api/login', { username: st.username, password: st.password })).toMatchObject({ code: 400, message: MSG.loginWrong });
    await staffLogin(s, st.username, 'reset-Pass-789');
    expect(await auditRows(s, 'staff.password', `staff:${st.id}`)).toHaveLength(1);
  });

  it('a password another staff member chose is temporary: its owner can only read /me, sign out and change it, then works', async () => {
    const username = uniqueName('tmp');
    const created = await call(s, admin, 'POST', '/staff', { username, password: 'given-Pass-123', role: 'finance' });
    expect(created).toMatchObject({ code: 200, data: { password_change_due: true } });
    const id = created.data.id as number;
    for (const stage of ['created', 'reset'] as const) {
      if (stage === 'reset') expect(await call(s, admin, 'POST', `/staff/${id}/password`, { password: 'given-Pass-123' })).toMatchObject({ code: 200 });
      const token = await staffLogin(s, username, 'given-Pass-123');
      expect(await call(s, token, 'GET', '/me')).toMatchObject({ code: 200, data: { username, password_change_due: true } });
      for (const [method, path] of [['GET', '/deposits'], ['GET', '/withdrawals'], ['POST', '/2fa/setup']] as const) {
        expect(await call(s, token, method, path)).toMatchObject({ code: 403, message: STAFF_PASSWORD_CHANGE_MSG.required });
      }
      expect((await call(s, admin, 'GET', '/staff')).data.find((x: { id: number }) => x.id === id)).toMatchObject({ password_change_due: true });
      // the same password again is no change (the contract's rule), the order of checks unchanged
      expect(await call(s, token, 'POST', '/password', { old_password: 'given-Pass-123', password: 'given-Pass-123' })).toMatchObject({ code: 400, message: MSG.passwordSame });
      expect(await call(s, token, 'POST', '/password', { old_password: 'given-Pass-123', password: `own-${stage}-Pass-1` })).toMatchObject({ code: 200, message: STAFF_PASSWORD_CHANGE_MSG.done });
      expect(await call(s, token, 'GET', '/me')).toMatchObject({ code: 200, data: { password_change_due: false } });
      expect(await call(s, token, 'GET', '/deposits')).toMatchObject({ code: 200 });
      expect((await call(s, admin, 'GET', '/staff')).data.find((x: { id: number }) => x.id === id)).toMatchObject({ password_change_due: false });
    }
    expect(await auditRows(s, 'staff.own_password', `staff:${id}`)).toHaveLength(2);
  });
});

describe('audit log', () => {
  it('cannot be changed: UPDATE, DELETE and TRUNCATE on audit_log fail in the database', async () => {
    const before = await s.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await expect(sql`UPDATE audit_log SET action = 'forged' WHERE id = ${before[0].id}`.execute(s.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = ${before[0].id}`.execute(s.db.kysely)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(s.db.kysely)).rejects.toThrow(/append-only/);
    const after = await s.db.kysely.selectFrom('audit_log').selectAll().where('id', '<=', before[before.length - 1].id).orderBy('id').execute();
    expect(after).toEqual(before);
  });

  it('no route edits or deletes it: the audit log is only ever read', () => {
    const touching = ADMIN_ROUTES.filter((r) => r.path.includes('audit'));
    // the log itself, and a member's part of it on the member 360° view
    expect(touching.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /members/:id/audit', 'GET /audit-log', 'GET /audit-log.csv']);
  });

  it('lists newest first with who, what, where and when; filters by staff and action', async () => {
    const st = await newStaff(s, admin, 'support');
    const r = await call(s, admin, 'GET', '/audit-log?page=1');
    expect(r).toMatchObject({ code: 200, data: { current_page: 1, per_page: 20 } });
    const ids = r.data.data.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    // newest: the new staff member's change of its temporary password, after its sign-in
    expect(r.data.data[1]).toMatchObject({ staff_name: st.username, action: 'staff.login', action_label: '员工登录' });
    expect(r.data.data[0]).toMatchObject({ staff_name: st.username, action: 'staff.own_password', action_label: '修改本人密码', ip: '127.0.0.1', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const mine = await call(s, admin, 'GET', `/audit-log?staff=${st.username}`);
    expect(mine.data.data.every((e: { staff_name: string }) => e.staff_name === st.username)).toBe(true);
    const creations = await call(s, admin, 'GET', '/audit-log?action=staff.create');
    expect(creations.data.total).toBeGreaterThan(1);
    expect(creations.data.data.every((e: { action: string }) => e.action === 'staff.create')).toBe(true);
    expect(await call(s, admin, 'GET', '/audit-log?page=abc')).toMatchObject({ code: 200, data: { current_page: 1 } });
  });
});

describe('GET /admin/api/openapi.json', () => {
  it('describes every route of the table with its method, permission and request body', async () => {
    const r = await s.api('/admin/api/openapi.json', undefined, { method: 'GET' });
    expect(r.code).toBe(200);
    const doc = r.data;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.Envelope.required).toEqual(['code', 'message', 'data']);
    let operations = 0;
    for (const paths of Object.values(doc.paths) as Array<Record<string, unknown>>) operations += Object.keys(paths).length;
    expect(operations).toBe(ADMIN_ROUTES.length);
    for (const route of ADMIN_ROUTES) {
      const op = doc.paths[`/admin/api${route.path.replace(/:(\w+)/g, '{$1}')}`]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op['x-permission']).toBe(route.access);
      expect(!!op.requestBody).toBe(!!route.body);
    }
    expect(doc['x-roles'].support.permissions).toEqual([...ROLE_PERMISSIONS.support]);
    expect(doc['x-roles'].support.permissions).toEqual(expect.arrayContaining(['members.read', 'lottery.read', 'lottery.chat', 'loyalty.read']));
    // A file route says what it answers: the file, or the envelope when refused.
    for (const route of ADMIN_ROUTES.filter((r) => r.file)) {
      const content = doc.paths[`/admin/api${route.path}`][route.method.toLowerCase()].responses['200'].content;
      expect(Object.keys(content), route.path).toEqual(['text/csv', 'application/json']);
    }
    expect(ADMIN_ROUTES.filter((r) => r.file).map((r) => r.path)).toEqual(['/rebate/records.csv', '/activity-applications.csv', '/redpacket/draws.csv', '/commission/statements.csv', '/audit-log.csv', '/reports/report.csv']);
  });

  it('keeps the route names of DESIGN §10', async () => {
    const doc = (await s.api('/admin/api/openapi.json', undefined, { method: 'GET' })).data;
    const fixed = [
      ['post', '/admin/api/login'],
      ['get', '/admin/api/deposits'],
      ['post', '/admin/api/deposits/{id}/approve'],
      ['post', '/admin/api/deposits/{id}/reject'],
      ['get', '/admin/api/withdrawals'],
      ['post', '/admin/api/withdrawals/{id}/approve'],
      ['post', '/admin/api/withdrawals/{id}/reject'],
      ['get', '/admin/api/members'],
      ['get', '/admin/api/members/{id}'],
      ['post', '/admin/api/members/{id}/adjust'],
      ['get', '/admin/api/audit-log'],
      ['get', '/admin/api/ledger/check'],
      ['get', '/admin/api/openapi.json'],
    ];
    for (const [method, p] of fixed) expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    const adjust = doc.paths['/admin/api/members/{id}/adjust'].post;
    expect(Object.keys(adjust.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['amount', 'reason', 'turnover_multiple']));
    expect(adjust.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});

describe('the console at /admin/', () => {
  it('serves the built console, index.html for its own routes, hashed assets for a year', async () => {
    for (const p of ['/admin', '/admin/', '/admin/deposits', '/admin/members/12']) {
      const res = await fetch(s.url + p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toContain('<title>后台</title>');
    }
    const asset = await fetch(`${s.url}/admin/assets/index-AbCd1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a built file that is not there (a chunk of an older build) with 404, not the page', async () => {
    const gone = await fetch(`${s.url}/admin/assets/MembersPage-Gone1234.js`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 404, message: MSG.notFound });
  });

  it('keeps unknown /admin/api/ paths an envelope', async () => {
    expect(await s.api('/admin/api/nope', undefined, { method: 'GET' })).toMatchObject({ status: 404, code: 404, message: MSG.notFound });
    expect(await s.api('/admin/api/nope', {})).toMatchObject({ status: 404, code: 404 });
  });
});

describe('robustness', () => {
  it('keeps working in maintenance, when member endpoints answer 503', async () => {
    await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 0 } }));
    try {
      const member = await registerMember(s).catch(() => null);
      expect(member).toBeNull();
      expect(await call(s, admin, 'GET', '/me')).toMatchObject({ code: 200 });
      expect(await call(s, admin, 'GET', '/members')).toMatchObject({ code: 200 });
    } finally {
      await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 1 } }));
    }
  });

  it('answers any body on any route with a Chinese envelope, never a 500', async () => {
    const withBody = ADMIN_ROUTES.filter((r) => r.body);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBody), fc.anything({ maxDepth: 2 }), fc.constantFrom('987654321', '0', 'x', '9'.repeat(40), '%2e%2e'), async (r, body, id) => {
        const url = r.path.replace(':id', id).replace(':code', 'bank');
        const res = await call(s, admin, 'POST', url, body);
        expect(res.code, `${url} ${JSON.stringify(body)}`).not.toBe(500);
        expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
      }),
      { numRuns: 150 },
    );
  });
});

describe('login rate limit', () => {
  it('answers 429 操作过于频繁 past the per-minute limit', async () => {
    const limited = await startServer({ adminPassword: 'limited-Admin-1', rateLimits: { login: 3, register: 0, captcha: 0, withdraw: 0, bindcard: 0 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.api('/admin/api/login', { username: 'admin', password: 'wrong-password' })).code);
      expect(codes).toEqual([400, 400, 400, 429]);
      expect(await limited.api('/admin/api/login', { username: 'admin', password: 'limited-Admin-1' })).toMatchObject({ status: 429, code: 429, message: MSG.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
