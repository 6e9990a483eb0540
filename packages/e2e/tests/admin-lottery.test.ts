import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fmt, MSG, type AdminLotteryRow } from '@app/contract';
import { ADMIN_PASSWORD, consoleMessage, newDesktop, type Platform, shot, signInConsole, staffApi, staffLoginViaApi, startSuite, stopSuite, uniqueName } from '../harness.js';

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/** A fresh desktop window signed in as `token` at `path` (below /admin). */
async function inConsole<T>(path: string, fn: (page: Page) => Promise<T>, token = admin): Promise<T> {
  const ctx = await newDesktop(browser);
  try {
    const page = await ctx.newPage();
    await signInConsole(page, platform, token, path);
    return await fn(page);
  } finally {
    await ctx.close();
  }
}

/** The newest console message reads `text` and has finished sliding in (so a screenshot shows it whole). */
async function messageIs(page: Page, text: string) {
  await expect.poll(() => consoleMessage(page), { timeout: 6000 }).toBe(text);
  // rc-motion marks an entering notice with move-up classes until it is in place.
  await expect.poll(() => page.locator('.ant-message-notice-wrapper').last().getAttribute('class')).not.toContain('move-up');
}
const storedOdds = async (code: string, play: string) => {
  const rows = (await staffApi<AdminLotteryRow[]>(platform, admin, 'GET', '/lotteries')).data;
  return rows.find((l) => l.code === code)!.plays.find((p) => p.id === play)!.odds;
};
async function newStaffToken(role: 'support' | 'operations'): Promise<string> {
  const username = uniqueName(role.slice(0, 3));
  expect((await staffApi(platform, admin, 'POST', '/staff', { username, password: 'lottery-Pass-1', role })).code).toBe(200);
  return staffLoginViaApi(platform, username, 'lottery-Pass-1');
}

describe('彩票赔率', () => {
  it('refuses odds out of the RTP range with the server’s message, then saves valid odds and shows the new RTP', async () => {
    await inConsole('/lottery-odds', async (page) => {
      const odds = page.getByTestId('odds-input-k3_big');
      const rtp = page.getByTestId('odds-rtp-k3_big');
      await odds.waitFor();
      expect(await odds.inputValue()).toBe('1.96');
      expect(await rtp.innerText()).toBe('95.28%'); // 105 of 216 throws × 1.96
      await shot(page, 'admin-lottery-odds');

      // 2.5 returns 121.53%: shown live in red, refused by the server, nothing stored.
      await odds.fill('2.5');
      await expect.poll(() => rtp.innerText()).toContain('121.53%');
      expect(await rtp.innerText()).toContain('原 1.96 · 95.28%');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('已修改 1 个玩法，尚未保存');
      await shot(page, 'admin-lottery-odds-refused-live');
      await page.getByTestId('odds-save').click();
      await messageIs(page, fmt(MSG.lotteryOddsRtp, { play: 'k3_big', rtp: '121.53' }));
      await shot(page, 'admin-lottery-odds-refused');
      expect(await storedOdds('k3_60', 'k3_big')).toBe(1.96);

      // 1.97 returns 95.76%: saved, the stored odds come back and the edit marker goes.
      await odds.fill('1.97');
      await expect.poll(() => rtp.innerText()).toContain('95.76%');
      await page.getByTestId('odds-save').click();
      await messageIs(page, MSG.saved);
      await expect.poll(() => rtp.innerText()).toBe('95.76%');
      expect(await odds.inputValue()).toBe('1.97');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('没有未保存的修改');
      expect(await storedOdds('k3_60', 'k3_big')).toBe(1.97);
      await shot(page, 'admin-lottery-odds-saved');
    });
    // The change is in the audit log, before and after.
    const audit = await staffApi(platform, admin, 'GET', '/audit-log?action=lottery.odds');
    expect(audit.data.data[0]).toMatchObject({ target: 'lottery:k3_60', before: { k3_big: 1.96 }, after: { k3_big: 1.97 } });
  });

  it('edits a whole 六合彩 group at once and saves it', async () => {
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-lottery-lhc_180').click();
      await page.getByTestId(`odds-group-${MSG.lotteryGroupRegular}`).click();
      const rtp = page.getByTestId('odds-rtp-lhc_zm_49');
      await rtp.waitFor();
      expect(await rtp.innerText()).toBe('96.73%'); // 6/49 × 7.9
      await page.getByTestId('odds-bulk').fill('8');
      await page.getByText('应用到本组').click();
      await expect.poll(() => rtp.innerText()).toContain('97.96%');
      expect(await page.getByTestId('odds-changed').innerText()).toBe('已修改 49 个玩法，尚未保存');
      await shot(page, 'admin-lottery-odds-group', { fullPage: true });
      await page.getByTestId('odds-save').click();
      await messageIs(page, MSG.saved);
      expect(await storedOdds('lhc_180', 'lhc_zm_01')).toBe(8);
      expect(await storedOdds('lhc_180', 'lhc_te_01')).toBe(47);
    });
  });

  it('shows support the odds without the means to change them', async () => {
    const token = await newStaffToken('support');
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-rtp-k3_big').waitFor();
      const menu = await page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();
      expect(menu.map((t) => t.trim())).toEqual(['会员管理', '彩票赔率', '聊天管理']);
      expect(await page.getByTestId('odds-input-k3_big').count()).toBe(0);
      expect(await page.getByTestId('odds-save').count()).toBe(0);
      expect(await page.getByTestId('odds-row-k3_big').innerText()).toContain('1.97');
    }, token);
  });
});
