import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESK_POLL_MS } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  credit,
  memberIdOf,
  newDesktop,
  type Platform,
  registerViaApi,
  signInConsole,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
} from '../harness.js';

/**
 * The live review queues at 1280×800: with 存款审核 open, a member's new deposit
 * appears in the table and as the menu's badge without a reload; a new withdrawal puts its count in
 * the tab title until 取款审核 is opened.
 */
let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/**
 * The console runs on Playwright's clock: once the new order is in, `runFor` brings the next poll at
 * once instead of waiting up to DESK_POLL_MS for it. The poll's own request and the screen's update
 * then happen as they would, in real time.
 */
const WAIT = { timeout: 8_000 };

describe('live review queues', () => {
  it('shows a new deposit and a new withdrawal without a reload', async () => {
    const member = await registerViaApi(platform, uniqueName('dk'));
    const ctx = await newDesktop(browser);
    try {
      await ctx.clock.install();
      const page = await ctx.newPage();
      await signInConsole(page, platform, admin, '/deposits');
      await page.getByTestId('menu-deposits').waitFor();
      expect(await page.getByTestId('menu-badge-deposits').count()).toBe(0);
      const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: 200 });
      expect(order.code, order.message).toBe(200);
      await page.clock.runFor(DESK_POLL_MS);
      await expect.poll(() => page.locator('tbody').innerText(), WAIT).toContain(order.data.deposit_no);
      await expect.poll(() => page.getByTestId('menu-badge-deposits').innerText()).toBe('1');
      await stillShot(page, 'admin-desk-deposit');

      await credit(platform, await memberIdOf(platform, member.token), 100_000);
      expect((await apiAs(platform, 'bindcard', member.token, { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567891', pay_pass: member.payPassword })).code).toBe(200);
      const [card] = (await apiAs<Array<{ id: number }>>(platform, 'getcard', member.token, { type: 1 })).data;
      expect((await apiAs(platform, 'withdraw', member.token, { amount: 300, bank: card!.id, password: member.payPassword })).code).toBe(200);
      await page.clock.runFor(DESK_POLL_MS);
      await expect.poll(() => page.title(), WAIT).toBe('(1) 新取款待审核 · 后台管理');
      expect(await page.getByTestId('menu-badge-withdrawals').innerText()).toBe('1');
      await page.getByTestId('menu-withdrawals').click();
      await expect.poll(() => page.title()).toBe('后台管理');
    } finally {
      await ctx.close();
    }
  });
});
