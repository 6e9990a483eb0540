import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatYuan, PLATFORM_WALLET, REBATE_MSG, rebateFen, TRANS_TYPE, type BetAmount, type FanshuiList, type GameEntry, type TransRecord } from '@app/contract';
import { rebatePass } from '../../server/src/modules/rebate/job.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  expectRoute,
  expectToast,
  memberIdOf,
  open,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  skipToast,
  stopSuite,
  toastGone,
  uniqueName,
  withPhone,
} from '../harness.js';
import { colourOf, WIN_RED } from '../money-tone.js';

/**
 * 返水中心: /fanshui on its own, then the whole loyalty journey at 390×844 — a member
 * deposits, plays baccarat in the frame, is promoted to VIP2 (the screens show it), the next day's
 * rebate is computed by the rebate job's own pass, the member claims it on /fanshui, and the claim
 * shows in /transRecord (返水) and adds to 打码量 on /withdrawal.
 */

let platform: Platform;
let browser: Browser;
let staff: string;

beforeAll(async () => {
  // The bet feed reads the venue's bets every 0.5 s (3 s by default), so the journey's promotion follows its hands at once.
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, betFeedIntervalMs: 500 }));
  staff = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const db = () => platform.db.kysely;

/** Noon (Beijing) of the day after today, past the rebate job's allowance for late bet records. */
function tomorrowNoon(): Date {
  const beijingToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return new Date(new Date(`${beijingToday}T12:00:00+08:00`).getTime() + 86_400_000);
}

describe('/fanshui', () => {
  it('sends a visitor to /login with the redirect', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/fanshui');
      await expectRoute(page, '/login?redirect=/fanshui');
    });
  });

  it('opens from 返水中心 on /mine: nothing pending, 空空如也, and 一键领取 answers 暂无领取额度！', async () => {
    const member = await registerViaApi(platform, uniqueName('fs'));
    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-link-coupon').click();
      await expectRoute(page, '/fanshui');
      expect(await page.locator('.page-nav').innerText()).toContain('返水中心');
      await expect.poll(() => text(page, 'fanshui-pending')).toBe('0.00');
      expect(await text(page, 'fanshui-claimed')).toBe('0.00');
      expect(await text(page, 'fanshui-level')).toBe('VIP1');
      await page.getByTestId('empty-state').waitFor();
      await shot(page, 'fanshui-empty');
      await page.getByTestId('fanshui-claim').click();
      await expectToast(page, REBATE_MSG.nothing);
      // 返水比例 leads to the rates of the levels.
      await toastGone(page);
      await page.getByTestId('fanshui-rates').click();
      await expectRoute(page, '/vip');
      await page.getByTestId('vip-screen').waitFor();
    });
  });
});

describe('the loyalty journey', () => {
  it('deposit → bets → VIP2 → the next day’s rebate → 一键领取 → /transRecord and 打码量', { timeout: 240_000 }, async () => {
    const venue = ((await (await fetch(`${platform.url}/api/game/list?category=`)).json()) as { data: GameEntry[] }).data.find((g) => g.category_id === 'realbet' && g.app_state === 1)!;
    const member = await registerViaApi(platform, uniqueName('lj'));
    const memberId = await memberIdOf(platform, member.token);
    const vip2 = await db().selectFrom('vip_tiers').selectAll().where('level', '=', 2).executeTakeFirstOrThrow();
    // The operator's setting for VIP2's turnover (console VIP等级), lowered so a few hands reach it.
    const flowFen = 20_000;
    await db().updateTable('vip_tiers').set({ flow_fen: flowFen }).where('level', '=', 2).execute();
    try {
      // 1. A deposit of VIP2's cumulative deposit, approved by staff.
      const rechargeYuan = Number(vip2.recharge_fen) / 100;
      const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: rechargeYuan });
      expect(order.code, order.message).toBe(200);
      const listed = await staffApi<{ data: { id: number; order_no: string }[] }>(platform, staff, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
      const approved = await staffApi(platform, staff, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {});
      expect(approved.code, approved.message).toBe(200);
      const moved = await apiAs(platform, 'transfer', member.token, { amount: 600, sourcetype: PLATFORM_WALLET.platname, targettype: venue.platform_name });
      expect(moved.code, moved.message).toBe(200);

      await withPhone(browser, async (page) => {
        // Short baccarat deals in the frame (venue.test.ts plays them at full length); the clock jumps over toasts (skipToast).
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.context().clock.install();
        await signInPage(page, platform, member.token, '/mine');
        await page.getByTestId('mine-vip').waitFor();
        expect(await page.locator('.vip-progress-to').innerText()).toBe('VIP2');

        // 2. Baccarat from the live tab: 50 on 庄 each hand until the counted turnover reaches VIP2's.
        await open(page, platform, '/');
        await page.getByTestId('game-tab-realbet').click();
        await page.getByTestId('game-grid-realbet').getByTestId('game-tile').first().click();
        const frame = page.frameLocator('[data-testid=app-frame]');
        await frame.getByTestId('venue-balance').waitFor({ timeout: 15_000 });
        const level = async () => Number((await db().selectFrom('member_figures').select('vip').where('member_id', '=', memberId).executeTakeFirstOrThrow()).vip);
        const counted = async () =>
          Number((await db().selectFrom('bet_records').select((e) => e.fn.count<string>('id').as('n')).where('member_id', '=', memberId).where('counted', '=', true).executeTakeFirstOrThrow()).n);
        const countedFen = async () =>
          Number((await db().selectFrom('bet_records').select((e) => e.fn.sum<string>('valid_fen').as('fen')).where('member_id', '=', memberId).where('counted', '=', true).executeTakeFirstOrThrow()).fen ?? 0);
        for (let hand = 0; hand < 16 && (await countedFen()) < flowFen; hand += 1) {
          if (hand === 0) await frame.getByTestId('spot-banker').click();
          await frame.getByTestId('deal').click();
          await frame.getByTestId('table-result').waitFor({ timeout: 15_000 });
          await expect.poll(() => frame.getByTestId('deal').isEnabled()).toBe(true);
          // The bet feed counts each hand (a pass every 0.5 s) before the next is dealt: a hand it never
          // counts fails here, rather than being made up for by more hands.
          await expect.poll(counted, { timeout: 8000 }).toBe(hand + 1);
        }
        // VIP2's turnover is reached: the promotion follows.
        await expect.poll(level, { timeout: 8000 }).toBe(2);
        await page.getByTestId('game-back').click();

        // 3. Promoted: /mine and /vip show VIP2 (a fresh visit: the app's user info is cached for 10 s).
        await open(page, platform, '/mine');
        await page.reload();
        await page.getByTestId('mine-vip').waitFor();
        expect(await page.locator('.vip-progress-to').innerText()).toBe('VIP3');
        await open(page, platform, '/vip');
        await page.getByTestId('vip-screen').waitFor();
        expect(await text(page, 'vip-current')).toBe('VIP2');
        await shot(page, 'journey-vip2');

        // 4. The next day: the rebate job's pass computes today's rebate at the VIP2 rate.
        const validFen = Number(
          (await db().selectFrom('bet_records').select((e) => e.fn.sum<string>('valid_fen').as('fen')).where('member_id', '=', memberId).where('status', '=', 1).where('counted', '=', true).executeTakeFirstOrThrow()).fen,
        );
        expect(validFen).toBeGreaterThanOrEqual(flowFen);
        const expectedFen = rebateFen(validFen, Number(vip2.realperson_bp));
        expect(expectedFen).toBeGreaterThan(0);
        const days = await rebatePass(db(), tomorrowNoon(), platform.config.rebateDelayMs);
        expect(days.length).toBeGreaterThan(0);
        // A second pass of the same day changes nothing.
        expect(await rebatePass(db(), tomorrowNoon(), platform.config.rebateDelayMs)).toEqual([]);

        await open(page, platform, '/fanshui');
        await expect.poll(() => text(page, 'fanshui-pending')).toBe(formatYuan(expectedFen / 100));
        const row = page.getByTestId('fanshui-row');
        await expect.poll(() => row.count()).toBe(1);
        expect(await row.innerText()).toContain(venue.name);
        expect(await row.getByTestId('fanshui-amount').innerText()).toBe(`+${formatYuan(expectedFen / 100)}`);
        expect(await row.getByTestId('fanshui-state').innerText()).toBe('未领取');
        // money waiting for the member reads as a win (red), never the green of a loss
        expect(await colourOf(row.getByTestId('fanshui-amount'))).toBe(WIN_RED);
        expect(await text(page, 'fanshui-level')).toBe('VIP2');
        await shot(page, 'journey-fanshui-pending');

        // The platform filter: another venue has none; all platforms again shows it.
        const other = (await apiAs<{ platname: string; name: string }[]>(platform, 'balancelist', member.token)).data.find((v) => v.platname !== PLATFORM_WALLET.platname && v.platname !== venue.platform_name);
        if (other) {
          await page.getByTestId('filter-platform-title').click();
          await page.getByTestId(`filter-platform-${other.platname}`).click();
          await page.getByTestId('empty-state').waitFor();
          await page.getByTestId('filter-platform-title').click();
          await page.getByTestId('filter-platform-all').click();
          await expect.poll(() => row.count()).toBe(1);
        }

        // 5. 一键领取: the amount into the central wallet, the row 已领取 with its time, 打码量 grows by it.
        const before = await apiAs<BetAmount>(platform, 'getBetAmount', member.token);
        await page.getByTestId('fanshui-claim').click();
        await expectToast(page, `${REBATE_MSG.claimed} +${formatYuan(expectedFen / 100)}`);
        await expect.poll(() => text(page, 'fanshui-pending')).toBe('0.00');
        await expect.poll(() => text(page, 'fanshui-claimed')).toBe(formatYuan(expectedFen / 100));
        await expect.poll(() => row.getByTestId('fanshui-state').innerText()).toBe('已领取');
        expect(await row.getByTestId('fanshui-claimed-at').innerText()).toMatch(/^领取 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        await skipToast(page);
        await shot(page, 'journey-fanshui-claimed');
        // A second tap: nothing left.
        await page.getByTestId('fanshui-claim').click();
        await expectToast(page, REBATE_MSG.nothing);
        const list = await apiAs<FanshuiList>(platform, 'getfanshui', member.token, { date: 1 });
        expect(list.data.nojisuan).toBe(0);

        await skipToast(page);
        await open(page, platform, '/transRecord?type=5');
        await expect.poll(() => page.getByTestId('record-row').count(), { timeout: 8000 }).toBe(1);
        expect(await page.getByTestId('record-amount').innerText()).toBe(`+${formatYuan(expectedFen / 100)}`);
        expect(await colourOf(page.getByTestId('record-amount'))).toBe(WIN_RED);
        expect(await page.getByTestId('record-way').innerText()).toBe('返水中心');
        expect(await page.getByTestId('record-row').innerText()).toContain(REBATE_MSG.claimedState);
        await shot(page, 'journey-transrecord');
        const rows = await apiAs<{ data: TransRecord[] }>(platform, 'gettransrecord', member.token, { type: TRANS_TYPE.rebate, date: 1 });
        expect(rows.data.data.map((r) => r.amount)).toEqual([expectedFen / 100]);

        await open(page, platform, '/withdrawal');
        await expect.poll(() => text(page, 'withdraw-bet-amount')).toBe(formatYuan((Math.round(before.data.bet_amount * 100) + expectedFen) / 100));
      });
    } finally {
      await db().updateTable('vip_tiers').set({ flow_fen: vip2.flow_fen }).where('level', '=', 2).execute();
    }
  });
});
