import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_ALLOWED_HOSTS, MSG } from '@app/contract';
import type { QueryExecutor } from 'kysely';
import { registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, staffLogin } from './admin-support.js';
import { HEALTH_DB_TIMEOUT_MS } from '../src/http/health.js';
import { MAX_HEADER_BYTES } from '../src/http/client-error.js';

// What every answer of the platform owes: no caching of members' and staff's data, an envelope even
// for what Node refuses before the app sees it, and a health probe that says only ok or not ok.

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
});
afterAll(() => s.close());

describe('Cache-Control on API answers', () => {
  it('answers every member, back-office, agent-portal and venue API call with Cache-Control: no-store', async () => {
    const m = await registerMember(s);
    const admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
    const calls: [string, RequestInit][] = [
      ['/api/user', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' }, body: '{}' }],
      ['/api/balance', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' }, body: '{}' }],
      ['/%61pi/user', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' }, body: '{}' }],
      ['/api/user', { method: 'POST' }],
      ['/api/app', { method: 'POST' }],
      ['/api/nope', { method: 'POST' }],
      ['/admin/api/me', { headers: { authorization: `Bearer ${admin}` } }],
      ['/admin/api/members', { headers: { authorization: `Bearer ${admin}` } }],
      ['/venue/api/balance', { headers: { 'x-venue-session': 'nope' } }],
      ['/agent/api/overview', { headers: { authorization: 'Bearer nope' } }],
      ['/agent/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ticket":"nope"}' }],
    ];
    for (const [p, init] of calls) {
      const res = await fetch(s.url + p, init);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
      await res.arrayBuffer();
    }
  });

  it('keeps the caching of static files as it was', async () => {
    fs.writeFileSync(path.join(s.config.uploadsDir, 'probe.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const res = await fetch(`${s.url}/uploads/probe.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

/** Sends raw bytes and returns what the server wrote back before closing. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(new URL(s.url).port), '127.0.0.1');
    let out = '';
    sock.on('data', (d) => (out += d.toString('utf8')));
    sock.on('end', () => resolve(out));
    sock.on('error', reject);
    sock.write(request);
  });
}

// On the member API over HTTP 200 like all its answers (compat.test.ts); elsewhere with their status.
describe('requests Node refuses before the app', () => {
  it(`answers a URL over ${MAX_HEADER_BYTES / 1024} KB with the envelope 请求地址或请求头过长 (431 outside the member API)`, async () => {
    for (const [p, status] of [['/api/app', 200], ['/admin/api/me', 431]] as const) {
      const res = await fetch(`${s.url}${p}?x=${'a'.repeat(MAX_HEADER_BYTES + 1024)}`);
      expect(res.status, p).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: 400, message: MSG.headersTooLarge, data: null });
    }
  });

  it('answers an oversized header the same way, and a URL just under the limit normally', async () => {
    const res = await fetch(`${s.url}/admin/api/me`, { headers: { 'x-big': 'b'.repeat(MAX_HEADER_BYTES + 10) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({ code: 400, message: MSG.headersTooLarge });
    const ok = await fetch(`${s.url}/api/app?x=${'a'.repeat(MAX_HEADER_BYTES - 2048)}`, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).code).toBe(200);
  });

  it('answers a malformed request line with a 400 envelope', async () => {
    const out = await raw('GET /admin/api/me HTTP/1.1 extra\r\nHost: x\r\n\r\n');
    expect(out).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(out.slice(out.indexOf('\r\n\r\n') + 4))).toEqual({ code: 400, message: MSG.badRequest, data: null });
  });
});

describe('paths with a malformed percent-escape', () => {
  it.each(['/api/%E0%A4%A', '/api/user%', '/%zz', '/admin/api/%zz', '/agent/%E0', '/venue/api/%zz'])('answers %s with the 400 envelope (200 on the member API), not Fastify’s own error', async (p) => {
    const res = await fetch(s.url + p, { method: p.startsWith('/api') ? 'POST' : 'GET' });
    expect(res.status).toBe(p.startsWith('/api') ? 200 : 400);
    expect(await res.json()).toEqual({ code: 400, message: MSG.badRequest, data: null });
  });
});

describe('HTTPS-only headers', () => {
  const hsts = (res: Response) => res.headers.get('strict-transport-security');
  const upgrades = (res: Response) => /upgrade-insecure-requests/.test(res.headers.get('content-security-policy') ?? '');

  it('sends neither Strict-Transport-Security nor upgrade-insecure-requests to a request over plain HTTP', async () => {
    for (const p of ['/', '/admin/']) {
      const res = await fetch(s.url + p);
      expect(hsts(res), p).toBeNull();
      expect(upgrades(res), p).toBe(false);
    }
    const api = await fetch(`${s.url}/api/app`, { method: 'POST' });
    expect(hsts(api)).toBeNull();
  });

  it('ignores x-forwarded-proto from a proxy it does not trust', async () => {
    const res = await fetch(`${s.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(hsts(res)).toBeNull();
    expect(upgrades(res)).toBe(false);
  });

  it('sends both when a trusted proxy says the request came over HTTPS (TRUST_PROXY=1)', async () => {
    const behindProxy = await startServer({ trustProxy: true });
    try {
      const page = await fetch(`${behindProxy.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(hsts(page)).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers.get('content-security-policy')).toMatch(/;upgrade-insecure-requests$/);
      const api = await fetch(`${behindProxy.url}/api/app`, { method: 'POST', headers: { 'x-forwarded-proto': 'https' } });
      expect(hsts(api)).toBe('max-age=31536000; includeSubDomains');
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      const plain = await fetch(`${behindProxy.url}/`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(hsts(plain)).toBeNull();
      expect(upgrades(plain)).toBe(false);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('Content-Security-Policy', () => {
  it('frames only our own pages and the allowed hosts, and connects only to our own origin and its socket', async () => {
    const res = await fetch(`${s.url}/`);
    const csp = Object.fromEntries(
      (res.headers.get('content-security-policy') ?? '').split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(csp['frame-src']).toEqual(["'self'", ...FRAME_ALLOWED_HOSTS.map((h) => `https://${h}`)]);
    const host = new URL(s.url).host;
    expect(csp['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('writes no Host header into the policy that is not a plain host', async () => {
    const out = await raw("GET / HTTP/1.1\r\nHost: x;script-src *\r\nConnection: close\r\n\r\n");
    const csp = /content-security-policy: (.*)\r\n/i.exec(out)?.[1] ?? '';
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src \*/);
  });
});

describe('GET /healthz', () => {
  it('answers ok and nothing about what runs behind it', async () => {
    const res = await fetch(`${s.url}/healthz`);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ code: 200, message: 'ok', data: null });
    expect(text).not.toMatch(/pglite|postgres|db/i);
  });

  /** Runs `fn` while every query of the server's database handle fails (or hangs) in `how`. */
  async function withBrokenDb<T>(how: 'fail' | 'hang', fn: () => Promise<T>): Promise<T> {
    const kdb = s.app.kdb as unknown as { getExecutor(): QueryExecutor };
    const real = kdb.getExecutor();
    const broken = new Proxy(real, {
      get(target, prop) {
        if (prop === 'executeQuery') return () => (how === 'fail' ? Promise.reject(new Error('connection terminated')) : new Promise(() => {}));
        const v = Reflect.get(target, prop, target);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    kdb.getExecutor = () => broken;
    try {
      return await fn();
    } finally {
      delete (kdb as { getExecutor?: unknown }).getExecutor;
    }
  }

  it('answers 503 with an envelope when the database fails the probe query', async () => {
    const res = await withBrokenDb('fail', () => fetch(`${s.url}/healthz`));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 503, message: MSG.serviceDown, data: null });
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });

  it(`answers 503 when the database does not answer within ${HEALTH_DB_TIMEOUT_MS} ms`, async () => {
    const started = Date.now();
    const res = await withBrokenDb('hang', () => fetch(`${s.url}/healthz`));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 503, message: MSG.serviceDown });
    expect(Date.now() - started).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 2000);
  });
});
