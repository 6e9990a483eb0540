import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_MSG, FINANCE_DESK_MSG } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessageIs,
  credit,
  inConsole as inConsoleAs,
  memberIdOf,
  newStaffViaApi,
  PAY_PASSWORD,
  type Platform,
  registerViaApi,
  shot,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  uniqueName,
} from '../harness.js';

/**
 * 财务工作台 at 1280×800: an adjustment's category and the member's mail, a large
 * adjustment approved by a second staff member in 待复核, and a USDT payout confirmed with its TXID.
 */
let platform: Platform;
let browser: Browser;
let admin: string;
let finance: { id: number; token: string; username: string };

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
  const username = uniqueName('fin');
  finance = { ...(await newStaffViaApi(platform, admin, { username, password: 'finance-Pass-1', role: 'finance' })), username };
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);
const balance = async (token: string) => (await apiAs<{ balance: number }>(platform, 'balance', token)).data.balance;
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });
const mails = async (token: string) => ((await apiAs<{ data: { title: string; content: string }[] }>(platform, 'message/list', token, { page: 1 })).data.data ?? []).filter((m) => m.title === FINANCE_DESK_MSG.adjustMailTitle);

async function openAdjust(page: Page, name: string) {
  await page.getByTestId('member-search').fill(name);
  await page.getByTestId('member-search').press('Enter');
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
  await row(page, name).click();
  await page.getByTestId('adjust-open').click();
}

describe('adjustments', () => {
  it('carry a category; the member reads the amount, the category and the reason in a mail', async () => {
    const member = await registerViaApi(platform, uniqueName('cat'));
    await inConsole(
      '/members',
      async (page) => {
        await openAdjust(page, member.name);
        await page.getByTestId('adjust-amount').fill('88');
        await page.getByTestId('adjust-reason').fill('充值未到账补偿');
        await page.getByTestId('adjust-submit').click();
        await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').first().innerText()).toBe(FINANCE_DESK_MSG.adjustCategory);
        await page.getByTestId('adjust-category').getByText('补偿').click();
        await shot(page, 'admin-finance-adjust-category');
        await page.getByTestId('adjust-submit').click();
        await consoleMessageIs(page, ADMIN_MSG.adjustDone);
      },
      finance.token,
    );
    expect(await balance(member.token)).toBe(88);
    expect((await mails(member.token)).map((m) => m.content)).toEqual(['您的账户已加款88.00元（类别：补偿）。原因：充值未到账补偿']);
  });

  it('above the threshold wait in 待复核 until a second staff member approves', async () => {
    const member = await registerViaApi(platform, uniqueName('mc'));
    await inConsole(
      '/members',
      async (page) => {
        await openAdjust(page, member.name);
        await page.getByTestId('adjust-amount').fill('6000');
        await page.getByTestId('adjust-category').getByText('奖金').click();
        await page.getByTestId('adjust-reason').fill('年度大客户奖金');
        await page.getByTestId('adjust-review-hint').waitFor();
        await shot(page, 'admin-finance-adjust-review');
        await page.getByTestId('adjust-submit').click();
        await consoleMessageIs(page, FINANCE_DESK_MSG.approvalRequested);
      },
      finance.token,
    );
    expect(await balance(member.token)).toBe(0);
    const waiting = (await staffApi<{ data: { id: number; target: string }[] }>(platform, admin, 'GET', '/approvals')).data.data.find((a) => a.target === member.name)!;
    // the maker sees its own request without 通过
    await inConsole(
      '/approvals',
      async (page) => {
        const line = row(page, member.name);
        await line.waitFor();
        expect(await line.innerText()).toContain('本人提交');
        expect(await page.getByTestId(`approval-approve-${waiting.id}`).count()).toBe(0);
      },
      finance.token,
    );
    await inConsole('/approvals', async (page) => {
      const line = row(page, member.name);
      await line.waitFor();
      expect(await line.innerText()).toContain('加款 6000.00 元（奖金）：年度大客户奖金');
      // the desk badge counts the waiting request
      await expect.poll(() => page.locator('.ant-menu-item', { hasText: '待复核' }).locator('.ant-badge').innerText()).toMatch(/\d/);
      await shot(page, 'admin-finance-approvals');
      await page.getByTestId(`approval-approve-${waiting.id}`).click();
      await page.locator('.ant-popconfirm').waitFor();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, FINANCE_DESK_MSG.approvalApproved);
      await expect.poll(() => line.count()).toBe(0);
      await page.getByRole('tab', { name: '已通过' }).click();
      await row(page, member.name).waitFor();
      expect(await row(page, member.name).innerText()).toContain('admin');
      await shot(page, 'admin-finance-approved');
    });
    expect(await balance(member.token)).toBe(6000);
    expect((await mails(member.token)).map((m) => m.content)).toEqual(['您的账户已加款6000.00元（类别：奖金）。原因：年度大客户奖金']);
  });
});

describe('USDT payouts', () => {
  it('are confirmed in USDT with the address shown and a TXID kept on the order', async () => {
    const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const TXID = '9f'.repeat(32);
    const member = await registerViaApi(platform, uniqueName('usdt'));
    await credit(platform, await memberIdOf(platform, member.token), 100_000);
    expect((await apiAs(platform, 'bindcard', member.token, { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY_PASSWORD })).code).toBe(200);
    const [card] = (await apiAs<{ id: number }[]>(platform, 'getcard', member.token, { type: 2 })).data;
    const w = await apiAs<{ withdraw_no: string }>(platform, 'withdraw', member.token, { amount: 500, bank: card!.id, password: PAY_PASSWORD, type: 1 });
    expect(w.code).toBe(200);
    await inConsole(
      '/withdrawals',
      async (page) => {
        const line = row(page, w.data.withdraw_no);
        await line.waitFor();
        await line.locator('[data-testid^="approve-"]').click();
        await page.getByTestId('usdt-payout-details').waitFor();
        expect(await page.getByTestId('usdt-payout-address').innerText()).toContain(TRC);
        expect(await page.getByTestId('usdt-payout-details').innerText()).toContain('USDT-TRC20');
        await page.getByTestId('usdt-payout-txid').fill('not-a-hash');
        await clickInPopup(page.getByTestId('usdt-payout-confirm'));
        await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').innerText()).toBe(FINANCE_DESK_MSG.txidInvalid);
        await page.getByTestId('usdt-payout-txid').fill(TXID);
        await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').count()).toBe(0);
        await shot(page, 'admin-finance-usdt-payout');
        await clickInPopup(page.getByTestId('usdt-payout-confirm'));
        await consoleMessageIs(page, ADMIN_MSG.reviewApproved);
        await expect.poll(() => line.count()).toBe(0);
        await page.getByRole('tab', { name: '已通过' }).click();
        const paid = row(page, w.data.withdraw_no);
        await paid.waitFor();
        await page.waitForTimeout(400); // the tab's ink bar and the toast settle before the picture
        expect(await paid.locator('[data-testid^="txid-"]').innerText()).toContain(`TXID ${TXID.slice(0, 10)}…${TXID.slice(-6)}`);
        await shot(page, 'admin-finance-usdt-paid');
      },
      finance.token,
    );
    const listed = (await staffApi<{ data: { withdraw_no: string; txid: string }[] }>(platform, admin, 'GET', `/withdrawals?state=2&keyword=${w.data.withdraw_no}`)).data.data[0]!;
    expect(listed.txid).toBe(TXID);
  });
});

describe('withdrawal review context', () => {
  it('shows the member’s money in and out, turnover, hedged share and the members sharing its card', async () => {
    const BANK_NO = '6222027777666655';
    const member = await registerViaApi(platform, uniqueName('ctx'));
    const other = await registerViaApi(platform, uniqueName('ctx'));
    const memberId = await memberIdOf(platform, member.token);
    expect((await apiAs(platform, 'bindcard', member.token, { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY_PASSWORD })).code).toBe(200);
    // the other member once saved the same card (straight to the table: the app refuses a number twice at one time)
    await platform.db.kysely
      .insertInto('member_cards')
      .values({ member_id: await memberIdOf(platform, other.token), type: 1, bank: '中国工商银行', bank_owner: '李四', bank_no: BANK_NO, created_at: new Date(), deleted_at: new Date() })
      .execute();
    await credit(platform, memberId, 80_000);
    const [card] = (await apiAs<{ id: number }[]>(platform, 'getcard', member.token, { type: 1 })).data;
    const w = await apiAs<{ withdraw_no: string }>(platform, 'withdraw', member.token, { amount: 300, bank: card!.id, password: PAY_PASSWORD, type: 2 });
    expect(w.code).toBe(200);
    await inConsole(
      '/withdrawals',
      async (page) => {
        const line = row(page, w.data.withdraw_no);
        await line.waitFor();
        await line.locator('[data-testid^="context-"]').click();
        const drawer = page.getByTestId('review-context');
        await drawer.waitFor();
        expect(await drawer.innerText()).toContain('待审核取款（1笔）');
        const shared = page.getByTestId('context-shared');
        await shared.getByText(other.name).first().waitFor();
        expect(await shared.innerText()).toContain('同一银行卡');
        expect(await shared.innerText()).toContain(BANK_NO);
        expect(await page.getByTestId('context-hedge').innerText()).toContain('0.0%');
        await page.waitForTimeout(400);
        await shot(page, 'admin-finance-review-context');
      },
      finance.token,
    );
  });
});

describe('the audit log', () => {
  it('reads in Chinese with member names, filters by day and exports the filter as CSV', async () => {
    const member = await registerViaApi(platform, uniqueName('aud'));
    const id = await memberIdOf(platform, member.token);
    expect((await staffApi(platform, finance.token, 'POST', `/members/${id}/adjust`, { amount: 9, category: 'correction', reason: '审计日志检查' })).code).toBe(200);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 32 * 3600_000).toISOString().slice(0, 10);
    await inConsole('/audit', async (page) => {
      const table = page.getByTestId('audit-table');
      await table.getByText(`会员 ${member.name}`).first().waitFor();
      // only actions of 调整会员余额
      await page.getByTestId('audit-action').click();
      await page.keyboard.type('调整会员余额');
      await page.locator('.ant-select-item-option', { hasText: '调整会员余额' }).first().click();
      await expect.poll(() => page.locator('.ant-table-row').first().innerText()).toContain('调整会员余额');
      // from tomorrow: none of today's rows
      const [start, end] = await page.locator('.ant-card-extra .ant-picker-range input').all();
      // a day typed into each end of the range, each confirmed with Enter; both ends then show it
      const pickRange = async (from: string, to: string) => {
        await start!.click();
        await start!.fill(from);
        await start!.press('Enter');
        await end!.click();
        await end!.fill(to);
        await end!.press('Enter');
        await expect.poll(async () => [await start!.inputValue(), await end!.inputValue()]).toEqual([from, to]);
      };
      await pickRange(tomorrow, tomorrow);
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
      await pickRange(today, today);
      const line = page.locator('.ant-table-row', { hasText: `会员 ${member.name}` });
      await line.waitFor();
      await line.click();
      await page.getByTestId('audit-diff').first().waitFor();
      expect(await page.getByTestId('audit-diff').first().innerText()).toContain('审计日志检查');
      await page.waitForTimeout(300);
      await shot(page, 'admin-finance-audit');
      const download = page.waitForEvent('download');
      await page.getByTestId('audit-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`audit-log-${today}-${today}.csv`);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toBe('时间,员工,操作,对象,IP,变更前,变更后');
      expect(lines.every((l, i) => i === 0 || l.includes('调整会员余额'))).toBe(true);
      expect(lines.find((l) => l.includes(`会员 ${member.name}`))).toContain(finance.username);
      await consoleMessageIs(page, `已导出 audit-log-${today}-${today}.csv`);
    });
  });
});
