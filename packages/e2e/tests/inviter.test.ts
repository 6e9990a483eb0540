import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { describeCommissionPlan, DEFAULT_COMMISSION_PLAN, formatYuan, maskUsername, MSG } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  CAPTCHA_CODE,
  expectRoute,
  expectToast,
  memberIdOf,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  skipToast,
  uniqueName,
  withPhone,
} from '../harness.js';

/**
 * 邀请好友 /inviter at 390×844: a member's link carries its pid, the share sheet
 * draws the poster and copies the link, a friend registers through the link, deposits (staff approve)
 * and bets (the day's sums as the bet feed leaves them), and the member's live counters and 好友明细
 * move.
 */

let platform: Platform;
let browser: Browser;
let staff: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  staff = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const beijingToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}-value`).innerText();

/** A deposit of `yuan` through the member API, approved by staff through the console's API. */
async function approvedDeposit(token: string, yuan: number): Promise<void> {
  const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', token, { paytype: 'alipay', amount: yuan });
  expect(order.code, order.message).toBe(200);
  const listed = await staffApi<{ data: { id: number }[] }>(platform, staff, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
  const approved = await staffApi(platform, staff, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {});
  expect(approved.code, approved.message).toBe(200);
}

describe('/inviter', () => {
  it('sends a visitor to log in first', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/inviter');
      await expectRoute(page, '/login?redirect=/inviter');
    });
  });

  it('shares the link with a poster, a friend registers through it, deposits and bets, and the counters move', async () => {
    const inviter = await registerViaApi(platform, uniqueName('iv'));
    const inviterId = await memberIdOf(platform, inviter.token);
    const expectedLink = `${platform.url}/#/reg2?pid=${inviterId}`;

    const ctx = await newPhone(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    // The page's clock jumps over each toast's time on screen (skipToast).
    await ctx.clock.install();
    const page = await ctx.newPage();
    try {
      // /mine's 邀请好友 opens it.
      await signInPage(page, platform, inviter.token, '/mine');
      await page.getByTestId('mine-link-invite').click();
      await expectRoute(page, '/inviter');
      // 邀请链接: the code is the member id, the link the site's register screen with pid.
      await expect.poll(() => page.getByTestId('invite-code').innerText()).toBe(String(inviterId));
      expect(await page.getByTestId('invite-link').innerText()).toBe(expectedLink);
      await shot(page, 'inviter-link');

      // 立即邀请: the share sheet with the poster drawn in the browser.
      await page.getByTestId('invite-now').click();
      const poster = page.getByTestId('invite-poster');
      await expect.poll(() => poster.getAttribute('data-drawn'), { timeout: 8000 }).toBe('1');
      const drawn = await poster.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const colours = new Set<number>();
        let white = 0;
        for (let i = 0; i < data.length; i += 16) {
          colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
          if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) white += 1;
        }
        return { w: c.width, h: c.height, colours: colours.size, white };
      });
      expect(drawn).toMatchObject({ w: 600, h: 900 });
      // a gradient, text and a QR code: many colours, and the QR card's white
      expect(drawn.colours).toBeGreaterThan(200);
      expect(drawn.white).toBeGreaterThan(5_000);
      // the whole sheet on the phone's screen once it has slid up, 取消 included
      await expect.poll(async () => {
        const box = await page.getByTestId('share-cancel').boundingBox();
        return !!box && box.y + box.height <= 844;
      }).toBe(true);
      await page.waitForTimeout(300);
      await shot(page, 'inviter-share-sheet');

      // 保存图片 and 保存二维码: PNG downloads.
      const [posterFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-image').click()]);
      expect(posterFile.suggestedFilename()).toBe(`invite-poster-${inviterId}.png`);
      await skipToast(page);
      const [qrFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-qr').click()]);
      expect(qrFile.suggestedFilename()).toBe(`invite-qrcode-${inviterId}.png`);
      await skipToast(page);

      // 保存链接: copied, 链接已复制到剪贴板, the sheet closes.
      await page.getByTestId('share-link').click();
      await expectToast(page, MSG.linkCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedLink);
      await expect.poll(() => poster.isVisible()).toBe(false);
      await skipToast(page);

      // 奖金介绍: the plan in force, as text.
      await page.locator('.inviter-tabbar .adm-tab-bar-item').nth(1).click();
      await expectRoute(page, '/inviter?tab=bonus');
      const lines = page.getByTestId('invite-plan-lines').locator('li');
      await expect.poll(() => lines.count()).toBe(describeCommissionPlan(DEFAULT_COMMISSION_PLAN, { tiers: false }).length);
      expect(await lines.nth(0).innerText()).toBe(describeCommissionPlan(DEFAULT_COMMISSION_PLAN, { tiers: false })[0]);
      // the tiers as the table's rows: 第5档 ≥500,000 with 20 active members at 40 %
      const tiers = page.getByTestId('invite-tiers').locator('tbody tr');
      expect(await tiers.count()).toBe(DEFAULT_COMMISSION_PLAN.tiers.length);
      expect(await tiers.nth(4).locator('td').allInnerTexts()).toEqual(['第5档', '≥500,000', '≥20人', '40%']);
      await shot(page, 'inviter-bonus', { fullPage: true });

      // 明细记录 before anyone joined: zeros and empty lists.
      await page.locator('.inviter-tabbar .adm-tab-bar-item').nth(2).click();
      await expect.poll(() => counter(page, 'members')).toBe('0');
      await expect.poll(() => page.getByTestId('invite-bonus').getByTestId('empty-state').isVisible()).toBe(true);

      // A friend opens the link: the register screen with the referrer filled in.
      const friendName = uniqueName('fr');
      await withPhone(browser, async (friend) => {
        await friend.goto(expectedLink);
        await expect.poll(() => friend.locator('input[name="pid"]').inputValue()).toBe(String(inviterId));
        await friend.getByTestId('captcha-image').waitFor();
        await friend.locator('input[name="name"]').fill(friendName);
        await friend.locator('input[name="password"]').fill('secret123');
        await friend.locator('input[name="confirmPass"]').fill('secret123');
        await friend.locator('input[name="code"]').fill(CAPTCHA_CODE);
        await friend.getByTestId('field-adult').click(); // 我已年满18周岁
        await friend.getByTestId('register-submit').click();
        await expect.poll(() => friend.evaluate(() => sessionStorage.getItem('token') ?? ''), { timeout: 8000 }).not.toBe('');
      });
      const friend = await platform.db.kysely.selectFrom('members').select(['id', 'inviter_id']).where('username', '=', friendName).executeTakeFirstOrThrow();
      expect(friend.inviter_id).toBe(inviterId);

      // The friend deposits 500 (approved by staff) and bets: 260 valid today.
      const login = await apiAs<{ api_token: string }>(platform, 'login_pc', '', { name: friendName, password: 'secret123' });
      expect(login.code, login.message).toBe(200);
      await approvedDeposit(login.data.api_token, 500);
      await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen) VALUES (${friend.id}, ${beijingToday()}::date, 'realbet', 3, 30000, 26000)`.execute(platform.db.kysely);

      // The counters move (the tab refetches when it opens again).
      await page.locator('.inviter-tabbar .adm-tab-bar-item').nth(0).click();
      await page.locator('.inviter-tabbar .adm-tab-bar-item').nth(2).click();
      await expect.poll(() => counter(page, 'members')).toBe('1');
      expect(await counter(page, 'today_new')).toBe('1');
      expect(await counter(page, 'month_new')).toBe('1');
      expect(await counter(page, 'today_active')).toBe('1');
      expect(await counter(page, 'month_active')).toBe('1');
      expect(await counter(page, 'month_valid_active')).toBe('1');
      expect(await counter(page, 'month_new_valid')).toBe('1');
      expect(await counter(page, 'today_deposit')).toBe(formatYuan(500));
      expect(await counter(page, 'month_deposit')).toBe(formatYuan(500));
      await shot(page, 'inviter-detail', { fullPage: true });

      // 好友明细: the friend masked, with its deposit and valid bets.
      await page.getByRole('tab', { name: '好友明细' }).click();
      const row = page.getByTestId('invite-friend-row');
      await expect.poll(() => row.count()).toBe(1);
      const cells = () => row.first().locator('span').allInnerTexts();
      await expect.poll(cells).toEqual([maskUsername(friendName), beijingToday(), formatYuan(500), formatYuan(260)]);
      expect(await row.first().innerText()).not.toContain(friendName);
      await shot(page, 'inviter-friends', { fullPage: true });

      // A range after today: the same friend, nothing in it; 重置 brings the totals back.
      await page.getByTestId('range-start').fill('2099-01-01');
      await page.getByTestId('range-query').click();
      await expect.poll(cells).toEqual([maskUsername(friendName), beijingToday(), formatYuan(0), formatYuan(0)]);
      await page.getByTestId('range-reset').click();
      await expect.poll(cells).toEqual([maskUsername(friendName), beijingToday(), formatYuan(500), formatYuan(260)]);
      expect(await page.getByTestId('range-start').inputValue()).toBe('');

      // 礼金记录: nothing paid yet (the commission engine pays it).
      await page.getByRole('tab', { name: '礼金记录' }).click();
      await expect.poll(() => page.getByTestId('invite-bonus').getByTestId('empty-state').isVisible()).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
