import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FINANCE_DESK_MSG, LOGIN_CAPTCHA, MSG, ADMIN_MSG, reviewReasonFailure, STAFF_NAME_MSG, STAFF_PASSWORD_CHANGE_MSG, staffReasonFailure } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  CAPTCHA_CODE,
  clickInPopup,
  consoleMessage,
  inConsole as inConsoleAs,
  credit,
  memberIdOf,
  newDesktop,
  type Platform,
  registerViaApi,
  settled,
  shot,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  uniqueName,
  newStaffViaApi,
} from '../harness.js';

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/** A fresh desktop window signed in as `token` (the admin by default) at `path` (below /admin). */
const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin, viewport?: { width: number; height: number }) =>
  inConsoleAs(browser, platform, token, path, fn, viewport);

const balance = async (token: string) => (await apiAs<{ balance: number }>(platform, 'balance', token)).data.balance;
const messageIs = (page: Page, text: string) => expect.poll(() => consoleMessage(page), { timeout: 6000 }).toBe(text);
/** The row of a table that shows `text` (an order number, a username). */
const row = (page: Page, text: string) => page.locator('.ant-table-row', { hasText: text });

/** The page's unhandled errors from now on (a refused form validation left unhandled is Chromium's "Uncaught (in promise) Object"). */
function pageErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}
/** After an empty submit of a modal: its field messages are all that shows; no toast, no "Object", no unhandled error. */
async function onlyFieldMessages(page: Page, errors: string[]): Promise<void> {
  expect(await page.locator('.ant-message-notice').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toContain('Object');
  await settled(page);
  expect(errors).toEqual([]);
}

describe('staff login', () => {
  it('sends a visitor to the login page, refuses a wrong password with the server message, signs admin in', async () => {
    const ctx = await newDesktop(browser);
    try {
      const page = await ctx.newPage();
      await page.goto(`${platform.url}/admin/`);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      await messageIs(page, MSG.loginWrong);
      await shot(page, 'admin-login');
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('login-submit').click();
      // The console opens on 数据概览: its title and today's figures.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
      await page.getByTestId('dashboard-page').getByRole('heading', { name: '数据概览' }).waitFor();
      await page.locator('[data-testid^="tile-"][data-testid$="-today"]').first().waitFor();
      expect(await page.getByTestId('staff-name').innerText()).toBe('admin');
      expect(await page.locator('.ant-layout-sider .ant-menu-item-selected').innerText()).toContain('数据概览');
      await shot(page, 'admin-home-dashboard');
      // A reload keeps the session and the console's own route.
      await page.goto(`${platform.url}/admin/deposits`);
      await page.reload();
      await page.getByTestId('staff-name').waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/deposits');
      // /admin/ itself is 数据概览 too.
      await page.goto(`${platform.url}/admin/`);
      await page.getByTestId('dashboard-page').getByRole('heading', { name: '数据概览' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    } finally {
      await ctx.close();
    }
  });

  it(`asks for a captcha after ${LOGIN_CAPTCHA.afterFailures} wrong passwords instead of locking admin out; the right password with the captcha signs in`, async () => {
    const ctx = await newDesktop(browser);
    try {
      const page = await ctx.newPage();
      await page.goto(`${platform.url}/admin/login`);
      await page.getByTestId('login-username').fill('admin');
      for (let i = 1; i <= LOGIN_CAPTCHA.afterFailures; i++) {
        expect(await page.getByTestId('login-code').count()).toBe(0);
        await page.getByTestId('login-password').fill(`wrong-password-${i}`);
        // The last try's message may still be on screen (3 s): this try's is the one not yet marked.
        await page.locator('.ant-message-notice').evaluateAll((notices) => notices.forEach((n) => n.setAttribute('data-seen', '')));
        await page.getByTestId('login-submit').click();
        await expect.poll(() => page.locator('.ant-message-notice:not([data-seen]) .ant-message-notice-content').last().innerText(), { timeout: 6000 }).toBe(MSG.loginWrong);
      }
      // the server asked for a captcha: the row appears with a picture; a click loads another
      const image = page.getByTestId('login-captcha-image');
      await image.waitFor();
      const first = await image.getAttribute('src');
      await page.getByTestId('login-captcha').click();
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);
      // the right password without the captcha is not even sent: the form asks for it
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.locator('.ant-form-item-explain-error', { hasText: MSG.regCaptchaEmpty }).waitFor();
      await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 8000 }).toBe(0);
      await shot(page, 'admin-login-captcha');
      // a wrong one too, and the field starts again empty with a new picture
      const second = await image.getAttribute('src');
      await page.getByTestId('login-code').fill('zzzz');
      await page.getByTestId('login-submit').click();
      await messageIs(page, MSG.regCaptchaWrong);
      expect(await page.getByTestId('login-code').inputValue()).toBe('');
      await expect.poll(() => image.getAttribute('src')).not.toBe(second);
      await page.getByTestId('login-code').fill(CAPTCHA_CODE);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/dashboard');
      expect(await page.getByTestId('staff-name').innerText()).toBe('admin');
    } finally {
      await ctx.close();
    }
  });

  it('shows a support member only what support may see', async () => {
    const username = uniqueName('sup');
    await newStaffViaApi(platform, admin, { username, password: 'support-Pass-1', role: 'support' });
    const token = await staffLoginViaApi(platform, username, 'support-Pass-1');
    await inConsole('/', async (page) => {
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/members');
      const menu = await page.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();
      expect(menu.map((t) => t.trim())).toEqual(['会员管理', '自我排除名单', '注单与转账', '在线客服', '站内信', 'VIP等级', '返水管理', '活动管理', '活动类型', '活动申请', '红包管理', '轮播图', '公告', '帮助文章', '游戏目录', '代理申请', '代理管理', '佣金审核', '佣金方案', '彩票赔率', '房间管理', '聊天管理']);
      // under the titles of the groups support has entries in (资金审核, 数据报表 and 系统 have none)
      const groups = await page.locator('.ant-layout-sider .ant-menu-item-group-title').allInnerTexts();
      expect(groups.map((t) => t.trim())).toEqual(['会员服务', '运营活动', '内容管理', '代理佣金', '彩票']);
      await shot(page, 'admin-menu-support');
      await page.goto(`${platform.url}/admin/deposits`);
      await page.getByText('无权执行此操作').waitFor();
    }, token);
  });
});

describe('deposit review', () => {
  it('approves a deposit made through the member API and the member’s balance grows', async () => {
    const member = await registerViaApi(platform, uniqueName('dp'));
    const r = await apiAs<{ deposit_no: string }>(platform, 'recharge', member.token, { paytype: 'alipay', amount: 500 });
    expect(r.code).toBe(200);
    await inConsole('/deposits', async (page) => {
      const order = row(page, r.data.deposit_no);
      await order.waitFor();
      expect(await order.innerText()).toContain(member.name);
      await shot(page, 'admin-deposits');
      await order.locator('[data-testid^="approve-"]').click();
      await page.locator('.ant-popconfirm').waitFor();
      await shot(page, 'admin-deposit-confirm');
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await messageIs(page, ADMIN_MSG.reviewApproved);
      await expect.poll(() => order.count()).toBe(0);
      await expect.poll(() => balance(member.token)).toBe(500);
      await page.getByRole('tab', { name: '已通过' }).click();
      await row(page, r.data.deposit_no).getByText('已通过').waitFor();
      await shot(page, 'admin-deposit-approved');
    });
  });
});

describe('withdrawal review', () => {
  it('rejects a withdrawal with a reason and the money goes back to the member', async () => {
    const member = await registerViaApi(platform, uniqueName('wd'));
    await credit(platform, await memberIdOf(platform, member.token), 100_000);
    expect((await apiAs(platform, 'bindcard', member.token, { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: member.payPassword })).code).toBe(200);
    const [card] = (await apiAs<Array<{ id: number }>>(platform, 'getcard', member.token, { type: 1 })).data;
    const w = await apiAs<{ withdraw_no: string }>(platform, 'withdraw', member.token, { amount: 300, bank: card.id, password: member.payPassword });
    expect(w.code).toBe(200);
    expect(await balance(member.token)).toBe(700);

    await inConsole('/withdrawals', async (page) => {
      const order = row(page, w.data.withdraw_no);
      await order.waitFor();
      expect(await order.innerText()).toContain('6222021234567890');
      await shot(page, 'admin-withdrawals');
      await order.locator('[data-testid^="reject-"]').click();
      // An empty submit: the message under the field and nothing else (no toast, no unhandled "Object").
      const errors = pageErrorsOf(page);
      await clickInPopup(page.getByTestId('reject-confirm'));
      await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').allInnerTexts()).toEqual([reviewReasonFailure('')]);
      await onlyFieldMessages(page, errors);
      await page.getByTestId('reject-reason').fill('银行卡户名与会员姓名不符');
      await shot(page, 'admin-withdrawal-reject');
      await clickInPopup(page.getByTestId('reject-confirm'));
      await messageIs(page, ADMIN_MSG.reviewRejected);
      await expect.poll(() => balance(member.token)).toBe(1000);
      await page.getByRole('tab', { name: '已拒绝' }).click();
      await row(page, w.data.withdraw_no).getByText('原因：银行卡户名与会员姓名不符').waitFor();
    });
  });
});

describe('members', () => {
  it('finds a member, shows the detail and adjusts the balance with a reason', async () => {
    const member = await registerViaApi(platform, uniqueName('mb'));
    await credit(platform, await memberIdOf(platform, member.token), 20_000);
    await inConsole('/members', async (page) => {
      await page.getByTestId('member-search').fill(member.name);
      await page.getByTestId('member-search').press('Enter');
      const line = row(page, member.name);
      // the search answers with exactly this member (the list before it shows several)
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await line.waitFor();
      await line.click();
      await expect.poll(() => page.getByTestId('member-balance').innerText()).toContain('200.00');
      await page.getByTestId('adjust-open').click();
      // An empty submit: the amount, the category (奖金, 补偿, 更正) and the reason each say what they need, under them, and nothing else.
      const errors = pageErrorsOf(page);
      await page.getByTestId('adjust-submit').click();
      await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').allInnerTexts()).toEqual([ADMIN_MSG.adjustAmount, FINANCE_DESK_MSG.adjustCategory, staffReasonFailure('')]);
      await onlyFieldMessages(page, errors);
      await page.getByTestId('adjust-amount').fill('50');
      await page.getByTestId('adjust-reason').fill('活动奖励补发');
      await page.getByTestId('adjust-category').getByText('奖金').click();
      await page.getByTestId('adjust-multiple').fill('2');
      await shot(page, 'admin-adjust');
      await page.getByTestId('adjust-submit').click();
      await messageIs(page, ADMIN_MSG.adjustDone);
      await expect.poll(() => page.getByTestId('member-balance').innerText()).toContain('250.00');
      await page.getByTestId('member-ledger').getByText('活动奖励补发').waitFor();
      await page.locator('.ant-modal').waitFor({ state: 'hidden' });
      await shot(page, 'admin-member-detail');
    });
    expect(await balance(member.token)).toBe(250);
    expect((await apiAs<{ bet_amount: number }>(platform, 'getBetAmount', member.token)).data.bet_amount).toBe(100);
  });
});

describe('audit log and ledger', () => {
  it('shows every staff action with its before and after', async () => {
    await inConsole('/audit', async (page) => {
      const adjust = page.locator('.ant-table-row', { hasText: '调整会员余额' }).first();
      await adjust.waitFor();
      await page.locator('.ant-table-row', { hasText: '取款审核拒绝' }).first().waitFor();
      await page.locator('.ant-table-row', { hasText: '存款审核通过' }).first().waitFor();
      await adjust.click();
      const diff = page.getByTestId('audit-diff').first();
      await diff.waitFor();
      expect(await diff.innerText()).toContain('活动奖励补发');
      await shot(page, 'admin-audit');
    });
  });

  it('runs the ledger check', async () => {
    await inConsole('/ledger', async (page) => {
      await page.getByTestId('ledger-run').click();
      await page.getByTestId('ledger-result').getByText(ADMIN_MSG.ledgerOk).waitFor();
      await shot(page, 'admin-ledger');
    });
  });

  it('is usable on a phone: the menu folds away and tables scroll', async () => {
    await inConsole('/deposits', async (page) => {
      await page.getByText('存款审核').first().waitFor();
      await page.locator('.ant-table').waitFor();
      await shot(page, 'admin-phone-deposits');
      await page.getByRole('button', { name: '菜单' }).click();
      await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '支付设置' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/payments');
      await page.getByTestId('method-save-bank').waitFor();
      await shot(page, 'admin-phone-payments');
    }, admin, { width: 390, height: 844 });
  });
});

describe('pay settings and staff', () => {
  it('changes a deposit range in 支付设置 and members see it at once', async () => {
    await inConsole('/payments', async (page) => {
      const min = page.getByTestId('method-min-alipay');
      await min.waitFor();
      await min.fill('300');
      await page.getByTestId('method-max-alipay').fill('200');
      await page.getByTestId('method-save-alipay').click();
      await messageIs(page, ADMIN_MSG.payRangeOrder);
      await page.getByTestId('method-max-alipay').fill('8000');
      await page.getByTestId('method-save-alipay').click();
      await messageIs(page, ADMIN_MSG.saved);
      await shot(page, 'admin-payments', { fullPage: true });
    });
    const member = await registerViaApi(platform, uniqueName('pr'));
    expect((await apiAs(platform, 'getPayRange', member.token, { type: 'alipay' })).data).toEqual({ min_price: 300, max_price: 8000 });
    expect((await staffApi(platform, admin, 'POST', '/pay-methods/alipay', { enabled: true, min: 100, max: 10000 })).code).toBe(200);
  });

  it('creates a staff member in 员工管理', async () => {
    const username = uniqueName('fin');
    let id = 0;
    await inConsole('/staff', async (page) => {
      await page.getByRole('button', { name: '新增员工' }).click();
      const modal = page.locator('.ant-modal');
      // An empty submit: each field says what it needs, under it; nothing else pops up.
      const errors = pageErrorsOf(page);
      await modal.locator('.ant-btn-primary').click();
      await modal.locator('.ant-form-item-explain-error', { hasText: ADMIN_MSG.staffUsername }).waitFor();
      await modal.locator('.ant-form-item-explain-error', { hasText: ADMIN_MSG.staffPassword }).waitFor();
      expect(await modal.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual([ADMIN_MSG.staffUsername, ADMIN_MSG.staffPassword]);
      await onlyFieldMessages(page, errors);
      await shot(page, 'admin-staff-create-empty');
      await modal.getByLabel('用户名').fill(username);
      await modal.getByLabel('显示名称').fill('小张');
      await modal.getByLabel('初始密码').fill('finance-Pass-1');
      await modal.locator('.ant-select').click();
      await page.locator('.ant-select-item-option', { hasText: '财务' }).click();
      await modal.locator('.ant-btn-primary').click();
      await messageIs(page, ADMIN_MSG.staffCreated);
      await row(page, username).getByText('正常').waitFor();
      await row(page, username).getByText('待修改初始密码').waitFor();
      await modal.waitFor({ state: 'hidden' });
      id = Number(await row(page, username).locator('td').first().innerText());
      expect(await page.getByTestId(`staff-display-name-${id}`).innerText()).toBe('小张');
      // never signed in yet
      expect(await page.getByTestId(`staff-last-login-${id}`).innerText()).toBe('从未登录');
      // the display name is changed in place, never to an empty one
      await row(page, username).getByRole('button', { name: `修改显示名称 ${username}` }).click();
      const naming = page.locator('.ant-modal', { hasText: '显示名称 ·' });
      await naming.getByLabel('显示名称').fill('');
      await naming.locator('.ant-btn-primary').click();
      await naming.locator('.ant-form-item-explain-error', { hasText: STAFF_NAME_MSG.displayName }).waitFor();
      await naming.getByLabel('显示名称').fill('财务小张');
      await naming.locator('.ant-btn-primary').click();
      await messageIs(page, STAFF_NAME_MSG.saved);
      await expect.poll(() => page.getByTestId(`staff-display-name-${id}`).innerText()).toBe('财务小张');
      await shot(page, 'admin-staff');
    });
    // The new member signs in with the initial password and must choose its own before anything else.
    const ctx = await newDesktop(browser);
    try {
      const page = await ctx.newPage();
      await page.goto(`${platform.url}/admin/login`);
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill('finance-Pass-1');
      await page.getByTestId('login-submit').click();
      const card = page.getByTestId('password-required');
      await card.getByText(STAFF_PASSWORD_CHANGE_MSG.required).waitFor();
      await expect.poll(() => page.locator('.ant-layout-sider').count()).toBe(0);
      await shot(page, 'admin-password-required');
      await card.getByLabel('初始密码').fill('finance-Pass-1');
      await card.getByLabel('新密码', { exact: true }).fill('finance-Pass-1');
      await card.getByLabel('确认新密码').fill('finance-Pass-1');
      await card.getByTestId('password-submit').click();
      await messageIs(page, MSG.passwordSame);
      await card.getByLabel('新密码', { exact: true }).fill('finance-Own-pass2');
      await card.getByLabel('确认新密码').fill('finance-Own-pass2');
      await card.getByTestId('password-submit').click();
      await messageIs(page, STAFF_PASSWORD_CHANGE_MSG.done);
      await page.getByTestId('staff-name').getByText(username).waitFor();
      await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '取款审核' }).waitFor();
    } finally {
      await ctx.close();
    }
    const token = await staffLoginViaApi(platform, username, 'finance-Own-pass2');
    expect((await staffApi(platform, token, 'GET', '/me')).data).toMatchObject({ role: 'finance', password_change_due: false });
    // 最近登录: the sign-in just made, at its Beijing time, with its address
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    await inConsole('/staff', async (page) => {
      const cell = page.getByTestId(`staff-last-login-${id}`);
      await expect.poll(() => cell.innerText()).toContain('127.0.0.1');
      const [at] = (await cell.innerText()).split('\n');
      expect(at).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}:\\d{2}$`));
      expect(Math.abs(new Date(`${at!.replace(' ', 'T')}+08:00`).getTime() - Date.now())).toBeLessThan(5 * 60_000);
      await shot(page, 'admin-staff-last-login');
    });
  });
});
