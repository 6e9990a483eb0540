import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_LIMITS, CONTENT_MSG, fmt, MSG } from '@app/contract';
import { attachServer, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { fundedMember } from './transfer-helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/**
 * Content management in the console: banners, notices, help articles, game tiles
 * and venue maintenance — who may do what, the rules' messages, the audit rows with before and
 * after, the sanitizer on articles, and every change visible at once in the member API, from another
 * instance too (the member routes keep no cache).
 */
let s: TestServer;
let admin: string;
let operations: Staff;
let support: Staff;
let finance: Staff;

beforeAll(async () => {
  // With Redis, as several instances run: what staff change is seen at once on every instance.
  s = await startServer({ redisUrl: REDIS_URL, redisPrefix: `test:${randomBytes(4).toString('hex')}:`, adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
  finance = await newStaff(s, admin, 'finance');
});
afterAll(() => s.close());

const memberBanners = async (type = 2, base?: TestServer) => (await (base ?? s).api<Array<{ id: number; src: string; url: string; pic: string }>>('/api/bannerList', { type })).data;

describe('permissions', () => {
  it('support reads every list but changes nothing; finance sees none of it', async () => {
    for (const path of ['/banners', '/notices', '/articles', '/game-entries', '/venues']) {
      expect(await adminCall(s, support.token, 'GET', path), path).toMatchObject({ code: 200 });
      expect(await adminCall(s, finance.token, 'GET', path), path).toMatchObject({ code: 403 });
    }
    const banner = { type: 2, src: '/assets/banners/hall-1.svg', url: '', sort: 1, enabled: true };
    expect(await adminCall(s, support.token, 'POST', '/banners', banner)).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/notices', { title: 't', content: 'c' })).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/articles/1', { title: 't', content: '<p>c</p>' })).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/game-entries/1', { name: 'x', image: '/assets/x.svg', app_state: 1, sort: 0 })).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/venues/DEMOLIVEA/maintenance', { maintenance: true })).toMatchObject({ code: 403 });
    expect(await adminCall(s, support.token, 'POST', '/articles/preview', { content: '<p>x</p>' })).toMatchObject({ code: 200 });
  });
});

describe('banners', () => {
  let id: number;
  it('refuses a banner that breaks a rule, with the first rule broken', async () => {
    const base = { type: 2, src: '/uploads/site/1.png', url: '', sort: 0, enabled: true };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 9 }, CONTENT_MSG.bannerType],
      [{ src: '' }, CONTENT_MSG.bannerImage],
      [{ src: 'https://evil.example/a.png' }, CONTENT_MSG.bannerImage],
      [{ url: 'javascript:alert(1)' }, fmt(CONTENT_MSG.link, { max: CONTENT_LIMITS.linkMax })],
      [{ sort: -1 }, fmt(CONTENT_MSG.sort, { max: CONTENT_LIMITS.sortMax })],
    ];
    for (const [over, message] of cases) expect(await adminCall(s, operations.token, 'POST', '/banners', { ...base, ...over }), JSON.stringify(over)).toMatchObject({ code: 400, message });
  });

  it('creates, edits, hides and deletes a banner, each audited and seen by the member API at once on every instance', async () => {
    const r = await adminCall(s, operations.token, 'POST', '/banners', { type: 2, src: '/uploads/site/7.png', url: '/#/activity', sort: 0, enabled: true });
    expect(r).toMatchObject({ code: 200, message: CONTENT_MSG.bannerCreated, data: { type: 2, src: '/uploads/site/7.png', url: '/#/activity', sort: 0, enabled: true } });
    id = r.data.id;
    expect((await memberBanners())[0]).toEqual({ id, src: '/uploads/site/7.png', url: '/#/activity', pic: '/uploads/site/7.png' });
    const [created] = await auditRows(s, 'banner.create', `banner:${id}`);
    expect(created).toMatchObject({ staff_name: operations.username, before: null });

    const other = await attachServer(s);
    try {
      const u = await adminCall(s, operations.token, 'POST', `/banners/${id}`, { type: 2, src: '/uploads/site/8.png', url: 'https://example.com/a', sort: 99, enabled: true });
      expect(u).toMatchObject({ code: 200, message: CONTENT_MSG.bannerSaved, data: { src: '/uploads/site/8.png', sort: 99 } });
      const seen = (await memberBanners(2, other)).find((b) => b.id === id);
      expect(seen).toEqual({ id, src: '/uploads/site/8.png', url: 'https://example.com/a', pic: '/uploads/site/8.png' });
      const [updated] = await auditRows(s, 'banner.update', `banner:${id}`);
      expect(updated!.before).toMatchObject({ src: '/uploads/site/7.png', sort: 0 });
      expect(updated!.after).toMatchObject({ src: '/uploads/site/8.png', sort: 99 });

      expect(await adminCall(s, operations.token, 'POST', `/banners/${id}/state`, { enabled: false })).toMatchObject({ code: 200, message: CONTENT_MSG.hidden, data: { enabled: false } });
      expect((await memberBanners(2, other)).some((b) => b.id === id)).toBe(false);
      expect((await adminCall(s, support.token, 'GET', '/banners')).data.find((b: { id: number }) => b.id === id)).toMatchObject({ enabled: false });
    } finally {
      await other.close();
    }

    expect(await adminCall(s, operations.token, 'POST', `/banners/${id}/delete`)).toMatchObject({ code: 200, message: CONTENT_MSG.bannerDeleted });
    expect(await adminCall(s, operations.token, 'POST', `/banners/${id}/delete`)).toMatchObject({ code: 404, message: CONTENT_MSG.bannerMissing });
    const [deleted] = await auditRows(s, 'banner.delete', `banner:${id}`);
    expect(deleted).toMatchObject({ after: null });
    expect(deleted!.before).toMatchObject({ id, src: '/uploads/site/8.png' });
  });
});

describe('notices', () => {
  it('validates title and content', async () => {
    expect(await adminCall(s, operations.token, 'POST', '/notices', { title: ' ', content: 'x' })).toMatchObject({ code: 400, message: fmt(CONTENT_MSG.noticeTitle, { max: CONTENT_LIMITS.noticeTitleMax }) });
    expect(await adminCall(s, operations.token, 'POST', '/notices', { title: '标题', content: '' })).toMatchObject({ code: 400, message: fmt(CONTENT_MSG.noticeContent, { max: CONTENT_LIMITS.noticeContentMax }) });
  });

  it('publishes a home notice, takes it off the bar, hides and deletes it, seen at once by members', async () => {
    const r = await adminCall(s, operations.token, 'POST', '/notices', { title: '系统升级通知', content: '今晚升级\n请留意', on_home: true, enabled: true });
    expect(r).toMatchObject({ code: 200, message: CONTENT_MSG.noticeCreated, data: { title: '系统升级通知', content: '今晚升级\n请留意', on_home: true } });
    const id = r.data.id as number;
    expect((await s.api<string[]>('/api/homenotice', {})).data[0]).toBe('系统升级通知');
    expect((await s.api('/api/noticeList', { page: 1 })).data.data[0]).toMatchObject({ id, title: '系统升级通知' });

    expect(await adminCall(s, operations.token, 'POST', `/notices/${id}`, { title: '系统升级通知', content: '今晚升级', on_home: false, enabled: true })).toMatchObject({ code: 200, message: CONTENT_MSG.noticeSaved });
    expect((await s.api<string[]>('/api/homenotice', {})).data).not.toContain('系统升级通知');
    expect((await s.api('/api/noticeList', { page: 1 })).data.data[0]).toMatchObject({ id });
    const [updated] = await auditRows(s, 'notice.update', `notice:${id}`);
    expect(updated!.before).toMatchObject({ on_home: true });
    expect(updated!.after).toMatchObject({ on_home: false });

    expect(await adminCall(s, operations.token, 'POST', `/notices/${id}/state`, { enabled: false })).toMatchObject({ code: 200, message: CONTENT_MSG.hidden });
    expect((await s.api('/api/noticeList', { page: 1 })).data.data.some((n: { id: number }) => n.id === id)).toBe(false);
    expect(await adminCall(s, operations.token, 'POST', `/notices/${id}/delete`)).toMatchObject({ code: 200, message: CONTENT_MSG.noticeDeleted });
    expect(await auditRows(s, 'notice.create', `notice:${id}`)).toHaveLength(1);
    expect(await auditRows(s, 'notice.delete', `notice:${id}`)).toHaveLength(1);
    expect(await adminCall(s, operations.token, 'POST', `/notices/${id}`, { title: 'x', content: 'y' })).toMatchObject({ code: 404, message: CONTENT_MSG.noticeMissing });
  });
});

describe('articles', () => {
  it('lists articles 1–9', async () => {
    const r = await adminCall(s, support.token, 'GET', '/articles');
    expect(r.data.map((a: { type: number }) => a.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('saves title and HTML through the sanitizer, audited, and the member API serves it at once', async () => {
    const html = '<h3 onclick="x()">新标题</h3><p>正文<script>alert(1)</script><a href="javascript:alert(2)">链接</a></p><img src=x onerror=alert(3)>';
    const clean = '<h3>新标题</h3><p>正文链接</p>';
    const r = await adminCall(s, operations.token, 'POST', '/articles/1', { title: '常见问题（新）', content: html });
    expect(r).toMatchObject({ code: 200, message: CONTENT_MSG.articleSaved, data: { type: 1, title: '常见问题（新）', content: clean } });
    expect((await s.api('/api/article', { type: 1 })).data).toEqual({ type: 1, title: '常见问题（新）', content: clean });
    const [audit] = await auditRows(s, 'article.update', 'article:1');
    expect(audit!.after).toMatchObject({ content: clean });
    expect((audit!.before as { title: string }).title).toBe('常见问题');
    expect(await adminCall(s, support.token, 'POST', '/articles/preview', { content: html })).toMatchObject({ code: 200, data: { content: clean } });
  });

  it('refuses an unknown article, an empty title or content', async () => {
    expect(await adminCall(s, operations.token, 'POST', '/articles/10', { title: 'x', content: '<p>x</p>' })).toMatchObject({ code: 400, message: CONTENT_MSG.articleType });
    expect(await adminCall(s, operations.token, 'POST', '/articles/2', { title: '', content: '<p>x</p>' })).toMatchObject({ code: 400, message: fmt(CONTENT_MSG.articleTitle, { max: CONTENT_LIMITS.articleTitleMax }) });
    expect(await adminCall(s, operations.token, 'POST', '/articles/2', { title: 'x', content: '<p> </p>' })).toMatchObject({ code: 400, message: fmt(CONTENT_MSG.articleContent, { max: CONTENT_LIMITS.htmlMax }) });
  });
});

describe('the game catalogue', () => {
  it('hides a tile and shows it again, renamed, audited, at once in /api/game/list', async () => {
    const list = (await adminCall(s, support.token, 'GET', '/game-entries')).data as Array<{ id: number; category_id: string; name: string; image: string; sort: number; app_state: number }>;
    const tile = list.find((g) => g.category_id === 'realbet')!;
    const shown = async () => ((await s.api<Array<{ id: number; name: string }>>(`/api/game/list?category=realbet`, undefined, { method: 'GET' })).data ?? []);
    expect((await shown()).some((g) => g.id === tile.id)).toBe(true);
    const hide = await adminCall(s, operations.token, 'POST', `/game-entries/${tile.id}`, { name: tile.name, image: tile.image, sort: tile.sort, app_state: 0 });
    expect(hide).toMatchObject({ code: 200, message: CONTENT_MSG.gameSaved, data: { app_state: 0 } });
    expect((await shown()).some((g) => g.id === tile.id)).toBe(false);
    const back = await adminCall(s, operations.token, 'POST', `/game-entries/${tile.id}`, { name: '真人旗舰', image: tile.image, sort: tile.sort, app_state: 1 });
    expect(back).toMatchObject({ code: 200, data: { app_state: 1, name: '真人旗舰' } });
    expect((await shown()).find((g) => g.id === tile.id)).toMatchObject({ name: '真人旗舰' });
    const rows = await auditRows(s, 'game.update', `game_entry:${tile.id}`);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.before).toMatchObject({ app_state: 1 });
    expect(rows[0]!.after).toMatchObject({ app_state: 0 });
    expect(await adminCall(s, operations.token, 'POST', `/game-entries/${tile.id}`, { name: '', image: tile.image, app_state: 1 })).toMatchObject({ code: 400, message: fmt(CONTENT_MSG.gameName, { max: CONTENT_LIMITS.gameNameMax }) });
    expect(await adminCall(s, operations.token, 'POST', `/game-entries/${tile.id}`, { name: 'x', image: 'http://x/y.png', app_state: 1 })).toMatchObject({ code: 400, message: CONTENT_MSG.gameImage });
    expect(await adminCall(s, operations.token, 'POST', '/game-entries/999999', { name: 'x', image: tile.image, app_state: 1 })).toMatchObject({ code: 404, message: CONTENT_MSG.gameMissing });
  });

  it('新增游戏: operations adds a venue\'s game to a category; the hall lists it at once and it launches; audited', async () => {
    const image = ((await adminCall(s, support.token, 'GET', '/game-entries')).data as Array<{ image: string }>)[0]!.image;
    const form = { category_id: 'joker', platform_name: 'DEMOCARDA', game_code: 'democarda_niuniu', name: '抢庄牛牛', image, app_state: 1, sort: 0 };
    expect(await adminCall(s, support.token, 'POST', '/game-entries', form)).toMatchObject({ code: 403 });
    const r = await adminCall<{ id: number }>(s, operations.token, 'POST', '/game-entries', form);
    expect(r).toMatchObject({ code: 200, message: CONTENT_MSG.gameCreated, data: form });
    const { id } = r.data;
    const hall = (await s.api<Array<{ id: number; name: string; platform_name: string; game_code: string }>>('/api/game/list?category=joker', undefined, { method: 'GET' })).data;
    expect(hall[0]).toMatchObject({ id, name: '抢庄牛牛', platform_name: 'DEMOCARDA', game_code: 'democarda_niuniu' }); // sort 0: first
    const [audit] = await auditRows(s, 'game.create', `game_entry:${id}`);
    expect(audit).toMatchObject({ staff_id: operations.id, before: null, after: { id, ...form } });
    const { token } = await fundedMember(s, 0);
    const launch = await s.api<{ url: string }>('/api/getGameUrl', { plat_name: 'DEMOCARDA', game_type: 0, game_code: 'democarda_niuniu', is_mobile_url: 1 }, { token });
    expect(launch.code).toBe(200);
    expect(launch.data.url).toBeTruthy();
  });

  it('新增游戏 refuses a bad field, an unknown venue and a venue\'s game code taken, adding nothing', async () => {
    const count = async () => ((await adminCall(s, support.token, 'GET', '/game-entries')).data as unknown[]).length;
    const n = await count();
    const good = { category_id: 'realbet', platform_name: 'DEMOLIVEA', game_code: 'demolivea_vip', name: '贵宾厅', image: '/assets/logo.svg', app_state: 1, sort: 3 };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ category_id: 'casino' }, 400, CONTENT_MSG.gameCategory],
      [{ platform_name: '' }, 400, CONTENT_MSG.gameVenue],
      [{ game_code: '' }, 400, fmt(CONTENT_MSG.gameCode, { max: CONTENT_LIMITS.gameCodeMax })],
      [{ game_code: 'ag vip' }, 400, fmt(CONTENT_MSG.gameCode, { max: CONTENT_LIMITS.gameCodeMax })],
      [{ game_code: 'x'.repeat(CONTENT_LIMITS.gameCodeMax + 1) }, 400, fmt(CONTENT_MSG.gameCode, { max: CONTENT_LIMITS.gameCodeMax })],
      [{ name: '' }, 400, fmt(CONTENT_MSG.gameName, { max: CONTENT_LIMITS.gameNameMax })],
      [{ image: '' }, 400, CONTENT_MSG.gameImage],
      [{ sort: -1 }, 400, fmt(CONTENT_MSG.sort, { max: CONTENT_LIMITS.sortMax })],
      [{ platform_name: 'NOPE' }, 400, CONTENT_MSG.venueMissing],
      [{ platform_name: 'lottery' }, 400, CONTENT_MSG.venueMissing],
      [{ game_code: 'demolivea_realbet' }, 409, CONTENT_MSG.gameDuplicate],
    ];
    for (const [patch, code, message] of cases) expect(await adminCall(s, operations.token, 'POST', '/game-entries', { ...good, ...patch }), JSON.stringify(patch)).toMatchObject({ code, message });
    expect(await count()).toBe(n);
  });

  it('puts a venue under maintenance (members are refused at once) and opens it again', async () => {
    const venues = (await adminCall(s, support.token, 'GET', '/venues')).data as Array<{ code: string; enabled: boolean; tiles: number }>;
    expect(venues.find((v) => v.code === 'DEMOLIVEE')).toMatchObject({ enabled: true, tiles: 1 });
    // the in-house lottery's row only names lottery bets: no switch
    expect(venues.some((v) => v.code === 'lottery')).toBe(false);
    expect(await adminCall(s, operations.token, 'POST', '/venues/lottery/maintenance', { maintenance: false })).toMatchObject({ code: 404, message: CONTENT_MSG.venueMissing });
    const { token } = await fundedMember(s, 0);
    const launch = () => s.api('/api/getGameUrl', { plat_name: 'DEMOLIVEE', game_type: 0, game_code: 'demolivee_realbet', is_mobile_url: 1 }, { token });
    expect(await adminCall(s, operations.token, 'POST', '/venues/DEMOLIVEE/maintenance', { maintenance: true })).toMatchObject({ code: 200, message: CONTENT_MSG.venueMaintenanceOn, data: { code: 'DEMOLIVEE', enabled: false } });
    expect(await launch()).toMatchObject({ code: 400, message: MSG.venueClosed });
    const [audit] = await auditRows(s, 'venue.maintenance', 'venue:DEMOLIVEE');
    expect(audit!.before).toMatchObject({ enabled: true });
    expect(audit!.after).toMatchObject({ enabled: false });
    expect(await adminCall(s, operations.token, 'POST', '/venues/DEMOLIVEE/maintenance', { maintenance: false })).toMatchObject({ code: 200, message: CONTENT_MSG.venueMaintenanceOff, data: { enabled: true } });
    expect((await launch()).code).toBe(200);
    expect(await adminCall(s, operations.token, 'POST', '/venues/NOPE/maintenance', { maintenance: true })).toMatchObject({ code: 404, message: CONTENT_MSG.venueMissing });
  });
});
