import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COMMISSION_ADMIN_MSG, fmt, formatYuan, INVITE_MSG, type AdminCommissionStatement, type CommissionPlan, type CommissionPlanView } from '@app/contract';
import { computeCommissionPeriod } from '../../server/src/modules/commission/service.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
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
 * The console's commission tools at 1280×800: 佣金审核 shows a statement the engine
 * computed for an agent with a team and a sub-agent (one closed week, figures by hand below) with the
 * inputs it was computed from and the differential; staff approve it and it reads 已发放, the agent's
 * wallet credited; the sub-agent's is rejected with a reason, and the period exports as CSV. 佣金方案 edits a
 * tier, refuses a bad value with the contract's message, saves, and the member's 奖金介绍 data
 * (/api/commissionplan) has the change.
 */

let platform: Platform;
let browser: Browser;
let admin: string;
const db = () => platform.db.kysely;

const PERIOD = '2026-03-02';
const LAST_DAY = '2026-03-08';
const PLAN: CommissionPlan = {
  model: 'net_loss',
  period: 'weekly',
  multi_level: true,
  tiers: [
    { min: 100, active: 1, rate: 20 },
    { min: 5000, active: 2, rate: 30 },
  ],
  auto_pay_max: 0,
  valid_active_min: 100,
  turnover_multiple: 1,
};

let agent: { name: string; token: string; id: number };
let sub: { name: string; token: string; id: number };

/** A member registered through the API, dated before the period (the engine counts members who had joined). */
async function registered(prefix: string, inviter: number | null = null) {
  const m = await registerViaApi(platform, uniqueName(prefix));
  const id = await memberIdOf(platform, m.token);
  await db().updateTable('members').set({ inviter_id: inviter, created_at: new Date('2026-02-01T00:00:00+08:00') }).where('id', '=', id).execute();
  return { name: m.name, token: m.token, id };
}

async function bets(memberId: number, day: string, validYuan: number, winLossYuan: number): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
            VALUES (${memberId}, ${day}::date, 'realbet', 3, ${validYuan * 100}, ${validYuan * 100}, ${winLossYuan * 100})`.execute(db());
}

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD, commissionIntervalMs: 0 }));
  admin = await staffLoginViaApi(platform);
  expect(await staffApi(platform, admin, 'POST', '/commission/plan', PLAN)).toMatchObject({ code: 200 });
  agent = await registered('cag');
  expect(await staffApi(platform, admin, 'POST', `/members/${agent.id}/agent`, { isagent: 1, reason: '推广渠道合作' })).toMatchObject({ code: 200 });
  // the agent's team: f1 lost 6,000 on 6,500 valid; f2 won 200 on 800 valid; sub-agent S no bets; bonuses none.
  // team win/loss −5,800, net loss 5,800, 2 active → tier 2 (≥5,000, ≥2) at 30 % = 1,740.00, plus the
  // differential on S: S's base 1,000 × (30 − 20) % = 100.00 → 1,840.00, reviewed (auto_pay_max 0).
  const f1 = await registered('cf1', agent.id);
  const f2 = await registered('cf2', agent.id);
  await bets(f1.id, '2026-03-03', 4000, -3500);
  await bets(f1.id, '2026-03-07', 2500, -2500);
  await bets(f2.id, '2026-03-05', 800, 200);
  // S: one invitee who lost 1,000 on 1,000 valid → tier 1 at 20 % = 200.00
  sub = await registered('csa', agent.id);
  expect(await staffApi(platform, admin, 'POST', `/members/${sub.id}/agent`, { isagent: 1, reason: '下级代理' })).toMatchObject({ code: 200 });
  const g1 = await registered('cg1', sub.id);
  await bets(g1.id, '2026-03-04', 1000, -1000);
  expect(await computeCommissionPeriod(db(), PERIOD)).toMatchObject({ written: 2, paid: 0 });
});
afterAll(() => stopSuite(platform, browser));

const INPUT = 'xpath=descendant-or-self::input';
const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>) => inConsoleAs(browser, platform, admin, path, fn);
const yuan = (v: number) => `¥${formatYuan(v)}`;
const balance = async (token = agent.token) => (await apiAs<{ balance: number }>(platform, 'balance', token)).data.balance;

describe('佣金审核', () => {
  it('shows the agent’s statement with its inputs and differential; staff approve it and it reads 已发放, the wallet credited', async () => {
    const before = await balance();
    const list = await staffApi<{ data: AdminCommissionStatement[] }>(platform, admin, 'GET', `/commission/statements?keyword=${agent.name}`);
    const st = list.data.data[0]!;
    expect(st).toMatchObject({ agent_id: agent.id, period_start: PERIOD, period_end: LAST_DAY, base: 5800, tier: 2, rate: 30, own_amount: 1740, amount: 1840, state: 0 });

    await inConsole('/commission-statements', async (page) => {
      await page.getByTestId('commission-statements').waitFor();
      // the statements' own rows (an opened one holds a table of its differentials)
      const rows = page.getByTestId('commission-statements').locator('tr.commission-row');
      // both statements wait for review; the totals cover them
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('待审核');
      await expect.poll(() => page.getByTestId('commission-sum').innerText()).toContain(yuan(2040));
      expect(await page.getByTestId('commission-sum').innerText()).toContain('待审核（2笔）');

      await page.getByTestId('commission-keyword').locator(INPUT).fill(agent.name);
      await page.getByTestId('commission-keyword').locator(INPUT).press('Enter');
      await expect.poll(() => rows.count()).toBe(1);
      const row = rows.first();
      const text = await row.innerText();
      for (const piece of [agent.name, `${PERIOD} ~ ${LAST_DAY}`, '负盈利', yuan(7300), yuan(5800), '第2档 · 30%', '有效活跃 2 人', yuan(1840), '待审核']) expect(text).toContain(piece);

      // the row opens to the inputs it was computed from and the differential on the sub-agent
      await row.locator('.ant-table-row-expand-icon').click();
      const inputs = page.getByTestId(`commission-inputs-${st.id}`);
      await inputs.waitFor();
      const shown = await inputs.innerText();
      for (const piece of ['团队人数', '有效活跃人数', '团队有效投注', yuan(7300), '团队输赢', `-${yuan(5800)}`, '负盈利', '上期结转', '直属佣金', yuan(1740), '级差佣金', yuan(100), '级差明细', sub.name, yuan(1000), '20%'])
        expect(shown).toContain(piece);
      await stillShot(page, 'admin-commission-statements');

      // the period filter lists the computed week with its pending count
      await page.getByTestId('commission-period').click();
      await page.locator('.ant-select-item-option', { hasText: `${PERIOD} ~ ${LAST_DAY}（负盈利 · 2笔待审核）` }).click();
      await expect.poll(() => rows.count()).toBe(1);

      await page.getByTestId(`commission-approve-${st.id}`).click();
      await page.locator('.ant-popconfirm').waitFor();
      expect(await page.locator('.ant-popconfirm').innerText()).toContain(`${yuan(1840)} 将发放到 ${agent.name} 的中心钱包`);
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, COMMISSION_ADMIN_MSG.approved);
      await expect.poll(() => rows.count()).toBe(0);

      await page.getByRole('tab', { name: '已发放' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      const paid = await rows.first().innerText();
      expect(paid).toContain('已发放');
      expect(paid).toContain('admin');
      await stillShot(page, 'admin-commission-paid');
    });
    expect(await balance()).toBeCloseTo(before + 1840, 2);
    const after = (await staffApi<{ data: AdminCommissionStatement[] }>(platform, admin, 'GET', `/commission/statements?keyword=${agent.name}`)).data.data[0]!;
    expect(after).toMatchObject({ state: 1, state_label: '已发放', reviewer: 'admin' });
    expect(after.journal_id).toBeGreaterThan(0);
  });

  it('rejects the sub-agent’s statement with a reason (required), then exports the period as CSV', async () => {
    const before = await balance(sub.token);
    await inConsole('/commission-statements', async (page) => {
      const rows = page.getByTestId('commission-statements').locator('tr.commission-row');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain(sub.name);
      await rows.first().locator('[data-testid^="commission-reject-"]').click();
      await clickInPopup(page.getByTestId('reject-confirm'));
      await expect.poll(() => page.locator('.ant-form-item-explain-error').innerText()).toContain('请填写拒绝原因');
      await page.getByTestId('reject-reason').fill('下级团队存在对冲投注');
      await stillShot(page, 'admin-commission-reject');
      await clickInPopup(page.getByTestId('reject-confirm'));
      await consoleMessageIs(page, COMMISSION_ADMIN_MSG.rejected);
      await expect.poll(() => rows.count()).toBe(0);
      await page.getByRole('tab', { name: '已拒绝' }).click();
      await rows.first().getByText('原因：下级团队存在对冲投注').waitFor();

      // 导出CSV of every state: both statements, Excel-readable
      await page.getByRole('tab', { name: '全部' }).click();
      await expect.poll(() => rows.count()).toBe(2);
      const download = page.waitForEvent('download');
      await page.getByTestId('commission-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('commission-statements-all.csv');
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).trim().split(/\r?\n/);
      expect(lines[0]).toContain('代理账号');
      expect(lines).toHaveLength(3);
      expect(lines.find((l) => l.includes(agent.name))).toContain('1840.00');
      expect(lines.find((l) => l.includes(sub.name))).toContain('下级团队存在对冲投注');
      await consoleMessageIs(page, '已导出 commission-statements-all.csv');
    });
    expect(await balance(sub.token)).toBe(before);
  });
});

describe('佣金方案', () => {
  it('edits a tier, refuses a bad value with the contract’s message, saves, and the member’s 奖金介绍 has the change', async () => {
    await inConsole('/commission-plan', async (page) => {
      await page.getByTestId('plan-tier-2-rate').waitFor();
      expect(await page.getByTestId('plan-tier-2-rate').inputValue()).toBe('30.00');
      expect(await page.getByTestId('plan-changed').innerText()).toBe('没有未保存的修改');
      expect(await page.getByTestId('plan-preview-lines').innerText()).toContain('佣金模式：负盈利');
      await stillShot(page, 'admin-commission-plan');

      // tier 2's threshold below tier 1's: the contract's rule answers at once, save is off
      await page.getByTestId('plan-tier-2-min').fill('50');
      await expect.poll(() => page.getByTestId('plan-failure').innerText()).toBe(fmt(INVITE_MSG.tierOrder, { n: 2 }));
      expect(await page.getByTestId('plan-save').isDisabled()).toBe(true);
      await stillShot(page, 'admin-commission-plan-refused');

      await page.getByTestId('plan-tier-2-min').fill('8000');
      await page.getByTestId('plan-tier-2-rate').fill('35');
      await page.getByTestId('plan-tier-add').click();
      await page.getByTestId('plan-tier-3-min').fill('50000');
      await page.getByTestId('plan-tier-3-active').fill('5');
      await page.getByTestId('plan-tier-3-rate').fill('40');
      await expect.poll(() => page.getByTestId('plan-changed').innerText()).toBe('佣金方案已修改，尚未保存');
      // the preview reads as the member's 奖金介绍 will
      await expect.poll(() => page.getByTestId('plan-preview').innerText()).toContain('团队负盈利≥50,000元');
      await stillShot(page, 'admin-commission-plan-edited');

      await page.getByTestId('plan-save').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, COMMISSION_ADMIN_MSG.planSaved);
      await expect.poll(() => page.getByTestId('plan-changed').innerText()).toBe('没有未保存的修改');
      expect(await page.getByTestId('plan-updated').innerText()).toContain('admin');
    });
    const member = await apiAs<CommissionPlanView>(platform, 'commissionplan');
    expect(member.data.plan.tiers).toEqual([
      { min: 100, active: 1, rate: 20 },
      { min: 8000, active: 2, rate: 35 },
      { min: 50000, active: 5, rate: 40 },
    ]);
    expect(member.data.tiers[1]).toEqual({ level: '第2档', condition: '团队负盈利≥8,000元', active: '≥2人', reward: '35%' });
  });
});
