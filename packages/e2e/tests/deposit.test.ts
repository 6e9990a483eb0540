import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fmt, MSG, type PayMethod } from '@app/contract';
import {
  apiAs,
  expectRoute,
  expectFieldMessage,
  expectToast,
  guestSignIn,
  newPhone,
  open,
  pickBank,
  type Platform,
  registerViaApi,
  route,
  shot,
  signInPage,
  skipToast,
  startSuite,
  stopSuite,
  uniqueName,
} from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;

/** A fresh member signed in on a fresh phone (clipboard allowed, on Playwright's clock for skipToast) at `at`. */
async function signedIn<T>(at: string, fn: (page: Page, member: Member) => Promise<T>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('dp'));
  const ctx = await newPhone(browser);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
  await ctx.clock.install();
  try {
    const page = await ctx.newPage();
    await signInPage(page, platform, member.token, at);
    return await fn(page, member);
  } finally {
    await ctx.close();
  }
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const submit = (page: Page) => page.getByTestId('deposit-submit').click();
const tab = (page: Page, t: string) => page.getByTestId(`pay-tab-${t}`);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

async function setMethod(method: PayMethod, values: { enabled?: boolean; min_fen?: number; max_fen?: number }): Promise<void> {
  await platform.db.kysely.updateTable('pay_methods').set(values).where('code', '=', method).execute();
}

/** The request body of the next /api/recharge the page sends. */
function nextRecharge(page: Page): Promise<Record<string, unknown>> {
  return page.waitForRequest((r) => r.url().endsWith('/api/recharge')).then((r) => r.postDataJSON() as Record<string, unknown>);
}

/** mm:ss → seconds */
function seconds(clock: string): number {
  const [m, s] = clock.split(':').map(Number);
  return m * 60 + s;
}
const countdown = async (page: Page) => (await page.getByTestId('pay-countdown').innerText()).replace(/\s+/g, '');

describe('guards and /usdtmore', () => {
  it('sends a visitor from /recharge and /payInfo to /login; /usdtmore is open to all', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/recharge');
      await expectRoute(page, '/login?redirect=/recharge');
      await open(page, platform, '/payInfo?deposit_no=D1');
      await expectRoute(page, '/login?redirect=/payInfo?deposit_no=D1');
      await open(page, platform, '/usdtmore');
      const table = page.getByTestId('usdt-compare');
      await table.waitFor();
      const text = await table.innerText();
      for (const words of ['TRC20', 'ERC20', 'T 开头', '0x 开头', '手续费', '到账速度']) expect(text).toContain(words);
      await shot(page, 'deposit-usdtmore', { fullPage: true });
    } finally {
      await ctx.close();
    }
  });
});

describe('/recharge', () => {
  it('shows the tabs get_pay_way enables, in order, and hides a disabled one', async () => {
    await signedIn('/recharge', async (page) => {
      const tabs = page.locator('[data-testid^="pay-tab-"]');
      await expect.poll(() => tabs.allInnerTexts()).toHaveLength(4);
      expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['pay-tab-bank', 'pay-tab-usdt', 'pay-tab-wechat', 'pay-tab-alipay']);
      expect(await tab(page, 'bank').getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('receiving-no').waitFor();
      await shot(page, 'deposit-recharge-bank');
      try {
        await setMethod('wechat', { enabled: false });
        await setMethod('usdt-erc20', { enabled: false });
        await page.reload();
        await expect.poll(() => tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['pay-tab-bank', 'pay-tab-usdt', 'pay-tab-alipay']);
        // USDT stays while one network is on; both off hides it.
        await setMethod('usdt-trc20', { enabled: false });
        await setMethod('bank', { enabled: false });
        await page.reload();
        await expect.poll(() => tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(['pay-tab-alipay']);
        expect(await tab(page, 'alipay').getAttribute('aria-selected')).toBe('true');
        await setMethod('alipay', { enabled: false });
        await page.reload();
        await page.getByTestId('no-pay-way').waitFor();
        expect(await tabs.count()).toBe(0);
      } finally {
        for (const m of ['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20'] as const) await setMethod(m, { enabled: true });
      }
    });
  });

  it('checks the amount against the loaded range of the method (请输入金额在{min}-{max}之间！)', async () => {
    try {
      await setMethod('alipay', { min_fen: 20000, max_fen: 300000 });
      await signedIn('/recharge', async (page) => {
        await tab(page, 'alipay').click();
        await expect.poll(() => page.getByTestId('amount-range').innerText()).toBe('单笔限额 200.00 ~ 3,000.00 元');
        // Only the quick amounts within the range are offered.
        expect(await page.locator('[data-testid^="chip-"]').allInnerTexts()).toEqual(['200', '500', '1000', '2000']);
        await submit(page);
        await expectFieldMessage(page, fmt(MSG.depositRange, { min: 200, max: 3000 }));
        await field(page, 'amount').fill('150');
        await submit(page);
        await expectFieldMessage(page, fmt(MSG.depositRange, { min: 200, max: 3000 }));
        await field(page, 'amount').fill('3000.01');
        await submit(page);
        await expectFieldMessage(page, fmt(MSG.depositRange, { min: 200, max: 3000 }));
        // WeChat keeps its own range (100–10000).
        await tab(page, 'wechat').click();
        await expect.poll(() => page.getByTestId('amount-range').innerText()).toBe('单笔限额 100.00 ~ 10,000.00 元');
        await field(page, 'amount').fill('20000');
        await submit(page);
        await expectFieldMessage(page, fmt(MSG.depositRange, { min: 100, max: 10000 }));
      });
    } finally {
      await setMethod('alipay', { min_fen: 10000, max_fen: 1000000 });
    }
  });

  it('checks the bank form in order, copies the receiving account, and a bank deposit goes to /transRecord', async () => {
    await signedIn('/recharge', async (page, member) => {
      await expect.poll(() => page.getByTestId('receiving-no').innerText()).toBe('6214 8301 2345 6789');
      expect(await page.getByTestId('receiving-bank').innerText()).toBe('招商银行');
      await page.getByTestId('copy-receiving-no').click();
      await expectToast(page, MSG.copySuccess);
      expect(await clipboard(page)).toBe('6214 8301 2345 6789');
      await submit(page);
      await expectFieldMessage(page, MSG.depositPayerName);
      await field(page, 'bank_owner').fill('王五');
      await submit(page);
      await expectFieldMessage(page, MSG.depositPayerBank);
      await pickBank(page, '中国农业银行');
      await submit(page);
      await expectFieldMessage(page, MSG.depositPayerCardNo);
      await field(page, 'bank_no').fill('6228480012345678');
      await submit(page);
      await expectFieldMessage(page, MSG.depositPayerBranch);
      await field(page, 'bank_address').fill('农业银行上海分行');
      await submit(page);
      await expectFieldMessage(page, fmt(MSG.depositRange, { min: 100, max: 50000 }));
      await page.getByTestId('chip-1000').click();
      expect(await field(page, 'amount').inputValue()).toBe('1000');
      await skipToast(page);
      await shot(page, 'deposit-recharge-bank-filled', { fullPage: true });
      const sent = nextRecharge(page);
      await submit(page);
      expect(await sent).toEqual({ paytype: 'bank', amount: 1000, bank_owner: '王五', bank: '中国农业银行', bank_no: '6228480012345678', bank_address: '农业银行上海分行' });
      await expectToast(page, MSG.depositSubmitted);
      await expectRoute(page, '/transRecord');
      const records = await apiAs<{ data: { amount: number; state: number }[] }>(platform, 'gettransrecord', member.token, { type: 1, date: 1, page: 1 });
      expect(records.data.data.map((r) => [r.amount, r.state])).toEqual([[1000, 1]]);
    });
  });

  it('sends WeChat as wxpay and opens /payInfo with the deposit_no, amount and a ticking mm:ss countdown', async () => {
    await signedIn('/recharge', async (page, member) => {
      await tab(page, 'wechat').click();
      await page.getByTestId('chip-500').click();
      await shot(page, 'deposit-recharge-wechat');
      const sent = nextRecharge(page);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/recharge')).then((r) => r.json() as Promise<{ message: string }>);
      await submit(page);
      expect(await sent).toEqual({ paytype: 'wxpay', amount: 500 });
      const depositNo = (await answer).message;
      expect(depositNo).toMatch(/^D\d+/);
      await expectRoute(page, `/payInfo?deposit_no=${depositNo}`);
      await expect.poll(() => page.getByTestId('pay-amount').innerText()).toBe('500.00');
      expect(await page.getByTestId('pay-method').innerText()).toBe('微信支付');
      expect(await page.getByTestId('pay-order-no').innerText()).toBe(depositNo);
      expect(await page.getByTestId('pay-state').innerText()).toBe('等待支付');
      expect(await page.getByTestId('pay-time').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const first = await countdown(page);
      expect(first).toMatch(/^(60:00|59:[0-5]\d)$/);
      await expect.poll(async () => seconds(await countdown(page)), { timeout: 4000 }).toBeLessThan(seconds(first));
      await page.locator('.pay-img img').waitFor();
      await shot(page, 'deposit-payinfo-wechat', { fullPage: true });
      await page.getByTestId('copy-pay-order-no').click();
      await expectToast(page, MSG.copySuccess);
      expect(await clipboard(page)).toBe(depositNo);
      await page.getByTestId('pay-done').click();
      await expectRoute(page, '/transRecord');
      expect(member.token).toBeTruthy();
    });
  });

  it('shows the live USDT equivalent, sends catepay, and /payInfo shows the address (copy, QR), protocol and USDT amount', async () => {
    await signedIn('/recharge', async (page) => {
      await tab(page, 'usdt').click();
      expect(await page.getByTestId('protocol-TRC20').getAttribute('aria-checked')).toBe('true');
      await page.getByTestId('protocol-ERC20').click();
      await field(page, 'amount').fill('725');
      // 725 / 7.2 = 100.694… rounded down.
      await expect.poll(() => page.getByTestId('usdt-equivalent').innerText()).toBe('100.69');
      expect(await page.getByTestId('usdt-rate').innerText()).toContain('7.20');
      await shot(page, 'deposit-recharge-usdt');
      const sent = nextRecharge(page);
      await submit(page);
      expect(await sent).toEqual({ paytype: 'usdt', amount: 725, catepay: 'ERC20' });
      await expect.poll(() => route(page)).toMatch(/^\/payInfo\?deposit_no=D\d+/);
      await expect.poll(() => page.getByTestId('pay-address').innerText()).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      expect(await page.getByTestId('pay-protocol').innerText()).toBe('ERC20');
      expect(await page.getByTestId('pay-usdt-amount').innerText()).toBe('100.69');
      expect(await page.getByTestId('pay-method').innerText()).toBe('USDT-ERC20');
      await page.getByTestId('pay-qr').waitFor();
      await page.getByTestId('copy-pay-address').click();
      await expectToast(page, MSG.copySuccess);
      expect(await clipboard(page)).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
      await skipToast(page);
      await shot(page, 'deposit-payinfo-usdt', { fullPage: true });
      await page.getByTestId('pay-records').click();
      await expectRoute(page, '/transRecord');
    });
  });

  it('opens /usdtmore from the USDT tab and comes back to USDT-ERC20 as chosen; customer service from the 联系在线客服 link', async () => {
    await signedIn('/recharge', async (page) => {
      await tab(page, 'usdt').click();
      await page.getByTestId('protocol-ERC20').click();
      await page.getByTestId('usdt-more').click();
      await expectRoute(page, '/usdtmore');
      await page.getByTestId('usdt-compare').waitFor();
      await page.goBack();
      await expectRoute(page, '/recharge?way=usdt&network=ERC20');
      expect(await page.getByTestId('protocol-ERC20').getAttribute('aria-checked')).toBe('true');
      expect(await tab(page, 'usdt').getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('deposit-kefu').click();
      await expectRoute(page, '/kefu');
    });
  });

  it('refuses the trial account with 试玩账号不支持此操作', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await guestSignIn(page, platform, '/recharge');
      await tab(page, 'alipay').click();
      await page.getByTestId('chip-200').click();
      await submit(page);
      await expectToast(page, MSG.trialRefused);
      // still on the deposit screen, the chosen method in its address
      expect(route(page)).toBe('/recharge?way=alipay');
    } finally {
      await ctx.close();
    }
  });
});

describe('/payInfo', () => {
  it('stops the countdown at 00:00 and says the order has expired', async () => {
    await signedIn('/recharge', async (page, member) => {
      const res = await apiAs(platform, 'recharge', member.token, { paytype: 'usdt', amount: 200, catepay: 'TRC20' });
      expect(res.code).toBe(200);
      const depositNo = res.message;
      // Three seconds of the 60-minute window left.
      await platform.db.kysely
        .updateTable('deposits')
        .set({ created_at: new Date(Date.now() - 60 * 60_000 + 3000) })
        .where('deposit_no', '=', depositNo)
        .execute();
      await open(page, platform, `/payInfo?deposit_no=${depositNo}`);
      await expect.poll(() => countdown(page)).toMatch(/^00:0[0-3]$/);
      expect(await page.getByTestId('pay-protocol').innerText()).toBe('TRC20');
      expect(await page.getByTestId('pay-address').innerText()).toBe('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE');
      await expect.poll(() => countdown(page), { timeout: 6000 }).toBe('00:00');
      await expect.poll(() => page.getByTestId('pay-state').innerText()).toBe('订单已超时');
      await page.waitForTimeout(1500);
      expect(await countdown(page)).toBe('00:00');
      // An expired order offers a new deposit instead of 我已付款.
      expect(await page.getByTestId('pay-done').count()).toBe(0);
      await page.getByTestId('pay-again').waitFor();
      await shot(page, 'deposit-payinfo-expired', { fullPage: true });
      await page.getByTestId('pay-again').click();
      await expectRoute(page, '/recharge');
    });
  });

  it('says 订单不存在 for another member’s or an unknown order', async () => {
    await signedIn('/recharge', async (page) => {
      const other = await registerViaApi(platform, uniqueName('dq'));
      const res = await apiAs(platform, 'recharge', other.token, { paytype: 'alipay', amount: 300 });
      await open(page, platform, `/payInfo?deposit_no=${res.message}`);
      await expect.poll(() => page.getByTestId('pay-missing').innerText()).toBe(MSG.orderMissing);
    });
  });
});
