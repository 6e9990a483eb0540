import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AGENT_MSG, formatYuan, maskUsername, MSG, type AdminAgentApplication, type Page as ListPage } from '@app/contract';
import { commissionPass } from '../../server/src/modules/commission/job.js';
import { periodAt } from '../../server/src/modules/commission/period.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  CAPTCHA_CODE,
  clickInPopup,
  consoleMessageIs,
  expectRoute,
  expectToast,
  inConsole as inConsoleAs,
  memberIdOf,
  newPhone,
  open,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  toastGone,
  uniqueName,
  withPhone,
} from '../harness.js';

/**
 * The partner programme end to end at 390×844, staff at 1280×800: a member applies
 * on /applyagent, staff approve in 代理申请, the agent copies its invite link from /inviter's share
 * sheet, a friend registers through it, deposits (staff approve) and loses at play, the agent's
 * counters move, the week's commission is computed when the week has closed (the commission job's
 * pass, run at that moment) and paid at once under the plan's auto-pay limit — 礼金记录 and a mail
 * show it — and the agent opens the portal from /mine's 代理登录 and finds the friend in its team and
 * the statement under 佣金.
 */

let platform: Platform;
let browser: Browser;
let staff: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, commissionIntervalMs: 0 }));
  staff = await staffLoginViaApi(platform);
});
afterAll(() => stopSuite(platform, browser));

const INPUT = 'xpath=descendant-or-self::input';
const beijingToday = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const counter = (page: Page, key: string) => page.getByTestId(`counter-${key}-value`).innerText();
const inviterTab = (page: Page, n: number) => page.locator('.inviter-tabbar .adm-tab-bar-item').nth(n).click();

describe('the partner programme', () => {
  it('apply → approve → share → a friend joins, deposits and plays → counters → commission paid → the portal shows the friend', async () => {
    const agentName = uniqueName('pa');
    const agent = await registerViaApi(platform, agentName);
    const agentId = await memberIdOf(platform, agent.token);
    const ctx = await newPhone(browser);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    const page = await ctx.newPage();
    try {
      // 1. The member applies from /mine's 申请代理.
      await signInPage(page, platform, agent.token, '/mine');
      await page.getByTestId('mine-link-agent').click();
      await expectRoute(page, '/applyagent');
      await page.getByTestId('agent-mobile').locator(INPUT).fill('13812345678');
      await page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])').fill('我经营一个游戏社群，想推广平台');
      await page.getByTestId('agent-submit').click();
      await expectToast(page, AGENT_MSG.submitted);
      await page.getByTestId('agent-pending').waitFor();

      // 2. Staff approve it in 代理申请.
      const pending = await staffApi<ListPage<AdminAgentApplication>>(platform, staff, 'GET', `/agent-applications?state=0&keyword=${agentName}`);
      const application = pending.data.data[0]!;
      await inConsoleAs(browser, platform, staff, '/agent-applications', async (cp) => {
        await expect.poll(() => cp.getByTestId('agent-applications').innerText()).toContain(agentName);
        await cp.getByTestId(`agent-approve-${application.id}`).click();
        await clickInPopup(cp.locator('.ant-popconfirm .ant-btn-primary'));
        await consoleMessageIs(cp, AGENT_MSG.approved);
      });

      // 3. The agent copies its link from /inviter's share sheet (保存链接).
      await open(page, platform, '/mine');
      await page.reload();
      await expect.poll(() => page.getByTestId('mine-link-agent').innerText(), { timeout: 6000 }).toBe('代理登录');
      await page.getByTestId('mine-link-invite').click();
      await expectRoute(page, '/inviter');
      await page.getByTestId('invite-now').click();
      await page.getByTestId('share-link').click();
      await expectToast(page, MSG.linkCopied);
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(`${platform.url}/#/reg2?pid=${agentId}`);
      await toastGone(page);

      // 4. A friend registers through the link.
      const friendName = uniqueName('pf');
      await withPhone(browser, async (friend) => {
        await friend.goto(link);
        await expect.poll(() => friend.locator('input[name="pid"]').inputValue()).toBe(String(agentId));
        await friend.getByTestId('captcha-image').waitFor();
        await friend.locator('input[name="name"]').fill(friendName);
        await friend.locator('input[name="password"]').fill('secret123');
        await friend.locator('input[name="confirmPass"]').fill('secret123');
        await friend.locator('input[name="code"]').fill(CAPTCHA_CODE);
        await friend.getByTestId('field-adult').click(); // 我已年满18周岁
        await friend.getByTestId('register-submit').click();
        await expect.poll(() => friend.evaluate(() => sessionStorage.getItem('token') ?? ''), { timeout: 8000 }).not.toBe('');
      });
      const friend = await platform.db.kysely.selectFrom('members').select(['id', 'inviter_id']).where('username', '=', friendName).executeTakeFirstOrThrow();
      expect(friend.inviter_id).toBe(agentId);

      // 5. The friend deposits 800 (staff approve) and loses 600 of 600 valid at play today, as the
      //    bet feed sums a day.
      const login = await apiAs<{ api_token: string }>(platform, 'login_pc', '', { name: friendName, password: 'secret123' });
      const order = await apiAs<{ deposit_no: string }>(platform, 'recharge', login.data.api_token, { paytype: 'alipay', amount: 800 });
      expect(order.code, order.message).toBe(200);
      const listed = await staffApi<{ data: { id: number }[] }>(platform, staff, 'GET', `/deposits?keyword=${order.data.deposit_no}`);
      expect((await staffApi(platform, staff, 'POST', `/deposits/${listed.data.data[0]!.id}/approve`, {})).code).toBe(200);
      await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
                VALUES (${friend.id}, ${beijingToday()}::date, 'realbet', 12, 60000, 60000, -60000)`.execute(platform.db.kysely);

      // 6. The agent's counters move (明细记录).
      await inviterTab(page, 0);
      await inviterTab(page, 2);
      await expect.poll(() => counter(page, 'members')).toBe('1');
      expect(await counter(page, 'today_new')).toBe('1');
      expect(await counter(page, 'today_active')).toBe('1');
      expect(await counter(page, 'month_valid_active')).toBe('1');
      expect(await counter(page, 'today_deposit')).toBe(formatYuan(800));
      await shot(page, 'partner-flow-counters', { fullPage: true });

      // 7. The week closes: the commission job's pass at that moment computes it. Default plan: net
      //    loss 600 − bonuses 0, one valid active member → 第1档 20 % = 120.00, under the ¥1,000
      //    auto-pay limit: paid at once from house:commission, with a mail.
      const week = periodAt('weekly', new Date());
      const closed = new Date(week.endAt.getTime() + platform.config.commissionDelayMs + 1_000);
      expect(await commissionPass(platform.db.kysely, closed, platform.config.commissionDelayMs)).toContain(week.start);
      const statement = await platform.db.kysely.selectFrom('commission_statements').selectAll().where('agent_id', '=', agentId).executeTakeFirstOrThrow();
      expect(statement).toMatchObject({ period_start: expect.anything(), amount_fen: 12_000, state: 1 });
      const mails = await apiAs<{ data: { title: string; content: string }[] }>(platform, 'message/list', agent.token, { page: 1 });
      expect(mails.data.data.map((m) => m.title)).toContain('代理佣金到账');

      // 礼金记录 shows the payment with the period as its remark.
      await inviterTab(page, 0);
      await inviterTab(page, 2);
      await page.getByRole('tab', { name: '礼金记录' }).click();
      await expect.poll(() => page.getByTestId('invite-bonus').innerText()).toContain(formatYuan(120));
      expect(await page.getByTestId('invite-bonus').innerText()).toContain(`代理佣金 ${week.start}`);
      await shot(page, 'partner-flow-bonus', { fullPage: true });

      // 8. The agent opens the portal from /mine's 代理登录 (the frame of /gamePage?dailiD=1).
      await open(page, platform, '/mine');
      await page.getByTestId('mine-link-agent').click();
      await expectRoute(page, '/gamePage?dailiD=1');
      const portal = page.frameLocator('iframe');
      await expect.poll(() => portal.getByTestId('overview-team-members').innerText(), { timeout: 10_000 }).toBe('1');
      await shot(page, 'partner-flow-portal-overview');
      await portal.getByTestId('nav-members').click();
      await expect.poll(() => portal.getByTestId('downline-list').innerText()).toContain(maskUsername(friendName));
      expect(await portal.getByTestId('downline-list').innerText()).not.toContain(friendName);
      await shot(page, 'partner-flow-portal-team');
      await portal.getByTestId('nav-commission').click();
      await expect.poll(() => portal.getByTestId('statement-list').innerText()).toContain('已发放');
      expect(await portal.getByTestId('statement-list').innerText()).toContain('120.00');
      await shot(page, 'partner-flow-portal-commission');
    } finally {
      await ctx.close();
    }
  });
});
