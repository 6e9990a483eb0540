import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { formatYuan, REDPACKET_ADMIN_MSG, REDPACKET_MSG, type AdminRedPacketRules, type RedPacketDrawResult, type UserRedPacket } from '@app/contract';
import { beijingDate, beijingDayStart } from '../../server/src/lib/time.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessageIs,
  inConsole as inConsoleAs,
  memberIdOf,
  type Platform,
  registerViaApi,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  newStaffViaApi,
} from '../harness.js';

/**
 * The console's red packets at 1280×800: 规则设置 (the window, budget and tiers
 * edited in place, the contract's rule live, saved after a confirmation and read at once by the
 * member's /api/userredpacket), 每日统计 (today's budget against what members drew, with a bar) and
 * 领取记录 (a day's draws, a member filter, the CSV export). The server's red-packet clock is put at
 * 11:00 Beijing today (platform.app.redPacketClock), inside the default 10:00–12:00 window; members
 * deposited at 09:00, inside the counting window.
 */

let platform: Platform;
let browser: Browser;
let admin: string;
const db = () => platform.db.kysely;

const HOUR_MS = 3_600_000;
const members: Array<{ name: string; token: string; id: number }> = [];
let today: string;
const won: number[] = [];

const yuan = (v: number) => `¥${formatYuan(v)}`;
const userRedPacket = async (token: string) => {
  const res = await fetch(`${platform.url}/api/userredpacket`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: number; message: string; data: UserRedPacket };
};

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
  const now = new Date();
  const dayStart = beijingDayStart(now);
  today = beijingDate(now);
  platform.app.redPacketClock.now = () => new Date(dayStart.getTime() + 11 * HOUR_MS);
  const method = (await db().selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
  for (const prefix of ['ra', 'rb', 'rc']) {
    const m = await registerViaApi(platform, uniqueName(prefix));
    const id = await memberIdOf(platform, m.token);
    members.push({ name: m.name, token: m.token, id });
    // approved at 09:00 Beijing today: inside the counting window (yesterday 12:00 → today 10:00)
    const at = new Date(dayStart.getTime() + 9 * HOUR_MS);
    await db()
      .insertInto('deposits')
      .values({ deposit_no: `RP${randomBytes(8).toString('hex')}`, member_id: id, method, amount_fen: 1_000_00, state: 2, reviewed_at: at, created_at: at })
      .execute();
  }
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);


describe('规则设置', () => {
  it('edits the budget and a tier with the rule live, saves after confirming, and the member API reads the new rules', async () => {
    // the defaults: 1,000 deposited (no turnover) is the first tier, 1 draw of 1–8 元
    expect((await userRedPacket(members[0]!.token)).data).toMatchObject({ sendnums: 1, status: 'STARTING' });
    await inConsole('/redpacket', async (page) => {
      await page.getByTestId('rp-budget').waitFor();
      expect(await page.getByTestId('redpacket-switch').innerText()).toBe('站点红包开关：已开启');
      expect(await page.getByTestId('redpacket-rules-saved').innerText()).toBe('尚未保存，使用默认规则');
      expect(await page.getByTestId('rp-tiers').locator('tbody tr.ant-table-row').count()).toBe(3);
      expect(await page.getByTestId('rp-budget').inputValue()).toBe('20000.00');
      await stillShot(page, 'admin-redpacket-rules');

      // the second tier (1,000 deposited, 1,000 turnover) asks no turnover any more and pays 2 draws of 5–12 元
      await page.getByTestId('rp-tier-2-day_flow').fill('0');
      await page.getByTestId('rp-tier-2-min_money').fill('13');
      await page.getByTestId('rp-tier-2-max_money').fill('12');
      await page.getByTestId('rp-tier-2-max_money').blur();
      await expect.poll(() => page.getByTestId('rp-failure').innerText()).toBe('第2档：红包金额须为0.01~100000元，且最小不大于最大');
      expect(await page.getByTestId('rp-save').isDisabled()).toBe(true);
      await stillShot(page, 'admin-redpacket-rules-refused');

      await page.getByTestId('rp-tier-2-min_money').fill('5');
      await page.getByTestId('rp-budget').fill('100');
      await page.getByTestId('rp-budget').blur();
      await expect.poll(() => page.getByTestId('rp-changed').innerText()).toBe('规则已修改，尚未保存');
      await page.getByTestId('rp-save').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, REDPACKET_ADMIN_MSG.rulesSaved);
      await expect.poll(() => page.getByTestId('rp-changed').innerText()).toBe('没有未保存的修改');
      await expect.poll(() => page.getByTestId('redpacket-rules-saved').innerText()).toMatch(/^最后保存：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（admin）$/);
    });
    const saved = (await staffApi<AdminRedPacketRules>(platform, admin, 'GET', '/redpacket/rules')).data;
    expect(saved.rules.daily_budget).toBe(100);
    expect(saved.rules.tiers[1]).toEqual({ recharge: 1_000, day_flow: 0, draws: 2, min_money: 5, max_money: 12 });
    const member = (await userRedPacket(members[0]!.token)).data;
    expect(member).toMatchObject({ sendnums: 2, acquirednum: 0, status: 'STARTING' });
    expect(member.rules[1]).toMatchObject({ recharge: 1_000, day_flow: 0, draws: 2, min_money: 5, max_money: 12 });
  });

  it('is read-only for support staff', async () => {
    const username = uniqueName('rps');
    await newStaffViaApi(platform, admin, { username, password: 'redpacket-Pass-1', role: 'support' });
    const support = await staffLoginViaApi(platform, username, 'redpacket-Pass-1');
    await inConsole(
      '/redpacket',
      async (page) => {
        await page.getByTestId('rp-budget').waitFor();
        expect(await page.getByTestId('rp-budget').innerText()).toBe(yuan(100));
        expect(await page.getByTestId('rp-save').count()).toBe(0);
        expect(await page.getByTestId('rp-tier-add').count()).toBe(0);
      },
      support,
    );
  });
});

describe('每日统计 and 领取记录', () => {
  beforeAll(async () => {
    // members draw over the API: the first its 2 draws, the others 1 each (then 2 more each: 4 draws of 5–12 on a budget of 100)
    for (const [i, n] of [[0, 2], [1, 1], [2, 1]] as const) {
      for (let k = 0; k < n; k++) {
        const r = await apiAs<RedPacketDrawResult>(platform, 'douserredpacket', members[i]!.token);
        expect(r).toMatchObject({ code: 200, message: REDPACKET_MSG.drawn });
        won.push(r.data.redpacketmoney);
      }
    }
  });
  const sum = () => Math.round(won.reduce((t, x) => t + x * 100, 0)) / 100;

  it('shows today\'s budget against what was paid, then the day in the list', async () => {
    await inConsole('/redpacket', async (page) => {
      await page.getByTestId('rp-tab-days').click();
      const todayCard = page.getByTestId('rp-today');
      await todayCard.waitFor();
      const text = await todayCard.innerText();
      expect(text).toContain(`今日概况（${today}）`);
      expect(text).toContain(yuan(100));
      expect(text).toContain(yuan(sum()));
      expect(text).toContain(yuan(Math.round((100 - sum()) * 100) / 100));
      expect(await page.getByTestId('rp-today-percent').innerText()).toBe(`${Math.floor(sum())}%`);
      const row = page.getByTestId('rp-days').locator('tbody tr.ant-table-row');
      await expect.poll(() => row.count()).toBe(1);
      const cells = await row.first().locator('td').allInnerTexts();
      expect(cells.slice(0, 4)).toEqual([today, yuan(100), yuan(sum()), yuan(Math.round((100 - sum()) * 100) / 100)]);
      expect(cells.slice(5, 7)).toEqual(['4', '3']);
      await stillShot(page, 'admin-redpacket-days');

      // 查看记录: the day's draws, newest first, with the count and sum
      await page.getByTestId(`rp-day-open-${today}`).click();
      const draws = page.getByTestId('rp-draws').locator('tbody tr.ant-table-row');
      await expect.poll(() => draws.count()).toBe(4);
      const first = await draws.first().innerText();
      expect(first).toContain(members[2]!.name);
      expect(first).toContain(yuan(won[3]!));
      expect(first).toContain('第1次');
      const sumText = await page.getByTestId('rp-draws-sum').innerText();
      expect(sumText).toContain(yuan(sum()));
      await stillShot(page, 'admin-redpacket-draws');

      // one member: its two draws
      await page.getByTestId('rp-draws-keyword').fill(members[0]!.name);
      await page.getByTestId('rp-draws-keyword').press('Enter');
      await expect.poll(() => draws.count()).toBe(2);
      expect(await draws.allInnerTexts()).toEqual([expect.stringContaining('第2次'), expect.stringContaining('第1次')]);
      expect(await page.getByTestId('rp-draws-sum').innerText()).toContain(yuan(Math.round((won[0]! + won[1]!) * 100) / 100));

      // 导出CSV: the filter's draws as a file Excel reads (BOM, Chinese headers)
      const download = page.waitForEvent('download');
      await page.getByTestId('rp-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`redpacket-draws-${today}-${today}.csv`);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toBe('记录ID,会员ID,会员账号,日期,当日第几次,红包金额,计入存款,账本凭证,领取时间');
      expect(lines.slice(1).map((l) => l.split(',').slice(2, 7))).toEqual([
        [members[0]!.name, today, '2', won[1]!.toFixed(2), '1000.00'],
        [members[0]!.name, today, '1', won[0]!.toFixed(2), '1000.00'],
      ]);
    });
  });
});
