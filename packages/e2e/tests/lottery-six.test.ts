import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOTTERY_MSG, LOTTERY_STAKE_DEFAULT_YUAN, formatYuan, type LotteryRoomData, type LotteryRoomListItem } from '@app/contract';
import { ZODIAC_ANIMALS, ZODIAC_IDS, lunarYearAt, picksText, zodiacOf } from '@app/contract/lottery-plays';
import { drawResult, roundOf } from '../../server/src/modules/lottery/engine/index.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  credit,
  dialogButton,
  expectToast,
  inConsole,
  memberIdOf,
  newPhone,
  registerViaApi,
  settled,
  shot,
  signInPage,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  toastGone,
  uniqueName,
  type Platform,
} from '../harness.js';
import { colourOf, LOSS_GREEN, WIN_RED } from '../money-tone.js';

/**
 * 六合彩's 生肖 and 连码 in the member app at 390×844: a member picks the special's
 * animal (and one more) and a 二全中 pair in the bet sheet, the round is drawn by moving the platform's
 * lottery clock past its draw time (the scheduler's own pass draws it), and 我的注单 shows each line
 * settled as the drawn result says. The result is known beforehand from the round's stored seed, as
 * the draw computes it, so the test bets a line that must win and one that must lose.
 */

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
});
afterAll(() => stopSuite(platform, browser));

const LHC = 'lhc_180';
const SCHED = { intervalS: 180, ftimeS: 30 };

/** Moves the platform's lottery clock forward by `ms` (never back): every part of the server reads it. */
function forward(ms: number): void {
  if (ms <= 0) return;
  const clock = platform.app.lottery;
  const base = clock.now.bind(clock);
  clock.now = () => base() + ms;
}
/** Forward so that the open round has `timeoutS` seconds left (draws fall on whole intervals of Beijing time). */
function alignRound(timeoutS: number): void {
  const intervalMs = SCHED.intervalS * 1000;
  const intoRound = (platform.app.lottery.now() + 8 * 3600_000) % intervalMs;
  const wantedInto = intervalMs - timeoutS * 1000 + 300;
  forward((((wantedInto - intoRound) % intervalMs) + intervalMs) % intervalMs);
}
async function roomData(token: string, roomId: number): Promise<LotteryRoomData> {
  const res = await fetch(`${platform.url}/api/lotteryRoom?room_id=${roomId}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: LotteryRoomData }).data;
}
async function still(page: Page, name: string): Promise<void> {
  await toastGone(page).catch(() => undefined);
  await settled(page);
  await shot(page, name);
}

describe('六合彩 生肖 and 连码', () => {
  it('a member bets a 生肖 and a 二全中 pair; after the draw 我的注单 shows each line settled right', async () => {
    const [room] = (await apiAs<LotteryRoomListItem[]>(platform, 'lotteryRoom', '', { name: LHC })).data;
    const member = await registerViaApi(platform, uniqueName('sx'));
    await credit(platform, await memberIdOf(platform, member.token), 1000_00);
    alignRound(120);
    const data = await roomData(member.token, room!.id);
    const expectNo = data.lottery.nowdata.nextexpect;
    const round = roundOf(SCHED, expectNo)!;
    const year = lunarYearAt(round.drawAtMs)!;

    // The result the pass will draw, from the round's stored seed.
    const { seed } = await platform.db.kysely.selectFrom('lottery_rounds').select('seed').where('lottery', '=', LHC).where('expect', '=', expectNo).executeTakeFirstOrThrow();
    const result = drawResult(1, LHC, expectNo, seed);
    const special = result[6]!;
    const winAnimal = zodiacOf(special, year);
    const loseAnimal = (winAnimal + 6) % 12;
    const pair = [result[1]!, result[4]!].sort((a, b) => a - b);
    const zodiac = data.playbox.find((g) => g.name === LOTTERY_MSG.lotteryGroupZodiac)!;
    const winOdds = zodiac.childrens.find((c) => c.id === `lhc_sx_${ZODIAC_IDS[winAnimal]}`)!.odds;
    const pairOdds = data.playbox.find((g) => g.name === LOTTERY_MSG.lotteryGroupLinked)!.childrens.find((c) => c.id === 'lhc_lm_2')!.odds;

    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, `/lottery?room_id=${room!.id}`);
      await page.getByTestId('open-bet').click();

      // 生肖: twelve animals, each with its numbers of the round's lunar year; 01 is the year's own.
      await page.locator('[data-testid=bet-group]', { hasText: LOTTERY_MSG.lotteryGroupZodiac }).click();
      const covers = page.getByTestId('cover-grid').getByTestId('bet-option');
      expect(await covers.count()).toBe(12);
      const own = page.locator(`[data-testid=bet-option][data-play=lhc_sx_${ZODIAC_IDS[zodiacOf(1, year)]}]`);
      expect(await own.getByTestId('cover-nums').innerText()).toMatch(/01\s*13\s*25\s*37\s*49/);
      await page.locator(`[data-testid=bet-option][data-play=lhc_sx_${ZODIAC_IDS[winAnimal]}]`).click();
      await page.locator(`[data-testid=bet-option][data-play=lhc_sx_${ZODIAC_IDS[loseAnimal]}]`).click();
      await still(page, 'lottery-six-zodiac');

      // 尾数: ten tails, 0尾 of four numbers.
      await page.locator('[data-testid=bet-group]', { hasText: LOTTERY_MSG.lotteryGroupTail }).click();
      expect(await page.locator('[data-testid=bet-option][data-play=lhc_ws_0] [data-testid=cover-nums]').innerText()).toMatch(/10\s*20\s*30\s*40/);
      await still(page, 'lottery-six-tail');

      // 连码 二全中: the picker asks for two numbers; a third makes three pairs (复式), taken back again.
      await page.locator('[data-testid=bet-group]', { hasText: LOTTERY_MSG.lotteryGroupLinked }).click();
      await page.locator('[data-testid=linked-play][data-play=lhc_lm_2]').click();
      expect(await page.getByTestId('linked-summary').innerText()).toContain('请选择 2 个号码');
      const extra = [1, 2, 3].find((n) => !pair.includes(n))!;
      for (const n of [pair[0]!, pair[1]!, extra]) await page.locator(`[data-testid=linked-num][data-n="${n}"]`).click();
      expect(await page.getByTestId('linked-summary').innerText()).toContain('组成 3 注');
      expect(await page.getByTestId('bet-summary').innerText()).toContain('已选 5 注');
      await page.locator(`[data-testid=linked-num][data-n="${extra}"]`).click();
      expect(await page.getByTestId('linked-set').innerText()).toBe(picksText(pair));
      expect(await page.getByTestId('linked-summary').innerText()).toContain('组成 1 注');
      await still(page, 'lottery-six-linked');

      const stakeTotal = 3 * LOTTERY_STAKE_DEFAULT_YUAN;
      expect(await page.getByTestId('bet-total').innerText()).toBe(`¥${stakeTotal}.00`);
      await page.getByTestId('bet-submit').click();
      await page.getByTestId('bet-confirm').waitFor();
      const confirm = await page.getByTestId('confirm-line').allInnerTexts();
      expect(confirm).toHaveLength(3);
      expect(confirm[2]).toContain(`二全中 ${picksText(pair)}`);
      await settled(page);
      await shot(page, 'lottery-six-confirm');
      await dialogButton(page, '确认投注');
      await expectToast(page, LOTTERY_MSG.lotteryBetOk);

      // The round is drawn: the clock passes its draw time and the scheduled pass draws and settles it.
      forward(round.drawAtMs + 1000 - platform.app.lottery.now());
      await page.locator(`[data-testid=last-result][data-expect="${expectNo}"] [data-testid=result-numbers]`).waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => (await platform.db.kysely.selectFrom('lottery_orders').select('status').where('expect', '=', expectNo).where('lottery', '=', LHC).execute()).map((o) => o.status), { timeout: 10_000 })
        .toEqual([1, 1, 1]);

      // The result shows each ball's 生肖 of the round's lunar year under it, the special's too: in the
      // room's header, in the round's card in the chat and in 开奖记录.
      const animals = result.map((n) => ZODIAC_ANIMALS[zodiacOf(n, year)]);
      expect(await page.locator('[data-testid=last-result] [data-testid=ball-animal]').allInnerTexts()).toEqual(animals);
      const card = page.locator(`[data-testid=chat-round][data-expect="${expectNo}"][data-phase=drawn]`);
      await card.waitFor({ timeout: 10_000 });
      expect(await card.getByTestId('ball-animal').allInnerTexts()).toEqual(animals);
      await still(page, 'lottery-six-result-zodiac');
      await page.getByTestId('last-result').click();
      const drawnItem = page.locator(`[data-testid=history-item][data-expect="${expectNo}"]`);
      await drawnItem.waitFor();
      expect(await drawnItem.getByTestId('ball-animal').allInnerTexts()).toEqual(animals);
      await still(page, 'lottery-six-history-zodiac');
      await page.locator('.lot-history').getByRole('button', { name: '关闭' }).click();
      await drawnItem.waitFor({ state: 'hidden' });

      // 我的注单: the drawn animal and the pair 中奖 at their odds, the other animal 未中奖.
      await page.getByTestId('open-my-orders').click();
      const mine = page.getByTestId('my-order');
      await expect.poll(() => mine.count(), { timeout: 8000 }).toBe(3);
      const line = (play: string) => mine.filter({ has: page.locator('[data-testid=my-order-play]', { hasText: new RegExp(`^${play}$`) }) });
      const profit = (odds: number) => formatYuan(Math.round(odds * 100 * LOTTERY_STAKE_DEFAULT_YUAN) / 100 - LOTTERY_STAKE_DEFAULT_YUAN);
      expect(await line(`生肖 ${ZODIAC_ANIMALS[winAnimal]}`).getByTestId('my-order-outcome').innerText()).toBe(`中奖 +${profit(winOdds)}`);
      expect(await line(`生肖 ${ZODIAC_ANIMALS[loseAnimal]}`).getByTestId('my-order-outcome').innerText()).toBe(`未中奖 -${formatYuan(LOTTERY_STAKE_DEFAULT_YUAN)}`);
      expect(await line(`连码 二全中 ${picksText(pair)}`).getByTestId('my-order-outcome').innerText()).toBe(`中奖 +${profit(pairOdds)}`);
      // a win reads red, a loss green
      expect(await colourOf(line(`生肖 ${ZODIAC_ANIMALS[winAnimal]}`).getByTestId('my-order-outcome'))).toBe(WIN_RED);
      expect(await colourOf(line(`生肖 ${ZODIAC_ANIMALS[loseAnimal]}`).getByTestId('my-order-outcome'))).toBe(LOSS_GREEN);
      await still(page, 'lottery-six-my-orders');
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('玩法说明 lists each animal’s numbers of the current lunar year and each tail’s', async () => {
    const [room] = (await apiAs<LotteryRoomListItem[]>(platform, 'lotteryRoom', '', { name: LHC })).data;
    const member = await registerViaApi(platform, uniqueName('sh'));
    const data = await roomData(member.token, room!.id);
    const year = lunarYearAt(roundOf(SCHED, data.lottery.nowdata.nextexpect)!.drawAtMs)!;
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, `/lottery?room_id=${room!.id}`);
      await page.getByTestId('open-help').click();
      const tables = page.getByTestId('help-covers');
      await tables.first().waitFor();
      expect(await tables.count()).toBe(2);
      const zodiac = await tables.first().innerText();
      expect(zodiac).toMatch(new RegExp(`${ZODIAC_ANIMALS[zodiacOf(1, year)]}\\s*01 13 25 37 49`));
      expect(await tables.nth(1).innerText()).toMatch(/0尾\s*10 20 30 40/);
      await tables.first().scrollIntoViewIfNeeded();
      await still(page, 'lottery-six-help');
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('the console’s odds editor prices 生肖 by its two entries and shows 连码 with their exact RTP', async () => {
    const admin = await staffLoginViaApi(platform);
    await inConsole(browser, platform, admin, '/lottery-odds', async (page) => {
      await page.getByTestId('odds-lottery-lhc_180').click();
      await page.getByTestId(`odds-group-${LOTTERY_MSG.lotteryGroupZodiac}`).click();
      const year = page.getByTestId('odds-rtp-lhc_sx_year');
      await year.waitFor();
      expect(await year.innerText()).toBe('95.92%'); // 5 × 9.4/49
      expect(await page.getByTestId('odds-rtp-lhc_sx_other').innerText()).toBe('95.92%'); // 4 × 11.75/49
      expect(await page.getByTestId('odds-row-lhc_sx_year').innerText()).toContain(LOTTERY_MSG.lotteryZodiacYear);
      // the other animals' odds on the five-number animal would return more than the stake
      await page.getByTestId('odds-input-lhc_sx_year').fill('11.75');
      await expect.poll(() => year.innerText()).toContain('119.90%');
      await settled(page);
      await shot(page, 'lottery-six-console-zodiac');
      await page.getByTestId(`odds-group-${LOTTERY_MSG.lotteryGroupLinked}`).click();
      await page.getByTestId('odds-rtp-lhc_lm_3').waitFor();
      expect(await page.getByTestId('odds-rtp-lhc_lm_2').innerText()).toBe('95.66%');
      expect(await page.getByTestId('odds-rtp-lhc_lm_3').innerText()).toBe('95.53%');
    });
  }, 60_000);
});
