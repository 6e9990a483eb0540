import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MAIL_ADMIN_MSG, MEMBER_CARE_MSG, MEMBER_FIX_MSG, MSG, type AdminMailCampaignPage } from '@app/contract';
import { ADMIN_PASSWORD, apiAs, bankCardNo, clickInPopup, consoleMessageIs, inConsole as inConsoleAs, registerViaApi, route, memberIdOf, signInPage, shot, staffApi, staffLoginViaApi, startSuite, stillShot, stopSuite, withPhone, type Platform } from '../harness.js';

/**
 * 站内信 in the console at 1280×800 and the member's mailbox at 390×844: staff
 * send a mail to one member and to a VIP level, each member finds it in 消息中心 → 站内信, and the
 * campaign counts the read once the member opens it. 会员服务 in the member drawer:
 * staff reset a member's login password and the member's open app is sent to the login screen; staff
 * correct a member's name, mobile and email, move the member to another agent and unbind a card, each
 * with a reason, and the member's app shows the change.
 */

let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);
const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);
const campaigns = async () => (await staffApi<AdminMailCampaignPage>(platform, admin, 'GET', '/mail/campaigns')).data.data;

async function compose(page: Page, o: { title: string; content: string }) {
  await page.getByTestId('mail-title').fill(o.title);
  await page.getByTestId('mail-content').fill(o.content);
}

async function send(page: Page) {
  await page.getByTestId('mail-send').click();
  await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
}

async function openMailbox(page: Page, token: string, title: string) {
  await signInPage(page, platform, token, '/message');
  await page.locator('.adm-tabs-tab', { hasText: '站内信' }).click();
  const item = page.getByTestId('mail-item').filter({ hasText: title });
  await item.first().waitFor();
  return item;
}

describe('站内信', () => {
  it('sends to one member; the member reads it; the campaign counts the read', async () => {
    const member = await registerViaApi(platform);
    await inConsole('/mail', async (page) => {
      await page.getByTestId('mail-compose').waitFor();
      await page.getByTestId('mail-member').fill(member.name);
      await compose(page, { title: '账户安全提醒', content: `尊敬的${member.name}：\n为了您的账户安全，请定期修改登录密码。` });
      await expect.poll(() => page.getByTestId('mail-count').innerText(), { timeout: 6000 }).toBe('1');
      expect(await page.getByTestId('mail-recipients').innerText()).toContain(member.name);
      await shot(page, 'admin-mail-compose');
      await send(page);
      await consoleMessageIs(page, MAIL_ADMIN_MSG.sent);
      await page.getByTestId('mail-campaigns').getByText('账户安全提醒').waitFor();
    });
    const [c] = await campaigns();
    expect(c).toMatchObject({ title: '账户安全提醒', status: 'done', total: 1, sent: 1, read: 0 });

    await phone(async (page) => {
      const item = await openMailbox(page, member.token, '账户安全提醒');
      await item.first().click();
      const sheet = page.getByTestId('mail-sheet');
      await sheet.waitFor();
      expect(await sheet.innerText()).toContain('请定期修改登录密码');
      await page.waitForTimeout(400);
      await shot(page, 'h5-mail-from-staff');
    });

    await inConsole('/mail', async (page) => {
      await expect.poll(() => page.getByTestId(`campaign-read-${c!.id}`).innerText(), { timeout: 6000 }).toMatch(/^1\s/);
      await page.getByTestId('mail-campaigns').scrollIntoViewIfNeeded();
      await shot(page, 'admin-mail-read');
    });
  });

  it('sends to a VIP level; only that level gets it', async () => {
    const vip = await registerViaApi(platform);
    const other = await registerViaApi(platform);
    await platform.db.kysely.updateTable('vip_standings').set({ level: 9 }).where('member_id', '=', await memberIdOf(platform, vip.token)).execute();
    await inConsole('/mail', async (page) => {
      await page.locator('.ant-radio-button-wrapper', { hasText: 'VIP等级' }).click();
      await page.getByTestId('mail-vip').click();
      await page.locator('.ant-select-item-option[title="VIP9"]').click();
      await compose(page, { title: 'VIP9 专属福利', content: '本周VIP9会员存款享额外奖励。' });
      await expect.poll(() => page.getByTestId('mail-recipients').innerText(), { timeout: 6000 }).toBe('收件人：VIP9，共 1 人');
      await send(page);
      await consoleMessageIs(page, MAIL_ADMIN_MSG.sending);
      const [c] = await campaigns();
      await expect.poll(async () => page.getByTestId('mail-campaigns').locator('tr', { hasText: 'VIP9 专属福利' }).innerText(), { timeout: 10_000 }).toContain('已完成');
      expect(await page.getByTestId(`campaign-progress-${c!.id}`).innerText()).toContain('1/1');
      await page.getByTestId('mail-campaigns').scrollIntoViewIfNeeded();
      await shot(page, 'admin-mail-vip');
    });
    await phone(async (page) => {
      await openMailbox(page, vip.token, 'VIP9 专属福利');
      await shot(page, 'h5-mail-vip');
    });
    await phone(async (page) => {
      await signInPage(page, platform, other.token, '/message');
      await page.locator('.adm-tabs-tab', { hasText: '站内信' }).click();
      await page.getByTestId('mail-item').first().waitFor();
      expect(await page.getByTestId('mail-item').filter({ hasText: 'VIP9 专属福利' }).count()).toBe(0);
    });
  });
});

describe('会员服务', () => {
  it('resets a member\'s password in the drawer; the member\'s open app goes to login; the new password logs in', async () => {
    const member = await registerViaApi(platform);
    await phone(async (app) => {
      await signInPage(app, platform, member.token, '/mine');
      await app.getByTestId('mine-username').waitFor();
      let issued = '';
      await inConsole('/members', async (page) => {
        await page.getByTestId('member-search').fill(member.name);
        await page.getByTestId('member-search').press('Enter');
        await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
        await page.locator('.ant-table-row', { hasText: member.name }).click();
        await page.locator('.ant-drawer .ant-tabs-tab', { hasText: '会员服务' }).click();
        const sessions = page.getByTestId('care-sessions');
        await sessions.locator('.ant-table-row').first().waitFor();
        await page.getByTestId('care-note').fill('会员来电：忘记登录密码，已核实身份');
        await page.getByTestId('care-note-add').click();
        await page.getByTestId('care-note-item').first().waitFor();
        await shot(page, 'admin-member-care');
        await page.getByTestId('care-reset-password').click();
        await clickInPopup(page.getByTestId('care-confirm'));
        await expect.poll(() => page.locator('.ant-message-notice-content').last().innerText()).toContain('请填写原因');
        await page.getByTestId('care-reason').fill('会员来电忘记密码，已核实身份');
        await shot(page, 'admin-member-care-reset');
        await clickInPopup(page.getByTestId('care-confirm'));
        await consoleMessageIs(page, MEMBER_CARE_MSG.passwordReset);
        const box = page.getByTestId('care-issued');
        await box.waitFor();
        issued = (await box.innerText()).trim();
        await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 8000 }).toBe(0);
        await shot(page, 'admin-member-care-issued');
        await page.locator('.ant-modal-footer .ant-btn-primary', { hasText: '我已记下' }).click();
        await expect.poll(() => sessions.locator('.ant-table-row').first().innerText()).toContain('已结束');
      });
      expect(issued).toMatch(/^[A-Za-z0-9]{10}$/);
      const dialog = app.locator('.adm-dialog-body');
      await dialog.waitFor({ timeout: 10_000 });
      expect(await dialog.innerText()).toContain(MSG.sessionExpired);
      await stillShot(app, 'h5-session-ended-by-staff');
      await app.locator('.adm-dialog-button', { hasText: '确定' }).click();
      await expect.poll(() => route(app)).toBe('/login');
      const res = await fetch(`${platform.url}/api/login_pc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: member.name, password: issued }) });
      expect(((await res.json()) as { code: number }).code).toBe(200);
    });
  });

  it('corrects the name, mobile and email (a bad mobile marked under its field), moves the member to another agent and unbinds a card', async () => {
    const member = await registerViaApi(platform);
    const agent = await registerViaApi(platform);
    const [memberId, agentId] = [await memberIdOf(platform, member.token), await memberIdOf(platform, agent.token)];
    expect((await staffApi(platform, admin, 'POST', `/members/${agentId}/agent`, { isagent: 1, reason: '合作方' })).code).toBe(200);
    const cardNo = bankCardNo();
    expect((await apiAs(platform, 'bindcard', member.token, { bank: '中国银行', bank_owner: member.name, bank_address: '上海分行', bank_no: cardNo, pay_pass: member.payPassword })).code).toBe(200);
    await inConsole('/members', async (page) => {
      await page.getByTestId('member-search').fill(member.name);
      await page.getByTestId('member-search').press('Enter');
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await page.locator('.ant-table-row', { hasText: member.name }).click();

      await page.getByTestId('fix-profile-open').click();
      const form = page.getByTestId('fix-profile-form');
      await page.getByTestId('fix-realname').fill('王小明');
      await page.getByTestId('fix-mobile').fill('12345');
      await page.getByTestId('fix-email').fill('ming@example.com');
      await page.getByTestId('fix-profile-reason').fill('会员来电，核实身份后更正资料');
      await clickInPopup(page.getByTestId('fix-profile-save'));
      const mobileError = form.locator('.ant-form-item', { has: page.getByTestId('fix-mobile') }).locator('.ant-form-item-explain-error');
      await expect.poll(() => mobileError.innerText()).toBe(MSG.mobileInvalid);
      await shot(page, 'admin-member-fix-profile-refused');
      await page.getByTestId('fix-mobile').fill('13912345678');
      await clickInPopup(page.getByTestId('fix-profile-save'));
      await consoleMessageIs(page, MEMBER_FIX_MSG.profileSaved);
      await expect.poll(() => page.getByTestId('member-mobile').innerText()).toBe('13912345678');
      expect(await page.getByTestId('member-realname').innerText()).toContain('王小明');
      expect(await page.getByTestId('member-email').innerText()).toBe('ming@example.com');

      await page.getByTestId('move-agent-open').click();
      await page.getByTestId('move-agent-input').fill(agent.name);
      await page.getByTestId('move-agent-reason').fill('会员申请转到推广员名下');
      await shot(page, 'admin-member-move-agent');
      await clickInPopup(page.getByTestId('move-agent-confirm'));
      await consoleMessageIs(page, MEMBER_FIX_MSG.agentMoved);
      await expect.poll(() => page.getByTestId('member-inviter').innerText()).toContain(`${agent.name}（ID ${agentId}）`);

      await page.locator('.ant-drawer .ant-tabs-tab', { hasText: '银行卡' }).click();
      const row = page.locator('.ant-drawer .ant-table-row', { hasText: '中国银行' });
      await row.locator('[data-testid^="card-unbind-"]').click();
      await page.getByTestId('card-unbind-reason').fill('会员银行卡已注销');
      await shot(page, 'admin-member-card-unbind');
      await clickInPopup(page.getByTestId('card-unbind-confirm'));
      await consoleMessageIs(page, MEMBER_FIX_MSG.cardUnbound);
      await expect.poll(() => row.innerText()).toContain('已解绑');
      await shot(page, 'admin-member-corrected');
    });
    const user = (await apiAs(platform, 'user', member.token)).data;
    expect(user).toMatchObject({ realname: '王小明', mobile: '13912345678', email: 'ming@example.com' });
    expect((await apiAs(platform, 'getcard', member.token, { type: 1 })).data).toEqual([]);
    const audit = (await staffApi(platform, admin, 'GET', `/members/${memberId}/audit`)).data;
    const actions = JSON.stringify(audit);
    for (const a of ['member.profile', 'member.move_agent', 'member.card_unbind']) expect(actions).toContain(a);
  });
});
