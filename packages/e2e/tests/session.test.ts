import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG, TIMING } from '@app/contract';
import { sql } from 'kysely';
import { forgetCachedSessions } from '../../server/src/modules/session/service.js';
import { updateSettings } from '../../server/src/modules/site/service.js';
import { credit, memberIdOf, open, type Platform, registerViaApi, route, shot, signInPage, startSuite, stopSuite, withPhone } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);
const memberId = (token: string) => memberIdOf(platform, token);

describe('the session', () => {
  it(`polls the balance every ${TIMING.balancePollMs} ms while logged in`, async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await expect.poll(() => page.getByTestId('hall-balance').innerText(), { timeout: 8000 }).toBe('0.00');
      const polls: number[] = [];
      page.on('request', (r) => r.url().endsWith('/api/balance') && polls.push(Date.now()));
      await credit(platform, await memberId(member.token), 52_000);
      // No reload, no tap: the poll alone brings the new balance.
      await expect.poll(() => page.getByTestId('hall-balance').innerText(), { timeout: 8000 }).toBe('520.00');
      // Two more polls after the one that brought it: at least two gaps to measure.
      const seen = polls.length;
      await expect.poll(() => polls.length, { timeout: TIMING.balancePollMs * 2 + 3000 }).toBeGreaterThanOrEqual(Math.max(3, seen + 2));
      const gaps = polls.slice(1).map((t, i) => t - polls[i]);
      expect(gaps.length).toBeGreaterThanOrEqual(2);
      for (const gap of gaps) expect(Math.abs(gap - TIMING.balancePollMs)).toBeLessThan(600);
    });
  });

  it('on an expired session shows the login-expired alert, clears everything and goes to /login', async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-username').waitFor();
      // Seven idle days pass on the server.
      await sql`UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE member_id = ${await memberId(member.token)}`.execute(platform.db.kysely);
      forgetCachedSessions();
      const dialog = page.locator('.adm-dialog-body');
      await dialog.waitFor({ timeout: 8000 });
      expect(await dialog.innerText()).toContain(MSG.sessionExpired);
      await shot(page, 'session-expired');
      await page.locator('.adm-dialog-button', { hasText: '确定' }).click();
      await expect.poll(() => route(page)).toBe('/login');
      expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    });
  });

  it('sends any entry with a pid to the register screen with the referrer filled in', async () => {
    await phone(async (page) => {
      await open(page, platform, '/activity?pid=1');
      await expect.poll(() => route(page)).toBe('/reg2?pid=1');
      await expect.poll(() => page.locator('input[name="pid"]').inputValue()).toBe('1');
    });
  });

  it('replaces the app with repair_tips when the server enters maintenance during a visit', async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('hall-username').waitFor();
      const settings = await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, site_state: 0 } }));
      try {
        // The next balance poll answers 503 with the repair notice.
        await page.getByTestId('maintenance').waitFor({ timeout: 8000 });
        expect(await page.getByTestId('maintenance').innerText()).toContain(settings.app.repair_tips);
      } finally {
        await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, site_state: 1 } }));
      }
    });
  });
});
