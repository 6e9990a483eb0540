import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ABOUT_ARTICLE_TYPES, ABOUT_TITLES, ARTICLE_TITLES, HELP_ARTICLE_TYPES, MSG, PROMO_MSG } from '@app/contract';
import { sendMail } from '../../server/src/modules/mail/service.js';
import { updateSettings } from '../../server/src/modules/site/service.js';
import { apiAs, clickWhenStill, expectRoute, open, type Platform, registerViaApi, route, settled, shot, signInPage, startSuite, stillShot, stopSuite, toastText, withPhone, imagesLoaded } from '../harness.js';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  ({ platform, browser } = await startSuite());
});
afterAll(() => stopSuite(platform, browser));

const phone = <T>(fn: (page: Page) => Promise<T>) => withPhone(browser, fn);
const api = <T = any>(path: string, body: unknown = {}, token = '') => apiAs<T>(platform, path, token, body);
const scrollToEnd = (page: Page) => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

describe('消息中心 (/message)', () => {
  it('lists announcements page after page until 没有更多了, and unfolds one on tap', async () => {
    const now = Date.now();
    await platform.db.kysely
      .insertInto('notices')
      .values(Array.from({ length: 14 }, (_, i) => ({ title: `系统公告第${i + 1}期`, content: `这是第${i + 1}期公告的正文。`, created_at: new Date(now - i * 60_000) })))
      .execute();
    platform.app.publicCache.changed(); // as a back-office save does: the kept notice list is dropped
    const first = await api<{ total: number; last_page: number }>('noticeList', { page: 1 });
    expect(first.data.last_page).toBeGreaterThan(1);
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/message');
      const items = page.getByTestId('notice-item');
      await items.first().waitFor();
      await shot(page, 'message-notices');
      expect(await items.count()).toBeLessThan(first.data.total);
      for (let i = 0; i < 10 && (await page.locator('[data-testid=list-end]:visible').count()) === 0; i++) {
        await scrollToEnd(page);
        await page.waitForTimeout(300);
      }
      expect(await page.locator('[data-testid=list-end]:visible').innerText()).toBe(MSG.noMore);
      expect(await items.count()).toBe(first.data.total);
      await items.first().click();
      await page.getByTestId('notice-content').first().waitFor();
    });
  });

  it('opens a mail, marks it read and lowers the unread count', async () => {
    const member = await registerViaApi(platform);
    const user = await api<{ id: number }>('user', {}, member.token);
    const before = (await api<{ count: number }>('message/unread', {}, member.token)).data.count;
    const beforeTotal = (await api<{ total: number }>('message/list', { page: 1 }, member.token)).data.total;
    for (let i = 1; i <= 12; i++) await sendMail(platform.db.kysely, user.data.id, { title: `站内信${i}`, content: `您好，这是第${i}封站内信。` });
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/message');
      await page.locator('.adm-tabs-tab', { hasText: '站内信' }).click();
      await expect.poll(() => page.getByTestId('mail-unread').innerText(), { timeout: 6000 }).toBe(String(before + 12));
      const mails = page.getByTestId('mail-item');
      await mails.first().waitFor();
      await shot(page, 'message-mail');
      await mails.first().click();
      const sheet = page.getByTestId('mail-sheet');
      await sheet.waitFor();
      expect(await sheet.innerText()).toContain('站内信12');
      await settled(page);
      await shot(page, 'message-mail-open');
      await expect.poll(() => page.getByTestId('mail-unread').innerText(), { timeout: 6000 }).toBe(String(before + 11));
      expect((await api<{ count: number }>('message/unread', {}, member.token)).data.count).toBe(before + 11);
      await page.locator('.mail-sheet-close').click();
      expect(await mails.first().getAttribute('data-read')).toBe('1');
      for (let i = 0; i < 10 && (await page.locator('[data-testid=list-end]:visible').count()) === 0; i++) {
        await scrollToEnd(page);
        await page.waitForTimeout(300);
      }
      expect(await mails.count()).toBe(beforeTotal + 12);
      expect(await page.locator('[data-testid=list-end]:visible').innerText()).toBe(MSG.noMore);
    });
  });

  it('shows 空空如也 when a member has no mail', async () => {
    const member = await registerViaApi(platform);
    const user = await api<{ id: number }>('user', {}, member.token);
    await platform.db.kysely.deleteFrom('mails').where('member_id', '=', user.data.id).execute();
    await phone(async (page) => {
      await signInPage(page, platform, member.token, '/message');
      await page.locator('.adm-tabs-tab', { hasText: '站内信' }).click();
      await expect.poll(() => page.getByTestId('empty-state').last().innerText(), { timeout: 6000 }).toContain(MSG.empty);
    });
  });
});

describe('articles', () => {
  for (const type of [5, 6]) {
    it(`shows /abouts?type=${type} as ${ABOUT_TITLES[type]} with article ${ABOUT_ARTICLE_TYPES[type]}`, async () => {
      const article = await api<{ content: string }>('article', { type: ABOUT_ARTICLE_TYPES[type] });
      const text = article.data.content.replace(/<[^>]+>/g, '').trim().slice(0, 8);
      await phone(async (page) => {
        await open(page, platform, `/abouts?type=${type}`);
        await page.getByTestId('article').waitFor();
        expect(await page.locator('.adm-nav-bar-title').innerText()).toBe(ABOUT_TITLES[type]);
        expect(await page.getByTestId('article').innerText()).toContain(text);
        await shot(page, `abouts-${type}`);
      });
    });
  }

  it('lists the help centre articles and opens each under its title', async () => {
    await phone(async (page) => {
      await open(page, platform, '/boutBallBet');
      await page.getByTestId('help-list').waitFor();
      await shot(page, 'help-centre');
      for (const type of HELP_ARTICLE_TYPES) {
        expect(await page.getByTestId(`help-item-${type}`).innerText()).toContain(ARTICLE_TITLES[type]);
      }
      await page.getByTestId('help-item-1').click();
      await expectRoute(page, '/boutBallBetInfo?type=1');
      await page.getByTestId('article').waitFor();
      expect(await page.locator('.adm-nav-bar-title').innerText()).toBe(ARTICLE_TITLES[1]);
      await shot(page, 'help-article');
      for (const type of [4, 8]) {
        await open(page, platform, `/boutBallBetInfo?type=${type}`);
        await expect.poll(() => page.locator('.adm-nav-bar-title').innerText()).toBe(ARTICLE_TITLES[type]);
        await page.getByTestId('article').waitFor();
      }
    });
  });
});

describe('promotions', () => {
  it('has 全部 and the activity types as tabs, each listing its promotions', async () => {
    const types = await api<{ id: number; name: string }[]>('activitytype');
    const all = await api<{ data: { id: number; title: string; type: number }[] }>('activitylist', {});
    await phone(async (page) => {
      await open(page, platform, '/activity');
      const cards = page.getByTestId('activity-card');
      await cards.first().waitFor();
      const tabs = page.getByTestId('activity-tabs').locator('.adm-tabs-tab');
      expect(await tabs.allInnerTexts()).toEqual(['全部', ...types.data.map((t) => t.name)]);
      expect(await cards.count()).toBe(all.data.data.length);
      await imagesLoaded(page, '[data-testid=activity-page]');
      await stillShot(page, 'activity');
      const t = types.data[0];
      await tabs.nth(1).click();
      await expect.poll(() => cards.count()).toBe(all.data.data.filter((a) => a.type === t.id).length);
      await cards.first().click();
      await expect.poll(() => route(page)).toMatch(/^\/activityInfo\?id=\d+$/);
    });
  });

  it('turns the apply button into 去登录 without a token, and tells a member who does not qualify why', async () => {
    const all = await api<{ data: { id: number; title: string }[] }>('activitylist', {});
    // the first-deposit bonus: a new member, who has made no deposit, does not qualify
    const activity = all.data.data.find((a) => a.title === '新会员首存100%彩金')!;
    expect(activity).toBeDefined();
    await phone(async (page) => {
      await open(page, platform, `/activityInfo?id=${activity.id}`);
      await page.getByTestId('activity-title').waitFor();
      expect(await page.getByTestId('activity-title').innerText()).toBe(activity.title);
      expect(await page.locator('.top-bar').count()).toBe(0);
      const button = page.getByTestId('activity-apply');
      expect((await button.innerText()).trim()).toBe('去登录');
      await imagesLoaded(page, '[data-testid=activity-info]');
      await stillShot(page, 'activity-info');
      await button.click();
      await expectRoute(page, `/login?redirect=/activityInfo?id=${activity.id}`);
    });
    const member = await registerViaApi(platform);
    await phone(async (page) => {
      await signInPage(page, platform, member.token, `/activityInfo?id=${activity.id}`);
      const button = page.getByTestId('activity-apply');
      await button.waitFor();
      expect((await button.innerText()).trim()).toBe('立即申请');
      await button.click();
      await expect.poll(() => toastText(page), { timeout: 6000 }).toBe(PROMO_MSG.firstDepositOnly);
      // refused: the member stays on the activity, and 活动申请记录 has nothing of it
      expect(route(page)).toBe(`/activityInfo?id=${activity.id}`);
      await open(page, platform, '/activityRecord');
      await page.getByTestId('empty-state').waitFor();
      expect(await page.getByTestId('apply-row').count()).toBe(0);
    });
  });
});

describe('app download (/app)', () => {
  // Installing (the steps, the native package's download frame): pwa.test.ts.
  it('shows its banners and a QR code of the download address', async () => {
    await phone(async (page) => {
      await open(page, platform, '/app');
      await page.getByTestId('app-banner').waitFor();
      expect(await page.getByTestId('app-banner-slide').count()).toBeGreaterThan(0);
      const qr = page.getByTestId('qr-code');
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await imagesLoaded(page, '[data-testid=app-download]');
      await shot(page, 'app-download');
    });
  });
});

describe('seeded banners', () => {
  /** Flicks the carousel one slide on with a finger (touch events, right to left). */
  async function flick(page: Page, testId: string): Promise<void> {
    const box = (await page.getByTestId(testId).boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width - 30, y }] });
    for (let dx = 20; dx <= 200; dx += 30) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width - 30 - dx, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  /** Taps the carousel's slide `index` (flicked into view) and waits for the banner's own route. */
  async function tapBanner(page: Page, testId: string, index: number, url: string): Promise<void> {
    const slide = page.getByTestId(`${testId}-slide`).nth(index);
    await slide.waitFor({ state: 'attached' });
    // Flicked on until it is the one in view (autoplay may have moved the carousel meanwhile).
    const total = await page.getByTestId(`${testId}-slide`).count();
    for (let i = 0; i < 2 * total && (await slide.getAttribute('aria-hidden')) !== 'false'; i++) await flick(page, testId);
    expect(await slide.getAttribute('aria-hidden')).toBe('false');
    await clickWhenStill(slide);
    expect(url).toMatch(/^\/#\//);
    await expectRoute(page, url.slice(2));
  }

  /** The screen a banner opened shows what the banner promised: the activity, the rates, the article, the games. */
  async function expectScreenOf(page: Page, url: string, activities: { id: number; title: string }[]): Promise<void> {
    const target = new URL(url.slice(2), 'http://app');
    switch (target.pathname) {
      case '/activityInfo': {
        const activity = activities.find((a) => a.id === Number(target.searchParams.get('id')))!;
        expect(activity, url).toBeDefined();
        await expect.poll(() => page.getByTestId('activity-title').innerText()).toBe(activity.title);
        expect(await page.locator('.activity-info-section').first().innerText()).toContain('活动内容');
        break;
      }
      case '/vip':
        await page.getByTestId('vip-rates').waitFor();
        expect(await page.getByTestId('vip-rates').locator('tbody tr').count()).toBeGreaterThan(0);
        break;
      case '/boutBallBetInfo':
        await expect.poll(() => page.locator('.adm-nav-bar-title').innerText()).toBe(ARTICLE_TITLES[Number(target.searchParams.get('type'))]);
        expect(await page.getByTestId('article').innerText()).toContain('资金安全');
        break;
      case '/':
        await page.getByTestId('game-tabs').waitFor();
        for (const t of ['真人', '体育', '电竞', '彩票']) expect(await page.getByTestId('game-tabs').innerText()).toContain(t);
        break;
      default:
        throw new Error(`no expectation for the banner target ${url}`);
    }
  }

  const pages: Record<number, { route: string; testId: string }> = { 2: { route: '/', testId: 'banner' }, 3: { route: '/app', testId: 'app-banner' } };
  for (const [type, where] of Object.entries(pages)) {
    it(`opens, from each banner on ${where.route}, a screen showing what the banner promises`, async () => {
      const banners = (await api<{ src: string; url: string }[]>('bannerList', { type: Number(type) })).data;
      const activities = (await api<{ data: { id: number; title: string }[] }>('activitylist', {})).data.data;
      expect(banners.length).toBeGreaterThan(0);
      await phone(async (page) => {
        for (const [i, b] of banners.entries()) {
          await open(page, platform, where.route);
          await page.getByTestId(where.testId).waitFor();
          await tapBanner(page, where.testId, i, b.url);
          await expectScreenOf(page, b.url, activities);
        }
        await settled(page);
        await stillShot(page, `banner-${where.testId}-last-target`);
      });
    });
  }
});

describe('frames', () => {
  it('shows the built-in live chat on /kefu, or the external service page the settings name in a frame', async () => {
    // The default (no service URL): the live chat with the support staff (e2e service-chat.test.ts).
    expect((await api<{ url: string }>('getservicerurl')).data.url).toBe('');
    await phone(async (page) => {
      await open(page, platform, '/kefu');
      await page.locator('.kefu-input').waitFor();
      expect(await page.getByTestId('app-frame').count()).toBe(0);
    });
    const external = '/assets/sponsor-1.html';
    await updateSettings(platform.db.kysely, (s) => ({ ...s, serviceUrl: external }));
    try {
      // The server answers with the new setting (its settings cache is a second at most).
      await expect.poll(async () => (await api<{ url: string }>('getservicerurl')).data.url).toBe(external);
      const service = await api<{ url: string }>('getservicerurl');
      expect(service.data.url).toBe(external);
      await phone(async (page) => {
        await open(page, platform, '/kefu');
        const frame = page.getByTestId('app-frame');
        await frame.waitFor();
        expect(await page.locator('.adm-nav-bar-title').innerText()).toBe('在线客服');
        expect(await frame.getAttribute('src')).toBe(service.data.url);
        const box = await frame.boundingBox();
        expect(box!.height).toBeGreaterThan(700);
        await settled(page);
        await shot(page, 'kefu');
      });
    } finally {
      await updateSettings(platform.db.kysely, (s) => ({ ...s, serviceUrl: '' }));
    }
  });

  it('frames our own pages on /iframepage and refuses other sites', async () => {
    await phone(async (page) => {
      await open(page, platform, `/iframepage?url=${encodeURIComponent('/assets/sponsor-1.html')}`);
      expect(await page.getByTestId('app-frame').getAttribute('src')).toBe('/assets/sponsor-1.html');
      // hostile links: a TAB the URL parser drops (/\t/evil → //evil), backslashes, credentials, schemes, case
      const hostile = ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\t/evil.example', '/\n/evil.example', '/\\evil.example', 'https://ok@evil.example/', 'data:text/html,<b>x</b>', 'HTTPS://EVIL.EXAMPLE/', 'JaVaScRiPt:alert(1)'];
      for (const url of hostile) {
        await open(page, platform, `/iframepage?url=${encodeURIComponent(url)}`);
        await page.getByTestId('frame-refused').waitFor();
        expect(await page.getByTestId('app-frame').count(), url).toBe(0);
        expect(await page.getByTestId('frame-refused').textContent()).toContain(MSG.frameRefusedTitle);
      }
      // the link as it was reported: a TAB between the two slashes, percent-encoded in the address
      await open(page, platform, '/iframepage?url=%2F%09%2Fevil.example');
      await page.getByTestId('frame-refused').waitFor();
      expect(await page.getByTestId('app-frame').count()).toBe(0);
      await shot(page, 'iframepage-refused');
    });
  });

  it('lists the two sponsors on /zhanzhu and frames their station pages', async () => {
    await phone(async (page) => {
      await open(page, platform, '/zhanzhu');
      await page.getByTestId('sponsor-1').waitFor();
      await imagesLoaded(page, '[data-testid=sponsor-list]');
      await shot(page, 'zhanzhu');
      await page.getByTestId('sponsor-2').click();
      await expectRoute(page, '/zhanzhuye?type=2');
      expect(await page.getByTestId('app-frame').getAttribute('src')).toBe('/assets/sponsor-2.html');
      await open(page, platform, '/zhanzhuye?type=1');
      await expect.poll(() => page.getByTestId('app-frame').getAttribute('src')).toBe('/assets/sponsor-1.html');
      expect(await page.locator('.adm-nav-bar-back-arrow').count()).toBe(1);
      await settled(page);
      await shot(page, 'zhanzhuye');
    });
  });
});
