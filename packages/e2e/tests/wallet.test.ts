import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BET_STATUS, fmt, MSG, PLATFORM_WALLET, TIMING, usdtWithdrawalLines, type UserInfo, type VenueBalance } from '@app/contract';
import { approveDeposit } from '../../server/src/modules/deposits/review.js';
import { applyBets, VenueCategories } from '../../server/src/modules/games/ingest.js';
import { approveApplication } from '../../server/src/modules/promotions/review.js';
import { apiAs, clickWhenStill, credit, expectRoute, expectFieldMessage, expectToast, memberIdOf, newPhone, open, type Platform, registerViaApi, route, shot, signInPage, startSuite, stopSuite, uniqueName } from '../harness.js';
import { colourOf, PLAIN_INK, WIN_RED } from '../money-tone.js';

/** The member wallet screens of spec §2: /money, /transfer, /withdrawal, /transRecord. */

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;
const PLATFORM = PLATFORM_WALLET.platname;

const api = <T = any>(path: string, token: string, body: unknown = {}) => apiAs<T>(platform, path, token, body);

/**
 * A fresh member holding `yuan` in the central wallet, signed in on a fresh phone at `at`; `before` runs
 * first (cards bound, the page's clock installed…), so the screen opens on what it prepared.
 */
async function signedIn<T>(at: string, yuan: number, fn: (page: Page, member: Member) => Promise<T>, before?: (page: Page, member: Member) => Promise<void>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('wl'));
  if (yuan > 0) await credit(platform, await memberIdOf(platform, member.token), yuan * 100);
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await before?.(page, member);
    await signInPage(page, platform, member.token, at);
    return await fn(page, member);
  } finally {
    await ctx.close();
  }
}

async function venues(token: string): Promise<VenueBalance[]> {
  return (await api<VenueBalance[]>('balancelist', token)).data.filter((v) => v.platname !== PLATFORM);
}
async function intoVenue(token: string, venue: string, yuan: number): Promise<void> {
  const res = await api('transfer', token, { amount: yuan, sourcetype: PLATFORM, targettype: venue });
  expect(res.code, res.message).toBe(200);
}

/**
 * A screenshot once nothing moves: no CSS animation running and no inline style changed for 100 ms
 * (antd-mobile's popups and masks spring in by rewriting inline styles, which no Web Animation shows).
 */
async function still(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5000 });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          resolve();
        };
        let quiet = setTimeout(done, 100);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 100);
        });
        observer.observe(document.body, { attributes: true, attributeFilter: ['style'], subtree: true });
        setTimeout(done, 3000);
      }),
  );
  await shot(page, name);
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const expectText = (page: Page, testId: string, wanted: string) => expect.poll(() => text(page, testId), { timeout: 6000 }).toBe(wanted);
const valueOf = (page: Page, name: string) => page.locator(`input[name="${name}"]`).inputValue();

// Addresses of the right shapes (T + 33 base58; 0x + 40 hex), unique per call.
let addressSeq = 0;
function trc20(): string {
  addressSeq += 1;
  return `T${`${Date.now().toString(36)}${addressSeq}`.replace(/[0OIl]/g, 'x').padEnd(33, 'k').slice(0, 33)}`;
}
function erc20(): string {
  addressSeq += 1;
  return `0x${(Date.now().toString(16) + addressSeq.toString(16)).padStart(40, 'a').slice(-40)}`;
}
async function bindUsdt(member: Member, network: 'TRC20' | 'ERC20'): Promise<number> {
  const res = await api('bindcard', member.token, { bank: 'USDT', bank_owner: network, bank_no: network === 'TRC20' ? trc20() : erc20(), pay_pass: member.payPassword });
  expect(res.code, res.message).toBe(200);
  const cards = (await api<{ id: number; bank_owner: string }[]>('getcard', member.token, { type: 2 })).data;
  return cards.filter((c) => c.bank_owner === network).at(-1)!.id;
}
async function bindBank(member: Member): Promise<number> {
  const res = await api('bindcard', member.token, { bank_owner: member.name, bank: '中国银行', bank_address: '北京分行', bank_no: `62220202${String(Date.now()).slice(-8)}`, pay_pass: member.payPassword });
  expect(res.code, res.message).toBe(200);
  return (await api<{ id: number }[]>('getcard', member.token, { type: 1 })).data.at(-1)!.id;
}

/**
 * Counts the balancelist calls of the page in the page itself (installed before it loads), so a count
 * read right after `page.clock.runFor` already holds every call the page's timers made.
 */
async function countVenuePolls(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { venuePolls: number };
    w.venuePolls = 0;
    const fetchOnce = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/api/balancelist')) w.venuePolls += 1;
      return fetchOnce(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { venuePolls: number }).venuePolls);
}

describe('/money', () => {
  it('sends a visitor to /login with the redirect', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/money');
      await expectRoute(page, '/login?redirect=/money');
    } finally {
      await ctx.close();
    }
  });

  it('shows total assets, the central and game wallets, and the venue details behind the switch', async () => {
    const member = await registerViaApi(platform, uniqueName('wl'));
    await credit(platform, await memberIdOf(platform, member.token), 50_000);
    const [first, second] = await venues(member.token);
    await intoVenue(member.token, first!.platname, 120);
    await intoVenue(member.token, second!.platname, 30.5);
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, '/money');
      await expectText(page, 'wallet-central', '349.50');
      await expectText(page, 'wallet-game', '150.50');
      expect(await text(page, 'wallet-total')).toBe('500.00');
      expect(await page.getByTestId('venue-list').count()).toBe(0);
      await still(page, 'wallet-money');
      await page.getByTestId('venue-switch').click();
      await expectText(page, `venue-balance-${first!.platname}`, '120.00');
      expect(await text(page, `venue-balance-${second!.platname}`)).toBe('30.50');
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe((await venues(member.token)).length);
      expect(await page.getByTestId(`venue-${PLATFORM}`).count()).toBe(0);
      await still(page, 'wallet-money-venues');
    } finally {
      await ctx.close();
    }
  });

  it('一键回收 brings every venue balance back, says how much, and refreshes the figures', async () => {
    await signedIn('/money', 300, async (page, member) => {
      const [first] = await venues(member.token);
      await intoVenue(member.token, first!.platname, 120);
      await page.getByTestId('wallet-refresh').click();
      await expectText(page, 'wallet-game', '120.00');
      await page.getByTestId('wallet-recycle').click();
      await expectToast(page, fmt(MSG.recycleDone, { amount: '120.00' }));
      await expectText(page, 'wallet-game', '0.00');
      expect(await text(page, 'wallet-central')).toBe('300.00');
      expect(await text(page, 'wallet-total')).toBe('300.00');
      expect((await venues(member.token)).every((v) => v.balance === 0)).toBe(true);
    });
  });

  it('refresh reloads the balances, spinning meanwhile', async () => {
    await signedIn('/money', 0, async (page, member) => {
      await expectText(page, 'wallet-total', '0.00');
      await credit(platform, await memberIdOf(platform, member.token), 12_345);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/refreshusermoney'));
      await page.getByTestId('wallet-refresh').click();
      expect(await page.getByTestId('wallet-refresh').getAttribute('class')).toContain('spinning');
      await answered;
      await expectText(page, 'wallet-central', '123.45');
      expect(await text(page, 'wallet-total')).toBe('123.45');
    });
  });

  it('links 账户明细 and the four shortcuts', async () => {
    await signedIn('/money', 0, async (page) => {
      const targets: Record<string, string> = { 'money-records': '/transRecord', 'money-link-recharge': '/recharge', 'money-link-transfer': '/transfer', 'money-link-withdrawal': '/withdrawal', 'money-link-wallet': '/wallet' };
      for (const [testId, to] of Object.entries(targets)) {
        await open(page, platform, '/money');
        await page.getByTestId(testId).click();
        await expectRoute(page, to);
      }
    });
  });

  // The page runs on Playwright's clock: runFor moves its timers on by seconds that the test does not wait.
  it('polls the venue list every 3.5 s and stops when the member leaves', async () => {
    let polls!: () => Promise<number>;
    await signedIn(
      '/money',
      0,
      async (page) => {
        await page.getByTestId('wallet-total').waitFor();
        await expect.poll(polls).toBeGreaterThanOrEqual(1);
        const loaded = await polls();
        await page.clock.runFor(TIMING.venuePollMs + 500);
        expect((await polls()) - loaded).toBeGreaterThanOrEqual(1);
        expect((await polls()) - loaded).toBeLessThanOrEqual(3);
        await page.evaluate(() => (window.location.hash = '#/'));
        await expectRoute(page, '/');
        await page.getByTestId('wallet-total').waitFor({ state: 'detached' });
        const before = await polls();
        await page.clock.runFor(TIMING.venuePollMs + 1000);
        expect(await polls()).toBe(before);
      },
      async (page) => {
        await page.clock.install();
        polls = await countVenuePolls(page);
      },
    );
  });
});

describe('/transfer', () => {
  it('checks the amount first, then that one side is the platform wallet', async () => {
    await signedIn('/transfer', 100, async (page, member) => {
      const [first, second] = await venues(member.token);
      await page.getByTestId('venue-list').waitFor();
      await page.getByTestId('transfer-submit').click();
      await expectFieldMessage(page, MSG.transferAmountEmpty);
      await page.locator('input[name="amount"]').fill('10');
      await page.getByTestId('transfer-source').click();
      await clickWhenStill(page.getByTestId(`transfer-source-sheet-${first!.platname}`));
      await page.getByTestId('transfer-target').click();
      await clickWhenStill(page.getByTestId(`transfer-target-sheet-${second!.platname}`));
      await expect.poll(() => text(page, 'transfer-target-name')).toBe(second!.name);
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, MSG.transferBetweenVenues);
    });
  });

  it('moves money into a venue and back, 全部转入 filling the source balance, every figure following', async () => {
    await signedIn('/transfer', 300, async (page, member) => {
      const [first] = await venues(member.token);
      await expectText(page, 'wallet-central', '300.00');
      await expect.poll(() => text(page, 'transfer-source-name')).toBe(PLATFORM_WALLET.name);
      await expect.poll(() => text(page, 'transfer-target-name')).toBe(first!.name);
      await page.getByTestId('transfer-all').click();
      expect(await valueOf(page, 'amount')).toBe('300.00');
      await page.locator('input[name="amount"]').fill('100');
      await still(page, 'wallet-transfer');
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, MSG.transferSuccess);
      await expectText(page, 'wallet-central', '200.00');
      await expectText(page, `venue-balance-${first!.platname}`, '100.00');
      expect(await text(page, 'wallet-game')).toBe('100.00');
      expect(await valueOf(page, 'amount')).toBe('');

      await page.getByTestId('transfer-swap').click();
      await expect.poll(() => text(page, 'transfer-source-name')).toBe(first!.name);
      await page.getByTestId('transfer-all').click();
      expect(await valueOf(page, 'amount')).toBe('100.00');
      await page.getByTestId('transfer-submit').click();
      await expectToast(page, MSG.transferSuccess);
      await expectText(page, 'wallet-central', '300.00');
      await expectText(page, `venue-balance-${first!.platname}`, '0.00');
      const records = await api('gettransrecord', member.token, { type: 4, date: 1, page: 1, api_type: '' });
      expect(records.data.total).toBe(1);
    });
  });

  it('lists 4 venues without 平台钱包, expandable, each with a one-click retrieval', async () => {
    await signedIn('/transfer', 200, async (page, member) => {
      const all = await venues(member.token);
      const second = all[1]!;
      await intoVenue(member.token, second.platname, 80);
      await page.getByTestId('venue-list').waitFor();
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe(4);
      expect(await page.getByTestId(`venue-${PLATFORM}`).count()).toBe(0);
      await expectText(page, `venue-balance-${second.platname}`, '80.00');
      await page.getByTestId('venue-expand').click();
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe(all.length);
      await page.getByTestId('venue-expand').click();
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe(4);

      await page.getByTestId(`venue-retrieve-${all[0]!.platname}`).click();
      await expectToast(page, MSG.recycleNothing);
      await page.getByTestId(`venue-retrieve-${second.platname}`).click();
      await expectToast(page, MSG.transferSuccess);
      await expectText(page, `venue-balance-${second.platname}`, '0.00');
      await expectText(page, 'wallet-central', '200.00');
    });
  });

  it('opens a transfer dialog preset to a tapped venue, moving money both ways', async () => {
    await signedIn('/transfer', 100, async (page, member) => {
      const [first] = await venues(member.token);
      await page.getByTestId(`venue-${first!.platname}`).click();
      const sheet = page.getByTestId('transfer-sheet');
      await sheet.waitFor();
      expect(await text(page, 'transfer-sheet-direction')).toBe(`${PLATFORM_WALLET.name} → ${first!.name}`);
      await page.locator('input[name="sheetAmount"]').fill('40');
      await still(page, 'wallet-transfer-sheet');
      await page.getByTestId('transfer-sheet-submit').click();
      await expectToast(page, MSG.transferSuccess);
      await sheet.waitFor({ state: 'hidden' });
      await expectText(page, `venue-balance-${first!.platname}`, '40.00');

      await page.getByTestId(`venue-${first!.platname}`).click();
      await clickWhenStill(page.getByTestId('transfer-sheet-swap'));
      expect(await text(page, 'transfer-sheet-direction')).toBe(`${first!.name} → ${PLATFORM_WALLET.name}`);
      await page.getByTestId('transfer-sheet-all').click();
      expect(await valueOf(page, 'sheetAmount')).toBe('40.00');
      await page.getByTestId('transfer-sheet-submit').click();
      await expectToast(page, MSG.transferSuccess);
      await expectText(page, 'wallet-central', '100.00');
    });
  });

  it('keeps the auto-transfer switch on the server; while on, a venue opens no dialog', async () => {
    await signedIn('/transfer', 0, async (page, member) => {
      const [first] = await venues(member.token);
      const toggle = page.getByTestId('auto-transfer-switch');
      await page.getByTestId('venue-list').waitFor();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await expect.poll(async () => (await api<UserInfo>('user', member.token)).data.transferstatus).toBe(1);
      await page.reload();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await page.getByTestId(`venue-${first!.platname}`).click();
      // still() waits until nothing has moved for a while: an opening sheet would be moving.
      await still(page, 'wallet-transfer-auto');
      expect(await page.getByTestId('transfer-sheet').count()).toBe(0);

      await toggle.click();
      await expect.poll(async () => (await api<UserInfo>('user', member.token)).data.transferstatus).toBe(0);
      await page.getByTestId(`venue-${first!.platname}`).click();
      await page.getByTestId('transfer-sheet').waitFor();
    });
  });

  it('polls the venue list every 1.5 s and stops when the member leaves', async () => {
    let polls!: () => Promise<number>;
    await signedIn(
      '/transfer',
      20,
      async (page, member) => {
        const [first] = await venues(member.token);
        await page.getByTestId('venue-list').waitFor();
        const loaded = await polls();
        // A poll does not start while the last is still out: each step waits until its answer is on screen.
        for (const yuan of ['10.00', '20.00']) {
          await intoVenue(member.token, first!.platname, 10);
          await page.clock.runFor(TIMING.venuePollTransferMs);
          await expectText(page, `venue-balance-${first!.platname}`, yuan);
        }
        expect((await polls()) - loaded).toBeGreaterThanOrEqual(2);
        await page.evaluate(() => (window.location.hash = '#/'));
        await expectRoute(page, '/');
        await page.getByTestId('transfer-submit').waitFor({ state: 'detached' });
        const before = await polls();
        await page.clock.runFor(2 * TIMING.venuePollTransferMs + 500);
        expect(await polls()).toBe(before);
      },
      async (page) => {
        await page.clock.install();
        polls = await countVenuePolls(page);
      },
    );
  });
});

describe('/withdrawal', () => {
  it('checks card, amount and payment password in the spec order, per tab', async () => {
    await signedIn('/withdrawal', 500, async (page, member) => {
      const submit = page.getByTestId('withdraw-submit');
      await page.getByTestId('withdraw-add-card').waitFor();
      await still(page, 'wallet-withdrawal-empty');
      await submit.click();
      await expectFieldMessage(page, MSG.withdrawChooseUsdt);
      await page.getByText('银行卡取款', { exact: true }).click();
      await submit.click();
      await expectFieldMessage(page, MSG.withdrawChooseBank);

      const bankId = await bindBank(member);
      await page.reload();
      await page.getByText('银行卡取款', { exact: true }).click();
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${bankId}`));
      await expectText(page, 'withdraw-card-title', '中国银行');
      await page.locator('input[name="amount"]').fill('99.99');
      await submit.click();
      await expectFieldMessage(page, MSG.withdrawMin);
      await page.locator('input[name="amount"]').fill('100');
      await submit.click();
      await expectFieldMessage(page, MSG.withdrawPassword);
      await page.locator('input[name="password"]').fill('wrong-pass');
      await submit.click();
      await expectFieldMessage(page, MSG.payPasswordWrong);
    });
  });

  it('links to add an address or a card when there is none', async () => {
    await signedIn('/withdrawal', 0, async (page) => {
      await page.getByTestId('withdraw-add-card').click();
      await expectRoute(page, '/addUsdtCard');
      await open(page, platform, '/withdrawal?type=2');
      await expect.poll(() => page.locator('.withdraw-tabs .adm-tabs-tab-active').innerText()).toBe('银行卡取款');
      await page.getByTestId('withdraw-add-card').click();
      await expectRoute(page, '/addBankCard');
    });
  });

  it('clears card, amount and password on a tab switch, and amount and password on a card pick', async () => {
    let trc = 0;
    let erc = 0;
    const bindAll = async (_page: Page, member: Member) => {
      trc = await bindUsdt(member, 'TRC20');
      erc = await bindUsdt(member, 'ERC20');
      await bindBank(member);
    };
    await signedIn('/withdrawal', 800, async (page, member) => {
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${trc}`));
      await expectText(page, 'withdraw-card-title', 'USDT-TRC20');
      await page.locator('input[name="amount"]').fill('300');
      await page.locator('input[name="password"]').fill(member.payPassword);

      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${erc}`));
      await expectText(page, 'withdraw-card-title', 'USDT-ERC20');
      expect(await valueOf(page, 'amount')).toBe('');
      expect(await valueOf(page, 'password')).toBe('');
      expect(await text(page, 'usdt-fee')).toContain('ERC20');

      await page.locator('input[name="amount"]').fill('300');
      await page.locator('input[name="password"]').fill(member.payPassword);
      await page.getByText('银行卡取款', { exact: true }).click();
      await expect.poll(() => text(page, 'withdraw-card')).toContain('请选择银行卡');
      expect(await valueOf(page, 'amount')).toBe('');
      expect(await valueOf(page, 'password')).toBe('');
      expect(await page.getByTestId('usdt-lines').count()).toBe(0);
      await page.getByText('USDT取款', { exact: true }).click();
      await expect.poll(() => text(page, 'withdraw-card')).toContain('请选择USDT地址');
      expect(await text(page, 'usdt-fee')).toContain('TRC20');
    }, bindAll);
  });

  it('fills the central balance with 最大金额 and prices the USDT lines per network', async () => {
    let trc = 0;
    let erc = 0;
    const bindBoth = async (_page: Page, member: Member) => {
      trc = await bindUsdt(member, 'TRC20');
      erc = await bindUsdt(member, 'ERC20');
    };
    await signedIn('/withdrawal', 1000, async (page, member) => {
      const user = (await api<UserInfo>('user', member.token)).data;
      await expectText(page, 'wallet-central', '1,000.00');
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${trc}`));
      await page.getByTestId('withdraw-max').click();
      expect(await valueOf(page, 'amount')).toBe('1000.00');
      const trcLines = usdtWithdrawalLines(1000, user.withdrawusdtrate, user.withdrawfeeusdttrc);
      await expectText(page, 'usdt-equivalent', `${trcLines.equivalent.toFixed(2)} USDT`);
      expect(await text(page, 'usdt-arrival')).toBe(`${trcLines.arrival.toFixed(2)} USDT`);
      expect(await text(page, 'usdt-fee')).toContain(`${user.withdrawfeeusdttrc.toFixed(2)} USDT/笔`);
      expect(await text(page, 'usdt-rate')).toContain(String(user.withdrawusdtrate));
      await still(page, 'wallet-withdrawal-usdt');

      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${erc}`));
      await page.locator('input[name="amount"]').fill('730');
      const ercLines = usdtWithdrawalLines(730, user.withdrawusdtrate, user.withdrawcashfee);
      await expectText(page, 'usdt-equivalent', `${ercLines.equivalent.toFixed(2)} USDT`);
      expect(await text(page, 'usdt-arrival')).toBe(`${ercLines.arrival.toFixed(2)} USDT`);
      expect(await text(page, 'usdt-fee')).toContain(`${user.withdrawcashfee.toFixed(2)} USDT/笔`);
    }, bindBoth);
  });

  it('submits: 提交成功，等待后台审核, the form resets and /transRecord shows it 1.5 s later', async () => {
    let bankId = 0;
    await signedIn('/withdrawal?type=2', 500, async (page, member) => {
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${bankId}`));
      await page.locator('input[name="amount"]').fill('200');
      await page.locator('input[name="password"]').fill(member.payPassword);
      await still(page, 'wallet-withdrawal-bank');
      await page.getByTestId('withdraw-submit').click();
      await expectToast(page, MSG.withdrawSubmitted);
      const shownAt = Date.now();
      expect(await valueOf(page, 'amount')).toBe('');
      expect(await valueOf(page, 'password')).toBe('');
      expect(await text(page, 'withdraw-card')).toContain('请选择银行卡');
      expect(route(page)).toBe('/withdrawal?type=2');
      await expectRoute(page, '/transRecord');
      expect(Date.now() - shownAt).toBeGreaterThan(1000);
      await expectText(page, 'filter-type-title', '取款');
      await expectText(page, 'record-amount', '-200.00');
      expect(await text(page, 'record-state')).toBe('待审核');
      expect((await api<UserInfo>('user', member.token)).data.balance).toBe(300);
    }, async (_page, member) => {
      bankId = await bindBank(member);
    });
  });

  it('says how much turnover remains when a requirement is left', async () => {
    let bankId = 0;
    const withRequirement = async (_page: Page, member: Member) => {
      bankId = await bindBank(member);
      await platform.db.kysely.insertInto('turnover_requirements').values({ member_id: await memberIdOf(platform, member.token), remaining_fen: 5000 }).execute();
    };
    await signedIn('/withdrawal?type=2', 500, async (page, member) => {
      await expectText(page, 'withdraw-bet-amount', '50.00');
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${bankId}`));
      await page.locator('input[name="amount"]').fill('200');
      await page.locator('input[name="password"]').fill(member.payPassword);
      await page.getByTestId('withdraw-submit').click();
      await expectToast(page, fmt(MSG.withdrawTurnover, { amount: '50.00' }));
      expect(route(page)).toBe('/withdrawal?type=2');
    }, withRequirement);
  });

  it('shows where the 打码量 comes from: the deposit ×1 and the bonus ×5, each with what is left, the oldest used first by bets', async () => {
    const member = await registerViaApi(platform, uniqueName('wt'));
    const memberId = await memberIdOf(platform, member.token);
    const db = platform.db.kysely;
    const admin = await db.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    // A deposit of 1,000 approved by finance, then 每日存款加赠10% on it: a bonus of 100 with 5× turnover.
    const order = await api<{ deposit_no: string }>('recharge', member.token, { paytype: 'alipay', amount: 1000 });
    expect(order.code, order.message).toBe(200);
    const deposit = await db.selectFrom('deposits').select('id').where('deposit_no', '=', order.data.deposit_no).executeTakeFirstOrThrow();
    await approveDeposit(db, deposit.id, Number(admin.id));
    const daily = (await api<{ data: { id: number; title: string }[] }>('activitylist', '', {})).data.data.find((a) => a.title === '每日存款加赠10%')!;
    const applied = await api('doactivityapply', member.token, { activityid: daily.id });
    expect(applied.code, applied.message).toBe(200);
    const application = await db.selectFrom('activity_applications').select('id').where('member_id', '=', memberId).where('activity_id', '=', daily.id).executeTakeFirstOrThrow();
    await approveApplication(db, application.id, Number(admin.id));
    /** Valid bets as the game feed records them (a settled baccarat bet). */
    let n = 0;
    const bet = async (validYuan: number) => {
      const at = new Date();
      await applyBets(db, [{ seq: 0, venue: 'DEMOLIVEA', betId: `E2EWT${Date.now()}${n++}`, memberId, game: 'demo_baccarat', gameName: '百家乐', category: 'realbet', stakeFen: validYuan * 100, validFen: validYuan * 100, winLossFen: 0, status: BET_STATUS.settled, detail: '{}', betAt: at, settledAt: at }], new VenueCategories(db));
    };
    /** The parts as the member reads them: label, basis (amount ×multiple = required) and what is left. */
    const parts = async (page: Page) =>
      page.getByTestId('turnover-breakdown').locator('.turnover-source').evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('[data-testid=turnover-source-label]')!.textContent!.trim(),
          r.querySelector('[data-testid=turnover-source-basis]')!.textContent!.trim(),
          r.querySelector('[data-testid=turnover-source-remaining]')!.textContent!.trim(),
        ]),
      );
    /** Back to /withdrawal after playing elsewhere (the hall): the screen reads the requirement anew. */
    const backToWithdrawal = async (page: Page) => {
      await open(page, platform, '/');
      await page.getByTestId('hall').waitFor();
      await open(page, platform, '/withdrawal');
    };

    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, '/withdrawal');
      await expectText(page, 'withdraw-bet-amount', '1,500.00');
      await page.getByTestId('turnover-breakdown').waitFor();
      expect(await page.getByTestId('turnover-breakdown').locator('.turnover-breakdown-title').innerText()).toBe('打码量来源');
      expect(await parts(page)).toEqual([
        ['存款', '1,000.00 ×1 = 1,000.00', '1,000.00'],
        ['活动彩金', '100.00 ×5 = 500.00', '500.00'],
      ]);
      await still(page, 'withdrawal-turnover-breakdown');

      // 300 of valid bets come off the deposit's part, the older one; the bonus's part is untouched.
      await bet(300);
      await backToWithdrawal(page);
      await expectText(page, 'withdraw-bet-amount', '1,200.00');
      await expect.poll(() => parts(page)).toEqual([
        ['存款', '1,000.00 ×1 = 1,000.00', '700.00'],
        ['活动彩金', '100.00 ×5 = 500.00', '500.00'],
      ]);
      expect(await page.getByTestId('turnover-source-0').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
      await still(page, 'withdrawal-turnover-breakdown-played');

      // 800 more: the deposit's part is done and leaves the list, the bonus's has 400 left.
      await bet(800);
      await backToWithdrawal(page);
      await expectText(page, 'withdraw-bet-amount', '400.00');
      await expect.poll(() => parts(page)).toEqual([['活动彩金', '100.00 ×5 = 500.00', '400.00']]);

      // Everything played: 已完成, and no breakdown.
      await bet(400);
      await backToWithdrawal(page);
      await expectText(page, 'withdraw-bet-amount', '0.00');
      expect(await page.getByTestId('turnover-breakdown').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('shows 3 venues, expandable, and recycles them with one tap', async () => {
    await signedIn('/withdrawal', 100, async (page, member) => {
      const all = await venues(member.token);
      await intoVenue(member.token, all[2]!.platname, 60);
      await page.getByTestId('venue-list').waitFor();
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe(3);
      await expectText(page, `venue-balance-${all[2]!.platname}`, '60.00');
      await page.getByTestId('venue-expand').click();
      expect(await page.locator('[data-testid="venue-list"] .venue-tile').count()).toBe(all.length);
      await page.getByTestId('wallet-recycle').click();
      await expectToast(page, fmt(MSG.recycleDone, { amount: '60.00' }));
      await expectText(page, 'wallet-central', '100.00');
      await page.getByTestId('withdraw-kefu').click();
      await expectRoute(page, '/kefu');
    });
  });
});

describe('/transRecord', () => {
  it('filters by type, platform and date, and pages until the last page', async () => {
    const member = await registerViaApi(platform, uniqueName('wl'));
    await credit(platform, await memberIdOf(platform, member.token), 100_000);
    const [first, second] = await venues(member.token);
    for (let i = 0; i < 17; i++) await intoVenue(member.token, first!.platname, 1);
    for (let i = 0; i < 2; i++) await intoVenue(member.token, second!.platname, 2);
    const back = await api('transfer', member.token, { amount: 5, sourcetype: first!.platname, targettype: PLATFORM });
    expect(back.code).toBe(200);
    const bankId = await bindBank(member);
    const w = await api('withdraw', member.token, { amount: 150, bank: bankId, password: member.payPassword, type: 2 });
    expect(w.code, w.message).toBe(200);

    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await signInPage(page, platform, member.token, '/transRecord');
      const rows = page.getByTestId('record-row');
      const pick = async (filter: 'platform' | 'date' | 'type', key: string | number, title: string, shotName = '') => {
        await page.getByTestId(`filter-${filter}-title`).click();
        if (shotName) await still(page, shotName);
        await clickWhenStill(page.getByTestId(`filter-${filter}-${key}`));
        await expectText(page, `filter-${filter}-title`, title);
      };

      // 全部 by default: every movement of the central wallet, newest first, each with the balance after it
      // (1,000 credited, 17 × 1 and 2 × 2 into venues, 5 back, 150 held for the withdrawal → 834).
      await expectText(page, 'filter-type-title', '全部');
      await expect.poll(() => rows.count()).toBe(15);
      expect(await page.getByTestId('record-amount').first().innerText()).toBe('-150.00');
      expect(await page.getByTestId('record-balance').first().innerText()).toBe('余额 834.00');
      expect(await page.getByTestId('record-balance').nth(1).innerText()).toBe('余额 984.00');
      expect(await page.getByTestId('record-amount').nth(1).innerText()).toBe('+5.00');
      // money in reads as a win (red, as Chinese players read it); money out is no loss and stays plain, never green
      expect(await colourOf(page.getByTestId('record-amount').nth(1))).toBe(WIN_RED);
      expect(await colourOf(page.getByTestId('record-amount').first())).toBe(PLAIN_INK);
      await still(page, 'wallet-records-all');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => rows.count()).toBe(22);
      expect(await page.getByTestId('record-balance').last().innerText()).toBe('余额 1,000.00');
      await page.evaluate(() => window.scrollTo(0, 0));

      // No deposits: an empty list.
      await pick('type', 1, '存款');
      await page.getByTestId('empty-state').waitFor();
      expect(await text(page, 'empty-state')).toContain(MSG.empty);
      await still(page, 'wallet-records-empty');

      await pick('type', 2, '取款');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await text(page, 'record-amount')).toBe('-150.00');
      expect(await colourOf(page.getByTestId('record-amount'))).toBe(PLAIN_INK);
      expect(await page.getByTestId('record-no').count()).toBe(1);
      expect(await text(page, 'record-state')).toBe('待审核');
      await still(page, 'wallet-records-withdrawal');

      // Transfers into venues: 19 in pages of 15, no order numbers.
      await pick('type', 3, '转入');
      await expect.poll(() => rows.count()).toBe(15);
      expect(await page.getByTestId('record-no').count()).toBe(0);
      await still(page, 'wallet-records');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => rows.count()).toBe(19);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expectText(page, 'list-end', MSG.noMore);

      // A new platform starts again from page 1.
      await page.evaluate(() => window.scrollTo(0, 0));
      await pick('platform', first!.platname, first!.name, 'wallet-records-platforms');
      await expect.poll(() => rows.count()).toBe(15);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => rows.count()).toBe(17);
      await page.evaluate(() => window.scrollTo(0, 0));
      await pick('platform', second!.platname, second!.name);
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.getByTestId('record-way').first().innerText()).toBe(`${PLATFORM_WALLET.name} → ${second!.name}`);

      await pick('type', 4, '转出');
      await page.getByTestId('empty-state').waitFor();
      await pick('platform', 'all', '全部平台');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await text(page, 'record-state')).toBe('成功');
      await pick('date', 1, '今天');
      await expect.poll(() => rows.count()).toBe(1);
      await still(page, 'wallet-records-filter');
    } finally {
      await ctx.close();
    }
  });
});
