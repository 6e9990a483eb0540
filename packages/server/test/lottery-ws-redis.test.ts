import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE, type ChatMessage, LOTTERY_MSG } from '@app/contract';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { roundAt } from '../src/modules/lottery/engine/index.js';
import { attachServer, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';
import { K3, RoomSocket, firstRooms, isChat, isSys, newMember, openRoundTime, sleep } from './lottery-ws-support.js';

// Two instances on one database with REDIS_URL (127.0.0.1:6379): a room's members reach each other
// whichever instance holds their socket; a draw is told once on each; a mute set on one holds on the other.

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

let a: TestServer;
let b: TestServer;
let nowMs = 0;
let k3Rooms: number[];
let support: Staff;
const sockets: RoomSocket[] = [];

async function join(s: TestServer, roomId: number, token: string) {
  const sock = await RoomSocket.join(s, roomId, token);
  sockets.push(sock);
  return sock;
}

beforeAll(async () => {
  a = await startServer({
    redisUrl: REDIS_URL,
    redisPrefix: `test:${randomBytes(4).toString('hex')}:`,
    adminPassword: ADMIN_PASSWORD,
    lotteryTickMs: 0,
    wsPingIntervalMs: 60_000,
    wsIdleTimeoutMs: 60_000,
  });
  b = await attachServer(a);
  for (const s of [a, b]) s.app.lottery.now = () => nowMs;
  nowMs = openRoundTime(K3, 0);
  await lotteryPass(a.db.kysely, nowMs);
  k3Rooms = await firstRooms(a, 'k3_60');
  support = await newStaff(a, await staffLogin(a, 'admin', ADMIN_PASSWORD), 'support');
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await b?.close();
  await a?.close();
});

describe('two instances with REDIS_URL', () => {
  it('a chat sent on instance 1 reaches the room on instance 2 (and the sender, through Redis), not another room', async () => {
    const [m1, m2, m3] = [await newMember(a), await newMember(a), await newMember(a)];
    const s1 = await join(a, k3Rooms[0]!, m1.token);
    const s2 = await join(b, k3Rooms[0]!, m2.token);
    const s3 = await join(b, k3Rooms[1]!, m3.token);
    s1.chat('跨实例你好');
    const got = await s2.next<ChatMessage>(isChat('跨实例你好'));
    expect(got).toMatchObject({ uid: m1.id, content: '跨实例你好', kind: 'chat' });
    expect(await s1.next(isChat('跨实例你好'))).toEqual(got);
    s2.chat('回一句');
    await s1.next(isChat('回一句'));
    await sleep(200);
    expect(s3.all(isChat('跨实例你好'))).toEqual([]);
    expect(s2.all(isChat('跨实例你好'))).toHaveLength(1);
  });

  it('counts who watches a room on both instances (each instance writes its own count to Redis and sums them all)', async () => {
    const roomId = k3Rooms[2]!;
    const refresh = () => Promise.all([a.app.lotteryHub.presence.refresh(), b.app.lotteryHub.presence.refresh()]);
    await refresh();
    const base = a.app.lotteryHub.online(roomId);
    const m = await newMember(a);
    const s1 = await join(a, roomId, m.token);
    const s2 = await join(b, roomId, '');
    await refresh();
    for (const s of [a, b]) expect((await s.api(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET' })).data.online).toBe(base + 2);
    s2.close();
    await s2.closed;
    await expect.poll(() => b.app.lotteryHub.size(roomId)).toBe(0);
    await refresh();
    expect(a.app.lotteryHub.online(roomId)).toBe(base + 1);
    s1.close();
  });

  it("a logoff through instance 1 ends the member's socket on instance 2 at once (4401)", async () => {
    const m = await newMember(a);
    const sock = await join(b, k3Rooms[0]!, m.token);
    expect((await a.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect((await sock.closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('a round drawn once is told once on each instance, though both run the pass', async () => {
    const t = openRoundTime(K3, nowMs);
    nowMs = t;
    await lotteryPass(a.db.kysely, t);
    const round = roundAt(K3, t);
    const [m1, m2] = [await newMember(a), await newMember(a)];
    const s1 = await join(a, k3Rooms[0]!, m1.token);
    const s2 = await join(b, k3Rooms[2]!, m2.token);
    nowMs = round.drawAtMs + 500;
    // Either announcing would reach both sockets through Redis: one message each means one announcement.
    await Promise.all([lotteryPass(a.db.kysely, nowMs, undefined, a.app.lottery.events), lotteryPass(b.db.kysely, nowMs, undefined, b.app.lottery.events)]);
    await s1.next(isSys('result', round.expect));
    await s2.next(isSys('result', round.expect));
    await sleep(400);
    expect(s1.all(isSys('result', round.expect))).toHaveLength(1);
    expect(s2.all(isSys('result', round.expect))).toHaveLength(1);
  });

  it('each instance tells its own sockets that betting closed, so a room hears it once', async () => {
    const t = openRoundTime(K3, nowMs);
    nowMs = t;
    const round = roundAt(K3, t);
    const [m1, m2] = [await newMember(a), await newMember(a)];
    const s1 = await join(a, k3Rooms[1]!, m1.token);
    const s2 = await join(b, k3Rooms[1]!, m2.token);
    await sleep(600); // both clock watchers have looked at the open round
    nowMs = round.closesAtMs + 200;
    await s1.next(isSys('close', round.expect));
    await s2.next(isSys('close', round.expect));
    await sleep(400);
    expect(s1.all(isSys('close', round.expect))).toHaveLength(1);
    expect(s2.all(isSys('close', round.expect))).toHaveLength(1);
  });

  it('a mute set through instance 1 refuses the next message on instance 2; a delete there reaches instance 2', async () => {
    const m = await newMember(a);
    const watcher = await newMember(a);
    const sm = await join(b, k3Rooms[0]!, m.token);
    const sw = await join(b, k3Rooms[0]!, watcher.token);
    sm.chat('禁言之前');
    const msg = await sw.next<ChatMessage>(isChat('禁言之前'));
    expect((await adminCall(a, support.token, 'POST', `/members/${m.id}/mute`, { minutes: 0, reason: '跨实例' })).code).toBe(200);
    sm.chat('禁言之后');
    expect(await sm.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatMuted });
    expect((await adminCall(a, support.token, 'POST', `/lottery/chat/${msg.id}/delete`, { reason: '跨实例' })).code).toBe(200);
    expect(await sw.next((f) => 'delete' in f)).toEqual({ delete: msg.id });
    expect((await adminCall(a, support.token, 'POST', `/members/${m.id}/unmute`)).code).toBe(200);
    sm.chat('解除之后');
    await sw.next(isChat('解除之后'));
    expect(sw.all(isChat('禁言之后'))).toEqual([]);
  });
});
