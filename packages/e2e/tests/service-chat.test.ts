import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { SERVICE_MSG, STAFF_NAME_MSG, type ServiceConversation } from '@app/contract';
import { ADMIN_PASSWORD, consoleMessageIs, inConsole, newDesktop, newPhone, open, registerViaApi, signInConsole, signInPage, stillShot, staffApi, staffLoginViaApi, startSuite, stopSuite, uniqueName, type Platform } from '../harness.js';

/**
 * 在线客服: a visitor with nobody online leaves a message from /kefu at 390×844 and
 * it waits in the desk's queue; a member writes from /kefu, a support staff member claims and answers
 * from the console's 在线客服 at 1280×800, and the member sees the answer live (no reload) — texts
 * shown as typed, never as HTML. E2E_ADMIN_DIST may point at a private console build.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, ...(process.env.E2E_ADMIN_DIST ? { adminDist: process.env.E2E_ADMIN_DIST } : {}) }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

/** A support staff member past any first-sign-in password change, signed in. */
async function supportStaff(): Promise<{ username: string; token: string }> {
  const username = uniqueName('kf');
  const temporary = 'kefu-Temp-pass-1';
  const password = 'kefu-Own-pass-1';
  const created = await staffApi(platform, admin, 'POST', '/staff', { username, password: temporary, role: 'support' });
  expect(created.code, created.message).toBe(200);
  const first = await staffLoginViaApi(platform, username, temporary);
  const changed = await staffApi(platform, first, 'POST', '/password', { old_password: temporary, password });
  expect(changed.code, changed.message).toBe(200);
  return { username, token: await staffLoginViaApi(platform, username, password) };
}
const waiting = async () => (await staffApi<ServiceConversation[]>(platform, admin, 'GET', '/service/conversations?state=waiting')).data;

describe('在线客服', () => {
  it('tells a visitor nobody is online and keeps the message in the queue', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/kefu');
      await page.getByRole('status').filter({ hasText: SERVICE_MSG.offline }).waitFor();
      expect(await page.locator('.adm-nav-bar-title').innerText()).toBe('在线客服');
      expect(await page.getByText('客服人员正在为您查询').count()).toBe(0);
      await page.locator('.kefu-textarea textarea:not([aria-hidden])').fill('你好，我想咨询一下充值问题，请上线后回复我');
      await page.getByRole('button', { name: '发送' }).click();
      await expect.poll(() => page.getByTestId('kefu-mine').last().innerText(), { timeout: 6000 }).toContain('你好，我想咨询一下充值问题');
      await expect.poll(() => page.getByTestId('kefu-pending').count()).toBe(0);
      await stillShot(page, 'kefu-visitor-offline');
      const row = (await waiting()).find((c) => c.last_body === '你好，我想咨询一下充值问题，请上线后回复我');
      expect(row).toMatchObject({ state: 'waiting', member_id: null, unread: 1 });
      expect(row!.visitor_label).toMatch(/^访客\d{6}$/);
      // The visitor keeps the device token: the message is still there after a reload.
      await page.reload();
      await expect.poll(() => page.getByTestId('kefu-mine').count(), { timeout: 6000 }).toBe(1);
    } finally {
      await ctx.close();
    }
  });

  it('a member writes, support answers from the console, the member sees it live under the name set in 员工管理', async () => {
    const member = await registerViaApi(platform);
    const kefu = await supportStaff();
    // 员工管理 names the staff member for members; its login name never reaches them.
    await inConsole(browser, platform, admin, '/staff', async (page) => {
      const line = page.locator('.ant-table-row', { hasText: kefu.username });
      await line.getByRole('button', { name: `修改显示名称 ${kefu.username}` }).click();
      const field = page.locator('.ant-modal').getByLabel('显示名称');
      await field.fill('小美');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await consoleMessageIs(page, STAFF_NAME_MSG.saved);
      await expect.poll(() => line.locator('[data-testid^="staff-display-name-"]').innerText()).toBe('小美');
    });
    const phoneCtx = await newPhone(browser);
    const deskCtx = await newDesktop(browser);
    try {
      const phone = await phoneCtx.newPage();
      await signInPage(phone, platform, member.token, '/kefu');
      await phone.locator('.kefu-textarea textarea:not([aria-hidden])').waitFor();
      const question = '提款两小时还没到账 <b>急</b>';
      await phone.locator('.kefu-textarea textarea:not([aria-hidden])').fill(question);
      await phone.getByRole('button', { name: '发送' }).click();
      await expect.poll(() => phone.getByTestId('kefu-mine').last().locator('.kefu-bubble').innerText(), { timeout: 6000 }).toBe(question);

      const desk = await deskCtx.newPage();
      await signInConsole(desk, platform, kefu.token, '/service');
      await desk.getByTestId('service-desk').waitFor();
      const menu = await desk.locator('.ant-layout-sider .ant-menu-item').allInnerTexts();
      expect(menu.some((t) => t.trim().startsWith('在线客服'))).toBe(true);
      // The menu's badge counts the conversations waiting (the visitor's and this member's).
      await expect.poll(() => desk.getByTestId('menu-badge-service').innerText(), { timeout: 6000 }).toBe('2');
      // The desk is open: the member's screen says so without a reload.
      await phone.locator('.kefu-status-text', { hasText: '客服在线' }).waitFor({ timeout: 8000 });

      const item = desk.getByTestId('svc-item').filter({ hasText: member.name });
      await item.waitFor();
      await item.click();
      await desk.getByTestId('svc-messages').getByText(question, { exact: true }).waitFor();
      await desk.getByTestId('svc-claim').click();
      await consoleMessageIs(desk, SERVICE_MSG.claimOk);
      await phone.getByTestId('kefu-list').getByText('小美为您服务').waitFor();
      // Beside the chat: the member's basic information and the way to 会员管理.
      await expect.poll(() => desk.getByTestId('svc-member').innerText(), { timeout: 6000 }).toContain('会员ID');
      expect(await desk.getByTestId('svc-open-member').getAttribute('href')).toMatch(/^\/admin\/members\?member=\d+$/);
      expect(await desk.getByTestId('svc-open-360').getAttribute('href')).toMatch(/^\/admin\/members\/\d+$/);
      expect(await desk.locator('.svc-member-name').innerText()).toBe(member.name);

      const answer = '您好，已为您查询：<i>订单正在出款</i>，预计10分钟内到账';
      await desk.getByTestId('svc-input').fill(answer);
      await desk.getByTestId('svc-send').click();
      await consoleMessageIs(desk, SERVICE_MSG.sendOk);
      await desk.getByTestId('svc-messages').getByText(answer, { exact: true }).waitFor();
      await stillShot(desk, 'admin-service-desk');

      // Live on the member's screen, as text.
      await expect.poll(() => phone.getByTestId('kefu-staff').last().innerText(), { timeout: 6000 }).toContain(answer);
      expect(await phone.getByTestId('kefu-staff').last().locator('.kefu-name').innerText()).toBe('小美');
      // the chat's header names who answers
      await phone.locator('.kefu-agent', { hasText: '小美为您服务' }).waitFor();
      expect(await phone.locator('.kefu-bubble i').count()).toBe(0);
      expect(await phone.locator('body').innerText()).not.toContain(kefu.username);
      await stillShot(phone, 'kefu-member-chat');

      // The member answers back; the desk sees it arrive.
      await phone.locator('.kefu-textarea textarea:not([aria-hidden])').fill('好的，谢谢');
      await phone.getByRole('button', { name: '发送' }).click();
      await desk.getByTestId('svc-messages').getByText('好的，谢谢', { exact: true }).waitFor({ timeout: 6000 });
    } finally {
      await phoneCtx.close();
      await deskCtx.close();
    }
  });
});
