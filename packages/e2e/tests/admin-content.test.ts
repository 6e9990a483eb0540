import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CONTENT_MSG, type AdminBanner, type AdminGameEntry } from '@app/contract';
import {
  ADMIN_PASSWORD,
  consoleMessageIs,
  imagesLoaded,
  inConsole as inConsoleAs,
  newDesktop,
  open,
  type Platform,
  registerViaApi,
  signInPage,
  shot,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  withPhone,
  newStaffViaApi,
} from '../harness.js';

/**
 * Content management in the console at 1280×800, and the member app at 390×844
 * showing each change at once: a banner with an uploaded image, a home notice, help article 1 (its
 * script stripped, previewed as members will read it), and a game tile hidden from the hall.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);
const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);

async function bannerPng(): Promise<Buffer> {
  const ctx = await newDesktop(browser);
  try {
    const page = await ctx.newPage();
    await page.setContent(
      '<div id="b" style="width:750px;height:300px;display:flex;align-items:center;justify-content:center;background:linear-gradient(120deg,#13c2c2,#2f54eb);color:#fff;font:bold 56px sans-serif">新春特惠 存送20%</div>',
    );
    return await page.locator('#b').screenshot({ type: 'png' });
  } finally {
    await ctx.close();
  }
}

describe('content management', () => {
  it('轮播图: a banner with an uploaded image, first in the hall at once', async () => {
    const png = await bannerPng();
    await inConsole('/content/banners', async (page) => {
      await page.getByTestId('banners').locator('tbody tr.ant-table-row').first().waitFor();
      await imagesLoaded(page, '[data-testid="banners"]');
      await stillShot(page, 'admin-content-banners');
      await page.getByTestId('banner-new').click();
      await page.locator('.content-form input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
      await consoleMessageIs(page, '图片已上传');
      await imagesLoaded(page, '[data-testid="banner-image-preview"]');
      await page.getByTestId('banner-url').fill('/#/activity');
      await stillShot(page, 'admin-content-banner-editor');
      await page.getByTestId('banner-save').click();
      await consoleMessageIs(page, CONTENT_MSG.bannerCreated);
    });
    const banner = (await staffApi<AdminBanner[]>(platform, admin, 'GET', '/banners')).data.find((b) => b.src.startsWith('/uploads/site/'))!;
    expect(banner).toMatchObject({ type: 2, url: '/#/activity', sort: 0, enabled: true });
    await phone(async (page) => {
      await open(page, platform, '/');
      const first = page.getByTestId('banner-slide').first();
      await first.waitFor();
      await expect.poll(() => first.locator('img').getAttribute('src')).toBe(banner.src);
      await imagesLoaded(page, '[data-testid=banner]');
      await page.waitForTimeout(400);
      await shot(page, 'h5-content-banner');
    });
  });

  it('公告: a home notice scrolls in the hall and heads the notice list', async () => {
    const title = '春节期间存取款到账时间调整';
    await inConsole('/content/notices', async (page) => {
      await page.getByTestId('notices').locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('notice-new').click();
      await page.getByTestId('notice-save').click();
      await consoleMessageIs(page, '公告标题须为1~60个字符');
      await page.getByTestId('notice-title').fill(title);
      await page.getByTestId('notice-content').fill('春节期间（除夕至初六）存取款到账时间可能延长至30分钟，请耐心等待。');
      await stillShot(page, 'admin-content-notice-editor');
      await page.getByTestId('notice-save').click();
      await consoleMessageIs(page, CONTENT_MSG.noticeCreated);
      await expect.poll(() => page.getByTestId('notices').locator('tbody tr.ant-table-row').first().innerText()).toContain(title);
      await stillShot(page, 'admin-content-notices');
    });
    await phone(async (page) => {
      await open(page, platform, '/');
      await expect.poll(() => page.getByTestId('notice-bar').innerText(), { timeout: 8000 }).toContain(title);
      await signInPage(page, platform, (await registerViaApi(platform)).token, '/message');
      await expect.poll(() => page.getByTestId('notice-item').first().innerText()).toContain(title);
      await shot(page, 'h5-content-notice');
    });
  });

  it('帮助文章: article 1 edited with a preview of what the sanitizer keeps; the member app shows it', async () => {
    await inConsole('/content/articles', async (page) => {
      await page.getByTestId('article-9').waitFor();
      await stillShot(page, 'admin-content-articles');
      await page.getByTestId('article-edit-1').click();
      await page.getByTestId('article-title').fill('常见问题');
      await page.getByTestId('article-content').fill('<h3>如何存款？</h3><p>进入<b>存款</b>页面，选择支付方式并填写金额。</p><script>alert(1)</script><p onclick="x()">存款到账后即可游戏。</p>');
      const preview = page.frameLocator('[data-testid="article-preview"]').locator('body');
      await expect.poll(() => preview.innerText()).toContain('存款到账后即可游戏');
      expect(await preview.innerHTML()).not.toContain('script');
      await stillShot(page, 'admin-content-article-editor');
      await page.getByTestId('article-save').click();
      await consoleMessageIs(page, CONTENT_MSG.articleSaved);
    });
    await phone(async (page) => {
      await open(page, platform, '/boutBallBetInfo?type=1');
      const article = page.getByTestId('article');
      await expect.poll(() => article.innerText()).toContain('进入存款页面，选择支付方式并填写金额。');
      expect(await page.locator('[data-testid=article] script').count()).toBe(0);
      await shot(page, 'h5-content-article');
    });
  });

  it('游戏目录: a hidden tile leaves the hall at once', async () => {
    const games = (await staffApi<AdminGameEntry[]>(platform, admin, 'GET', '/game-entries')).data.filter((g) => g.category_id === 'realbet');
    const tile = games.find((g) => games.filter((o) => o.name === g.name).length === 1)!;
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tab-realbet').click();
      await expect.poll(() => page.getByTestId('game-grid-realbet').innerText()).toContain(tile.name);
    });
    await inConsole('/content/games', async (page) => {
      await page.getByTestId(`game-shown-${tile.id}`).waitFor();
      await imagesLoaded(page, '[data-testid="games"]');
      await page.getByTestId(`game-shown-${tile.id}`).click();
      await consoleMessageIs(page, CONTENT_MSG.gameSaved);
      await expect.poll(() => page.getByTestId(`game-shown-${tile.id}`).getAttribute('aria-checked')).toBe('false');
      await stillShot(page, 'admin-content-games', { fullPage: true });
    });
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tab-realbet').click();
      const grid = page.getByTestId('game-grid-realbet');
      await grid.getByTestId('game-tile').first().waitFor();
      expect(await grid.getByTestId('game-tile').count()).toBe(games.length - 1);
      expect(await grid.innerText()).not.toContain(tile.name);
      await imagesLoaded(page, '[data-testid=game-grid-realbet]');
      await page.getByTestId('game-tabs').scrollIntoViewIfNeeded();
      await shot(page, 'h5-content-tile-hidden');
    });
  });

  it('support reads the content pages without the means to change them', async () => {
    const username = `sup${Date.now().toString(36)}`;
    await newStaffViaApi(platform, admin, { username, password: 'support-Pass-1', role: 'support' });
    const token = await staffLoginViaApi(platform, username, 'support-Pass-1');
    await inConsole('/content/banners', async (page) => {
      await page.getByTestId('banners').locator('tbody tr.ant-table-row').first().waitFor();
      expect(await page.getByTestId('banner-new').count()).toBe(0);
      expect(await page.locator('[data-testid^=banner-delete-]').count()).toBe(0);
      expect(await page.locator('[data-testid^=banner-enabled-]').first().isDisabled()).toBe(true);
      await page.goto(`${platform.url}/admin/content/games`);
      await page.locator('[data-testid^=game-shown-]').first().waitFor();
      expect(await page.locator('[data-testid^=game-edit-]').count()).toBe(0);
      expect(await page.locator('[data-testid^=venue-maintenance-]').first().isDisabled()).toBe(true);
      await page.goto(`${platform.url}/admin/content/articles`);
      await page.getByTestId('article-edit-1').click();
      expect(await page.getByTestId('article-save').count()).toBe(0);
      await expect.poll(() => page.frameLocator('[data-testid="article-preview"]').locator('body').innerText()).toContain('存款到账后即可游戏');
    }, token);
  });
});
