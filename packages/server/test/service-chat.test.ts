import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MSG, SERVICE_LIMITS, SERVICE_MSG, SERVICE_STAFF_WS_PATH, SERVICE_WS_PATH, WS_CLOSE, WS_PING_TEXT, fmt, type ServiceServerFrame } from '@app/contract';
import { attachServer, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { createSession } from '../src/modules/session/service.js';

/**
 * 在线客服 over HTTP and WebSocket: who may use the desk, a visitor's device token,
 * a member's and a visitor's messages (empty, too long, too fast → Chinese messages), the queue,
 * claim / reply / transfer / close with their audit rows, a member's live view of the staff's answer,
 * staff presence, and nobody reading a conversation that is not theirs.
 */
let s: TestServer;
let admin: Staff;
let finance: Staff;
let operations: Staff;
let support: Staff;
let support2: Staff;
const sockets: Sock[] = [];

class Sock {
  readonly ws: WebSocket;
  readonly frames: ServiceServerFrame[] = [];
  /** every frame received, waited for or not */
  readonly seen: ServiceServerFrame[] = [];
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const text = data.toString();
      if (text !== WS_PING_TEXT) {
        this.frames.push(JSON.parse(text) as ServiceServerFrame);
        this.seen.push(JSON.parse(text) as ServiceServerFrame);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
    sockets.push(this);
  }
  /** Waits for a frame matching `pred` (already received or still to come). */
  async next<T extends ServiceServerFrame>(pred: (f: ServiceServerFrame) => boolean, timeoutMs = 4000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.frames.find(pred);
      if (hit) {
        this.frames.splice(this.frames.indexOf(hit), 1);
        return hit as T;
      }
      if (Date.now() > deadline) throw new Error(`no frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  send(content: unknown) {
    this.ws.send(JSON.stringify({ content }));
  }
}
const wsUrl = (path: string, q: string, on: TestServer = s) => `${on.url.replace(/^http/, 'ws')}${path}?${q}`;
const memberSocket = (token: string, on?: TestServer) => new Sock(wsUrl(SERVICE_WS_PATH, `_token=${encodeURIComponent(token)}`, on));
const visitorSocket = (token: string) => new Sock(wsUrl(SERVICE_WS_PATH, `visitor=${encodeURIComponent(token)}`));
const deskSocket = (token: string, on?: TestServer) => new Sock(wsUrl(SERVICE_STAFF_WS_PATH, `token=${encodeURIComponent(token)}`, on));
const isError = (content: string) => (f: ServiceServerFrame) => f.type === 'error' && f.content === content;
const isMessage = (body: string) => (f: ServiceServerFrame) => f.type === 'message' && f.message.body === body;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  finance = await newStaff(s, token, 'finance');
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
  support2 = await newStaff(s, token, 'support');
});
afterAll(async () => {
  for (const k of sockets) k.ws.close();
  await s.close();
});

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);

async function member(): Promise<{ id: number; username: string; token: string }> {
  const username = uniqueName('m');
  const row = await s.db.kysely.insertInto('members').values({ username, password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  const token = await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: Number(row.id), username, token };
}

describe('permissions', () => {
  it('opens the desk to super, operations and support; finance gets 403 on every route and its socket is refused', async () => {
    for (const who of [admin, operations, support]) {
      expect((await get(who, '/service/conversations?state=waiting')).code).toBe(200);
      expect((await get(who, '/service/canned')).code).toBe(200);
      expect((await get(who, '/service/staff')).code).toBe(200);
    }
    for (const [method, path] of [
      ['GET', '/service/conversations'],
      ['GET', '/service/conversations/1'],
      ['POST', '/service/conversations/1/claim'],
      ['POST', '/service/conversations/1/messages'],
      ['POST', '/service/conversations/1/close'],
      ['POST', '/service/conversations/1/transfer'],
      ['GET', '/service/staff'],
      ['POST', '/service/canned'],
    ] as const) {
      const r = await adminCall(s, finance.token, method, path, method === 'POST' ? { content: 'x' } : undefined);
      expect([path, r.code, r.message]).toEqual([path, 403, MSG.forbidden]);
    }
    expect((await adminCall(s, '', 'GET', '/service/conversations')).code).toBe(401);
    const desk = deskSocket(finance.token);
    expect(await desk.closed).toBe(4403);
    const nobody = deskSocket('not-a-token');
    expect(await nobody.closed).toBe(WS_CLOSE.unauthorized);
  });
});

describe('a visitor with nobody online', () => {
  it('is told nobody is online, leaves a message that waits in the queue, and a refused identity gets a Chinese message', async () => {
    const anon = new Sock(wsUrl(SERVICE_WS_PATH, ''));
    expect(await anon.closed).toBe(WS_CLOSE.unauthorized);
    expect(anon.frames).toEqual([{ type: 'error', content: SERVICE_MSG.needIdentity }]);
    expect((await s.api('/api/service/state', {})).message).toBe(SERVICE_MSG.needIdentity);

    const issued = await s.api<{ token: string }>('/api/service/visitor', {});
    expect(issued.code).toBe(200);
    const visitor = issued.data.token;
    const sock = visitorSocket(visitor);
    const state = await sock.next<Extract<ServiceServerFrame, { type: 'state' }>>((f) => f.type === 'state');
    expect(state.state).toEqual({ online: false, conversation: null, messages: [] });
    sock.send('你好，<b>在吗</b>？我想咨询充值');
    const mine = await sock.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('你好，<b>在吗</b>？我想咨询充值'));
    expect(mine.message.sender).toBe('member');

    const queue = await get(support, '/service/conversations?state=waiting');
    const row = queue.data.find((c: any) => c.id === mine.message.conversation_id);
    expect(row).toMatchObject({ state: 'waiting', member_id: null, unread: 1, last_body: '你好，<b>在吗</b>？我想咨询充值' });
    expect(row.visitor_label).toMatch(/^访客\d{6}$/);
    // The stored text is the typed text (the screens render it as text).
    const detail = await get(support, `/service/conversations/${row.id}`);
    expect(detail.data.messages.map((m: any) => m.body)).toEqual(['你好，<b>在吗</b>？我想咨询充值']);
    // The state over HTTP holds the same history.
    const again = await s.api('/api/service/state', { visitor });
    expect(again.data.conversation).toMatchObject({ id: row.id, state: 'waiting' });
    expect(again.data.online).toBe(false);
  });
});

describe('messages', () => {
  it('refuses empty, too long, bad frames and too many messages with Chinese messages and stores none of them', async () => {
    const m = await member();
    const sock = memberSocket(m.token);
    await sock.next((f) => f.type === 'state');
    sock.send('   ');
    await sock.next(isError(SERVICE_MSG.empty));
    sock.send('字'.repeat(SERVICE_LIMITS.maxChars + 1));
    await sock.next(isError(fmt(SERVICE_MSG.tooLong, { max: SERVICE_LIMITS.maxChars })));
    sock.send('a\u0000b');
    await sock.next(isError(SERVICE_MSG.badChars));
    sock.ws.send('not json');
    await sock.next(isError(SERVICE_MSG.badFrame));
    sock.send(42);
    await sock.next(isError(SERVICE_MSG.empty));
    expect(await s.db.kysely.selectFrom('service_conversations').select('id').where('member_id', '=', m.id).execute()).toEqual([]);

    sock.send('字'.repeat(SERVICE_LIMITS.maxChars));
    await sock.next(isMessage('字'.repeat(SERVICE_LIMITS.maxChars)));
    for (let i = 1; i <= SERVICE_LIMITS.ratePerWindow; i++) sock.send(`第${i}条`);
    await sock.next(isError(SERVICE_MSG.tooFast));
    for (let i = 1; i < SERVICE_LIMITS.ratePerWindow; i++) await sock.next(isMessage(`第${i}条`));
    const stored = await s.db.kysely
      .selectFrom('service_messages as m')
      .innerJoin('service_conversations as c', 'c.id', 'm.conversation_id')
      .select('m.body')
      .where('c.member_id', '=', m.id)
      .execute();
    expect(stored).toHaveLength(SERVICE_LIMITS.ratePerWindow);
  });
});

describe('the desk', () => {
  it('claims, answers live, transfers and closes, with audit rows; presence reaches the member', async () => {
    // What members see of staff is the display name set in 员工管理 (or 客服<id>), never the login name.
    expect((await post(admin, `/staff/${support.id}/name`, { display_name: '小美' })).code).toBe(200);
    const m = await member();
    const sock = memberSocket(m.token);
    await sock.next((f) => f.type === 'state');
    const desk = deskSocket(support.token);
    const presence = await sock.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence');
    expect(presence.online).toBe(true);
    expect((await s.api('/api/service/state', {}, { token: m.token })).data.online).toBe(true);
    const staffList = await get(support, '/service/staff');
    expect(staffList.data.find((x: any) => x.id === support.id)).toMatchObject({ online: true, role_label: '客服' });
    expect(staffList.data.find((x: any) => x.id === finance.id)).toBeUndefined();

    sock.send('提款一直没到账');
    const first = await sock.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('提款一直没到账'));
    const id = first.message.conversation_id;
    await desk.next(isMessage('提款一直没到账'));
    await desk.next((f) => f.type === 'conversation' && f.conversation.id === id && f.conversation.unread === 1);

    // Reply before claiming: refused.
    expect((await post(support, `/service/conversations/${id}/messages`, { content: '您好' })).message).toBe(SERVICE_MSG.notYours);
    const claimed = await post(support, `/service/conversations/${id}/claim`);
    expect([claimed.code, claimed.message]).toEqual([200, SERVICE_MSG.claimOk]);
    expect(claimed.data).toMatchObject({ state: 'open', staff_id: support.id, staff_name: '小美', unread: 0 });
    await sock.next(isMessage('小美为您服务'));
    expect((await s.api('/api/service/state', {}, { token: m.token })).data.conversation).toMatchObject({ staff_name: '小美' });
    const claimAudit = await auditRows(s, 'service.claim', `service:${id}`);
    expect(claimAudit).toHaveLength(1);
    expect(claimAudit[0]).toMatchObject({ staff_id: support.id });
    // A colleague cannot take it, nor answer it.
    expect((await post(support2, `/service/conversations/${id}/claim`)).message).toBe(SERVICE_MSG.alreadyClaimed);
    expect((await post(support2, `/service/conversations/${id}/messages`, { content: '我来' })).message).toBe(SERVICE_MSG.notYours);

    // Validation of the staff's text.
    expect((await post(support, `/service/conversations/${id}/messages`, { content: '  ' })).message).toBe(SERVICE_MSG.empty);
    expect((await post(support, `/service/conversations/${id}/messages`, { content: 'x'.repeat(SERVICE_LIMITS.maxChars + 1) })).message).toBe(fmt(SERVICE_MSG.tooLong, { max: SERVICE_LIMITS.maxChars }));

    const reply = await post(support, `/service/conversations/${id}/messages`, { content: '您好，请提供<script>订单号</script>' });
    expect([reply.code, reply.message]).toEqual([200, SERVICE_MSG.sendOk]);
    const live = await sock.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('您好，请提供<script>订单号</script>'));
    expect(live.message).toMatchObject({ sender: 'staff', staff_name: '小美' });

    // Mine lists it; read clears the badge.
    sock.send('订单号 W123');
    await desk.next((f) => f.type === 'conversation' && f.conversation.id === id && f.conversation.unread === 1);
    expect((await get(support, '/service/conversations?state=mine')).data.map((c: any) => c.id)).toContain(id);
    expect((await post(support, `/service/conversations/${id}/read`)).data.unread).toBe(0);

    // Transfer: not to someone without the desk, not to oneself; to a colleague, audited.
    expect((await post(support, `/service/conversations/${id}/transfer`, { staff_id: finance.id })).message).toBe(SERVICE_MSG.transferTargetMissing);
    expect((await post(support, `/service/conversations/${id}/transfer`, { staff_id: support.id })).message).toBe(SERVICE_MSG.transferSelf);
    expect((await post(support2, `/service/conversations/${id}/transfer`, { staff_id: support.id })).message).toBe(SERVICE_MSG.notYours);
    const moved = await post(support, `/service/conversations/${id}/transfer`, { staff_id: support2.id });
    expect([moved.code, moved.data.staff_id]).toEqual([200, support2.id]);
    await sock.next(isMessage(`已为您转接客服${support2.id}`));
    const transferAudit = await auditRows(s, 'service.transfer', `service:${id}`);
    expect(transferAudit).toHaveLength(1);
    expect(transferAudit[0]!.after).toMatchObject({ staff_id: support2.id });

    // Close: only the receiver; audited; the member is told; a new message opens a new conversation.
    expect((await post(support, `/service/conversations/${id}/close`)).message).toBe(SERVICE_MSG.notYours);
    const closed = await post(support2, `/service/conversations/${id}/close`);
    expect([closed.code, closed.message, closed.data.state]).toEqual([200, SERVICE_MSG.closeOk, 'closed']);
    await sock.next(isMessage(SERVICE_MSG.closed));
    expect(await auditRows(s, 'service.close', `service:${id}`)).toHaveLength(1);
    expect((await post(support2, `/service/conversations/${id}/close`)).message).toBe(SERVICE_MSG.alreadyClosed);
    expect((await post(support2, `/service/conversations/${id}/claim`)).message).toBe(SERVICE_MSG.alreadyClosed);
    sock.send('还有一个问题');
    const next = await sock.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('还有一个问题'));
    expect(next.message.conversation_id).not.toBe(id);
    // Nothing the member was sent or can read names a login name.
    const history = await s.api('/api/service/history', { conversation_id: id }, { token: m.token });
    expect(history.data.messages.map((x: any) => x.body)).toContain('小美为您服务');
    for (const seen of [JSON.stringify(sock.seen), JSON.stringify(history.data), JSON.stringify((await s.api('/api/service/state', {}, { token: m.token })).data)]) {
      expect(seen).not.toContain(support.username);
      expect(seen).not.toContain(support2.username);
    }

    // The desk closes: nobody online again.
    desk.ws.close();
    const gone = await sock.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence');
    expect(gone.online).toBe(false);
    expect((await get(support, `/service/conversations/999999999`)).message).toBe(SERVICE_MSG.conversationMissing);
  });

  it("closes a desk at once when its staff member is disabled or signs out, not at the next heartbeat", async () => {
    const online = async (id: number) => !!(await get(admin, '/service/staff')).data.find((x: any) => x.id === id)?.online;
    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; !(await what()); i++) {
        if (i > 50) throw new Error('not in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const beforeHeartbeat = <T,>(p: Promise<T>) =>
      Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), SERVICE_LIMITS.staffHeartbeatMs / 3))]);

    const disabled = await newStaff(s, admin.token, 'support');
    const desk = deskSocket(disabled.token);
    await until(() => online(disabled.id));
    expect((await post(admin, `/staff/${disabled.id}/state`, { state: 0 })).code).toBe(200);
    expect(await beforeHeartbeat(desk.closed)).toBe(WS_CLOSE.unauthorized);
    expect(desk.seen).toContainEqual({ type: 'error', content: MSG.sessionExpired });
    expect(await online(disabled.id)).toBe(false);
    // and it cannot come back
    const again = deskSocket(disabled.token);
    expect(await beforeHeartbeat(again.closed)).toBe(WS_CLOSE.unauthorized);

    const leaving = await newStaff(s, admin.token, 'support');
    const own = deskSocket(leaving.token);
    await until(() => online(leaving.id));
    expect((await post(leaving, '/logout')).code).toBe(200);
    expect(await beforeHeartbeat(own.closed)).toBe(WS_CLOSE.unauthorized);
  });

  it('lets nobody read a conversation that is not theirs, whatever id they send', async () => {
    const a = await member();
    const b = await member();
    const sa = memberSocket(a.token);
    await sa.next((f) => f.type === 'state');
    sa.send('A 的私事');
    const { message } = await sa.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('A 的私事'));
    const id = message.conversation_id;
    expect((await s.api('/api/service/history', { conversation_id: id }, { token: a.token })).data.messages.map((x: any) => x.body)).toEqual(['A 的私事']);
    const stranger = await s.api('/api/service/history', { conversation_id: id }, { token: b.token });
    expect([stranger.code, stranger.message]).toEqual([404, SERVICE_MSG.conversationMissing]);
    const visitor = (await s.api<{ token: string }>('/api/service/visitor', {})).data.token;
    expect((await s.api('/api/service/history', { conversation_id: id, visitor })).message).toBe(SERVICE_MSG.conversationMissing);
    expect((await s.api('/api/service/history', { conversation_id: id })).message).toBe(SERVICE_MSG.needIdentity);
    // B's own state and socket never show A's messages.
    expect((await s.api('/api/service/state', {}, { token: b.token })).data).toMatchObject({ conversation: null, messages: [] });
    const sb = memberSocket(b.token);
    const st = await sb.next<Extract<ServiceServerFrame, { type: 'state' }>>((f) => f.type === 'state');
    expect(st.state.messages).toEqual([]);
    sb.ws.send(JSON.stringify({ content: '我的', conversation_id: id }));
    const own = await sb.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('我的'));
    expect(own.message.conversation_id).not.toBe(id);
    expect(sa.frames.some(isMessage('我的'))).toBe(false);
  });
});

describe('canned replies', () => {
  it('are kept by staff with validation and audit rows', async () => {
    expect((await post(support, '/service/canned', { title: '', body: 'x' })).message).toBe(SERVICE_MSG.cannedTitle);
    expect((await post(support, '/service/canned', { title: '问候', body: '' })).message).toBe(SERVICE_MSG.cannedBody);
    expect((await post(support, '/service/canned', { title: '问候', body: 'x'.repeat(SERVICE_LIMITS.cannedBodyMax + 1) })).message).toBe(SERVICE_MSG.cannedBody);
    const made = await post(support, '/service/canned', { title: '问候', body: '您好，很高兴为您服务', sort: 1 });
    expect([made.code, made.message]).toEqual([200, SERVICE_MSG.cannedSaved]);
    const id = made.data.id;
    expect((await post(operations, `/service/canned/${id}`, { title: '问候语', body: '您好！', sort: 2 })).data).toEqual({ id, title: '问候语', body: '您好！', sort: 2 });
    expect((await get(support2, '/service/canned')).data).toContainEqual({ id, title: '问候语', body: '您好！', sort: 2 });
    expect((await post(support, `/service/canned/${id}/delete`)).message).toBe(SERVICE_MSG.cannedDeleted);
    expect((await post(support, `/service/canned/${id}/delete`)).message).toBe(SERVICE_MSG.cannedMissing);
    expect(await auditRows(s, 'service.canned', `canned:${id}`)).toHaveLength(3);
    expect((await post(finance, '/service/canned', { title: 'a', body: 'b' })).code).toBe(403);
  });
});

// Two instances on one database with REDIS_URL (127.0.0.1:6379), like the lottery rooms: the member's
// socket on one, the desk on the other, and every message, presence change and reply crosses over.
describe('two instances with REDIS_URL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer({ redisUrl: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379', redisPrefix: `test:${randomBytes(4).toString('hex')}:`, adminPassword: ADMIN_PASSWORD });
    b = await attachServer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers across instances', async () => {
    const kefu = await newStaff(a, await staffLogin(a, 'admin', ADMIN_PASSWORD), 'support');
    const username = uniqueName('m');
    const row = await a.db.kysely.insertInto('members').values({ username, password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const token = await createSession(a.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    const onA = memberSocket(token, a);
    expect((await onA.next<Extract<ServiceServerFrame, { type: 'state' }>>((f) => f.type === 'state')).state.online).toBe(false);
    const deskOnB = deskSocket(kefu.token, b);
    expect((await onA.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence')).online).toBe(true);
    onA.send('跨实例的问题');
    const asked = await deskOnB.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('跨实例的问题'));
    const id = asked.message.conversation_id;
    expect((await adminCall(b, kefu.token, 'POST', `/service/conversations/${id}/claim`)).code).toBe(200);
    expect((await adminCall(b, kefu.token, 'POST', `/service/conversations/${id}/messages`, { content: '跨实例的回答' })).code).toBe(200);
    const answered = await onA.next<Extract<ServiceServerFrame, { type: 'message' }>>(isMessage('跨实例的回答'));
    expect(answered.message).toMatchObject({ sender: 'staff', staff_name: `客服${kefu.id}`, conversation_id: id });
    deskOnB.ws.close();
    expect((await onA.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence')).online).toBe(false);
  });

  it("closes a staff member's desk on the other instance at once when it is disabled", async () => {
    const superToken = await staffLogin(a, 'admin', ADMIN_PASSWORD);
    const kefu = await newStaff(a, superToken, 'support');
    const username = uniqueName('m');
    const row = await a.db.kysely.insertInto('members').values({ username, password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const onA = memberSocket(await createSession(a.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' }), a);
    await onA.next((f) => f.type === 'state');
    const deskOnB = deskSocket(kefu.token, b);
    expect((await onA.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence')).online).toBe(true);
    expect((await adminCall(a, superToken, 'POST', `/staff/${kefu.id}/state`, { state: 0 })).code).toBe(200);
    const closed = await Promise.race([deskOnB.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), SERVICE_LIMITS.staffHeartbeatMs / 3))]);
    expect(closed).toBe(WS_CLOSE.unauthorized);
    // the member no longer sees anyone online, and its next message reaches no desk of that staff member
    expect((await onA.next<Extract<ServiceServerFrame, { type: 'presence' }>>((f) => f.type === 'presence')).online).toBe(false);
    onA.send('还有人吗');
    await onA.next(isMessage('还有人吗'));
    expect(deskOnB.seen.some(isMessage('还有人吗'))).toBe(false);
  });
});
