import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import { updateSettings } from '../src/modules/site/service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe('site', () => {
  it('serves the app info of spec §3 with the seeded title', async () => {
    const r = await s.api('/api/app');
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ site_state: 1, redpacket_switch: 1, index_modal: 1 });
    expect(r.data.title).toBeTruthy();
  });

  it('answers getVisitUrl with code 500 and message local when no visit URL is configured', async () => {
    const r = await s.api('/api/getVisitUrl', undefined, { method: 'GET' });
    expect(r).toMatchObject({ code: 500, message: 'local' });
  });

  it('answers malformed JSON with an envelope in Chinese', async () => {
    const res = await fetch(`${s.url}/api/app`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    const json = await res.json();
    expect(json).toMatchObject({ code: 400, message: '请求格式错误' });
  });

  it('reads a JSON POST without a body as an empty object', async () => {
    const res = await fetch(`${s.url}/api/app`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(await res.json()).toMatchObject({ code: 200 });
  });

  it('answers an unknown API path with the 404 envelope over HTTP 200', async () => {
    const r = await s.api('/api/nope');
    expect(r).toMatchObject({ status: 200, code: 404 });
  });

  it('in maintenance answers member endpoints code 503 with repair_tips (over HTTP 200) while /api/app keeps working', async () => {
    const settings = await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 0 } }));
    try {
      const r = await s.api('/api/getservicerurl');
      expect(r).toMatchObject({ status: 200, code: 503, message: settings.app.repair_tips });
      const app = await s.api('/api/app');
      expect(app.code).toBe(200);
      expect(app.data.site_state).toBe(0);
    } finally {
      await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, site_state: 1 } }));
    }
  });
});
