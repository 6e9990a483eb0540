import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import { updateSettings } from '../src/modules/site/service.js';

let s: TestServer;
let repairTips: string;
beforeAll(async () => {
  s = await startServer();
  repairTips = (await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 0 } }))).app.repair_tips;
});
afterAll(async () => {
  await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 1 } }));
  await s.close();
});

/** Every member route under /api that maintenance closes, as the server itself routes them. */
function memberRoutes() {
  const routes = s.app.routeIndex.filter((r) => r.url.startsWith('/api/') && !r.config.maintenanceExempt && (r.method === 'GET' || r.method === 'POST'));
  return routes.map((r) => ({ method: r.method as 'GET' | 'POST', path: r.url.replace(/:(\w+)/g, '1') }));
}

/** The spellings of one path an attacker tries: each routes to the same handler or to nothing. */
function spellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
  return [
    path,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/${hex(rest[0]!)}${rest.slice(1)}`,
    `/api/${hex(rest[0]!).toUpperCase()}${rest.slice(1)}`,
    `${path}?`,
    `${path}?x=1`,
    `${path}/`,
    `//api/${rest}`,
    `/api//${rest}`,
    `/api%2F${rest}`,
    `/%2Fapi/${rest}`,
    `/api/${rest.toUpperCase()}`,
    `/API/${rest}`,
    `/./api/${rest}`,
    `/x/../api/${rest}`,
    `${path};`,
    `${path}#frag`,
  ];
}

async function call(method: 'GET' | 'POST', path: string) {
  const res = await fetch(s.url + path, { method, headers: method === 'POST' ? { 'content-type': 'application/json' } : {}, body: method === 'POST' ? '{}' : undefined });
  const text = await res.text();
  return { status: res.status, text };
}

describe('maintenance (site_state 0)', () => {
  it('knows the member routes it closes', () => {
    const paths = memberRoutes().map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/withdraw', '/api/transfer', '/api/user', '/api/lotteryOrder']));
  });

  it('answers every member route code 503 with repair_tips however its path is spelled, never serving it', async () => {
    for (const { method, path } of memberRoutes()) {
      for (const spelled of spellings(path)) {
        const r = await call(method, spelled);
        const where = `${method} ${spelled}`;
        // A spelling either reaches the route (and meets maintenance) or reaches no route at all;
        // over HTTP 200 either way, as every member-API answer.
        const body = JSON.parse(r.text);
        expect([503, 404], where).toContain(body.code);
        if (body.code === 503) expect(body, where).toEqual({ code: 503, message: repairTips, data: null });
        if (spelled.startsWith('/api/') || spelled.startsWith('/API/') || spelled.startsWith('/%61')) expect(r.status, where).toBe(200);
      }
      for (const spelled of [`/%61pi/${path.slice(5)}`, path.toLowerCase(), `/API/${path.slice(5).toUpperCase()}`]) {
        expect(JSON.parse((await call(method, spelled)).text).code, spelled).toBe(503);
      }
    }
  });

  it('keeps /api/app and the back-office working, spelled either way', async () => {
    for (const path of ['/api/app', '/%61pi/app']) {
      const r = await s.api(path);
      expect(r, path).toMatchObject({ status: 200, code: 200 });
      expect(r.data.site_state).toBe(0);
    }
    for (const path of ['/admin/api/login', '/admin/%61pi/login']) {
      const r = await s.api(path, { username: 'nobody', password: 'wrong-password' });
      expect(r.status, path).toBe(200);
      expect(r.code, path).not.toBe(503);
    }
  });
});
