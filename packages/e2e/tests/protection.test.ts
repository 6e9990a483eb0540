import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'kysely';
import {
  BET_STATUS,
  blockedText,
  fmt,
  formatYuan,
  nearLimitText,
  overLimitText,
  PROTECTION_MSG,
  type GameEntry,
  type LimitRow,
  type LotteryRoomData,
  type LotteryRoomListItem,
  type PlayStatus,
  type ProtectionState,
} from '@app/contract';
import {
  apiAs,
  CAPTCHA_CODE,
  clickInPopup,
  clickWhenStill,
  credit,
  dialogButton,
  expectRoute,
  expectFieldMessage,
  expectToast,
  guestSignIn,
  memberIdOf,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  route,
  settled,
  shot,
  signInPage,
  startSuite,
  skipToast,
  stopSuite,
  uniqueName,
} from '../harness.js';
import { applyBets, VenueCategories } from '../../server/src/modules/games/ingest.js';
import { colourOf, LOSS_GREEN, WIN_RED } from '../money-tone.js';

/**
 * Player protection in the member app: the 18+ box at registration, a daily deposit
 * limit set on 安全与健康 and hit by a deposit, a raise that waits out its 24 hours, self-exclusion
 * refusing a game and a lottery bet while withdrawals stay open, and the reality check over the game
 * frame and the lottery room. Time passes by moving the server's records back (a session's start, a
 * raise's confirmable time) and the lottery clock forward, never by waiting.
 */

let platform: Platform;
let browser: Browser;
let catalogue: GameEntry[];

beforeAll(async () => {
  // The winners ticker is read anew for every hall (the time-out test shows it, then takes it away).
  ({ platform, browser } = await startSuite({ recentWinsCacheMs: 0 }));
  const res = await fetch(`${platform.url}/api/game/list?category=`);
  catalogue = ((await res.json()) as { data: GameEntry[] }).data.filter((g) => g.app_state === 1);
});
afterAll(() => stopSuite(platform, browser));

const K3 = 'k3_60';


/**
 * A phone asking for reduced motion, on Playwright's clock (its time flows as usual, and jumps over a
 * toast's time on screen in skipToast, and a test may move it on itself).
 */
async function phone<T>(fn: (page: Page, ctx: BrowserContext) => Promise<T>): Promise<T> {
  const ctx = await newPhone(browser);
  try {
    await ctx.clock.install();
    const page = await ctx.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return await fn(page, ctx);
  } finally {
    await ctx.close();
  }
}

/** A screenshot once toasts are gone and nothing moves. */
async function still(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  await skipToast(page).catch(() => undefined);
  await settled(page);
  await shot(page, name, opts);
}

async function stateOf(token: string): Promise<ProtectionState> {
  const r = await apiAs<ProtectionState>(platform, 'protection', token);
  expect(r.code, r.message).toBe(200);
  return r.data;
}
const rowOf = (state: ProtectionState, kind: LimitRow['kind'], period: LimitRow['period']) => state.limits.find((l) => l.kind === kind && l.period === period);

/** Moves the lottery clock forward so that the open 极速快三 round has about `leftS` seconds left (lottery.test.ts does the same). */
function openRoundWith(leftS: number): void {
  const clock = platform.app.lottery;
  const intervalMs = 60_000;
  const intoRound = (clock.now() + 8 * 3600_000) % intervalMs;
  const forwardMs = (((intervalMs - leftS * 1000 - intoRound) % intervalMs) + intervalMs) % intervalMs;
  const base = clock.now.bind(clock);
  clock.now = () => base() + forwardMs;
}
async function k3Room(): Promise<LotteryRoomListItem> {
  return (await apiAs<LotteryRoomListItem[]>(platform, 'lotteryRoom', '', { name: K3 })).data[0]!;
}
async function roomData(token: string, roomId: number): Promise<LotteryRoomData> {
  const res = await fetch(`${platform.url}/api/lotteryRoom?room_id=${roomId}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: LotteryRoomData }).data;
}

/** The reality figures of the next /api/playStatus answer the page gets. */
async function nextPlayStatus(page: Page): Promise<PlayStatus['reality']> {
  const res = await page.waitForResponse((r) => r.url().endsWith('/api/playStatus'));
  return ((await res.json()) as { data: PlayStatus }).data.reality;
}

/** The member's login sessions started `minutes` earlier (and any reality check answered as long before). */
async function sessionStartedEarlier(memberId: number, minutes: number): Promise<void> {
  await platform.db.kysely
    .updateTable('sessions')
    .set({
      created_at: sql`created_at - make_interval(mins => ${minutes})`,
      reality_acked_at: sql`reality_acked_at - make_interval(mins => ${minutes})`,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/** Opens 安全与健康 from /mine, as a member finds it. */
async function openProtectionFromMine(page: Page): Promise<void> {
  await page.getByTestId('mine-link-protection').click();
  await expectRoute(page, '/protection');
  await page.getByTestId('limits-deposit').waitFor();
}

describe('registration', () => {
  it('needs 我已年满18周岁 ticked: the message at the box (no toast), nothing sent; the article opens over the form', async () => {
    await phone(async (page) => {
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/register')) sent.push(r.url());
      });
      await open(page, platform, '/reg2');
      await page.getByTestId('captcha-image').waitFor();
      const name = uniqueName('ad');
      await page.locator('input[name="name"]').fill(name);
      await page.locator('input[name="password"]').fill('secret123');
      await page.locator('input[name="confirmPass"]').fill('secret123');
      await page.locator('input[name="code"]').fill(CAPTCHA_CODE);
      expect(await page.getByTestId('field-adult').getAttribute('aria-checked')).toBe('false');
      await page.getByTestId('register-submit').click();
      await expectFieldMessage(page, PROTECTION_MSG.adult);
      expect(await page.getByTestId('field-error-adult').innerText()).toBe(PROTECTION_MSG.adult);
      expect(await page.getByTestId('field-adult').getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);
      await skipToast(page);
      await shot(page, 'protection-register-adult');

      // 《负责任博彩》 opens the type-8 article in a sheet; what was typed stays.
      await page.getByTestId('adult-article').click();
      await page.getByTestId('article').waitFor();
      await still(page, 'protection-register-article');
      await page.locator('.auth-article-head button').click();
      await page.getByTestId('article').waitFor({ state: 'detached' });
      expect(await page.locator('input[name="name"]').inputValue()).toBe(name);

      await page.getByTestId('field-adult').click();
      await page.getByTestId('field-error-adult').waitFor({ state: 'detached' });
      const body = page.waitForRequest((r) => r.url().endsWith('/api/register')).then((r) => r.postDataJSON() as Record<string, unknown>);
      await page.getByTestId('register-submit').click();
      expect((await body).adult).toBe(1);
      await expectRoute(page, '/');
    });
  });
});

describe('a trial account', () => {
  it('has no protection settings and no reality check', async () => {
    await phone(async (page) => {
      const polls: string[] = [];
      let balancePolls = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/playStatus')) polls.push(r.url());
        if (r.url().endsWith('/api/balance')) balancePolls += 1;
      });
      await guestSignIn(page, platform, '/protection');
      await expect.poll(() => page.locator('.prot-page').innerText()).toContain(PROTECTION_MSG.trial);
      expect(await page.getByTestId('limits-deposit').count()).toBe(0);
      // A member's first status poll goes out with its first balance poll; a second balance poll (2.5 s) has passed.
      await expect.poll(() => balancePolls, { timeout: 8000 }).toBeGreaterThanOrEqual(2);
      expect(polls).toEqual([]);
    });
  });
});

describe('安全与健康', () => {
  it('sets a daily deposit limit, warns at 80 %, refuses a deposit past it with the reset time, and a raise waits 24 hours for its confirmation', async () => {
    const member = await registerViaApi(platform, uniqueName('pl'));
    const memberId = await memberIdOf(platform, member.token);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-link-responsible').waitFor();
      await still(page, 'protection-mine', { fullPage: true });
      await openProtectionFromMine(page);
      expect(await page.getByTestId('limit-rule').innerText()).toContain('24小时');
      await still(page, 'protection-page', { fullPage: true });

      // The contract's rule under the field (no toast); then 1000 a day applies at once.
      await page.getByTestId('limit-deposit-day-edit').click();
      const sheet = page.getByTestId('limit-sheet');
      await sheet.waitFor();
      await clickWhenStill(page.getByTestId('limit-save'));
      await expectFieldMessage(page, PROTECTION_MSG.amount);
      expect(await page.getByTestId('field-error-limit').innerText()).toBe(PROTECTION_MSG.amount);
      await page.locator('input[name=limit]').fill('1000');
      await page.getByTestId('field-error-limit').waitFor({ state: 'detached' });
      await still(page, 'protection-limit-sheet');
      await page.getByTestId('limit-save').click();
      await expectToast(page, PROTECTION_MSG.applied);
      await expect.poll(() => page.getByTestId('limit-deposit-day-figure').innerText()).toBe('0 / 1000元');
      expect(rowOf(await stateOf(member.token), 'deposit', 'day')?.limit).toBe(1000);

      // 800 deposited: the next look at the play status warns once (80 %), and not again this period.
      const dep = await apiAs(platform, 'recharge', member.token, { paytype: 'bank', amount: 800, bank_owner: '张三', bank: '中国建设银行', bank_no: '6222029876543210987', bank_address: '上海分行' });
      expect(dep.code, dep.message).toBe(200);
      const row = rowOf(await stateOf(member.token), 'deposit', 'day')!;
      expect(row.used).toBe(800);
      await page.reload();
      await expectToast(page, nearLimitText(row));
      await expect.poll(() => page.getByTestId('limit-deposit-day-figure').innerText()).toBe('800 / 1000元');
      await skipToast(page);
      await still(page, 'protection-limit-used');
      const polled = page.waitForResponse((r) => r.url().endsWith('/api/playStatus'));
      await page.reload();
      await polled;
      await settled(page);
      expect(await page.locator('.adm-toast-main').count()).toBe(0);

      // A 500 deposit would pass the limit: refused with what is used and when the day resets.
      await open(page, platform, '/recharge');
      await page.getByTestId('pay-tab-wechat').click();
      await page.getByTestId('chip-500').click();
      await page.getByTestId('deposit-submit').click();
      await expectToast(page, overLimitText(row));
      expect(overLimitText(row)).toContain(`${row.resets_at}重置`);
      expect(route(page)).toContain('/recharge');
      await settled(page);
      await shot(page, 'protection-deposit-refused');

      // Raising to 2000 waits: pending with its confirmable time, 确认生效 not yet possible.
      await open(page, platform, '/protection');
      await page.getByTestId('limit-deposit-day-edit').click();
      await page.getByTestId('limit-sheet').waitFor();
      await page.locator('input[name=limit]').fill('2000');
      await clickWhenStill(page.getByTestId('limit-save'));
      const pending = rowOf(await stateOf(member.token), 'deposit', 'day')!.pending!;
      expect(pending.limit).toBe(2000);
      expect(pending.confirmable).toBe(false);
      await expectToast(page, fmt(PROTECTION_MSG.pending, { from: pending.confirmable_at }));
      const box = page.getByTestId('limit-deposit-day-pending');
      await expect.poll(() => box.innerText()).toContain(`${pending.confirmable_at} 后可确认生效`);
      expect(await box.innerText()).toContain('申请调整为 2000元');
      expect(await page.getByTestId('limit-deposit-day-confirm').isDisabled()).toBe(true);
      expect(await page.getByTestId('limit-deposit-day-figure').innerText()).toBe('800 / 1000元');
      await still(page, 'protection-limit-pending');

      // 24 hours later (the raise's time moved back): 确认生效 applies it.
      await platform.db.kysely
        .updateTable('protection_limits')
        .set({ pending_confirmable_at: sql`now() - interval '1 minute'` })
        .where('member_id', '=', memberId)
        .where('kind', '=', 'deposit')
        .execute();
      await page.reload();
      await expect.poll(() => page.getByTestId('limit-deposit-day-confirm').isDisabled()).toBe(false);
      await clickInPopup(page.getByTestId('limit-deposit-day-confirm'));
      await expectToast(page, PROTECTION_MSG.confirmed);
      await expect.poll(() => page.getByTestId('limit-deposit-day-figure').innerText()).toBe('800 / 2000元');
      expect(await page.getByTestId('limit-deposit-day-pending').count()).toBe(0);
    });
  });

  it('self-exclusion after a serious confirm: the page shows it and its end; a game, a lottery bet and a transfer are refused; the lottery room, 存款 and 优惠活动 show the block instead of inviting; withdrawals still open', async () => {
    const member = await registerViaApi(platform, uniqueName('px'));
    await credit(platform, await memberIdOf(platform, member.token), 100_000);
    const game = catalogue.find((g) => g.category_id === 'realbet')!;
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await openProtectionFromMine(page);
      await page.getByTestId('block-exclusion-start').scrollIntoViewIfNeeded();
      await page.getByTestId('block-exclusion-1y').click();
      await page.getByTestId('block-exclusion-start').click();
      const dialog = page.getByTestId('block-dialog');
      await dialog.waitFor();
      const said = await dialog.innerText();
      for (const words of ['1年', '不能存款', '登录和提款不受影响', '不能缩短或取消']) expect(said).toContain(words);
      await still(page, 'protection-exclusion-confirm');
      await dialogButton(page, '确认自我排除');
      const state = await stateOf(member.token);
      expect(state.block?.kind).toBe('exclusion');
      await expectToast(page, fmt(PROTECTION_MSG.blockSet, { label: '自我排除', until: state.block!.until }));
      const banner = page.getByTestId('block-banner');
      await banner.waitFor();
      expect(await page.getByTestId('block-until').innerText()).toBe(`结束：${state.block!.until}`);
      expect(await banner.innerText()).toContain(blockedText(state.block!));
      await page.evaluate(() => window.scrollTo(0, 0));
      await still(page, 'protection-excluded');

      // A game launch: the refusal, and back to the hall.
      await open(page, platform, `/gamePage?name=${game.platform_name}&type=realbet&code=${game.game_code}`);
      await expectToast(page, blockedText(state.block!));
      await expect.poll(() => route(page)).not.toContain('/gamePage');

      // The lottery room: the chat stays; 投注 gives way to the block's notice, and nobody's bet card offers 跟单.
      openRoundWith(50);
      const room = await k3Room();
      await open(page, platform, `/lottery?room_id=${room.id}`);
      const roomNotice = page.getByTestId('lottery-room').getByTestId('play-block-notice');
      await roomNotice.waitFor();
      expect(await roomNotice.getByTestId('play-block-text').innerText()).toBe(blockedText(state.block!));
      await page.getByTestId('chat-input').waitFor();
      expect(await page.getByTestId('open-bet').count()).toBe(0);
      expect(await page.getByTestId('follow-bet').count()).toBe(0);
      await still(page, 'protection-excluded-lottery');
      // A bet sent all the same is refused with the same words.
      const data = await roomData(member.token, room.id);
      const sum = data.playbox.find((g) => g.name === '和值')!.childrens[0]!;
      const bet = await apiAs(platform, 'lotteryOrder', member.token, { room_id: room.id, expect: data.lottery.nowdata.nextexpect, order: [{ id: sum.id, total: 10, data: sum.playtitle }] });
      expect(bet.message).toBe(blockedText(state.block!));

      // 存款 and 优惠活动 show the block's notice instead of the deposit forms and the promotions.
      await open(page, platform, '/recharge');
      await page.getByTestId('play-block-notice').waitFor();
      expect(await page.getByTestId('play-block-text').innerText()).toBe(blockedText(state.block!));
      expect(await page.locator('[data-testid^="deposit-form-"]').count()).toBe(0);
      await page.getByTestId('deposit-balance').waitFor();
      await still(page, 'protection-excluded-recharge');
      await open(page, platform, '/activity');
      await page.getByTestId('play-block-notice').waitFor();
      expect(await page.getByTestId('activity-card').count()).toBe(0);
      await still(page, 'protection-excluded-activity');
      // …and a promotion's page has the notice where 立即申请 was.
      const [promotion] = (await apiAs<{ data: Array<{ id: number }> }>(platform, 'activitylist', '', { type: 0, page: 1 })).data.data;
      await open(page, platform, `/activityInfo?id=${promotion!.id}`);
      await page.getByTestId('play-block-notice').waitFor();
      expect(await page.getByTestId('activity-apply').count()).toBe(0);

      // A transfer into a venue: refused too.
      await open(page, platform, '/transfer');
      await page.getByTestId('venue-list').waitFor();
      await page.locator('input[name="amount"]').fill('100');
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, blockedText(state.block!));

      // Withdrawals stay open.
      await open(page, platform, '/withdrawal');
      await page.getByTestId('withdraw-submit').waitFor();
    });
  });

  it('a time-out takes the invitations to play off the hall (banners, winners, 热门推荐, red packet), says why in their place, and a tile says it too', async () => {
    const member = await registerViaApi(platform, uniqueName('pt'));
    const memberId = await memberIdOf(platform, member.token);
    await credit(platform, memberId, 100_000);
    // Someone won big lately: the winners ticker has something to show.
    const winner = await registerViaApi(platform, uniqueName('pw'));
    const at = new Date();
    await applyBets(
      platform.db.kysely,
      [{ seq: 0, venue: 'DEMOLIVEA', betId: `E2EPT${Date.now()}`, memberId: await memberIdOf(platform, winner.token), game: 'demo_baccarat', gameName: '百家乐', category: 'realbet', stakeFen: 100_00, validFen: 100_00, winLossFen: 2888_00, status: BET_STATUS.settled, detail: '{}', betAt: at, settledAt: at }],
      new VenueCategories(platform.db.kysely),
    );
    await phone(async (page) => {
      // Before: the hall invites to play.
      await signInPage(page, platform, member.token, '/');
      await page.getByTestId('banner-slide').first().waitFor();
      await page.getByTestId('winners-ticker').waitFor();
      await page.getByTestId('redpacket-entry').waitFor();
      await page.getByTestId('hot-games').waitFor();
      expect(await page.getByTestId('play-block-notice').count()).toBe(0);

      const set = await apiAs<ProtectionState>(platform, 'protection/block', member.token, { kind: 'timeout', duration: '24h' });
      expect(set.code, set.message).toBe(200);
      const block = set.data.block!;
      await page.reload();
      const notice = page.getByTestId('play-block-notice');
      await notice.waitFor();
      expect(await page.getByTestId('play-block-text').innerText()).toBe(blockedText(block));
      expect(await notice.innerText()).toContain('冷静期中');
      await page.getByTestId('game-tile').first().waitFor();
      await page.getByTestId('hall-balance').waitFor();
      expect(await page.getByTestId('banner-slide').count()).toBe(0);
      expect(await page.getByTestId('winners-ticker').count()).toBe(0);
      expect(await page.getByTestId('redpacket-entry').count()).toBe(0);
      expect(await page.getByTestId('first-deposit-nudge').count()).toBe(0);
      expect(await page.getByTestId('hot-games').count()).toBe(0);
      await settled(page);
      await shot(page, 'protection-hall-timeout');
      // A tile says why instead of opening a launch the server would refuse.
      await page.getByTestId('game-tab-realbet').click();
      await page.getByTestId('game-grid-realbet').getByTestId('game-tile').first().click();
      await expectToast(page, blockedText(block));
      expect(route(page)).toBe('/');
      await skipToast(page);
      // The second home shows no banners nor welcome either.
      await open(page, platform, '/home');
      await page.getByTestId('play-block-notice').waitFor();
      expect(await page.getByTestId('banner-slide').count()).toBe(0);
      expect(await page.getByTestId('welcome-modal').count()).toBe(0);
      // Its link leads to 安全与健康, where the block is shown.
      await page.getByTestId('play-block-notice').getByText('安全与健康').click();
      await expectRoute(page, '/protection');
      await page.getByTestId('block-banner').waitFor();
    });
  });

  it('the reality check interrupts play over the game frame and over the lottery room until it is answered', async () => {
    const member = await registerViaApi(platform, uniqueName('pr'));
    const memberId = await memberIdOf(platform, member.token);
    await credit(platform, memberId, 100_000);
    const game = catalogue.find((g) => g.category_id === 'realbet')!;
    await phone(
      async (page, ctx) => {
        // Every 15 minutes instead of the default 60.
        await signInPage(page, platform, member.token, '/protection');
        expect(await page.getByTestId('reality-minutes').innerText()).toBe('每 60 分钟');
        await page.getByTestId('reality-edit').click();
        await page.getByTestId('reality-sheet').waitFor();
        await page.locator('input[name=minutes]').fill('5');
        await clickWhenStill(page.getByTestId('reality-save'));
        await expectFieldMessage(page, PROTECTION_MSG.realityMinutes);
        expect(await page.getByTestId('field-error-minutes').innerText()).toBe(PROTECTION_MSG.realityMinutes);
        await page.getByTestId('reality-preset-15').click();
        await page.getByTestId('reality-save').click();
        await expectToast(page, PROTECTION_MSG.realitySaved);
        await expect.poll(() => page.getByTestId('reality-minutes').innerText()).toBe('每 15 分钟');

        // A 10-yuan lottery line this session, then the game.
        openRoundWith(50);
        const room = await k3Room();
        const expectNo = (await roomData(member.token, room.id)).lottery.nowdata.nextexpect;
        const order = await apiAs(platform, 'lotteryOrder', member.token, { room_id: room.id, expect: expectNo, order: [{ id: 'k3_big', total: 10 }] });
        expect(order.code, order.message).toBe(200);
        await open(page, platform, `/gamePage?name=${game.platform_name}&type=realbet&code=${game.game_code}`);
        await page.frameLocator('[data-testid=app-frame]').getByTestId('venue-balance').waitFor({ timeout: 10_000 }).catch(async (e) => {
          await shot(page, 'debug-frame');
          console.log(route(page), await page.getByTestId('app-frame').getAttribute('src'));
          throw e;
        });
        expect(await page.getByTestId('reality-check').count()).toBe(0);

        // 16 minutes into the session: the next poll covers the frame.
        await sessionStartedEarlier(memberId, 16);
        const polled = nextPlayStatus(page);
        await ctx.clock.fastForward(60_000);
        const seen = await polled;
        expect(seen.due).toBe(true);
        const check = page.getByTestId('reality-check');
        await check.waitFor({ timeout: 8000 });
        expect(await page.getByTestId('reality-played').innerText()).toBe('16分钟');
        expect(seen.stake).toBe(10);
        expect(await page.getByTestId('reality-stake').innerText()).toBe('10.00');
        expect(await page.getByTestId('reality-payout').innerText()).toBe(formatYuan(seen.payout));
        // The net in the players' colours: a loss green (the line is not drawn yet, or lost), a win red.
        const net = page.getByTestId('reality-net');
        expect(await net.innerText()).toBe(seen.net < 0 ? `-${formatYuan(-seen.net)}` : `+${formatYuan(seen.net)}`);
        expect(await colourOf(net)).toBe(seen.net < 0 ? LOSS_GREEN : WIN_RED);
        // The frame is under the check: a tap in the middle of the game lands on the check.
        const onTop = await page.evaluate(() => {
          const el = document.elementFromPoint(195, 120);
          return !!el?.closest('[data-testid=reality-check]');
        });
        expect(onTop).toBe(true);
        // A lottery order is refused by the server while the check is due.
        const due = await apiAs(platform, 'lotteryOrder', member.token, { room_id: room.id, expect: expectNo, order: [{ id: 'k3_big', total: 10 }] });
        expect(due.message).toBe(fmt(PROTECTION_MSG.realityDue, { minutes: 16 }));
        await settled(page);
        await shot(page, 'protection-reality-game');
        await page.getByTestId('reality-continue').click();
        await expectToast(page, PROTECTION_MSG.realityAck);
        await check.waitFor({ state: 'detached' });
        expect(route(page)).toContain('/gamePage');

        // Another 16 minutes, now in the lottery room: 退出游戏 answers it and goes to the hall.
        await open(page, platform, `/lottery?room_id=${room.id}`);
        await page.getByTestId('lottery-room').waitFor();
        await sessionStartedEarlier(memberId, 16);
        await ctx.clock.fastForward(60_000);
        await check.waitFor({ timeout: 8000 });
        expect(await page.getByTestId('reality-played').innerText()).toBe('32分钟');
        await settled(page);
        await shot(page, 'protection-reality-lottery');
        await page.getByTestId('reality-leave').click();
        await check.waitFor({ state: 'detached' });
        await expectRoute(page, '/');
        const status = await apiAs<{ reality: { due: boolean } }>(platform, 'playStatus', member.token);
        expect(status.data.reality.due).toBe(false);
      },
    );
  });
});
