import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fmt, PROVIDER_LIMITS, PROVIDER_MSG, type AdminProvider } from '@app/contract';
import { RS, SEAMLESS_PATH, SEAMLESS_PREFIX, signRequest } from '@app/provider-kit';
import { flushProviderCalls } from '../../server/src/modules/providers/health.js';
import { issueSeamlessToken } from '../../server/src/modules/providers/token.js';
import { ADMIN_PASSWORD, clickInPopup, consoleMessageIs, inConsole as inConsoleAs, memberIdOf, type Platform, registerViaApi, staffApi, staffLoginViaApi, startSuite, stillShot, stopSuite } from '../harness.js';

// 游戏供应商 in the console at 1280×800: a provider added with its venue, its key seen once and then
// only masked, its calls' health in the list, its key rotated (the new one seen once, the old one
// masked until the overlap ends), and the provider switched into maintenance.

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>) => inConsoleAs(browser, platform, admin, path, fn, { width: 1280, height: 800 });

/** The seamless wallet's balance as the provider asks it, signed with `key`: the answer's status. */
async function balance(merchant: string, key: string, token: string, memberId: number): Promise<string> {
  const path = SEAMLESS_PREFIX + SEAMLESS_PATH.balance;
  const body = JSON.stringify({ request_uuid: randomBytes(12).toString('hex'), token, user: String(memberId) });
  const res = await fetch(platform.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...signRequest(key, merchant, { method: 'POST', path, body }) }, body });
  return ((await res.json()) as { status: string }).status;
}

/** The key the one-time dialog shows, read off the screen, and the dialog closed with 我已保存密钥. */
async function keyShownOnce(page: Page, shotName: string): Promise<string> {
  const shown = page.getByTestId('provider-key-once');
  await shown.waitFor();
  expect(await page.getByTestId('provider-key-warning').innerText()).toContain(PROVIDER_MSG.keyOnce);
  expect(await page.locator('.ant-modal .ant-typography-copy').count()).toBe(1);
  const key = (await shown.innerText()).trim();
  await stillShot(page, shotName);
  await clickInPopup(page.getByTestId('provider-key-done'));
  await shown.waitFor({ state: 'detached' });
  return key;
}

describe('游戏供应商', () => {
  it('adds a provider (key seen once, then masked), shows its health, rotates its key and puts it into maintenance', async () => {
    const tag = randomBytes(2).toString('hex').toUpperCase();
    const code = `E2E_${tag}`;
    const merchant = `e2e-${tag.toLowerCase()}`;
    const venue = `EV${tag}`;

    await inConsole('/providers', async (page) => {
      await page.getByTestId('provider-row-DEMO_SW').waitFor();
      await stillShot(page, 'admin-providers');

      // 新增供应商: a bad code is refused in the contract's words, nothing sent; then added.
      await page.getByTestId('provider-add').click();
      await page.getByTestId('provider-code').fill('x');
      await page.getByTestId('provider-create-save').click();
      await expect.poll(() => page.getByTestId('provider-create-failure').innerText()).toBe(fmt(PROVIDER_MSG.code, { max: PROVIDER_LIMITS.codeMax }));
      await page.getByTestId('provider-code').fill(code);
      await page.locator('.ant-modal').getByText('无缝钱包').click();
      await page.getByTestId('provider-merchant').fill(merchant);
      await page.getByTestId('provider-name').fill('星河游戏');
      await page.getByTestId('provider-timeout').fill('4000');
      await page.locator('.ant-modal').getByText('电子', { exact: true }).click();
      await page.getByTestId('provider-venue-code-0').fill(venue);
      await page.getByTestId('provider-venue-name-0').fill('星河电子');
      await stillShot(page, 'admin-providers-add');
      await page.getByTestId('provider-create-save').click();
      await consoleMessageIs(page, PROVIDER_MSG.created);
      const key = await keyShownOnce(page, 'admin-providers-key-once');
      expect(key).toMatch(/^[0-9a-f]{64}$/);

      // The list shows it masked, and nowhere whole.
      const row = page.getByTestId(`provider-row-${code}`);
      await row.waitFor();
      expect(await page.getByTestId(`provider-key-${code}`).innerText()).toBe(`****${key.slice(-4)}`);
      expect(await row.innerText()).toContain('无缝钱包');
      expect(await row.innerText()).toContain(venue);
      expect(await page.content()).not.toContain(key);

      // The provider calls the seamless wallet with that key (three answers and one refused signature): the list shows it.
      const member = await registerViaApi(platform);
      const memberId = await memberIdOf(platform, member.token);
      const token = await issueSeamlessToken(platform.db.kysely, { memberId, provider: code, venue, game: 'e2e_slot' });
      for (let i = 0; i < 3; i++) expect(await balance(merchant, key, token, memberId)).toBe(RS.ok);
      expect(await balance(merchant, 'f'.repeat(64), token, memberId)).toBe(RS.invalidSignature);
      await flushProviderCalls(platform.db.kysely);
      await page.getByRole('button', { name: '刷新' }).click();
      await expect.poll(() => page.getByTestId(`provider-errors-${code}`).innerText()).toBe('25.0%');
      expect(await page.getByTestId(`provider-last-failure-${code}`).innerText()).toContain('signature refused');
      expect(Number(await page.getByTestId(`provider-cpm-${code}`).innerText())).toBeGreaterThan(0);
      expect(await page.getByTestId(`provider-p99-${code}`).innerText()).toMatch(/^\d+(\.\d)? ms$/);
      await stillShot(page, 'admin-providers-health');

      // 轮换密钥: the new key seen once; the old one masked beside it until the overlap ends.
      await page.getByTestId(`provider-rotate-${code}`).click();
      await page.getByTestId('provider-overlap').fill('2');
      await stillShot(page, 'admin-providers-rotate');
      await page.getByTestId('provider-rotate-save').click();
      await consoleMessageIs(page, PROVIDER_MSG.rotated);
      const fresh = await keyShownOnce(page, 'admin-providers-rotated-key');
      expect(fresh).not.toBe(key);
      await expect.poll(() => page.getByTestId(`provider-key-${code}`).innerText()).toBe(`****${fresh.slice(-4)}`);
      expect(await page.getByTestId(`provider-previous-key-${code}`).innerText()).toContain(`****${key.slice(-4)}`);
      expect(await page.content()).not.toContain(fresh);
      expect(await balance(merchant, key, token, memberId)).toBe(RS.ok);
      expect(await balance(merchant, fresh, token, memberId)).toBe(RS.ok);

      // 状态 → 设为维护中, confirmed.
      await page.getByTestId(`provider-state-menu-${code}`).click();
      await clickInPopup(page.getByTestId('provider-set-maintenance'));
      await page.getByTestId('provider-state-confirm').waitFor();
      await stillShot(page, 'admin-providers-maintenance-confirm');
      await clickInPopup(page.getByTestId('provider-state-confirm'));
      await consoleMessageIs(page, PROVIDER_MSG.stateMaintenance);
      await expect.poll(() => page.getByTestId(`provider-state-${code}`).innerText()).toBe('维护中');
      await stillShot(page, 'admin-providers-maintenance');
    });

    const listed = (await staffApi<AdminProvider[]>(platform, admin, 'GET', '/providers')).data.find((p) => p.code === code)!;
    expect(listed).toMatchObject({ state: 'maintenance', mode: 'seamless', merchant_id: merchant, timeout_ms: 4000, categories: ['concise'], venues: [{ code: venue, name: '星河电子', enabled: true }] });
    const audit = (await staffApi<{ data: { action: string; target: string }[] }>(platform, admin, 'GET', '/audit-log?page=1')).data.data.filter((a) => a.target === `provider:${code}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['provider.create', 'provider.rotate_key', 'provider.state']);
  });
});
