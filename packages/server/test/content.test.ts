import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_ARTICLE_TYPES, ARTICLE_TITLES } from '@app/contract';
import { publicContentChanged, startServer, type TestServer } from './harness.js';
import { sanitizeHtml } from '../src/modules/content/sanitize.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const SAFE_HTML = /^(?:[^<]|<\/?(?:p|b|strong|h3|ul|ol|li|br)>)*$/;

describe('bannerList', () => {
  it('lists the five hall banners (type 2 by default) in order with id, src and url (and pic, src again: compat.test.ts)', async () => {
    const r = await s.api('/api/bannerList', {});
    expect(r.code).toBe(200);
    expect(r.data).toHaveLength(5);
    expect(r.data.map((b: any) => b.src)).toEqual([1, 2, 3, 4, 5].map((n) => `/assets/banners/hall-${n}.svg`));
    for (const b of r.data) expect(Object.keys(b).sort()).toEqual(['id', 'pic', 'src', 'url']);
  });

  it('lists the three app-download banners for type 3', async () => {
    const r = await s.api('/api/bannerList', { type: 3 });
    expect(r.data.map((b: any) => b.src)).toEqual([1, 2, 3].map((n) => `/assets/banners/app-${n}.svg`));
  });

  it('links every hall banner: a promotion to its existing detail, the others to a screen of the app (seed.test checks which)', async () => {
    const r = await s.api('/api/bannerList', { type: 2 });
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.filter((b: any) => !/^\/#\//.test(b.url))).toEqual([]);
    const promotions = r.data.filter((b: any) => b.url.startsWith('/#/activityInfo?'));
    expect(promotions.length).toBeGreaterThan(0);
    for (const b of promotions) {
      const id = Number(/^\/#\/activityInfo\?id=(\d+)$/.exec(b.url)?.[1]);
      const detail = await s.api('/api/activitydeatil', { id });
      expect(detail.code).toBe(200);
    }
  });

  it('falls back to hall banners for a type that is not a number', async () => {
    const r = await s.api('/api/bannerList', { type: 'x' });
    expect(r.code).toBe(200);
    expect(r.data).toHaveLength(5);
  });
});

describe('notices', () => {
  it('homenotice lists the titles of home notices, newest first', async () => {
    const r = await s.api('/api/homenotice');
    expect(r.code).toBe(200);
    expect(r.data.length).toBeGreaterThanOrEqual(6);
    expect(r.data[0]).toBe('天天红包雨上线公告');
    for (const t of r.data) expect(typeof t).toBe('string');
  });

  it('noticeList answers a page of notices with Beijing wire times', async () => {
    const r = await s.api('/api/noticeList', { page: 1 });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ current_page: 1, per_page: 10 });
    expect(r.data.data.length).toBe(Math.min(10, r.data.total));
    const n = r.data.data[0];
    expect(Object.keys(n).sort()).toEqual(['content', 'created_at', 'id', 'title']);
    expect(n.created_at).toMatch(WIRE_TIME);
    const times = r.data.data.map((x: any) => x.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through more than ten notices and hides disabled ones', async () => {
    const before = (await s.api('/api/noticeList', { page: 1 })).data.total;
    const rows = Array.from({ length: 12 }, (_, i) => ({ title: `旧公告${i}`, content: '历史公告内容', created_at: new Date(Date.UTC(2020, 0, 1 + i)) }));
    await s.db.kysely.insertInto('notices').values(rows).execute();
    await s.db.kysely.insertInto('notices').values({ title: '已停用公告', content: 'x', enabled: false }).execute();
    publicContentChanged(s);
    const p1 = await s.api('/api/noticeList', { page: 1 });
    const total = before + 12;
    expect(p1.data).toMatchObject({ total, last_page: Math.ceil(total / 10) });
    const p2 = await s.api('/api/noticeList', { page: 2 });
    expect(p2.data.current_page).toBe(2);
    expect(p2.data.data).toHaveLength(Math.min(10, total - 10));
    const beyond = await s.api('/api/noticeList', { page: 99 });
    expect(beyond.data).toMatchObject({ current_page: 99, data: [] });
    const all = [...p1.data.data, ...p2.data.data, ...(await s.api('/api/noticeList', { page: 3 })).data.data];
    expect(all.some((x: any) => x.title === '已停用公告')).toBe(false);
    expect((await s.api('/api/homenotice')).data).not.toContain('已停用公告');
  });

  it('never fails on a bad page number: strings, negative and huge pages read page 1', async () => {
    for (const page of ['abc', -3, 0, 1e12, '1; drop table notices', null]) {
      const r = await s.api('/api/noticeList', { page });
      expect(r).toMatchObject({ status: 200, code: 200 });
      expect(r.data.current_page).toBe(1);
    }
  });
});

describe('article', () => {
  it('serves every help article 1–9 with its title and safe HTML content', async () => {
    for (let type = 1; type <= 9; type++) {
      const r = await s.api('/api/article', { type });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ type, title: ARTICLE_TITLES[type] });
      expect(r.data.content.length).toBeGreaterThan(200);
      expect(r.data.content).toMatch(SAFE_HTML);
    }
  });

  it('serves /abouts type 5 as 条款与规则 (article 9) and type 6 as 隐私政策 (article 2)', async () => {
    const terms = await s.api('/api/article', { type: ABOUT_ARTICLE_TYPES[5] });
    expect(terms.data.title).toBe('条款与规则');
    const privacy = await s.api('/api/article', { type: ABOUT_ARTICLE_TYPES[6] });
    expect(privacy.data.title).toBe('隐私政策');
    expect((await s.api('/api/article', { type: 6 })).data.content).toBe(privacy.data.content);
  });

  it('answers an unknown article type with 404 文章不存在', async () => {
    const r = await s.api('/api/article', { type: 12 });
    expect(r).toMatchObject({ status: 200, code: 404, message: '文章不存在' });
  });

  it('answers a bad article type with 400, never 500', async () => {
    for (const body of [{}, { type: 'abc' }, { type: -1 }, { type: 0 }, { type: 1e15 }, { type: 1.5 }, { type: '' }, { type: 'NaN' }]) {
      const r = await s.api('/api/article', body);
      expect(r).toMatchObject({ status: 200, code: 400, message: '请求参数错误' });
    }
  });
});

describe('activities', () => {
  it('lists the three activity types', async () => {
    const r = await s.api('/api/activitytype');
    expect(r.code).toBe(200);
    expect(r.data.map((t: any) => t.name)).toEqual(['限时活动', '新人首存', '日常活动']);
    for (const t of r.data) expect(Object.keys(t).sort()).toEqual(['id', 'name']);
  });

  it('lists all activities as a page in data.data', async () => {
    const r = await s.api('/api/activitylist', {});
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 8, current_page: 1, per_page: 20, last_page: 1 });
    expect(r.data.data).toHaveLength(8);
    const a = r.data.data[0];
    expect(Object.keys(a).sort()).toEqual(['banner', 'content', 'created_at', 'id', 'memo', 'title', 'type']);
    expect(a.banner).toMatch(/^\/assets\/activities\/activity-\d\.svg$/);
    expect(a.created_at).toMatch(WIRE_TIME);
    expect((await s.api('/api/activitylist', { type: 0 })).data.total).toBe(8);
  });

  it('filters activities by type', async () => {
    const types = (await s.api('/api/activitytype')).data as { id: number; name: string }[];
    let sum = 0;
    for (const t of types) {
      const r = await s.api('/api/activitylist', { type: t.id });
      expect(r.data.data.length).toBeGreaterThan(0);
      for (const a of r.data.data) expect(a.type).toBe(t.id);
      sum += r.data.total;
    }
    expect(sum).toBe(8);
    const newcomer = types.find((t) => t.name === '新人首存')!;
    const r = await s.api('/api/activitylist', { type: String(newcomer.id) });
    expect(r.data.data.map((a: any) => a.title)).toContain('新会员首存100%彩金');
    expect((await s.api('/api/activitylist', { type: 999 })).data).toMatchObject({ total: 0, data: [], last_page: 1 });
  });

  it('answers page 2 of activities as an empty page past the last', async () => {
    const r = await s.api('/api/activitylist', { page: 2 });
    expect(r.data).toMatchObject({ current_page: 2, last_page: 1, data: [] });
  });

  it('tolerates a bad activity type filter without failing', async () => {
    for (const type of ['abc', -1, 1e12]) {
      const r = await s.api('/api/activitylist', { type });
      expect(r).toMatchObject({ status: 200, code: 200 });
      expect(r.data.total).toBe(8);
    }
  });

  it('activitydeatil answers one activity with its rules in memo', async () => {
    const list = (await s.api('/api/activitylist', {})).data.data;
    const r = await s.api('/api/activitydeatil', { id: list[0].id });
    expect(r.code).toBe(200);
    expect(r.data).toEqual(list[0]);
    expect(r.data.memo).toContain('<li>');
    expect(r.data.memo).toMatch(SAFE_HTML);
    expect(r.data.content).toMatch(SAFE_HTML);
    expect((await s.api('/api/activitydeatil', { id: String(list[0].id) })).data.id).toBe(list[0].id);
  });

  it('answers an unknown activity with 404 活动不存在', async () => {
    const r = await s.api('/api/activitydeatil', { id: 999999 });
    expect(r).toMatchObject({ status: 200, code: 404, message: '活动不存在' });
  });

  it('hides a disabled activity from list and detail', async () => {
    const row = await s.db.kysely
      .insertInto('activities')
      .values({ type_id: 1, banner: '/assets/activities/activity-1.svg', title: '已下架活动', content: '<p>x</p>', enabled: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await s.api('/api/activitydeatil', { id: row.id })).code).toBe(404);
    expect((await s.api('/api/activitylist', {})).data.total).toBe(8);
  });

  it('answers bad activity ids with 400, never 500', async () => {
    for (const body of [{}, { id: 'abc' }, { id: -1 }, { id: 0 }, { id: 2 ** 40 }, { id: 1e300 }, { id: { $gt: 1 } }]) {
      const r = await s.api('/api/activitydeatil', body);
      expect(r).toMatchObject({ status: 200, code: 400, message: '请求参数错误' });
    }
  });

  it('answers a JSON array body with 400', async () => {
    const r = await s.api('/api/activitydeatil', [1, 2]);
    expect(r.code).toBe(400);
  });
});

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting tags', () => {
    const html = '<h3>标题</h3><p>一段<b>加粗</b>和<strong>强调</strong><br>换行</p><ul><li>甲</li></ul><ol><li>乙</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops script and style elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<SCRIPT type="text/javascript">steal()</SCRIPT >ok')).toBe('ok');
    expect(sanitizeHtml('<script>never closed')).toBe('');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>x')).toBe('x');
  });

  it('strips every attribute, so onclick and javascript: URLs disappear', () => {
    expect(sanitizeHtml('<p onclick="steal()" style="x">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">link</a>')).toBe('link');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeHtml('<b title=">" onmouseover="x()">t</b>')).toBe('<b>t</b>');
    expect(sanitizeHtml('<svg onload=alert(1)><circle/></svg>ok')).toBe('ok');
  });

  it('keeps text of unknown tags, escapes stray markup and closes open tags', () => {
    expect(sanitizeHtml('<div><span>文字</span></div>')).toBe('文字');
    expect(sanitizeHtml('1 < 2 > 0 & "q"')).toBe('1 &lt; 2 &gt; 0 &amp; &quot;q&quot;');
    expect(sanitizeHtml('&amp; &#38; &nbsp;')).toBe('&amp; &#38; &nbsp;');
    expect(sanitizeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitizeHtml('</p>x</li>')).toBe('x');
    // a broken-up tag becomes inert text
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).toBe('ipt&gt;alert(1)');
    expect(sanitizeHtml('<!-- <script>x</script> -->y<!DOCTYPE html>')).toBe('y');
  });

  it('never lets a tag with attributes or a script survive random input', () => {
    const parts = ['<', '>', 'p', 'script', ' on', 'click=', '"', "'", '/', 'javascript:', 'a', 'b', '<!--', '-->', '&', ' '];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      let input = '';
      for (let k = 0; k < 20; k++) input += parts[Math.floor(rnd() * parts.length)];
      const out = sanitizeHtml(input);
      expect(out).toMatch(SAFE_HTML);
    }
  });
});
