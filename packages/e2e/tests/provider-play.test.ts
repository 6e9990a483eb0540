import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BET_STATUS, BET_STATUS_LABELS, fmt, formatYuan, MSG, PLATFORM_WALLET, type GameEntry, type ProviderGame, type VenuePlayResult } from '@app/contract';
import { DEMO_SEAMLESS } from '../../server/src/seed/providers.js';
import { apiAs, clickWhenStill, credit, expectRoute, expectToast, memberIdOf, newPhone, open, type Platform, registerViaApi, signInPage, startSuite, stillShot, stopSuite, toastGone, uniqueName } from '../harness.js';

/**
 * A member plays the electronic providers both ways, on a phone: 演示电子D (ae) is the demo seamless
 * provider's, so its slot spends the central wallet itself; 演示电子C's (pp) is a transfer venue, the
 * money carried in by 自动免转 and brought back by 一键回收. Afterwards the game's balance, the app's
 * balance, 投注记录, 账户明细 and the turnover (有效投注, the VIP page's 累计流水) all tell the same story.
 */

let platform: Platform;
let browser: Browser;
let catalogue: GameEntry[];

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
  const res = await fetch(`${platform.url}/api/game/list?category=`);
  catalogue = ((await res.json()) as { data: GameEntry[] }).data;
});
afterAll(() => stopSuite(platform, browser));

const SEAMLESS = DEMO_SEAMLESS.venue;
const TRANSFER = 'pp';
const START_YUAN = 200;

const fen = (yuan: number) => Math.round(yuan * 100);
const yuanOf = (text: string) => Number(text.replace(/[,+]/g, ''));
const signed = (yuan: number) => (yuan > 0 ? `+${formatYuan(yuan)}` : yuan < 0 ? `-${formatYuan(-yuan)}` : formatYuan(0));

/** The electronic provider's name as the hall's tile shows it (演示电子D …). */
const providerName = (code: string) => catalogue.find((g) => g.category_id === 'concise' && g.game_code === code)!.name;
async function gameOf(provider: string, code: string): Promise<ProviderGame> {
  const games = (await apiAs<ProviderGame[]>(platform, 'gamelistBycode', '', { gamecode: provider })).data;
  return games.find((g) => g.gamecode === code)!;
}

const frame = (page: Page) => page.frameLocator('[data-testid=app-frame]');
const frameBalance = async (page: Page) => yuanOf(await frame(page).getByTestId('venue-balance').innerText());
const isPlay = (r: { url(): string }) => r.url().endsWith('/venue/api/play');

/** From /concise?type=<provider>, the member taps the game; the frame opens it and shows its balance. */
async function openSlot(page: Page, provider: string, code: string): Promise<void> {
  await open(page, platform, `/concise?type=${provider}`);
  await page.getByTestId(`concise-grid-${provider}`).locator(`[data-code="${code}"]`).click();
  await expectRoute(page, `/gamePage?name=${provider}&type=concise&code=${code}`);
  await frame(page).getByTestId('venue-balance').waitFor({ timeout: 10_000 });
  // the smallest stake
  await frame(page).getByRole('button', { name: '减少投注' }).click();
  await expect.poll(() => frame(page).getByRole('button', { name: '减少投注' }).isDisabled()).toBe(true);
}

/** One spin at the frame's 旋转: the venue's answer, once the reels stopped and the balance shows it. */
async function spin(page: Page): Promise<VenuePlayResult> {
  const play = page.waitForResponse(isPlay);
  await frame(page).getByRole('button', { name: '旋转' }).click();
  const body = (await (await play).json()) as { code: number; message: string; data: VenuePlayResult };
  expect(body.code, body.message).toBe(200);
  await expect.poll(() => frame(page).getByRole('button', { name: '旋转' }).isEnabled(), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => frameBalance(page)).toBeCloseTo(body.data.balance, 2);
  return body.data;
}

/** 账户明细 (全部), every row of its one page: what it was, the signed amount, the balance after it. */
async function statementRows(page: Page): Promise<string[][]> {
  await page.getByTestId('list-end').waitFor();
  return Promise.all(
    (await page.getByTestId('record-row').all()).map(async (row) => [
      (await row.locator('.record-title').innerText()).trim(),
      await row.getByTestId('record-amount').innerText(),
      await row.getByTestId('record-balance').innerText(),
    ]),
  );
}

/** Opens 账户明细 and waits for it to read `wanted` (a list seen before may show until it has reloaded). */
async function expectStatement(page: Page, wanted: string[][]): Promise<void> {
  await open(page, platform, '/transRecord');
  await expect.poll(() => statementRows(page), { timeout: 8000 }).toEqual(wanted);
}

/** The 账户明细 rows of spins spending the central wallet, newest first: 游戏投注, then 游戏派彩 when it paid. */
function seamlessRows(spins: VenuePlayResult[], startFen: number): string[][] {
  const rows: string[][] = [];
  let at = startFen;
  for (const s of spins) {
    at -= fen(s.stake);
    rows.unshift(['游戏投注', signed(-s.stake), `余额 ${formatYuan(at / 100)}`]);
    if (s.payout > 0) {
      at += fen(s.payout);
      rows.unshift(['游戏派彩', signed(s.payout), `余额 ${formatYuan(at / 100)}`]);
    }
  }
  return rows;
}

/** 投注记录 lists the spin: its game and venue, settled, the stake wholly valid, the win or loss signed. */
async function expectBetRow(page: Page, betId: string, spun: VenuePlayResult, game: string, venue: string): Promise<void> {
  const row = page.locator(`[data-testid=bet-row][data-bet-id="${betId}"]`);
  expect(
    await Promise.all(['bet-game', 'bet-venue', 'bet-status', 'bet-amount', 'bet-valid', 'bet-winloss'].map((id) => row.getByTestId(id).innerText())),
    betId,
  ).toEqual([game, venue, BET_STATUS_LABELS[BET_STATUS.settled], formatYuan(spun.stake), formatYuan(spun.stake), signed(spun.win_loss)]);
}

describe('a member plays the electronic providers', () => {
  it('spends the central wallet at 演示电子D and a transfer venue’s wallet at pp, and the balance, 投注记录, 账户明细 and turnover agree', async () => {
    const member = await registerViaApi(platform, uniqueName('pv'));
    await credit(platform, await memberIdOf(platform, member.token), START_YUAN * 100);
    const ocean = await gameOf(SEAMLESS, 'ae_ocean');
    const egypt = await gameOf(TRANSFER, 'pp_egypt');
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });

      // ---- /transfer: 演示电子D is no venue to transfer to; the member switches 自动免转 on ----
      await signInPage(page, platform, member.token, '/transfer');
      await page.getByTestId('venue-list').waitFor();
      await page.getByTestId('venue-expand').click();
      await page.getByTestId(`venue-${TRANSFER}`).waitFor();
      expect(await page.getByTestId(`venue-${SEAMLESS}`).count()).toBe(0);
      expect(await page.getByTestId('venue-list').innerText()).not.toContain(providerName(SEAMLESS));
      await page.getByTestId('transfer-target').click();
      const targets = page.locator('[data-testid^="transfer-target-sheet-"]');
      await targets.first().waitFor();
      const keys = (await targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map((id) => id!.replace('transfer-target-sheet-', ''));
      expect(keys).toContain(TRANSFER);
      expect(keys).not.toContain(SEAMLESS);
      await clickWhenStill(page.getByTestId(`transfer-target-sheet-${TRANSFER}`));
      await page.getByTestId('auto-transfer-switch').click();
      await page.getByText('已开启：进入游戏时余额自动转入对应场馆').waitFor();
      expect((await apiAs<{ transferstatus: number }>(platform, 'user', member.token)).data.transferstatus).toBe(1);

      // ---- seamless: 深海宝藏 plays on the central balance, 免转 or not ----
      await openSlot(page, SEAMLESS, 'ae_ocean');
      await expect.poll(() => frameBalance(page)).toBe(START_YUAN);
      expect(await page.getByTestId('game-balance').innerText()).toBe(formatYuan(START_YUAN));
      // the seamless game plays the central balance: the bar shows it, with no 转账 to offer
      await page.getByTestId('game-wallet').waitFor();
      expect(await page.getByTestId('game-transfer').count()).toBe(0);
      const seamless: VenuePlayResult[] = [];
      for (let i = 0; i < 3; i++) seamless.push(await spin(page));
      const central = seamless.at(-1)!.balance;
      expect(fen(central)).toBe(fen(START_YUAN) + seamless.reduce((sum, s) => sum - fen(s.stake) + fen(s.payout), 0));
      // the bar's 平台钱包 is the balance the game shows, once the app's balance poll has come by
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 8000 }).toBe(formatYuan(central));
      await stillShot(page, 'provider-play-seamless-frame');

      await open(page, platform, '/money');
      await expect.poll(() => page.getByTestId('wallet-central').innerText()).toBe(formatYuan(central));
      await expect.poll(() => page.getByTestId('wallet-game').innerText()).toBe('0.00');

      await open(page, platform, '/betRecord');
      const rows = page.getByTestId('bet-row');
      await expect.poll(() => rows.count(), { timeout: 8000 }).toBe(seamless.length);
      for (const s of seamless) await expectBetRow(page, s.bet_id, s, ocean.gamename, providerName(SEAMLESS));
      await toastGone(page);
      await stillShot(page, 'provider-play-betrecord-seamless');

      // 账户明细: each spin's 游戏投注 and 游戏派彩 with the balance after it, ending at the central
      // balance, and no money ever moved to a venue
      const adjustment = ['人工调整', signed(START_YUAN), `余额 ${formatYuan(START_YUAN)}`];
      await expectStatement(page, [...seamlessRows(seamless, fen(START_YUAN)), adjustment]);
      await stillShot(page, 'provider-play-transrecord-seamless');

      // ---- transfer: pp_egypt, the whole central balance carried in on launch ----
      await openSlot(page, TRANSFER, 'pp_egypt');
      await page.getByTestId('game-transfer').waitFor();
      await expect.poll(() => frameBalance(page)).toBeCloseTo(central, 2);
      await expect.poll(() => page.getByTestId('game-balance').innerText(), { timeout: 8000 }).toBe('0.00');
      const transfer: VenuePlayResult[] = [];
      for (let i = 0; i < 3; i++) transfer.push(await spin(page));
      const inVenue = transfer.at(-1)!.balance;
      expect(fen(inVenue)).toBe(fen(central) + transfer.reduce((sum, s) => sum - fen(s.stake) + fen(s.payout), 0));
      await stillShot(page, 'provider-play-transfer-frame');
      await page.getByTestId('game-back').click();
      await expectRoute(page, `/concise?type=${TRANSFER}`);

      // the venue's bets come in with the bet feed: the screen is looked at until they are listed
      const all = [...seamless, ...transfer];
      await open(page, platform, '/betRecord');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(all.length);
      for (const s of transfer) await expectBetRow(page, s.bet_id, s, egypt.gamename, providerName(TRANSFER));
      // 有效投注: every stake counts as turnover, the seamless ones as the transfer venue's
      const staked = all.reduce((sum, s) => sum + fen(s.stake), 0);
      const totals = () => Promise.all(['bet-total-amount', 'bet-total-valid', 'bet-total-winloss'].map(async (id) => fen(yuanOf(await page.getByTestId(id).innerText()))));
      await expect.poll(totals).toEqual([staked, staked, all.reduce((sum, s) => sum + fen(s.win_loss), 0)]);
      await stillShot(page, 'provider-play-betrecord');

      // 一键回收 brings the venue's balance home: the central balance is the start less the stakes plus the payouts
      await open(page, platform, '/money');
      await expect.poll(() => page.getByTestId('wallet-game').innerText(), { timeout: 8000 }).toBe(formatYuan(inVenue));
      await page.getByTestId('wallet-recycle').click();
      await expectToast(page, fmt(MSG.recycleDone, { amount: formatYuan(inVenue) }));
      const final = fen(START_YUAN) + all.reduce((sum, s) => sum - fen(s.stake) + fen(s.payout), 0);
      await expect.poll(() => page.getByTestId('wallet-central').innerText()).toBe(formatYuan(final / 100));
      await expect.poll(() => page.getByTestId('wallet-game').innerText()).toBe('0.00');
      const venues = (await apiAs<{ platname: string; balance: number }[]>(platform, 'balancelist', member.token)).data;
      expect(venues.filter((v) => v.platname !== PLATFORM_WALLET.platname && v.balance !== 0)).toEqual([]);

      // 账户明细: the money went into pp and came back; the seamless rows below are unchanged
      await toastGone(page);
      await expectStatement(page, [
        ['场馆转出', signed(inVenue), `余额 ${formatYuan(final / 100)}`],
        ['转入场馆', signed(-central), `余额 ${formatYuan(0)}`],
        ...seamlessRows(seamless, fen(START_YUAN)),
        adjustment,
      ]);
      await stillShot(page, 'provider-play-transrecord');

      // 累计流水 on the VIP page: the valid bets of both ways of playing
      await open(page, platform, '/vip');
      await page.reload();
      await expect.poll(() => page.getByTestId('vip-bar-flow-have').innerText(), { timeout: 8000 }).toBe(formatYuan(staked / 100));
    } finally {
      await ctx.close();
    }
  });
});
