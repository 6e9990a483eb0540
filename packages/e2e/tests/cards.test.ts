import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CARD_TYPE, LIMITS, MSG } from '@app/contract';
import {
  apiAs,
  bankCardNo,
  dialogButton,
  expectRoute,
  expectFieldMessage,
  expectToast,
  guestSignIn,
  newPhone,
  open,
  pickBank,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  startSuite,
  stopSuite,
  uniqueName,
  usdtAddress,
} from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;

/** A fresh member signed in on a fresh phone at `at`. */
async function signedIn<T>(at: string, fn: (page: Page, member: Member) => Promise<T>, before?: (member: Member) => Promise<void>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('cd'));
  if (before) await before(member);
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await signInPage(page, platform, member.token, at);
    return await fn(page, member);
  } finally {
    await ctx.close();
  }
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const submit = (page: Page) => page.getByTestId('bind-submit').click();

async function bindBank(member: Member, bankNo = bankCardNo(), bank = '招商银行'): Promise<string> {
  const res = await apiAs(platform, 'bindcard', member.token, { bank, bank_owner: '张三丰', bank_address: '招商银行深圳分行', bank_no: bankNo, pay_pass: member.payPassword });
  expect(res.message).toBe(MSG.cardBound);
  return bankNo;
}
async function bindUsdt(member: Member, network: 'TRC20' | 'ERC20' = 'TRC20'): Promise<string> {
  const address = usdtAddress(network);
  const res = await apiAs(platform, 'bindcard', member.token, { bank: 'USDT', bank_owner: network, bank_no: address, pay_pass: member.payPassword });
  expect(res.message).toBe(MSG.cardBound);
  return address;
}

const cards = (page: Page) => page.getByTestId('saved-card');

describe('guards', () => {
  it('sends a visitor from every card screen to /login with the redirect', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      for (const path of ['/wallet?type=1', '/addBankCard', '/addUsdtCard', '/withdrawAccount']) {
        await open(page, platform, path);
        await expectRoute(page, `/login?redirect=${path}`);
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('/addUsdtCard', () => {
  it('checks address, payment password and address shape in order, then refuses a wrong payment password', async () => {
    await signedIn('/addUsdtCard', async (page, member) => {
      await page.getByTestId('network-TRC20').waitFor();
      expect(await page.getByTestId('network-TRC20').getAttribute('aria-checked')).toBe('true');
      await shot(page, 'cards-add-usdt');
      await submit(page);
      await expectFieldMessage(page, MSG.usdtAddressEmpty);
      await field(page, 'bank_no').fill(usdtAddress('TRC20'));
      await submit(page);
      await expectFieldMessage(page, MSG.cardPayPasswordEmpty);
      // An ERC20 address under TRC20 is the wrong shape.
      await field(page, 'bank_no').fill(usdtAddress('ERC20'));
      await field(page, 'pay_pass').fill(member.payPassword);
      await submit(page);
      await expectFieldMessage(page, MSG.usdtAddressInvalid);
      await page.getByTestId('network-ERC20').click();
      await field(page, 'pay_pass').fill('wrongpass1');
      await submit(page);
      await expectFieldMessage(page, MSG.payPasswordWrong);
      expect((await apiAs(platform, 'getcard', member.token, { type: CARD_TYPE.usdt })).data).toEqual([]);
    });
  });

  it('binds an ERC20 address with 绑定成功 and lists it on /wallet with its network and last 4', async () => {
    await signedIn('/wallet', async (page, member) => {
      await page.getByTestId('card-empty').waitFor();
      await shot(page, 'cards-wallet-empty');
      await page.getByTestId('card-add').click();
      await expectRoute(page, '/addUsdtCard');
      await page.getByTestId('network-ERC20').click();
      const address = usdtAddress('ERC20');
      await field(page, 'bank_no').fill(address);
      await field(page, 'pay_pass').fill(member.payPassword);
      await expect.poll(() => page.getByTestId('usdt-preview').getByTestId('card-network').innerText()).toBe('ERC20');
      await shot(page, 'cards-add-usdt-filled');
      await submit(page);
      await expectToast(page, MSG.cardBound);
      await expectRoute(page, '/wallet');
      await expect.poll(() => cards(page).count()).toBe(1);
      expect(await cards(page).getByTestId('card-network').innerText()).toBe('ERC20');
      const shown = await cards(page).getByTestId('card-number').innerText();
      expect(shown).toBe(`0x****…${address.toLowerCase().slice(-4)}`);
      expect(shown).not.toContain(address.slice(2, 10));
    });
  });

  it('refuses the trial account with 试玩账号不支持此操作', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await guestSignIn(page, platform, '/addUsdtCard');
      await field(page, 'bank_no').fill(usdtAddress('TRC20'));
      await field(page, 'pay_pass').fill('whatever1');
      await submit(page);
      await expectToast(page, MSG.trialRefused);
    } finally {
      await ctx.close();
    }
  });
});

describe('/addBankCard', () => {
  it('checks the seven bank-card rules in the spec order, then the payment password', async () => {
    await signedIn('/addBankCard', async (page, member) => {
      await page.getByTestId('bind-submit').waitFor();
      await shot(page, 'cards-add-bank');
      await submit(page);
      await expectFieldMessage(page, MSG.cardHolderEmpty);
      await field(page, 'bank_owner').fill('张三丰');
      await submit(page);
      await expectFieldMessage(page, MSG.cardBankEmpty);
      await pickBank(page, '招商银行');
      await submit(page);
      await expectFieldMessage(page, MSG.cardBranchEmpty);
      await field(page, 'bank_address').fill('招商银行深圳分行');
      await submit(page);
      await expectFieldMessage(page, MSG.cardNumberEmpty);
      await field(page, 'bank_no').fill('6214');
      await submit(page);
      await expectFieldMessage(page, MSG.cardPayPasswordEmpty);
      await field(page, 'pay_pass').fill('12345');
      await submit(page);
      await expectFieldMessage(page, MSG.cardNumberLength);
      await field(page, 'bank_no').fill('6214830112345678');
      // Typed numbers are grouped in fours.
      expect(await field(page, 'bank_no').inputValue()).toBe('6214 8301 1234 5678');
      await submit(page);
      await expectFieldMessage(page, MSG.cardPayPasswordLength);
      await field(page, 'pay_pass').fill('wrongpass1');
      await submit(page);
      await expectFieldMessage(page, MSG.payPasswordWrong);
      await expect.poll(() => page.getByTestId('bank-preview').getByTestId('card-number').innerText()).toBe('**** **** **** 5678');
      await shot(page, 'cards-add-bank-filled');
      await field(page, 'pay_pass').fill(member.payPassword);
      await submit(page);
      await expectToast(page, MSG.cardBound);
      await expectRoute(page, '/wallet?type=1');
      await expect.poll(() => cards(page).count()).toBe(1);
      expect(await cards(page).getByTestId('card-bank').innerText()).toBe('招商银行');
      expect(await cards(page).getByTestId('card-number').innerText()).toBe('**** **** **** 5678');
    });
  });

  it('goes back to the screen it was opened from, which shows the new card', async () => {
    await signedIn('/withdrawAccount', async (page, member) => {
      await page.getByTestId(`account-add-${CARD_TYPE.bank}`).click();
      await expectRoute(page, '/addBankCard');
      await field(page, 'bank_owner').fill('李四');
      await pickBank(page, '中国建设银行');
      await field(page, 'bank_address').fill('建设银行北京分行');
      await field(page, 'bank_no').fill('6227000011112222333');
      await field(page, 'pay_pass').fill(member.payPassword);
      await submit(page);
      await expectToast(page, MSG.cardBound);
      await expectRoute(page, '/withdrawAccount');
      const rows = page.getByTestId(`account-kind-${CARD_TYPE.bank}`).getByTestId('account-row');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.innerText()).toContain('**** **** **** 2333');
    });
  });
});

describe('/wallet', () => {
  it('picks the tab from ?type= (1 银行卡, 2 虚拟币, none 虚拟币) and keeps the tab in the query', async () => {
    await signedIn('/wallet?type=1', async (page, member) => {
      const bankTab = page.getByTestId(`wallet-tab-${CARD_TYPE.bank}`);
      const usdtTab = page.getByTestId(`wallet-tab-${CARD_TYPE.usdt}`);
      await expect.poll(() => bankTab.getAttribute('aria-selected')).toBe('true');
      await page.getByTestId(`card-list-${CARD_TYPE.bank}`).getByTestId('saved-card').first().waitFor();
      await shot(page, 'cards-wallet-bank');
      await open(page, platform, '/wallet?type=2');
      await expect.poll(() => usdtTab.getAttribute('aria-selected')).toBe('true');
      await page.getByTestId(`card-list-${CARD_TYPE.usdt}`).getByTestId('saved-card').first().waitFor();
      await shot(page, 'cards-wallet-usdt');
      await open(page, platform, '/wallet');
      await expect.poll(() => usdtTab.getAttribute('aria-selected')).toBe('true');
      await bankTab.click();
      await expectRoute(page, '/wallet?type=1');
      await page.getByTestId(`card-list-${CARD_TYPE.bank}`).waitFor();
      expect(member.name).toBeTruthy();
    }, async (member) => {
      await bindBank(member);
      await bindBank(member, bankCardNo(), '中国工商银行');
      await bindUsdt(member, 'TRC20');
      await bindUsdt(member, 'ERC20');
    });
  });

  it('unbinds after the 温馨提示 confirm with 解绑成功, and keeps the card when cancelled', async () => {
    let kept = '';
    await signedIn('/wallet?type=1', async (page, member) => {
      await expect.poll(() => cards(page).count()).toBe(2);
      const first = (await apiAs<{ id: number }[]>(platform, 'getcard', member.token, { type: CARD_TYPE.bank })).data[0];
      await page.getByTestId(`unbind-${first.id}`).click();
      const dialog = page.locator('.adm-dialog-body');
      await dialog.waitFor();
      expect(await dialog.locator('.adm-dialog-title').innerText()).toBe(MSG.cardUnbindTitle);
      expect(await dialog.locator('.adm-dialog-content').innerText()).toBe(MSG.cardUnbindConfirm);
      await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
      await shot(page, 'cards-unbind-confirm');
      await dialogButton(page, '取消');
      await dialog.waitFor({ state: 'hidden' });
      expect(await cards(page).count()).toBe(2);
      await page.getByTestId(`unbind-${first.id}`).click();
      await dialogButton(page, '确定');
      await expectToast(page, MSG.cardUnbound);
      await expect.poll(() => cards(page).count()).toBe(1);
      expect(await cards(page).getByTestId('card-number').innerText()).toBe(`**** **** **** ${kept.slice(-4)}`);
      expect((await apiAs(platform, 'getcard', member.token, { type: CARD_TYPE.bank })).data).toHaveLength(1);
    }, async (member) => {
      await bindBank(member);
      kept = await bindBank(member);
    });
  });

  it(`hides the add button at ${LIMITS.maxCardsPerType} cards of a type, and shows it again after an unbind`, async () => {
    await signedIn('/wallet?type=2', async (page) => {
      await expect.poll(() => cards(page).count()).toBe(LIMITS.maxCardsPerType);
      expect(await page.getByTestId('card-count').innerText()).toBe(String(LIMITS.maxCardsPerType));
      expect(await page.getByTestId('card-add').count()).toBe(0);
      await shot(page, 'cards-wallet-full');
      // The bank tab has room: its add button is there.
      await page.getByTestId(`wallet-tab-${CARD_TYPE.bank}`).click();
      await page.getByTestId('card-add').waitFor();
      await page.getByTestId(`wallet-tab-${CARD_TYPE.usdt}`).click();
      await expect.poll(() => cards(page).count()).toBe(LIMITS.maxCardsPerType);
      await page.getByText('解绑', { exact: true }).first().click();
      await dialogButton(page, '确定');
      await expectToast(page, MSG.cardUnbound);
      await page.getByTestId('card-add').waitFor();
      await open(page, platform, '/withdrawAccount');
      await page.getByTestId(`account-add-${CARD_TYPE.usdt}`).waitFor();
    }, async (member) => {
      for (let i = 0; i < LIMITS.maxCardsPerType; i += 1) await bindUsdt(member, i % 2 ? 'ERC20' : 'TRC20');
    });
  });
});

describe('/withdrawAccount', () => {
  it('lists both kinds with what is bound, says 已达上限 when full, and links add and manage', async () => {
    await signedIn('/withdrawAccount', async (page) => {
      const usdt = page.getByTestId(`account-kind-${CARD_TYPE.usdt}`);
      const bank = page.getByTestId(`account-kind-${CARD_TYPE.bank}`);
      await expect.poll(() => bank.getByTestId('account-row').count()).toBe(LIMITS.maxCardsPerType);
      expect(await usdt.getByTestId('account-row').count()).toBe(1);
      expect(await bank.getByText('已达上限').count()).toBe(1);
      expect(await page.getByTestId(`account-add-${CARD_TYPE.bank}`).count()).toBe(0);
      await shot(page, 'cards-withdraw-account');
      await page.getByTestId(`account-add-${CARD_TYPE.usdt}`).click();
      await expectRoute(page, '/addUsdtCard');
      await page.goBack();
      await page.getByTestId(`account-manage-${CARD_TYPE.bank}`).click();
      await expectRoute(page, '/wallet?type=1');
      await page.goBack();
      await page.getByTestId(`account-manage-${CARD_TYPE.usdt}`).click();
      await expectRoute(page, '/wallet?type=2');
      await page.goBack();
      await page.getByTestId('to-withdrawal').click();
      await expectRoute(page, '/withdrawal');
    }, async (member) => {
      for (let i = 0; i < LIMITS.maxCardsPerType; i += 1) await bindBank(member);
      await bindUsdt(member);
    });
  });

  it('offers both kinds to a member with none', async () => {
    await signedIn('/withdrawAccount', async (page) => {
      await page.getByTestId(`account-add-${CARD_TYPE.usdt}`).waitFor();
      await page.getByTestId(`account-add-${CARD_TYPE.bank}`).waitFor();
      expect(await page.getByTestId('account-row').count()).toBe(0);
      expect(await page.getByTestId('to-withdrawal').count()).toBe(0);
      await shot(page, 'cards-withdraw-account-empty');
    });
  });
});
