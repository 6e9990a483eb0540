import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AGENT_PORTAL_MSG, describeCommissionPlan, DEFAULT_COMMISSION_PLAN, formatYuan, maskDownline, MSG } from '@app/contract';
import { commissionPass } from '../../server/src/modules/commission/job.js';
import { periodAt } from '../../server/src/modules/commission/period.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  CAPTCHA_CODE,
  clickInPopup,
  expectRoute,
  memberIdOf,
  newDesktop,
  newPhone,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
} from '../harness.js';
import { colourOf, LOSS_GREEN } from '../money-tone.js';

/**
 * The agent portal at /agent/ at 390×844, and once at 1280×800: an agent with two
 * invitees (one deposited ¥500, approved by staff, and played) opens the portal from /mine's 代理登录
 * (the /gamePage?dailiD=1 frame) and sees its team; opened directly from a fresh login URL, each tab
 * shows its content — 概览, 团队 (masked names, a member's days), 报表 (totals), 佣金 (empty, with the
 * plan's rules), 推广 (link, code, QR, copy) — the ticket is gone from the address, the same ticket
 * URL a second time shows the invalid-ticket state, and 退出 ends the session for good. Once the week
 * is settled, 佣金 lists its statement and opens it to its inputs.
 */

let platform: Platform;
let browser: Browser;
let staff: string;
let agent: { name: string; token: string; id: number };
let depositor: { name: string; id: number };
let quiet: { name: string; id: number };

const DEPOSIT_YUAN = 500;
const yuan = (v: number) => `¥${formatYuan(v)}`;
const beijingToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A friend registering through the agent's link (the API the /reg2 form posts, with pid). */
async function invitee(prefix: string, inviterId: number): Promise<{ name: string; token: string; id: number }> {
  const name = uniqueName(prefix);
  const res = await fetch(`${platform.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, realname: name, password: 'secret123', confirmPass: 'secret123', code: CAPTCHA_CODE, pid: String(inviterId), adult: 1 }),
  });
  const json = (await res.json()) as { code: number; message: string; data: { api_token: string } };
  expect(json.code, json.message).toBe(200);
  return { name, token: json.data.api_token, id: await memberIdOf(platform, json.data.api_token) };
}

/** A fresh single-use portal URL of the agent (GET /api/getAgentLoginUrl). */
async function loginUrl(): Promise<string> {
  const res = await fetch(`${platform.url}/api/getAgentLoginUrl`, { headers: { authorization: `Bearer ${agent.token}` } });
  const json = (await res.json()) as { code: number; message: string; data: { url: string } };
  expect(json.code, json.message).toBe(200);
  expect(json.data.url).toMatch(/^\/agent\/#\/login\?ticket=/);
  return `${platform.url}${json.data.url}`;
}

/** The portal's newest antd message. */
async function portalMessage(page: Page): Promise<string> {
  const notice = page.locator('.ant-message-notice-content').last();
  await notice.waitFor({ state: 'visible', timeout: 6000 });
  return (await notice.innerText()).trim();
}

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, commissionIntervalMs: 0 }));
  staff = await staffLoginViaApi(platform);
  const a = await registerViaApi(platform, uniqueName('ap'));
  agent = { name: a.name, token: a.token, id: await memberIdOf(platform, a.token) };
  expect(await staffApi(platform, staff, 'POST', `/members/${agent.id}/agent`, { isagent: 1, reason: '推广渠道合作' })).toMatchObject({ code: 200 });
  const d = await invitee('apd', agent.id);
  depositor = { name: d.name, id: d.id };
  const q = await invitee('apq', agent.id);
  quiet = { name: q.name, id: q.id };
  // the depositor: ¥500 approved by staff, and 300 valid bets lost 120 today (as the bet feed sums a day)
  const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', d.token, { paytype: 'alipay', amount: DEPOSIT_YUAN });
  expect(order.code, order.message).toBe(200);
  const listed = await staffApi<{ data: { id: number }[] }>(platform, staff, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
  expect((await staffApi(platform, staff, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {})).code).toBe(200);
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
            VALUES (${depositor.id}, ${beijingToday()}::date, 'realbet', 4, 30000, 30000, -12000)`.execute(platform.db.kysely);
});
afterAll(() => stopSuite(platform, browser));

describe('the agent portal', () => {
  it('opens from /mine’s 代理登录 in the /gamePage?dailiD=1 frame and shows the team of two and the deposit', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    try {
      await signInPage(page, platform, agent.token, '/mine');
      await expect.poll(() => page.getByTestId('mine-link-agent').innerText(), { timeout: 6000 }).toBe('代理登录');
      await page.getByTestId('mine-link-agent').click();
      await expectRoute(page, '/gamePage?dailiD=1');
      const portal = page.frameLocator('iframe');
      await expect.poll(() => portal.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('2');
      expect(await portal.getByTestId('overview-today-deposits').innerText()).toContain(yuan(DEPOSIT_YUAN));
      expect(await portal.getByTestId('agent-name').innerText()).toBe(agent.name);
      await portal.getByTestId('overview-chart').locator('.recharts-surface').first().waitFor();
      await shot(page, 'agent-portal-framed');
    } finally {
      await ctx.close();
    }
  });

  it('opened from a fresh login URL: every tab shows its content; the same URL again is refused; 退出 ends it', async () => {
    const ctx: BrowserContext = await newPhone(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    const page = await ctx.newPage();
    try {
      const url = await loginUrl();
      await page.goto(url);
      // 概览, the ticket traded and out of the address
      await expect.poll(() => page.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('2');
      expect(new URL(page.url()).hash).toBe('#/');
      expect(await page.getByTestId('overview-today-new_members').innerText()).toBe('2');
      expect(await page.getByTestId('overview-today-first_deposits').innerText()).toBe('1');
      expect(await page.getByTestId('overview-today-active_members').innerText()).toBe('1');
      expect(await page.getByTestId('overview-today-valid_bets').innerText()).toBe(yuan(300));
      expect(await page.getByTestId('overview-today-win_loss').innerText()).toBe(`-${yuan(120)}`);
      // the members' 输赢 in the money colours every screen uses: their loss green (a win would read red)
      expect(await colourOf(page.getByTestId('overview-today-win_loss'))).toBe(LOSS_GREEN);
      expect(await page.getByTestId('overview-month-deposits').innerText()).toBe(yuan(DEPOSIT_YUAN));
      expect(await page.getByTestId('overview-estimate').innerText()).toContain('本期预估佣金');
      await page.getByTestId('overview-chart').locator('.recharts-surface').first().waitFor();
      await shot(page, 'agent-portal-overview', { fullPage: true });

      // 团队: both invitees, masked; the depositor's card and its days
      await page.getByTestId('nav-members').click();
      const list = page.getByTestId('downline-list');
      await expect.poll(() => list.innerText()).toContain(maskDownline(depositor.name));
      const text = await list.innerText();
      expect(text).toContain(maskDownline(quiet.name));
      expect(text).not.toContain(depositor.name);
      expect(await page.getByTestId('members-total').innerText()).toBe('2');
      expect(await page.getByTestId(`downline-${depositor.id}`).innerText()).toContain(yuan(DEPOSIT_YUAN));
      await stillShot(page, 'agent-portal-team', { fullPage: true });
      // 代理 filter: no sub-agents
      await page.getByTestId('members-kind').getByText('代理', { exact: true }).click();
      await page.getByTestId('members-empty').waitFor();
      await page.getByTestId('members-kind').getByText('全部', { exact: true }).click();
      // a member id finds that member alone
      await page.getByTestId('members-search').locator('xpath=descendant-or-self::input').fill(String(quiet.id));
      await page.getByTestId('members-search').locator('xpath=descendant-or-self::input').press('Enter');
      await expect.poll(() => page.getByTestId('members-total').innerText()).toBe('1');
      expect(await page.getByTestId('downline-list').innerText()).toContain(maskDownline(quiet.name));
      await page.getByTestId('members-search').locator('xpath=descendant-or-self::input').fill('');
      await expect.poll(() => page.getByTestId('members-total').innerText()).toBe('2');
      await page.getByTestId(`downline-${depositor.id}`).click();
      await expectRoute(page, `/members/${depositor.id}`);
      await expect.poll(() => page.getByTestId('member-name').innerText()).toBe(maskDownline(depositor.name));
      expect(await page.getByTestId('member-days').innerText()).toContain(formatYuan(DEPOSIT_YUAN));
      expect(await page.getByTestId('member-days').innerText()).toContain(beijingToday());
      await stillShot(page, 'agent-portal-member', { fullPage: true });
      await page.getByTestId('member-back').click();
      await expectRoute(page, '/members');

      // 报表: the last 7 days by default, today's deposit in the totals
      await page.getByTestId('nav-reports').click();
      await expect.poll(() => page.getByTestId('reports-total-deposits').innerText()).toBe(yuan(DEPOSIT_YUAN));
      const total = await page.getByTestId('reports-days-total').innerText();
      expect(total).toContain('合计');
      expect(total).toContain(yuan(DEPOSIT_YUAN));
      expect(await page.getByTestId('reports-days').locator('tbody tr.ant-table-row').count()).toBe(7);
      await stillShot(page, 'agent-portal-reports', { fullPage: true });

      // 佣金: no statement yet, and the plan's rules
      await page.getByTestId('nav-commission').click();
      await page.getByTestId('statements-empty').waitFor();
      await page.getByTestId('rules-collapse').getByText('佣金规则').click();
      await expect.poll(() => page.getByTestId('plan-rules').innerText()).toContain(describeCommissionPlan(DEFAULT_COMMISSION_PLAN, { tiers: false })[0]!);
      await stillShot(page, 'agent-portal-commission', { fullPage: true });

      // 推广: link, code, QR, and the copy
      await page.getByTestId('nav-invite').click();
      const link = `${platform.url}/#/reg2?pid=${agent.id}`;
      await expect.poll(() => page.getByTestId('invite-link').innerText()).toBe(link);
      expect(await page.getByTestId('invite-code').innerText()).toBe(String(agent.id));
      await expect.poll(() => page.getByTestId('invite-qr').getAttribute('data-drawn')).toBe('1');
      await page.getByTestId('invite-copy').click();
      await expect.poll(() => portalMessage(page)).toBe(MSG.linkCopied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await stillShot(page, 'agent-portal-invite', { fullPage: true });

      // The same ticket URL again: refused, full screen, no retry.
      await page.locator('.ant-message-notice').waitFor({ state: 'detached', timeout: 8000 });
      await page.goto(url);
      await page.getByTestId('ticket-invalid').waitFor();
      expect(await page.getByTestId('fullscreen-message').innerText()).toBe(AGENT_PORTAL_MSG.ticketInvalid);
      await stillShot(page, 'agent-portal-ticket-invalid');

      // A new ticket opens it again; 退出 ends the session, and a reload stays out.
      await page.goto(await loginUrl());
      await expect.poll(() => page.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('2');
      await page.getByTestId('agent-menu').click();
      await clickInPopup(page.locator('.ant-dropdown-menu-item', { hasText: '退出登录' }));
      await page.getByTestId('logged-out').waitFor();
      expect(await page.getByTestId('fullscreen-message').innerText()).toBe(AGENT_PORTAL_MSG.loggedOut);
      await page.reload();
      await page.getByTestId('session-ended').waitFor();
      expect(await page.getByTestId('fullscreen-message').innerText()).toBe(AGENT_PORTAL_MSG.sessionEnded);
      await stillShot(page, 'agent-portal-session-ended');
    } finally {
      await ctx.close();
    }
  });

  it('a session the server ends shows 代理后台登录已失效 on the next call', async () => {
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    try {
      await page.goto(await loginUrl());
      await expect.poll(() => page.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('2');
      await sql`DELETE FROM agent_sessions WHERE member_id = ${agent.id}`.execute(platform.db.kysely);
      await page.getByTestId('nav-reports').click();
      await page.getByTestId('session-ended').waitFor();
      expect(await page.getByTestId('fullscreen-message').innerText()).toBe(AGENT_PORTAL_MSG.sessionEnded);
    } finally {
      await ctx.close();
    }
  });

  it('on a 1280×800 desktop: the side menu, the overview and the team', async () => {
    const ctx = await newDesktop(browser);
    const page = await ctx.newPage();
    try {
      await page.goto(await loginUrl());
      await expect.poll(() => page.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('2');
      expect(await page.getByTestId('page-title').innerText()).toBe('代理概览');
      await page.getByTestId('overview-chart').locator('.recharts-surface').first().waitFor();
      await stillShot(page, 'agent-portal-desktop-overview');
      await page.getByTestId('nav-members').click();
      await expect.poll(() => page.getByTestId('downline-list').innerText()).toContain(maskDownline(depositor.name));
      expect(await page.getByTestId('page-title').innerText()).toBe('我的团队');
      await stillShot(page, 'agent-portal-desktop-team');
    } finally {
      await ctx.close();
    }
  });

  it('once the week is settled, 佣金 lists the statement (已发放) and opens it to every input and the rules', async () => {
    // Default plan: net loss 120 − bonuses 0, one valid active member (≥ ¥100) → 第1档 20 % = 24.00, paid at once.
    const week = periodAt('weekly', new Date());
    const closed = new Date(week.endAt.getTime() + platform.config.commissionDelayMs + 1_000);
    expect(await commissionPass(platform.db.kysely, closed, platform.config.commissionDelayMs)).toContain(week.start);
    const ctx = await newPhone(browser);
    const page = await ctx.newPage();
    try {
      await page.goto(await loginUrl());
      await page.getByTestId('overview-team-members').waitFor();
      await page.getByTestId('nav-commission').click();
      const list = page.getByTestId('statement-list');
      await expect.poll(() => list.innerText()).toContain('已发放');
      expect(await list.innerText()).toContain(yuan(24));
      await stillShot(page, 'agent-portal-statements');
      await list.locator('a.statement-card').first().click();
      await expect.poll(() => page.getByTestId('statement-amount').innerText()).toBe(yuan(24));
      const inputs = await page.getByTestId('statement-inputs').innerText();
      for (const want of ['团队人数', '2人', '有效活跃人数', '1人', yuan(300), `-${yuan(120)}`, '上期结转', '第1档', '20%', '直属佣金']) expect(inputs).toContain(want);
      await expect.poll(() => page.getByTestId('plan-rules').innerText()).toContain('第1档');
      await stillShot(page, 'agent-portal-statement', { fullPage: true });
    } finally {
      await ctx.close();
    }
  });
});
