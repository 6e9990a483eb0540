import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SITE_ADMIN_MSG, type AdminSiteSettings } from '@app/contract';
import {
  ADMIN_PASSWORD,
  clickInPopup,
  consoleMessageIs,
  inConsole as inConsoleAs,
  type Platform,
  registerViaApi,
  shot,
  signInPage,
  staffApi,
  staffLoginViaApi,
  startSuite,
  stillShot,
  stopSuite,
  uniqueName,
  withPhone,
  newStaffViaApi,
} from '../harness.js';

/**
 * 站点设置 in the console at 1280×800, and what the member app (390×844) makes of it:
 * the title and the USDT deposit rate changed in the console (the contract's rule live under the
 * field, saved after a confirmation) appear in the app's top bar and on the USDT deposit screen;
 * maintenance switched on (asked first) puts the app into the repair screen with the tips, switched
 * off brings the hall back.
 */

let platform: Platform;
let browser: Browser;
let admin: string;
let member: { name: string; token: string };
let original: AdminSiteSettings;

beforeAll(async () => {
  ({ platform, browser } = await startSuite({ adminPassword: ADMIN_PASSWORD }));
  admin = await staffLoginViaApi(platform);
  member = await registerViaApi(platform, uniqueName('st'));
  original = (await staffApi<AdminSiteSettings>(platform, admin, 'GET', '/site/settings')).data;
});
afterAll(async () => {
  // leave the seed's settings for whoever runs next on this platform
  if (original) {
    await staffApi(platform, admin, 'POST', '/site/settings', original.settings);
    await staffApi(platform, admin, 'POST', '/site/maintenance', original.maintenance);
  }
  await stopSuite(platform, browser);
});

const inConsole = <T>(path: string, fn: (page: Page) => Promise<T>) => inConsoleAs(browser, platform, admin, path, fn);

/** Turns the maintenance switch and confirms in the dialog. */
async function switchMaintenance(page: Page, expected: string) {
  await page.getByTestId('maintenance-switch').click();
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  await clickInPopup(page.getByTestId('maintenance-confirm'));
  await consoleMessageIs(page, expected);
  await dialog.waitFor({ state: 'detached' });
}

describe('站点设置', () => {
  it('shows finance the settings without the means to change them', async () => {
    const username = uniqueName('fin');
    await newStaffViaApi(platform, admin, { username, password: 'finance-Pass-1', role: 'finance' });
    const token = await staffLoginViaApi(platform, username, 'finance-Pass-1');
    await inConsoleAs(browser, platform, token, '/site', async (page) => {
      await page.getByTestId('site-title').waitFor();
      expect(await page.getByTestId('site-readonly').innerText()).toBe('当前角色只能查看站点设置');
      expect(await page.getByTestId('site-title').isDisabled()).toBe(true);
      expect(await page.getByTestId('maintenance-switch').isDisabled()).toBe(true);
      expect(await page.getByTestId('site-save').count()).toBe(0);
      expect(await page.getByTestId('site-logo-upload').count()).toBe(0);
      await shot(page, 'admin-site-finance');
    });
  });

  it('changes the title and the USDT rate with the rule live, and the member app shows them', async () => {
    const title = 'E2E星耀站';
    await inConsole('/site', async (page) => {
      const titleInput = page.getByTestId('site-title');
      await titleInput.waitFor();
      expect(await titleInput.inputValue()).toBe(original.settings.title);
      expect(await page.getByTestId('site-changed').innerText()).toBe('没有未保存的修改');
      await stillShot(page, 'admin-site', { fullPage: true });

      // the contract's rule under the field as typed, and the save bar refusing
      await titleInput.fill('');
      await expect.poll(() => page.getByTestId('site-failure').innerText()).toBe(SITE_ADMIN_MSG.title);
      expect(await page.getByTestId('site-save').isDisabled()).toBe(true);
      await titleInput.fill(title);
      const rate = page.getByTestId('site-usdt_rate');
      await rate.fill('0');
      await rate.blur();
      await expect.poll(() => page.getByTestId('site-failure').innerText()).toBe('存款汇率须大于0且不超过1000，最多4位小数');
      await rate.fill('7.35');
      await rate.blur();
      // the download page's QR image, uploaded and previewed
      const maker = await page.context().newPage();
      await maker.setContent('<div id="q" style="width:240px;height:240px;background:repeating-linear-gradient(45deg,#000 0 12px,#fff 12px 24px)"></div>');
      const png = await maker.locator('#q').screenshot({ type: 'png' });
      await maker.close();
      await page.locator('[data-testid="site-section-APP下载"] input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
      await expect.poll(() => page.locator('[data-testid="site-qrcode-preview"] img').getAttribute('src')).toMatch(/^\/uploads\/site\/\d+\.png$/);
      await expect.poll(() => page.getByTestId('site-changed').innerText()).toBe('设置已修改，尚未保存');
      await page.getByTestId('site-save').click();
      await clickInPopup(page.locator('.ant-popconfirm .ant-btn-primary'));
      await consoleMessageIs(page, SITE_ADMIN_MSG.saved);
      await expect.poll(() => page.getByTestId('site-changed').innerText()).toBe('没有未保存的修改');
      await shot(page, 'admin-site-saved');
    });
    const saved = (await staffApi<AdminSiteSettings>(platform, admin, 'GET', '/site/settings')).data.settings;
    expect(saved).toMatchObject({ title, usdt_rate: 7.35, ios_download_qrcode: expect.stringMatching(/^\/uploads\/site\/\d+\.png$/) });

    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/');
      await expect.poll(() => page.locator('.top-bar-brand').innerText()).toBe(title);
      expect(await page.title()).toBe(title);
      await page.getByTestId('hall').waitFor();
      await page.waitForTimeout(800);
      await shot(page, 'admin-site-member-title');
      await page.goto(`${platform.url}/#/recharge`);
      await page.getByTestId('pay-tab-usdt').click();
      await expect.poll(() => page.getByTestId('usdt-rate').innerText()).toContain('7.35');
      await shot(page, 'admin-site-member-rate');
      await page.goto(`${platform.url}/#/app`);
      await expect.poll(() => page.getByTestId('download-qrcode').getAttribute('src')).toBe(saved.ios_download_qrcode);
    });
  });

  it('maintenance on (asked first) shows the member app the repair screen with the tips, off brings it back', async () => {
    const tips = '站点升级中，预计 23:30 恢复，敬请谅解';
    await inConsole('/site', async (page) => {
      const input = page.getByTestId('maintenance-tips');
      await input.waitFor();
      expect(await page.getByTestId('maintenance-state').innerText()).toBe('正常运行');
      await input.fill(tips);
      await page.getByTestId('maintenance-switch').click();
      await page.locator('.ant-modal-confirm').waitFor();
      expect(await page.locator('.ant-modal-confirm').innerText()).toContain(tips);
      await stillShot(page, 'admin-site-maintenance-confirm');
      await clickInPopup(page.getByTestId('maintenance-confirm'));
      await consoleMessageIs(page, SITE_ADMIN_MSG.maintenanceOn);
      expect(await page.getByTestId('maintenance-state').innerText()).toBe('维护中：会员端显示维护页面');
      await shot(page, 'admin-site-maintenance-on');
    });

    await withPhone(browser, async (page) => {
      await signInPage(page, platform, member.token, '/');
      const block = page.getByTestId('maintenance');
      await block.waitFor();
      expect(await block.innerText()).toContain(tips);
      await shot(page, 'admin-site-member-maintenance');

      await inConsole('/site', async (console) => {
        await console.getByTestId('maintenance-switch').waitFor();
        await switchMaintenance(console, SITE_ADMIN_MSG.maintenanceOff);
        expect(await console.getByTestId('maintenance-state').innerText()).toBe('正常运行');
      });

      await page.reload();
      await page.getByTestId('hall').waitFor();
      expect(await page.getByTestId('maintenance').count()).toBe(0);
      await shot(page, 'admin-site-member-back');
    });
  });
});
