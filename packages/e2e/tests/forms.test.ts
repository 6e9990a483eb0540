import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { AGENT_MSG, MSG, PAYPASS_MSG, PROTECTION_MSG } from '@app/contract';
import { apiAs, bankCardNo, clickWhenStill, credit, memberIdOf, newPhone, open, pickBank, type Platform, registerViaApi, SCREENSHOTS, settled, signInPage, startSuite, stopSuite, toastText, uniqueName, VIEWPORT } from '../harness.js';

// A form's error shows once: in red under the field it is about (no toast covers the form), gone once
// that field changes; the server's refusals about a field likewise. One phone for the visitor's forms,
// one for a member's.

let platform: Platform;
let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
  phone = await newPhone(browser);
});
afterAll(async () => {
  await phone?.close();
  await stopSuite(platform, browser);
});

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const marked = (page: Page) => page.locator('[data-testid^="field-error-"]');

/**
 * `message` shows once, under the field `name` alone: the text right below its control, on screen, the
 * control marked invalid, and no toast saying it.
 */
async function expectFieldError(page: Page, name: string, message: string, control: Locator = input(page, name)): Promise<void> {
  const error = page.getByTestId(`field-error-${name}`);
  await expect.poll(() => error.innerText()).toBe(message);
  expect(await marked(page).count()).toBe(1);
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  expect(await control.getAttribute('aria-describedby')).toBe(`field-error-${name}`);
  // a toast would come in after the mark (it is shown asynchronously)
  await settled(page);
  expect(await page.locator('.adm-toast-main').count()).toBe(0);
  expect(await page.getByText(message, { exact: true }).count()).toBe(1);
  const [under, field] = [await error.boundingBox(), await control.boundingBox()];
  expect(under && field).toBeTruthy();
  expect(under!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
  expect(under!.y - (field!.y + field!.height)).toBeLessThan(60);
  expect(under!.y + under!.height).toBeLessThanOrEqual(VIEWPORT.height);
}

/** The field `name` shows no error any more. */
async function expectFieldClear(page: Page, name: string, control: Locator = input(page, name)): Promise<void> {
  await expect.poll(() => page.getByTestId(`field-error-${name}`).count()).toBe(0);
  expect(await control.getAttribute('aria-invalid')).toBeNull();
}

/** The form with its field error, for a human to look at. */
async function errorShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
}

describe('a visitor', () => {
  it('sees the register and login rules under their fields, gone once the field is typed in', async () => {
    const page = await phone.newPage();
    try {
      await open(page, platform, '/reg2');
      await page.getByTestId('captcha-image').waitFor();
      const submit = page.getByTestId('register-submit');
      await input(page, 'name').fill('abc');
      await input(page, 'password').fill('secret123');
      await input(page, 'confirmPass').fill('secret124');
      await input(page, 'code').fill('WRONG1');
      await submit.click();
      await expectFieldError(page, 'name', MSG.regUsername);
      await errorShot(page, 'forms-register');
      await input(page, 'name').fill(uniqueName('fm'));
      await expectFieldClear(page, 'name');

      // a rule about two fields names the second
      await submit.click();
      await expectFieldError(page, 'confirmPass', MSG.regConfirm);
      await input(page, 'confirmPass').fill('secret123');
      await expectFieldClear(page, 'confirmPass');

      // the server's 验证码错误！ marks the captcha, which it empties for a new picture
      await page.getByTestId('field-adult').click();
      await submit.click();
      await expectFieldError(page, 'code', MSG.regCaptchaWrong);
      expect(await input(page, 'code').inputValue()).toBe('');
      await input(page, 'code').fill('A');
      await expectFieldClear(page, 'code');

      // 请输入您的账号和密码！ names the first empty field
      await open(page, platform, '/login');
      await input(page, 'password').fill('secret123');
      await input(page, 'password').press('Enter');
      await expectFieldError(page, 'name', MSG.loginFields);
      await errorShot(page, 'forms-login');
      await input(page, 'name').fill('someone1');
      await expectFieldClear(page, 'name');
      await input(page, 'password').fill('');
      await input(page, 'name').press('Enter');
      await expectFieldError(page, 'password', MSG.loginFields);
      await input(page, 'password').fill('s');
      await expectFieldClear(page, 'password');

      // a refusal about no one field (which of the two is wrong is not told) is a toast, and marks none
      await input(page, 'password').fill('wrong-pass1');
      await page.getByTestId('login-submit').click();
      await expect.poll(() => toastText(page)).toBe(MSG.loginWrong);
      expect(await marked(page).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

describe('a member', () => {
  it('sees 添加银行卡, 修改密码 and 取款 refusals under their fields', async () => {
    const member = await registerViaApi(platform, uniqueName('fm'));
    await credit(platform, await memberIdOf(platform, member.token), 500 * 100);
    const page = await phone.newPage();
    try {
      await signInPage(page, platform, member.token, '/addBankCard');
      const bind = page.getByTestId('bind-submit');
      await input(page, 'bank_owner').fill('张三丰');
      await bind.click();
      await expectFieldError(page, 'bank', MSG.cardBankEmpty, page.getByTestId('field-bank'));
      await errorShot(page, 'forms-add-bank-card');
      await pickBank(page, '招商银行');
      await expectFieldClear(page, 'bank', page.getByTestId('field-bank'));
      await input(page, 'bank_address').fill('招商银行深圳分行');
      await input(page, 'bank_no').fill('6214 83');
      await input(page, 'pay_pass').fill(member.payPassword);
      await bind.click();
      await expectFieldError(page, 'bank_no', MSG.cardNumberLength);
      await input(page, 'bank_no').fill('6214 8301 1234 5678');
      await expectFieldClear(page, 'bank_no');

      // the contract's fields by the screen's names: its confirm is confirmPassword
      await open(page, platform, '/password?type=1');
      await input(page, 'oldPassword').fill(member.password);
      await input(page, 'newPassword').fill('newpass1');
      await input(page, 'confirmPassword').fill('newpass2');
      await page.getByTestId('password-submit').click();
      await expectFieldError(page, 'confirmPassword', MSG.passwordMismatch);
      await errorShot(page, 'forms-password');
      await input(page, 'confirmPassword').fill('newpass1');
      await expectFieldClear(page, 'confirmPassword');

      // no address yet: the choice row; then a bank card, its amount and payment password
      await open(page, platform, '/withdrawal');
      const withdraw = page.getByTestId('withdraw-submit');
      await page.getByTestId('withdraw-add-card').waitFor();
      await withdraw.click();
      await expectFieldError(page, 'bank', MSG.withdrawChooseUsdt, page.getByTestId('withdraw-add-card'));
      const bound = await apiAs(platform, 'bindcard', member.token, { bank: '招商银行', bank_owner: '张三丰', bank_address: '招商银行深圳分行', bank_no: bankCardNo(), pay_pass: member.payPassword });
      expect(bound.message).toBe(MSG.cardBound);
      const card = (await apiAs<{ id: number }[]>(platform, 'getcard', member.token, { type: 1 })).data.at(-1)!;
      // another tab is another form: its marks go
      await page.getByText('银行卡取款', { exact: true }).click();
      await expectFieldClear(page, 'bank', page.getByTestId('withdraw-add-card'));
      await page.reload();
      await page.getByText('银行卡取款', { exact: true }).click();
      await page.getByTestId('withdraw-card').click();
      await clickWhenStill(page.getByTestId(`card-sheet-${card.id}`));
      await input(page, 'amount').fill('99.99');
      await withdraw.click();
      await expectFieldError(page, 'amount', MSG.withdrawMin);
      await page.getByTestId('withdraw-max').click();
      await expectFieldClear(page, 'amount');
      await withdraw.click();
      await expectFieldError(page, 'password', MSG.withdrawPassword);
      await errorShot(page, 'forms-withdrawal');
      await input(page, 'password').fill('wrong-pass');
      await expectFieldClear(page, 'password');
      // the server's 支付密码错误 marks the payment password too
      await withdraw.click();
      await expectFieldError(page, 'password', MSG.payPasswordWrong);
    } finally {
      await page.close();
    }
  });

  it('sees the other forms mark their fields the same way', async () => {
    const member = await registerViaApi(platform, uniqueName('fo'), 'secret123', { payPassword: null });
    const page = await phone.newPage();
    try {
      await signInPage(page, platform, member.token, '/transfer');
      await page.getByTestId('venue-list').waitFor();
      await page.getByTestId('transfer-submit').click();
      await expectFieldError(page, 'amount', MSG.transferAmountEmpty);
      await errorShot(page, 'forms-transfer');

      await open(page, platform, '/payPassword');
      await input(page, 'loginPassword').fill(member.password);
      await input(page, 'payPassword').fill('paysecret1');
      await page.getByTestId('paypass-submit').click();
      await expectFieldError(page, 'payConfirm', PAYPASS_MSG.payPasswordConfirmEmpty);
      await errorShot(page, 'forms-pay-password');

      await open(page, platform, '/userInfo');
      await input(page, 'mobile').fill('123');
      await page.getByTestId('info-save').click();
      await expectFieldError(page, 'mobile', MSG.mobileInvalid);
      await errorShot(page, 'forms-user-info');

      await open(page, platform, '/recharge');
      await page.getByTestId('receiving-no').waitFor();
      await input(page, 'bank_owner').fill('李四');
      await page.getByTestId('deposit-submit').click();
      await expectFieldError(page, 'bank', MSG.depositPayerBank, page.getByTestId('field-bank'));
      await errorShot(page, 'forms-bank-deposit');

      await open(page, platform, '/applyagent');
      await page.getByTestId('agent-mobile').waitFor();
      await page.locator('input[name="mobile"]').fill('13800138000');
      await page.getByTestId('agent-submit').click();
      await expectFieldError(page, 'apply_info', AGENT_MSG.applyInfoEmpty, page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])'));
      await page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])').fill('社群推广');
      await expectFieldClear(page, 'apply_info', page.getByTestId('agent-reason').locator('textarea:not([aria-hidden])'));
      await page.locator('input[name="mobile"]').fill('12');
      await page.getByTestId('agent-submit').click();
      await expectFieldError(page, 'mobile', MSG.mobileInvalid);
      await errorShot(page, 'forms-apply-agent');

      // a choice of chips: 请选择时长 under the time-out's chips, gone once one is chosen
      await open(page, platform, '/protection');
      const chips = page.getByTestId('block-timeout').getByRole('radiogroup');
      await page.getByTestId('block-timeout-start').scrollIntoViewIfNeeded();
      await page.getByTestId('block-timeout-start').click();
      const error = page.getByTestId('field-error-timeout-duration');
      await expect.poll(() => error.innerText()).toBe(PROTECTION_MSG.duration);
      await settled(page);
      expect(await page.locator('.adm-toast-main').count()).toBe(0);
      expect(await marked(page).count()).toBe(1);
      const [under, above] = [await error.boundingBox(), await chips.boundingBox()];
      expect(under!.y).toBeGreaterThanOrEqual(above!.y + above!.height - 1);
      await errorShot(page, 'forms-protection-block');
      await chips.getByRole('radio').first().click();
      await expect.poll(() => error.count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
