import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MEMBER360_MSG, TRANSFER_STATE, type LotteryRoomData, type LotteryRoomListItem } from '@app/contract';
import { ingestBets } from '../../server/src/modules/games/feed.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  consoleMessageIs,
  credit,
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
 * 会员360°视图 and 注单与转账 at 1280×800: a member with one of everything is opened
 * at /members/:id and every section shows it; the bet, the lottery order and a transfer the venue left
 * pending are found in 注单与转账, and staff resolve the transfer, which asks the venue.
 */
let platform: Platform;
let browser: Browser;
let admin: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({
    adminPassword: ADMIN_PASSWORD,
    reconcileIntervalMs: 0,
    venueTimeoutMs: 500,
    ...(process.env.E2E_ADMIN_DIST ? { adminDist: process.env.E2E_ADMIN_DIST } : {}),
  }));
  admin = await staffLoginViaApi(platform);
});
afterAll(async () => {
  await platform?.db.kysely.deleteFrom('demo_venue_bets').where('bet_id', 'like', 'E360%').execute();
  await stopSuite(platform, browser);
});

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = admin) => inConsoleAs(browser, platform, token, path, fn);
const BANK_NO = '6222029876543210987';

/** Places one 快三 line in the open round (retried once when the round was just closing). */
async function lotteryOrder(token: string): Promise<string> {
  const room = (await apiAs<LotteryRoomListItem[]>(platform, 'lotteryRoom', '', { name: 'k3_60' })).data[0]!;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${platform.url}/api/lotteryRoom?room_id=${room.id}`, { headers: { authorization: `Bearer ${token}` } });
    const expectNo = ((await res.json()) as { data: LotteryRoomData }).data.lottery.nowdata.nextexpect;
    const r = await apiAs(platform, 'lotteryOrder', token, { room_id: room.id, expect: expectNo, order: [{ id: 'k3_big', total: 10 }] });
    if (r.code === 200) return String(expectNo);
    if (attempt > 0) throw new Error(`lottery order refused: ${r.message}`);
    await new Promise((done) => setTimeout(done, 12_000));
  }
}

/** A member with a deposit, transfers (one left pending by the venue), a venue bet, a lottery order, an invitee, a note. */
async function activeMember() {
  const m = await registerViaApi(platform, uniqueName('m360'));
  const id = await memberIdOf(platform, m.token);
  await credit(platform, id, 20_000);
  const dep = await apiAs<{ deposit_no: string }>(platform, 'recharge', m.token, { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '中国建设银行', bank_no: BANK_NO, bank_address: '上海分行' });
  expect(dep.code).toBe(200);
  const depositId = (await platform.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow()).id;
  expect((await staffApi(platform, admin, 'POST', `/deposits/${depositId}/approve`)).code).toBe(200);
  expect((await apiAs(platform, 'transfer', m.token, { amount: 100, sourcetype: 'userbalance', targettype: 'DEMOLIVEA' })).code).toBe(200);
  const betId = `E360${randomBytes(5).toString('hex')}`;
  const at = new Date();
  await platform.db.kysely
    .insertInto('demo_venue_bets')
    .values({ bet_id: betId, venue: 'DEMOLIVEA', player: String(id), game: 'demo_baccarat', stake_fen: 3000, payout_fen: 5850, valid_fen: 3000, status: 1, detail: JSON.stringify({ e2e: true }), created_at: at, settled_at: at })
    .execute();
  await ingestBets({ db: platform.db, venues: platform.app.venues }, { lock: false });
  const expectNo = await lotteryOrder(m.token);
  const invitee = await registerViaApi(platform, uniqueName('inv'));
  await platform.db.kysely.updateTable('members').set({ inviter_id: id }).where('id', '=', await memberIdOf(platform, invitee.token)).execute();
  expect((await staffApi(platform, admin, 'POST', `/members/${id}/notes`, { body: '来电咨询提款进度' })).code).toBe(200);
  // The venue applies a transfer out of it but the answer never arrives: left pending (state 2).
  platform.app.demoVenue.setFault('timeout-after-apply');
  const pending = await apiAs<{ state: number; order_no: string }>(platform, 'transfer', m.token, { amount: 30, sourcetype: 'DEMOLIVEA', targettype: 'userbalance' });
  platform.app.demoVenue.setFault('none');
  expect(pending.data.state).toBe(TRANSFER_STATE.pending);
  return { ...m, id, depositNo: dep.data.deposit_no, betId, expectNo, invitee, pendingNo: pending.data.order_no };
}

/** No table or page wider than the window (1280 px): nothing scrolls sideways. */
async function fitsWidth(page: Page): Promise<void> {
  const over = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('.ant-table-content, .ant-table-body')].filter((el) => el.scrollWidth > el.clientWidth + 1 && (el as HTMLElement).offsetParent !== null);
    return { page: document.documentElement.scrollWidth, tables: wide.length };
  });
  expect(over).toEqual({ page: 1280, tables: 0 });
}

describe('会员360°视图 and 注单与转账', () => {
  let m: Awaited<ReturnType<typeof activeMember>>;
  beforeAll(async () => {
    m = await activeMember();
  }, 60_000);

  it('opens a member from the list and shows every section with the member’s activity', async () => {
    await inConsole('/members', async (page) => {
      await page.getByTestId('member-search').fill(m.name);
      await page.getByTestId('member-search').press('Enter');
      await page.getByTestId(`member-360-${m.id}`).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/members/${m.id}`);
      expect(await page.getByTestId('m360-username').innerText()).toBe(m.name);
      const balances = await page.getByTestId('m360-balances').innerText();
      expect(balances).toContain('中心钱包');
      expect(balances).toContain('演示真人A');
      const totals = await page.getByTestId('m360-totals').innerText();
      expect(totals).toContain('¥500.00');
      expect(totals).toContain('1 条注单');
      expect(totals).toContain('1 注');
      expect(totals).toContain('1 人');
      await page.getByTestId('m360-table-deposits').getByText(m.depositNo).waitFor();
      await fitsWidth(page);
      await stillShot(page, 'admin-member-360', { fullPage: true });

      const section = async (key: string, text: string) => {
        await page.getByTestId(`m360-tab-${key}`).click();
        await page.getByTestId(`m360-table-${key}`).getByText(text, { exact: false }).first().waitFor();
      };
      await page.getByTestId('m360-tab-withdrawals').click();
      expect(await page.getByTestId('m360-table-withdrawals').locator('.ant-empty-description').innerText()).toBe('暂无数据');
      await section('transfers', m.pendingNo);
      expect(await page.getByTestId('m360-table-transfers').innerText()).toContain('待结算');
      await section('bets', m.betId);
      expect(await page.getByTestId('m360-table-bets').innerText()).toContain('+¥28.50');
      await section('lottery-orders', m.expectNo);
      await section('bonuses', '人工调整');
      await section('invitees', m.invitee.name);
      await section('logins', '127.0.0.1');
      await fitsWidth(page);
      await stillShot(page, 'admin-member-360-logins', { fullPage: true });
      await section('audit', '会员备注');
      expect(await page.getByTestId('m360-table-audit').innerText()).toContain('来电咨询提款进度');
      await fitsWidth(page);
    });
  });

  it('finds the bet and the lottery order, and resolves the pending transfer by asking the venue', async () => {
    await inConsole('/bets', async (page) => {
      await page.locator('.ant-layout-sider .ant-menu-item', { hasText: '注单与转账' }).waitFor();
      await page.getByTestId('bets-keyword').fill(m.name);
      await page.getByTestId('bets-keyword').press('Enter');
      await page.getByTestId('bets-table').getByText(m.betId).waitFor();
      expect(await page.getByTestId('bets-table').locator('tbody tr.ant-table-row').count()).toBe(1);
      await fitsWidth(page);
      await stillShot(page, 'admin-bets');

      await page.getByTestId('bets-tab-lottery').click();
      await page.getByTestId('lottery-keyword').fill(String(m.id));
      await page.getByTestId('lottery-keyword').press('Enter');
      await page.getByTestId('lottery-table').getByText(m.expectNo).waitFor();
      expect(await page.getByTestId('lottery-table').innerText()).toContain('大');
      await fitsWidth(page);
      await stillShot(page, 'admin-bets-lottery');

      await page.getByTestId('bets-tab-transfers').click();
      const row = page.getByTestId('transfers-table').locator('tr', { hasText: m.pendingNo });
      await row.waitFor();
      expect(await row.innerText()).toContain('待结算');
      await fitsWidth(page);
      await stillShot(page, 'admin-transfers-pending');
      const id = (await platform.db.kysely.selectFrom('transfers').select('id').where('order_no', '=', m.pendingNo).executeTakeFirstOrThrow()).id;
      await page.getByTestId(`transfer-resolve-${id}`).click();
      await page.getByRole('button', { name: '查询并处理' }).click();
      await consoleMessageIs(page, MEMBER360_MSG.resolvedSuccess);
      await row.waitFor({ state: 'detached' });
      await stillShot(page, 'admin-transfers-resolved');
    });
    const t = await platform.db.kysely.selectFrom('transfers').select('state').where('order_no', '=', m.pendingNo).executeTakeFirstOrThrow();
    expect(t.state).toBe(TRANSFER_STATE.success);
    // the member's page now shows it done, and no pending transfer
    await inConsole(`/members/${m.id}`, async (page) => {
      expect(await page.getByTestId('m360-totals').innerText()).toContain('待结算转账\n0 笔');
      await page.getByTestId('m360-tab-transfers').click();
      const row = page.getByTestId('m360-table-transfers').locator('tr', { hasText: m.pendingNo });
      await expect.poll(() => row.innerText()).toContain('成功');
      await page.getByTestId('m360-tab-audit').click();
      await page.getByTestId('m360-table-audit').getByText('人工处理转账').waitFor();
    });
  });
});
