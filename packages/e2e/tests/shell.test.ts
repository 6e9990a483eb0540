import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ABOUT_TITLES, MSG } from '@app/contract';
import { getSettings, updateSettings } from '../../server/src/modules/site/service.js';
import { expectRoute, open, type Platform, registerViaApi, route, settled, shot, signInPage, startSuite, stopSuite, toastText, withPhone } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);
const activeTab = (page: Page) => page.locator('.adm-tab-bar-item-active').innerText();
const tab = (page: Page, title: string) => page.locator('.adm-tab-bar-item', { hasText: title });

describe('the tab bar', () => {
  it('has 客服, 大厅, 动态, 优惠, 我的 and its active tab follows the route', async () => {
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.locator('.adm-tab-bar').waitFor();
      expect((await page.locator('.adm-tab-bar-item').allInnerTexts()).map((t) => t.trim())).toEqual(['客服', '大厅', '动态', '优惠', '我的']);
      await expect.poll(() => activeTab(page)).toBe('大厅');
      await tab(page, '动态').click();
      await expectRoute(page, '/discover');
      await expect.poll(() => activeTab(page)).toBe('动态');
      await tab(page, '优惠').click();
      await expectRoute(page, '/activity');
      await expect.poll(() => activeTab(page)).toBe('优惠');
      await open(page, platform, '/home');
      await expect.poll(() => activeTab(page)).toBe('大厅');
    });
  });

  it('says 已在当前页面！ when the tab of the screen already shown is pressed', async () => {
    await phone(async (page) => {
      await open(page, platform, '/discover');
      await page.getByTestId('discover').waitFor();
      await tab(page, '动态').click();
      await expect.poll(() => toastText(page), { timeout: 6000 }).toBe(MSG.alreadyHere);
      expect(route(page)).toBe('/discover');
    });
  });
});

describe('headers', () => {
  it('hides the header on /activity and /mine and shows it on the hall', async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.locator('.top-bar').waitFor();
      await open(page, platform, '/activity');
      await page.getByTestId('activity-page').waitFor();
      expect(await page.locator('.top-bar').count()).toBe(0);
      await signInPage(page, platform, member.token, '/mine');
      await page.locator('.adm-tab-bar').waitFor();
      await expectRoute(page, '/mine');
      await page.waitForTimeout(500);
      expect(await page.locator('.top-bar').count()).toBe(0);
    });
  });

  it('gives /message and /abouts a back arrow and a title', async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/message');
      await page.locator('.adm-nav-bar-back-arrow').waitFor();
      expect(await page.locator('.adm-nav-bar-title').innerText()).toBe('消息中心');
      await open(page, platform, '/abouts?type=6');
      await expect.poll(() => page.locator('.adm-nav-bar-title').innerText()).toBe(ABOUT_TITLES[6]);
      expect(await page.locator('.adm-nav-bar-back-arrow').count()).toBe(1);
    });
  });
});

describe('guards', () => {
  it('sends a visitor from /message to /login?redirect=%2Fmessage', async () => {
    await phone(async (page) => {
      await open(page, platform, '/message');
      await expect.poll(() => new URL(page.url()).hash).toBe('#/login?redirect=%2Fmessage');
    });
  });

  for (const path of ['/hongbao', '/transfer']) {
    it(`asks a visitor on ${path} to log in with the login sheet (精彩内容等你来体验，快来登录吧！), closed back to the hall`, async () => {
      await phone(async (page) => {
        await open(page, platform, path);
        await page.getByTestId('login-sheet').waitFor();
        expect(await page.getByTestId('login-sheet-text').innerText()).toBe(MSG.loginRequiredConfirm);
        await page.getByTestId('login-sheet-login').click();
        await expectRoute(page, `/login?redirect=${path}`);
        await open(page, platform, path);
        await page.getByTestId('login-sheet-close').click();
        await expectRoute(page, '/');
      });
    });
  }

  it('redirects an unknown path to /', async () => {
    await phone(async (page) => {
      await open(page, platform, '/no/such/screen');
      await expectRoute(page, '/');
      await page.getByTestId('hall').waitFor();
    });
  });
});

describe('maintenance', () => {
  it('shows only repair_tips while site_state is 0', async () => {
    const tips = '系统升级维护中，请稍后访问';
    await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, site_state: 0, repair_tips: tips } }));
    // The settings the server answers with (its one-second cache) are the new ones.
    await expect.poll(async () => (await getSettings(platform.db.kysely)).app.site_state).toBe(0);
    try {
      await phone(async (page) => {
        await open(page, platform, '/');
        const block = page.getByTestId('maintenance');
        await block.waitFor();
        expect(await block.innerText()).toContain(tips);
        expect(await page.locator('.adm-tab-bar').count()).toBe(0);
        await shot(page, 'maintenance');
      });
    } finally {
      await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, site_state: 1 } }));
    }
  });
});

describe('the phone’s back gesture', () => {
  it('closes an open sheet before it leaves the page, and steps over a sheet left by going elsewhere from it', async () => {
    await phone(async (page) => {
      await open(page, platform, '/discover');
      await page.getByTestId('discover').waitFor();
      await tab(page, '大厅').click();
      await expectRoute(page, '/');
      await open(page, platform, '/home');
      await page.getByTestId('welcome-modal').waitFor({ timeout: 6000 });
      await page.getByText('我知道了').click();
      await page.getByTestId('welcome-modal').waitFor({ state: 'hidden' });
      const menu = page.getByTestId('side-menu');
      // Back closes the open menu and stays on /home.
      await page.getByTestId('side-menu-button').click();
      await menu.waitFor();
      await page.goBack();
      await menu.waitFor({ state: 'hidden' });
      expect(route(page)).toBe('/home');
      // Closed by its mask, the menu leaves nothing behind: back leaves /home.
      await page.getByTestId('side-menu-button').click();
      await menu.waitFor();
      // Once it has slid in, a tap on the mask beside it.
      await settled(page);
      await page.mouse.click(380, 400);
      await menu.waitFor({ state: 'hidden' });
      await page.goBack();
      await expectRoute(page, '/');
      // Going to another page from the menu: back returns to /home (menu shut), and once more to /.
      await page.goForward();
      await expectRoute(page, '/home');
      await page.getByTestId('side-menu-button').click();
      await menu.getByText('APP下载').click();
      await expectRoute(page, '/app');
      await page.goBack();
      await expectRoute(page, '/home');
      await expect.poll(() => menu.isVisible()).toBe(false);
      await page.goBack();
      await expectRoute(page, '/');
    });
  });
});
