import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  BET_RECORD_PAGE_SIZE,
  BET_STATUS,
  BET_STATUS_LABELS,
  ELECTRONIC_PROVIDERS,
  fmt,
  formatYuan,
  MSG,
  PLATFORM_WALLET,
  VENUE_LAUNCH_PARAM,
  VENUE_SESSION_HEADER,
  type GameEntry,
  type ProviderGame,
  type VenueBalance,
  type VenueMatches,
  type VenuePlayResult,
  type VenueSession,
} from '@app/contract';
import { apiAs, expectLoginSheet, clickWhenStill, credit, dialogButton, expectRoute, expectToast, memberIdOf, newPhone, open, type Platform, registerViaApi, route, settled, shot, signInPage, startSuite, stillShot, stopSuite, toastGone, uniqueName } from '../harness.js';
import { colourOf, LOSS_GREEN, PLAIN_INK, WIN_RED } from '../money-tone.js';

/**
 * The member app's game screens (spec §2): hall tiles, /gamePage, /concise, /betRecord. The
 * phones ask for reduced motion, so the venue's games in the frame play short rounds (tests/venue.test.ts
 * plays them at full length).
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
// The lottery tab lists the in-house lotteries (lotteryList): tests/lottery.test.ts opens them.
const HALL_CATEGORIES = ['concise', 'sport', 'gaming', 'realbet', 'joker'] as const;
const LAUNCH_PREFIX = '/venue/?launch=';

const api = <T = any>(path: string, token: string, body: unknown = {}) => apiAs<T>(platform, path, token, body);

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

/** A fresh member signed in on a fresh phone at `at`. */
async function signedIn<T>(at: string, fn: (page: Page, member: Member) => Promise<T>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('gm'));
  return phone(async (page) => {
    await signInPage(page, platform, member.token, at);
    return fn(page, member);
  });
}

/** A screenshot once toasts are gone and nothing moves in the page or its game frame. */
async function still(page: Page, name: string): Promise<void> {
  await toastGone(page).catch(() => undefined);
  await stillShot(page, name);
}

const frameSrc = (page: Page) => page.getByTestId('app-frame').getAttribute('src');
async function expectLaunched(page: Page): Promise<string> {
  await expect.poll(() => frameSrc(page), { timeout: 8000 }).toMatch(/^\/venue\/\?launch=/);
  return (await frameSrc(page))!;
}

/** Every getGameUrl call the page makes from now on. */
function countLaunches(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/getGameUrl')) n += 1;
  });
  return () => n;
}

describe('hall tiles', () => {
  it('offers a visitor the login sheet (登录 / 注册) on every category, coming back to the game afterwards', async () => {
    await phone(async (page) => {
      for (const category of ['concise', 'realbet'] as const) {
        const first = catalogue.find((g) => g.category_id === category)!;
        const target = category === 'concise' ? `/concise?type=${first.game_code}` : `/gamePage?name=${first.platform_name}&type=${category}&code=${first.game_code}`;
        await open(page, platform, '/');
        await page.getByTestId(`game-tab-${category}`).click();
        await page.getByTestId(`game-grid-${category}`).getByTestId('game-tile').first().click();
        await expectLoginSheet(page);
        expect(route(page)).toBe('/');
        await page.getByTestId(category === 'concise' ? 'login-sheet-register' : 'login-sheet-login').click();
        await expectRoute(page, `${category === 'concise' ? '/reg2' : '/login'}?redirect=${target}`);
      }
    });
  });

  it('opens /concise?type=<provider> for an electronic-game tile and the game frame for every other category', async () => {
    await signedIn('/', async (page) => {
      for (const category of HALL_CATEGORIES) {
        const first = catalogue.find((g) => g.category_id === category)!;
        await page.getByTestId(`game-tab-${category}`).click();
        await page.getByTestId(`game-grid-${category}`).getByTestId('game-tile').first().click();
        if (category === 'concise') {
          await expectRoute(page, `/concise?type=${first.game_code}`);
          await page.getByTestId(`concise-grid-${first.game_code}`).waitFor();
        } else {
          await expectRoute(page, `/gamePage?name=${first.platform_name}&type=${category}&code=${first.game_code}`);
          await expectLaunched(page);
          expect(await page.getByTestId('game-title').innerText()).toBe(first.name);
          // The venue took the launch: its game shows the member's venue balance.
          await page.frameLocator('[data-testid=app-frame]').getByTestId('venue-balance').waitFor({ timeout: 10_000 });
          if (category === 'sport') await still(page, 'games-frame-sport');
        }
        await (category === 'concise' ? page.locator('.adm-nav-bar-back') : page.getByTestId('game-back')).click();
        await expectRoute(page, '/');
      }
    });
  });
});

describe('/gamePage', () => {
  it('shows a visitor the hall under the login sheet, and 登录 comes back to the game', async () => {
    await phone(async (page) => {
      const sport = catalogue.find((g) => g.category_id === 'sport')!;
      const game = `/gamePage?name=${sport.platform_name}&type=sport&code=${sport.game_code}`;
      await open(page, platform, game);
      await expectLoginSheet(page);
      await expectRoute(page, '/');
      await page.getByTestId('login-sheet-login').click();
      await expectRoute(page, `/login?redirect=${game}`);
    });
  });

  it('转账 opens a transfer sheet over the game with the venue being played chosen; money moves both ways without leaving the game', async () => {
    const live = catalogue.filter((g) => g.category_id === 'realbet').at(1) ?? catalogue.find((g) => g.category_id === 'realbet')!;
    const member = await registerViaApi(platform, uniqueName('gt'));
    await credit(platform, await memberIdOf(platform, member.token), 50_000);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      const game = `/gamePage?name=${live.platform_name}&type=realbet&code=${live.game_code}`;
      await open(page, platform, game);
      const launched = await expectLaunched(page);
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 6000 }).toBe('500.00');
      await page.getByTestId('game-transfer').click();
      const sheet = page.getByTestId('transfer-sheet');
      await sheet.waitFor();
      // Over the game: the same address, the same launched frame under the sheet.
      expect(route(page)).toBe(game);
      expect(await frameSrc(page)).toBe(launched);
      expect(await sheet.locator('.transfer-sheet-title').innerText()).toContain(live.name);
      expect(await page.getByTestId('transfer-sheet-direction').innerText()).toBe(`${PLATFORM_WALLET.name} → ${live.name}`);
      await expect.poll(() => page.getByTestId('transfer-sheet-venue-balance').innerText()).toBe('¥ 0.00');
      await sheet.locator('input[name="sheetAmount"]').fill('120');
      await settled(page);
      await shot(page, 'games-transfer-sheet');
      await page.getByTestId('transfer-sheet-submit').click();
      await sheet.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 6000 }).toBe('380.00');
      expect((await venues(page)).find((v) => v.platname === live.platform_name)?.balance).toBe(120);
      // And back out of the venue, still in the game.
      await page.getByTestId('game-transfer').click();
      await sheet.waitFor();
      await expect.poll(() => page.getByTestId('transfer-sheet-venue-balance').innerText()).toBe('¥ 120.00');
      await page.getByTestId('transfer-sheet-swap').click();
      expect(await page.getByTestId('transfer-sheet-direction').innerText()).toBe(`${live.name} → ${PLATFORM_WALLET.name}`);
      await page.getByTestId('transfer-sheet-all').click();
      await page.getByTestId('transfer-sheet-submit').click();
      await sheet.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 6000 }).toBe('500.00');
      expect(route(page)).toBe(game);
      expect(await frameSrc(page)).toBe(launched);
    });
  });

  it('asks for a fresh launch URL on every opening and on 重新进入, never reusing one', async () => {
    await signedIn('/', async (page) => {
      const live = catalogue.find((g) => g.category_id === 'realbet')!;
      const launches = countLaunches(page);
      await open(page, platform, `/gamePage?name=${live.platform_name}&type=realbet&code=${live.game_code}`);
      const first = await expectLaunched(page);
      expect(launches()).toBe(1);
      await page.getByTestId('game-relaunch').click();
      await expect.poll(() => frameSrc(page), { timeout: 8000 }).not.toBe(first);
      expect(await frameSrc(page)).toMatch(/^\/venue\/\?launch=/);
      expect(launches()).toBe(2);
      await still(page, 'games-frame-live');
    });
  });

  it('shows a refused launch and leaves: the tile of a closed venue back to the hall, an unknown venue opened directly to the hall', async () => {
    const lives = catalogue.filter((g) => g.category_id === 'realbet');
    const closed = lives.at(-1)!;
    const venues = (platform.app as unknown as { venues: { forgetVenues(): void } }).venues;
    await signedIn('/', async (page) => {
      await page.getByTestId('game-tab-realbet').click();
      const tiles = page.getByTestId('game-grid-realbet').getByTestId('game-tile');
      await expect.poll(() => tiles.count()).toBe(lives.length);
      // Staff close the venue while the hall is open.
      await platform.db.kysely.updateTable('venues').set({ enabled: false }).where('code', '=', closed.platform_name).execute();
      venues.forgetVenues();
      try {
        await tiles.last().click();
        await expectToast(page, MSG.venueClosed);
        await expectRoute(page, '/');
      } finally {
        await platform.db.kysely.updateTable('venues').set({ enabled: true }).where('code', '=', closed.platform_name).execute();
        venues.forgetVenues();
      }
      // Its own toast: expectToast waits for 场馆不存在, not the closed venue's text still on screen.
      await open(page, platform, '/gamePage?name=NOPE&type=realbet&code=nope');
      await expectToast(page, MSG.venueMissing);
      await expectRoute(page, '/');
    });
  });

  it('an expired session at launch gets the session alert and /login, not a second toast', async () => {
    await signedIn('/', async (page, member) => {
      await page.getByTestId('hall-username').waitFor();
      // The app's own first calls are answered (the reality check's poll loads once someone is signed
      // in), and the tab is open: the launch is what meets the ended session, not a poll.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/playStatus')))).toBe(true);
      await page.getByTestId('game-tab-realbet').click();
      const tile = page.getByTestId('game-grid-realbet').getByTestId('game-tile').first();
      await tile.waitFor();
      // the tab's own reads (recent wins, recent games, the first-deposit offer) answered first
      await page.waitForLoadState('networkidle');
      expect((await api('logoff', member.token)).code).toBe(200);
      await tile.click();
      await page.locator('.adm-dialog').getByText(MSG.sessionExpired).waitFor();
      expect(await page.locator('.adm-toast-main').count()).toBe(0);
      await dialogButton(page, '确定');
      await expectRoute(page, '/login');
    });
  });

  it('dailiD=2 opens customer service (the built-in live chat by default); app=1 the iOS download', async () => {
    await phone(async (page) => {
      expect((await api<{ url: string }>('getservicerurl', '')).data.url).toBe('');
      await open(page, platform, '/gamePage?dailiD=2');
      await expectRoute(page, '/kefu');
      await page.locator('.kefu-input').waitFor();
      const app = (await api<{ ios_download_url: string }>('app', '')).data;
      await open(page, platform, '/');
      await open(page, platform, '/gamePage?app=1');
      if (app.ios_download_url) await expect.poll(() => frameSrc(page), { timeout: 6000 }).toBe(app.ios_download_url);
      else await expectToast(page, MSG.internal);
    });
  });

  it('dailiD=1 (代理登录 on /mine for an agent) frames the agent portal through a single-use login URL', async () => {
    const member = await registerViaApi(platform, uniqueName('gm'));
    await platform.db.kysely.insertInto('agents').values({ member_id: await memberIdOf(platform, member.token), since: new Date() }).execute();
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-link-agent').click();
      await expect.poll(() => frameSrc(page), { timeout: 6000 }).toMatch(/^\/agent\/#\/login\?ticket=[\w-]{40,}$/);
      // the portal signed in with the ticket: the agent's (empty) team
      await expect.poll(() => page.frameLocator('[data-testid="app-frame"]').getByTestId('overview-team-members').innerText(), { timeout: 8000 }).toBe('0');
    });
  });
});

describe('/concise', () => {
  it('shows the four providers as tabs with their games; a tab is the query', async () => {
    await signedIn('/concise?type=obgdy', async (page) => {
      for (const p of ELECTRONIC_PROVIDERS) {
        const name = catalogue.find((g) => g.category_id === 'concise' && g.game_code === p)!.name;
        await expect.poll(() => page.getByTestId(`concise-tab-${p}`).innerText()).toBe(name);
      }
      for (const p of ELECTRONIC_PROVIDERS) {
        await page.getByTestId(`concise-tab-${p}`).click();
        await expectRoute(page, `/concise?type=${p}`);
        const games = (await api<ProviderGame[]>('gamelistBycode', '', { gamecode: p })).data;
        expect(games.length).toBeGreaterThan(0);
        const grid = page.getByTestId(`concise-grid-${p}`);
        await grid.waitFor();
        expect(await grid.getByTestId('concise-game').count()).toBe(games.length);
        expect(await grid.locator('.concise-game-name').allInnerTexts()).toEqual(games.map((g) => g.gamename));
        if (p === 'obgdy' || p === 'fgdz') await still(page, `games-concise-${p}`);
      }
    });
  });

  it('every game of every provider opens playable in the frame', async () => {
    await signedIn('/concise?type=obgdy', async (page) => {
      for (const p of ELECTRONIC_PROVIDERS) {
        const games = (await api<ProviderGame[]>('gamelistBycode', '', { gamecode: p })).data;
        for (const [i, g] of games.entries()) {
          await open(page, platform, `/concise?type=${p}`);
          await page.getByTestId(`concise-grid-${p}`).getByTestId('concise-game').nth(i).click();
          await expectRoute(page, `/gamePage?name=${p}&type=concise&code=${g.gamecode}`);
          await expectLaunched(page);
          const frame = page.frameLocator('[data-testid=app-frame]');
          await frame.getByTestId('venue-balance').waitFor({ timeout: 10_000 });
          await expect.poll(() => frame.locator('.tb-title h1').innerText()).toBe(g.gamename);
          if (g.gamecode.endsWith('fishing')) {
            // The fish swim by finite animations, so the tank never stands still: the page around it does, with fish in the tank.
            await expect.poll(() => frame.locator('.tank .swimmer').count()).toBeGreaterThan(0);
            await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
            await shot(page, 'games-fishing');
          }
        }
      }
    });
  });

  it('an unknown type shows the first provider', async () => {
    await phone(async (page) => {
      await open(page, platform, '/concise?type=zz');
      await expectRoute(page, '/concise?type=obgdy');
    });
  });

  it('a game opens /gamePage?name=<provider>&type=concise&code=<gamecode>; a visitor gets the login sheet', async () => {
    const games = (await api<ProviderGame[]>('gamelistBycode', '', { gamecode: 'pp' })).data;
    await phone(async (page) => {
      await open(page, platform, '/concise?type=pp');
      await page.getByTestId('concise-game').first().click();
      await expectLoginSheet(page);
      expect(route(page)).toBe('/concise?type=pp');
      await page.getByTestId('login-sheet-login').click();
      await expectRoute(page, `/login?redirect=/gamePage?name=pp&type=concise&code=${games[0]!.gamecode}`);
    });
    await signedIn('/concise?type=pp', async (page) => {
      await page.getByTestId('concise-game').first().click();
      await expectRoute(page, `/gamePage?name=pp&type=concise&code=${games[0]!.gamecode}`);
      await expectLaunched(page);
      await expect.poll(() => page.getByTestId('game-title').innerText()).toBe(catalogue.find((g) => g.platform_name === 'pp')!.name);
      await page.getByTestId('game-back').click();
      await expectRoute(page, '/concise?type=pp');
    });
  });
});

// ---- bet records ------------------------------------------------------------------------------------

/** A venue API call from a game session (what the frame's pages do). */
async function venueApi<T = any>(session: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { [VENUE_SESSION_HEADER]: session };
  if (method === 'POST') headers['content-type'] = 'application/json';
  const res = await fetch(`${platform.url}/venue/api${path}`, { method, headers, body: method === 'POST' ? JSON.stringify(body) : undefined });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** Launches a game through the platform (getGameUrl) and opens its venue session, as the frame does. */
async function launchSession(token: string, platName: string, gameType: string, gameCode: string): Promise<{ session: string; game: string }> {
  const launched = await api<{ url: string }>('getGameUrl', token, { plat_name: platName, game_type: gameType, game_code: gameCode, is_mobile_url: 1 });
  expect(launched.code, launched.message).toBe(200);
  const launch = new URL(launched.data.url, platform.url).searchParams.get(VENUE_LAUNCH_PARAM)!;
  const opened = await venueApi<VenueSession>('', 'POST', '/session', { launch });
  return { session: opened.session, game: opened.game.code };
}

/** One unsettled virtual-football bet at the sports venue, through a launched session. */
async function footballBet(token: string, platName: string, gameCode: string, stake: number): Promise<string> {
  const { session } = await launchSession(token, platName, 'sport', gameCode);
  const { matches } = await venueApi<VenueMatches>(session, 'GET', '/matches?sport=demo_football');
  const match = matches.filter((m) => m.state === 'open').at(-1)!;
  const market = match.markets[0]!;
  const selection = market.selections.find((x) => x.open)!;
  return (await venueApi<{ bet_id: string }>(session, 'POST', '/matches/bet', { sport: 'demo_football', matchId: match.id, market: market.id, selection: selection.id, stake })).bet_id;
}

/** Scrolls the list down until 没有更多了: each wheel waits for the next page's rows (or the end) to come. */
async function scrollToEnd(page: Page): Promise<void> {
  const rows = page.getByTestId('bet-row');
  const end = page.getByTestId('list-end');
  for (let i = 0; i < 10 && (await end.count()) === 0; i += 1) {
    const shown = await rows.count();
    await page.mouse.wheel(0, 4000);
    await expect
      .poll(async () => (await end.count()) > 0 || (await rows.count()) > shown, { timeout: 2000 })
      .toBe(true)
      .catch(() => undefined);
  }
  await end.waitFor();
}

describe('/betRecord', () => {
  it('sends a visitor to /login with the redirect', async () => {
    await phone(async (page) => {
      await open(page, platform, '/betRecord');
      await expectRoute(page, '/login?redirect=/betRecord');
    });
  });

  it('shows 空空如也 without bets', async () => {
    await signedIn('/betRecord', async (page) => {
      await page.getByTestId('empty-state').waitFor();
      expect(await page.getByTestId('empty-state').innerText()).toContain(MSG.empty);
      expect(await page.getByTestId('filter-date-title').innerText()).toBe('近30天');
      await still(page, 'games-betrecord-empty');
    });
  });

  it('lists bets played through the platform with amounts, coloured win/loss and state; filters reset to page 1; pages until 没有更多了', async () => {
    const member = await registerViaApi(platform, uniqueName('gm'));
    const memberId = await memberIdOf(platform, member.token);
    await credit(platform, memberId, 50_000);
    const slots = catalogue.find((g) => g.category_id === 'concise')!;
    const sport = catalogue.find((g) => g.category_id === 'sport')!;
    for (const [venue, yuan] of [[slots.platform_name, 200], [sport.platform_name, 100]] as const) {
      const moved = await api('transfer', member.token, { amount: yuan, sourcetype: PLATFORM_WALLET.platname, targettype: venue });
      expect(moved.code, moved.message).toBe(200);
    }
    // 26 spins at the slot venue (two pages of BET_RECORD_PAGE_SIZE), one open football bet.
    const slot = await launchSession(member.token, slots.platform_name, 'concise', (await api<ProviderGame[]>('gamelistBycode', '', { gamecode: slots.game_code })).data[0]!.gamecode);
    const spins: VenuePlayResult[] = [];
    for (let i = 0; i < 26; i += 1) spins.push(await venueApi<VenuePlayResult>(slot.session, 'POST', '/play', { game: slot.game, bet: { stake: 2 } }));
    const openId = await footballBet(member.token, sport.platform_name, sport.game_code, 50);
    const total = spins.length + 1;
    expect(total).toBeGreaterThan(BET_RECORD_PAGE_SIZE);

    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/betRecord');
      const rows = page.getByTestId('bet-row');
      await rows.first().waitFor();
      await still(page, 'games-betrecord');
      // The newest first: the open football bet.
      const open1 = page.locator(`[data-bet-id="${openId}"]`);
      expect(await rows.first().getAttribute('data-bet-id')).toBe(openId);
      expect(await open1.getByTestId('bet-status').innerText()).toBe(BET_STATUS_LABELS[BET_STATUS.unsettled]);
      expect(await open1.getByTestId('bet-amount').innerText()).toBe('50.00');
      expect(await open1.getByTestId('bet-venue').innerText()).toBe(sport.name);
      // Scroll to the end: every page appended, then 没有更多了.
      await scrollToEnd(page);
      expect(await rows.count()).toBe(total);
      // Each spin's row: its amounts, and its win/loss signed and coloured (+ red, − green).
      const seen = { win: 0, loss: 0 };
      for (const spin of spins) {
        const row = page.locator(`[data-bet-id="${spin.bet_id}"]`);
        expect(await row.getByTestId('bet-amount').innerText()).toBe('2.00');
        expect(await row.getByTestId('bet-status').innerText()).toBe(BET_STATUS_LABELS[BET_STATUS.settled]);
        const shown = await row.getByTestId('bet-winloss').innerText();
        const colour = await colourOf(row.getByTestId('bet-winloss'));
        // a win reads red and a loss green, as Chinese players read them
        if (spin.win_loss > 0) {
          expect([shown, colour]).toEqual([`+${spin.win_loss.toFixed(2)}`, WIN_RED]);
          seen.win += 1;
        } else if (spin.win_loss < 0) {
          expect([shown, colour]).toEqual([`-${(-spin.win_loss).toFixed(2)}`, LOSS_GREEN]);
          seen.loss += 1;
        } else expect([shown, colour]).toEqual(['0.00', PLAIN_INK]);
      }
      // 26 spins hold both a win and a loss, so both colours were looked at; the open bet shows no colour
      expect(seen.win).toBeGreaterThan(0);
      expect(seen.loss).toBeGreaterThan(0);
      expect([await open1.getByTestId('bet-winloss').innerText(), await colourOf(open1.getByTestId('bet-winloss'))]).toEqual(['--', PLAIN_INK]);
      // the filter's 输赢 takes the same colour as its sign
      const net = spins.reduce((sum, s) => sum + s.win_loss, 0);
      expect(await colourOf(page.getByTestId('bet-total-winloss'))).toBe(net > 0 ? WIN_RED : net < 0 ? LOSS_GREEN : PLAIN_INK);

      // One spin ten days ago (the venue cannot backdate; the platform's record is moved instead).
      const old = spins[0]!.bet_id;
      await platform.db.kysely.updateTable('bet_records').set({ bet_at: new Date(Date.now() - 10 * 86_400_000) }).where('bet_id', '=', old).execute();
      const pages: number[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/betrecord')) pages.push((JSON.parse(r.postData() ?? '{}') as { page: number }).page);
      });
      // 今天: the old spin goes, and the list starts again from page 1.
      await page.getByTestId('filter-date-title').click();
      await clickWhenStill(page.getByTestId('filter-date-1'));
      await expect.poll(() => pages[0]).toBe(1);
      await rows.first().waitFor();
      expect(await page.locator(`[data-bet-id="${old}"]`).count()).toBe(0);
      // A platform: only its bets, from page 1.
      await page.getByTestId('filter-platform-title').click();
      await clickWhenStill(page.getByTestId(`filter-platform-${sport.platform_name}`));
      await expect.poll(() => rows.count()).toBe(1);
      expect(pages.at(-1)).toBe(1);
      expect(await page.getByTestId('filter-platform-title').innerText()).toBe(sport.name);
      await page.getByTestId('list-end').waitFor();
      await still(page, 'games-betrecord-filtered');
      // 近15天 at the slot venue: the old spin is back.
      await page.getByTestId('filter-platform-title').click();
      await clickWhenStill(page.getByTestId(`filter-platform-${slots.platform_name}`));
      await page.getByTestId('filter-date-title').click();
      await clickWhenStill(page.getByTestId('filter-date-3'));
      await scrollToEnd(page);
      expect(await rows.count()).toBe(spins.length);
      expect(await page.locator(`[data-bet-id="${old}"]`).count()).toBe(1);
    });
  });
});

// ---- whole games: play in the frame, recycle, see it in the records ----------------

/** The game frame's content (the demo venue's pages). */
const venueFrame = (page: Page) => page.frameLocator('[data-testid=app-frame]');
const venueBalance = async (page: Page) => Number((await venueFrame(page).getByTestId('venue-balance').innerText()).replace(/,/g, ''));

/** A member holding `yuan`, `intoVenue` of it moved to `venue`, signed in on a fresh phone at `at`. */
async function player<T>(yuan: number, venue: string, intoVenue: number, at: string, fn: (page: Page, member: Member) => Promise<T>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('gp'));
  await credit(platform, await memberIdOf(platform, member.token), yuan * 100);
  const moved = await api('transfer', member.token, { amount: intoVenue, sourcetype: PLATFORM_WALLET.platname, targettype: venue });
  expect(moved.code, moved.message).toBe(200);
  return phone(async (page) => {
    await signInPage(page, platform, member.token, at);
    return fn(page, member);
  });
}

/** Back from the frame, then 一键回收 on /money: the venue's whole balance comes home. */
async function recycleOnMoney(page: Page, expectedYuan: number): Promise<void> {
  await page.getByTestId('game-back').click();
  await open(page, platform, '/money');
  await page.getByTestId('wallet-recycle').click();
  await expectToast(page, fmt(MSG.recycleDone, { amount: formatYuan(expectedYuan) }));
}

/** /transRecord with the type filter on `type`: the rows' way texts. */
async function transferWays(page: Page, type: 3 | 4): Promise<string[]> {
  await open(page, platform, '/transRecord');
  await page.getByTestId('filter-type-title').click();
  await clickWhenStill(page.getByTestId(`filter-type-${type}`));
  await expect.poll(() => page.getByTestId('record-row').count(), { timeout: 6000 }).toBeGreaterThan(0);
  return page.getByTestId('record-way').allInnerTexts();
}

async function betRows(page: Page) {
  await open(page, platform, '/betRecord');
  const rows = page.getByTestId('bet-row');
  await expect.poll(() => rows.count(), { timeout: 8000 }).toBeGreaterThan(0);
  return rows;
}

describe('playing in the frame', () => {
  it('a slot from the hall: spin, the venue balance moves, 一键回收, then /betRecord and /transRecord show it', async () => {
    const provider = catalogue.find((g) => g.category_id === 'concise')!;
    await player(500, provider.platform_name, 200, '/', async (page) => {
      await page.getByTestId('game-tab-concise').click();
      await page.getByTestId('game-grid-concise').getByTestId('game-tile').first().click();
      await expectRoute(page, `/concise?type=${provider.game_code}`);
      const game = (await api<ProviderGame[]>('gamelistBycode', '', { gamecode: provider.game_code })).data[0]!;
      await page.getByTestId('concise-game').first().click();
      await expectLaunched(page);
      const frame = venueFrame(page);
      await expect.poll(() => venueBalance(page), { timeout: 10_000 }).toBe(200);
      await still(page, 'games-slot-ready');
      // Spin until the balance moves (a win can exactly return the stake).
      let spins = 0;
      for (; spins < 8 && (await venueBalance(page)) === 200; spins += 1) {
        await frame.getByRole('button', { name: '旋转' }).click();
        await expect.poll(() => frame.getByRole('button', { name: '旋转' }).isEnabled(), { timeout: 10_000 }).toBe(true);
      }
      const after = await venueBalance(page);
      expect(after).not.toBe(200);
      await still(page, 'games-slot-spun');
      await recycleOnMoney(page, after);
      expect((await venues(page)).find((v) => v.platname === provider.platform_name)!.balance).toBe(0);
      // The transfers first, while 一键回收's toast fades (the bet records are pictured after).
      expect(await transferWays(page, 3)).toContain(`${PLATFORM_WALLET.name} → ${provider.name}`);
      expect(await transferWays(page, 4)).toContain(`${provider.name} → ${PLATFORM_WALLET.name}`);

      const rows = await betRows(page);
      expect(await rows.count()).toBe(spins);
      expect(await rows.first().getByTestId('bet-game').innerText()).toBe(game.gamename);
      expect(await rows.first().getByTestId('bet-venue').innerText()).toBe(provider.name);
      expect(await rows.first().getByTestId('bet-status').innerText()).toBe(BET_STATUS_LABELS[BET_STATUS.settled]);
      // the filter's totals above the list: 总投注 and 有效投注 are the rows' sums, 输赢 is what the venue moved
      const yuan = (t: string) => Number(t.replace(/[+,]/g, ''));
      const staked = (await page.getByTestId('bet-amount').allInnerTexts()).reduce((a, t) => a + yuan(t), 0);
      expect(yuan(await page.getByTestId('bet-total-amount').innerText())).toBeCloseTo(staked, 2);
      expect(yuan(await page.getByTestId('bet-total-valid').innerText())).toBeCloseTo(staked, 2);
      expect(yuan(await page.getByTestId('bet-total-winloss').innerText())).toBeCloseTo(after - 200, 2);
      await still(page, 'games-slot-betrecord');
    });
  });

  it('baccarat from the live tab: bet on 庄, deal, the venue balance moves, recycle, the records show it', async () => {
    const live = catalogue.find((g) => g.category_id === 'realbet')!;
    await player(300, live.platform_name, 100, '/', async (page) => {
      await page.getByTestId('game-tab-realbet').click();
      await page.getByTestId('game-grid-realbet').getByTestId('game-tile').first().click();
      await expectLaunched(page);
      const frame = venueFrame(page);
      await expect.poll(() => venueBalance(page), { timeout: 10_000 }).toBe(100);
      let rounds = 0;
      for (; rounds < 6 && (await venueBalance(page)) === 100; rounds += 1) {
        // The first round: a chip on banker, then 发牌; later ones: 再来一局 repeats that bet.
        if (rounds === 0) await frame.getByTestId('spot-banker').click();
        await frame.getByTestId('deal').click();
        await frame.getByTestId('table-result').waitFor({ timeout: 15_000 });
        await expect.poll(() => frame.getByTestId('deal').isEnabled()).toBe(true);
      }
      const after = await venueBalance(page);
      expect(after).not.toBe(100);
      await still(page, 'games-baccarat');
      await recycleOnMoney(page, after);
      const rows = await betRows(page);
      expect(await rows.first().getByTestId('bet-venue').innerText()).toBe(live.name);
      expect(await rows.first().getByTestId('bet-status').innerText()).toBe(BET_STATUS_LABELS[BET_STATUS.settled]);
      expect(await transferWays(page, 4)).toContain(`${live.name} → ${PLATFORM_WALLET.name}`);
    });
  });

  it('a virtual football bet from the sports tab: the stake leaves the venue balance and /betRecord shows 未结算', async () => {
    const sport = catalogue.find((g) => g.category_id === 'sport')!;
    await player(100, sport.platform_name, 50, '/', async (page) => {
      await page.getByTestId('game-tab-sport').click();
      await page.getByTestId('game-grid-sport').getByTestId('game-tile').first().click();
      await expectLaunched(page);
      const frame = venueFrame(page);
      await expect.poll(() => venueBalance(page), { timeout: 10_000 }).toBe(50);
      // The latest open round has the most time before it closes.
      await frame.locator('button.odd:not([disabled])').last().click();
      await frame.getByTestId('bet-slip').locator('input').fill('10');
      await frame.getByRole('button', { name: '确认投注' }).click();
      await expect.poll(() => venueBalance(page), { timeout: 8000 }).toBe(40);
      await still(page, 'games-football');
      await page.getByTestId('game-back').click();
      const rows = await betRows(page);
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getByTestId('bet-status').innerText()).toBe(BET_STATUS_LABELS[BET_STATUS.unsettled]);
      expect(await rows.first().getByTestId('bet-amount').innerText()).toBe('10.00');
      expect(await rows.first().getByTestId('bet-venue').innerText()).toBe(sport.name);
      await still(page, 'games-football-betrecord');
    });
  });
});

describe('auto-transfer', () => {
  it('launching a card game with auto-transfer on moves the whole central balance into its venue; a dragon-tiger round is played', async () => {
    const cards = catalogue.find((g) => g.category_id === 'joker')!;
    const member = await registerViaApi(platform, uniqueName('gp'));
    await credit(platform, await memberIdOf(platform, member.token), 8_000);
    expect((await api('uptransferstatus', member.token, { transferstatus: 1 })).code).toBe(200);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('game-tab-joker').click();
      await page.getByTestId('game-grid-joker').getByTestId('game-tile').first().click();
      await expectLaunched(page);
      await expect.poll(() => venueBalance(page), { timeout: 10_000 }).toBe(80);
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 6000 }).toBe('0.00');
      const frame = venueFrame(page);
      let rounds = 0;
      for (; rounds < 6 && (await venueBalance(page)) === 80; rounds += 1) {
        // The first round: a chip on dragon, then 发牌; later ones: 再来一局 repeats that bet.
        if (rounds === 0) await frame.getByTestId('spot-dragon').click();
        await frame.getByTestId('deal').click();
        await frame.getByTestId('table-result').waitFor({ timeout: 15_000 });
        await expect.poll(() => frame.getByTestId('deal').isEnabled()).toBe(true);
      }
      expect(await venueBalance(page)).not.toBe(80);
      await still(page, 'games-dragontiger-auto');
      const rows = await betRows(page);
      expect(await rows.count()).toBe(rounds);
      expect(await rows.first().getByTestId('bet-venue').innerText()).toBe(cards.name);
    });
  });
});

async function venues(page: Page): Promise<VenueBalance[]> {
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  return (await api<VenueBalance[]>('balancelist', token)).data;
}
