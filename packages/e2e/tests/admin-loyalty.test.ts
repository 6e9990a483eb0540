import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { fmt, formatYuan, LOYALTY_ADMIN_MSG, rebateFen, REBATE_MSG, type AdminVipTier, type VipTier } from '@app/contract';
import { beijingDayBefore, computeRebateDay } from '../../server/src/modules/rebate/compute.js';
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
 * The console's loyalty tools at 1280×800: VIP等级 (the tier table edited in place,
 * the contract's rules live, saved for the member app), a member's VIP等级 tab (level, progress,
 * retention period, history, 调整等级 with a reason), and 返水管理 (每日汇总 per day and category,
 * claimed vs pending; 返水记录 filtered and exported as CSV).
 */

let platform: Platform;
let browser: Browser;
let admin: string;
const db = () => platform.db.kysely;

/** Two members with bets on the two closed Beijing days before today; the first claims its rebate. */
const members: Array<{ name: string; token: string; id: number }> = [];
let days: [string, string];

async function bet(memberId: number, venue: string, category: string, validYuan: number, day: string): Promise<void> {
  const at = new Date(`${day}T12:00:00+08:00`);
  await db()
    .insertInto('bet_records')
    .values({
      venue,
      bet_id: `AL${randomBytes(8).toString('hex')}`,
      member_id: memberId,
      game_code: 'demo_game',
      game_name: '测试游戏',
      category,
      bet_fen: validYuan * 100,
      valid_fen: validYuan * 100,
      win_loss_fen: 0,
      status: 1,
      bet_at: at,
      settled_at: at,
      counted: true,
    })
    .execute();
}

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
  for (const prefix of ['la', 'lb']) {
    const m = await registerViaApi(platform, uniqueName(prefix));
    members.push({ name: m.name, token: m.token, id: await memberIdOf(platform, m.token) });
  }
  days = [beijingDayBefore(new Date(), 2), beijingDayBefore(new Date(), 1)];
  const [a, b] = members;
  await bet(a!.id, 'DEMOLIVEA', 'realbet', 1_000, days[0]);
  await bet(a!.id, 'obgdy', 'concise', 500, days[0]);
  await bet(b!.id, 'DEMOSPORTA', 'sport', 2_000, days[0]);
  await bet(b!.id, 'DEMOLIVEA', 'realbet', 300, days[1]);
  for (const day of days) await computeRebateDay(db(), day);
  expect((await apiAs(platform, 'dofanshui', a!.token)).message).toBe(REBATE_MSG.claimed);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);

const yuan = (v: number) => `¥${formatYuan(v)}`;
const tiers = async () => (await staffApi<AdminVipTier[]>(platform, admin, 'GET', '/vip-tiers')).data;
/** The rebate of `validYuan` at VIP1's rate of `category`, in yuan (the contract's rule). */
const vip1Rebate = (t: AdminVipTier[], category: keyof AdminVipTier, validYuan: number) => rebateFen(validYuan * 100, Math.round(Number(t[0]![category]) * 100)) / 100;

describe('VIP等级', () => {
  it('shows the ten tiers, checks the table as typed, saves it, and the member app shows the new figures', async () => {
    const before = await tiers();
    await inConsole('/vip-tiers', async (page) => {
      await page.getByTestId('tier-10-recharge').waitFor();
      expect(await page.getByTestId('vip-tiers').locator('tbody tr.ant-table-row').count()).toBe(10);
      expect(await page.getByTestId('tier-2-recharge').inputValue()).toBe(before[1]!.recharge.toFixed(2));
      expect(await page.getByTestId('tiers-changed').innerText()).toBe('没有未保存的修改');
      await stillShot(page, 'admin-vip-tiers');

      // VIP3's cumulative deposit below VIP2's: the contract's rule answers at once, save is off.
      await page.getByTestId('tier-3-recharge').fill(String(before[1]!.recharge - 1));
      await expect.poll(() => page.getByTestId('tiers-failure').innerText()).toBe(fmt(LOYALTY_ADMIN_MSG.tierOrder, { level: 3, field: '累计存款', prev: 2 }));
      expect(await page.getByTestId('tiers-save').isDisabled()).toBe(true);
      await stillShot(page, 'admin-vip-tiers-refused');

      // Put it back, raise VIP2's bonus and 电子 rate, rename it: saved, the marker goes.
      await page.getByTestId('tier-3-recharge').fill(String(before[2]!.recharge));
      await page.getByTestId('tier-2-levelup_bonus').fill('28');
      await page.getByTestId('tier-2-electron').fill('0.66');
      await page.getByTestId('tier-2-name').fill('白银会员');
      await expect.poll(() => page.getByTestId('tiers-changed').innerText()).toBe('已修改 VIP2，尚未保存');
      await page.getByTestId('tiers-save').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, LOYALTY_ADMIN_MSG.tiersSaved);
      await expect.poll(() => page.getByTestId('tiers-changed').innerText()).toBe('没有未保存的修改');
    });
    const vip2 = (await apiAs<VipTier[]>(platform, 'uservip')).data[1]!;
    expect(vip2).toMatchObject({ level: 2, name: '白银会员', electron: 0.66 });
    const after = await tiers();
    expect(after[1]).toMatchObject({ levelup_bonus: 28, electron: 0.66, name: '白银会员' });
    expect(after[2]).toEqual(before[2]);
    // Restore the seeded table for the other tests.
    expect((await staffApi(platform, admin, 'POST', '/vip-tiers', { tiers: before })).code).toBe(200);
  });

  it('is read-only for support staff', async () => {
    const username = uniqueName('sup');
    await newStaffViaApi(platform, admin, { username, password: 'loyalty-Pass-1', role: 'support' });
    const support = await staffLoginViaApi(platform, username, 'loyalty-Pass-1');
    await inConsole(
      '/vip-tiers',
      async (page) => {
        await expect.poll(() => page.getByTestId('vip-tiers').locator('tbody tr.ant-table-row').count()).toBe(10);
        expect(await page.getByTestId('tier-2-recharge').count()).toBe(0);
        expect(await page.getByTestId('tiers-save').count()).toBe(0);
      },
      support,
    );
  });
});

describe('会员 · VIP等级', () => {
  it('shows the level, progress and history, and 调整等级 changes it with a reason', async () => {
    const m = members[1]!;
    await inConsole('/members', async (page) => {
      await page.getByTestId('member-search').fill(m.name);
      await page.getByTestId('member-search').press('Enter');
      await page.getByTestId(`member-open-${m.id}`).click();
      await page.getByRole('tab', { name: 'VIP等级' }).click();
      const vip = page.getByTestId('member-vip');
      await vip.getByText('晋级VIP2').waitFor();
      expect(await vip.innerText()).toContain('VIP1 不会降级');
      expect(await page.getByTestId('vip-history').innerText()).toContain('暂无等级变动');

      await page.getByTestId('vip-change-open').click();
      await page.getByTestId('vip-change-submit').click();
      await page.getByText(LOYALTY_ADMIN_MSG.vipLevel).waitFor();
      await page.getByTestId('vip-change-level').click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'VIP3' }).click();
      await page.getByTestId('vip-change-reason').fill('大客户经理申请，特批升级');
      await stillShot(page, 'admin-member-vip-change');
      await page.getByTestId('vip-change-submit').click();
      await consoleMessageIs(page, fmt(LOYALTY_ADMIN_MSG.vipChanged, { level: 3 }));

      const history = page.getByTestId('vip-history');
      await history.getByText('大客户经理申请，特批升级').waitFor();
      const row = await history.locator('tbody tr.ant-table-row').first().innerText();
      expect(row).toContain('人工调整');
      expect(row).toContain('admin');
      expect(await vip.innerText()).toContain('周期内有效投注');
      await stillShot(page, 'admin-member-vip');
    });
    const row = await db().selectFrom('member_figures').select(['vip']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.vip).toBe(3);
    // No 晋级礼金 for a manual change.
    expect(await db().selectFrom('ledger_journals').select('id').where('kind', '=', 'vip_bonus').where('memo', 'like', '%VIP3%').execute()).toHaveLength(0);
  });
});

describe('返水管理', () => {
  it('每日汇总 shows each computed day with its categories, claimed and pending; 查看记录 opens the day’s records', async () => {
    const t = await tiers();
    const [a, b] = [vip1Rebate(t, 'realperson', 1_000), vip1Rebate(t, 'electron', 500)];
    const sport = vip1Rebate(t, 'sport', 2_000);
    const dayTwo = vip1Rebate(t, 'realperson', 300);
    await inConsole('/rebate', async (page) => {
      const first = page.getByTestId('rebate-days').locator('tr', { hasText: days[0] });
      await first.waitFor();
      const text = await first.innerText();
      expect(text).toContain(yuan(a + b + sport)); // 返水总额
      expect(text).toContain(yuan(a + b)); // 已领取: the first member claimed
      expect(text).toContain(yuan(sport)); // 未领取
      expect(text).toContain('1/2 人');
      expect(text).toContain(`真人 ${yuan(a)}`);
      expect(text).toContain(`电子 ${yuan(b)}`);
      const second = await page.getByTestId('rebate-days').locator('tr', { hasText: days[1] }).innerText();
      expect(second).toContain(yuan(dayTwo));
      expect(second).toContain('0/1 人');
      await stillShot(page, 'admin-rebate-days');

      await page.getByTestId(`rebate-day-open-${days[0]}`).click();
      const records = page.getByTestId('rebate-records');
      await expect.poll(() => records.locator('tbody tr.ant-table-row').count()).toBe(3);
      expect(await page.getByTestId('rebate-records-sum').innerText()).toContain(yuan(a + b + sport));
      expect(await records.innerText()).toContain('已领取');

      // Only the pending ones: the second member's 体育 record.
      await page.getByTestId('rebate-records-state').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '未领取' }).click();
      await expect.poll(() => records.locator('tbody tr.ant-table-row').count()).toBe(1);
      const only = await records.locator('tbody tr.ant-table-row').innerText();
      expect(only).toContain(members[1]!.name);
      expect(only).toContain('演示体育A');
      expect(only).toContain(yuan(sport));
      await stillShot(page, 'admin-rebate-records');

      // 导出CSV: the filter's records as a file Excel reads (BOM, Chinese headers).
      const download = page.waitForEvent('download');
      await page.getByTestId('rebate-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^rebate-records-.*\.csv$/);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toContain('会员账号');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(members[1]!.name);
      expect(lines[1]).toContain(sport.toFixed(2));
      expect(lines[1]).toContain('未领取');
    });
  });
});
