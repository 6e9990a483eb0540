import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG } from '@app/contract';
import { ACCESS_LABELS } from '../src/http/member-openapi.js';
import { MEMBER_ROUTES } from '../src/modules/index.js';
import { startServer, type TestServer } from './harness.js';

let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = await startServer();
  doc = (await s.api('/api/openapi.json', undefined, { method: 'GET' })).data;
});
afterAll(() => s.close());

const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[docPath(url)]?.[method.toLowerCase()];

/**
 * Every route the server registers under /api, as Fastify reported it to the onRoute hook of
 * plugins/routeIndex.ts (registered before any route): method and URL, without the HEAD Fastify adds
 * beside each GET.
 */
function registeredMemberRoutes(): string[] {
  const routes = s.app.routeIndex.filter((r) => r.url.startsWith('/api/'));
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return [...new Set(routes.filter((r) => !(r.method === 'HEAD' && gets.has(r.url))).map((r) => `${r.method} ${r.url}`))].sort();
}

function documented(): string[] {
  const ops: string[] = [];
  for (const [p, methods] of Object.entries(doc.paths) as Array<[string, Record<string, unknown>]>) {
    for (const m of Object.keys(methods)) ops.push(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  return ops.sort();
}

const httpRoutes = () => MEMBER_ROUTES.filter((r) => r.answer !== 'websocket');

describe('GET /api/openapi.json', () => {
  it('describes every route the server registers under /api, with its method, and nothing else', () => {
    expect(doc.openapi).toBe('3.1.0');
    const registered = registeredMemberRoutes();
    expect(registered.length).toBeGreaterThan(80);
    expect(documented()).toEqual(registered);
    expect(MEMBER_ROUTES.map((r) => `${r.method} /api${r.path}`).sort()).toEqual(registered);
    for (const [method, p] of [
      ['POST', '/api/balance'],
      ['POST', '/api/login_pc'],
      ['POST', '/api/uploadimg'],
      ['GET', '/api/lotteryRoom'],
      ['POST', '/api/lotteryRoom'],
      ['GET', '/api/service/ws'],
      ['GET', '/api/openapi.json'],
    ]) {
      expect(operation(method!, p!), `${method} ${p}`).toBeDefined();
    }
    const ids = documented().map((o) => operation(...(o.split(' ') as [string, string])).operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says who may call each route: public, signing in optional, a member, a member but not the trial account', () => {
    expect(doc['x-access-levels']).toEqual(ACCESS_LABELS);
    expect(doc.components.securitySchemes.memberBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const r of MEMBER_ROUTES) {
      const op = operation(r.method, `/api${r.path}`);
      expect(op['x-access'], `${r.method} ${r.path}`).toBe(r.access);
      expect(op.description.startsWith(ACCESS_LABELS[r.access]), r.path).toBe(true);
      const security = { public: [], 'member-optional': [{}, { memberBearer: [] }], member: [{ memberBearer: [] }], 'member-not-trial': [{ memberBearer: [] }] }[r.access];
      expect(op.security, r.path).toEqual(security);
    }
    const access = (method: string, p: string) => operation(method, p)['x-access'];
    expect(access('POST', '/api/balance')).toBe('member');
    expect(access('POST', '/api/withdraw')).toBe('member-not-trial');
    expect(access('GET', '/api/lotteryRoom')).toBe('member-optional');
    expect(access('POST', '/api/app')).toBe('public');
  });

  it('describes the access levels as the server enforces them: 请登录！ without a session, 试玩账号不支持此操作 for the trial account', async () => {
    const trial = (await s.api('/api/guestlogin')).data.api_token as string;
    for (const r of httpRoutes()) {
      const method = r.method;
      const path = `/api${r.path.replace(/:(\w+)/g, '1')}`;
      const anonymous = await s.api(path, method === 'POST' ? {} : undefined, { method });
      if (r.access === 'member' || r.access === 'member-not-trial') {
        expect(anonymous, `${method} ${path}`).toMatchObject({ status: 200, code: CODE.unauthorized, message: MSG.notLoggedIn });
      } else if (r.access === 'public') {
        expect(anonymous.code, `${method} ${path}`).not.toBe(CODE.unauthorized);
      }
      if (r.access === 'member-not-trial') {
        expect(await s.api(path, method === 'POST' ? {} : undefined, { method, token: trial }), `${method} ${path}`).toMatchObject({ code: CODE.forbidden, message: MSG.trialRefused });
      }
    }
  });

  it('carries the request body of every route that takes one, from the schema the route parses with', () => {
    for (const r of httpRoutes()) {
      const op = operation(r.method, `/api${r.path}`);
      if (r.upload) {
        const form = op.requestBody.content['multipart/form-data'].schema;
        expect(form.required, r.path).toEqual([r.upload.field]);
        expect(form.properties[r.upload.field], r.path).toEqual({ type: 'string', format: 'binary' });
      } else if (r.body) {
        const schema = op.requestBody?.content['application/json']?.schema;
        expect(schema?.type, r.path).toBe('object');
        expect(Object.keys(schema.properties).length, r.path).toBeGreaterThan(0);
      } else {
        expect(op.requestBody, r.path).toBeUndefined();
      }
    }
    const body = (p: string) => Object.keys(operation('POST', p).requestBody.content['application/json'].schema.properties);
    expect(body('/api/withdraw')).toEqual(expect.arrayContaining(['amount', 'bank', 'password']));
    expect(body('/api/register')).toEqual(expect.arrayContaining(['name', 'password', 'confirmPass', 'code']));
    expect(body('/api/getGameUrl')).toEqual(expect.arrayContaining(['plat_name', 'game_code']));
    expect(operation('GET', '/api/lotteryRoom').parameters).toEqual([expect.objectContaining({ name: 'room_id', in: 'query', required: true })]);
    expect(operation('POST', '/api/uploadimg').requestBody.content['multipart/form-data']).toBeDefined();
  });

  it('describes rate limits, cached answers, the socket and the routes that answer in maintenance', () => {
    expect(operation('POST', '/api/withdraw')['x-rate-limit']).toEqual({ per: 'member', setting: 'withdraw', perMinute: s.config.rateLimits.withdraw });
    expect(operation('POST', '/api/login_pc')['x-rate-limit']).toEqual({ per: 'ip', setting: 'login', perMinute: s.config.rateLimits.login });
    expect(operation('POST', '/api/editPassword')['x-rate-limit']).toMatchObject({ per: 'ip', setting: 'login' });
    expect(operation('POST', '/api/balance')['x-rate-limit']).toBeUndefined();
    expect(Object.keys(operation('POST', '/api/noticeList').responses)).toEqual(['200', '304']);
    expect(operation('POST', '/api/balance').responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Envelope' });
    expect(Object.keys(operation('GET', '/api/service/ws').responses)).toEqual(['101']);
    const exempt = MEMBER_ROUTES.filter((r) => operation(r.method, `/api${r.path}`)['x-maintenance-exempt']).map((r) => r.path);
    expect(exempt.sort()).toEqual(['/app', '/openapi.json']);
    expect(doc.components.schemas.Envelope.required).toEqual(['code', 'message', 'data']);
  });

  it('is public and cacheable: an ETag, and 304 when the client already holds it', async () => {
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(((await res.json()) as any).data.info.title).toBe('会员 API');
    const again = await fetch(`${s.url}/api/openapi.json`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});
