import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { overHeadroomText, venueLimitText, type GameEntry, type VenuePlayResult } from '@app/contract';
import {
  apiAs,
  clickWhenStill,
  credit,
  expectFieldMessage,
  memberIdOf,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  toastGone,
  signInPage,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
} from '../harness.js';

/**
 * A member's own wager limit holds inside a game at 390×844: in a live-casino game
 * opened from the member app, 转账 names what the limit leaves, and the venue's game refuses the round
 * that would pass it, with the limit's words on the game, while money is still in the game.
 */

let platform: Platform;
let browser: Browser;
let live: GameEntry;

beforeAll(async () => {
  // No bet-feed job: the platform would read the round and end the game's session at the limit (its
  // own backstop, 游戏会话已失效); here the venue's refusal is what is shown.
  ({ platform, browser } = await startSuite({ betFeedIntervalMs: 0 }));
  const res = await fetch(`${platform.url}/api/game/list?category=`);
  live = ((await res.json()) as { data: GameEntry[] }).data.find((g) => g.app_state === 1 && g.category_id === 'realbet')!;
});
afterAll(() => stopSuite(platform, browser));

async function phone<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return await fn(page);
  } finally {
    await ctx.close();
  }
}

const isPlay = (r: { url(): string }) => r.url().endsWith('/venue/api/play');

describe('a daily wager limit of 100 in a game', () => {
  it('转账 says 今日最多还可转入100.00元; the game refuses the round past 100 with the limit’s words', async () => {
    const member = await registerViaApi(platform, uniqueName('vl'));
    await credit(platform, await memberIdOf(platform, member.token), 50_000);
    const limit = await apiAs(platform, 'protection/limit', member.token, { kind: 'wager', period: 'day', limit: 100 });
    expect(limit.code, limit.message).toBe(200);

    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await open(page, platform, `/gamePage?name=${live.platform_name}&type=realbet&code=${live.game_code}`);
      const game = page.frameLocator('[data-testid=app-frame]');
      await game.getByTestId('venue-balance').waitFor({ timeout: 10_000 });

      // 300 is more than the limit leaves: said under the amount, nothing moves; 100 goes in.
      await page.getByTestId('game-transfer').click();
      const sheet = page.getByTestId('transfer-sheet');
      await sheet.waitFor();
      await sheet.locator('input[name="sheetAmount"]').fill('300');
      await clickWhenStill(page.getByTestId('transfer-sheet-submit'));
      await expectFieldMessage(page, overHeadroomText('wager', 'day', 10_000), 'sheetAmount');
      expect(await page.getByTestId('field-error-sheetAmount').innerText()).toBe('已超出您设置的每日投注限额，今日最多还可转入100.00元');
      await stillShot(page, 'venue-limit-transfer');
      await sheet.locator('input[name="sheetAmount"]').fill('100');
      await page.getByTestId('transfer-sheet-submit').click();
      await sheet.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 6000 }).toBe('400.00');
      await toastGone(page);

      // 庄 50 and 闲 50: the whole 100 staked in one round, most of it back.
      await game.getByTestId('spot-banker').click();
      await game.getByTestId('spot-player').click();
      const first = page.waitForResponse(isPlay);
      await game.getByTestId('deal').click();
      const round = (await (await first).json()) as { code: number; data: VenuePlayResult };
      expect(round.code).toBe(200);
      expect(round.data.stake).toBe(100);
      await game.getByTestId('table-result').waitFor({ timeout: 10_000 });

      // 再来一局: the same 100 again would pass the limit. The game says so; the money stays.
      const again = page.waitForResponse(isPlay);
      await game.getByTestId('deal').click();
      expect(await (await again).json()).toMatchObject({ code: 403, message: venueLimitText('wager', 0) });
      const alert = game.getByRole('alert');
      await expect.poll(() => alert.innerText()).toBe('已达到您设置的投注限额，不能继续下注');
      expect(await alert.isVisible()).toBe(true);
      expect(Number((await game.getByTestId('venue-balance').innerText()).replace(/,/g, ''))).toBe(round.data.balance);
      expect(round.data.balance).toBeGreaterThan(0);
      await stillShot(page, 'venue-limit-refused');
    });
  });
});
