import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachServer, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * Public content kept per instance (http/public-cache.ts): an answer is read once and
 * then served from memory with its ETag (304 to a client sending it back), a write anywhere else is not
 * seen until staff change content, and a staff change on one instance is seen at once on the other
 * (Redis). The banners keep the `pic` alias of existing clients when served from memory.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
let a: TestServer;
let b: TestServer;
let operations: Staff;

beforeAll(async () => {
  a = await startServer({ redisUrl: REDIS_URL, redisPrefix: `test:${randomBytes(4).toString('hex')}:`, adminPassword: ADMIN_PASSWORD });
  b = await attachServer(a);
  operations = await newStaff(a, await staffLogin(a, 'admin', ADMIN_PASSWORD), 'operations');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const titles = async (s: TestServer) => ((await s.api('/api/noticeList', { page: 1 })).data.data as { title: string }[]).map((n) => n.title);

describe('public content cache', () => {
  it('answers the game list with an ETag, and 304 without a body when the client holds it', async () => {
    const first = await fetch(`${a.url}/api/game/list`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const body = await first.json();
    expect(body).toMatchObject({ code: 200 });
    const again = await fetch(`${a.url}/api/game/list`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another client's copy, or none: the whole answer, the same as the first.
    const other = await fetch(`${a.url}/api/game/list`, { headers: { 'if-none-match': 'W/"stale"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(body);
  });

  it('serves a kept answer until staff change content, then every instance reads anew', async () => {
    const before = await titles(a);
    await titles(b); // both keep the list
    // A row written behind the back office's back is not seen: the answer is kept.
    await a.db.kysely.insertInto('notices').values({ title: '直接写入的公告', content: 'x' }).execute();
    expect(await titles(a)).toEqual(before);
    expect(await titles(b)).toEqual(before);
    // Staff publish a notice on A: A and B both show it on the next read.
    const r = await adminCall(a, operations.token, 'POST', '/notices', { title: '缓存测试公告', content: '内容', on_home: true, enabled: true });
    expect(r.code).toBe(200);
    expect(await titles(a)).toContain('缓存测试公告');
    const deadline = Date.now() + 3000;
    while (!(await titles(b)).includes('缓存测试公告')) {
      expect(Date.now(), 'B dropped its copy').toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await titles(b)).toContain('直接写入的公告');
  });

  it('keeps the banners’ pic alias on an answer served from memory', async () => {
    const first = await a.api('/api/bannerList', {});
    const second = await a.api('/api/bannerList', {});
    expect(second).toEqual(first);
    expect(second.data.length).toBeGreaterThan(0);
    for (const banner of second.data as { src: string; pic: string }[]) expect(banner.pic).toBe(banner.src);
  });

  it('answers bad input with its message and keeps nothing for it', async () => {
    const bad = await a.api('/api/article', { type: 'x' });
    expect(bad.code).toBe(400);
    expect(bad.data).toBeNull();
    expect((await a.api('/api/article', { type: 8 })).data).toMatchObject({ title: expect.any(String) });
  });
});
