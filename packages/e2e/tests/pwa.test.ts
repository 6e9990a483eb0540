import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG, TIMING } from '@app/contract';
import { getSettings, updateSettings } from '../../server/src/modules/site/service.js';
import { apiAs, imagesLoaded, open, type Platform, shot, startSuite, stopSuite, toastText, VIEWPORT, withPhone } from '../harness.js';

/** The member app installed on a phone: manifest, service worker, /app's install steps. */
let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function withContext<T>(context: Promise<BrowserContext>, fn: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const ctx = await context;
  try {
    return await fn(await ctx.newPage(), ctx);
  } finally {
    await ctx.close();
  }
}

describe('添加到主屏幕: the web app manifest', () => {
  it('is linked from the page, named after the site, standalone from /, with PNG icons of the sizes it states', async () => {
    const res = await fetch(`${platform.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] };
    const { app } = await getSettings(platform.db.kysely);
    expect(manifest).toMatchObject({ name: app.title, short_name: app.title, start_url: '/', scope: '/', display: 'standalone' });
    const html = await (await fetch(`${platform.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...pngs, { src: '/assets/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const file = await fetch(`${platform.url}${icon.src}`);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await file.arrayBuffer()))).toBe(icon.sizes);
    }
    expect(html).toContain('<link rel="apple-touch-icon" href="/assets/icons/apple-touch-icon.png"');
  });
});

describe('the service worker', () => {
  it('is served unchanged-checked (no-cache) at /, installs, controls the page and caches the shell but never an API answer', async () => {
    const sw = await fetch(`${platform.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    await withPhone(browser, async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tile').first().waitFor();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${platform.url}/`);
      await page.reload();
      await page.getByTestId('game-tile').first().waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${platform.url}/sw.js`);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
        return urls;
      });
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(await (await fetch(`${platform.url}/`)).text())![1]!;
      expect(cached).toEqual(expect.arrayContaining(['/', entry]));
      expect(cached.filter((p) => /^\/(api|wss|admin|agent|venue|uploads)\b/.test(p))).toEqual([]);
    });
  });

  it('paints the hall offline from its cache: the shell, the tiles last seen and their pictures', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tile').first().waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      await page.getByTestId('game-tile').first().waitFor();
      await imagesLoaded(page, '[data-testid=game-grid-concise]');
      const tiles = await page.getByTestId('game-tile').count();
      expect(tiles).toBeGreaterThan(0);
      await page.context().setOffline(true);
      try {
        await page.reload();
        await page.getByTestId('hall').waitFor();
        await page.locator('.adm-tab-bar').waitFor();
        await expect.poll(() => page.getByTestId('game-tile').count()).toBe(tiles);
        await imagesLoaded(page, '[data-testid=game-grid-concise]');
        expect(await page.evaluate(() => navigator.onLine)).toBe(false);
        await shot(page, 'pwa-offline-hall');
      } finally {
        await page.context().setOffline(false);
      }
    });
  });
});

describe('APP下载 (/app): installing the app', () => {
  it('shows Android Chrome the steps (⋮ → 安装应用) and, for the iPhone button, Safari’s (分享 → 添加到主屏幕), with no download', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/app');
      const steps = page.getByTestId('install-steps');
      await steps.waitFor();
      expect(await steps.getAttribute('data-platform')).toBe('android');
      expect(await steps.innerText()).toContain('「⋮」');
      expect(await steps.innerText()).toContain('「安装应用」或「添加到主屏幕」');
      expect(await page.getByTestId('download-android').innerText()).toContain('安卓安装');
      await imagesLoaded(page, '[data-testid=app-download]');
      await shot(page, 'app-install-android', { fullPage: true });
      await page.getByTestId('download-ios').click();
      await expect.poll(() => steps.getAttribute('data-platform')).toBe('ios');
      expect(await steps.innerText()).toContain('「分享」');
      expect(await steps.innerText()).toContain('「添加到主屏幕」');
      await page.getByTestId('download-android').click();
      await expect.poll(() => steps.getAttribute('data-platform')).toBe('android');
      expect(await page.locator('iframe[data-testid=download-frame]').count()).toBe(0);
      expect(await page.locator('.adm-toast-main').count()).toBe(0);
    });
  });

  it('greets an iPhone with Safari’s steps, and says the app is installed when opened from the home screen', async () => {
    const iphone = () => browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', userAgent: IPHONE_SAFARI });
    await withContext(iphone(), async (page) => {
      await open(page, platform, '/app');
      const steps = page.getByTestId('install-steps');
      await steps.waitFor();
      expect(await steps.getAttribute('data-platform')).toBe('ios');
      expect(await steps.innerText()).toContain('Safari');
      await imagesLoaded(page, '[data-testid=app-download]');
      await shot(page, 'app-install-ios', { fullPage: true });
    });
    // Safari tells a page opened from the home screen by navigator.standalone
    await withContext(iphone(), async (page, context) => {
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true }));
      await open(page, platform, '/app');
      await page.getByTestId('app-installed').waitFor();
      expect(await page.getByTestId('download-android').count()).toBe(0);
      expect(await page.getByTestId('install-steps').count()).toBe(0);
      await shot(page, 'app-installed');
    });
  });

  it('downloads the native package the operator configured through the spec’s frame, removed after 2000 ms', async () => {
    const before = await getSettings(platform.db.kysely);
    await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, android_download_url: '/downloads/app.apk' } }));
    try {
      await expect.poll(async () => (await apiAs<{ android_download_url: string }>(platform, 'app')).data.android_download_url, { timeout: 5000 }).toBe('/downloads/app.apk');
      await withPhone(browser, async (page) => {
        await open(page, platform, '/app');
        const button = page.getByTestId('download-android');
        await expect.poll(() => button.innerText()).toContain('安卓下载');
        await button.click();
        await expect.poll(() => page.locator('iframe[data-testid=download-frame]').count()).toBe(1);
        expect(await page.locator('iframe[data-testid=download-frame]').getAttribute('src')).toBe(`${platform.url}/downloads/app.apk`);
        expect(await toastText(page)).toBe(MSG.downloadStarted);
        await expect.poll(() => page.locator('iframe[data-testid=download-frame]').count(), { timeout: TIMING.downloadFrameRemoveMs + 2000 }).toBe(0);
        // the iPhone has no package configured: its button still adds the site to the home screen
        expect(await page.getByTestId('download-ios').innerText()).toContain('iPhone 安装');
      });
    } finally {
      await updateSettings(platform.db.kysely, () => before);
    }
  });
});
