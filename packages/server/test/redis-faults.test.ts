import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens.js';
import { attachServer, registerMember, startServer, type TestServer } from './harness.js';
import { RoomSocket, firstRooms, isChat, newMember } from './lottery-ws-support.js';

/**
 * Redis is a helper, not a condition of being up. Unreachable at start, the server
 * starts; lost while running, the rate-limited routes keep answering with per-instance limits, and a
 * session revoked elsewhere stops working here at once (the cache is not trusted while the revocation
 * channel is not heard: fail closed). When Redis is back the instance reconnects by itself.
 */
const REDIS = { host: '127.0.0.1', port: Number(new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379').port || 6379) };
const TOO_MANY = { status: 200, code: 429, message: '操作过于频繁，请稍后再试' };

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A TCP proxy in front of the machine's Redis that a test can take away and bring back on the same port. */
class RedisProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(REDIS.port, REDIS.host);
      for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
        this.sockets.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  async down(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
    for (const s of this.sockets) s.destroy();
    await closed;
    this.server = null;
  }
}

async function until(ok: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const login = (s: TestServer, name: string, password = 'wrong123') => s.api('/api/login_pc', { name, password });

describe('Redis unreachable at start', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, redisPrefix: `test:${randomBytes(4).toString('hex')}:`, rateLimits: { login: 3, register: 0, captcha: 3, withdraw: 0, bindcard: 0 } });
  });
  afterAll(() => s?.close());

  it('starts and serves: registration, login, the captcha, the member API, logoff', async () => {
    const m = await registerMember(s);
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect((await s.api('/api/captcha')).code).toBe(200);
    expect((await s.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(401);
  });

  it('counts the rate limits on this instance meanwhile: the 4th login in a minute is 429', async () => {
    for (let i = 0; i < 3; i++) expect((await login(s, 'nobody31')).code).toBe(400);
    expect(await login(s, 'nobody31')).toMatchObject(TOO_MANY);
  });
});

describe('Redis lost while running, and back', () => {
  const proxy = new RedisProxy();
  const prefix = `test:${randomBytes(4).toString('hex')}:`;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    await proxy.up();
    const shared = { redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix: prefix, rateLimits: { login: 4, register: 0, captcha: 0, withdraw: 0, bindcard: 0 } };
    a = await startServer(shared);
    b = await attachServer(a);
    await until(() => a.app.cacheEpoch() !== null && b.app.cacheEpoch() !== null, 5000);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy.down();
  });

  it('shares the limits while Redis is there', async () => {
    for (const s of [a, b, a, b]) expect((await login(s, 'nobody41')).code).toBe(400);
    expect(await login(b, 'nobody41')).toMatchObject(TOO_MANY);
  });

  it('keeps login, registration and the captcha answering while Redis is away, limited per instance', async () => {
    const m = await registerMember(a);
    expect((await b.api('/api/user', {}, { token: m.token })).code).toBe(200); // now in b's cache
    await proxy.down();
    await expect.poll(() => a.app.cacheEpoch() === null && b.app.cacheEpoch() === null, { timeout: 5000 }).toBe(true);

    expect((await a.api('/api/captcha')).code).toBe(200);
    expect((await registerMember(b)).token).toBeTruthy();
    expect((await login(a, m.name, 'secret123')).code).toBe(200);
    // Each instance counts its own: four on a, then a's fifth is refused while b still has its own four.
    for (let i = 0; i < 3; i++) expect((await login(a, 'nobody42')).code).toBe(400);
    expect(await login(a, 'nobody42')).toMatchObject(TOO_MANY);
    expect((await login(b, 'nobody42')).code).toBe(400);
  });

  it('fails closed on revocations meanwhile: a session ended elsewhere stops working here at once', async () => {
    const m = await registerMember(a);
    expect((await b.api('/api/user', {}, { token: m.token })).code).toBe(200);
    // Another instance logs it off; its message cannot reach b while Redis is away.
    await sql`UPDATE sessions SET revoked_at = now() WHERE token_hash = ${hashToken(m.token)}`.execute(a.db.kysely);
    expect((await b.api('/api/user', {}, { token: m.token })).code).toBe(401);
  });

  it('delivers a lottery room’s chat to the sockets of the same instance meanwhile', async () => {
    const [room] = await firstRooms(a, 'k3_60');
    const [m1, m2] = [await newMember(a), await newMember(a)];
    const s1 = await RoomSocket.join(a, room!, m1.token);
    const s2 = await RoomSocket.join(a, room!, m2.token);
    try {
      s1.chat('没有Redis也能聊');
      expect(await s2.next(isChat('没有Redis也能聊'))).toMatchObject({ uid: m1.id, content: '没有Redis也能聊' });
    } finally {
      s1.close();
      s2.close();
    }
  });

  it('reconnects by itself when Redis is back: limits are shared and cached sessions trusted again', async () => {
    await proxy.up();
    await until(() => a.app.cacheEpoch() !== null && b.app.cacheEpoch() !== null, 10_000);
    // The shared count of this minute still holds the first test's logins: start it again.
    const direct = new Redis(REDIS);
    try {
      const keys = await direct.keys(`${prefix}rate-limit:*`);
      if (keys.length > 0) await direct.del(...keys);
    } finally {
      await direct.quit();
    }
    for (const s of [a, b, a, b]) expect((await login(s, 'nobody43')).code).toBe(400);
    expect(await login(a, 'nobody43')).toMatchObject(TOO_MANY);
    // A session cached before the outage is read again (it may have been revoked meanwhile)...
    const m = await registerMember(a);
    expect((await b.api('/api/user', {}, { token: m.token })).code).toBe(200);
    // ...and after it, revocations reach b through Redis again.
    expect((await a.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    await expect.poll(async () => (await b.api('/api/user', {}, { token: m.token })).code, { timeout: 3000 }).toBe(401);
  });
});
