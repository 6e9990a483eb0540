import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, beijingToday, formatYuan, type Dashboard, type Report } from '@app/contract';
import { ADMIN_PASSWORD, apiAs, consoleMessageIs, inConsole as inConsoleAs, registerViaApi, staffApi, staffLoginViaApi, startSuite, stillShot, stopSuite, type Platform } from '../harness.js';

/**
 * 数据概览 and 报表 at 1280×800: a member deposits through the app's API, finance
 * approves it, and the dashboard's 存款 tile shows today's total with it; the chart switches to the
 * last 7 days; 报表 → 每日财务 shows the day with the deposit and its totals row, 导出CSV downloads
 * the same figures; the 彩票盈亏 tab opens.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>) => inConsoleAs(browser, platform, admin, path, fn);
const yuan = (v: number) => `${v < 0 ? '-' : ''}¥${formatYuan(Math.abs(v))}`;
const dashboard = async () => (await staffApi<Dashboard>(platform, admin, 'GET', '/reports/dashboard')).data;

describe('数据概览 and 报表', () => {
  it('shows an approved deposit on the dashboard, switches range, and exports the daily finance report', async () => {
    const before = await dashboard();
    const member = await registerViaApi(platform);
    const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: 1888 });
    expect(order.code).toBe(200);
    const pending = await staffApi<{ data: Array<{ id: number; deposit_no: string }> }>(platform, admin, 'GET', `/deposits?state=1&keyword=${order.data.deposit_no}`);
    const id = pending.data.data[0]!.id;
    expect(await staffApi(platform, admin, 'POST', `/deposits/${id}/approve`)).toMatchObject({ code: 200 });
    const todayDeposits = before.today.deposits + 1888;
    const today = beijingToday();

    await inConsole('/dashboard', async (page) => {
      await page.getByTestId('dashboard-page').waitFor();
      await expect.poll(() => page.getByTestId('tile-deposits-today').innerText()).toBe(yuan(todayDeposits));
      expect(await page.getByTestId('tile-deposits').innerText()).toContain('存款笔数');
      expect(await page.getByTestId('tile-net_cash-today').innerText()).toBe(yuan(before.today.net_cash + 1888));
      expect(await page.getByTestId('tile-first_deposits-today').innerText()).toBe(yuan(before.today.first_deposits + 1888));
      await page.getByTestId('dashboard-chart').locator('.recharts-surface').first().waitFor();
      await expect.poll(() => page.getByTestId('dashboard-range-text').innerText()).toBe(`${addDays(today, -29)} 至 ${today}，共 30 天`);
      // the sider lists both entries
      const menu = (await page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts()).map((t) => t.trim());
      expect(menu).toEqual(expect.arrayContaining(['数据概览', '报表']));
      await stillShot(page, 'admin-dashboard', { fullPage: true });
      // switch range: the last 7 days
      await page.getByTestId('dashboard-preset').getByText('近7天').click();
      await expect.poll(() => page.getByTestId('dashboard-range-text').innerText()).toBe(`${addDays(today, -6)} 至 ${today}，共 7 天`);
      await page.getByTestId('chart-metric').getByText('会员').click();
      await page.getByTestId('dashboard-chart').locator('.recharts-surface').first().waitFor();
      await stillShot(page, 'admin-dashboard-7days');

      // 报表 from the menu
      await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '报表' }).click();
      await page.getByTestId('reports-page').waitFor();
      const table = page.getByTestId('report-table-finance');
      const todayRow = table.locator('tr.ant-table-row', { hasText: today });
      await expect.poll(() => todayRow.innerText()).toContain(yuan(todayDeposits));
      const report = (await staffApi<Report<'finance'>>(platform, admin, 'GET', '/reports/report?kind=finance')).data;
      await expect.poll(() => page.getByTestId('report-total-finance').innerText()).toContain(yuan(report.total.deposits!));
      // newest day first
      expect(await table.locator('tr.ant-table-row').first().innerText()).toContain(today);
      await stillShot(page, 'admin-reports-finance');

      const download = page.waitForEvent('download');
      await page.getByTestId('report-export').click();
      const file = await download;
      const name = `report-finance-${addDays(today, -29)}-${today}.csv`;
      expect(file.suggestedFilename()).toBe(name);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toBe('日期,存款,存款笔数,取款,取款笔数,净入金,彩金,返水,红包,代理佣金,人工调整');
      expect(lines).toHaveLength(1 + 30 + 1);
      expect(lines.find((l) => l.startsWith(today))!.split(',')[1]).toBe(todayDeposits.toFixed(2));
      expect(lines.at(-1)!.split(',').slice(0, 2)).toEqual(['合计', report.total.deposits!.toFixed(2)]);
      await consoleMessageIs(page, `已导出 ${name}`);

      await page.getByTestId('report-tabs').getByRole('tab', { name: '彩票盈亏' }).click();
      await page.getByTestId('report-table-lottery').waitFor();
      await page.getByTestId('report-tabs').getByRole('tab', { name: '场馆与游戏投注' }).click();
      await page.getByTestId('report-table-bets').waitFor();
      await stillShot(page, 'admin-reports-bets');
    });
  });
});
