import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, FRAME_ALLOWED_HOSTS, fmt, MSG, SITE_ADMIN_MSG, type AdminSiteSettings, type AppInfo, type SiteSettingsForm } from '@app/contract';
import { registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * 站点设置 in the console: who may read and change the settings, every rule's
 * message with nothing stored after a refusal, the audit rows with before and after, the change at
 * once in /api/app, the member's user info and the CSP's frame-src, and the maintenance switch
 * closing the member API with the tips and opening it again.
 */
let s: TestServer;
let admin: Staff;
let finance: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  finance = await newStaff(s, token, 'finance');
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
});
afterAll(() => s.close());

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const current = async () => (await get<AdminSiteSettings>(admin, '/site/settings')).data;
const save = (who: Staff, form: unknown) => post<AdminSiteSettings>(who, '/site/settings', form);
const appInfo = async () => (await s.api<AppInfo>('/api/app')).data;
const stored = async () => (await s.db.kysely.selectFrom('site_settings').select('value').where('key', '=', 'site').executeTakeFirstOrThrow()).value;
const frameSrc = async (path = '/') => {
  const res = await fetch(`${s.url}${path}`);
  const csp = res.headers.get('content-security-policy') ?? '';
  return /frame-src ([^;]*)/.exec(csp)?.[1] ?? '';
};

describe('permissions', () => {
  it('lets finance read only, support not at all, operations and super change', async () => {
    const form = (await current()).settings;
    for (const reader of [finance, operations, admin]) expect(await get(reader, '/site/settings')).toMatchObject({ code: 200 });
    expect(await get(support, '/site/settings')).toMatchObject({ code: 403, message: MSG.forbidden });
    for (const who of [finance, support]) {
      expect(await save(who, form)).toMatchObject({ code: 403, message: MSG.forbidden });
      expect(await post(who, '/site/maintenance', { on: true, repair_tips: '维护' })).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    expect((await appInfo()).site_state).toBe(1);
    expect(await save(operations, form)).toMatchObject({ code: 200, message: SITE_ADMIN_MSG.saved });
  });

  it('needs a staff session', async () => {
    expect(await s.api('/admin/api/site/settings', undefined, { method: 'GET' })).toMatchObject({ code: 401 });
  });
});

describe('the settings', () => {
  it('answers the seeded settings with maintenance off and the contract\'s frame hosts', async () => {
    const got = await current();
    expect(got.maintenance).toEqual({ on: false, repair_tips: expect.any(String) });
    expect(got.settings).toMatchObject({ title: '星耀娱乐', usdt_rate: 7.2, withdraw_usdt_rate: 7.3, withdraw_fee_erc20: 5, withdraw_fee_trc20: 1, frame_hosts: [...FRAME_ALLOWED_HOSTS] });
    expect(got.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses each bad field with its message and stores nothing', async () => {
    const good = (await current()).settings;
    const before = await stored();
    const audited = (await auditRows(s, 'site.settings', 'site:settings')).length;
    const cases: Array<[Partial<Record<keyof SiteSettingsForm, unknown>>, string]> = [
      [{ title: '' }, SITE_ADMIN_MSG.title],
      [{ title: '   ' }, SITE_ADMIN_MSG.title],
      [{ title: '一二三四五六七八九十一二三四五六七八九十一' }, SITE_ADMIN_MSG.title],
      [{ site_logo: '' }, SITE_ADMIN_MSG.logo],
      [{ site_logo: 'https://evil.example/logo.png' }, fmt(SITE_ADMIN_MSG.image, { label: '站点Logo' })],
      [{ redpacket_switch: 2 }, fmt(SITE_ADMIN_MSG.switch, { label: '红包开关' })],
      [{ trial_switch: undefined }, fmt(SITE_ADMIN_MSG.switch, { label: '免费试玩' })],
      [{ trial_switch: 'on' }, fmt(SITE_ADMIN_MSG.switch, { label: '免费试玩' })],
      [{ index_modal: '1' }, fmt(SITE_ADMIN_MSG.switch, { label: '首页弹窗' })],
      [{ index_modal: 1, webcontent: '' }, SITE_ADMIN_MSG.webcontentRequired],
      [{ webcontent: 'x'.repeat(20_001) }, SITE_ADMIN_MSG.webcontent],
      [{ service_url: 'javascript:alert(1)' }, fmt(SITE_ADMIN_MSG.url, { label: '客服链接' })],
      [{ service_url: '//evil.example/chat' }, fmt(SITE_ADMIN_MSG.url, { label: '客服链接' })],
      [{ service_url: 'https://chat.example.com/x' }, fmt(SITE_ADMIN_MSG.framed, { label: '客服链接' })],
      [{ service_url: 'http://chat.example.com/x', frame_hosts: ['chat.example.com'] }, fmt(SITE_ADMIN_MSG.framed, { label: '客服链接' })],
      [{ visit_url: 'ftp://x.example' }, fmt(SITE_ADMIN_MSG.url, { label: '跳转地址' })],
      [{ sponsor_url_1: 'https://a.example/s' }, fmt(SITE_ADMIN_MSG.framed, { label: '赞助页面1' })],
      [{ sponsor_url_2: 'sponsor.html' }, fmt(SITE_ADMIN_MSG.url, { label: '赞助页面2' })],
      [{ h5_url: '' }, fmt(SITE_ADMIN_MSG.urlRequired, { label: 'H5地址' })],
      [{ ios_download_url: 'https://u:p@x.example/app' }, fmt(SITE_ADMIN_MSG.url, { label: 'iOS下载地址' })],
      [{ android_download_url: `/${'a'.repeat(500)}` }, fmt(SITE_ADMIN_MSG.url, { label: 'Android下载地址' })],
      [{ ios_download_qrcode: '/etc/passwd' }, fmt(SITE_ADMIN_MSG.image, { label: '下载二维码' })],
      [{ usdt_rate: 0 }, fmt(SITE_ADMIN_MSG.rate, { label: '存款汇率' })],
      [{ usdt_rate: '7.2' }, fmt(SITE_ADMIN_MSG.rate, { label: '存款汇率' })],
      [{ withdraw_usdt_rate: 7.12345 }, fmt(SITE_ADMIN_MSG.rate, { label: '提现汇率' })],
      [{ withdraw_usdt_rate: 1001 }, fmt(SITE_ADMIN_MSG.rate, { label: '提现汇率' })],
      [{ withdraw_fee_erc20: -1 }, fmt(SITE_ADMIN_MSG.fee, { label: 'ERC20手续费' })],
      [{ withdraw_fee_trc20: 0.00001 }, fmt(SITE_ADMIN_MSG.fee, { label: 'TRC20手续费' })],
      [{ frame_hosts: ['https://a.example'] }, fmt(SITE_ADMIN_MSG.host, { host: 'https://a.example' })],
      [{ frame_hosts: ['*.example.com'] }, fmt(SITE_ADMIN_MSG.host, { host: '*.example.com' })],
      [{ frame_hosts: ['a.example/x'] }, fmt(SITE_ADMIN_MSG.host, { host: 'a.example/x' })],
      [{ frame_hosts: ["a.example 'unsafe-inline'"] }, fmt(SITE_ADMIN_MSG.host, { host: "a.example 'unsafe-inline'" })],
      [{ frame_hosts: ['a.example', 'A.example'] }, fmt(SITE_ADMIN_MSG.hostDuplicate, { host: 'a.example' })],
      [{ frame_hosts: Array.from({ length: 21 }, (_, i) => `h${i}.example`) }, SITE_ADMIN_MSG.hostsMax],
    ];
    for (const [patch, message] of cases) expect(await save(operations, { ...good, ...patch }), message).toMatchObject({ code: 400, message });
    expect(await stored()).toEqual(before);
    expect(await auditRows(s, 'site.settings', 'site:settings')).toHaveLength(audited);
  });

  it('saves with an audit row (before and after) and the member app sees it at once', async () => {
    const member = await registerMember(s);
    const before = (await current()).settings;
    const after: SiteSettingsForm = {
      ...before,
      title: '新站点名称',
      webcontent: '<p onclick="x()">你好<script>alert(1)</script></p>',
      service_url: 'https://chat.partner.example/room',
      frame_hosts: ['chat.partner.example', 'Promo.Example.com:8443'],
      usdt_rate: 7.1234,
      withdraw_usdt_rate: 7.5,
      withdraw_fee_trc20: 1.5,
      redpacket_switch: 0,
      ios_download_url: 'https://apps.example/ios',
      ios_download_qrcode: '/assets/qr.png',
    };
    const r = await save(operations, after);
    expect(r).toMatchObject({ code: 200, message: SITE_ADMIN_MSG.saved });
    const saved = (r.data as AdminSiteSettings).settings;
    expect(saved).toMatchObject({ title: '新站点名称', webcontent: '<p>你好</p>', frame_hosts: ['chat.partner.example', 'promo.example.com:8443'], usdt_rate: 7.1234 });

    const rows = await auditRows(s, 'site.settings', 'site:settings');
    const last = rows.at(-1)!;
    expect(last.staff_name).toBe(operations.username);
    expect(last.before).toMatchObject({ title: before.title, usdt_rate: before.usdt_rate, frame_hosts: before.frame_hosts });
    expect(last.after).toMatchObject({ title: '新站点名称', usdt_rate: 7.1234, webcontent: '<p>你好</p>', frame_hosts: ['chat.partner.example', 'promo.example.com:8443'] });

    expect(await appInfo()).toMatchObject({
      title: '新站点名称',
      webcontent: '<p>你好</p>',
      redpacket_switch: 0,
      ios_download_url: 'https://apps.example/ios',
      ios_download_qrcode: '/assets/qr.png',
      frame_hosts: ['chat.partner.example', 'promo.example.com:8443'],
    });
    expect((await s.api('/api/getservicerurl', {}, { token: member.token })).data).toEqual({ url: 'https://chat.partner.example/room' });
    // An empty service URL is the built-in live chat (在线客服): /kefu shows it instead of a frame.
    expect((await save(operations, { ...after, service_url: '' })).code).toBe(200);
    expect((await s.api('/api/getservicerurl', {}, { token: member.token })).data).toEqual({ url: '' });
    expect((await save(operations, after)).code).toBe(200);
    const user = (await s.api('/api/user', {}, { token: member.token })).data;
    expect(user).toMatchObject({ usdtrate: 7.1234, withdrawusdtrate: 7.5, withdrawfeeusdttrc: 1.5 });
    expect(await frameSrc()).toBe("'self' https://chat.partner.example https://promo.example.com:8443");
    expect(await frameSrc('/healthz')).toBe("'self' https://chat.partner.example https://promo.example.com:8443");

    // back: the hosts gone from the policy at once
    expect(await save(admin, { ...before, redpacket_switch: 1 })).toMatchObject({ code: 200 });
    expect(await frameSrc()).toBe(["'self'", ...FRAME_ALLOWED_HOSTS.map((h) => `https://${h}`)].join(' '));
    expect((await appInfo()).title).toBe(before.title);
  });
});

describe('the sponsor pages', () => {
  it('are the app\'s built-in ones while none is saved; a saved URL reaches /api/app at once, audited; cleared, the built-in ones again', async () => {
    const before = (await current()).settings;
    expect(before).toMatchObject({ sponsor_url_1: '', sponsor_url_2: '' });
    expect((await appInfo()).sponsor_urls).toEqual(['', '']);
    const partner = 'https://sponsor.partner.example/club';
    const saved = { ...before, sponsor_url_1: partner, sponsor_url_2: '/assets/sponsor-2.html?season=2026', frame_hosts: [...before.frame_hosts, 'sponsor.partner.example'] };
    expect(await save(operations, saved)).toMatchObject({ code: 200, data: { settings: { sponsor_url_1: partner } } });
    expect((await appInfo()).sponsor_urls).toEqual([partner, '/assets/sponsor-2.html?season=2026']);
    const last = (await auditRows(s, 'site.settings', 'site:settings')).at(-1)!;
    expect(last).toMatchObject({ before: { sponsor_url_1: '', sponsor_url_2: '' }, after: { sponsor_url_1: partner, sponsor_url_2: '/assets/sponsor-2.html?season=2026' } });
    // a framed page must be on a host the app may frame
    expect(await save(operations, { ...saved, frame_hosts: before.frame_hosts })).toMatchObject({ code: 400, message: fmt(SITE_ADMIN_MSG.framed, { label: '赞助页面1' }) });
    expect(await save(operations, before)).toMatchObject({ code: 200 });
    expect((await appInfo()).sponsor_urls).toEqual(['', '']);
  });
});

describe('免费试玩 (the guest trial)', () => {
  it('is on as seeded; switched off, /api/app says so and guestlogin is refused with 试玩账号暂不可用; on again, a guest signs in; audited', async () => {
    const before = (await current()).settings;
    expect(before.trial_switch).toBe(1);
    expect((await appInfo()).trial_switch).toBe(1);
    const guests = async () => Number((await s.db.kysely.selectFrom('members').select((eb) => eb.fn.countAll().as('n')).where('is_trial', '=', true).executeTakeFirstOrThrow()).n);
    const n = await guests();

    expect(await save(operations, { ...before, trial_switch: 0 })).toMatchObject({ code: 200, message: SITE_ADMIN_MSG.saved, data: { settings: { trial_switch: 0 } } });
    expect((await appInfo()).trial_switch).toBe(0);
    expect(await s.api('/api/guestlogin')).toMatchObject({ code: CODE.notFound, message: MSG.trialUnavailable });
    expect(await guests()).toBe(n);
    const off = (await auditRows(s, 'site.settings', 'site:settings')).at(-1)!;
    expect(off).toMatchObject({ staff_name: operations.username, before: { trial_switch: 1 }, after: { trial_switch: 0 } });

    expect(await save(operations, before)).toMatchObject({ code: 200 });
    expect((await appInfo()).trial_switch).toBe(1);
    const guest = await s.api<{ api_token: string }>('/api/guestlogin');
    expect(guest.code).toBe(200);
    expect((await s.api('/api/user', {}, { token: guest.data.api_token })).data).toMatchObject({ is_trial: 1 });
    expect(await guests()).toBe(n + 1);
  });
});

describe('maintenance', () => {
  it('refuses empty or long tips', async () => {
    expect(await post(operations, '/site/maintenance', { on: true, repair_tips: ' ' })).toMatchObject({ code: 400, message: SITE_ADMIN_MSG.repairTips });
    expect(await post(operations, '/site/maintenance', { on: true, repair_tips: '维'.repeat(201) })).toMatchObject({ code: 400, message: SITE_ADMIN_MSG.repairTips });
    expect((await appInfo()).site_state).toBe(1);
  });

  it('closes the member API with the tips when on, opens it when off, audited each time', async () => {
    const member = await registerMember(s);
    const tips = '系统升级中，22:00 恢复';
    const on = await post<AdminSiteSettings>(operations, '/site/maintenance', { on: true, repair_tips: tips });
    expect(on).toMatchObject({ code: 200, message: SITE_ADMIN_MSG.maintenanceOn, data: { maintenance: { on: true, repair_tips: tips } } });
    try {
      expect(await appInfo()).toMatchObject({ site_state: 0, repair_tips: tips });
      const closed = await s.api('/api/user', {}, { token: member.token });
      // over HTTP 200, as every member-API answer (compat.test.ts)
      expect(closed).toMatchObject({ status: 200, code: CODE.maintenance, message: tips });
      // the console keeps working
      expect(await get(finance, '/site/settings')).toMatchObject({ code: 200, data: { maintenance: { on: true } } });
    } finally {
      const off = await post(admin, '/site/maintenance', { on: false, repair_tips: tips });
      expect(off).toMatchObject({ code: 200, message: SITE_ADMIN_MSG.maintenanceOff });
    }
    expect((await appInfo()).site_state).toBe(1);
    expect(await s.api('/api/user', {}, { token: member.token })).toMatchObject({ code: 200 });
    const rows = await auditRows(s, 'site.maintenance', 'site:settings');
    expect(rows.slice(-2).map((r) => [r.staff_name, r.before, r.after])).toEqual([
      [operations.username, { on: false, repair_tips: expect.any(String) }, { on: true, repair_tips: tips }],
      ['admin', { on: true, repair_tips: tips }, { on: false, repair_tips: tips }],
    ]);
  });
});
