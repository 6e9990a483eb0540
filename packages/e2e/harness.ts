import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { MSG } from '@app/contract';
import { loadConfig, type Config } from '../server/src/config.js';
import { buildApp } from '../server/src/app.js';
import type { Db } from '../server/src/db/connect.js';
import { migratedPglite } from '../server/test/pglite-template.js';
import type { FastifyInstance } from 'fastify';
import { ensureAccount, openMemberWallet, post } from '../server/src/modules/ledger/service.js';

/**
 * End-to-end harness: the real platform (built H5 app + API) in this process on an in-memory
 * embedded database, and Debian's Chromium driven by playwright-core at a phone viewport.
 * Tests reach the database through `platform.db` for what only staff could do (maintenance).
 */
export const CAPTCHA_CODE = 'E2EPASS';
export const VIEWPORT = { width: 390, height: 844 };
const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

export interface Platform {
  url: string;
  app: FastifyInstance;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

export async function startPlatform(overrides: Partial<Config> = {}): Promise<Platform> {
  const h5Dist = overrides.h5Dist ?? path.join(ROOT, 'packages/h5/dist');
  if (!fs.existsSync(path.join(h5Dist, 'index.html'))) throw new Error('build the H5 app first: npm run build');
  const db = await migratedPglite();
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent', CAPTCHA_BYPASS_CODE: CAPTCHA_CODE, DATABASE_URL: '' },
    // A fresh install requires two-step sign-in of super and finance (STAFF_TOTP_REQUIRED); the tests
    // that prove it switch it on.
    { h5Dist, uploadsDir: `/tmp/e2e-uploads-${randomBytes(4).toString('hex')}`, staffTotpRequired: false, ...overrides },
  );
  const app = await buildApp(config, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A phone: 390×844, touch, Chinese locale, Beijing time zone. */
export function newPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

/** Opens a hash route, e.g. open(page, platform, '/login?type=1'). */
export async function open(page: Page, platform: Platform, route: string): Promise<void> {
  await page.goto(`${platform.url}/#${route}`);
}

/** Saves a screenshot under packages/e2e/screenshots/<name>.png for a human to look at (the viewport, or the whole page). */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // A whole-page picture is taken from the top, or sticky headers land mid-page.
  if (opts.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: opts.fullPage ?? false });
}

/** A finger pulling the page down from (x, y) by `by` px and letting go (pull-to-refresh), as touch events. */
export async function pullDown(page: Page, from = { x: 195, y: 260 }, by = 220): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let d = 10; d <= by; d += 15) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + d }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** shot() once nothing is moving (modals, tab panes and messages animate in; endless spinners are ignored), in the page and its frames. */
export async function stillShot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  for (const frame of page.frames()) {
    await frame.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5000 });
  }
  await shot(page, name, opts);
}

/**
 * Clicks `target` once its box has held still for three frames. A sheet or dropdown that slides in by
 * script (react-spring) is no Web Animation, and a plain click waits out its retries (up to ~1 s) instead.
 */
export async function clickWhenStill(target: Locator): Promise<void> {
  await target.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = '';
        let same = 0;
        const tick = () => {
          const r = el.getBoundingClientRect();
          const box = `${r.x},${r.y},${r.width},${r.height}`;
          same = box === last ? same + 1 : 0;
          last = box;
          if (same >= 3) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  await target.click();
}

/**
 * Clicks a button in a popup (a Popconfirm, a confirm dialog, a modal) once the popup has come in: no
 * motion class left on it or its ancestors (rc-motion holds a popup offscreen or paused until it is
 * aligned, then zooms it from the trigger or the pointer), and its box still for three frames. A click
 * aimed while it moved could land beside the button, which closes a Popconfirm with nothing done.
 */
export async function clickInPopup(target: Locator): Promise<void> {
  await target.waitFor();
  await expect
    .poll(() =>
      target.evaluate((el) => {
        for (let n: Element | null = el; n; n = n.parentElement) if (/-(appear|enter|leave)(-|\s|$)/.test(n.getAttribute('class') ?? '')) return false;
        return true;
      }),
    )
    .toBe(true);
  await clickWhenStill(target);
}

/**
 * Waits until nothing on the page moves: no running animation and no class or inline-style change
 * (spring-driven popups and toasts move through inline styles) for `quietMs`. Endless spinners and
 * slow effects of 2 s or more (a notice bar's marquee, the console's click wave fading out) are
 * ignored; where something keeps changing it stops waiting after `maxMs`.
 */
export async function settled(page: Page, quietMs = 150, maxMs = 3000): Promise<void> {
  await page.evaluate(
    ([quiet, max]) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        let last = start;
        const changes = new MutationObserver(() => (last = performance.now()));
        changes.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
        const look = () => {
          const now = performance.now();
          const moving = document.getAnimations().some((a) => {
            const timing = a.effect?.getTiming();
            return a.playState === 'running' && timing?.iterations !== Infinity && Number(timing?.duration ?? 0) < 2000;
          });
          if (moving) last = now;
          if (now - last >= quiet || now - start >= max) {
            changes.disconnect();
            resolve();
          } else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
    [quietMs, maxMs] as const,
  );
}

/** The current hash route without the leading '#'. */
export function route(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

let seq = 0;
export function uniqueName(prefix = 'e'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${seq}`.slice(0, 16);
}

/** The payment password registerViaApi sets: the member's own secret, not its login password (DESIGN §4). */
export const PAY_PASSWORD = 'paysecret88';

/**
 * Registers through the API (captcha bypass), then sets the payment password PAY_PASSWORD as a member
 * does before its first card binding (`payPassword: null`: none, as right after registration, and
 * payPassword '' in the answer).
 */
export async function registerViaApi(
  platform: Platform,
  name = uniqueName(),
  password = 'secret123',
  opts: { payPassword?: string | null } = {},
): Promise<{ name: string; password: string; token: string; payPassword: string }> {
  const call = async (path: string, body: unknown, token = '') => {
    const res = await fetch(`${platform.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; message: string; data: { api_token: string } };
  };
  const json = await call('register', { name, realname: name, password, confirmPass: password, code: CAPTCHA_CODE, adult: 1 });
  if (json.code !== 200) throw new Error(`register failed: ${json.message}`);
  const token = json.data.api_token;
  const payPassword = opts.payPassword === undefined ? PAY_PASSWORD : opts.payPassword;
  if (payPassword !== null) {
    const set = await call('setPayPassword', { password, paypassword: payPassword }, token);
    if (set.code !== 200) throw new Error(`setPayPassword failed: ${set.message}`);
  }
  return { name, password, token, payPassword: payPassword ?? '' };
}

/**
 * Opens `routeAfter` signed in as `token`. The token goes into the origin's session storage from a
 * small non-app page (the uploads 404), so the member app itself loads once, already signed in.
 */
export async function signInPage(page: Page, platform: Platform, token: string, routeAfter = '/'): Promise<void> {
  await page.goto(`${platform.url}/uploads/`);
  await page.evaluate((t) => sessionStorage.setItem('token', t), token);
  await page.goto(`${platform.url}/#${routeAfter}`);
}

/** Text of the visible antd-mobile toast. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.adm-toast-main').last();
  await toast.waitFor({ state: 'visible', timeout: 5000 });
  return (await toast.innerText()).trim();
}

/** Credits a member's wallet through the ledger, as a staff adjustment would. */
export async function credit(platform: Platform, memberId: number, amountFen: number): Promise<void> {
  await platform.db.kysely.transaction().execute(async (tx) => {
    const house = await ensureAccount(tx, 'house:e2e_adjustments', 'house', { allowNegative: true });
    const wallet = await openMemberWallet(tx, memberId);
    await post(tx, {
      idemKey: `e2e-credit-${memberId}-${Date.now()}-${Math.random()}`,
      kind: 'adjustment',
      entries: [
        { accountId: house, amountFen: -amountFen },
        { accountId: wallet, amountFen },
      ],
    });
  });
}

/**
 * A test file's platform and browser. Rate limits and the per-IP login failure budget are off (every
 * test calls from one address) and E2E_H5_DIST may point at a private build when other work rebuilds
 * packages/h5/dist meanwhile.
 */
export async function startSuite(overrides: Partial<Config> = {}): Promise<{ platform: Platform; browser: Browser }> {
  const platform = await startPlatform({
    rateLimits: { login: 0, register: 0, captcha: 0, withdraw: 0, bindcard: 0 },
    loginIpFailureBudget: 0,
    ...(process.env.E2E_H5_DIST ? { h5Dist: process.env.E2E_H5_DIST } : {}),
    ...overrides,
  });
  return { platform, browser: await launchBrowser() };
}
export async function stopSuite(platform: Platform | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await platform?.close();
}

/** A fresh phone (own storage) for one test. */
export async function withPhone<T>(browser: Browser, fn: (page: Page) => Promise<T>): Promise<T> {
  const ctx = await newPhone(browser);
  try {
    return await fn(await ctx.newPage());
  } finally {
    await ctx.close();
  }
}

export async function expectRoute(page: Page, wanted: string): Promise<void> {
  await expect.poll(() => route(page), { timeout: 6000 }).toBe(wanted);
}
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => toastText(page), { timeout: 6000 }).toBe(text);
}

/**
 * A form's error, shown once: in red under its field (`name`, or whichever field shows `message`), and
 * in no toast.
 */
export async function expectFieldMessage(page: Page, message: string, name?: string): Promise<void> {
  const under = name ? page.getByTestId(`field-error-${name}`) : page.locator('[data-testid^="field-error-"]', { hasText: message });
  await expect.poll(() => under.first().innerText().catch(() => ''), { timeout: 6000 }).toBe(message);
  expect(await page.locator('[data-testid^="field-error-"]').count()).toBe(1);
  // a toast would come in after the mark (it is shown asynchronously): wait for the page to hold still
  await settled(page);
  expect(await page.locator('.adm-toast-main', { hasText: message }).count()).toBe(0);
  expect(await page.getByText(message, { exact: true }).count()).toBe(1);
}

/** The login sheet a visitor gets for a tap behind login: its words and its two ways in (登录 / 注册), and no toast. */
export async function expectLoginSheet(page: Page): Promise<void> {
  await page.getByTestId('login-sheet').waitFor();
  expect(await page.getByTestId('login-sheet-text').innerText()).toBe(MSG.loginRequiredConfirm);
  expect(await page.getByTestId('login-sheet-login').innerText()).toBe('登录');
  expect(await page.getByTestId('login-sheet-register').innerText()).toBe('注册');
  expect(await page.locator('.adm-toast-main').count()).toBe(0);
}

/** A member API call as the given token (empty for a visitor). */
export async function apiAs<T = any>(platform: Platform, path: string, token = '', body: unknown = {}): Promise<{ code: number; message: string; data: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${platform.url}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; data: T };
}

export async function memberIdOf(platform: Platform, token: string): Promise<number> {
  return (await apiAs<{ id: number }>(platform, 'user', token)).data.id;
}

/** Every image under `selector` has loaded, none broken. */
export async function imagesLoaded(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() => page.$$eval(`${selector} img`, (imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), { timeout: 8000 })
    .toBe(true);
}

/** Waits until no toast is on screen (before a screenshot). */
export async function toastGone(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('.adm-toast-mask')].every((m) => getComputedStyle(m).display === 'none' || Number(getComputedStyle(m).opacity) === 0), null, { timeout: 8000 });
}

/** How long antd-mobile's toasts stay (the app keeps the default). */
export const TOAST_MS = 2000;

/**
 * Waits until no toast is on screen without waiting out its time: on a phone whose clock is installed
 * (`context.clock.install()` before the page loads) the clock jumps over the toast's TOAST_MS, and the
 * toast fades out as it would.
 */
export async function skipToast(page: Page): Promise<void> {
  if (await page.locator('.adm-toast-main').isVisible()) await page.clock.fastForward(TOAST_MS);
  await toastGone(page);
}

/** Taps a button of the open antd-mobile dialog (确定, 取消, 退出…). */
export async function dialogButton(page: Page, text: string): Promise<void> {
  await page.locator('.adm-dialog').getByText(text, { exact: true }).click();
}

/** Signs in as the trial account with 免费试玩 and lands on `routeAfter`. */
export async function guestSignIn(page: Page, platform: Platform, routeAfter: string): Promise<void> {
  await open(page, platform, `/login?redirect=${encodeURIComponent(routeAfter)}`);
  await page.getByTestId('guest-login').click();
  await expectRoute(page, routeAfter);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A well-formed, unique USDT address of a network (TRC20: T + 33 base58; ERC20: 0x + 40 hex). */
export function usdtAddress(network: 'TRC20' | 'ERC20'): string {
  const bytes = randomBytes(40);
  if (network === 'ERC20') return `0x${bytes.toString('hex').slice(0, 40)}`;
  return `T${[...bytes.subarray(0, 33)].map((b) => BASE58[b % BASE58.length]).join('')}`;
}
/** A unique 16-digit bank card number. */
export function bankCardNo(): string {
  return `6214${[...randomBytes(12)].map((b) => b % 10).join('')}`;
}

// ---- back-office console (/admin/) ------------------------------------------------------------

/** The first admin's password in e2e runs: pass `{ adminPassword: ADMIN_PASSWORD }` to startSuite. */
export const ADMIN_PASSWORD = 'e2e-Admin-pass-1';

/** A desktop window for the back-office console (1280×800, Chinese locale, Beijing time). */
export function newDesktop(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

/** A back-office API call as a staff token (GET with the query in the path, POST with a JSON body). */
export async function staffApi<T = any>(platform: Platform, token: string, method: 'GET' | 'POST', path: string, body: unknown = {}): Promise<{ code: number; message: string; data: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const res = await fetch(`${platform.url}/admin/api${path}`, { method, headers, body: method === 'POST' ? JSON.stringify(body) : undefined });
  return (await res.json()) as { code: number; message: string; data: T };
}

/**
 * A staff member created by a super admin through the API and past its first sign-in: the account is
 * made with a temporary password, which its owner must change before anything else (as 修改初始密码
 * does in the console), here to `password`. Returns the new member's id and a signed-in token.
 */
export async function newStaffViaApi(platform: Platform, superToken: string, who: { username: string; password: string; role: string }): Promise<{ id: number; token: string }> {
  const temporary = `tmp-${who.password}`;
  const created = await staffApi<{ id: number }>(platform, superToken, 'POST', '/staff', { ...who, password: temporary });
  if (created.code !== 200) throw new Error(`staff not created: ${created.message}`);
  const token = await staffLoginViaApi(platform, who.username, temporary);
  const changed = await staffApi(platform, token, 'POST', '/password', { old_password: temporary, password: who.password });
  if (changed.code !== 200) throw new Error(`temporary password not changed: ${changed.message}`);
  return { id: created.data.id, token };
}

/** Staff login through the API; returns the staff token. */
export async function staffLoginViaApi(platform: Platform, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const r = await staffApi<{ token: string }>(platform, '', 'POST', '/login', { username, password });
  if (r.code !== 200) throw new Error(`staff login failed: ${r.message}`);
  return r.data.token;
}

/** Opens the console at `path` (below /admin) already signed in with a staff token. */
export async function signInConsole(page: Page, platform: Platform, token: string, path = '/'): Promise<void> {
  await page.addInitScript(recordConsoleLog, CONSOLE_MESSAGE);
  await page.goto(`${platform.url}/admin/login`);
  await page.evaluate((t) => localStorage.setItem('admin_token', t), token);
  await page.goto(`${platform.url}/admin${path}`);
}

/** Runs `fn` in a fresh desktop window signed in as `token` at `path` (below /admin), closed afterwards. */
export async function inConsole<T>(
  browser: Browser,
  platform: Platform,
  token: string,
  path: string,
  fn: (page: Page) => Promise<T>,
  viewport?: { width: number; height: number },
): Promise<T> {
  const ctx = await newDesktop(browser, viewport);
  try {
    const page = await ctx.newPage();
    await signInConsole(page, platform, token, path);
    return await fn(page);
  } finally {
    await ctx.close();
  }
}

/** An antd message: the console's toasts. */
const CONSOLE_MESSAGE = '.ant-message-notice-content';

/** Text of the newest console message. */
export async function consoleMessage(page: Page): Promise<string> {
  const notice = page.locator(CONSOLE_MESSAGE).last();
  await notice.waitFor({ state: 'visible', timeout: 6000 });
  return (await notice.innerText()).trim();
}

/**
 * Runs in the console's pages: keeps, in order, the text of every message (toast) shown and every
 * write it sent with the envelope's answer (GETs are left out: the console polls), on
 * window.__consoleLog, so a look that fails can say what did happen (a toast lasts 3 s).
 */
function recordConsoleLog(messageSelector: string): void {
  const log: string[] = [];
  const kept = new WeakSet<Element>();
  Object.assign(window, { __consoleLog: log });
  new MutationObserver(() => {
    for (const el of document.querySelectorAll(messageSelector)) {
      const text = el.textContent?.trim();
      if (text && !kept.has(el)) {
        kept.add(el);
        log.push(`message ${text}`);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') return send(input, init);
    const call = `${method} ${String(input instanceof Request ? input.url : input)}`;
    log.push(`${call} sent at ${Math.round(performance.now())} ms`);
    const res = await send(input, init);
    res
      .clone()
      .json()
      .then((env: { code?: number; message?: string }) => log.push(`${call} answered ${env.code} ${env.message ?? ''} at ${Math.round(performance.now())} ms`))
      .catch(() => log.push(`${call} answered HTTP ${res.status}`));
    return res;
  };
}

/**
 * The newest console message reads `text` and has finished sliding in (so a screenshot shows it whole).
 * Up to 15 s: each look waits 6 s for a message to show, and a busy machine once took longer than one
 * look for an answer's message to appear (admin-site's maintenance switch, stop 26's CI; admin-content's
 * 公告 at stop 24). The text is what is checked, not how fast it came. When it never reads `text`, the
 * failure lists every message the page did show and every write it sent.
 */
export async function consoleMessageIs(page: Page, text: string): Promise<void> {
  try {
    await expect.poll(() => consoleMessage(page), { timeout: 15_000 }).toBe(text);
  } catch (err) {
    const log = await page.evaluate(() => (window as { __consoleLog?: string[] }).__consoleLog ?? null).catch(() => null);
    throw new Error(`the console never said ${JSON.stringify(text)} on ${page.url()}; what it sent and showed: ${JSON.stringify(log)}`, { cause: err });
  }
  // rc-motion marks an entering notice with move-up classes until it is in place.
  await expect.poll(() => page.locator('.ant-message-notice-wrapper').last().getAttribute('class')).not.toContain('move-up');
}

/** Picks a bank in the bottom picker: tap the row, the bank in the wheel, then 确定. */
export async function pickBank(page: Page, bank: string): Promise<void> {
  await page.getByTestId('field-bank').click();
  const item = page.locator('.adm-picker-view-column-item').filter({ has: page.getByText(bank, { exact: true }) });
  // The wheel's accessibility layer lies over the items: the item's own click handler is what a tap reaches.
  // Tapped again until it is the wheel's choice: a picker that has just opened sets its wheel to the
  // field's value, and under a busy machine that came after the first tap (loop, parallel e2e).
  await expect
    .poll(async () => {
      await item.dispatchEvent('click');
      return item.getAttribute('aria-label');
    })
    .toBe('active');
  await page.locator('.adm-picker-header-button').getByText('确定', { exact: true }).click();
  await expect.poll(() => page.getByTestId('field-bank').innerText()).toBe(bank);
}
