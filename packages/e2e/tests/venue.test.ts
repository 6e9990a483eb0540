import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG, type GameEntry, type VenueDiceOutcome, type VenuePlayResult } from '@app/contract';
import { apiAs, credit, memberIdOf, newPhone, type Platform, registerViaApi, shot, signInPage, startSuite, stopSuite, uniqueName } from '../harness.js';

/**
 * The demo venue's game pages (packages/venue, issue 4) at 390×844: every kind of game opened from a
 * real launch URL (getGameUrl with auto-transfer), played once against the real /venue/api, with the
 * venue balance moving; plus the expired-link screen and a reload that keeps the session.
 */

let platform: Platform;
let browser: Browser;
let catalogue: GameEntry[];

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
  const res = await fetch(`${platform.url}/api/game/list?category=`);
  catalogue = ((await res.json()) as { data: GameEntry[] }).data.filter((g) => g.app_state === 1);
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;

/** A member with `yuan` in the central wallet and auto-transfer on (the money follows each launch). */
async function richMember(yuan: number): Promise<Member> {
  const member = await registerViaApi(platform, uniqueName('vn'));
  await credit(platform, await memberIdOf(platform, member.token), yuan * 100);
  expect((await apiAs(platform, 'uptransferstatus', member.token, { transferstatus: 1 })).code).toBe(200);
  return member;
}

async function launchUrl(member: Member, platName: string, gameCode: string): Promise<string> {
  const res = await apiAs<{ url: string }>(platform, 'getGameUrl', member.token, { plat_name: platName, game_type: '0', game_code: gameCode, is_mobile_url: '1' });
  expect(res.code, res.message).toBe(200);
  return res.data.url;
}

/** The first hall tile of a category (its venue and code), as a member would tap it. */
function tileOf(category: string): GameEntry {
  const tile = catalogue.find((g) => g.category_id === category);
  if (!tile) throw new Error(`no ${category} tile`);
  return tile;
}

async function openGame(member: Member, platName: string, gameCode: string, fn: (page: Page) => Promise<void>): Promise<void> {
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await page.goto(`${platform.url}${await launchUrl(member, platName, gameCode)}`);
    await page.getByTestId('venue-balance').waitFor();
    // The single-use token leaves the address bar at once.
    expect(page.url()).not.toContain('launch=');
    await fn(page);
  } finally {
    await ctx.close();
  }
}

const balanceOf = async (page: Page) => Number((await page.getByTestId('venue-balance').innerText()).replace(/,/g, ''));

describe('venue game pages', () => {
  let member: Member;
  beforeAll(async () => {
    member = await richMember(20000);
  });

  const slots: [string, string][] = [
    ['obgdy', 'obgdy_fruit'],
    ['obgdy', 'obgdy_caishen'],
    ['fgdz', 'fgdz_dragon'],
    ['fgdz', 'fgdz_sanguo'],
    ['pp', 'pp_egypt'],
    ['pp', 'pp_candy'],
    ['ae', 'ae_ocean'],
    ['ae', 'ae_gems'],
  ];
  for (const [provider, code] of slots) {
    it(`spins ${code}: the reels stop and the venue balance moves by the spin's result`, async () => {
      await openGame(member, provider, code, async (page) => {
        const before = await balanceOf(page);
        await page.waitForTimeout(300);
        if (code === 'obgdy_fruit') await shot(page, 'venue-slot-idle');
        const play = page.waitForResponse((r) => r.url().endsWith('/venue/api/play'));
        await page.getByRole('button', { name: '旋转' }).click();
        if (code === 'obgdy_caishen') {
          await page.waitForTimeout(450);
          await shot(page, 'venue-slot-spinning');
        }
        const body = (await (await play).json()) as { code: number; data: { stake: number; payout: number; balance: number } };
        expect(body.code).toBe(200);
        await expect.poll(() => balanceOf(page), { timeout: 5000 }).toBeCloseTo(body.data.balance, 2);
        expect(body.data.balance).toBeCloseTo(before - body.data.stake + body.data.payout, 2);
        await page.waitForTimeout(500);
        await shot(page, `venue-${code}`);
        if (code === 'pp_candy') {
          // Spin until a win to see the payline highlight (马卡龙 pays on two, so a win comes soon).
          for (let i = 0; i < 15 && !(await page.getByTestId('slot-win').innerText()).includes('赢得'); i++) {
            await page.getByRole('button', { name: '旋转' }).click();
            await page.getByRole('button', { name: '旋转' }).locator('text=旋转').waitFor({ timeout: 5000 });
            await page.waitForTimeout(100);
          }
          await page.waitForTimeout(300);
          await shot(page, 'venue-slot-win');
        }
      });
    });
  }

  it('auto-spins until stopped', async () => {
    await openGame(member, 'ae', 'ae_gems', async (page) => {
      let plays = 0;
      page.on('response', (r) => {
        if (r.url().endsWith('/venue/api/play')) plays += 1;
      });
      await page.getByRole('button', { name: /自动/ }).click();
      await expect.poll(() => plays, { timeout: 15000 }).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: /停止/ }).click();
      await page.waitForTimeout(2500);
      const stoppedAt = plays;
      await page.waitForTimeout(1500);
      expect(plays).toBe(stoppedAt);
    });
  });

  it('deals baccarat: chips on 庄, cards dealt and flipped, result banner', async () => {
    const tile = tileOf('realbet');
    await openGame(member, tile.platform_name, tile.game_code, async (page) => {
      await page.getByTestId('spot-banker').click();
      await page.getByTestId('spot-banker').click();
      await page.getByTestId('spot-tie').click();
      await shot(page, 'venue-baccarat-bet');
      await page.getByTestId('deal').click();
      await page.getByTestId('table-result').waitFor({ timeout: 10000 });
      await page.waitForTimeout(600);
      await shot(page, 'venue-baccarat');
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rules-table').innerText()).toContain('1赔0.95');
      await page.waitForTimeout(350);
      await shot(page, 'venue-baccarat-rules');
    });
  });

  it('deals dragon-tiger: 龙 bet, two cards, result banner', async () => {
    const tile = tileOf('joker');
    await openGame(member, tile.platform_name, tile.game_code, async (page) => {
      await page.getByTestId('spot-dragon').click();
      await page.getByTestId('deal').click();
      await page.getByTestId('table-result').waitFor({ timeout: 10000 });
      await page.waitForTimeout(600);
      await shot(page, 'venue-dragontiger');
    });
  });

  it('throws 快三骰宝 from a lottery tile: stakes on 大 and 单, the cup lifts, the dice land on the server’s throw', async () => {
    const tile = tileOf('lottery');
    await openGame(member, tile.platform_name, tile.game_code, async (page) => {
      await page.getByTestId('spot-big').waitFor();
      expect(await page.locator('.spot-pay').allInnerTexts()).toEqual(['1:1', '1:34', '1:1', '1:1', '1:1']);
      await page.waitForTimeout(400);
      await shot(page, 'venue-dice-idle');
      const before = await balanceOf(page);
      await page.getByTestId('spot-big').click();
      await page.getByTestId('spot-big').click();
      await page.getByTestId('spot-odd').click();
      await shot(page, 'venue-dice-bet');
      const play = page.waitForResponse((r) => r.url().endsWith('/venue/api/play'));
      await page.getByTestId('deal').click();
      type Play = { code: number; data: VenuePlayResult & { outcome: VenueDiceOutcome } };
      const res = ((await (await play).json()) as Play).data;
      expect(res.outcome.lines.map((l) => l.option).sort()).toEqual(['big', 'odd']);
      const [bigLine, oddLine] = ['big', 'odd'].map((id) => res.outcome.lines.find((l) => l.option === id)!);
      expect(bigLine!.stake).toBe(2 * oddLine!.stake);
      expect(res.stake).toBe(bigLine!.stake + oddLine!.stake);
      expect(res.win_loss).toBeCloseTo(res.payout - res.stake, 2);
      await shot(page, 'venue-dice-rolling');
      await page.getByTestId('table-result').waitFor({ timeout: 10000 });
      const { dice, sum, triple } = res.outcome;
      expect(await page.getByTestId('dice-sum').innerText()).toContain(`${dice.join(' + ')} = ${sum}`);
      expect(await page.getByTestId('table-result').innerText()).toContain(triple ? '豹子' : `${sum}点`);
      await expect.poll(() => balanceOf(page)).toBeCloseTo(before + res.payout - res.stake, 2);
      await page.waitForTimeout(700);
      await shot(page, 'venue-dice');
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rules-table').innerText()).toContain('1赔34');
      expect(await page.locator('.rules-table').innerText()).toContain('97.22%');
      await page.waitForTimeout(350);
      await shot(page, 'venue-dice-rules');
      await page.getByRole('button', { name: '关闭' }).click();
      await page.getByRole('button', { name: '投注记录' }).click();
      await expect.poll(() => page.locator('.h-detail').first().innerText()).toContain(`${sum}点`);
      expect(await page.locator('.h-detail').first().innerText()).toContain('押大、单');
      await page.waitForTimeout(350);
      await shot(page, 'venue-dice-history');
    });
  });

  it('fires in the fish tank and shows the hit or miss', async () => {
    await openGame(member, 'fgdz', 'fgdz_fishing', async (page) => {
      await page.waitForTimeout(800);
      await shot(page, 'venue-fishing-idle');
      for (let i = 0; i < 6; i++) {
        await page.getByTestId('tank').click({ position: { x: 120 + i * 30, y: 200 } });
        await page.waitForTimeout(450);
      }
      await page.getByTestId('fish-result').waitFor();
      await shot(page, 'venue-fishing');
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rtp-badge').innerText()).toContain('96.00%');
      await page.waitForTimeout(350);
      await shot(page, 'venue-fishing-rules');
    });
  });

  for (const [category, name] of [
    ['sport', 'football'],
    ['gaming', 'esports'],
  ] as const) {
    it(`bets on a virtual ${name} match from the bet slip`, async () => {
      const tile = tileOf(category);
      await openGame(member, tile.platform_name, tile.game_code, async (page) => {
        await page.getByTestId('match').first().waitFor();
        await shot(page, `venue-${name}-list`);
        // The latest round: the furthest from its close, so the slip cannot close under the test.
        await page.locator('.round').last().locator('.odd:not([disabled])').first().click();
        await page.getByTestId('bet-slip').locator('input').fill('20');
        await page.waitForTimeout(400);
        await shot(page, `venue-${name}-slip`);
        const bet = page.waitForResponse((r) => r.url().endsWith('/venue/api/matches/bet'));
        await page.getByRole('button', { name: '确认投注' }).click();
        expect(((await (await bet).json()) as { code: number }).code).toBe(200);
        await page.getByRole('button', { name: '我的注单' }).click();
        await expect.poll(() => page.locator('.history-row').count(), { timeout: 5000 }).toBeGreaterThan(0);
        await shot(page, `venue-${name}-mine`);
        await page.getByRole('button', { name: '赛果' }).click();
        await page.waitForTimeout(300);
        await shot(page, `venue-${name}-results`);
      });
    });
  }

  it('plays inside the member app’s /gamePage frame', async () => {
    const tile = tileOf('realbet');
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, `/gamePage?name=${tile.platform_name}&type=realbet&code=${tile.game_code}`);
      const frame = page.frameLocator('[data-testid=app-frame]');
      await frame.getByTestId('spot-player').click();
      await frame.getByTestId('deal').click();
      await frame.getByTestId('table-result').waitFor({ timeout: 10000 });
      await page.waitForTimeout(500);
      await shot(page, 'venue-in-frame');
    } finally {
      await ctx.close();
    }
  });

  it('shows the rules with the stated RTP and the history of this venue', async () => {
    await openGame(member, 'pp', 'pp_egypt', async (page) => {
      await page.getByRole('button', { name: '旋转' }).click();
      await page.waitForTimeout(2200);
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rtp-badge').innerText()).toContain('96.77%');
      await page.waitForTimeout(350);
      await shot(page, 'venue-rules');
      await page.getByRole('button', { name: '关闭' }).click();
      await page.getByRole('button', { name: '投注记录' }).click();
      await expect.poll(() => page.locator('.history-row').count()).toBeGreaterThan(0);
      await page.waitForTimeout(350);
      await shot(page, 'venue-history');
      await page.getByRole('button', { name: '关闭' }).click();
      // A reload keeps the frame's session (GET /venue/api/me).
      await page.reload();
      await page.getByTestId('venue-balance').waitFor();
    });
  });
});

describe('refusals', () => {
  it('shows 游戏链接已失效，请重新进入 for a used or forged link', async () => {
    const member = await richMember(100);
    const url = await launchUrl(member, 'pp', 'pp_candy');
    const ctx = await newPhone(browser);
    try {
      const first = await ctx.newPage();
      await first.goto(`${platform.url}${url}`);
      await first.getByTestId('venue-balance').waitFor();
      // The same link again in another tab (its own sessionStorage): the nonce is spent.
      const replay = await ctx.newPage();
      await replay.goto(`${platform.url}${url}`);
      await replay.getByText(MSG.venueLaunchInvalid).first().waitFor();
      await shot(replay, 'venue-expired');
    } finally {
      await ctx.close();
    }
  });

  it('refuses a spin above the venue balance with the server message', async () => {
    const member = await richMember(1);
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await page.goto(`${platform.url}${await launchUrl(member, 'ae', 'ae_ocean')}`);
      await page.getByTestId('venue-balance').waitFor();
      for (let i = 0; i < 6; i++) await page.getByRole('button', { name: '增加投注' }).click();
      await page.getByRole('button', { name: '旋转' }).click();
      await page.locator('.toast-error').getByText(MSG.venueInsufficient).waitFor();
      await page.waitForTimeout(400);
      await shot(page, 'venue-insufficient');
    } finally {
      await ctx.close();
    }
  });
});
