import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOGIN_CAPTCHA, MSG } from '@app/contract';
import { CAPTCHA_CODE, expectRoute, expectFieldMessage, expectToast, open, type Platform, registerViaApi, route, shot, startSuite, skipToast, stopSuite, imagesLoaded, uniqueName, withPhone } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const button = (page: Page, id: string) => page.getByTestId(id);
const token = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');


/** Fills the register form and ticks 我已年满18周岁 unless `adult` is false. */
async function fillRegister(page: Page, v: { name?: string; password?: string; confirm?: string; code?: string; adult?: boolean }) {
  await field(page, 'name').fill(v.name ?? '');
  await field(page, 'password').fill(v.password ?? '');
  await field(page, 'confirmPass').fill(v.confirm ?? '');
  await field(page, 'code').fill(v.code ?? '');
  const box = page.getByTestId('field-adult');
  if ((await box.getAttribute('aria-checked')) !== String(v.adult ?? true)) await box.click();
}

describe('/login', () => {
  it('keeps 登录 disabled until both fields are filled', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login');
      const submit = button(page, 'login-submit');
      await submit.waitFor();
      await shot(page, 'auth-login');
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'name').fill('someone1');
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'password').fill('secret123');
      expect(await submit.isDisabled()).toBe(false);
      await field(page, 'name').fill('');
      expect(await submit.isDisabled()).toBe(true);
    });
  });

  it('says 请输入您的账号和密码！ when submitted from the keyboard with a field empty', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login');
      await field(page, 'name').fill('someone1');
      await field(page, 'name').press('Enter');
      await expectFieldMessage(page, MSG.loginFields);
    });
  });

  it('shows and hides the password with the eye icon, 16 characters at most', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login');
      const pass = field(page, 'password');
      await pass.fill('abcdefghijklmnopqrstu');
      expect(await pass.inputValue()).toBe('abcdefghijklmnop');
      expect(await pass.getAttribute('type')).toBe('password');
      await button(page, 'eye-password').click();
      expect(await pass.getAttribute('type')).toBe('text');
      await button(page, 'eye-password').click();
      expect(await pass.getAttribute('type')).toBe('password');
    });
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    const member = await registerViaApi(platform, uniqueName('wp'));
    await phone(async (page) => {
      await open(page, platform, '/login');
      await field(page, 'name').fill(member.name);
      await field(page, 'password').fill('wrongpass1');
      await button(page, 'login-submit').click();
      await expectToast(page, MSG.loginWrong);
      expect(route(page)).toBe('/login');
      expect(await token(page)).toBe('');
    });
  });

  it(`asks for the captcha after ${LOGIN_CAPTCHA.afterFailures} wrong passwords, and the owner signs in with the right password and the captcha`, async () => {
    const member = await registerViaApi(platform, uniqueName('lc'));
    await phone(async (page) => {
      // Each try's toast is told from the last one's once it has gone: the clock jumps over its time (skipToast).
      await page.context().clock.install();
      await open(page, platform, '/login?redirect=%2Fmine');
      await field(page, 'name').fill(member.name);
      for (let i = 1; i <= LOGIN_CAPTCHA.afterFailures; i++) {
        expect(await field(page, 'code').count()).toBe(0);
        await field(page, 'password').fill(`wrongpass${i}`);
        await button(page, 'login-submit').click();
        await expectToast(page, MSG.loginWrong);
        await skipToast(page);
      }
      // the server asked for a captcha: the registration's captcha row appears with a picture
      await page.getByTestId('captcha-image').waitFor();
      const submit = button(page, 'login-submit');
      await field(page, 'password').fill(member.password);
      expect(await submit.isDisabled()).toBe(true);
      await imagesLoaded(page, '.auth-captcha');
      await shot(page, 'auth-login-captcha');
      // a tap loads a new picture
      const first = await page.getByTestId('captcha-image').getAttribute('src');
      await button(page, 'captcha-refresh').click();
      await expect.poll(() => page.getByTestId('captcha-image').getAttribute('src')).not.toBe(first);
      // a wrong captcha is refused even with the right password, and the field starts again empty
      await field(page, 'code').fill('zzzz');
      await submit.click();
      await expectFieldMessage(page, MSG.regCaptchaWrong);
      expect(await field(page, 'code').inputValue()).toBe('');
      expect(await token(page)).toBe('');
      await field(page, 'code').fill(CAPTCHA_CODE);
      await submit.click();
      await expectRoute(page, '/mine');
      await expect.poll(() => page.getByTestId('mine-username').innerText()).toBe(member.name);
    });
  });

  it('logs in and goes to the redirect query', async () => {
    const member = await registerViaApi(platform, uniqueName('lr'));
    await phone(async (page) => {
      await open(page, platform, `/login?redirect=${encodeURIComponent('/userInfo')}`);
      await field(page, 'name').fill(member.name);
      await field(page, 'password').fill(member.password);
      await button(page, 'login-submit').click();
      await expectRoute(page, '/userInfo');
      expect(await token(page)).not.toBe('');
      await expect.poll(() => page.getByTestId('info-username').innerText()).toBe(member.name);
    });
  });

  it('logs in home without a redirect, and 自动登录 keeps the token for the next visit', async () => {
    const member = await registerViaApi(platform, uniqueName('la'));
    await phone(async (page) => {
      await open(page, platform, '/login');
      await field(page, 'name').fill(member.name);
      await field(page, 'password').fill(member.password);
      await page.getByText('自动登录').click();
      await button(page, 'login-submit').click();
      await expectRoute(page, '/');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      // A new tab has an empty session storage: the remembered token signs it in.
      const second = await page.context().newPage();
      await open(second, platform, '/mine');
      await expect.poll(() => second.getByTestId('mine-username').innerText()).toBe(member.name);
    });
  });

  it('signs in with 免费试玩 as a trial account of its own', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login?redirect=%2Fmine');
      await button(page, 'guest-login').click();
      await expectRoute(page, '/mine');
      await expect.poll(() => page.getByTestId('mine-username').innerText()).toMatch(/^guest_[0-9a-f]{12}$/);
      await page.getByText('试玩', { exact: true }).waitFor();
    });
  });

  it('opens customer service from 忘记密码 and 联系客服', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login');
      await button(page, 'forgot').click();
      await expectRoute(page, '/kefu');
      await open(page, platform, '/login');
      await button(page, 'contact-service').click();
      await expectRoute(page, '/kefu');
    });
  });

  it('links 立即注册 to /reg2 carrying pid and redirect', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login?redirect=%2Fmine');
      await button(page, 'to-register').click();
      await expectRoute(page, '/reg2?redirect=/mine');
      await button(page, 'register-submit').waitFor();
    });
  });

  it('shows the same register form in place with type=1, and with a pid prefills the referrer', async () => {
    await phone(async (page) => {
      await open(page, platform, '/login?type=1');
      await button(page, 'register-submit').waitFor();
      await page.getByTestId('captcha-image').waitFor();
      await shot(page, 'auth-login-type1');
      expect(await page.getByRole('tab', { name: '快速注册' }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tab', { name: '账号登录' }).click();
      await button(page, 'login-submit').waitFor();
      expect(route(page)).toBe('/login');

      await open(page, platform, '/login?pid=100001');
      await button(page, 'register-submit').waitFor();
      expect(await field(page, 'pid').inputValue()).toBe('100001');
    });
  });

  it('sends guarded screens to /login with the wanted path as redirect', async () => {
    await phone(async (page) => {
      for (const wanted of ['/mine', '/userInfo', '/userCent', '/password?type=1']) {
        await open(page, platform, wanted);
        await expectRoute(page, `/login?redirect=${wanted}`);
      }
    });
  });
});

describe('/reg2', () => {
  it('keeps 注册 disabled until name, password, confirm and captcha are all filled', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      await page.getByTestId('captcha-image').waitFor();
      await shot(page, 'auth-register');
      const submit = button(page, 'register-submit');
      expect(await submit.isDisabled()).toBe(true);
      await fillRegister(page, { name: 'abcdef1', password: 'secret123', confirm: 'secret123' });
      expect(await submit.isDisabled()).toBe(true);
      await field(page, 'code').fill('x');
      expect(await submit.isDisabled()).toBe(false);
    });
  });

  it('checks the register rules in order and shows the first failing one', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      const submit = button(page, 'register-submit');
      await fillRegister(page, { name: 'abc', password: '123', confirm: '999', code: 'x' });
      await submit.click();
      await expectFieldMessage(page, MSG.regUsername);
      await field(page, 'name').fill('abc_def!');
      await submit.click();
      await expectFieldMessage(page, MSG.regUsername);
      await field(page, 'name').fill('abcdef1');
      await submit.click();
      await expectFieldMessage(page, MSG.regPassword);
      await field(page, 'password').fill('secret123');
      await submit.click();
      await expectFieldMessage(page, MSG.regConfirm);
      await field(page, 'confirmPass').fill('secret123');
      await field(page, 'code').fill('');
      await field(page, 'code').press('Enter');
      await expectFieldMessage(page, MSG.regCaptchaEmpty);
    });
  });

  it('a wrong captcha shows 验证码错误！, clears the field and loads a new picture', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      const image = page.getByTestId('captcha-image');
      await image.waitFor();
      const before = await image.getAttribute('src');
      await fillRegister(page, { name: uniqueName('wc'), password: 'secret123', confirm: 'secret123', code: 'WRONG1' });
      await button(page, 'register-submit').click();
      await expectFieldMessage(page, MSG.regCaptchaWrong);
      await expect.poll(() => field(page, 'code').inputValue()).toBe('');
      await expect.poll(() => image.getAttribute('src')).not.toBe(before);
      expect(await token(page)).toBe('');
    });
  });

  it('loads a new captcha picture on tap', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      const image = page.getByTestId('captcha-image');
      await image.waitFor();
      const before = await image.getAttribute('src');
      await button(page, 'captcha-refresh').click();
      await expect.poll(() => image.getAttribute('src')).not.toBe(before);
    });
  });

  it('registers through the UI, signs in and goes to the redirect query', async () => {
    const name = uniqueName('ru');
    await phone(async (page) => {
      await open(page, platform, '/reg2?redirect=%2Fmine');
      await page.getByTestId('captcha-image').waitFor();
      await fillRegister(page, { name, password: 'secret123', confirm: 'secret123', code: CAPTCHA_CODE });
      await button(page, 'register-submit').click();
      await expectRoute(page, '/mine');
      await expect.poll(() => page.getByTestId('mine-username').innerText()).toBe(name);
    });
    // The new member logs in with the password chosen at registration.
    const res = await fetch(`${platform.url}/api/login_pc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: 'secret123' }) });
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });

  it('registers with a referrer from pid and goes home', async () => {
    const inviter = await registerViaApi(platform, uniqueName('iv'));
    const me = (await (await fetch(`${platform.url}/api/user`, { method: 'POST', headers: { authorization: `Bearer ${inviter.token}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { id: number } };
    await phone(async (page) => {
      await open(page, platform, `/reg2?pid=${me.data.id}`);
      expect(await field(page, 'pid').inputValue()).toBe(String(me.data.id));
      await fillRegister(page, { name: uniqueName('rp'), password: 'secret123', confirm: 'secret123', code: CAPTCHA_CODE });
      await button(page, 'register-submit').click();
      await expectRoute(page, '/');
      expect(await token(page)).not.toBe('');
    });
  });

  it('shows the server message for a taken username', async () => {
    const taken = await registerViaApi(platform, uniqueName('tk'));
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      await fillRegister(page, { name: taken.name, password: 'secret123', confirm: 'secret123', code: CAPTCHA_CODE });
      await button(page, 'register-submit').click();
      await expectFieldMessage(page, MSG.regUsernameTaken);
      expect(route(page)).toBe('/reg2');
    });
  });

  it('shows 注册失败 when the network fails', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2');
      await page.route('**/api/register', (r) => r.abort());
      await fillRegister(page, { name: uniqueName('nf'), password: 'secret123', confirm: 'secret123', code: CAPTCHA_CODE });
      await button(page, 'register-submit').click();
      await expectToast(page, MSG.regFailed);
    });
  });

  it('返回登录 goes back to the login form', async () => {
    await phone(async (page) => {
      await open(page, platform, '/reg2?pid=123');
      await button(page, 'to-login').click();
      await expectRoute(page, '/login');
      await button(page, 'login-submit').waitFor();
    });
  });
});
