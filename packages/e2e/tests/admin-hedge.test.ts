import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AdminMemberRow, Page as Paged } from '@app/contract';
import { ADMIN_PASSWORD, apiAs, credit, inConsole, memberIdOf, type Platform, registerViaApi, shot, staffApi, staffLoginViaApi, startSuite, stopSuite, uniqueName } from '../harness.js';

// The console flags a member whose stake is mostly hedged (both sides of one round): 对冲占比 in the
// member list with a red 对冲 tag, and the figures in the drawer.
let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

async function venue<T = any>(path: string, session: string | null, body: unknown): Promise<{ code: number; message: string; data: T }> {
  const res = await fetch(`${platform.url}/venue/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(session ? { 'x-venue-session': session } : {}) }, body: JSON.stringify(body) });
  return res.json() as Promise<{ code: number; message: string; data: T }>;
}

describe('member view: 对冲占比', () => {
  it('tags a member who bets 庄 and 闲 together, and shows the hedged share in the drawer', async () => {
    const member = await registerViaApi(platform, uniqueName('hg'));
    const id = await memberIdOf(platform, member.token);
    await credit(platform, id, 1000_00);
    expect((await apiAs(platform, 'uptransferstatus', member.token, { transferstatus: 1 })).code).toBe(200);
    const url = await apiAs<{ url: string }>(platform, 'getGameUrl', member.token, { plat_name: 'DEMOLIVEA', game_type: '0', game_code: 'demo_baccarat', is_mobile_url: '1' });
    expect(url.code, url.message).toBe(200);
    const launch = new URL(url.data.url, platform.url).searchParams.get('launch');
    const session = (await venue<{ session: string }>('/session', null, { launch })).data.session;
    for (const stakes of [{ banker: 200, player: 200 }, { banker: 100, player: 100 }, { banker: 50 }]) {
      const r = await venue('/play', session, { game: 'demo_baccarat', bet: { stakes } });
      expect(r.code, r.message).toBe(200);
    }
    // the bet feed runs every few seconds: 600 of 650 staked was hedged
    await expect
      .poll(async () => (await staffApi<Paged<AdminMemberRow>>(platform, admin, 'GET', `/members?keyword=${member.name}`)).data.data[0]?.hedged_share, { timeout: 15_000 })
      .toBeCloseTo(600 / 650, 4);

    await inConsole(browser, platform, admin, '/members', async (page) => {
      await page.getByTestId('member-search').fill(member.name);
      await page.getByTestId('member-search').press('Enter');
      const tag = page.getByTestId(`hedge-flag-${id}`);
      await tag.waitFor();
      expect(await page.locator('.ant-table-row', { hasText: member.name }).innerText()).toContain('92.3%');
      await tag.hover();
      await page.locator('.ant-tooltip-inner', { hasText: '对冲部分不计有效投注' }).waitFor();
      await shot(page, 'admin-members-hedge');
      await page.mouse.move(1200, 700);
      await page.locator('.ant-tooltip-inner').waitFor({ state: 'hidden' });
      await page.getByTestId(`member-open-${id}`).click();
      const stat = page.getByTestId('member-hedge');
      await stat.waitFor();
      expect(await stat.innerText()).toMatch(/近30天对冲占比[\s\S]*92\.3%[\s\S]*对冲[\s\S]*¥600\.00[\s\S]*¥650\.00/);
      await page.locator('.ant-drawer-content-wrapper').evaluate((el) => Promise.all(el.getAnimations().map((x) => x.finished)));
      await shot(page, 'admin-member-drawer-hedge');
    });
  });
});
