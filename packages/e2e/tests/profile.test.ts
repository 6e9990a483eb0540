import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ABOUT_TITLES, ARTICLE_TITLES, MSG } from '@app/contract';
import { apiAs, credit, expectRoute, expectFieldMessage, expectToast, memberIdOf, open, type Platform, registerViaApi, route, shot, signInPage, startSuite, stopSuite, uniqueName, newPhone } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

type Member = Awaited<ReturnType<typeof registerViaApi>>;

/** A fresh member signed in on a fresh phone at `at`. */
async function signedIn<T>(at: string, fn: (page: Page, member: Member) => Promise<T>): Promise<T> {
  const member = await registerViaApi(platform, uniqueName('pf'));
  const ctx = await newPhone(browser);
  try {
    const page = await ctx.newPage();
    await signInPage(page, platform, member.token, at);
    return await fn(page, member);
  } finally {
    await ctx.close();
  }
}

const api = <T = any>(path: string, token: string, body: unknown = {}) => apiAs<T>(platform, path, token, body);

const memberId = (token: string) => memberIdOf(platform, token);

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
const token = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

/** What a screen shows at its top: its header's title, or the hero of /activity, which has none. */
const screenTitle = (page: Page) => page.locator('.page-nav .adm-nav-bar-title, .activity-hero-title').first().innerText();

/** Taps `testId` on a freshly opened `from`: the route becomes `to` and the screen shown is titled `title`. */
async function opens(page: Page, from: string, testId: string, to: string, title: string): Promise<void> {
  // A fresh document each time: a hash-only goto keeps the page, and the screen the last tap opened
  // may still redirect (e.g. to /login or /) after `from` is set.
  await page.goto('about:blank');
  await open(page, platform, from);
  await page.getByTestId(testId).click();
  await expectRoute(page, to);
  await expect.poll(() => screenTitle(page), { timeout: 6000 }).toBe(title);
}

async function confirmDialog(page: Page, text: string): Promise<void> {
  await page.locator('.adm-dialog').getByText(text, { exact: true }).click();
}

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('/mine', () => {
  it('shows avatar, username, balance, days since joining and the VIP icon', async () => {
    await signedIn('/mine', async (page, member) => {
      await expect.poll(() => page.getByTestId('mine-username').innerText()).toBe(member.name);
      expect(await page.getByTestId('mine-balance').innerText()).toBe('0.00');
      expect(await page.getByTestId('mine-joinday').innerText()).toMatch(/已加入 \d+ 天/);
      await page.getByTestId('vip-icon').waitFor();
      expect(await page.locator('.top-bar').count()).toBe(0);
      await shot(page, 'profile-mine');
    });
  });

  it('refreshes the balance with the refresh control', async () => {
    await signedIn('/mine', async (page, member) => {
      await page.getByTestId('mine-username').waitFor();
      await credit(platform, await memberId(member.token), 12345);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/refreshusermoney'));
      await page.getByTestId('balance-refresh').click();
      await answered;
      await expect.poll(() => page.getByTestId('mine-balance').innerText()).toBe('123.45');
    });
  });

  it('links 申请代理 for a member and 代理登录 for an agent', async () => {
    await signedIn('/mine', async (page, member) => {
      const agent = page.getByTestId('mine-link-agent');
      await expect.poll(() => agent.innerText()).toBe('申请代理');
      await agent.click();
      await expectRoute(page, '/applyagent');
      await expect.poll(() => screenTitle(page)).toBe('申请代理');
      await expect.poll(() => page.getByTestId('agent-username').innerText()).toBe(member.name);
      await page.getByTestId('agent-mobile').waitFor();
      await platform.db.kysely.insertInto('agents').values({ member_id: await memberId(member.token), since: new Date() }).execute();
      await open(page, platform, '/mine');
      await page.reload();
      await expect.poll(() => agent.innerText()).toBe('代理登录');
      await agent.click();
      await expectRoute(page, '/gamePage?dailiD=1');
      // the agent portal itself, signed in as this member, in the frame
      await expect.poll(() => page.frameLocator('iframe').getByTestId('agent-name').innerText(), { timeout: 10_000 }).toBe(member.name);
    });
  });

  it('opens every entry’s screen', async () => {
    await signedIn('/mine', async (page) => {
      const targets: [key: string, to: string, title: string][] = [
        ['money', '/money', '我的钱包'],
        ['trans', '/transRecord', '账户明细'],
        ['bets', '/betRecord', '投注记录'],
        ['vip', '/vip', 'VIP特权'],
        ['level', '/vip2', 'VIP特权'],
        ['invite', '/inviter', '邀请好友'],
        ['message', '/message', '消息中心'],
        ['activity', '/activity', '优惠活动'],
        ['kefu', '/kefu', '在线客服'],
        ['applyLog', '/activityRecord', '活动申请记录'],
        ['profile', '/userInfo', '个人资料'],
        ['security', '/userCent', '安全设置'],
        ['password', '/password?type=1', '修改密码'],
        ['paypassword', '/password?type=2', '修改支付密码'],
      ];
      for (const [key, to, title] of targets) await opens(page, '/mine', `mine-link-${key}`, to, title);
    });
  }, 150_000);

  it('logs out: logoff, everything cleared, /login, and /mine guarded again', async () => {
    await signedIn('/mine', async (page, member) => {
      await page.getByTestId('mine-logout').click();
      await confirmDialog(page, '退出');
      await expectRoute(page, '/login');
      expect(await token(page)).toBe('');
      expect((await api('user', member.token)).code).toBe(401);
      await open(page, platform, '/mine');
      await expectRoute(page, '/login?redirect=/mine');
    });
  });
});

describe('/userCent', () => {
  it('keeps the three switches on this device and restores them on open', async () => {
    await signedIn('/userCent', async (page) => {
      const quiet = page.getByTestId('switch-quietMode');
      const time = page.getByTestId('switch-showMessageTime');
      await quiet.waitFor();
      expect(await quiet.getAttribute('aria-checked')).toBe('false');
      expect(await time.getAttribute('aria-checked')).toBe('true');
      await quiet.click();
      await time.click();
      await shot(page, 'profile-usercent');
      await page.reload();
      await expect.poll(() => quiet.getAttribute('aria-checked')).toBe('true');
      expect(await time.getAttribute('aria-checked')).toBe('false');
      expect(await page.getByTestId('switch-winNotice').getAttribute('aria-checked')).toBe('true');
    });
  });

  it('opens about, help, terms and privacy', async () => {
    await signedIn('/userCent', async (page) => {
      const targets: [key: string, to: string, title: string][] = [
        ['about', '/boutBallBetInfo?type=7', ARTICLE_TITLES[7]!],
        ['help', '/boutBallBet', '帮助中心'],
        ['terms', '/abouts?type=5', ABOUT_TITLES[5]!],
        ['privacy', '/abouts?type=6', ABOUT_TITLES[6]!],
      ];
      for (const [key, to, title] of targets) await opens(page, '/userCent', `cent-link-${key}`, to, title);
    });
  });

  it('logs out to /login with everything cleared', async () => {
    await signedIn('/userCent', async (page, member) => {
      await page.getByTestId('cent-logout').click();
      await confirmDialog(page, '退出');
      await expectRoute(page, '/login');
      expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
      expect((await api('user', member.token)).code).toBe(401);
    });
  });
});

describe('/userInfo', () => {
  it('shows username and real name read-only', async () => {
    await signedIn('/userInfo', async (page, member) => {
      await expect.poll(() => page.getByTestId('info-username').innerText()).toBe(member.name);
      expect(await page.getByTestId('info-realname').innerText()).toBe(member.name);
      expect(await page.locator('input[name="username"], input[name="realname"]').count()).toBe(0);
      await shot(page, 'profile-userinfo');
    });
  });

  it('checks mobile, email and birthday in order', async () => {
    await signedIn('/userInfo', async (page) => {
      const save = page.getByTestId('info-save');
      await page.getByTestId('info-username').waitFor();
      await field(page, 'mobile').fill('12345');
      await field(page, 'email').fill('not-an-email');
      await field(page, 'birthday').fill('1990/01/01');
      await save.click();
      await expectFieldMessage(page, MSG.mobileInvalid);
      await field(page, 'mobile').fill('13800138000');
      await save.click();
      await expectFieldMessage(page, MSG.emailInvalid);
      await field(page, 'email').fill('me@example.com');
      await save.click();
      await expectFieldMessage(page, MSG.birthdayInvalid);
    });
  });

  it('saves mobile, email and birthday, kept after a reload', async () => {
    await signedIn('/userInfo', async (page, member) => {
      await page.getByTestId('info-username').waitFor();
      await field(page, 'mobile').fill('13912345678');
      await field(page, 'email').fill('vip@example.com');
      await field(page, 'birthday').fill('1992-05-17');
      await page.getByTestId('info-save').click();
      await expectToast(page, MSG.ok);
      await page.reload();
      await expect.poll(() => field(page, 'mobile').inputValue()).toBe('13912345678');
      expect(await field(page, 'email').inputValue()).toBe('vip@example.com');
      expect(await field(page, 'birthday').inputValue()).toBe('1992-05-17');
      const info = await api<{ mobile: string; birthday: string }>('user', member.token);
      expect(info.data.birthday).toBe('1992-05-17');
    });
  });

  it('picks the birthday with the date picker', async () => {
    await signedIn('/userInfo', async (page) => {
      await page.getByTestId('info-username').waitFor();
      await page.getByTestId('birthday-pick').click();
      await page.locator('.adm-picker').waitFor();
      await shot(page, 'profile-userinfo-datepicker');
      await page.locator('.adm-picker-header-button').getByText('确定').click();
      await expect.poll(() => field(page, 'birthday').inputValue()).toBe('1990-01-01');
    });
  });

  it('uploads a PNG avatar and shows it', async () => {
    await signedIn('/userInfo', async (page, member) => {
      await page.getByTestId('info-username').waitFor();
      await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expectToast(page, MSG.ok);
      const info = await api<{ avatar: string }>('user', member.token);
      expect(info.data.avatar).toMatch(/^\/uploads\/avatars\/.+\.png$/);
      await expect.poll(() => page.locator('[data-testid="avatar-image"] img').getAttribute('src')).toBe(info.data.avatar);
    });
  });

  it('refuses a file that is not GIF or PNG', async () => {
    await signedIn('/userInfo', async (page) => {
      await page.getByTestId('info-username').waitFor();
      await page.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) });
      await expectToast(page, MSG.avatarType);
    });
  });
});

describe('/password', () => {
  it('checks the password rules in order', async () => {
    await signedIn('/password?type=1', async (page) => {
      const submit = page.getByTestId('password-submit');
      await submit.waitFor();
      await shot(page, 'profile-password');
      const steps: [string, string, string, string][] = [
        ['', '', '', MSG.oldPasswordEmpty],
        ['abc', '', '', MSG.newPasswordEmpty],
        ['abc', 'newpass1', '', MSG.oldPasswordLength],
        ['secret123', 'abc', '', MSG.newPasswordLength],
        ['secret123', 'newpass1', '', MSG.confirmPasswordEmpty],
        ['secret123', 'newpass1', 'newpass2', MSG.passwordMismatch],
        ['secret123', 'secret123', 'secret123', MSG.passwordSame],
      ];
      for (const [old, next, confirm, message] of steps) {
        await field(page, 'oldPassword').fill(old);
        await field(page, 'newPassword').fill(next);
        await field(page, 'confirmPassword').fill(confirm);
        await submit.click();
        await expectFieldMessage(page, message);
      }
    });
  });

  it('shows the server message for a wrong old password', async () => {
    await signedIn('/password?type=1', async (page) => {
      await field(page, 'oldPassword').fill('notmine123');
      await field(page, 'newPassword').fill('newpass123');
      await field(page, 'confirmPassword').fill('newpass123');
      await page.getByTestId('password-submit').click();
      await expectFieldMessage(page, MSG.oldPasswordWrong);
      expect(route(page)).toBe('/password?type=1');
    });
  });

  it('changing the login password logs out to /login; the old password no longer works', async () => {
    await signedIn('/password?type=1', async (page, member) => {
      await field(page, 'oldPassword').fill(member.password);
      await field(page, 'newPassword').fill('newpass123');
      await field(page, 'confirmPassword').fill('newpass123');
      await page.getByTestId('password-submit').click();
      await expectToast(page, MSG.passwordChanged);
      await expectRoute(page, '/login');
      expect(await token(page)).toBe('');
      expect((await api('user', member.token)).code).toBe(401);

      await field(page, 'name').fill(member.name);
      await field(page, 'password').fill(member.password);
      await page.getByTestId('login-submit').click();
      await expectToast(page, MSG.loginWrong);
      await field(page, 'password').fill('newpass123');
      await page.getByTestId('login-submit').click();
      await expectRoute(page, '/');
    });
  });

  it('changing the pay password stays signed in and goes back', async () => {
    await signedIn('/mine', async (page, member) => {
      await page.getByTestId('mine-link-paypassword').click();
      await expectRoute(page, '/password?type=2');
      await expect.poll(() => page.locator('.adm-nav-bar-title').innerText()).toBe('修改支付密码');
      await shot(page, 'profile-paypassword');
      await field(page, 'oldPassword').fill(member.payPassword);
      await field(page, 'newPassword').fill('paypass99');
      await field(page, 'confirmPassword').fill('paypass99');
      await page.getByTestId('password-submit').click();
      await expectToast(page, MSG.passwordChanged);
      await expectRoute(page, '/mine');
      expect(await token(page)).toBe(member.token);
      // The new pay password is now the old one; the login password did not change.
      expect((await api('editPayPassword', member.token, { password: 'paypass99', paypassword: 'paypass77' })).code).toBe(200);
      expect((await api('editPayPassword', member.token, { password: 'paypass99', paypassword: 'paypass55' })).code).not.toBe(200);
    });
  });

  it('refuses the trial account with 试玩账号不支持此操作', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/login?redirect=%2Fpassword%3Ftype%3D2');
      await page.getByTestId('guest-login').click();
      await expectRoute(page, '/password?type=2');
      await field(page, 'oldPassword').fill('whatever1');
      await field(page, 'newPassword').fill('whatever2');
      await field(page, 'confirmPassword').fill('whatever2');
      await shot(page, 'profile-trial-password');
      await page.getByTestId('password-submit').click();
      await expectToast(page, MSG.trialRefused);
    } finally {
      await ctx.close();
    }
  });
});
