import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STAFF_2FA_MSG, STAFF_PASSWORD_CHANGE_MSG, STAFF_TOTP } from '@app/contract';
import { takeGeneratedAdminPassword } from '../../server/src/modules/staff/bootstrap.js';
import {
  ADMIN_PASSWORD,
  consoleMessageIs,
  inConsole,
  newDesktop,
  type Platform,
  signInConsole,
  staffApi,
  staffLoginViaApi,
  startPlatform,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  newStaffViaApi,
} from '../harness.js';

/**
 * Staff two-factor sign-in in the console at 1280×800: a finance member enrols from
 * the account menu (the QR and the secret, then a first code), signs out and back in with the code
 * the login page asks for; the super admin requires it of super admins and finance, and a finance
 * member without it sees only the enrolment screen until it is on.
 */
let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const PASSWORD = 'finance-Pass-1';
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: STAFF_TOTP.digits, period: STAFF_TOTP.periodSeconds, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * STAFF_TOTP.periodSeconds * 1000,
  });

async function financeMember(): Promise<string> {
  const username = uniqueName('fi');
  await newStaffViaApi(platform, admin, { username, password: PASSWORD, role: 'finance' });
  return username;
}

describe('a fresh install', () => {
  it('has the first admin change its generated password at its first sign-in, then enrol, then opens on 数据概览', async () => {
    // STAFF_TOTP_REQUIRED's default: required of super and finance from the start.
    const fresh = await startPlatform({ staffTotpRequired: true, ...(process.env.E2E_ADMIN_DIST ? { adminDist: process.env.E2E_ADMIN_DIST } : {}) });
    const ctx = await newDesktop(browser);
    try {
      const generated = takeGeneratedAdminPassword(fresh.db.kysely)!;
      const page = await ctx.newPage();
      await page.goto(`${fresh.url}/admin/`);
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(generated);
      await page.getByTestId('login-submit').click();
      // first the temporary password…
      const card = page.getByTestId('password-required');
      await card.getByText(STAFF_PASSWORD_CHANGE_MSG.required).waitFor();
      await card.getByLabel('初始密码').fill(generated);
      await card.getByLabel('新密码', { exact: true }).fill(ADMIN_PASSWORD);
      await card.getByLabel('确认新密码').fill(ADMIN_PASSWORD);
      await card.getByTestId('password-submit').click();
      await consoleMessageIs(page, STAFF_PASSWORD_CHANGE_MSG.done);
      // …then two-step sign-in, before anything else of the console
      const required = page.getByTestId('totp-required');
      await required.waitFor();
      expect(await required.innerText()).toContain(STAFF_2FA_MSG.required);
      expect(await page.locator('.ant-layout-sider').count()).toBe(0);
      await page.getByTestId('totp-begin').click();
      await page.getByTestId('totp-qr').waitFor();
      await stillShot(page, 'admin-2fa-fresh-install');
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await page.getByTestId('totp-code').fill(codeOf(secret));
      await page.getByTestId('totp-enable').click();
      await page.getByTestId('dashboard-page').getByRole('heading', { name: '数据概览' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
      expect(await page.getByTestId('totp-required').count()).toBe(0);
      // the next sign-in asks for the code
      expect(await staffApi(fresh, '', 'POST', '/login', { username: 'admin', password: ADMIN_PASSWORD })).toMatchObject({ message: STAFF_2FA_MSG.otpRequired, data: { otp_required: 1 } });
    } finally {
      await ctx.close();
      await fresh.close();
    }
  });
});

describe('two-factor sign-in', () => {
  it('enrols from the account menu, then signs in with the code the login page asks for', async () => {
    const username = await financeMember();
    const ctx = await newDesktop(browser);
    try {
      const page = await ctx.newPage();
      await signInConsole(page, platform, await staffLoginViaApi(platform, username, PASSWORD), '/');
      await page.getByTestId('staff-menu').hover();
      await page.getByTestId('menu-totp').click();
      expect(await page.getByTestId('totp-state').innerText()).toBe('未开启');
      await page.getByTestId('totp-begin').click();
      await page.getByTestId('totp-qr').waitFor();
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await stillShot(page, 'admin-2fa-enrol');
      await page.getByTestId('totp-code').fill(codeOf(secret));
      await page.getByTestId('totp-enable').click();
      await consoleMessageIs(page, STAFF_2FA_MSG.enabled);

      // signed out, the password alone asks for the code
      await page.getByTestId('staff-menu').hover();
      await page.getByText('退出登录').click();
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await consoleMessageIs(page, STAFF_2FA_MSG.otpRequired);
      await page.getByTestId('login-otp').waitFor();
      await stillShot(page, 'admin-2fa-login-code');
      // the enrolment's step is used: the next one (within the allowed drift) signs in
      await page.getByTestId('login-otp').fill(codeOf(secret, 1));
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('staff-name').innerText(), { timeout: 8000 }).toBe(username);
    } finally {
      await ctx.close();
    }
  });

  it('required by the super admin: a finance member without it sees only the enrolment until it is on', async () => {
    const username = await financeMember();
    const token = await staffLoginViaApi(platform, username, PASSWORD);
    // the switch is turned on by a super admin who has two-factor sign-in itself
    const bossName = uniqueName('bo');
    await newStaffViaApi(platform, admin, { username: bossName, password: 'boss-Pass-123', role: 'super' });
    const boss = await staffLoginViaApi(platform, bossName, 'boss-Pass-123');
    const setup = await staffApi<{ secret: string }>(platform, boss, 'POST', '/2fa/setup');
    await staffApi(platform, boss, 'POST', '/2fa/enable', { code: codeOf(setup.data.secret) });
    await inConsole(browser, platform, boss, '/staff', async (page) => {
      await page.getByTestId('staff-totp-required').click();
      await consoleMessageIs(page, STAFF_2FA_MSG.securitySaved);
      await stillShot(page, 'admin-2fa-staff');
    });
    try {
      await inConsole(browser, platform, token, '/deposits', async (page) => {
        await page.getByTestId('totp-required').waitFor();
        expect(await page.getByTestId('totp-required').innerText()).toContain(STAFF_2FA_MSG.required);
        await stillShot(page, 'admin-2fa-required');
        await page.getByTestId('totp-begin').click();
        const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
        await page.getByTestId('totp-code').fill(codeOf(secret));
        await page.getByTestId('totp-enable').click();
        // on: the console itself
        await page.getByTestId('menu-deposits').waitFor();
        expect(await page.getByTestId('totp-required').count()).toBe(0);
      });
    } finally {
      await staffApi(platform, boss, 'POST', '/security', { totp_required: false });
    }
  });
});
