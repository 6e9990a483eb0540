import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AUDIT_ACTION_LABELS, fmt, MSG, PLATFORM_WALLET, TIMING, TRANS_TYPE, type TransRecord, type VenueBalance, ADMIN_MSG } from '@app/contract';
import { reduceTurnoverRequirement } from '../../server/src/modules/turnover/service.js';
import {
  ADMIN_PASSWORD,
  apiAs,
  clickInPopup,
  consoleMessage,
  expectRoute,
  expectToast,
  memberIdOf,
  newDesktop,
  newPhone,
  open,
  pickBank,
  type Platform,
  registerViaApi,
  route,
  settled,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stopSuite,
  toastGone,
  uniqueName,
} from '../harness.js';
import { colourOf, PLAIN_INK, WIN_RED } from '../money-tone.js';

/**
 * The full wallet loop in real Chromium: a member on a phone (390×844) and a
 * staff member in the /admin/ console on a desktop, side by side. Deposit → staff approves →
 * transfer into a venue → 一键回收 → withdrawal → staff approves → the records show it all.
 * Everything goes through the screens; the API only registers the member and double-checks the end state.
 */

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
});
afterAll(() => stopSuite(platform, browser));

const VENUE = 'DEMOLIVEA';
const BANK = '招商银行';
const CARD_NO = '6214830198765432';

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const expectText = (page: Page, testId: string, wanted: string) => expect.poll(() => text(page, testId), { timeout: 8000 }).toBe(wanted);
/** antd-mobile's toasts stay this long (the app keeps the default). */
const TOAST_MS = 2000;
/**
 * A screenshot once popups, masks and toasts have finished moving. A toast's time on screen passes at
 * once: the phone's clock (installed) jumps over it and the toast fades out.
 */
async function still(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (await page.locator('.adm-toast-main').isVisible()) await page.context().clock.fastForward(TOAST_MS);
  await toastGone(page);
  await settled(page);
  await shot(page, name, opts);
}

/** /transRecord: shows records of `type` (存款 1, 取款 2, 转入 3, 转出 4) through the type filter. */
async function recordsOf(page: Page, type: number, title: string): Promise<void> {
  if ((await text(page, 'filter-type-title')) !== title) {
    await page.getByTestId('filter-type-title').click();
    await page.getByTestId(`filter-type-${type}`).click();
  }
  await expectText(page, 'filter-type-title', title);
}

/** The console's side menu entry `label`; waits for its page. */
async function menu(page: Page, label: string, path: string): Promise<void> {
  await page.locator('.ant-layout-sider .ant-menu-item', { hasText: label }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin${path}`);
}
/** A console screenshot once page transitions, menus and popups have finished animating. */
async function deskShot(page: Page, name: string): Promise<void> {
  await settled(page);
  await shot(page, name);
}
const consoleSays = (page: Page, wanted: string) => expect.poll(() => consoleMessage(page), { timeout: 8000 }).toBe(wanted);
/** The id behind a queue row's 通过 button (approve-<id>). */
async function orderId(row: ReturnType<Page['locator']>): Promise<number> {
  const testId = await row.locator('[data-testid^="approve-"]').getAttribute('data-testid');
  return Number(testId!.replace('approve-', ''));
}
/** Approves the pending order shown on `row` with the popconfirm, and sees it leave the 待审核 tab. */
async function approve(page: Page, row: ReturnType<Page['locator']>, shotName: string): Promise<void> {
  await row.locator('[data-testid^="approve-"]').click();
  await page.locator('.ant-popconfirm').waitFor();
  await deskShot(page, shotName);
  await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
  await consoleSays(page, ADMIN_MSG.reviewApproved);
  await expect.poll(() => row.count()).toBe(0);
}

describe('the full wallet loop', () => {
  it('deposit → staff approves → transfer to a venue → 一键回收 → withdrawal → staff approves → records', { timeout: 240_000 }, async () => {
    const member = await registerViaApi(platform, uniqueName('lp'));
    const memberId = await memberIdOf(platform, member.token);
    const venue = (await apiAs<VenueBalance[]>(platform, 'balancelist', member.token)).data.find((v) => v.platname === VENUE)!;
    expect(venue, 'the DEMOLIVEA venue is seeded').toBeTruthy();

    let phoneCtx: BrowserContext | undefined;
    let deskCtx: BrowserContext | undefined;
    try {
      phoneCtx = await newPhone(browser);
      await phoneCtx.clock.install();
      deskCtx = await newDesktop(browser);
      const phone = await phoneCtx.newPage();
      const desk = await deskCtx.newPage();

      // ---- 1. The member binds a bank card and makes a 1000 yuan bank deposit ---------------------
      await signInPage(phone, platform, member.token, '/addBankCard');
      await phone.getByTestId('bind-submit').waitFor();
      await field(phone, 'bank_owner').fill(member.name);
      await pickBank(phone, BANK);
      await field(phone, 'bank_address').fill('招商银行深圳分行');
      await field(phone, 'bank_no').fill(CARD_NO);
      await field(phone, 'pay_pass').fill(member.payPassword);
      await still(phone, 'loop-01-add-bank-card');
      await phone.getByTestId('bind-submit').click();
      await expectToast(phone, MSG.cardBound);
      await expectRoute(phone, '/wallet?type=1');
      await expect.poll(() => phone.getByTestId('saved-card').count()).toBe(1);
      expect(await phone.getByTestId('saved-card').getByTestId('card-number').innerText()).toBe(`**** **** **** ${CARD_NO.slice(-4)}`);

      await open(phone, platform, '/recharge');
      await expect.poll(() => phone.getByTestId('pay-tab-bank').getAttribute('aria-selected')).toBe('true');
      await phone.getByTestId('receiving-no').waitFor();
      await field(phone, 'bank_owner').fill(member.name);
      await pickBank(phone, BANK);
      await field(phone, 'bank_no').fill(CARD_NO);
      await field(phone, 'bank_address').fill('招商银行深圳分行');
      await phone.getByTestId('chip-1000').click();
      expect(await field(phone, 'amount').inputValue()).toBe('1000');
      await still(phone, 'loop-02-recharge-bank', { fullPage: true });
      const recharged = phone.waitForResponse((r) => r.url().endsWith('/api/recharge')).then((r) => r.json() as Promise<{ code: number; data: { deposit_no: string } }>);
      await phone.getByTestId('deposit-submit').click();
      await expectToast(phone, MSG.depositSubmitted);
      const depositNo = (await recharged).data.deposit_no;
      expect(depositNo).toMatch(/^D\d+/);
      await expectRoute(phone, '/transRecord');
      await expectText(phone, 'filter-type-title', '存款');
      await expect.poll(() => phone.getByTestId('record-row').count()).toBe(1);
      expect(await text(phone, 'record-no-value')).toBe(depositNo);
      expect(await text(phone, 'record-amount')).toBe('+1,000.00');
      expect(await text(phone, 'record-state')).toBe('待审核');
      // not credited yet: plain, not yet the red of money in
      expect(await colourOf(phone.getByTestId('record-amount'))).toBe(PLAIN_INK);
      await still(phone, 'loop-03-records-deposit-pending');

      // ---- 2. Staff signs into /admin/ and approves the deposit in 存款审核 ------------------------
      await desk.goto(`${platform.url}/admin/`);
      await expect.poll(() => new URL(desk.url()).pathname).toBe('/admin/login');
      await desk.getByTestId('login-username').fill('admin');
      await desk.getByTestId('login-password').fill(ADMIN_PASSWORD);
      await desk.getByTestId('login-submit').click();
      await desk.getByTestId('staff-name').waitFor();
      await menu(desk, '存款审核', '/deposits');
      const depositRow = desk.locator('.ant-table-row', { hasText: depositNo });
      await depositRow.waitFor();
      const depositRowText = await depositRow.innerText();
      for (const part of [member.name, '1,000.00', CARD_NO, '待审核']) expect(depositRowText).toContain(part);
      const depositId = await orderId(depositRow);
      await deskShot(desk, 'loop-04-admin-deposit-queue');
      await approve(desk, depositRow, 'loop-05-admin-deposit-confirm');
      await desk.getByRole('tab', { name: '已通过' }).click();
      await desk.locator('.ant-table-row', { hasText: depositNo }).getByText('已通过').waitFor();

      // ---- 3. The member sees 1000 in the central wallet and moves 600 into DEMOLIVEA --------------
      await open(phone, platform, '/money');
      await expectText(phone, 'wallet-central', '1,000.00');
      await expectText(phone, 'wallet-total', '1,000.00');
      expect(await text(phone, 'wallet-game')).toBe('0.00');
      await still(phone, 'loop-06-money-after-deposit');

      await phone.getByTestId('money-link-transfer').click();
      await expectRoute(phone, '/transfer');
      await expectText(phone, 'wallet-central', '1,000.00');
      await expect.poll(() => text(phone, 'transfer-source-name')).toBe(PLATFORM_WALLET.name);
      await phone.getByTestId('transfer-target').click();
      await phone.getByTestId(`transfer-target-sheet-${VENUE}`).click();
      await expect.poll(() => text(phone, 'transfer-target-name')).toBe(venue.name);
      await field(phone, 'amount').fill('600');
      await still(phone, 'loop-07-transfer');
      await phone.getByTestId('transfer-submit').click();
      await expectToast(phone, MSG.transferSuccess);
      await expectText(phone, `venue-balance-${VENUE}`, '600.00');
      await expectText(phone, 'wallet-central', '400.00');
      expect(await text(phone, 'wallet-game')).toBe('600.00');
      await still(phone, 'loop-08-transfer-done');

      // ---- 4. 一键回收 on /money brings it all back ------------------------------------------------
      await open(phone, platform, '/money');
      await expectText(phone, 'wallet-central', '400.00');
      await expectText(phone, 'wallet-game', '600.00');
      await phone.getByTestId('venue-switch').click();
      await expectText(phone, `venue-balance-${VENUE}`, '600.00');
      await phone.getByTestId('wallet-recycle').click();
      await expectToast(phone, fmt(MSG.recycleDone, { amount: '600.00' }));
      expect(fmt(MSG.recycleDone, { amount: 600 })).toContain('回收成功');
      await expectText(phone, 'wallet-central', '1,000.00');
      await expectText(phone, 'wallet-game', '0.00');
      await expectText(phone, `venue-balance-${VENUE}`, '0.00');
      expect(await text(phone, 'wallet-total')).toBe('1,000.00');
      await still(phone, 'loop-09-money-recycled');

      // ---- 5. Withdrawal: blocked by the deposit's 1× turnover, then 300 to the card ---------------
      await phone.getByTestId('money-link-withdrawal').click();
      await expectRoute(phone, '/withdrawal');
      const chooseCard = async () => {
        await phone.getByText('银行卡取款', { exact: true }).click();
        await expect.poll(() => phone.locator('.withdraw-tabs .adm-tabs-tab-active').innerText()).toBe('银行卡取款');
        await phone.getByTestId('withdraw-card').click();
        const card = phone.locator('[data-testid^="card-sheet-"]:not([data-testid="card-sheet-add"])');
        await expect.poll(() => card.count()).toBe(1);
        await card.click();
        await expectText(phone, 'withdraw-card-title', BANK);
        await field(phone, 'amount').fill('300');
        await field(phone, 'password').fill(member.payPassword);
      };
      await expectText(phone, 'withdraw-bet-amount', '1,000.00');
      await chooseCard();
      await phone.getByTestId('withdraw-submit').click();
      await expectToast(phone, fmt(MSG.withdrawTurnover, { amount: '1,000.00' }));
      expect(route(phone)).toBe('/withdrawal');
      await still(phone, 'loop-10-withdrawal-turnover');

      // Stands in for valid bets played at a venue: 1000 yuan of valid bets taken off the
      // requirement by the function the venues' bet feed calls (modules/games/ingest.ts).
      await reduceTurnoverRequirement(platform.db.kysely, memberId, 100_000);
      await phone.reload();
      await expectText(phone, 'withdraw-bet-amount', '0.00');
      await chooseCard();
      await still(phone, 'loop-11-withdrawal-bank');
      const withdrawn = phone.waitForResponse((r) => r.url().endsWith('/api/withdraw')).then((r) => r.json() as Promise<{ code: number; data: { withdraw_no: string } }>);
      // The toast first, the records TIMING.withdrawRedirectMs after the answer: measured from the
      // click, a bound no slowness of the machine can break.
      const clickedAt = Date.now();
      await phone.getByTestId('withdraw-submit').click();
      await expectToast(phone, MSG.withdrawSubmitted);
      const withdrawNo = (await withdrawn).data.withdraw_no;
      expect(withdrawNo).toBeTruthy();
      await expectText(phone, 'wallet-central', '700.00');
      await expectRoute(phone, '/transRecord');
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(TIMING.withdrawRedirectMs);
      await expectText(phone, 'filter-type-title', '取款');
      await expect.poll(() => phone.getByTestId('record-row').count()).toBe(1);
      expect(await text(phone, 'record-no-value')).toBe(withdrawNo);
      expect(await text(phone, 'record-amount')).toBe('-300.00');
      expect(await text(phone, 'record-state')).toBe('待审核');
      await still(phone, 'loop-12-records-withdrawal-pending');

      // ---- 6. Staff pays the withdrawal in 取款审核 ------------------------------------------------
      await menu(desk, '取款审核', '/withdrawals');
      const withdrawalRow = desk.locator('.ant-table-row', { hasText: withdrawNo });
      await withdrawalRow.waitFor();
      const withdrawalRowText = await withdrawalRow.innerText();
      for (const part of [member.name, '300.00', CARD_NO, BANK]) expect(withdrawalRowText).toContain(part);
      const withdrawalId = await orderId(withdrawalRow);
      await deskShot(desk, 'loop-13-admin-withdrawal-queue');
      await approve(desk, withdrawalRow, 'loop-14-admin-withdrawal-confirm');
      await desk.getByRole('tab', { name: '已通过' }).click();
      await desk.locator('.ant-table-row', { hasText: withdrawNo }).getByText('已通过').waitFor();

      // ---- 7. The records show it all, while the console checks the ledger and the audit log -----
      await Promise.all([
        (async () => {
          await phone.reload();
          await expectText(phone, 'filter-type-title', '取款');
          await expect.poll(() => text(phone, 'record-state')).toBe('已通过');
          expect(await text(phone, 'record-no-value')).toBe(withdrawNo);
          expect(await text(phone, 'record-amount')).toBe('-300.00');
          await still(phone, 'loop-15-records-withdrawal');

          await recordsOf(phone, TRANS_TYPE.deposit, '存款');
          await expect.poll(() => text(phone, 'record-no-value')).toBe(depositNo);
          expect(await phone.getByTestId('record-row').count()).toBe(1);
          expect(await text(phone, 'record-state')).toBe('已通过');
          expect(await text(phone, 'record-amount')).toBe('+1,000.00');
          expect(await colourOf(phone.getByTestId('record-amount'))).toBe(WIN_RED);
          await still(phone, 'loop-16-records-deposit');

          await recordsOf(phone, TRANS_TYPE.transferIn, '转入');
          await expect.poll(() => text(phone, 'record-way')).toBe(`${PLATFORM_WALLET.name} → ${venue.name}`);
          expect(await phone.getByTestId('record-row').count()).toBe(1);
          expect(await text(phone, 'record-amount')).toBe('600.00');
          expect(await text(phone, 'record-state')).toBe('成功');
          expect(await phone.getByTestId('record-no').count()).toBe(0);
          await still(phone, 'loop-17-records-transfer-in');

          await recordsOf(phone, TRANS_TYPE.transferOut, '转出');
          await expect.poll(() => text(phone, 'record-way')).toBe(`${venue.name} → ${PLATFORM_WALLET.name}`);
          expect(await phone.getByTestId('record-row').count()).toBe(1);
          expect(await text(phone, 'record-amount')).toBe('600.00');
          expect(await text(phone, 'record-state')).toBe('成功');
          expect(await phone.getByTestId('record-no').count()).toBe(0);

          await open(phone, platform, '/money');
          await expectText(phone, 'wallet-central', '700.00');
          await expectText(phone, 'wallet-total', '700.00');
          expect(await text(phone, 'wallet-game')).toBe('0.00');
          await still(phone, 'loop-18-money-end');
        })(),
        (async () => {
          // The console: the ledger checks out and the audit log holds both approvals by admin.
          await menu(desk, '账本核对', '/ledger');
          await desk.getByTestId('ledger-run').click();
          await desk.getByTestId('ledger-result').getByText(ADMIN_MSG.ledgerOk).waitFor();
          await deskShot(desk, 'loop-19-admin-ledger');
          await menu(desk, '审计日志', '/audit');
          const audited = async (label: string, target: string) => {
            const row = desk.locator('.ant-table-row').filter({ hasText: label });
            await row.first().waitFor();
            expect(await row.count()).toBe(1);
            const cells = await row.locator('td').allInnerTexts();
            expect(cells.map((c) => c.trim())).toEqual(expect.arrayContaining(['admin', target]));
            return row;
          };
          // the audit log names orders by their numbers, not internal ids
          const depositAudit = await audited(AUDIT_ACTION_LABELS['deposit.approve'], `存款订单 ${depositNo}`);
          await audited(AUDIT_ACTION_LABELS['withdrawal.approve'], `取款订单 ${withdrawNo}`);
          await depositAudit.click();
          await expect.poll(() => desk.getByTestId('audit-diff').first().innerText()).toContain(depositNo);
          await deskShot(desk, 'loop-20-admin-audit');
        })(),
      ]);

      // ---- The same end state read through the APIs ---------------------------------------------
      expect((await apiAs<{ balance: number }>(platform, 'balance', member.token)).data.balance).toBe(700);
      const venues = (await apiAs<VenueBalance[]>(platform, 'balancelist', member.token)).data.filter((v) => v.platname !== PLATFORM_WALLET.platname);
      expect(venues.every((v) => v.balance === 0)).toBe(true);
      const records = async (type: number) => (await apiAs<{ data: TransRecord[] }>(platform, 'gettransrecord', member.token, { type, date: 1, page: 1, api_type: '' })).data.data;
      expect((await records(TRANS_TYPE.deposit)).map((r) => [r.out_trade_no, r.amount, r.state_text])).toEqual([[depositNo, 1000, '已通过']]);
      expect((await records(TRANS_TYPE.withdrawal)).map((r) => [r.out_trade_no, r.amount, r.state_text])).toEqual([[withdrawNo, 300, '已通过']]);
      expect((await records(TRANS_TYPE.transferIn)).map((r) => [r.amount, r.state_text])).toEqual([[600, '成功']]);
      expect((await records(TRANS_TYPE.transferOut)).map((r) => [r.amount, r.state_text])).toEqual([[600, '成功']]);
      const staff = await staffLoginViaApi(platform);
      const check = await staffApi<{ ok: boolean }>(platform, staff, 'GET', '/ledger/check');
      expect(check.data.ok).toBe(true);
    } finally {
      await phoneCtx?.close();
      await deskCtx?.close();
    }
  });
});
