import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_MSG, CARD_TYPE, MSG, PAY_PASSWORD_LOCK, PAYPASS_MSG } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessage,
  expectRoute,
  expectFieldMessage,
  expectToast,
  inConsole,
  newPhone,
  pickBank,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  uniqueName,
} from '../harness.js';

/** DESIGN §4: a member's payment password is its own, set on its own screen before the first binding. */

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
});
afterAll(() => stopSuite(platform, browser));

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

describe('/payPassword', () => {
  it('sends a freshly registered member from card binding to set a payment password, then back to bind the card with it', async () => {
    const member = await registerViaApi(platform, uniqueName('pp'), 'secret123', { payPassword: null });
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, '/wallet?type=1');
      await page.getByTestId('card-add').click();
      await expectRoute(page, '/payPassword?redirect=/addBankCard');
      await expect.poll(() => page.getByTestId('paypass-title').innerText()).toBe('设置您的支付密码');
      await shot(page, 'paypassword-setup');

      // The shared rules first, then the server's own checks.
      await page.getByTestId('paypass-submit').click();
      await expectFieldMessage(page, PAYPASS_MSG.payPasswordLoginEmpty);
      await field(page, 'loginPassword').fill(member.password);
      await field(page, 'payPassword').fill(member.password);
      await field(page, 'payConfirm').fill(member.password);
      await page.getByTestId('paypass-submit').click();
      await expectFieldMessage(page, PAYPASS_MSG.payPasswordSameAsLogin);
      await field(page, 'payPassword').fill('135790');
      await field(page, 'payConfirm').fill('135791');
      await page.getByTestId('paypass-submit').click();
      await expectFieldMessage(page, PAYPASS_MSG.payPasswordMismatch);
      await field(page, 'payConfirm').fill('135790');
      await shot(page, 'paypassword-setup-filled');
      await page.getByTestId('paypass-submit').click();
      await expectToast(page, PAYPASS_MSG.payPasswordSet);
      await expectRoute(page, '/addBankCard');
      expect((await apiAs(platform, 'user', member.token)).data.paypass_state).toBe(1);

      await field(page, 'bank_owner').fill('王五');
      await pickBank(page, '招商银行');
      await field(page, 'bank_address').fill('招商银行深圳分行');
      await field(page, 'bank_no').fill('6214830198765432');
      // The login password is not the payment password.
      await field(page, 'pay_pass').fill(member.password);
      await page.getByTestId('bind-submit').click();
      await expectFieldMessage(page, MSG.payPasswordWrong);
      await field(page, 'pay_pass').fill('135790');
      await page.getByTestId('bind-submit').click();
      await expectToast(page, MSG.cardBound);
      await expectRoute(page, '/wallet?type=1');
      await expect.poll(() => page.getByTestId('saved-card').count()).toBe(1);
      await shot(page, 'paypassword-card-bound');
      expect((await apiAs(platform, 'getcard', member.token, { type: CARD_TYPE.bank })).data).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  it('sends a member without one from /password?type=2 to /payPassword', async () => {
    const member = await registerViaApi(platform, uniqueName('pq'), 'secret123', { payPassword: null });
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, '/password?type=2');
      await expectRoute(page, '/payPassword');
      await expect.poll(() => page.locator('.adm-nav-bar-title').innerText()).toBe('设置支付密码');
    } finally {
      await ctx.close();
    }
  });
});

describe('console: a locked payment password', () => {
  it('shows the lock in the member drawer and lifts it with 解除锁定', async () => {
    const member = await registerViaApi(platform, uniqueName('pl'));
    const card = { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890' };
    for (let i = 0; i < PAY_PASSWORD_LOCK.maxFailures; i++) await apiAs(platform, 'bindcard', member.token, { ...card, pay_pass: `wrong-${i}-pw` });
    expect((await apiAs(platform, 'bindcard', member.token, { ...card, pay_pass: member.payPassword })).code).toBe(429);
    const token = await staffLoginViaApi(platform);
    await inConsole(browser, platform, token, '/members', async (page) => {
      await page.getByTestId('member-search').fill(member.name);
      await page.getByTestId('member-search').press('Enter');
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await page.locator('.ant-table-row', { hasText: member.name }).click();
      await expect.poll(() => page.getByTestId('paypass-locked').innerText()).toMatch(/^已锁定至 \d{2}-\d{2} \d{2}:\d{2}$/);
      // the drawer has finished sliding in (its left edge at rest) before the picture
      await expect.poll(async () => Math.round((await page.locator('.ant-drawer-content-wrapper').boundingBox())?.x ?? -1)).toBe(1280 - 860);
      await page.getByTestId('paypass-status').scrollIntoViewIfNeeded();
      await shot(page, 'admin-paypassword-locked');
      await page.getByTestId('paypass-unlock').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await expect.poll(() => consoleMessage(page)).toBe(ADMIN_MSG.payPasswordUnlocked);
      await page.getByTestId('paypass-locked').waitFor({ state: 'detached' });
    });
    expect(await apiAs(platform, 'bindcard', member.token, { ...card, pay_pass: member.payPassword })).toMatchObject({ code: 200, message: MSG.cardBound });
  });
});
