import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fmt, PROMO_ADMIN_MSG, PROMO_MSG, type AdminActivity, type AdminActivityApplication, type Page as ListPage } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessageIs,
  expectToast,
  imagesLoaded,
  inConsole as inConsoleAs,
  newDesktop,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  skipToast,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  newStaffViaApi,
} from '../harness.js';

/**
 * The console's promotion tools at 1280×800: 活动管理 (a new activity with an
 * uploaded banner and rules checked as typed, shown at once in the member app's /activity), 活动类型,
 * and the journey of an application at 390×844 and 1280×800: the member applies on /activityInfo for a
 * seeded promotion it meets, /activityRecord shows 审核中, staff approve it in 活动申请, the balance
 * rises by the bonus and the record shows 已通过 with it; a rejection shows 已拒绝 with the reason.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/** The input of an antd field whose test id may sit on the input itself or on its wrapper. */
const INPUT = 'xpath=descendant-or-self::input';

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);

const activities = async () => (await staffApi<AdminActivity[]>(platform, admin, 'GET', '/activities')).data;
const balance = async (token: string) => (await apiAs<{ balance: number }>(platform, 'balance', token)).data.balance;

/** A banner as a real PNG: a styled block rendered by the browser itself. */
async function bannerPng(): Promise<Buffer> {
  const ctx = await newDesktop(browser);
  try {
    const page = await ctx.newPage();
    await page.setContent(
      '<div id="b" style="width:750px;height:300px;display:flex;align-items:center;justify-content:center;background:linear-gradient(120deg,#ff7a45,#f5222d);color:#fff;font:bold 56px sans-serif">周末狂欢 加赠18元</div>',
    );
    return await page.locator('#b').screenshot({ type: 'png' });
  } finally {
    await ctx.close();
  }
}

describe('活动管理', () => {
  const title = `周末狂欢${uniqueName('').slice(-4)}`;

  it('creates an activity with an uploaded banner and rules checked as typed; the member app shows it at once', async () => {
    const png = await bannerPng();
    await inConsole('/activities', async (page) => {
      await page.getByTestId('activities').locator('tbody tr.ant-table-row').first().waitFor();
      // the seeded ones, with their rules in one line and 无需申请 for the VIP and red-packet ones
      await expect.poll(() => page.getByTestId('activities').innerText()).toContain('新会员首存100%彩金');
      expect(await page.getByTestId('activities').innerText()).toContain('无需申请');
      await imagesLoaded(page, '[data-testid="activities"]');
      await stillShot(page, 'admin-activities');

      await page.getByTestId('activity-new').click();
      await page.getByTestId('activity-title').fill(title);
      await page.locator('.activity-editor input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
      await consoleMessageIs(page, PROMO_ADMIN_MSG.uploaded);
      await imagesLoaded(page, '[data-testid="banner-preview"]');
      await page.getByTestId('activity-content').fill('<p>周末两天，<b>每位会员</b>申请即送18元彩金。</p><script>alert(1)</script>');
      await expect.poll(() => page.frameLocator('[data-testid="html-preview"]').first().locator('body').innerText()).toContain('每位会员');
      await page.getByRole('tab', { name: '活动规则说明' }).click();
      await page.getByTestId('activity-memo').fill('<ol><li>每位会员限申请一次</li><li>彩金需2倍流水</li></ol>');

      // a percent bonus needs a deposit to be a percent of, and offers the stacking rule, off by default
      // (one deposit, one deposit bonus)
      const pick = async (field: string, label: string) => {
        await page.getByTestId(field).click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).click();
      };
      await pick('rules-payout', '按存款比例');
      await expect.poll(() => page.getByTestId('rules-failure').innerText({ timeout: 1000 })).toBe(PROMO_MSG.rulePercentNeedsDeposit);
      await pick('rules-eligibility', '已完成首存');
      await expect.poll(() => page.getByTestId('rules-preview').innerText({ timeout: 1000 })).toContain('不与其他存款优惠同享');
      expect(await page.getByTestId('rules-stack').getAttribute('aria-checked')).toBe('false');
      await page.getByTestId('rules-stack').click();
      await expect.poll(() => page.getByTestId('rules-preview').innerText({ timeout: 1000 })).toContain('可与其他存款优惠同享');
      await pick('rules-payout', '固定彩金');
      await page.getByTestId('rules-stack').waitFor({ state: 'detached' });
      await pick('rules-eligibility', '所有会员');

      // a fixed bonus of 0: the contract's rule answers before anything is sent
      await page.getByTestId('rules-amount').locator(INPUT).fill('0');
      await expect.poll(() => page.getByTestId('rules-failure').innerText()).toBe(fmt(PROMO_MSG.ruleAmount, { max: 1_000_000 }));
      await page.getByTestId('rules-amount').locator(INPUT).fill('18');
      await page.getByTestId('rules-multiple').locator(INPUT).fill('2');
      await expect.poll(() => page.getByTestId('rules-preview').innerText()).toBe('所有会员 · 每人限一次 · 彩金18元 · 2倍流水 · 人工审核');
      await stillShot(page, 'admin-activity-editor-rules');
      await page.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
      await page.getByRole('tab', { name: '活动内容' }).click();
      await stillShot(page, 'admin-activity-editor');

      await page.getByTestId('activity-save').click();
      await consoleMessageIs(page, PROMO_ADMIN_MSG.created);
      await expect.poll(() => page.getByTestId('activities').innerText()).toContain(title);
    });
    const created = (await activities()).find((a) => a.title === title)!;
    expect(created).toMatchObject({ enabled: true, rules_text: '所有会员 · 每人限一次 · 彩金18元 · 2倍流水 · 人工审核' });
    expect(created.banner).toMatch(/^\/uploads\/site\/\d+\.png$/);
    const served = await fetch(platform.url + created.banner);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/activity');
      const card = page.getByTestId('activity-card').filter({ hasText: title });
      await card.waitFor();
      await imagesLoaded(page, '[data-testid="activity-page"]');
      await card.click();
      await expect.poll(() => page.getByTestId('activity-title').innerText()).toBe(title);
      const body = await page.getByTestId('activity-info').innerText();
      expect(body).toContain('每位会员');
      expect(body).toContain('彩金需2倍流水');
      expect(await page.locator('[data-testid="activity-info"] script').count()).toBe(0);
      await imagesLoaded(page, '[data-testid="activity-info"]');
      await shot(page, 'h5-activity-created');
    } finally {
      await ctx.close();
    }
  });

  it('下架 in the list takes it out of the member app', async () => {
    const created = (await activities()).find((a) => a.title === title)!;
    await inConsole('/activities', async (page) => {
      await page.getByTestId(`activity-enabled-${created.id}`).click();
      await consoleMessageIs(page, PROMO_ADMIN_MSG.disabled);
    });
    const list = await apiAs<{ data: Array<{ title: string }> }>(platform, 'activitylist', '', { type: 0, page: 1 });
    expect(list.data.data.map((a) => a.title)).not.toContain(title);
    expect((await staffApi(platform, admin, 'POST', `/activities/${created.id}/state`, { enabled: true })).code).toBe(200);
  });

  it('活动类型: adds a type and renames it in place; the member app has the tab', async () => {
    await inConsole('/activity-types', async (page) => {
      await page.getByTestId('activity-types').locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('type-new-name').fill('节日活动');
      await page.getByTestId('type-new').click();
      await consoleMessageIs(page, PROMO_ADMIN_MSG.typeCreated);
      const id = (await staffApi<Array<{ id: number; name: string }>>(platform, admin, 'GET', '/activity-types')).data.find((t) => t.name === '节日活动')!.id;
      await page.getByTestId(`type-name-${id}`).fill('节日专享');
      await page.getByTestId(`type-save-${id}`).click();
      await consoleMessageIs(page, PROMO_ADMIN_MSG.typeSaved);
      await stillShot(page, 'admin-activity-types');
    });
    const types = await apiAs<Array<{ name: string }>>(platform, 'activitytype');
    expect(types.data.map((t) => t.name)).toContain('节日专享');
  });
});

describe('who may', () => {
  it('support staff read activities and the queue without any control that changes something', async () => {
    const username = uniqueName('sup');
    await newStaffViaApi(platform, admin, { username, password: 'promo-Pass-12', role: 'support' });
    const support = await staffLoginViaApi(platform, username, 'promo-Pass-12');
    const first = (await activities())[0]!;
    await inConsole(
      '/activities',
      async (page) => {
        await page.getByTestId(`activity-${first.id}`).waitFor();
        expect(await page.getByTestId('activity-new').count()).toBe(0);
        expect(await page.getByTestId(`activity-enabled-${first.id}`).isDisabled()).toBe(true);
        expect(await page.getByTestId(`activity-edit-${first.id}`).innerText()).toBe('查 看');
        await page.getByTestId(`activity-edit-${first.id}`).click();
        await page.getByTestId('activity-title').waitFor();
        expect(await page.getByTestId('activity-title').isDisabled()).toBe(true);
        expect(await page.getByTestId('activity-save').count()).toBe(0);
        await page.goto(`${platform.url}/admin/activity-applications`);
        await page.getByTestId('applications').waitFor();
        expect(await page.locator('[data-testid^="approve-"]').count()).toBe(0);
      },
      support,
    );
  });
});

/** A member with an approved deposit of `yuan` (made through the API, approved with the staff API). */
async function memberWithDeposit(yuan: number) {
  const m = await registerViaApi(platform, uniqueName('pj'));
  await approvedDeposit(m.token, yuan);
  return m;
}

async function approvedDeposit(token: string, yuan: number) {
  const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', token, { paytype: 'alipay', amount: yuan });
  expect(order.code, order.message).toBe(200);
  const listed = await staffApi<{ data: { id: number }[] }>(platform, admin, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
  const approved = await staffApi(platform, admin, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {});
  expect(approved.code, approved.message).toBe(200);
}

async function applyOn(page: Page, activityId: number) {
  await open(page, platform, `/activityInfo?id=${activityId}`);
  await page.getByTestId('activity-apply').click();
  await expectToast(page, PROMO_MSG.submitted);
  await skipToast(page);
}

async function recordRows(page: Page) {
  await open(page, platform, '/activityRecord');
  await page.getByTestId('apply-row').first().waitFor();
  return page.getByTestId('apply-row');
}

describe.each([
  { label: '390×844', viewport: 'phone' as const },
  { label: '1280×800', viewport: 'desktop' as const },
])('the journey of an application at $label', ({ label, viewport }) => {
  it('applies on /activityInfo, 审核中; staff approve one in the console (balance up by the bonus, 已通过) and reject the other (已拒绝 with the reason)', async () => {
    const all = await activities();
    const firstDeposit = all.find((a) => a.title === '新会员首存100%彩金')!;
    const dailyDeposit = all.find((a) => a.title === '每日存款加赠10%')!;
    const m = await memberWithDeposit(300);
    const ctx: BrowserContext = viewport === 'phone' ? await newPhone(browser) : await newDesktop(browser);
    const tag = viewport === 'phone' ? 'phone' : 'desktop';
    try {
      // The page's clock jumps over each toast's time on screen (skipToast).
      await ctx.clock.install();
      const page = await ctx.newPage();
      await signInPage(page, platform, m.token, `/activityInfo?id=${firstDeposit.id}`);
      await page.getByTestId('activity-title').waitFor();
      await shot(page, `h5-activity-apply-${tag}`);
      await applyOn(page, firstDeposit.id);
      // one deposit backs one deposit bonus (the seeded activities do not stack): a second deposit for the daily one
      await approvedDeposit(m.token, 200);
      await applyOn(page, dailyDeposit.id);
      const pending = await recordRows(page);
      await expect.poll(() => pending.count()).toBe(2);
      expect(await pending.getByTestId('apply-state').allInnerTexts()).toEqual(['审核中', '审核中']);
      await shot(page, `h5-activity-record-pending-${tag}`);

      const queue = await staffApi<ListPage<AdminActivityApplication>>(platform, admin, 'GET', `/activity-applications?state=0&keyword=${m.name}`);
      const approveRow = queue.data.data.find((a) => a.activity_id === firstDeposit.id)!;
      const rejectRow = queue.data.data.find((a) => a.activity_id === dailyDeposit.id)!;
      // 首存100% of 300 (cap 888), 每日存款10% of the second deposit, 200
      expect(approveRow).toMatchObject({ bonus: 300, turnover: 3000, deposit_amount: 300 });
      expect(rejectRow).toMatchObject({ bonus: 20, deposit_amount: 200 });
      const before = await balance(m.token);
      const reason = `存款未达活动要求（${tag}）`;

      await inConsole('/activity-applications', async (cp) => {
        await cp.getByTestId('applications-keyword').locator(INPUT).fill(m.name);
        await cp.getByTestId('applications-keyword').locator(INPUT).press('Enter');
        await expect.poll(() => cp.getByTestId('applications').locator('tbody tr.ant-table-row').count()).toBe(2);
        expect(await cp.getByTestId(`application-bonus-${approveRow.id}`).innerText()).toContain('¥300.00');
        await stillShot(cp, `admin-applications-pending-${tag}`);
        await cp.getByTestId(`approve-${approveRow.id}`).click();
        await clickInPopup(cp.locator('.ant-popconfirm .ant-btn-primary'));
        await consoleMessageIs(cp, PROMO_MSG.approved);
        await cp.getByTestId(`reject-${rejectRow.id}`).click();
        await cp.getByTestId('reject-reason').fill(reason);
        await clickInPopup(cp.getByTestId('reject-confirm'));
        await consoleMessageIs(cp, PROMO_MSG.rejected);
        await expect.poll(() => cp.getByTestId('applications').locator('tbody tr.ant-table-row').count()).toBe(0);
        await cp.getByRole('tab', { name: '全部' }).click();
        await expect.poll(() => cp.getByTestId('applications').innerText()).toContain(reason);
        expect(await cp.getByTestId('applications').innerText()).toContain('已通过');
        await stillShot(cp, `admin-applications-reviewed-${tag}`);

        // 导出CSV: the filter's applications as a file Excel reads
        const download = cp.waitForEvent('download');
        await cp.getByTestId('applications-export').click();
        const file = await download;
        const bytes = await readFile((await file.path())!);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const text = bytes.toString('utf8');
        expect(text).toContain('申请ID,会员ID,会员账号,活动');
        expect(text).toContain(`${m.name},新会员首存100%彩金,once,已通过,300.00,3000.00`);
        expect(text).toContain(reason);
      });

      expect(await balance(m.token)).toBeCloseTo(before + 300, 2);
      // 我的 shows the new balance; back on the record (a fresh visit) both are reviewed
      await open(page, platform, '/mine');
      await expect.poll(() => page.getByTestId('mine-balance').innerText(), { timeout: 6000 }).toContain((before + 300).toFixed(2));
      const reviewed = await recordRows(page);
      const approvedRow = reviewed.filter({ hasText: '新会员首存100%彩金' });
      await expect.poll(() => approvedRow.getByTestId('apply-state').innerText(), { timeout: 6000 }).toBe('已通过');
      expect(await approvedRow.getByTestId('apply-bonus').innerText()).toBe('彩金 +300.00');
      const rejectedRow = reviewed.filter({ hasText: '每日存款加赠10%' });
      expect(await rejectedRow.getByTestId('apply-state').innerText()).toBe('已拒绝');
      expect(await rejectedRow.getByTestId('apply-reason').innerText()).toBe(`原因：${reason}`);
      await shot(page, `h5-activity-record-reviewed-${tag}`);
    } finally {
      await ctx.close();
    }
  });
});
