import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BANK_MSG, CONTENT_MSG, fmt, LOTTERY_TIMING_MSG, MSG, SITE_ADMIN_MSG, type AdminBank, type AdminGameEntry, type AdminLotteryRow, type BankListItem, type AdminRoomRow, type AdminSiteSettings } from '@app/contract';
import {
  ADMIN_PASSWORD,
  apiAs,
  bankCardNo,
  clickInPopup,
  consoleMessageIs,
  expectFieldMessage,
  expectRoute,
  expectToast,
  imagesLoaded,
  newDesktop,
  newPhone,
  open,
  pickBank,
  inConsole as inConsoleAs,
  newStaffViaApi,
  registerViaApi,
  settled,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  withPhone,
  type Platform,
} from '../harness.js';

// Operator tasks that needed SQL before, done in the console (1280×800) and seen where members see
// them (the member app, 390×844): a lottery's timing and a new room, the guest trial's switch, a new
// game in the hall, the banks card binding offers, the sponsor pages.

let platform: Platform;
let browser: Browser;
let admin: string;
let operations: string;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
  ({ token: operations } = await newStaffViaApi(platform, admin, { username: uniqueName('ops'), password: 'operator-Pass-1', role: 'operations' }));
});
afterAll(() => stopSuite(platform, browser));

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>, token = operations) => inConsoleAs(browser, platform, token, path, fn, { width: 1280, height: 800 });

describe('彩票: a lottery’s timing and a new room', () => {
  it('operations changes 六合彩’s interval: refused as typed, then saved; the console shows the pending change and when it takes over', async () => {
    await inConsole('/lottery-odds', async (page) => {
      await page.getByTestId('odds-lottery-lhc_180').click();
      await expect.poll(() => page.getByTestId('lottery-interval').innerText()).toBe('3 分钟（每天 480 期）');
      expect(await page.getByTestId('lottery-pending').count()).toBe(0);
      await page.getByTestId('lottery-settings-edit').click();
      const interval = page.getByTestId('lottery-interval-input');
      await interval.fill('70');
      await page.getByTestId('lottery-settings-save').click();
      await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').innerText()).toBe(LOTTERY_TIMING_MSG.interval);
      await interval.fill('360');
      await page.getByTestId('lottery-ftime-input').fill('400');
      await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').innerText()).toBe(LOTTERY_TIMING_MSG.ftime);
      await stillShot(page, 'admin-operator-lottery-timing-refused');
      await page.getByTestId('lottery-ftime-input').fill('60');
      await expect.poll(() => page.getByTestId('lottery-settings-preview').innerText()).toBe('保存后：每天 240 期，每期可投注 300 秒。');
      await page.getByTestId('lottery-settings-save').click();

      const lhcRow = async () => (await staffApi<AdminLotteryRow[]>(platform, admin, 'GET', '/lotteries')).data.find((l) => l.code === 'lhc_180')!;
      await expect.poll(async () => (await lhcRow()).pending).not.toBeNull();
      const lhc = await lhcRow();
      expect(lhc.pending).toMatchObject({ interval_s: 360, ftime_s: 60, earlier: { interval_s: 180, ftime_s: 30 } });
      await consoleMessageIs(page, fmt(LOTTERY_TIMING_MSG.timingFrom, { at: lhc.pending!.from }));
      // what runs now until the change takes over, and the change itself
      const pending = page.getByTestId('lottery-pending');
      await expect.poll(() => pending.innerText()).toContain('待生效：开奖周期 6 分钟（每天 240 期），封盘 开奖前 60 秒');
      expect(await pending.innerText()).toContain(`${lhc.pending!.from} 开奖后的下一期起按新设置`);
      expect(await page.getByTestId('lottery-interval').innerText()).toBe('3 分钟（每天 480 期）');
      expect(await page.getByTestId('lottery-ftime').innerText()).toBe('开奖前 30 秒');
      await stillShot(page, 'admin-operator-lottery-timing-pending');
    });
  });

  it('operations adds a room to 极速快三 (新增房间): the member app’s room list of that lottery lists it', async () => {
    const title = '周末狂欢房';
    await inConsole('/lottery-rooms', async (page) => {
      await page.getByTestId('room-add').click();
      await page.getByTestId('room-create').click();
      await expect.poll(() => page.getByTestId('room-failure').innerText()).toBe(LOTTERY_TIMING_MSG.lotteryRequired);
      await page.getByTestId('room-lottery').click();
      await clickInPopup(page.locator('.ant-select-item-option', { hasText: '极速快三' }));
      await page.getByTestId('room-title').fill(title);
      await page.getByTestId('room-sort').fill('50');
      await page.getByTestId('room-min').fill('5');
      await page.getByTestId('room-max').fill('500');
      await stillShot(page, 'admin-operator-room-new');
      await page.getByTestId('room-create').click();
      await consoleMessageIs(page, LOTTERY_TIMING_MSG.roomCreated);
      const room = (await staffApi<AdminRoomRow[]>(platform, admin, 'GET', '/lottery/rooms')).data.find((r) => r.title === title)!;
      expect(room).toMatchObject({ lottery: 'k3_60', enabled: true, sort: 50, min_stake: 5, max_stake: 500 });
      const row = page.getByTestId(`room-row-${room.id}`);
      await row.waitFor();
      expect(await row.innerText()).toContain('极速快三');
      await stillShot(page, 'admin-operator-room-added');
    });

    const member = await registerViaApi(platform, uniqueName('rm'));
    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/lottery?name=k3_60');
      const card = page.getByTestId('room-card').filter({ hasText: title });
      await card.waitFor();
      expect(await card.getByTestId('room-card-limits').innerText()).toBe('单注 5–500 元');
      await stillShot(page, 'admin-operator-room-in-lobby');
    });
  });
});

/** 站点设置: flips 免费试玩 and saves (the sticky bar's 保存设置, confirmed). */
async function switchTrial(on: boolean): Promise<void> {
  await inConsole('/site', async (page) => {
    const toggle = page.getByTestId('site-trial_switch');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe(String(!on));
    await toggle.click();
    await page.getByTestId('site-save').click();
    await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
    await consoleMessageIs(page, SITE_ADMIN_MSG.saved);
    expect(await toggle.getAttribute('aria-checked')).toBe(String(on));
    await stillShot(page, `admin-operator-trial-${on ? 'on' : 'off'}`);
  });
  expect((await staffApi<AdminSiteSettings>(platform, admin, 'GET', '/site/settings')).data.settings.trial_switch).toBe(on ? 1 : 0);
}

describe('免费试玩: the guest trial switched from 站点设置', () => {
  it('off: a login page open before it refuses the trial with 试玩账号暂不可用 and drops the button, a fresh one has none; on: a guest plays again', async () => {
    const ctx = await newPhone(browser);
    try {
      const page = await ctx.newPage();
      await open(page, platform, '/login');
      const trial = page.getByTestId('guest-login');
      await trial.waitFor();

      await switchTrial(false);
      await trial.click();
      await expectToast(page, MSG.trialUnavailable);
      await trial.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('login-submit').waitFor();
      await stillShot(page, 'admin-operator-trial-off-login');
      expect(await trial.count()).toBe(0);

      await switchTrial(true);
      // a member opening the app again (the app reads /api/app at start)
      await open(page, platform, '/login?redirect=%2Fmine');
      await page.reload();
      await trial.click();
      await expectRoute(page, '/mine');
      await expect.poll(() => page.getByTestId('mine-username').innerText()).toMatch(/^guest_[0-9a-f]{12}$/);
      await page.getByText('试玩', { exact: true }).waitFor();
    } finally {
      await ctx.close();
    }
  });
});

/** A game tile's picture, drawn in the browser (as a designer's PNG would be). */
async function tilePng(): Promise<Buffer> {
  const ctx = await newDesktop(browser);
  try {
    const page = await ctx.newPage();
    await page.setContent(
      '<div id="t" style="width:330px;height:200px;display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,#7a0b2e,#e0475f);color:#ffe8a3;font:bold 44px sans-serif;border-radius:16px">抢庄牛牛</div>',
    );
    return await page.locator('#t').screenshot({ type: 'png', omitBackground: true });
  } finally {
    await ctx.close();
  }
}

describe('游戏目录: 新增游戏', () => {
  it('operations adds a venue’s game to 棋牌 with an uploaded picture; the hall’s 棋牌 tab shows it', async () => {
    const name = '抢庄牛牛';
    const png = await tilePng();
    await inConsole('/content/games', async (page) => {
      await page.getByTestId('game-new').click();
      await page.getByTestId('game-create').click();
      await consoleMessageIs(page, CONTENT_MSG.gameVenue);
      await page.getByTestId('game-new-category').click();
      await clickInPopup(page.locator('.ant-select-item-option', { hasText: '棋牌' }));
      await page.getByTestId('game-new-venue').click();
      await clickInPopup(page.locator('.ant-select-item-option', { hasText: 'DEMOCARDA ·' }));
      await page.getByTestId('game-new-code').fill('democarda_niuniu');
      await page.getByTestId('game-name').fill(name);
      await page.locator('.content-form input[type=file]').setInputFiles({ name: 'niuniu.png', mimeType: 'image/png', buffer: png });
      await consoleMessageIs(page, '图片已上传');
      await imagesLoaded(page, '[data-testid="game-image-preview"]');
      await stillShot(page, 'admin-operator-game-new');
      await page.getByTestId('game-create').click();
      await consoleMessageIs(page, CONTENT_MSG.gameCreated);
      const game = (await staffApi<AdminGameEntry[]>(platform, admin, 'GET', '/game-entries')).data.find((g) => g.name === name)!;
      expect(game).toMatchObject({ category_id: 'joker', platform_name: 'DEMOCARDA', game_code: 'democarda_niuniu', app_state: 1, sort: 0, image: expect.stringMatching(/^\/uploads\/site\/\d+\.png$/) });
      await page.getByTestId(`game-${game.id}`).waitFor();
      await imagesLoaded(page, '[data-testid="games"]');
      await stillShot(page, 'admin-operator-game-added');
    });

    await withPhone(browser, async (page) => {
      await open(page, platform, '/');
      await page.getByTestId('game-tab-joker').click();
      const grid = page.getByTestId('game-grid-joker');
      const tile = grid.getByTestId('game-tile').filter({ hasText: name });
      await tile.waitFor();
      await imagesLoaded(page, '[data-testid=game-grid-joker]');
      await page.getByTestId('game-tabs').scrollIntoViewIfNeeded();
      await shot(page, 'admin-operator-game-in-hall'); // the hall's ticker never stands still
    });
  });
});

describe('支付设置: the banks card binding offers', () => {
  /** 新增银行 / 停用 in the console, with the reason the audit log keeps. */
  async function bankChange(page: Page, open: string, fill: { name?: string; reason: string }, message: string): Promise<void> {
    await page.getByTestId(open).click();
    if (fill.name !== undefined) await page.getByTestId('bank-name').fill(fill.name);
    await page.getByTestId('bank-reason').fill(fill.reason);
    await page.getByTestId('bank-save').click();
    await consoleMessageIs(page, message);
  }
  const wheel = (page: Page) => page.locator('.adm-picker-view-column-item');

  it('finance adds a bank and moves it up: the member’s 添加银行卡 picker offers it; a bank switched off is gone, and binding with it is refused', async () => {
    const { token: finance } = await newStaffViaApi(platform, admin, { username: uniqueName('fin'), password: 'finance-Pass-1', role: 'finance' });
    const member = await registerViaApi(platform, uniqueName('bk'));
    await withPhone(browser, async (phone) => {
      // a member on 添加银行卡 who picked 渤海银行 before staff switched it off
      await signInPage(phone, platform, member.token, '/addBankCard');
      await phone.locator('input[name="bank_owner"]').fill('王五');
      await pickBank(phone, '渤海银行');

      await inConsole(
        '/payments',
        async (page) => {
          await page.getByTestId('bank-new').scrollIntoViewIfNeeded();
          await page.getByTestId('bank-new').click();
          await page.getByTestId('bank-save').click();
          await expect.poll(() => page.locator('.ant-modal .ant-form-item-explain-error').first().innerText()).toBe(BANK_MSG.name);
          await page.getByTestId('bank-name').fill('网商银行');
          await page.getByTestId('bank-reason').fill('会员反馈常用');
          await page.getByTestId('bank-save').click();
          await consoleMessageIs(page, BANK_MSG.created);
          const added = page.getByTestId('bank-row-网商银行');
          await added.waitFor();
          // two places up, above 上海银行 and 农村信用社
          for (const place of [19, 18]) {
            await page.getByTestId('bank-up-网商银行').click();
            await consoleMessageIs(page, BANK_MSG.ordered);
            await expect.poll(async () => (await staffApi<AdminBank[]>(platform, admin, 'GET', '/banks')).data.findIndex((b) => b.name === '网商银行')).toBe(place);
          }
          await bankChange(page, 'bank-switch-渤海银行', { reason: '该行暂停代付' }, BANK_MSG.saved);
          await expect.poll(() => page.getByTestId('bank-row-渤海银行').innerText()).toContain('已停用');
          expect(await page.getByTestId('banks-offered').innerText()).toBe('会员可选 20 家 / 共 21 家');
          await page.getByTestId('bank-row-渤海银行').scrollIntoViewIfNeeded();
          await stillShot(page, 'admin-operator-banks');
        },
        finance,
      );

      const offered = (await apiAs<BankListItem[]>(platform, 'banklist', member.token)).data.map((b) => b.bank_name);
      const last = ['北京银行', '网商银行', '上海银行', '农村信用社'];
      expect(offered.slice(-4)).toEqual(last);
      expect(offered).not.toContain('渤海银行');

      // the page opened before: its 渤海银行 is refused under the field, and the picker is the list as it is now
      await phone.locator('input[name="bank_address"]').fill('渤海银行天津分行');
      await phone.locator('input[name="bank_no"]').fill(bankCardNo());
      await phone.locator('input[name="pay_pass"]').fill(member.payPassword);
      await phone.getByTestId('bind-submit').click();
      await expectFieldMessage(phone, BANK_MSG.unavailable, 'bank');
      await stillShot(phone, 'admin-operator-bank-refused');
      await phone.getByTestId('field-bank').click();
      await expect.poll(async () => (await wheel(phone).allInnerTexts()).slice(-4)).toEqual(last);
      expect(await wheel(phone).allInnerTexts()).not.toContain('渤海银行');
      await settled(phone); // the sheet slides in by script, not as a Web Animation
      await shot(phone, 'admin-operator-bank-picker');
      await phone.locator('.adm-picker-header-button').getByText('取消', { exact: true }).click();
      await pickBank(phone, '网商银行');
      await phone.getByTestId('bind-submit').click();
      await expectToast(phone, MSG.cardBound);
    });
    const cards = (await apiAs<Array<{ bank: string }>>(platform, 'getcard', member.token, { type: 1 })).data;
    expect(cards.map((c) => c.bank)).toEqual(['网商银行']);
  });
});

describe('站点设置: the sponsor pages', () => {
  it('operations saves a page for 赞助页面1: the member’s 大舞台 entry opens it; the other keeps its built-in page', async () => {
    const saved = '/assets/sponsor-2.html?campaign=2026';
    await inConsole('/site', async (page) => {
      const url = page.getByTestId('site-sponsor_url_1');
      await url.waitFor();
      expect(await url.inputValue()).toBe('');
      expect(await url.getAttribute('placeholder')).toBe('留空使用内置页面');
      await url.fill(saved);
      await url.evaluate((el) => el.scrollIntoView({ block: 'center' })); // clear of the sticky save bar
      await stillShot(page, 'admin-operator-sponsor-url');
      await page.getByTestId('site-save').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, SITE_ADMIN_MSG.saved);
    });
    expect((await staffApi<AdminSiteSettings>(platform, admin, 'GET', '/site/settings')).data.settings).toMatchObject({ sponsor_url_1: saved, sponsor_url_2: '' });

    await withPhone(browser, async (page) => {
      await open(page, platform, '/discover');
      await page.getByTestId('discover-stage').click();
      await expectRoute(page, '/zhanzhu');
      await page.getByTestId('sponsor-1').click();
      await expectRoute(page, '/zhanzhuye?type=1');
      const frame = page.getByTestId('app-frame');
      await expect.poll(() => frame.getAttribute('src')).toBe(saved);
      // the saved page itself is what the frame shows (the second club's station page)
      await expect.poll(() => page.frameLocator('[data-testid=app-frame]').locator('body').innerText()).toContain('金狮');
      await settled(page);
      await shot(page, 'admin-operator-sponsor-saved');
      await page.goBack();
      await page.getByTestId('sponsor-2').click();
      await expectRoute(page, '/zhanzhuye?type=2');
      await expect.poll(() => frame.getAttribute('src')).toBe('/assets/sponsor-2.html');
    });
  });
});
