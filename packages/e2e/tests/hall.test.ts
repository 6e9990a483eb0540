import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BET_STATUS, HOME_COUNTER_TOTAL, MSG, maskUsername, type GameEntry, type ProviderGame } from '@app/contract';
import { applyBets, VenueCategories } from '../../server/src/modules/games/ingest.js';
import { getSettings, updateSettings } from '../../server/src/modules/site/service.js';
import { apiAs, expectLoginSheet, expectRoute, expectToast, memberIdOf, open, type Platform, pullDown, registerViaApi, route, settled, shot, signInPage, startSuite, stopSuite, withPhone, imagesLoaded } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  // The winners ticker is read anew for every hall here (30 s per instance by default).
  ({ platform, browser } = await startSuite({ recentWinsCacheMs: 0 }));
});
afterAll(() => stopSuite(platform, browser));

const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);
/** Waits until every <img> inside the locator has loaded (no broken pictures on screen). */

const TAB_CATEGORIES = ['concise', 'sport', 'lottery', 'gaming', 'realbet', 'joker'];

/** Until the page has stopped scrolling (a smooth scroll, or none). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => new Promise<number>((r) => setTimeout(() => r(window.scrollY), 120)));
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
}

describe('the hall (/)', () => {
  it('shows the banners, the scrolling notices, the login prompt and the four shortcuts', async () => {
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('banner').waitFor();
      expect(await page.getByTestId('banner-slide').count()).toBeGreaterThan(0);
      const notices = await (await fetch(`${platform.url}/api/homenotice`, { method: 'POST' })).json() as { data: string[] };
      expect(notices.data.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByTestId('notice-bar').innerText(), { timeout: 6000 }).toContain(notices.data[0]);
      const strip = page.getByTestId('user-strip');
      expect(await strip.innerText()).toContain('您还未登录');
      for (const t of ['登录', '注册', '存款', '转账', 'VIP', '取款']) expect(await strip.innerText()).toContain(t);
      await imagesLoaded(page, '[data-testid=hall]');
      await settled(page);
      await shot(page, 'hall-visitor');
    });
  });

  it('lists the provider tiles of each of its seven category tabs', async () => {
    const res = await fetch(`${platform.url}/api/game/list?category=`);
    const games = ((await res.json()) as { data: { category_id: string; app_state: number; name: string }[] }).data.filter((g) => g.app_state === 1);
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tabs').waitFor();
      const tabs = page.locator('[role=tab]');
      expect(await tabs.allInnerTexts()).toEqual(['电子', '体育', '彩票', '电竞', '真人', '棋牌', '捕鱼']);
      const lotteries = ((await (await fetch(`${platform.url}/api/lotteryList`, { method: 'POST' })).json()) as { data: { title: string }[] }).data;
      for (const category of TAB_CATEGORIES) {
        await page.getByTestId(`game-tab-${category}`).click();
        if (category === 'lottery') {
          // The lottery tab lists the in-house lotteries (lotteryList), not catalogue providers.
          const grid = page.getByTestId('lottery-grid');
          await grid.waitFor();
          expect(await grid.getByTestId('lottery-tile').count()).toBe(lotteries.length);
          expect(await grid.innerText()).toContain(lotteries[0].title);
          continue;
        }
        const wanted = games.filter((g) => g.category_id === category);
        const grid = page.getByTestId(`game-grid-${category}`);
        await grid.waitFor();
        expect(await grid.getByTestId('game-tile').count()).toBe(wanted.length);
        expect(await grid.innerText()).toContain(wanted[0].name);
      }
      await page.getByTestId('game-tab-realbet').click();
      await imagesLoaded(page, '[data-testid=game-grid-realbet]');
      await page.getByTestId('game-tabs').scrollIntoViewIfNeeded();
      await shot(page, 'hall-tiles-live');
    });
  });

  it('lists under 捕鱼 the electronic-game providers that have a fishing game, each opening /concise?type=<provider> with its fishing game', async () => {
    const res = await fetch(`${platform.url}/api/game/list?category=`);
    const games = ((await res.json()) as { data: GameEntry[] }).data.filter((g) => g.app_state === 1 && g.category_id === 'concise');
    const fishing: { provider: GameEntry; game: ProviderGame }[] = [];
    for (const provider of games) {
      const game = (await apiAs<ProviderGame[]>(platform, 'gamelistBycode', '', { gamecode: provider.game_code })).data.find((g) => g.fishing);
      if (game) fishing.push({ provider, game });
    }
    expect(fishing.map((f) => f.provider.game_code)).toEqual(['fgdz', 'ae']);
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('game-tab-fishing').click();
      const grid = page.getByTestId('game-grid-fishing');
      await grid.waitFor();
      expect(await grid.locator('.game-tile-name').allInnerTexts()).toEqual(fishing.map((f) => f.provider.name));
      expect(await page.locator('.games-head').innerText()).toContain(`${fishing.length} 个场馆`);
      await imagesLoaded(page, '[data-testid=game-grid-fishing]');
      await shot(page, 'hall-tiles-fishing');
      for (const { provider, game } of fishing) {
        await page.getByTestId('game-tab-fishing').click();
        await grid.locator(`[data-platform="${provider.platform_name}"]`).click();
        await expectRoute(page, `/concise?type=${provider.game_code}`);
        const fish = page.getByTestId(`concise-grid-${provider.game_code}`).locator(`[data-code="${game.gamecode}"]`);
        await fish.waitFor();
        expect(await fish.innerText()).toContain(game.gamename);
        await page.goBack();
        await expectRoute(page, '/');
      }
    });
  });

  it('offers a visitor who taps a game the login sheet (登录 / 注册), not a toast, and 注册 comes back to the game', async () => {
    const res = await fetch(`${platform.url}/api/game/list?category=`);
    const sport = ((await res.json()) as { data: GameEntry[] }).data.find((g) => g.app_state === 1 && g.category_id === 'sport')!;
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tab-sport').click();
      await page.getByTestId('game-grid-sport').getByTestId('game-tile').first().click();
      await expectLoginSheet(page);
      expect(route(page)).toBe('/');
      await settled(page);
      await shot(page, 'hall-login-sheet');
      // Closed: the hall, as it was.
      await page.getByTestId('login-sheet-close').click();
      await page.getByTestId('login-sheet').waitFor({ state: 'hidden' });
      expect(route(page)).toBe('/');
      // The money shortcuts ask the same.
      await page.getByTestId('shortcuts').getByText('转账').click();
      await expectLoginSheet(page);
      expect(route(page)).toBe('/');
      await page.getByTestId('login-sheet-close').click();
      await page.getByTestId('login-sheet').waitFor({ state: 'hidden' });
      await page.getByTestId('game-grid-sport').getByTestId('game-tile').first().click();
      await expectLoginSheet(page);
      await page.getByTestId('login-sheet-register').click();
      const game = `/gamePage?name=${sport.platform_name}&type=sport&code=${sport.game_code}`;
      await expectRoute(page, `/reg2?redirect=${game}`);
      await page.getByTestId('login-sheet').waitFor({ state: 'hidden' });
    });
  });

  it('scrolls a tapped category pill’s venues into view, under the pills', async () => {
    const res = await fetch(`${platform.url}/api/game/list?category=`);
    const joker = ((await res.json()) as { data: GameEntry[] }).data.filter((g) => g.app_state === 1 && g.category_id === 'joker');
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('game-tile').first().waitFor();
      await page.getByTestId('first-deposit-nudge').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.getByTestId('game-tab-joker').click();
      const grid = page.getByTestId('game-grid-joker');
      await grid.waitFor();
      // The hall scrolls up (smoothly) until its venues are on screen in full: below the pills, above the tab bar.
      await scrollSettled(page);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      const tabBarTop = (await page.locator('.tabbar-wrap').boundingBox())!.y;
      const pills = (await page.locator('.games-tabs').boundingBox())!;
      const tiles = await grid.getByTestId('game-tile').all();
      expect(tiles.length).toBe(joker.length);
      for (const tile of tiles.slice(0, 6)) {
        const box = (await tile.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(pills.y + pills.height);
        expect(box.y + box.height).toBeLessThanOrEqual(tabBarTop);
      }
      await settled(page);
      await shot(page, 'hall-pill-scrolled');
    });
  });

  it('docks the floating red packet above the tab bar where it covers no tile, wherever the hall is scrolled', async () => {
    const member = await registerViaApi(platform);
    /** The packet's box against every tile's (clipped to the screen) and the tab bar's top. */
    const geometry = () =>
      page_.evaluate(() => {
        const packet = document.querySelector('[data-testid=redpacket-entry]')!.getBoundingClientRect();
        const tabTop = document.querySelector('.tabbar-wrap')!.getBoundingClientRect().top;
        const covered: string[] = [];
        for (const el of document.querySelectorAll('.game-tile, .hot-card, .recent-card')) {
          const r = el.getBoundingClientRect();
          const t = { left: Math.max(0, r.left), right: Math.min(innerWidth, r.right), top: Math.max(0, r.top), bottom: Math.min(innerHeight, r.bottom) };
          if (t.left >= t.right || t.top >= t.bottom) continue;
          if (packet.left < t.right && t.left < packet.right && packet.top < t.bottom && t.top < packet.bottom) covered.push(el.textContent?.trim() ?? '');
        }
        return { covered, aboveTabBar: packet.bottom <= tabTop, shown: Math.min(innerWidth, packet.right) - Math.max(0, packet.left) };
      });
    let page_!: Page;
    for (const who of ['visitor', 'member'] as const) {
      await phone(async (page) => {
        page_ = page;
        if (who === 'member') await signInPage(page, platform, member.token, '/');
        else await open(page, platform, '/');
        await page.getByTestId('game-tile').first().waitFor();
        await imagesLoaded(page, '[data-testid=hall]');
        const check = async () => {
          // Covering nothing, above the tab bar, and there to tap: in full, or its handle at the edge.
          await expect.poll(async () => (await geometry()).covered).toEqual([]);
          await expect.poll(async () => (await geometry()).shown).toBeGreaterThanOrEqual(12);
          const at = await geometry();
          expect(at.covered).toEqual([]);
          expect(at.aboveTabBar).toBe(true);
        };
        await check();
        if (who === 'visitor') await shot(page, 'hall-redpacket-docked');
        // The venues in view (a category chosen), half way, and at the foot of the hall.
        await page.getByTestId('game-tab-realbet').click();
        await scrollSettled(page);
        await check();
        if (who === 'visitor') {
          await settled(page);
          await shot(page, 'hall-redpacket-venues');
        }
        for (const y of [120, 333, 100_000]) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await check();
        }
        // At the foot nothing is under its spot: it is out in full, and opens.
        await expect.poll(() => page.getByTestId('redpacket-dock').getAttribute('data-dock')).toBe('out');
        await expect.poll(async () => (await geometry()).shown).toBeGreaterThanOrEqual(60);
        expect((await geometry()).covered).toEqual([]);
        await page.getByTestId('redpacket-entry').click();
        if (who === 'visitor') await expectLoginSheet(page);
        else await expectRoute(page, '/hongbao');
      });
    }
  });

  it('opens /gamePage?name={platform}&type={category}&code={game_code} for a member, and shows name and balance', async () => {
    const member = await registerViaApi(platform);
    const res = await fetch(`${platform.url}/api/game/list?category=`);
    const games = ((await res.json()) as { data: { category_id: string; platform_name: string; game_code: string; app_state: number }[] }).data;
    const sport = games.find((g) => g.category_id === 'sport' && g.app_state === 1)!;
    await phone(async (page) => {
      // Record every route the app pushes, whatever the game frame does next.
      await page.addInitScript(() => {
        const w = window as unknown as { __routes: string[] };
        w.__routes = [];
        const push = history.pushState.bind(history);
        history.pushState = (data, unused, url) => {
          w.__routes.push(decodeURIComponent(new URL(String(url), location.href).hash.slice(1)));
          push(data, unused, url);
        };
      });
      await signInPage(page, platform, member.token, '/');
      await expect.poll(() => page.getByTestId('hall-username').innerText(), { timeout: 6000 }).toContain(member.name);
      await expect.poll(() => page.getByTestId('hall-balance').innerText()).toBe('0.00');
      await shot(page, 'hall-member');
      await page.getByTestId('game-tab-sport').click();
      await page.getByTestId('game-grid-sport').getByTestId('game-tile').first().click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __routes: string[] }).__routes))
        .toContain(`/gamePage?name=${sport.platform_name}&type=sport&code=${sport.game_code}`);
    });
  });

  it('shows the back-to-top marker only after scrolling more than 200 px', async () => {
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tile').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 150));
      await page.waitForTimeout(300);
      expect(await page.getByTestId('back-to-top').count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      await page.getByTestId('back-to-top').waitFor();
      await shot(page, 'hall-scrolled');
      await page.getByTestId('back-to-top').click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect.poll(() => page.getByTestId('back-to-top').count()).toBe(0);
    });
  });

  it('offers a visitor the login sheet from the red packet with 精彩内容等你来体验，快来登录吧！, and 登录 comes back to /hongbao', async () => {
    await phone(async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tile').first().waitFor();
      await page.getByTestId('redpacket-entry').click();
      await expectLoginSheet(page);
      await settled(page); // the sheet has slid in
      await shot(page, 'hall-redpacket-login-sheet');
      await page.getByTestId('login-sheet-login').click();
      await expectRoute(page, '/login?redirect=/hongbao');
    });
  });

  it('says 红包已关闭 when the red packet switch is off', async () => {
    await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, redpacket_switch: 0 } }));
    // The settings the server answers with (its one-second cache) are the new ones.
    await expect.poll(async () => (await getSettings(platform.db.kysely)).app.redpacket_switch).toBe(0);
    try {
      await phone(async (page) => {
        await open(page, platform, '/');
        await page.getByTestId('game-tile').first().waitFor();
        await page.getByTestId('redpacket-entry').click();
        await expectToast(page, MSG.redpacketClosed);
      });
      // Opening /hongbao directly says the same and stays on the hall.
      await phone(async (page) => {
        await open(page, platform, '/hongbao');
        await expectToast(page, MSG.redpacketClosed);
        await expect.poll(() => route(page)).toBe('/');
      });
    } finally {
      await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, redpacket_switch: 1 } }));
    }
  });
});

describe('the nudge towards a first deposit', () => {
  it('greets a new member on the hall with the running first-deposit promotion and 立即存款, until they close it', async () => {
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      const nudge = page.getByTestId('first-deposit-nudge');
      await nudge.waitFor();
      expect(await nudge.innerText()).toContain('新会员首存100%彩金');
      await imagesLoaded(page, '[data-testid=first-deposit-nudge]');
      await shot(page, 'hall-first-deposit-nudge');
      await page.getByTestId('first-deposit-go').click();
      await expectRoute(page, '/recharge');
      await page.goBack();
      await expectRoute(page, '/');
      await page.getByTestId('first-deposit-offer').click();
      await expect.poll(() => route(page)).toMatch(/^\/activityInfo\?id=\d+$/);
      await page.goBack();
      await page.getByTestId('first-deposit-close').click();
      await nudge.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('hall-balance').waitFor();
      await page.getByTestId('game-tile').first().waitFor();
      expect(await nudge.count()).toBe(0);
    });
  });
});

describe('the hall from real play', () => {
  it('shows the last real big wins in the winners ticker, and a member’s 最近在玩 that opens the game again', async () => {
    const member = await registerViaApi(platform);
    const id = await memberIdOf(platform, member.token);
    const username = (await apiAs<{ username: string }>(platform, 'user', member.token)).data.username;
    // A real win of 1,888 yuan, as the bet feed records it.
    const at = new Date();
    await applyBets(
      platform.db.kysely,
      [{ seq: 0, venue: 'DEMOLIVEA', betId: `E2E${Date.now()}`, memberId: id, game: 'demo_baccarat', gameName: '百家乐', category: 'realbet', stakeFen: 100_00, validFen: 100_00, winLossFen: 1888_00, status: BET_STATUS.settled, detail: '{}', betAt: at, settledAt: at }],
      new VenueCategories(platform.db.kysely),
    );
    expect((await apiAs(platform, 'getGameUrl', member.token, { plat_name: 'pp', game_type: '0', game_code: 'pp_candy', is_mobile_url: '1' })).code).toBe(200);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      const ticker = page.getByTestId('winners-ticker');
      await ticker.waitFor();
      expect(await ticker.innerText()).toContain(`恭喜 ${maskUsername(username)} 在百家乐赢得 ¥1,888.00`);
      const recent = page.getByTestId('recent-game');
      await recent.first().waitFor();
      const candy = (await apiAs<ProviderGame[]>(platform, 'gamelistBycode', '', { gamecode: 'pp' })).data.find((g) => g.gamecode === 'pp_candy')!;
      expect((await recent.allInnerTexts()).map((t) => t.trim())).toEqual([candy.gamename]);
      await imagesLoaded(page, '[data-testid=recent-games]');
      await shot(page, 'hall-winners-recent');
      await recent.first().click();
      await expectRoute(page, '/gamePage?name=pp&type=concise&code=pp_candy');
    });
  });
});

describe('the hall while it loads, scrolls and refreshes', () => {
  it('shows tiles’ outlines (never “0 个场馆”) while the catalogue loads, keeps the category tabs under the top bar, and asks again when pulled down', async () => {
    await phone(async (page) => {
      // A slow catalogue: the outlines stand in for the tiles until it comes.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/game/list**', async (r) => {
        await held;
        await r.continue();
      });
      await open(page, platform, '/');
      await page.getByTestId('tiles-loading').waitFor();
      expect(await page.getByTestId('game-tabs').innerText()).not.toContain('个场馆');
      await shot(page, 'hall-loading');
      release();
      await page.getByTestId('game-tile').first().waitFor();
      await page.unroute('**/api/game/list**');
      expect(await page.getByTestId('tiles-loading').count()).toBe(0);
      // Scrolled deep into a long category (the grid stretched as if it held many venues), the tabs stay
      // just under the 50 px top bar.
      await page.evaluate(() => {
        document.querySelector<HTMLElement>('.games-grid')!.style.paddingBottom = '1500px';
        window.scrollTo(0, document.querySelector<HTMLElement>('.games-grid')!.getBoundingClientRect().top + window.scrollY + 400);
      });
      await expect.poll(async () => Math.round((await page.locator('.games-tabs').boundingBox())!.y)).toBe(50);
      await shot(page, 'hall-sticky-tabs');
      // Choosing another category there shows it from its start.
      await page.getByTestId('game-tab-sport').click();
      await page.evaluate(() => (document.querySelector<HTMLElement>('.games-grid')!.style.paddingBottom = '1500px'));
      await expect.poll(async () => Math.round((await page.locator('.games-tabs').boundingBox())!.y)).toBe(50);
      expect((await page.getByTestId('game-grid-sport').boundingBox())!.y).toBeLessThan(260);
      // The demo venue's matches are simulated, and say so on every tile.
      const sport = page.getByTestId('game-grid-sport');
      expect(await sport.getByTestId('game-play-kind').allInnerTexts()).toEqual(Array(await sport.getByTestId('game-tile').count()).fill('虚拟赛事'));
      // Pulled down from the top: the hall's data is asked for again.
      await page.evaluate(() => window.scrollTo(0, 0));
      const again = page.waitForRequest((r) => r.url().includes('/api/game/list'));
      await pullDown(page);
      await again;
      await expect.poll(() => page.getByTestId('pull-indicator').getAttribute('data-state')).toBe('idle');
    });
  });
});

describe('the second home (/home)', () => {
  it(`counts its banners out of ${HOME_COUNTER_TOTAL}, shows the welcome modal once, the category sidebar and the app banner`, async () => {
    await phone(async (page) => {
      await open(page, platform, '/home');
      const modal = page.getByTestId('welcome-modal');
      await modal.waitFor();
      expect(await modal.innerText()).toContain('欢迎');
      await shot(page, 'home-welcome');
      await page.getByText('我知道了').click();
      await modal.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('home-counter').first().innerText()).toMatch(new RegExp(`^\\d/${HOME_COUNTER_TOTAL}$`));
      const sidebar = page.locator('.adm-side-bar-item');
      expect(await sidebar.allInnerTexts()).toEqual(['真人', '体育', '电竞', '棋牌', '电子', '彩票']);
      await page.getByTestId('side-cat-lottery').click();
      await page.getByTestId('home-tiles-lottery').getByTestId('lottery-tile').first().waitFor();
      await imagesLoaded(page, '[data-testid=home-alt]');
      await shot(page, 'home');
      await page.reload();
      await page.getByTestId('home-counter').first().waitFor();
      await page.waitForTimeout(800);
      expect(await page.getByTestId('welcome-modal').isVisible()).toBe(false);
      await page.getByTestId('side-menu-button').click();
      await page.getByTestId('side-menu').waitFor();
      await settled(page);
      await shot(page, 'home-side-menu');
      await page.getByTestId('side-menu').getByText('帮助中心').click();
      await expectRoute(page, '/boutBallBet');
    });
  });

  it('leads the app banner to /app', async () => {
    await phone(async (page) => {
      await page.goto(`${platform.url}/#/`);
      await page.evaluate(() => sessionStorage.setItem('welcomeModalShown', '1'));
      await open(page, platform, '/home');
      await page.getByTestId('app-promo').click();
      await expectRoute(page, '/app');
    });
  });
});

describe('动态 (/discover)', () => {
  it('links 官方动态 to the message centre and 大舞台 to the sponsor stage', async () => {
    await phone(async (page) => {
      await open(page, platform, '/discover');
      await page.getByTestId('discover-news').waitFor();
      await settled(page);
      await shot(page, 'discover');
      await page.getByTestId('discover-stage').click();
      await expectRoute(page, '/zhanzhu');
      await page.goBack();
      await page.getByTestId('discover-news').click();
      await expectRoute(page, '/login?redirect=/message');
    });
  });
});
