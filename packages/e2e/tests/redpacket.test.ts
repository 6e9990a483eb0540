import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatYuan, MSG, REDPACKET_MSG, type RedPacketRules } from '@app/contract';
import { redPacketDay, setRedPacketRules, type RedPacketDay } from '../../server/src/modules/redpacket/service.js';
import { updateSettings } from '../../server/src/modules/site/service.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  dialogButton,
  expectRoute,
  expectToast,
  memberIdOf,
  open,
  type Platform,
  registerViaApi,
  settled,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  skipToast,
  uniqueName,
  withPhone,
} from '../harness.js';
import { colourOf, WIN_RED } from '../money-tone.js';

/**
 * 抢红包 and 福利中心 at 390×844. The server's red-packet clock runs at an
 * offset set per test (platform.app.redPacketClock), so "now" is before, in or after the day's window
 * while the deposits are approved by staff at the real time, inside the counting window of the draw
 * day chosen below.
 */

let platform: Platform;
let browser: Browser;
let staff: string;

const DAY_MS = 86_400_000;

/** The rules of this file: tiers unlike the defaults, so the screen's rules text must come from them. */
const RULES: RedPacketRules = {
  start_time: '10:00',
  end_time: '12:00',
  max_times: 3,
  daily_budget: 20_000,
  turnover_multiple: 2,
  tiers: [
    { recharge: 100, day_flow: 0, draws: 1, min_money: 1, max_money: 8 },
    { recharge: 1_000, day_flow: 0, draws: 2, min_money: 2, max_money: 18 },
    { recharge: 5_000, day_flow: 10_000, draws: 3, min_money: 18, max_money: 188 },
  ],
};
/** Used instead when the real time sits in the default window's gap (deposits approved 10:00–12:00 count for no day). */
const LATE_WINDOW = { start_time: '14:00', end_time: '16:00' };

let rules: RedPacketRules;
/** The Beijing day whose counting window holds the deposits this file approves. */
let drawDay: RedPacketDay;

/** The draw day whose counting window (previous day end_time → start_time) holds `t`, or null. */
function countingDayOf(r: RedPacketRules, t: Date): RedPacketDay | null {
  for (const ahead of [0, 1]) {
    const d = redPacketDay(r, new Date(t.getTime() + ahead * DAY_MS));
    if (t >= d.countFrom && t < d.countTo) return d;
  }
  return null;
}

/** The server's red-packet clock from now on at `t`, running. */
function clockAt(t: Date): void {
  const offsetMs = t.getTime() - Date.now();
  platform.app.redPacketClock.now = () => new Date(Date.now() + offsetMs);
}

const saveRules = (patch: Partial<RedPacketRules> = {}) => setRedPacketRules(platform.db.kysely, { ...rules, ...patch }, { now: drawDay.windowStart });

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  staff = await staffLoginViaApi(platform);
  // Both now and ten minutes on must count for the same draw day (the approvals happen in between).
  const soon = new Date(Date.now() + 10 * 60_000);
  rules = [RULES, { ...RULES, ...LATE_WINDOW }].find((r) => {
    const a = countingDayOf(r, new Date());
    return a && a.day === countingDayOf(r, soon)?.day;
  })!;
  drawDay = countingDayOf(rules, new Date())!;
  await saveRules();
});
afterAll(() => stopSuite(platform, browser));

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const yuanOf = (s: string) => Number(s.replace(/[¥,\s]/g, ''));

/** A member with a deposit of `yuan` made through the API and approved by staff (now: in the counting window). */
async function depositedMember(yuan: number): Promise<{ token: string; id: number }> {
  const member = await registerViaApi(platform, uniqueName('rp'));
  const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: yuan });
  expect(order.code, order.message).toBe(200);
  const listed = await staffApi<{ data: { id: number }[] }>(platform, staff, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
  const approved = await staffApi(platform, staff, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {});
  expect(approved.code, approved.message).toBe(200);
  const id = await memberIdOf(platform, member.token);
  const row = await platform.db.kysely.selectFrom('deposits').select('reviewed_at').where('deposit_no', '=', order.data.deposit_no).executeTakeFirstOrThrow();
  expect(countingDayOf(rules, new Date(row.reviewed_at as Date))?.day).toBe(drawDay.day);
  return { token: member.token, id };
}

/** Signs the member in on /hongbao and waits for the envelope. */
async function openHongbao(page: Page, token: string): Promise<void> {
  await signInPage(page, platform, token, '/hongbao');
  await page.getByTestId('hongbao-envelope').waitFor();
}

/** The route a tap pushes (recorded before any screen there may redirect: /activityRecord is another screen's). */
async function pushedBy(page: Page, testId: string): Promise<string> {
  await page.getByTestId(testId).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __pushed: string[] };
    w.__pushed = [];
    const push = history.pushState.bind(history);
    history.pushState = (data, unused, url) => {
      w.__pushed.push(String(url ?? ''));
      push(data, unused, url);
    };
  });
  await page.getByTestId(testId).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pushed: string[] }).__pushed.length)).toBeGreaterThan(0);
  const url = await page.evaluate(() => (window as unknown as { __pushed: string[] }).__pushed[0]!);
  return decodeURIComponent(url.slice(url.indexOf('#') + 1));
}

const inWindow = () => clockAt(new Date(drawDay.windowStart.getTime() + 20 * 60_000));

describe('/hongbao', () => {
  it('asks a visitor to log in with the login sheet (精彩内容等你来体验，快来登录吧！); 注册 comes back here', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/hongbao');
      await page.getByTestId('login-sheet').waitFor();
      expect(await page.getByTestId('login-sheet-text').innerText()).toBe(MSG.loginRequiredConfirm);
      await page.getByTestId('login-sheet-register').click();
      await expectRoute(page, '/reg2?redirect=/hongbao');
    });
  });

  it('says 红包已关闭 and goes back to the hall with redpacket_switch 0', async () => {
    const member = await registerViaApi(platform, uniqueName('rp'));
    await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, redpacket_switch: 0 } }));
    try {
      await withPhone(browser, async (page) => {
        // Signed in on the hall first: signInPage's closing reload would wipe a toast shown before it.
        await signInPage(page, platform, member.token, '/');
        await open(page, platform, '/hongbao');
        await expectToast(page, MSG.redpacketClosed);
        await expectRoute(page, '/');
      });
    } finally {
      await updateSettings(platform.db.kysely, (s) => ({ ...s, app: { ...s.app, redpacket_switch: 1 } }));
    }
  });

  it('a member without deposits: 0 draws, what each tier still needs, and 開 answers 您暂未达到领取条件，快去完成吧！ without asking the server', async () => {
    inWindow();
    const member = await registerViaApi(platform, uniqueName('rp'));
    await withPhone(browser, async (page) => {
      // The clock jumps over the toast's time on screen (skipToast).
      await page.context().clock.install();
      const draws: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/douserredpacket')) draws.push(r.url());
      });
      await openHongbao(page, member.token);
      expect(await text(page, 'hongbao-stat-left')).toBe('0');
      expect(await text(page, 'hongbao-stat-drawn')).toBe('0');
      expect(await text(page, 'hongbao-stat-max')).toBe(String(rules.max_times));
      expect(await text(page, 'hongbao-recharge')).toBe('¥0.00');
      expect(await text(page, 'hongbao-dayflow')).toBe('¥0.00');
      const tiers = page.getByTestId('hongbao-tier');
      expect(await tiers.count()).toBe(3);
      expect(await tiers.nth(0).innerText()).toContain('还差存款 ¥100.00');
      expect(await tiers.nth(0).innerText()).toContain('未达成');
      expect(await tiers.nth(2).innerText()).toContain('还差存款 ¥5,000.00、流水 ¥10,000.00');
      expect(await text(page, 'hongbao-next')).toBe('再完成存款 ¥100.00，每日可抢 1 次');
      // The rules text is the rules data's, not the defaults'.
      const rulesText = await text(page, 'hongbao-rules');
      expect(rulesText).toContain(`活动时间：每日 ${rules.start_time}–${rules.end_time}（北京时间）`);
      expect(rulesText).toContain(`计入存款：前一日 ${rules.end_time} 至当日 ${rules.start_time} 审核到账的存款合计`);
      expect(rulesText).toContain('存款满 ¥1,000.00，每日可领 2 次，每个红包 ¥2.00–¥18.00。');
      expect(rulesText).toContain('存款满 ¥5,000.00 且 昨日流水满 ¥10,000.00，每日可领 3 次，每个红包 ¥18.00–¥188.00。');
      expect(rulesText).toContain(`每人每日最多领取 ${rules.max_times} 次`);
      expect(rulesText).toContain('需完成红包金额 2 倍的流水后方可提现');
      expect(await page.getByTestId('hongbao-not-started').count()).toBe(0);
      expect(await page.getByTestId('hongbao-ended').count()).toBe(0);
      await shot(page, 'hongbao-no-draws');
      await shot(page, 'hongbao-no-draws-full', { fullPage: true });

      await page.getByTestId('hongbao-open').click();
      await expectToast(page, REDPACKET_MSG.notEligible);
      expect(draws).toEqual([]);
      // 去充值 leads to the deposit screen.
      await skipToast(page);
      await page.getByTestId('hongbao-recharge-go').click();
      await expectRoute(page, '/recharge');
    });
  });

  it('before the window: 活动尚未开始 counting down each second, then the envelope opens at 0', async () => {
    clockAt(new Date(drawDay.windowStart.getTime() - 8_000));
    const member = await registerViaApi(platform, uniqueName('rp'));
    await withPhone(browser, async (page) => {
      await openHongbao(page, member.token);
      const overlay = page.getByTestId('hongbao-not-started');
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain(REDPACKET_MSG.notStarted);
      expect(await overlay.innerText()).toContain(`今日 ${rules.start_time} 准时开抢`);
      const seconds = async () => Number(await page.getByTestId('hongbao-countdown').getAttribute('data-seconds'));
      const first = await seconds();
      expect(first).toBeGreaterThanOrEqual(2);
      expect(first).toBeLessThanOrEqual(8);
      expect((await text(page, 'hongbao-countdown')).replace(/\s/g, '')).toBe(`00:00:0${first}`);
      expect(await page.getByTestId('hongbao-open').isVisible()).toBe(false);
      await settled(page); // the overlay's fade-in
      await shot(page, 'hongbao-not-started');
      await expect.poll(seconds, { timeout: 2500 }).toBe(first - 1);
      // At 0 the screen reads again: the window is open and the overlay is gone.
      await overlay.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => page.getByTestId('hongbao-open').isVisible()).toBe(true);
    });
  });

  it('after the window: 今日活动已结束 with tomorrow’s start time', async () => {
    clockAt(new Date(drawDay.windowEnd.getTime() + 60_000));
    const member = await registerViaApi(platform, uniqueName('rp'));
    await withPhone(browser, async (page) => {
      await openHongbao(page, member.token);
      const overlay = page.getByTestId('hongbao-ended');
      await overlay.waitFor();
      expect(await overlay.innerText()).toContain(REDPACKET_MSG.ended);
      expect(await text(page, 'hongbao-reopen')).toBe(`明日 ${rules.start_time} 准时开抢，记得早点来哦`);
      expect(await page.getByTestId('hongbao-open').isVisible()).toBe(false);
      await settled(page); // the overlay's fade-in
      await shot(page, 'hongbao-ended');
    });
  });

  it('a member who deposited draws in the window: the envelope opens on the amount, the balance rises by exactly it, a draw fewer, and the record is on /welfare', async () => {
    inWindow();
    const member = await depositedMember(1_000);
    await withPhone(browser, async (page) => {
      await openHongbao(page, member.token);
      expect(await text(page, 'hongbao-stat-left')).toBe('2');
      expect(await text(page, 'hongbao-stat-drawn')).toBe('0');
      expect(await text(page, 'hongbao-recharge')).toBe('¥1,000.00');
      expect(await text(page, 'hongbao-chances')).toBe('今日还可抢 2 次');
      const tiers = page.getByTestId('hongbao-tier');
      expect(await tiers.nth(0).innerText()).toContain('已达成');
      expect(await tiers.nth(1).innerText()).toContain('当前档位');
      expect(await text(page, 'hongbao-next')).toBe('再完成存款 ¥4,000.00、流水 ¥10,000.00，每日可抢 3 次');
      await expect.poll(async () => yuanOf(await text(page, 'hongbao-balance'))).toBe(1000);
      await shot(page, 'hongbao-ready');

      await page.getByTestId('hongbao-open').click();
      await expect.poll(() => page.locator('.hb-envelope.is-opening').count()).toBe(1);
      const result = page.getByTestId('hongbao-result');
      await result.waitFor();
      // Let the opening animation end (the letter rises last) before reading and picturing it.
      await settled(page);
      const won = yuanOf(await text(page, 'hongbao-result-amount'));
      expect(won).toBeGreaterThanOrEqual(2);
      expect(won).toBeLessThanOrEqual(18);
      expect(await result.innerText()).toContain('恭喜发财');
      expect(await text(page, 'hongbao-result-left')).toBe('今日还可抢 1 次');
      await shot(page, 'hongbao-won');
      const drawn = await platform.db.kysely.selectFrom('red_packet_draws').select(['amount_fen', 'recharge_fen']).where('member_id', '=', member.id).execute();
      expect(drawn.map((d) => [Number(d.amount_fen), Number(d.recharge_fen)])).toEqual([[Math.round(won * 100), 100_000]]);

      await page.getByTestId('hongbao-result-close').click();
      await result.waitFor({ state: 'detached' });
      await expect.poll(async () => yuanOf(await text(page, 'hongbao-balance'))).toBe(Math.round((1000 + won) * 100) / 100);
      expect((await apiAs<{ balance: number }>(platform, 'user', member.token)).data.balance).toBe(Math.round((1000 + won) * 100) / 100);
      await expect.poll(() => text(page, 'hongbao-stat-left')).toBe('1');
      expect(await text(page, 'hongbao-stat-drawn')).toBe('1');

      // 我的红包 → /welfare: the draw on top, with the deposits it counted.
      await page.getByTestId('hongbao-records').click();
      await expectRoute(page, '/welfare');
      const row = page.getByTestId('welfare-row');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await text(page, 'welfare-amount')).toBe(`+¥${formatYuan(won)}`);
      expect(await colourOf(page.getByTestId('welfare-amount'))).toBe(WIN_RED);
      expect(await text(page, 'welfare-deposit')).toBe('存款 ¥1,000.00');
      expect(await row.innerText()).toContain('已到账');
      expect(await text(page, 'welfare-time')).toMatch(new RegExp(`^${drawDay.day} \\d{2}:\\d{2}:\\d{2}$`));
      expect(await text(page, 'list-end')).toBe(MSG.noMore);
      await shot(page, 'welfare-records');
    });
  });

  it('a refused draw shows the server’s message with 去充值; a network failure says 服务器异常，请稍后再试', async () => {
    inWindow();
    const member = await depositedMember(100);
    await saveRules({ daily_budget: 0 });
    try {
      await withPhone(browser, async (page) => {
        // The clock jumps over the toast's time on screen (skipToast).
        await page.context().clock.install();
        await openHongbao(page, member.token);
        expect(await text(page, 'hongbao-stat-left')).toBe('1');
        // The connection drops: no money moves, the toast of spec §8.
        await page.route('**/api/douserredpacket', (r) => r.abort());
        await page.getByTestId('hongbao-open').click();
        await expectToast(page, REDPACKET_MSG.networkFailure);
        await page.unroute('**/api/douserredpacket');
        await skipToast(page);
        // The day's budget is spent: the server's 今日红包已派完 in a dialog, 去充值 to /recharge.
        await page.getByTestId('hongbao-open').click();
        const dialog = page.locator('.adm-dialog-body');
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain(REDPACKET_MSG.soldOut);
        await settled(page); // the dialog's fade-in (react-spring: inline styles)
        await shot(page, 'hongbao-refused');
        await dialogButton(page, '去充值');
        await expectRoute(page, '/recharge');
      });
      expect((await apiAs<{ balance: number }>(platform, 'user', member.token)).data.balance).toBe(100);
    } finally {
      await saveRules();
    }
  });
});

describe('/welfare', () => {
  it('sends a visitor to /login with the redirect', async () => {
    await withPhone(browser, async (page) => {
      await open(page, platform, '/welfare');
      await expectRoute(page, '/login?redirect=/welfare');
    });
  });

  it('opens from 福利中心 on /mine: 空空如也, and its entries lead to 抢红包, 返水中心 and 活动记录', async () => {
    inWindow();
    const member = await registerViaApi(platform, uniqueName('rp'));
    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/mine');
      await page.getByTestId('mine-welfare').waitFor();
      await shot(page, 'mine-welfare');
      await page.getByTestId('mine-welfare').click();
      await expectRoute(page, '/welfare');
      expect(await page.locator('.page-nav').innerText()).toContain('福利中心');
      await page.getByTestId('empty-state').waitFor();
      expect(await text(page, 'empty-state')).toBe(MSG.empty);
      await shot(page, 'welfare-empty');
      for (const [key, to] of [
        ['hongbao', '/hongbao'],
        ['fanshui', '/fanshui'],
        ['activity', '/activityRecord'],
      ] as const) {
        await page.goto('about:blank');
        await open(page, platform, '/welfare');
        expect(await pushedBy(page, `welfare-link-${key}`)).toBe(to);
      }
    });
  });
});
