import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGENT_MSG, MSG, type AdminAgentApplication, type Page as ListPage } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessageIs,
  expectFieldMessage,
  expectToast,
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
} from '../harness.js';

/**
 * Agent applications at 390×844 and 1280×800: a member opens /applyagent from /mine's
 * 申请代理, the form refuses in the spec's order (请输入正确手机号, 请输入申请理由) and then sends, the
 * screen shows 审核中 with the time; staff approve in the console's 代理申请; /mine then shows 代理登录
 * and /applyagent no longer offers the form. A rejection with a reason shows on /applyagent above the
 * form, which applies again; the member drawer grants and revokes.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const INPUT = 'xpath=descendant-or-self::input';
const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>) => inConsoleAs(browser, platform, admin, path, fn);

async function pendingOf(name: string) {
  const r = await staffApi<ListPage<AdminAgentApplication>>(platform, admin, 'GET', `/agent-applications?state=0&keyword=${name}`);
  return r.data.data;
}

/** Fills and sends the form on /applyagent. */
async function send(page: Page, mobile: string, reason: string) {
  await page.getByTestId('agent-mobile').locator(INPUT).fill(mobile);
  await page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])').fill(reason);
  await page.getByTestId('agent-submit').click();
}

describe.each([
  { label: '390×844', viewport: 'phone' as const },
  { label: '1280×800', viewport: 'desktop' as const },
])('an agent application at $label', ({ label, viewport }) => {
  it('applies on /applyagent (the rules, then 审核中), staff approve in 代理申请, /mine shows 代理登录 and the form is gone', async () => {
    const name = uniqueName('ag');
    const m = await registerViaApi(platform, name);
    const ctx: BrowserContext = viewport === 'phone' ? await newPhone(browser) : await newDesktop(browser);
    const tag = viewport === 'phone' ? 'phone' : 'desktop';
    try {
      // The page's clock jumps over each toast's time on screen (skipToast).
      await ctx.clock.install();
      const page = await ctx.newPage();
      await signInPage(page, platform, m.token, '/mine');
      await page.getByTestId('mine-link-agent').click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#/applyagent');
      await page.getByTestId('agent-submit').waitFor();
      expect(await page.getByTestId('agent-username').innerText()).toBe(name);
      expect(await page.getByTestId('agent-realname').innerText()).toBe(name);
      // username and real name are read-only: no field to type in
      expect(await page.locator('.agent-form input').count()).toBe(1);
      await shot(page, `h5-applyagent-form-${tag}`);

      // the spec's order: the mobile first, then the reason; nothing is sent
      await send(page, '', '');
      await expectFieldMessage(page, MSG.mobileInvalid);
      await send(page, '1381234567', '有推广资源');
      await expectFieldMessage(page, '请输入正确手机号');
      await send(page, '13812345678', '   ');
      await expectFieldMessage(page, '请输入申请理由');
      expect(await pendingOf(name)).toEqual([]);

      const reason = `我有一个500人的游戏社群（${label}）`;
      await send(page, '13812345678', reason);
      await expectToast(page, AGENT_MSG.submitted);
      await page.getByTestId('agent-pending').waitFor();
      expect(await page.getByTestId('agent-state').innerText()).toBe('审核中');
      expect(await page.getByTestId('agent-submitted').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(await page.getByTestId('agent-pending').innerText()).toContain(reason);
      expect(await page.getByTestId('agent-submit').count()).toBe(0);
      await skipToast(page);
      await shot(page, `h5-applyagent-pending-${tag}`);
      // a second submission (another tab, the API) is refused with the clear message
      expect(await apiAs(platform, 'applyagentdo', m.token, { mobile: '13812345678', apply_info: '再次' })).toMatchObject({ code: 409, message: AGENT_MSG.pending });

      const [row] = await pendingOf(name);
      expect(row).toMatchObject({ username: name, mobile: '13812345678', apply_info: reason, state: 0 });
      await inConsole('/agent-applications', async (cp) => {
        await cp.getByTestId('agent-applications-keyword').locator(INPUT).fill(name);
        await cp.getByTestId('agent-applications-keyword').locator(INPUT).press('Enter');
        await expect.poll(() => cp.getByTestId('agent-applications').locator('tbody tr.ant-table-row').count()).toBe(1);
        expect(await cp.getByTestId('agent-applications').innerText()).toContain(reason);
        await stillShot(cp, `admin-agent-applications-pending-${tag}`);
        await cp.getByTestId(`agent-approve-${row!.id}`).click();
        await clickInPopup(cp.locator('.ant-popconfirm .ant-btn-primary'));
        await consoleMessageIs(cp, AGENT_MSG.approved);
        await expect.poll(() => cp.getByTestId('agent-applications').locator('tbody tr.ant-table-row').count()).toBe(0);
        await cp.getByRole('tab', { name: '已通过' }).click();
        await expect.poll(() => cp.getByTestId('agent-applications').innerText()).toContain(name);
        expect(await cp.getByTestId('agent-applications').innerText()).toContain('已通过');
        // 代理管理 lists the new agent
        await cp.locator('.ant-layout-sider .ant-menu-item', { hasText: '代理管理' }).click();
        await cp.getByTestId('agents-keyword').locator(INPUT).fill(name);
        await cp.getByTestId('agents-keyword').locator(INPUT).press('Enter');
        await expect.poll(() => cp.getByTestId('agents').locator('tbody tr.ant-table-row').count()).toBe(1);
        expect(await cp.getByTestId('agent-invited').innerText()).toBe('0');
        await stillShot(cp, `admin-agents-${tag}`);
      });

      // /mine: 代理登录 instead of 申请代理 (its target is the portal's, not this screen's)
      await open(page, platform, '/mine');
      await page.reload();
      await expect.poll(() => page.getByTestId('mine-link-agent').innerText(), { timeout: 6000 }).toBe('代理登录');
      await shot(page, `h5-mine-agent-${tag}`);
      await open(page, platform, '/applyagent');
      await page.getByTestId('agent-already').waitFor();
      expect(await page.getByTestId('agent-submit').count()).toBe(0);
      expect(await page.getByTestId('agent-mobile').count()).toBe(0);
      await shot(page, `h5-applyagent-agent-${tag}`);
      await page.getByTestId('agent-go-mine').click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#/mine');
    } finally {
      await ctx.close();
    }
  });
});

describe('a rejection, and grant and revoke in the member drawer (1280×800 console, 390×844 member)', () => {
  it('shows the reason on /applyagent above the form, applies again; the drawer grants then revokes with a reason', async () => {
    const name = uniqueName('ar');
    const m = await registerViaApi(platform, name);
    expect(await apiAs(platform, 'applyagentdo', m.token, { mobile: '13900001111', apply_info: '朋友多' })).toMatchObject({ code: 200 });
    const [row] = await pendingOf(name);
    const reason = '请先完善真实资料';
    await inConsole('/agent-applications', async (cp) => {
      await cp.getByTestId('agent-applications-keyword').locator(INPUT).fill(name);
      await cp.getByTestId('agent-applications-keyword').locator(INPUT).press('Enter');
      await cp.getByTestId(`agent-reject-${row!.id}`).click();
      await cp.getByTestId('reject-reason').fill(reason);
      await clickInPopup(cp.getByTestId('reject-confirm'));
      await consoleMessageIs(cp, AGENT_MSG.rejected);
    });

    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, m.token, '/applyagent');
      await page.getByTestId('agent-rejected').waitFor();
      expect(await page.getByTestId('agent-rejected-reason').innerText()).toBe(`原因：${reason}`);
      // the form again, with the last mobile
      expect(await page.getByTestId('agent-mobile').locator(INPUT).inputValue()).toBe('13900001111');
      expect(await page.getByTestId('agent-submit').innerText()).toContain('重新提交申请');
      await shot(page, `h5-applyagent-rejected-phone`);
      await page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])').fill('已完善资料，再次申请');
      await page.getByTestId('agent-submit').click();
      await expectToast(page, AGENT_MSG.submitted);
      await page.getByTestId('agent-pending').waitFor();
    } finally {
      await ctx.close();
    }

    const memberId = (await apiAs<{ id: number }>(platform, 'user', m.token)).data.id;
    await inConsole('/members', async (cp) => {
      await cp.getByTestId('member-search').locator(INPUT).fill(name);
      await cp.getByTestId('member-search').locator(INPUT).press('Enter');
      await cp.getByTestId(`member-open-${memberId}`).click();
      await expect.poll(() => cp.getByTestId('member-agent-state').innerText()).toBe('非代理');
      expect(await cp.getByTestId('member-agent').innerText()).toContain('申请审核中');
      await cp.getByTestId('member-agent-change').click();
      await clickInPopup(cp.getByTestId('member-agent-confirm'));
      await expect.poll(() => cp.locator('.ant-form-item-explain-error').innerText()).toContain('请填写原因');
      await cp.getByTestId('member-agent-reason').fill('线下合作伙伴');
      await clickInPopup(cp.getByTestId('member-agent-confirm'));
      await consoleMessageIs(cp, AGENT_MSG.granted);
      await expect.poll(() => cp.getByTestId('member-agent-state').innerText()).toBe('代理');
      await stillShot(cp, 'admin-member-agent-granted-desktop');
      await cp.getByTestId('member-agent-change').click();
      await cp.getByTestId('member-agent-reason').fill('违规推广');
      await clickInPopup(cp.getByTestId('member-agent-confirm'));
      await consoleMessageIs(cp, AGENT_MSG.revoked);
      await expect.poll(() => cp.getByTestId('member-agent-state').innerText()).toBe('非代理');
    });
    const audit = await platform.db.kysely.selectFrom('audit_log').select(['action', 'after']).where('target', '=', `member:${memberId}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['agent.grant', 'agent.revoke']);
    expect(audit.map((a) => (a.after as { reason: string }).reason)).toEqual(['线下合作伙伴', '违规推广']);
    expect((await apiAs<{ isagent: number }>(platform, 'user', m.token)).data.isagent).toBe(0);
  });
});
