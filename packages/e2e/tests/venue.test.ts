import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG, formatYuan, type GameEntry, type VenueDiceOutcome, type VenuePlayResult } from '@app/contract';
import { apiAs, credit, memberIdOf, newPhone, type Platform, registerViaApi, shot, signInPage, startSuite, stillShot, stopSuite, uniqueName } from '../harness.js';
import { colourOf, LOSS_GREEN_ON_DARK, WIN_RED_ON_DARK } from '../money-tone.js';

/**
 * The demo venue's game pages (packages/venue) at 390×844: every kind of game opened from a
 * real launch URL (getGameUrl with auto-transfer), played once against the real /venue/api, with the
 * venue balance moving; plus the expired-link screen and a reload that keeps the session.
 * Games run with prefers-reduced-motion (short reels and deals) except where a test says `motion: 'full'`
 * (a slot's spin and the baccarat deal are played and pictured at full length).
 */

let platform: Platform;
let browser: Browser;
/** One phone for the file: each game opens in its own tab, and the venue's session lives in the tab's sessionStorage. */
let phone: BrowserContext;
let catalogue: GameEntry[];

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
  phone = await newPhone(browser);
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

type Motion = 'full' | 'reduced';

/** A new tab of the phone, with the player's motion setting. */
async function newTab(motion: Motion = 'reduced'): Promise<Page> {
  const page = await phone.newPage();
  await page.emulateMedia({ reducedMotion: motion === 'full' ? 'no-preference' : 'reduce' });
  return page;
}

async function openGame(member: Member, platName: string, gameCode: string, fn: (page: Page) => Promise<void>, motion: Motion = 'reduced'): Promise<void> {
  const page = await newTab(motion);
  try {
    await page.goto(`${platform.url}${await launchUrl(member, platName, gameCode)}`);
    await page.getByTestId('venue-balance').waitFor();
    // The single-use token leaves the address bar at once.
    expect(page.url()).not.toContain('launch=');
    await fn(page);
  } finally {
    await page.close();
  }
}

const balanceOf = async (page: Page) => Number((await page.getByTestId('venue-balance').innerText()).replace(/,/g, ''));
const isPlay = (r: { url(): string }) => r.url().endsWith('/venue/api/play');
type Spun = { code: number; data: { stake: number; payout: number; balance: number } };

/** After a spin's answer: the reels have stopped (旋转 is enabled again) and a win has counted up to its payout. */
async function spinSettled(page: Page, payout: number): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: '旋转' }).isEnabled(), { timeout: 5000 }).toBe(true);
  if (payout > 0) await expect.poll(() => page.getByTestId('slot-win').innerText()).toContain(`¥${formatYuan(payout)}`);
}

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
    // two more machines per provider, four in all
    ['obgdy', 'obgdy_mahjong'],
    ['obgdy', 'obgdy_panda'],
    ['fgdz', 'fgdz_journey'],
    ['fgdz', 'fgdz_tiger'],
    ['pp', 'pp_olympus'],
    ['pp', 'pp_vegas'],
    ['ae', 'ae_space'],
    ['ae', 'ae_lucky'],
  ];
  for (const [provider, code] of slots) {
    // 财神到 spins at full length: the picture mid-spin, and the reels' own timing end to end.
    const motion: Motion = code === 'obgdy_caishen' ? 'full' : 'reduced';
    it(`spins ${code}: the reels stop and the venue balance moves by the spin's result${motion === 'full' ? ' (full motion)' : ''}`, async () => {
      await openGame(
        member,
        provider,
        code,
        async (page) => {
          const before = await balanceOf(page);
          if (code === 'obgdy_fruit') await stillShot(page, 'venue-slot-idle');
          const play = page.waitForResponse(isPlay);
          await page.getByRole('button', { name: '旋转' }).click();
          if (code === 'obgdy_caishen') {
            // Mid-spin: the reels' transitions are a good way into their run.
            await page.waitForFunction(() => document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running' && Number(a.currentTime) > 400));
            await shot(page, 'venue-slot-spinning');
          }
          const body = (await (await play).json()) as Spun;
          expect(body.code).toBe(200);
          await expect.poll(() => balanceOf(page), { timeout: 5000 }).toBeCloseTo(body.data.balance, 2);
          expect(body.data.balance).toBeCloseTo(before - body.data.stake + body.data.payout, 2);
          await spinSettled(page, body.data.payout);
          await stillShot(page, `venue-${code}`);
          if (code === 'pp_candy') {
            // Spin until a win to see the payline highlight (马卡龙 pays on two, so a win comes soon).
            for (let i = 0; i < 15 && !(await page.getByTestId('slot-win').innerText()).includes('赢得'); i++) {
              const next = page.waitForResponse(isPlay);
              await page.getByRole('button', { name: '旋转' }).click();
              await spinSettled(page, ((await (await next).json()) as Spun).data.payout);
            }
            await stillShot(page, 'venue-slot-win');
          }
        },
        motion,
      );
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
      // The spin under way ends; then longer than the longest pause between auto-spins (1.5 s after a win) passes without another.
      await expect.poll(() => page.getByRole('button', { name: '旋转' }).isEnabled(), { timeout: 5000 }).toBe(true);
      const stoppedAt = plays;
      await page.waitForTimeout(1800);
      expect(plays).toBe(stoppedAt);
    });
  });

  it('deals baccarat: chips on 庄, cards dealt and flipped, result banner (full motion)', async () => {
    const tile = tileOf('realbet');
    await openGame(
      member,
      tile.platform_name,
      tile.game_code,
      async (page) => {
        await page.getByTestId('spot-banker').click();
        await page.getByTestId('spot-banker').click();
        await page.getByTestId('spot-tie').click();
        await stillShot(page, 'venue-baccarat-bet');
        await page.getByTestId('deal').click();
        await page.getByTestId('table-result').waitFor({ timeout: 10000 });
        // each stake's result in the money colours of the dark table: a win red, a loss green (和 always
        // pays or loses, so at least one is coloured)
        const results = await page.locator('.spot-result').filter({ hasText: /^[+-]/ }).all();
        expect(results.length).toBeGreaterThan(0);
        for (const r of results) expect(await colourOf(r)).toBe((await r.innerText()).startsWith('+') ? WIN_RED_ON_DARK : LOSS_GREEN_ON_DARK);
        await stillShot(page, 'venue-baccarat');
        await page.getByRole('button', { name: '游戏规则' }).click();
        await expect.poll(() => page.locator('.rules-table').innerText()).toContain('1赔0.95');
        await stillShot(page, 'venue-baccarat-rules');
      },
      'full',
    );
  });

  it('deals dragon-tiger: 龙 bet, two cards, result banner', async () => {
    const tile = tileOf('joker');
    await openGame(member, tile.platform_name, tile.game_code, async (page) => {
      await page.getByTestId('spot-dragon').click();
      await page.getByTestId('deal').click();
      await page.getByTestId('table-result').waitFor({ timeout: 10000 });
      await stillShot(page, 'venue-dragontiger');
    });
  });

  it('throws 快三骰宝 from a lottery tile: stakes on 大 and 单, the cup lifts, the dice land on the server’s throw', async () => {
    const tile = tileOf('lottery');
    await openGame(member, tile.platform_name, tile.game_code, async (page) => {
      await page.getByTestId('spot-big').waitFor();
      expect(await page.locator('.spot-pay').allInnerTexts()).toEqual(['1:1', '1:34', '1:1', '1:1', '1:1']);
      await stillShot(page, 'venue-dice-idle');
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
      await stillShot(page, 'venue-dice');
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rules-table').innerText()).toContain('1赔34');
      expect(await page.locator('.rules-table').innerText()).toContain('97.22%');
      await stillShot(page, 'venue-dice-rules');
      await page.getByRole('button', { name: '关闭' }).click();
      await page.getByRole('button', { name: '投注记录' }).click();
      await expect.poll(() => page.locator('.h-detail').first().innerText()).toContain(`${sum}点`);
      expect(await page.locator('.h-detail').first().innerText()).toContain('押大、单');
      await stillShot(page, 'venue-dice-history');
    });
  });

  it('fires in the fish tank and shows the hit or miss', async () => {
    await openGame(member, 'fgdz', 'fgdz_fishing', async (page) => {
      // The fish swim by finite CSS animations, so the tank never stands still: it is pictured once fish are in it.
      await expect.poll(() => page.locator('.tank .swimmer').count()).toBeGreaterThan(0);
      await shot(page, 'venue-fishing-idle');
      for (let i = 0; i < 6; i++) {
        const play = page.waitForResponse(isPlay);
        await page.getByTestId('tank').click({ position: { x: 120 + i * 30, y: 200 } });
        await play;
        // The shell lands, and the cannon may fire again (a tap while one is in flight is not a shot).
        await page.locator('[data-testid=tank][data-busy=false]').waitFor();
        await expect.poll(() => page.locator('.tank .shell').count()).toBe(0);
      }
      await page.getByTestId('fish-result').waitFor();
      await shot(page, 'venue-fishing');
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rtp-badge').innerText()).toContain('96.00%');
      // The sheet has slid in (the fish behind it keep swimming).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || !((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.sheet-mask')));
      await shot(page, 'venue-fishing-rules');
    });
  });

  it('fires in 金蟾捕鱼, the second tank: its own fish swim, a shot moves the balance by its result', async () => {
    await openGame(member, 'ae', 'ae_fishing', async (page) => {
      await expect.poll(() => page.locator('.fish-legend').innerText()).toContain('金蟾 ×88');
      await expect.poll(() => page.locator('.tank .swimmer').count()).toBeGreaterThan(0);
      const before = await balanceOf(page);
      const play = page.waitForResponse(isPlay);
      await page.getByTestId('tank').click({ position: { x: 180, y: 220 } });
      const body = (await (await play).json()) as Spun;
      expect(body.code).toBe(200);
      expect(body.data.balance).toBeCloseTo(before - body.data.stake + body.data.payout, 2);
      await page.locator('[data-testid=tank][data-busy=false]').waitFor();
      await expect.poll(() => balanceOf(page), { timeout: 5000 }).toBeCloseTo(body.data.balance, 2);
      await page.getByTestId('fish-result').waitFor();
      await shot(page, 'venue-ae_fishing');
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
        await stillShot(page, `venue-${name}-slip`);
        const bet = page.waitForResponse((r) => r.url().endsWith('/venue/api/matches/bet'));
        await page.getByRole('button', { name: '确认投注' }).click();
        expect(((await (await bet).json()) as { code: number }).code).toBe(200);
        await page.getByRole('button', { name: '我的注单' }).click();
        await expect.poll(() => page.locator('.history-row').count(), { timeout: 5000 }).toBeGreaterThan(0);
        await stillShot(page, `venue-${name}-mine`);
        await page.getByRole('button', { name: '赛果' }).click();
        await stillShot(page, `venue-${name}-results`);
      });
    });
  }

  it('plays inside the member app’s /gamePage frame', async () => {
    const tile = tileOf('realbet');
    const page = await newTab();
    try {
      await signInPage(page, platform, member.token, `/gamePage?name=${tile.platform_name}&type=realbet&code=${tile.game_code}`);
      const frame = page.frameLocator('[data-testid=app-frame]');
      await frame.getByTestId('spot-player').click();
      await frame.getByTestId('deal').click();
      await frame.getByTestId('table-result').waitFor({ timeout: 10000 });
      await stillShot(page, 'venue-in-frame');
    } finally {
      await page.close();
    }
  });

  it('shows the rules with the stated RTP and the history of this venue', async () => {
    await openGame(member, 'pp', 'pp_egypt', async (page) => {
      const play = page.waitForResponse(isPlay);
      await page.getByRole('button', { name: '旋转' }).click();
      await spinSettled(page, ((await (await play).json()) as Spun).data.payout);
      await page.getByRole('button', { name: '游戏规则' }).click();
      await expect.poll(() => page.locator('.rtp-badge').innerText()).toContain('96.77%');
      await stillShot(page, 'venue-rules');
      await page.getByRole('button', { name: '关闭' }).click();
      await page.getByRole('button', { name: '投注记录' }).click();
      await expect.poll(() => page.locator('.history-row').count()).toBeGreaterThan(0);
      await stillShot(page, 'venue-history');
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
    const first = await newTab();
    const replay = await newTab();
    try {
      await first.goto(`${platform.url}${url}`);
      await first.getByTestId('venue-balance').waitFor();
      // The same link again in another tab (its own sessionStorage): the nonce is spent.
      await replay.goto(`${platform.url}${url}`);
      await replay.getByText(MSG.venueLaunchInvalid).first().waitFor();
      await stillShot(replay, 'venue-expired');
    } finally {
      await first.close();
      await replay.close();
    }
  });

  // pp is a transfer venue (its own wallet); ae the demo seamless provider's (the central wallet).
  for (const [venue, game, message] of [
    ['pp', 'pp_egypt', MSG.venueInsufficient],
    ['ae', 'ae_ocean', MSG.venueWalletInsufficient],
  ] as const) {
    it(`refuses a spin above the ${venue} balance with the server message ${message}`, async () => {
      const member = await richMember(1);
      await openGame(member, venue, game, async (page) => {
        for (let i = 0; i < 6; i++) await page.getByRole('button', { name: '增加投注' }).click();
        // the page says so before the spin, in the words of its wallet
        await page.locator('.warn').getByText(message).waitFor();
        await page.getByRole('button', { name: '旋转' }).click();
        await page.locator('.toast-error').getByText(message).waitFor();
        await stillShot(page, `venue-insufficient-${venue}`);
      });
    });
  }
});
