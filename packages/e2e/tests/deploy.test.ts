import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NEW_VERSION_TEXT } from '@app/browser';
import { ADMIN_PASSWORD, newDesktop, open, type Platform, shot, signInConsole, staffLoginViaApi, startSuite, stopSuite, withPhone } from '../harness.js';

/**
 * A deploy while a page is open: the front end is rebuilt under the running platform, its old chunks
 * gone, and the open tab then opens a screen it has not loaded yet. The builds go to a folder of this
 * file's own (other files run meanwhile against packages/<app>/dist), and the deploy's chunks carry
 * other names than the release's, as after a change to code they all share.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
let platform: Platform;
let browser: Awaited<ReturnType<typeof startSuite>>['browser'];
let tmp: string;
const dist = { h5: '', admin: '' };

/**
 * Builds packages/<app> into `outDir` (emptied first) as production, its files named after `release`
 * as well as their content: the open release's chunks are all gone after it, as after a deploy that
 * changed the code they share.
 */
async function build(app: 'h5' | 'admin', outDir: string, release: number): Promise<void> {
  const script = `
    import { build } from 'vite';
    const names = 'assets/r' + process.env.RELEASE + '-[name]-[hash]';
    await build({
      root: process.env.APP_ROOT,
      configFile: process.env.APP_ROOT + '/vite.config.ts',
      logLevel: 'error',
      build: {
        outDir: process.env.OUT_DIR,
        emptyOutDir: true,
        rolldownOptions: { output: { entryFileNames: names + '.js', chunkFileNames: names + '.js', assetFileNames: names + '[extname]' } },
      },
    });`;
  await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', APP_ROOT: path.join(ROOT, 'packages', app), OUT_DIR: outDir, RELEASE: String(release) },
  });
}

const scripts = (dir: string) => new Set(fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js')));
/** The entry script a build's index.html names. */
const entryOf = (dir: string) => /<script type="module"[^>]*src="([^"]+)"/.exec(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))![1];
/** The entry script the page runs. */
const pageEntry = (page: Page) => page.evaluate(() => document.querySelector('script[type=module][src]')?.getAttribute('src'));

/** Rebuilds `app` as release 2 and checks that none of the scripts the open tab knew is left. */
async function deploy(app: 'h5' | 'admin'): Promise<string> {
  const before = scripts(dist[app]);
  await build(app, dist[app], 2);
  const after = scripts(dist[app]);
  expect([...before].filter((f) => after.has(f))).toEqual([]);
  return entryOf(dist[app]);
}

/**
 * Watches the page (every document it loads) for React Router's crash screen, and the answers that
 * said a chunk was gone.
 */
async function watch(page: Page): Promise<{ crashed: string[]; gone: string[] }> {
  const seen = { crashed: [] as string[], gone: [] as string[] };
  await page.exposeBinding('reportCrashScreen', (_src, text: string) => void seen.crashed.push(text));
  await page.addInitScript(() => {
    const look = () => {
      const text = document.body?.innerText ?? '';
      if (/Unexpected Application Error/.test(text)) (window as unknown as { reportCrashScreen(t: string): void }).reportCrashScreen(text.slice(0, 200));
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  page.on('response', (res) => {
    if (res.status() === 404 && /\/assets\/[^/]+\.js$/.test(new URL(res.url()).pathname)) seen.gone.push(res.url());
  });
  return seen;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-deploy-'));
  dist.h5 = path.join(tmp, 'h5');
  dist.admin = path.join(tmp, 'admin');
  // The release open in the tab is the suite's own build (packages/<app>/dist, built before the e2e
  // run), copied: only the deploy itself is built here, its files named apart from every earlier one.
  for (const app of ['h5', 'admin'] as const) fs.cpSync(path.join(ROOT, 'packages', app, 'dist'), dist[app], { recursive: true });
  ({ platform, browser } = await startSuite({ h5Dist: dist.h5, adminDist: dist.admin, adminPassword: ADMIN_PASSWORD }));
});
afterAll(async () => {
  await stopSuite(platform, browser);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a deploy while the member app is open', () => {
  it('rebuilds the front end while a page is open and navigates: the tab reloads once into the new version, never a crash screen', async () => {
    await withPhone(browser, async (page) => {
      const seen = await watch(page);
      await open(page, platform, '/');
      await page.locator('.adm-tab-bar').waitFor();
      // The installed app's worker controls the page, as on a member's phone: it answers the page
      // from the shell of its own version until a newer worker takes over.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const oldEntry = await pageEntry(page);
      const newEntry = await deploy('h5');
      expect(newEntry).not.toBe(oldEntry);

      await page.locator('.adm-tab-bar-item', { hasText: '优惠' }).click();
      await page.getByTestId('activity-card').first().waitFor({ timeout: 20_000 });
      expect(await pageEntry(page)).toBe(newEntry);
      expect(new URL(page.url()).hash).toBe('#/activity');
      expect(seen.gone.length).toBeGreaterThan(0);
      expect(seen.crashed).toEqual([]);
      await shot(page, 'deploy-h5-new-version');
    });
  }, 120_000);
});

describe('a deploy while the console is open', () => {
  it('reloads the console into the new version when a page’s chunk is gone, and says 版本已更新 with 刷新 rather than reload again', async () => {
    const token = await staffLoginViaApi(platform);
    const ctx = await newDesktop(browser);
    try {
      const page = await ctx.newPage();
      const seen = await watch(page);
      await signInConsole(page, platform, token, '/deposits');
      await page.getByRole('menuitem', { name: '会员管理' }).waitFor();
      const oldEntry = await pageEntry(page);
      const newEntry = await deploy('admin');

      await page.getByRole('menuitem', { name: '会员管理' }).click();
      await page.getByTestId('member-search').waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe('/admin/members');
      expect(await pageEntry(page)).toBe(newEntry);
      expect(await pageEntry(page)).not.toBe(oldEntry);
      expect(seen.gone.length).toBeGreaterThan(0);

      // A deploy still half done right after that reload: the next page's chunk is missing too. The
      // tab does not reload a second time within the guard; it says so and waits for 刷新.
      const halfDone = (url: URL) => url.pathname.startsWith('/admin/assets/') && url.pathname.endsWith('.js');
      await page.route(halfDone, (r) => r.fulfill({ status: 404, body: '' }));
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('menuitem', { name: '账本核对' }).click();
      await page.getByTestId('new-version').waitFor();
      expect(await page.getByTestId('new-version').innerText()).toContain(NEW_VERSION_TEXT.title);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await shot(page, 'deploy-console-new-version');
      await page.unroute(halfDone);
      const refresh = page.getByTestId('new-version').getByRole('button');
      expect((await refresh.innerText()).replace(/\s/g, '')).toBe(NEW_VERSION_TEXT.refresh);
      await refresh.click();
      await page.getByTestId('ledger-run').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('new-version').count()).toBe(0);
      expect(seen.crashed).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
