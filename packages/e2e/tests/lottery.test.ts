import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { MSG, fmt, formatYuan, LOTTERY_STAKE_DEFAULT_YUAN, WS_PING_INTERVAL_MS, WS_PING_TEXT, type LotteryListItem, type LotteryRoomData, type LotteryRoomListItem, LOTTERY_MSG } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  credit,
  dialogButton,
  expectLoginSheet,
  expectRoute,
  expectToast,
  memberIdOf,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  route,
  settled,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  toastGone,
  uniqueName,
} from '../harness.js';
import { drawResult } from '../../server/src/modules/lottery/engine/index.js';

/**
 * The member app's lottery rooms (spec §2 "Lottery room", §4 lottery round): the hall's
 * lottery tiles, the room list, and two members in one 极速快三 room chatting, betting, watching 封盘,
 * the draw and the payout, then verifying the result from its seed in the browser.
 */

let platform: Platform;
let browser: Browser;
let lotteries: LotteryListItem[];

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  lotteries = (await apiAs<LotteryListItem[]>(platform, 'lotteryList')).data;
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;
const K3 = 'k3_60';
const LHC = 'lhc_180';

async function roomsOf(name: string): Promise<LotteryRoomListItem[]> {
  return (await apiAs<LotteryRoomListItem[]>(platform, 'lotteryRoom', '', { name })).data;
}
async function roomData(token: string, roomId: number): Promise<LotteryRoomData> {
  const res = await fetch(`${platform.url}/api/lotteryRoom?room_id=${roomId}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: LotteryRoomData }).data;
}
async function balanceOf(token: string): Promise<number> {
  return (await apiAs<{ balance: number }>(platform, 'user', token)).data.balance;
}

/**
 * How far the platform's lottery clock must move forward (never back) for the open round of a
 * lottery with this interval to have `leftS` seconds left.
 */
function forwardMsTo(intervalS: number, leftS: number): number {
  const intervalMs = intervalS * 1000;
  // Draws fall on whole intervals of Beijing time (UTC+8 is a whole number of these intervals).
  const intoRound = (platform.app.lottery.now() + 8 * 3600_000) % intervalMs;
  const wantedInto = intervalMs - leftS * 1000 + 300;
  return (((wantedInto - intoRound) % intervalMs) + intervalMs) % intervalMs;
}
/** Moves the platform's lottery clock forward by `forwardMs`: every part of the server reads this one clock. */
function moveLotteryClock(forwardMs: number): void {
  const clock = platform.app.lottery;
  const base = clock.now.bind(clock);
  clock.now = () => base() + forwardMs;
}

/**
 * Moves the platform's lottery clock so that the open round of a lottery with this interval has
 * `timeoutS` seconds left: the test waits for one round's 封盘 and draw without waiting for a round to
 * start.
 */
function alignRound(intervalS: number, timeoutS: number): void {
  moveLotteryClock(forwardMsTo(intervalS, timeoutS));
}

/**
 * Lets the open round run down to `leftS` seconds at once: the platform's lottery clock and the
 * phones' clocks (installed with signedInPhone's `clock`) jump forward together, as time passes for a
 * phone that slept — its timers due meanwhile fire once. Never past the round: a round with less left
 * fails the test.
 */
async function runRoundDown(intervalS: number, leftS: number, phones: BrowserContext[]): Promise<void> {
  const forwardMs = forwardMsTo(intervalS, leftS);
  if (forwardMs > (intervalS - leftS) * 1000 + 300) throw new Error(`the round has less than ${leftS} s left`);
  moveLotteryClock(forwardMs);
  await Promise.all(phones.map((ctx) => ctx.clock.fastForward(forwardMs)));
}

/** A phone signed in as `member` at `at`; with `clock`, its time can be moved forward (runRoundDown). */
async function signedInPhone(member: Member, at: string, opts: { clock?: boolean } = {}): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newPhone(browser);
  if (opts.clock) await ctx.clock.install();
  const page = await ctx.newPage();
  await signInPage(page, platform, member.token, at);
  return { ctx, page };
}

/** A screenshot once toasts and sheets have finished moving. */
async function still(page: Page, name: string): Promise<void> {
  await toastGone(page).catch(() => undefined);
  await settled(page);
  await shot(page, name);
}

async function socketOpen(page: Page): Promise<void> {
  await page.locator('[data-testid=socket-status][data-status=open]').waitFor({ timeout: 10_000 });
}

/** In the page: records each distinct state the round panel takes, in order, into window.seenStates. */
function watchStates(): void {
  const w = window as unknown as { seenStates: string[] };
  const panel = document.querySelector('[data-testid=round-panel]')!;
  w.seenStates = [panel.getAttribute('data-state')!];
  new MutationObserver(() => {
    const now = document.querySelector('[data-testid=round-panel]')?.getAttribute('data-state');
    if (now && now !== w.seenStates[w.seenStates.length - 1]) w.seenStates.push(now);
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'], childList: true });
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

describe('visitors watch', () => {
  it('a visitor reaches a room from the hall’s lottery tile and watches it: the chat live; 投注, the chat field and 登录 open the login sheet, back to the room', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/');
      await page.getByTestId('game-tab-lottery').click();
      await page.locator(`[data-testid=lottery-tile][data-lottery=${K3}]`).click();
      await expectRoute(page, `/lottery?name=${K3}`);
      const [room] = await roomsOf(K3);
      const card = page.locator(`[data-testid=room-card][data-room="${room!.id}"]`);
      await card.waitFor();
      expect(await card.getByTestId('room-card-limits').innerText()).toBe(`单注 ${room!.limits.min.toLocaleString('en-US')}–${room!.limits.max.toLocaleString('en-US')} 元`);
      await card.click();
      await expectRoute(page, `/lottery?room_id=${room!.id}`);
      await socketOpen(page);
      const footer = page.getByTestId('room-visitor');
      expect(await footer.innerText()).toContain('登录后即可投注和聊天');
      expect(await page.getByTestId('open-bet').count()).toBe(0);
      expect(await page.getByTestId('chat-input').count()).toBe(0);
      expect(await page.getByTestId('open-my-orders').count()).toBe(0);
      // 投注 and the chat field ask the visitor to log in: the login sheet over the room, not a toast.
      for (const tap of ['visitor-bet', 'visitor-chat']) {
        await page.getByTestId(tap).click();
        await expectLoginSheet(page);
        expect(route(page)).toBe(`/lottery?room_id=${room!.id}`);
        if (tap === 'visitor-bet') await still(page, 'lottery-room-visitor-login-sheet');
        await page.getByTestId('login-sheet-close').click();
        await page.getByTestId('login-sheet').waitFor({ state: 'hidden' });
      }
      expect(Number((await page.getByTestId('room-online').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
      // A member speaks: the visitor hears it live.
      const member = await registerViaApi(platform, uniqueName('lv'));
      const m = await signedInPhone(member, `/lottery?room_id=${room!.id}`);
      try {
        await socketOpen(m.page);
        await say(m.page, '游客也能看到吗');
        await page.locator('[data-testid=chat-other]', { hasText: '游客也能看到吗' }).waitFor({ timeout: 8000 });
      } finally {
        await m.ctx.close();
      }
      await still(page, 'lottery-room-visitor');
      await page.getByTestId('visitor-login').click();
      await expectLoginSheet(page);
      await page.getByTestId('login-sheet-login').click();
      // …to the login form, which brings the member back to this room.
      await expect.poll(() => route(page)).toMatch(/^\/login\?/);
      expect(new URLSearchParams(route(page).slice('/login?'.length)).get('redirect')).toBe(`/lottery?room_id=${room!.id}`);
    } finally {
      await ctx.close();
    }
  });
});

describe('from the hall to a room', () => {
  it('lists the in-house lotteries in the hall’s lottery tab, opens a lottery’s room list and a room', async () => {
    const member = await registerViaApi(platform, uniqueName('lh'));
    const { ctx, page } = await signedInPhone(member, '/');
    try {
      await page.getByTestId('game-tab-lottery').click();
      const tiles = page.getByTestId('lottery-tile');
      await expect.poll(() => tiles.count(), { timeout: 8000 }).toBe(lotteries.length);
      expect(await page.getByTestId('lottery-grid').innerText()).toContain(lotteries[0]!.title);
      await page.getByTestId('game-tabs').scrollIntoViewIfNeeded();
      await still(page, 'lottery-hall-tab');

      const k3 = lotteries.find((l) => l.name === K3)!;
      await page.locator(`[data-testid=lottery-tile][data-lottery=${K3}]`).click();
      await expectRoute(page, `/lottery?name=${K3}`);
      const rooms = await roomsOf(K3);
      await expect.poll(() => page.getByTestId('room-card').count(), { timeout: 8000 }).toBe(rooms.length);
      for (const r of rooms) expect(await page.locator(`[data-testid=room-card][data-room="${r.id}"]`).innerText()).toContain(r.title);
      expect(await page.locator('.page-nav').innerText()).toContain(k3.title);
      await still(page, 'lottery-room-list');

      await page.getByTestId('room-card').first().click();
      await expectRoute(page, `/lottery?room_id=${rooms[0]!.id}`);
      await expect.poll(() => page.getByTestId('room-title').innerText(), { timeout: 8000 }).toBe(k3.title);
      await socketOpen(page);

      // /home's lottery category lists the same lotteries.
      await open(page, platform, '/home');
      // The welcome modal (index_modal) comes first on /home.
      await page.getByTestId('welcome-modal').waitFor({ timeout: 6000 });
      await page.getByText('我知道了').click();
      await page.getByTestId('welcome-modal').waitFor({ state: 'hidden' });
      await page.getByTestId('side-cat-lottery').click();
      await expect.poll(() => page.getByTestId('home-tiles-lottery').getByTestId('lottery-tile').count(), { timeout: 8000 }).toBe(lotteries.length);
    } finally {
      await ctx.close();
    }
  });
});

describe('two members in one 极速快三 room', () => {
  it('see each other’s chat; one bets on every 和值 and wins, the other follows it (跟单); both watch 封盘中 and 开奖中; each own card says 中奖 ¥x or 未中奖; the balance moves by the payout; the result and its seed verify in the browser', async () => {
    const [alice, bob] = [await registerViaApi(platform, uniqueName('la')), await registerViaApi(platform, uniqueName('lb'))];
    await credit(platform, await memberIdOf(platform, alice.token), 1000_00);
    await credit(platform, await memberIdOf(platform, bob.token), 500_00);
    const room = (await roomsOf(K3))[0]!;
    // Both rooms open with about 58 s before the draw: 48 s to chat, bet and follow, then 封盘 at 10 s.
    // Once the bets are in, the round is run down rather than waited for.
    alignRound(60, 58);
    const a = await signedInPhone(alice, `/lottery?room_id=${room.id}`, { clock: true });
    const b = await signedInPhone(bob, `/lottery?room_id=${room.id}`, { clock: true });
    try {
      await Promise.all([socketOpen(a.page), socketOpen(b.page)]);
      expect(await a.page.getByTestId('round-panel').getAttribute('data-state')).toBe('open');
      expect(await a.page.getByTestId('round-label').innerText()).toMatch(/^距第\d+期封盘/);
      // The header's icons say what they open.
      for (const [id, label] of [['open-my-orders', '我的注单'], ['open-history', '开奖记录'], ['open-help', '玩法']]) {
        const tool = a.page.getByTestId(id!);
        expect(await tool.isVisible()).toBe(true);
        expect(await tool.innerText()).toBe(label);
      }

      // Chat both ways: own on the right, the other's on the left with the author.
      await say(a.page, '大家好，这期看好大');
      await b.page.locator('[data-testid=chat-other]', { hasText: '大家好，这期看好大' }).waitFor({ timeout: 8000 });
      await a.page.locator('[data-testid=chat-own]', { hasText: '大家好，这期看好大' }).waitFor();
      await say(b.page, '我跟一手');
      await a.page.locator('[data-testid=chat-other]', { hasText: '我跟一手' }).waitFor({ timeout: 8000 });
      // An empty message is not sent.
      await a.page.getByTestId('chat-input').fill('   ');
      expect(await a.page.getByTestId('chat-send').isDisabled()).toBe(true);
      await a.page.getByTestId('chat-input').fill('');

      // Staff delete a message: it disappears from the room.
      await say(b.page, '这条会被删除');
      const doomed = a.page.locator('[data-testid=chat-other]', { hasText: '这条会被删除' });
      await doomed.waitFor({ timeout: 8000 });
      const staff = await staffLoginViaApi(platform);
      const chatId = Number(await doomed.getAttribute('data-id'));
      expect((await staffApi(platform, staff, 'POST', `/lottery/chat/${chatId}/delete`, { reason: 'e2e' })).code).toBe(200);
      await doomed.waitFor({ state: 'detached', timeout: 8000 });
      await b.page.locator('[data-testid=chat-own]', { hasText: '这条会被删除' }).waitFor({ state: 'detached', timeout: 8000 });

      // The host (staff) speaks to the room: across it, on both phones.
      expect((await staffApi(platform, staff, 'POST', `/lottery/rooms/${room.id}/host`, { content: '欢迎来到新手房，理性投注' })).code).toBe(200);
      for (const p of [a.page, b.page]) await p.locator('[data-testid=chat-host]', { hasText: '欢迎来到新手房，理性投注' }).waitFor({ timeout: 8000 });

      const before = await roomData(alice.token, room.id);
      const expectNo = before.lottery.nowdata.nextexpect;
      const commitment = before.lottery.nowdata.commitment;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(await a.page.getByTestId('open-commitment').innerText()).toContain(commitment);
      await still(a.page, 'lottery-room-open');

      // Every 和值 (3–18) at the default stake: one of them wins whatever the dice.
      const balanceBefore = await balanceOf(alice.token);
      await a.page.getByTestId('open-bet').click();
      await a.page.locator('[data-testid=bet-group]', { hasText: '和值' }).click();
      const sums = before.playbox.find((g) => g.name === '和值')!.childrens;
      expect(sums).toHaveLength(16);
      for (const s of sums) await a.page.locator(`[data-testid=bet-option][data-play=${s.id}]`).click();
      expect(await a.page.locator('[data-testid=stake-quick].active').innerText()).toBe(String(LOTTERY_STAKE_DEFAULT_YUAN));
      const stakeTotal = sums.length * LOTTERY_STAKE_DEFAULT_YUAN;
      expect(await a.page.getByTestId('bet-total').innerText()).toBe(`¥${stakeTotal}.00`);
      await still(a.page, 'lottery-bet-sheet-k3');
      await a.page.getByTestId('bet-submit').click();
      await a.page.getByTestId('bet-confirm').waitFor();
      expect(await a.page.getByTestId('confirm-line').count()).toBe(sums.length);
      expect(await a.page.getByTestId('confirm-total').innerText()).toBe(`¥${stakeTotal}.00`);
      await settled(a.page);
      await shot(a.page, 'lottery-confirm-k3');
      await dialogButton(a.page, '确认投注');
      await expectToast(a.page, LOTTERY_MSG.lotteryBetOk);
      await expect.poll(() => balanceOf(alice.token)).toBe(balanceBefore - stakeTotal);

      // The other member sees the bet notice the server built from the real order.
      const notice = b.page.locator('[data-testid=chat-other] [data-testid=chat-bet]', { hasText: `第${expectNo}期` }).filter({ hasText: `共 ${sums.length} 注` });
      await notice.waitFor({ timeout: 8000 });
      // Alice's own card waits for the draw and offers her no 跟单; on Bob's phone it offers 跟单.
      const ownCard = (p: Page, total: number) => p.locator('[data-testid=chat-own] [data-testid=chat-bet]', { hasText: `共 ${total / LOTTERY_STAKE_DEFAULT_YUAN} 注` });
      await ownCard(a.page, stakeTotal).getByTestId('bet-outcome').filter({ hasText: '待开奖' }).waitFor({ timeout: 8000 });
      expect(await ownCard(a.page, stakeTotal).getByTestId('follow-bet').count()).toBe(0);
      expect(await notice.getByTestId('follow-bet').innerText()).toBe('跟单');
      await still(b.page, 'lottery-bet-notice');

      // A second order of Alice's, on a sum the committed seed will not draw: its card will say 未中奖.
      const seed = (await platform.app.kdb.selectFrom('lottery_rounds').select('seed').where('lottery', '=', K3).where('expect', '=', expectNo).executeTakeFirstOrThrow()).seed;
      const willDraw = drawResult(2, K3, expectNo, seed).reduce((x, y) => x + y, 0);
      const losing = sums.find((s) => s.playtitle !== String(willDraw))!;
      await a.page.getByTestId('open-bet').click();
      await a.page.locator('[data-testid=bet-group]', { hasText: '和值' }).click();
      await a.page.locator(`[data-testid=bet-option][data-play=${losing.id}]`).click();
      await a.page.getByTestId('bet-submit').click();
      await a.page.getByTestId('bet-confirm').waitFor();
      await dialogButton(a.page, '确认投注');
      await expectToast(a.page, LOTTERY_MSG.lotteryBetOk);
      await ownCard(a.page, LOTTERY_STAKE_DEFAULT_YUAN).waitFor({ timeout: 8000 });

      // 跟单: Bob's bet sheet takes the same lines at the same stake; he confirms and pays as for any bet.
      const bobBefore = await balanceOf(bob.token);
      await notice.getByTestId('follow-bet').click();
      await b.page.getByTestId('follow-note').waitFor();
      expect(await b.page.getByTestId('follow-note').innerText()).toContain(`已填入 ${sums.length} 注`);
      const pressed = await b.page.locator('[data-testid=bet-option][aria-pressed=true]').evaluateAll((els) => els.map((e) => e.getAttribute('data-play')).sort());
      expect(pressed).toEqual(sums.map((s) => s.id).sort());
      expect(await b.page.locator('[data-testid=stake-quick].active').innerText()).toBe(String(LOTTERY_STAKE_DEFAULT_YUAN));
      expect(await b.page.getByTestId('bet-total').innerText()).toBe(`¥${stakeTotal}.00`);
      await still(b.page, 'lottery-follow-sheet');
      await b.page.getByTestId('bet-submit').click();
      await b.page.getByTestId('bet-confirm').waitFor();
      expect(await b.page.getByTestId('confirm-line').count()).toBe(sums.length);
      await dialogButton(b.page, '确认投注');
      await expectToast(b.page, LOTTERY_MSG.lotteryBetOk);
      await expect.poll(() => balanceOf(bob.token)).toBe(bobBefore - stakeTotal);
      await ownCard(b.page, stakeTotal).waitFor({ timeout: 8000 });
      // …and on Alice's phone Bob's card offers her 跟单 in turn.
      await a.page.locator('[data-testid=chat-other] [data-testid=chat-bet]', { hasText: `共 ${sums.length} 注` }).getByTestId('follow-bet').waitFor({ timeout: 8000 });

      // The draw's 开奖中 lasts a second or two: each page notes every state its panel shows from now on.
      for (const p of [a.page, b.page]) await p.evaluate(watchStates);

      // 封盘: both rooms close betting and the input area says so.
      await runRoundDown(60, before.ftime + 1, [a.ctx, b.ctx]);
      for (const p of [a.page, b.page]) {
        await p.getByTestId('bet-closed').waitFor({ timeout: 10_000 });
        expect(await p.getByTestId('bet-closed').innerText()).toContain(LOTTERY_MSG.lotteryClosed);
        expect(await p.getByTestId('round-panel').getAttribute('data-state')).toBe('closed');
        expect(await p.getByTestId('open-bet').isDisabled()).toBe(true);
      }
      expect(await a.page.getByTestId('countdown').innerText()).toContain('封盘中');
      // The server's 封盘 folds into the round's card in the chat.
      await a.page.locator(`[data-testid=chat-round][data-expect="${expectNo}"][data-phase=closed]`).waitFor({ timeout: 5000 });
      // 跟单 after 封盘 is refused as any bet is: 封盘中禁止投注, and no bet sheet.
      await a.page.locator('[data-testid=chat-other] [data-testid=chat-bet]', { hasText: `共 ${sums.length} 注` }).getByTestId('follow-bet').click();
      await expectToast(a.page, LOTTERY_MSG.lotteryClosed);
      expect(await a.page.getByTestId('follow-note').isVisible()).toBe(false);
      await still(a.page, 'lottery-room-closed');

      // 开奖中 at 0, then the result of the round we bet on.
      await runRoundDown(60, 1, [a.ctx, b.ctx]);
      // Pictured while 开奖中 shows; the result may reach the phone first, and then the panel never says it.
      const drawing = a.page.locator('[data-testid=round-panel][data-state=drawing] [data-testid=countdown]', { hasText: LOTTERY_MSG.lotteryDrawing });
      const result = (p: Page) => p.locator(`[data-testid=last-result][data-expect="${expectNo}"] [data-testid=result-numbers]`);
      await drawing.or(result(a.page)).first().waitFor({ timeout: 20_000 });
      if (await drawing.isVisible()) await shot(a.page, 'lottery-room-drawing');
      for (const p of [a.page, b.page]) await result(p).waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await roomData(alice.token, room.id)).lottery.openlist[0]?.expect, { timeout: 10_000 }).toBe(expectNo);
      // The result may come over the socket while the panel still says 开奖中; the reloaded room opens the next round.
      for (const p of [a.page, b.page]) {
        await p.locator('[data-testid=round-panel][data-state=open]').waitFor({ timeout: 10_000 });
        // 开奖中 until the result; 已开奖 (drawn) if the result came before this phone's clock ran out.
        expect((await p.evaluate(() => (window as unknown as { seenStates: string[] }).seenStates)).join()).toMatch(/^open,closed,(drawing,drawn,|drawing,|drawn,)open$/);
        // The room reads in order: the round's card with its result, then the round its draw opened.
        const cards = await p.getByTestId('chat-round').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-expect')}:${e.getAttribute('data-phase')}`));
        const drawnAt = cards.indexOf(`${expectNo}:drawn`);
        expect(drawnAt, cards.join()).toBeGreaterThanOrEqual(0);
        expect(cards.slice(drawnAt + 1).some((c) => c.endsWith(':open') && c > `${expectNo}:`), cards.join()).toBe(true);
      }
      const drawn = (await roomData(alice.token, room.id)).lottery.openlist[0]!;
      const dice = drawn.extend.numbers;
      expect(await a.page.locator('[data-testid=last-result] [data-testid=die]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual(dice);
      const sum = dice.reduce((s, d) => s + d, 0);
      expect(await a.page.locator('[data-testid=last-result] [data-testid=result-attrs]').innerText()).toContain(`和值 ${sum}`);

      // The winner's balance moves by exactly the payout of the winning sum (odds × stake).
      const odds = sums.find((s) => s.playtitle === String(sum))!.odds;
      const payoutFen = Math.round(odds * 100) * LOTTERY_STAKE_DEFAULT_YUAN;
      expect(sum).toBe(willDraw);
      await expect.poll(() => balanceOf(alice.token), { timeout: 10_000 }).toBe((Math.round(balanceBefore * 100) - (stakeTotal + LOTTERY_STAKE_DEFAULT_YUAN) * 100 + payoutFen) / 100);
      const balanceAfter = await balanceOf(alice.token);
      await expect.poll(() => a.page.getByTestId('room-balance').innerText(), { timeout: 8000 }).toContain(balanceAfter.toLocaleString('zh-CN', { minimumFractionDigits: 2 }));
      // Alice's own notice of what the round paid her; Bob, who did not bet, gets none.
      const paid = fmt(payoutFen > (stakeTotal + LOTTERY_STAKE_DEFAULT_YUAN) * 100 ? LOTTERY_MSG.sysYouWon : LOTTERY_MSG.sysYouPaid, { expect: expectNo, amount: formatYuan(payoutFen / 100) });
      await a.page.locator('[data-testid=chat-sys].lot-sys-win', { hasText: paid }).waitFor({ timeout: 8000 });
      await still(a.page, 'lottery-room-result');

      // Each own card says what the server's settlement paid its order: 中奖 with the payout, 未中奖; Bob's
      // followed order won the same.
      const wonText = `中奖 ¥${formatYuan(payoutFen / 100)}`;
      const outcome = (p: Page, total: number) => ownCard(p, total).getByTestId('bet-outcome');
      await outcome(a.page, stakeTotal).filter({ hasText: wonText }).waitFor({ timeout: 8000 });
      expect(await outcome(a.page, stakeTotal).getAttribute('data-outcome')).toBe('won');
      await outcome(a.page, LOTTERY_STAKE_DEFAULT_YUAN).filter({ hasText: '未中奖' }).waitFor({ timeout: 8000 });
      await outcome(b.page, stakeTotal).filter({ hasText: wonText }).waitFor({ timeout: 8000 });
      // Nobody else's card says how it did, and a drawn round's cards are no longer offered for 跟单.
      expect(await a.page.locator('[data-testid=chat-other] [data-testid=bet-outcome]').count()).toBe(0);
      expect(await a.page.getByTestId('follow-bet').count()).toBe(0);
      // After a reload the cards still say it (the member's own chatdata carries the results).
      await a.page.reload();
      await socketOpen(a.page);
      await outcome(a.page, stakeTotal).filter({ hasText: wonText }).waitFor({ timeout: 8000 });
      await outcome(a.page, LOTTERY_STAKE_DEFAULT_YUAN).filter({ hasText: '未中奖' }).waitFor({ timeout: 8000 });
      await ownCard(a.page, LOTTERY_STAKE_DEFAULT_YUAN).scrollIntoViewIfNeeded();
      await still(a.page, 'lottery-room-after-draw');

      // 我的注单: every line of the round with what it paid — the drawn sum 中奖, the others 未中奖.
      await a.page.getByTestId('open-my-orders').click();
      const mine = a.page.getByTestId('my-order');
      await expect.poll(() => mine.count(), { timeout: 8000 }).toBe(sums.length + 1);
      const won = mine.filter({ has: a.page.locator('[data-testid=my-order-play]', { hasText: new RegExp(`^和值 ${sum}$`) }) });
      expect(await won.getByTestId('my-order-outcome').innerText()).toBe(`中奖 +${formatYuan(payoutFen / 100 - LOTTERY_STAKE_DEFAULT_YUAN)}`);
      expect(await mine.getByText('未中奖').count()).toBe(sums.length);
      await still(a.page, 'lottery-my-orders');
      await a.page.getByTestId('my-orders').locator('..').getByRole('button', { name: '关闭' }).click();
      await a.page.getByTestId('my-orders').waitFor({ state: 'hidden' });

      // The past results list the round with the seed behind the commitment shown before it opened.
      expect(drawn.commitment).toBe(commitment);
      expect(createHash('sha256').update(Buffer.from(drawn.seed, 'hex')).digest('hex')).toBe(commitment);
      await a.page.getByTestId('open-history').click();
      const item = a.page.locator(`[data-testid=history-item][data-expect="${expectNo}"]`);
      await item.waitFor({ timeout: 8000 });
      expect(await item.getByTestId('history-seed').innerText()).toBe(drawn.seed);
      expect(await item.getByTestId('history-commitment').innerText()).toBe(commitment);
      await still(a.page, 'lottery-history');

      // 验证 recomputes the commitment and the dice from the seed in the browser.
      await item.getByTestId('verify').click();
      const verdict = a.page.getByTestId('verify-verdict');
      await verdict.waitFor({ timeout: 8000 });
      expect(await verdict.getAttribute('data-ok')).toBe('true');
      expect(await a.page.locator('[data-testid=verify-mark][data-ok=true]').count()).toBe(2);
      expect(await a.page.getByTestId('verify-computed').innerText()).toBe(commitment);
      await still(a.page, 'lottery-verify');
    } finally {
      await a.ctx.close();
      await b.ctx.close();
    }
  }, 150_000);
});

describe('the room’s connection', () => {
  it('pings every 3 s, reconnects with backoff after a drop and shows what was said meanwhile, and closes for good when the room is left', async () => {
    const [alice, bob] = [await registerViaApi(platform, uniqueName('lr')), await registerViaApi(platform, uniqueName('ls'))];
    const room = (await roomsOf(K3))[1]!;
    const ctx = await newPhone(browser);
    // Its clock runs as usual until the backoff's last wait, which passes at once.
    await ctx.clock.install();
    const page = await ctx.newPage();
    // Every socket the page opens goes through here: to the real server, or (while "offline") dropped at once.
    const routes: WebSocketRoute[] = [];
    let offline = false;
    await page.routeWebSocket(/\/wss\?/, (ws) => {
      routes.push(ws);
      if (offline) void ws.close({ code: 1012, reason: 'offline' });
      else ws.connectToServer();
    });
    const pings: number[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => f.payload === WS_PING_TEXT && pings.push(Date.now())));
    const b = await signedInPhone(bob, `/lottery?room_id=${room.id}`);
    try {
      await signInPage(page, platform, alice.token, `/lottery?room_id=${room.id}`);
      await Promise.all([socketOpen(page), socketOpen(b.page)]);
      const opened = routes.length;
      await expect.poll(() => pings.length, { timeout: WS_PING_INTERVAL_MS * 2 + 5000 }).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < pings.length; i++) expect(pings[i]! - pings[i - 1]!).toBeGreaterThan(WS_PING_INTERVAL_MS - 500);

      // The connection drops and the server stays unreachable for a while: attempts back off.
      offline = true;
      await routes[routes.length - 1]!.close({ code: 1012, reason: 'restart' });
      await page.locator('[data-testid=socket-status][data-status=reconnecting]').waitFor({ timeout: 5000 });
      await say(b.page, '掉线时说的话');
      await page.waitForTimeout(3500);
      const attemptsOffline = routes.length - opened;
      expect(attemptsOffline).toBeGreaterThanOrEqual(1);
      expect(attemptsOffline).toBeLessThanOrEqual(3);

      // Back online: the socket reopens and the message said meanwhile is there.
      offline = false;
      // The next attempt is seconds of backoff away: the phone's time jumps on a second at a time until it reconnects.
      const reopened = page.locator('[data-testid=socket-status][data-status=open]');
      await expect
        .poll(
          async () => {
            await ctx.clock.fastForward(1000);
            return reopened.count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await page.locator('[data-testid=chat-other]', { hasText: '掉线时说的话' }).waitFor({ timeout: 20_000 });
      await say(page, '我回来了');
      await b.page.locator('[data-testid=chat-other]', { hasText: '我回来了' }).waitFor({ timeout: 8000 });

      // Leaving the room ends the socket and every timer: no further connections.
      const sockets = routes.length;
      await page.getByRole('button', { name: '返回' }).click();
      await expect.poll(() => route(page), { timeout: 6000 }).not.toContain('room_id');
      const pingsAtLeave = pings.length;
      await page.waitForTimeout(WS_PING_INTERVAL_MS + 1500);
      expect(routes.length).toBe(sockets);
      expect(pings.length).toBe(pingsAtLeave);
    } finally {
      await ctx.close();
      await b.ctx.close();
    }
  }, 90_000);
});

describe('a 极速六合彩 room', () => {
  it('offers the 1–49 grid in its special groups, confirms the chosen lines, and explains the rules and the fairness check', async () => {
    const member = await registerViaApi(platform, uniqueName('l6'));
    const room = (await roomsOf(LHC))[0]!;
    alignRound(180, 120);
    const { ctx, page } = await signedInPhone(member, `/lottery?room_id=${room.id}`);
    try {
      await socketOpen(page);
      await still(page, 'lottery-room-lhc');
      await page.getByTestId('open-bet').click();
      const grid = page.getByTestId('number-grid');
      await grid.waitFor();
      expect(await grid.getByTestId('bet-option').count()).toBe(49);
      expect(await grid.getByTestId('ball').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))))).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
      for (const n of ['08', '26', '49']) await page.locator(`[data-testid=bet-option][data-play=lhc_te_${n}]`).click();
      await page.getByTestId('stake-quick').filter({ hasText: /^50$/ }).click();
      await page.locator('[data-testid=bet-group]', { hasText: '特码两面' }).click();
      await page.locator('[data-testid=bet-option][data-play=lhc_tm_big]').click();
      await page.locator('[data-testid=bet-group]', { hasText: /^特码/ }).first().click();
      expect(await page.getByTestId('bet-total').innerText()).toBe('¥200.00');
      await still(page, 'lottery-bet-sheet-lhc');
      await page.getByTestId('bet-submit').click();
      await page.getByTestId('bet-confirm').waitFor();
      expect(await page.getByTestId('confirm-line').count()).toBe(4);
      await settled(page);
      await shot(page, 'lottery-confirm-lhc');
      await dialogButton(page, '取消');
      await page.locator('.lot-sheet-close').first().click();

      await page.getByTestId('open-help').click();
      const help = page.getByTestId('help-dialog');
      await help.waitFor();
      const text = await help.innerText();
      for (const words of ['特码', '赔率', 'SHA-256', 'HMAC-SHA256', '1 + b mod 49']) expect(text).toContain(words);
      await settled(page);
      await shot(page, 'lottery-help');
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
