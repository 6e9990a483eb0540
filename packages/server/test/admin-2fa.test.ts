import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, CODE, MSG, STAFF_2FA_MSG, STAFF_PASSWORD_CHANGE_MSG, STAFF_TOTP, type StaffMe, type StaffTotpSetup } from '@app/contract';
import { takeGeneratedAdminPassword } from '../src/modules/staff/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, STAFF_PASSWORD, staffLogin, type Staff } from './admin-support.js';
import { attachServer, CAPTCHA_BYPASS, startServer, type TestServer } from './harness.js';

/**
 * Staff two-factor sign-in (contract staff/security.ts): enrolment with a first
 * code, sign-in in two steps (otp_required, then the code), a code good once, disabling with both
 * factors, a super admin's reset, and the operator's switch that keeps super admins and finance
 * without it to enrolment only. Every change audited.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
});
afterAll(() => s.close());

/** The code an authenticator shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: STAFF_TOTP.digits, period: STAFF_TOTP.periodSeconds, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STAFF_TOTP.periodSeconds * 1000,
  });
const login = (username: string, body: Record<string, string> = {}) => s.api('/admin/api/login', { username, password: STAFF_PASSWORD, ...body });

async function enrolled(role: 'finance' | 'support' = 'finance'): Promise<Staff & { secret: string }> {
  const st = await newStaff(s, admin, role);
  const setup = await adminCall<StaffTotpSetup>(s, st.token, 'POST', '/2fa/setup');
  expect(setup.code).toBe(CODE.ok);
  expect(await adminCall(s, st.token, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret) })).toMatchObject({ code: CODE.ok, message: STAFF_2FA_MSG.enabled });
  return { ...st, secret: setup.data.secret };
}

describe('enrolment', () => {
  it('gives a secret and an otpauth URI, and turns on only with a right code', async () => {
    const st = await newStaff(s, admin, 'support');
    expect((await adminCall<StaffMe>(s, st.token, 'GET', '/me')).data).toMatchObject({ totp_enabled: false, totp_due: false });
    expect(await adminCall(s, st.token, 'POST', '/2fa/enable', { code: '123456' })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.setupFirst });
    const setup = await adminCall<StaffTotpSetup>(s, st.token, 'POST', '/2fa/setup');
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.uri).toMatch(new RegExp(`^otpauth://totp/.+${st.username}\\?.*secret=${setup.data.secret}`));
    for (const code of ['', '12345', 'abcdef']) {
      expect(await adminCall(s, st.token, 'POST', '/2fa/enable', { code })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.code });
    }
    expect(await adminCall(s, st.token, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret, 5) })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.otpWrong });
    expect((await adminCall(s, st.token, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret) })).code).toBe(CODE.ok);
    expect((await adminCall<StaffMe>(s, st.token, 'GET', '/me')).data.totp_enabled).toBe(true);
    expect(await adminCall(s, st.token, 'POST', '/2fa/setup')).toMatchObject({ code: CODE.conflict, message: STAFF_2FA_MSG.alreadyOn });
    expect(await auditRows(s, 'staff.2fa_enable', `staff:${st.id}`)).toHaveLength(1);
    // the list shows it
    const list = await adminCall<{ id: number; totp_enabled: boolean }[]>(s, admin, 'GET', '/staff');
    expect(list.data.find((x) => x.id === st.id)?.totp_enabled).toBe(true);
  });
});

describe('signing in', () => {
  it('asks for the code after the right password, takes a right one once, and counts a wrong one as a failure', async () => {
    const st = await enrolled();
    // the right password alone: no token, otp_required
    expect(await login(st.username)).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.otpRequired, data: { otp_required: 1 } });
    // a wrong password says nothing about a second factor
    expect(await s.api('/admin/api/login', { username: st.username, password: 'wrong-Pass-1', otp: '000000' })).toMatchObject({ code: CODE.badRequest, message: MSG.loginWrong });
    // a wrong code
    const wrong = await login(st.username, { otp: codeOf(st.secret, 4) });
    expect(wrong).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.otpWrong });
    expect(wrong.data.otp_required).toBe(1);
    // the code of the next step is taken (clock drift within one step); three refusals on the name
    // make the next sign-in need a captcha, as for any failed password
    const next = codeOf(st.secret, 1);
    expect(await login(st.username, { otp: next })).toMatchObject({ code: CODE.badRequest, data: { captcha_required: 1 } });
    const ok = await login(st.username, { otp: next, code: CAPTCHA_BYPASS });
    expect(ok.code, ok.message).toBe(CODE.ok);
    expect((await adminCall<StaffMe>(s, ok.data.token, 'GET', '/me')).data.username).toBe(st.username);
    // the same code again (a replay), or the current one (an earlier step), is refused
    expect(await login(st.username, { otp: next, code: CAPTCHA_BYPASS })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.otpWrong });
  });

  it('turns off only with the password and a code; a super admin can reset it, ending the sessions', async () => {
    const st = await enrolled('support');
    expect(await adminCall(s, st.token, 'POST', '/2fa/disable', { password: 'nope-Pass-1', code: codeOf(st.secret, 1) })).toMatchObject({ code: CODE.badRequest, message: MSG.oldPasswordWrong });
    expect(await adminCall(s, st.token, 'POST', '/2fa/disable', { password: STAFF_PASSWORD, code: '' })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.code });
    expect((await adminCall(s, st.token, 'POST', '/2fa/disable', { password: STAFF_PASSWORD, code: codeOf(st.secret, 1) })).code).toBe(CODE.ok);
    expect((await login(st.username)).code).toBe(CODE.ok);

    const other = await enrolled('support');
    expect(await adminCall(s, other.token, 'POST', `/staff/${st.id}/2fa/reset`)).toMatchObject({ code: CODE.forbidden, message: MSG.forbidden });
    expect(await adminCall(s, admin, 'POST', `/staff/${other.id}/2fa/reset`)).toMatchObject({ code: CODE.ok, message: STAFF_2FA_MSG.reset });
    expect((await adminCall(s, other.token, 'GET', '/me')).code).toBe(CODE.unauthorized);
    expect((await login(other.username)).code).toBe(CODE.ok);
    expect(await adminCall(s, admin, 'POST', '/staff/999999/2fa/reset')).toMatchObject({ code: CODE.notFound, message: ADMIN_MSG.staffMissing });
    expect(await auditRows(s, 'staff.2fa_reset', `staff:${other.id}`)).toHaveLength(1);
    expect(await auditRows(s, 'staff.2fa_disable', `staff:${st.id}`)).toHaveLength(1);
  });
});

describe("the operator's switch", () => {
  it('keeps a finance member without two-factor sign-in to enrolment, never support; it cannot be turned off meanwhile', async () => {
    const finance = await newStaff(s, admin, 'finance');
    const support = await newStaff(s, admin, 'support');
    const keeper = await enrolled('finance');
    expect(await adminCall(s, finance.token, 'POST', '/security', { totp_required: true })).toMatchObject({ code: CODE.forbidden });
    // the super admin itself has no second factor: switching it on keeps it to enrolment too, so it is
    // switched on by a super admin with one
    const boss = await newStaff(s, admin, 'super');
    const bossSetup = await adminCall<StaffTotpSetup>(s, boss.token, 'POST', '/2fa/setup');
    await adminCall(s, boss.token, 'POST', '/2fa/enable', { code: codeOf(bossSetup.data.secret) });
    expect(await adminCall(s, boss.token, 'POST', '/security', { totp_required: true })).toMatchObject({ code: CODE.ok, message: STAFF_2FA_MSG.securitySaved });
    try {
      expect((await adminCall(s, boss.token, 'GET', '/security')).data).toEqual({ totp_required: true });
      // finance without it: only enrolment
      expect(await adminCall(s, finance.token, 'GET', '/deposits')).toMatchObject({ code: CODE.forbidden, message: STAFF_2FA_MSG.required });
      expect((await adminCall<StaffMe>(s, finance.token, 'GET', '/me')).data).toMatchObject({ totp_due: true, totp_enabled: false });
      // support is not covered; finance with it works
      expect((await adminCall(s, support.token, 'GET', '/members')).code).toBe(CODE.ok);
      expect((await adminCall(s, keeper.token, 'GET', '/deposits')).code).toBe(CODE.ok);
      expect(await adminCall(s, keeper.token, 'POST', '/2fa/disable', { password: STAFF_PASSWORD, code: codeOf(keeper.secret, 1) })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.cannotDisable });
      // enrolment lifts it at once
      const setup = await adminCall<StaffTotpSetup>(s, finance.token, 'POST', '/2fa/setup');
      await adminCall(s, finance.token, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret) });
      expect((await adminCall(s, finance.token, 'GET', '/deposits')).code).toBe(CODE.ok);
      expect((await adminCall<StaffMe>(s, finance.token, 'GET', '/me')).data.totp_due).toBe(false);
    } finally {
      await adminCall(s, boss.token, 'POST', '/security', { totp_required: false });
    }
    const rows = await auditRows(s, 'staff.security', 'staff_security');
    expect(rows.map((r) => r.after)).toEqual([{ totp_required: true }, { totp_required: false }]);
  });
});

describe('a fresh install', () => {
  it('reads STAFF_TOTP_REQUIRED: on unless set to off', () => {
    expect(loadConfig({}).staffTotpRequired).toBe(true);
    expect(loadConfig({ STAFF_TOTP_REQUIRED: 'on' }).staffTotpRequired).toBe(true);
    for (const off of ['off', 'OFF', '0', 'false']) expect(loadConfig({ STAFF_TOTP_REQUIRED: off }).staffTotpRequired).toBe(false);
  });

  it('requires two-step sign-in of super and finance: the first admin changes its generated password, then enrols, then works', async () => {
    const fresh = await startServer({ staffTotpRequired: true, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
    try {
      const generated = takeGeneratedAdminPassword(fresh.db.kysely)!;
      const first = await fresh.api('/admin/api/login', { username: 'admin', password: generated });
      expect(first.code, first.message).toBe(CODE.ok);
      const token = first.data.token as string;
      expect((await adminCall<StaffMe>(fresh, token, 'GET', '/me')).data).toMatchObject({ password_change_due: true, totp_due: true, totp_enabled: false });
      // the temporary password first
      expect(await adminCall(fresh, token, 'GET', '/members')).toMatchObject({ code: CODE.forbidden, message: STAFF_PASSWORD_CHANGE_MSG.required });
      expect(await adminCall(fresh, token, 'POST', '/2fa/setup')).toMatchObject({ code: CODE.forbidden, message: STAFF_PASSWORD_CHANGE_MSG.required });
      expect((await adminCall(fresh, token, 'POST', '/password', { old_password: generated, password: ADMIN_PASSWORD })).code).toBe(CODE.ok);
      // then the second factor: nothing else until it is on
      expect(await adminCall(fresh, token, 'GET', '/members')).toMatchObject({ code: CODE.forbidden, message: STAFF_2FA_MSG.required });
      expect((await adminCall<StaffMe>(fresh, token, 'GET', '/me')).data).toMatchObject({ password_change_due: false, totp_due: true });
      const setup = await adminCall<StaffTotpSetup>(fresh, token, 'POST', '/2fa/setup');
      expect((await adminCall(fresh, token, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret) })).code).toBe(CODE.ok);
      expect((await adminCall(fresh, token, 'GET', '/members')).code).toBe(CODE.ok);
      expect((await adminCall(fresh, token, 'GET', '/security')).data).toEqual({ totp_required: true });
      // the next sign-in asks for the code
      expect(await fresh.api('/admin/api/login', { username: 'admin', password: ADMIN_PASSWORD })).toMatchObject({ code: CODE.badRequest, message: STAFF_2FA_MSG.otpRequired, data: { otp_required: 1 } });
      // it covers finance, never support
      const finance = await newStaff(fresh, token, 'finance');
      const support = await newStaff(fresh, token, 'support');
      expect(await adminCall(fresh, finance.token, 'GET', '/deposits')).toMatchObject({ code: CODE.forbidden, message: STAFF_2FA_MSG.required });
      expect((await adminCall(fresh, support.token, 'GET', '/members')).code).toBe(CODE.ok);
      // staff change it later in the console as before; a later start (STAFF_TOTP_REQUIRED or not) leaves their choice
      expect((await adminCall(fresh, token, 'POST', '/security', { totp_required: false })).code).toBe(CODE.ok);
      const later = await attachServer(fresh, { staffTotpRequired: true });
      try {
        expect((await adminCall(later, token, 'GET', '/security')).data).toEqual({ totp_required: false });
        expect((await adminCall(later, finance.token, 'GET', '/deposits')).code).toBe(CODE.ok);
      } finally {
        await later.close();
      }
    } finally {
      await fresh.close();
    }
    }, 120_000);

  it('starts with the requirement off when STAFF_TOTP_REQUIRED=off', async () => {
    const fresh = await startServer({ staffTotpRequired: false, adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
    try {
      const token = await staffLogin(fresh, 'admin', ADMIN_PASSWORD);
      expect((await adminCall<StaffMe>(fresh, token, 'GET', '/me')).data).toMatchObject({ totp_due: false });
      expect((await adminCall(fresh, token, 'GET', '/security')).data).toEqual({ totp_required: false });
      const finance = await newStaff(fresh, token, 'finance');
      expect((await adminCall(fresh, finance.token, 'GET', '/deposits')).code).toBe(CODE.ok);
    } finally {
      await fresh.close();
    }
    }, 120_000);
});
