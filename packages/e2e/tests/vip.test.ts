import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatYuan, REBATE_CATEGORIES, vipBars } from '@app/contract';
import { approveDeposit } from '../../server/src/modules/deposits/review.js';
import { apiAs, expectRoute, memberIdOf, open, type Platform, registerViaApi, route, shot, signInPage, startSuite, stopSuite, uniqueName, newPhone, withPhone } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

/** The seeded tiers as the database holds them (fen, basis points of a percent), lowest first. */
async function seededTiers() {
  const rows = await platform.db.kysely.selectFrom('vip_tiers').selectAll().orderBy('level').execute();
  expect(rows.length).toBe(10);
  return rows.map((r) => ({
    level: Number(r.level),
    rechargeFen: Number(r.recharge_fen),
    flowFen: Number(r.flow_fen),
    rates: REBATE_CATEGORIES.map((c) => `${(Number(r[`${c}_bp`]) / 100).toFixed(2)}%`),
  }));
}

const activeTab = (page: Page) => page.locator('.vip-tabs .adm-tabs-tab-active').innerText();

/** A member at `level` with `paysumFen` deposited and `flowFen` of turnover, signed in on a fresh phone at `at`. */
async function memberAt<T>(level: number, paysumFen: number, at: string, fn: (page: Page) => Promise<T>, flowFen = 0): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('vp'));
  await platform.db.kysely.updateTable('vip_standings').set({ level, paysum_fen: paysumFen, flow_fen: flowFen }).where('member_id', '=', await memberIdOf(platform, member.token)).execute();
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await signInPage(page, platform, member.token, at);
    return await fn(page);
  } finally {
    await ctx.close();
  }
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/** The two bars of the progress to the next level as the member reads them. */
async function barsShown(page: Page) {
  return {
    recharge: await text(page, 'vip-bar-recharge-percent'),
    rechargeHave: await text(page, 'vip-bar-recharge-have'),
    recharge_line: await text(page, 'vip-bar-recharge'),
    flow: await text(page, 'vip-bar-flow-percent'),
    flowHave: await text(page, 'vip-bar-flow-have'),
    flow_line: await text(page, 'vip-bar-flow'),
    state: await text(page, 'vip-progress-state'),
  };
}

describe('/vip', () => {
  it('shows a visitor ten tabs from VIP1, each tier’s deposit and turnover, 未达标, the rebate table and the rules', async () => {
    const tiers = await seededTiers();
    await withPhone(browser, async (page) => {
      await open(page, platform, '/vip');
      await page.getByTestId('vip-screen').waitFor();
      expect(await page.locator('.page-nav').innerText()).toContain('VIP特权');
      expect(await page.locator('.vip-tabs .adm-tabs-tab').allInnerTexts()).toEqual(tiers.map((t) => `VIP${t.level}`));
      expect(await activeTab(page)).toBe('VIP1');
      for (const t of tiers) {
        expect(await page.getByTestId(`vip-recharge-${t.level}`).innerText()).toBe(formatYuan(t.rechargeFen / 100));
        expect(await page.getByTestId(`vip-flow-${t.level}`).innerText()).toBe(formatYuan(t.flowFen / 100));
        expect(await page.getByTestId(`vip-state-${t.level}`).innerText()).toBe('未达标');
        const cells = await page.getByTestId(`vip-rates-${t.level}`).locator('td').allInnerTexts();
        expect(cells).toEqual([`VIP${t.level}`, ...t.rates]);
      }
      expect(await page.locator('.vip-table th').allInnerTexts()).toEqual(['等级', '真人', '体育', '电竞', '棋牌', '电子', '彩票']);
      expect(await page.getByTestId('vip-rules').innerText()).toContain('90 天');
      expect(await page.getByTestId('vip-progress').count()).toBe(0);
      await shot(page, 'vip-visitor');
      await shot(page, 'vip-visitor-full', { fullPage: true });

      // A tab tap moves the swipe area there, and a swipe moves the tab.
      await page.locator('.vip-tabs .adm-tabs-tab', { hasText: /^VIP5$/ }).click();
      await expect.poll(() => activeTab(page)).toBe('VIP5');
      await expect.poll(async () => Math.round((await page.getByTestId('vip-card-5').boundingBox())?.x ?? -1)).toBeLessThan(60);
      expect((await page.getByTestId('vip-card-5').boundingBox())!.x).toBeGreaterThanOrEqual(0);
      // A real finger swipe (touch events through the DevTools protocol), right to left.
      const box = (await page.getByTestId('vip-swiper').boundingBox())!;
      const y = box.y + box.height / 2;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width * 0.85, y }] });
      for (let i = 1; i <= 8; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width * (0.85 - i * 0.09), y }] });
        await page.waitForTimeout(16);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(() => activeTab(page)).toBe('VIP6');
    });
  });

  it('opens a VIP3 member on the VIP3 tab, 已达标 up to VIP3, with both bars of the way to VIP4', async () => {
    const tiers = await seededTiers();
    const next = tiers[3];
    const paysumFen = Math.round(next.rechargeFen * 0.37);
    const flowFen = Math.round(next.flowFen * 0.62);
    const bars = vipBars({ paysumFen, flowFen }, next);
    expect(bars).toEqual({ recharge: 37, flow: 62, eligible: false });
    await memberAt(
      3,
      paysumFen,
      '/vip',
      async (page) => {
        await page.getByTestId('vip-screen').waitFor();
        expect(await activeTab(page)).toBe('VIP3');
        expect(await page.getByTestId('vip-current').innerText()).toBe('VIP3');
        for (const t of tiers) expect(await page.getByTestId(`vip-state-${t.level}`).innerText()).toBe(t.level <= 3 ? '已达标' : '未达标');
        const shown = await barsShown(page);
        expect(shown.recharge).toBe('37%');
        expect(shown.flow).toBe('62%');
        expect(shown.recharge_line).toContain(`${formatYuan(paysumFen / 100)} / ${formatYuan(next.rechargeFen / 100)}`);
        expect(shown.flow_line).toContain(`${formatYuan(flowFen / 100)} / ${formatYuan(next.flowFen / 100)}`);
        expect(await page.locator('.vip-progress-to').innerText()).toBe('VIP4');
        await shot(page, 'vip-member');
      },
      flowFen,
    );
  });

  it('opens a VIP10 member on the VIP10 tab with the bar full at 最高等级', async () => {
    await memberAt(10, 0, '/vip', async (page) => {
      await page.getByTestId('vip-screen').waitFor();
      expect(await activeTab(page)).toBe('VIP10');
      expect(await page.getByTestId('vip-state-10').innerText()).toBe('已达标');
      expect(await page.getByTestId('vip-progress-state').innerText()).toBe('最高等级');
      expect(await page.getByTestId('vip-progress-note').innerText()).toContain('最高等级');
      expect(await page.getByTestId('vip-bar-recharge').count()).toBe(0);
      await expect.poll(async () => (await page.locator('.vip-tabs .adm-tabs-tab-active').boundingBox())!.x).toBeLessThan(390);
      await shot(page, 'vip-top');
    });
  });

  it('leads from /mine’s VIP entries to the screen; /mine shows the deposit full and the turnover short, not 100% beside VIP4', async () => {
    const tiers = await seededTiers();
    await memberAt(3, tiers[3].rechargeFen * 2, '/mine', async (page) => {
      await page.getByTestId('mine-vip').waitFor();
      // Twice the next tier's deposit but no turnover: that bar is full, the other empty, and the
      // member is told both are needed.
      const shown = await barsShown(page);
      expect(shown.recharge).toBe('100%');
      expect(shown.flow).toBe('0%');
      expect(shown.state).toBe('存款与流水均达标即可晋级');
      expect(await page.getByTestId('mine-vip').innerText()).toContain('VIP4');
      await shot(page, 'vip-mine');
      await page.getByTestId('mine-link-vip').click();
      await expectRoute(page, '/vip');
      await page.getByTestId('vip-screen').waitFor();
      expect(await activeTab(page)).toBe('VIP3');
      await page.goBack();
      await page.getByTestId('mine-link-level').click();
      await expectRoute(page, '/vip2');
      await page.getByTestId('vip-screen').waitFor();
      expect(await page.getByTestId('vip-state-3').innerText()).toBe('已达标');
    });
  });

  it('keeps /mine live: a deposit approved while it is open shows its 累计存款, the new VIP level, both bars and the mail badge without a reload', async () => {
    const tiers = await seededTiers();
    const [vip2, vip3] = [tiers[1], tiers[2]];
    const depositYuan = vip2.rechargeFen / 100;
    const member = await registerViaApi(platform, uniqueName('lv'));
    const memberId = await memberIdOf(platform, member.token);
    // The turnover of VIP2 already played: the deposit is the condition left.
    await platform.db.kysely.updateTable('vip_standings').set({ flow_fen: vip2.flowFen }).where('member_id', '=', memberId).execute();
    const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: depositYuan });
    expect(order.code, order.message).toBe(200);
    const deposit = await platform.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', order.data.deposit_no).executeTakeFirstOrThrow();
    const admin = await platform.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const bonusYuan = Number((await platform.db.kysely.selectFrom('vip_tiers').select('levelup_bonus_fen').where('level', '=', 2).executeTakeFirstOrThrow()).levelup_bonus_fen) / 100;

    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-vip').waitFor();
      const before = await barsShown(page);
      expect(before.recharge).toBe('0%');
      expect(before.flow).toBe('100%');
      expect(before.state).toBe('存款与流水均达标即可晋级');
      expect(await page.locator('.vip-progress-to').innerText()).toBe('VIP2');
      expect(await text(page, 'mine-balance')).toBe('0.00');
      // Registration's welcome mail, unread.
      const unreadBefore = (await apiAs<{ count: number }>(platform, 'message/unread', member.token)).data.count;
      const badge = async () => {
        const shown = page.getByTestId('mine-mail').locator('.adm-badge');
        return (await shown.count()) ? shown.innerText() : '0';
      };
      await expect.poll(badge).toBe(String(unreadBefore));

      await approveDeposit(platform.db.kysely, deposit.id, Number(admin.id));

      // No reload: the balance, then 累计存款, the level (VIP2 reached, now on the way to VIP3) and the mails.
      await expect.poll(() => text(page, 'mine-balance'), { timeout: 10_000 }).toBe(formatYuan(depositYuan + bonusYuan));
      await expect.poll(() => page.locator('.vip-progress-to').innerText(), { timeout: 10_000 }).toBe('VIP3');
      const after = await barsShown(page);
      expect(after.rechargeHave).toBe(formatYuan(depositYuan));
      expect(after.recharge_line).toContain(`${formatYuan(depositYuan)} / ${formatYuan(vip3.rechargeFen / 100)}`);
      expect(after.recharge).toBe(`${vipBars({ paysumFen: vip2.rechargeFen, flowFen: vip2.flowFen }, vip3).recharge}%`);
      expect(after.flow_line).toContain(`${formatYuan(vip2.flowFen / 100)} / ${formatYuan(vip3.flowFen / 100)}`);
      expect(await page.locator('.vip-progress-from').innerText()).toBe('VIP2');
      expect(await page.locator('.mine-hero [data-testid="vip-icon"]').getAttribute('alt')).toBe('VIP2');
      // The deposit's mail and the level-up's.
      await expect.poll(badge, { timeout: 10_000 }).toBe(String(unreadBefore + 2));
      expect(page.url()).toContain('#/mine');
      await shot(page, 'mine-after-deposit');
    });
  });

  it('shows nothing but an error with 重新加载 when the levels cannot load, and the screen once they do', async () => {
    await withPhone(browser, async (page) => {
      let fail = true;
      await page.route('**/api/uservip', (r) => (fail ? r.abort() : r.continue()));
      await open(page, platform, '/vip');
      await page.getByTestId('vip-error').waitFor();
      expect(await page.getByTestId('vip-screen').count()).toBe(0);
      await shot(page, 'vip-error');
      fail = false;
      await page.getByTestId('vip-error').getByRole('button', { name: '重新加载' }).click();
      await page.getByTestId('vip-screen').waitFor();
      expect(await page.getByTestId('vip-error').count()).toBe(0);
    });
  });

  it('shows the same screen on /vip2', async () => {
    const tiers = await seededTiers();
    await withPhone(browser, async (page) => {
      await open(page, platform, '/vip2');
      await page.getByTestId('vip-screen').waitFor();
      expect(route(page)).toBe('/vip2');
      expect(await page.locator('.vip-tabs .adm-tabs-tab').count()).toBe(10);
      expect(await page.getByTestId('vip-recharge-1').innerText()).toBe(formatYuan(tiers[0].rechargeFen / 100));
    });
  });

  it('leads from the hall’s VIP shortcut to the screen', async () => {
    const member = await registerViaApi(platform, uniqueName('vh'));
    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('user-strip').getByText('VIP', { exact: true }).click();
      await expectRoute(page, '/vip');
      await page.getByTestId('vip-screen').waitFor();
    });
  });
});
