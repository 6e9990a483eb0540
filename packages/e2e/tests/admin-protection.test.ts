import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fmt, PROTECTION_EVENT, PROTECTION_MSG, type AdminProtectionView, type BlockedMemberRow, type Page as ListPage } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  newStaffViaApi,
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
} from '../harness.js';

/**
 * Player protection in the console at 1280×800: what members set for themselves
 * through the member API (limits, a raise waiting for its cooling-off, a self-exclusion) shows in the
 * member drawer's 安全与健康 tab with its history; staff make a limit and the exclusion stricter, with a
 * reason and a confirm, and are refused anything looser; 自我排除名单 lists the members under a block
 * and opens each one's tab.
 */
let platform: Platform;
let browser: Browser;
let admin: string;
const members: Record<'a' | 'b', { name: string; token: string; id: number }> = {} as never;

async function member(prefix: string) {
  const m = await registerViaApi(platform, uniqueName(prefix));
  return { name: m.name, token: m.token, id: await memberIdOf(platform, m.token) };
}
async function memberCall(token: string, path: string, body: unknown): Promise<void> {
  const r = await apiAs(platform, path, token, body);
  if (r.code !== 200) throw new Error(`${path} refused: ${r.message}`);
}
const view = async (id: number) => (await staffApi<AdminProtectionView>(platform, admin, 'GET', `/members/${id}/protection`)).data;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, ...(process.env.E2E_ADMIN_DIST ? { adminDist: process.env.E2E_ADMIN_DIST } : {}) }));
  admin = await staffLoginViaApi(platform);
  members.a = await member('pa');
  members.b = await member('pb');
  // A: a daily deposit limit, then a raise (waits 24 h), a weekly loss limit, a deposit, then a year's self-exclusion.
  const a = members.a.token;
  await memberCall(a, 'protection/limit', { kind: 'deposit', period: 'day', limit: 1000 });
  await memberCall(a, 'protection/limit', { kind: 'deposit', period: 'day', limit: 2000 });
  await memberCall(a, 'protection/limit', { kind: 'loss', period: 'week', limit: 5000 });
  // 800 of today's 1000 deposited (the order counts while it waits for review).
  await memberCall(a, 'recharge', { paytype: 'bank', amount: 800, bank_owner: '张三', bank: '中国建设银行', bank_no: '6222029876543210987', bank_address: '上海分行' });
  await memberCall(a, 'protection/block', { kind: 'exclusion', duration: '1y' });
  // B: excluded for good.
  await memberCall(members.b.token, 'protection/block', { kind: 'exclusion', duration: 'permanent' });
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);

/** Opens a member's drawer from 会员管理 at 安全与健康. */
async function openTab(page: Page, m: { name: string; id: number }): Promise<void> {
  await page.getByTestId('member-search').fill(m.name);
  await page.getByTestId('member-search').press('Enter');
  await page.getByTestId(`member-open-${m.id}`).click();
  await page.getByRole('tab', { name: '安全与健康' }).click();
  await page.getByTestId('protection-limits').locator('tbody tr.ant-table-row').first().waitFor();
}
/** Closes the open form dialog with its ×. */
async function closeModal(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-close').click();
  await page.locator('.ant-modal-wrap').first().waitFor({ state: 'hidden' });
}
const rowOf = (page: Page, label: string) => page.getByTestId('protection-limits').locator('tbody tr.ant-table-row').filter({ hasText: label });
const historyRows = (page: Page) => page.getByTestId('protection-history').locator('tbody tr.ant-table-row');

/** Fills 设置更严格限额 and confirms it. */
async function stricterLimit(page: Page, kind: string, period: string, limit: number, reason: string, shotName?: string): Promise<void> {
  await page.getByTestId('protection-limit-open').click();
  await page.getByTestId('protection-limit-kind').click();
  await page.locator('.ant-select-item-option').filter({ hasText: kind }).click();
  await page.getByTestId('protection-limit-period').getByText(period, { exact: true }).click();
  await page.getByTestId('protection-limit-amount').fill(String(limit));
  await page.getByTestId('protection-limit-reason').fill(reason);
  if (shotName) await stillShot(page, shotName);
  await page.getByTestId('protection-limit-submit').click();
  await clickInPopup(page.getByTestId('protection-limit-confirm'));
}

describe('安全与健康', () => {
  it('shows what the member set: limits with the pending raise, the self-exclusion and the history', async () => {
    const v = await view(members.a.id);
    expect(v.limits.map((l) => `${l.kind}/${l.period}/${l.limit}`).sort()).toEqual(['deposit/day/1000', 'loss/week/5000']);
    await inConsole('/members', async (page) => {
      await openTab(page, members.a);
      const deposit = await rowOf(page, '每日存款限额').innerText();
      expect(deposit).toContain('¥1,000.00');
      expect(deposit).toContain('¥800.00');
      expect(deposit).toContain('80%');
      expect(deposit).toContain('申请提高至 ¥2,000.00');
      expect(deposit).toContain(`${v.limits.find((l) => l.kind === 'deposit')!.pending!.confirmable_at} 后会员可确认`);
      expect(await rowOf(page, '每周亏损限额').innerText()).toContain('¥5,000.00');
      const block = await page.getByTestId('protection-block').innerText();
      expect(block).toContain('自我排除');
      expect(block).toContain('1年');
      expect(block).toContain(`至 ${v.block!.until}`);
      expect(await page.getByTestId('protection-state').innerText()).toContain('每 60 分钟');
      // Every change the member made, by the member, without a reason.
      const lines = [
        fmt(PROTECTION_EVENT.set, { label: '每日存款限额', value: '1000元' }),
        fmt(PROTECTION_EVENT.raise, { label: '每日存款限额', value: '2000元' }),
        fmt(PROTECTION_EVENT.set, { label: '每周亏损限额', value: '5000元' }),
        fmt(PROTECTION_EVENT.block, { label: '自我排除', duration: '1年' }),
      ];
      expect(await historyRows(page).count()).toBe(lines.length);
      for (const line of lines) expect(await historyRows(page).filter({ hasText: line }).filter({ hasText: '会员本人' }).count()).toBe(1);
      await stillShot(page, 'admin-protection-tab');
    });
  });

  it('makes a limit stricter with a reason (history grows) and refuses a looser one', async () => {
    const before = await view(members.a.id);
    await inConsole('/members', async (page) => {
      await openTab(page, members.a);
      // The form's own rules first: no reason, no change.
      await page.getByTestId('protection-limit-open').click();
      await page.getByTestId('protection-limit-submit').click();
      await page.getByText(PROTECTION_MSG.kind).waitFor();
      await page.getByText(PROTECTION_MSG.staffReason).waitFor();
      await closeModal(page);

      await stricterLimit(page, '存款限额', '每日', 500, '会员来电称难以控制存款，经主管同意下调', 'admin-protection-limit-form');
      await consoleMessageIs(page, PROTECTION_MSG.staffSaved);
      await expect.poll(() => historyRows(page).count()).toBe(before.history.length + 1);
      const mine = await historyRows(page).filter({ hasText: '会员来电称难以控制存款' }).innerText();
      expect(mine).toContain('admin');
      expect(mine).toContain(fmt(PROTECTION_EVENT.lower, { label: '每日存款限额', value: '500元' }));
      await expect.poll(() => rowOf(page, '每日存款限额').innerText()).toContain('¥500.00');
      // The member's pending raise is cancelled with it.
      expect(await rowOf(page, '每日存款限额').innerText()).not.toContain('申请提高');
      expect(await rowOf(page, '每日存款限额').innerText()).toContain('已达上限');
      await page.getByTestId('protection-history').scrollIntoViewIfNeeded();
      await stillShot(page, 'admin-protection-history');

      // Looser than what is in force: the server refuses, nothing changes.
      await stricterLimit(page, '存款限额', '每日', 800, '试图放宽');
      await consoleMessageIs(page, PROTECTION_MSG.staffStricterOnly);
      await stillShot(page, 'admin-protection-limit-refused');
      await closeModal(page);
      expect(await historyRows(page).count()).toBe(before.history.length + 1);
      expect(await rowOf(page, '每日存款限额').innerText()).toContain('¥500.00');
    });
    const after = await view(members.a.id);
    expect(after.limits.find((l) => l.kind === 'deposit' && l.period === 'day')).toMatchObject({ limit: 500, pending: null });
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history.some((h) => h.by === 'admin' && h.reason === '会员来电称难以控制存款，经主管同意下调')).toBe(true);
  });

  it('lengthens the self-exclusion with a confirm and refuses a shorter block', async () => {
    await inConsole('/members', async (page) => {
      await openTab(page, members.a);
      const count = await historyRows(page).count();

      await page.getByTestId('protection-block-open').click();
      await page.getByTestId('protection-block-kind').getByText('冷静期', { exact: true }).click();
      await page.getByTestId('protection-block-duration').getByText('24小时', { exact: true }).click();
      await page.getByTestId('protection-block-reason').fill('试图缩短');
      await page.getByTestId('protection-block-submit').click();
      await clickInPopup(page.getByTestId('protection-block-confirm'));
      // A 24-hour time-out would end before the year's exclusion: refused, the exclusion stands.
      await consoleMessageIs(page, fmt(PROTECTION_MSG.blockShorter, { label: '自我排除' }));
      expect(await historyRows(page).count()).toBe(count);
      await closeModal(page);

      await page.getByTestId('protection-block-open').click();
      await page.getByTestId('protection-block-kind').getByText('自我排除', { exact: true }).click();
      await page.getByTestId('protection-block-duration').getByText('5年', { exact: true }).click();
      await page.getByTestId('protection-block-reason').fill('家属提供证明，延长排除期');
      await page.getByTestId('protection-block-submit').click();
      await page.locator('.ant-modal-confirm').waitFor();
      await stillShot(page, 'admin-protection-block-confirm');
      await clickInPopup(page.getByTestId('protection-block-confirm'));
      await consoleMessageIs(page, PROTECTION_MSG.staffSaved);
      await expect.poll(() => page.getByTestId('protection-block').innerText()).toContain('5年');
      await expect.poll(() => historyRows(page).count()).toBe(count + 1);
      const mine = await historyRows(page).filter({ hasText: '家属提供证明，延长排除期' }).innerText();
      expect(mine).toContain(fmt(PROTECTION_EVENT.block, { label: '自我排除', duration: '5年' }));
      expect(mine).toContain('admin');
    });
    expect((await view(members.a.id)).block).toMatchObject({ kind: 'exclusion', duration: '5y' });
  });
});

describe('自我排除名单', () => {
  it('lists the members under a block now and opens one at its 安全与健康 tab', async () => {
    const list = (await staffApi<ListPage<BlockedMemberRow>>(platform, admin, 'GET', '/protection/blocks')).data;
    const a = list.data.find((r) => r.member_id === members.a.id)!;
    expect(a).toMatchObject({ kind: 'exclusion', duration: '5y', by: 'admin' });
    expect(list.data.find((r) => r.member_id === members.b.id)).toMatchObject({ kind: 'exclusion', duration: 'permanent', until: '', by: 'member' });
    await inConsole('/members', async (page) => {
      await page.getByRole('menuitem', { name: '自我排除名单' }).click();
      const table = page.getByTestId('protection-blocks');
      const rowA = table.locator('tbody tr.ant-table-row').filter({ hasText: members.a.name });
      const rowB = table.locator('tbody tr.ant-table-row').filter({ hasText: members.b.name });
      await rowA.waitFor();
      const textA = await rowA.innerText();
      for (const t of ['自我排除', '5年', a.started_at, a.until, 'admin']) expect(textA).toContain(t);
      const textB = await rowB.innerText();
      for (const t of ['自我排除', '永久', '会员本人']) expect(textB).toContain(t);
      await stillShot(page, 'admin-protection-blocks');

      await page.getByTestId(`protection-blocks-open-${members.b.id}`).click();
      await expect.poll(() => page.getByRole('tab', { name: '安全与健康', selected: true }).count()).toBe(1);
      await expect.poll(() => page.getByTestId('protection-block').innerText()).toContain('永久');
      expect(await page.locator('.ant-drawer-title').innerText()).toBe(`会员 ${members.b.name}`);
    });
  });
});

describe('who sees it', () => {
  it('is 会员服务 work: staff without members.care see neither the tab nor the list', async () => {
    const ops = await newStaffViaApi(platform, admin, { username: uniqueName('ops'), password: 'ops-Pass-1234', role: 'operations' });
    expect((await staffApi(platform, ops.token, 'GET', `/members/${members.a.id}/protection`)).code).toBe(403);
    await inConsole(
      '/members',
      async (page) => {
        await page.getByTestId('member-search').fill(members.a.name);
        await page.getByTestId('member-search').press('Enter');
        await page.getByTestId(`member-open-${members.a.id}`).click();
        await page.getByRole('tab', { name: '账变记录' }).waitFor();
        expect(await page.getByRole('tab', { name: '安全与健康' }).count()).toBe(0);
        expect(await page.getByRole('menuitem', { name: '自我排除名单' }).count()).toBe(0);
      },
      ops.token,
    );
  });
});
