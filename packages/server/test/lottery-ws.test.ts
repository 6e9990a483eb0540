import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CHAT_LIMITS, LOTTERY_BIG_WIN_YUAN, MSG, WS_CLOSE, fmt, formatYuan, maskUsername, type ChatMessage, LOTTERY_MSG } from '@app/contract';
import { startServer, type TestServer } from './harness.js';
import { forgetCachedSessions } from '../src/modules/session/service.js';
import { updateSettings } from '../src/modules/site/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { drawResult, roundAt } from '../src/modules/lottery/engine/index.js';
import { K3, RoomSocket, firstRooms, isChat, isSys, newMember, openRoundTime, sleep } from './lottery-ws-support.js';

// The lottery room socket (spec §7 "Lottery room" WebSocket, DESIGN §7) on one instance, in-process fan-out.

let s: TestServer;
let nowMs = 0;
let k3Rooms: number[];
let lhcRooms: number[];
const sockets: RoomSocket[] = [];

const db = () => s.db.kysely;
async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(db(), ms, undefined, s.app.lottery.events);
}
async function join(roomId: number, token: string, pingEveryMs?: number) {
  const sock = await RoomSocket.join(s, roomId, token, pingEveryMs);
  sockets.push(sock);
  return sock;
}
function connect(roomId: number | string, token: string) {
  const sock = new RoomSocket(RoomSocket.url(s, roomId, token), 0);
  sockets.push(sock);
  return sock;
}
const room = (token: string, roomId: number) => s.api(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET', token });
const order = (token: string, body: unknown) => s.api('/api/lotteryOrder', body, { token });

beforeAll(async () => {
  // The server's own ping is slow here so a ping the client receives is the answer to its own.
  s = await startServer({ lotteryTickMs: 0, wsPingIntervalMs: 60_000, wsIdleTimeoutMs: 60_000 });
  s.app.lottery.now = () => nowMs;
  await at(openRoundTime(K3, 0));
  k3Rooms = await firstRooms(s, 'k3_60');
  lhcRooms = await firstRooms(s, 'lhc_180');
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s.close();
});

describe('admission', () => {
  it('lets a visitor (no token) watch: they hear the room, every message they send is answered 请登录！ and stored nowhere', async () => {
    const visitor = await join(k3Rooms[1]!, '');
    const m = await newMember(s);
    const sm = await join(k3Rooms[1]!, m.token);
    sm.chat('游客也看得到');
    expect(await visitor.next(isChat('游客也看得到'))).toMatchObject({ uid: m.id, content: '游客也看得到' });
    visitor.chat('我想说话');
    expect(await visitor.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatNeedLogin });
    visitor.send({ content: 'LT20990101000000ffffffffff', order: 0 });
    await visitor.next(isSys('error'));
    await sleep(200);
    expect(sm.all(isChat('我想说话'))).toEqual([]);
    expect(await db().selectFrom('lottery_chat').select('id').where('content', '=', '我想说话').execute()).toEqual([]);
    // still open: watching goes on
    const pings = visitor.pings;
    visitor.send('ping');
    await visitor.until(() => visitor.pings > pings);
    for (const sock of [visitor, sm]) {
      sock.close();
      await sock.closed;
    }
  });

  it("counts who watches a room in its answer and the room list: members and visitors once each, however many tabs", async () => {
    const roomId = k3Rooms[2]!;
    const online = async () => (await room('', roomId)).data.online as number;
    const listed = async () => ((await s.api('/api/lotteryRoom', { name: 'k3_60' })).data as { id: number; online: number }[]).find((r) => r.id === roomId)!.online;
    const base = await online();
    const m = await newMember(s);
    const tabs = [await join(roomId, m.token), await join(roomId, m.token)];
    const visitor = await join(roomId, '');
    expect(await online()).toBe(base + 2);
    expect(await listed()).toBe(base + 2);
    for (const t of [...tabs, visitor]) t.close();
    await expect.poll(online).toBe(base);
  });

  it('closes a socket with an unknown token with 4401', async () => {
    expect((await connect(k3Rooms[0]!, 'not-a-token').closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('closes a socket whose session was logged off with 4401', async () => {
    const m = await newMember(s);
    expect((await s.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect((await connect(k3Rooms[0]!, m.token).closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it("ends an open socket with 4401 the moment its session is logged off, and only that session's", async () => {
    const m = await newMember(s);
    const other = (await s.api('/api/login_pc', { name: m.name, password: 'secret123' })).data.api_token as string;
    const [a, b] = [await join(k3Rooms[0]!, m.token), await join(k3Rooms[0]!, other)];
    expect((await s.api('/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect((await a.closed).code).toBe(WS_CLOSE.unauthorized);
    await sleep(100);
    expect(b.ws.readyState).toBe(b.ws.OPEN);
    b.close();
  });

  it('ends every socket of a member with 4401 when a password change revokes all their sessions', async () => {
    const m = await newMember(s);
    const [a, b] = [await join(k3Rooms[0]!, m.token), await join(k3Rooms[1]!, m.token)];
    expect((await s.api('/api/editPassword', { password: 'secret123', paypassword: 'newpass456' }, { token: m.token })).code).toBe(200);
    expect((await a.closed).code).toBe(WS_CLOSE.unauthorized);
    expect((await b.closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('closes a new socket with 4503 and repair_tips while the site is in maintenance', async () => {
    const m = await newMember(s);
    const settings = await updateSettings(db(), (v) => ({ ...v, app: { ...v.app, site_state: 0 } }));
    try {
      await sleep(1100); // the settings are cached for a second
      const sock = connect(k3Rooms[0]!, m.token);
      expect((await sock.closed).code).toBe(WS_CLOSE.maintenance);
      expect(sock.frames).toEqual([{ sysmsg: 'error', content: settings.app.repair_tips }]);
    } finally {
      await updateSettings(db(), (v) => ({ ...v, app: { ...v.app, site_state: 1 } }));
      await sleep(1100);
    }
    await join(k3Rooms[0]!, m.token);
  });

  it('closes a socket whose session expired from idleness with 4401', async () => {
    const m = await newMember(s);
    await db().updateTable('sessions').set({ last_seen_at: sql`now() - interval '8 days'` }).where('member_id', '=', m.id).execute();
    forgetCachedSessions();
    expect((await connect(k3Rooms[0]!, m.token).closed).code).toBe(WS_CLOSE.unauthorized);
  });

  it('closes a socket for an unknown or disabled room with 4404 房间不存在', async () => {
    const m = await newMember(s);
    const unknown = connect(999_999, m.token);
    expect((await unknown.closed).code).toBe(WS_CLOSE.roomMissing);
    expect(unknown.frames).toEqual([{ sysmsg: 'error', content: LOTTERY_MSG.lotteryRoomMissing }]);
    expect((await connect('abc', m.token).closed).code).toBe(WS_CLOSE.roomMissing);
    const disabled = k3Rooms[2]!;
    await db().updateTable('lottery_rooms').set({ enabled: false }).where('id', '=', disabled).execute();
    try {
      expect((await connect(disabled, m.token).closed).code).toBe(WS_CLOSE.roomMissing);
    } finally {
      await db().updateTable('lottery_rooms').set({ enabled: true }).where('id', '=', disabled).execute();
    }
  });

  it(`admits ${CHAT_LIMITS.connectionsPerMemberRoom} sockets of one member in one room and closes the next with 4429`, async () => {
    const m = await newMember(s);
    const held = [];
    for (let i = 0; i < CHAT_LIMITS.connectionsPerMemberRoom; i++) held.push(await join(k3Rooms[1]!, m.token));
    expect((await connect(k3Rooms[1]!, m.token).closed).code).toBe(WS_CLOSE.tooManyConnections);
    // another room is counted apart, and a closed socket frees its place
    await join(k3Rooms[2]!, m.token);
    held[0]!.close();
    await held[0]!.closed;
    await expect.poll(() => s.app.lotteryHub.size(k3Rooms[1]!) < held.length).toBe(true);
    await join(k3Rooms[1]!, m.token);
    for (const h of held) h.close();
  });

  it(`admits ${CHAT_LIMITS.visitorConnectionsPerAddressRoom} visitors from one address in one room and closes the next with 4429`, async () => {
    const held = [];
    for (let i = 0; i < CHAT_LIMITS.visitorConnectionsPerAddressRoom; i++) held.push(await join(k3Rooms[0]!, ''));
    expect((await connect(k3Rooms[0]!, '').closed).code).toBe(WS_CLOSE.tooManyConnections);
    for (const h of held) h.close();
  });
});

describe('ping', () => {
  it('answers the text ping with ping', async () => {
    const m = await newMember(s);
    const sock = await join(k3Rooms[0]!, m.token, 0);
    const before = sock.pings;
    sock.send('ping');
    await sock.until(() => sock.pings === before + 1);
    expect(sock.frames).toEqual([]);
  });
});

describe('chat', () => {
  it('broadcasts a message to every member in the room, and not to another room', async () => {
    const [a, b, c] = [await newMember(s), await newMember(s), await newMember(s)];
    const sa = await join(k3Rooms[0]!, a.token);
    const sb = await join(k3Rooms[0]!, b.token);
    const sc = await join(k3Rooms[1]!, c.token);
    sa.chat('  大家好  ');
    const got = await sb.next<ChatMessage>(isChat('大家好'));
    // user_id as spec §3 names a chat message's member, and uid (the same id) as our clients have read it
    expect(got).toEqual({
      id: expect.any(Number),
      user_id: a.id,
      uid: a.id,
      author: maskUsername(a.name),
      avatar: expect.any(String),
      content: '大家好',
      kind: 'chat',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(got.author).not.toContain(a.name);
    expect(await sa.next(isChat('大家好'))).toEqual(got);
    // sc is in the same lottery's other room: a message to sb's room after it shows nothing came
    const cc = await newMember(s);
    const sc2 = await join(k3Rooms[1]!, cc.token);
    sc2.chat('隔壁');
    await sc.next(isChat('隔壁'));
    expect(sc.all(isChat('大家好'))).toEqual([]);
  });

  it('keeps what a member wrote as plain text, markup and all', async () => {
    const a = await newMember(s);
    const sa = await join(k3Rooms[0]!, a.token);
    sa.chat('<img src=x onerror=alert(1)> & "hi"\nthere');
    const got = await sa.next<ChatMessage>((f) => f.uid === a.id);
    expect(got.content).toBe('<img src=x onerror=alert(1)> & "hi" there');
    const row = await db().selectFrom('lottery_chat').select('content').where('id', '=', got.id).executeTakeFirstOrThrow();
    expect(row.content).toBe(got.content);
  });

  it('persists messages: GET /api/lotteryRoom answers them as chatdata, oldest first', async () => {
    const a = await newMember(s);
    const sa = await join(lhcRooms[0]!, a.token);
    const sent = [];
    for (const text of ['第一条', '第二条', '第三条']) {
      sa.chat(text);
      sent.push(await sa.next<ChatMessage>(isChat(text)));
    }
    const r = await room(a.token, lhcRooms[0]!);
    expect(r.code).toBe(200);
    expect(r.data.chatdata.slice(-3)).toEqual(sent);
    for (const m of r.data.chatdata.slice(-3) as ChatMessage[]) expect([m.user_id, m.uid]).toEqual([a.id, a.id]);
    expect(r.data.chatdata.length).toBeLessThanOrEqual(CHAT_LIMITS.recent);
    // another room's chatdata does not have them
    expect((await room(a.token, lhcRooms[1]!)).data.chatdata.map((m: ChatMessage) => m.id)).not.toContain(sent[0]!.id);
  });

  it(`chatdata is the room's last ${CHAT_LIMITS.recent} messages`, async () => {
    const a = await newMember(s);
    const roomId = lhcRooms[2]!;
    await db()
      .insertInto('lottery_chat')
      .values(Array.from({ length: CHAT_LIMITS.recent + 5 }, (_, i) => ({ room_id: roomId, member_id: a.id, kind: 'chat' as const, author: 'x', content: `m${i}` })))
      .execute();
    const data: ChatMessage[] = (await room(a.token, roomId)).data.chatdata;
    expect(data).toHaveLength(CHAT_LIMITS.recent);
    expect(data[0]!.content).toBe('m5');
    expect(data.at(-1)!.content).toBe(`m${CHAT_LIMITS.recent + 4}`);
  });

  it(`refuses a message longer than ${CHAT_LIMITS.maxChars} characters with 消息最多${CHAT_LIMITS.maxChars}个字, to the sender only`, async () => {
    const [a, b] = [await newMember(s), await newMember(s)];
    const sa = await join(k3Rooms[0]!, a.token);
    const sb = await join(k3Rooms[0]!, b.token);
    sa.chat('长'.repeat(CHAT_LIMITS.maxChars + 1));
    expect(await sa.next(isSys('error'))).toEqual({ sysmsg: 'error', content: fmt(LOTTERY_MSG.chatTooLong, { max: CHAT_LIMITS.maxChars }) });
    const exact = '好'.repeat(CHAT_LIMITS.maxChars);
    sa.chat(exact);
    await sb.next(isChat(exact));
    expect(sb.all(isSys('error'))).toEqual([]);
  });

  it('ignores an empty or blank message', async () => {
    const a = await newMember(s);
    const sa = await join(k3Rooms[0]!, a.token);
    sa.chat('');
    sa.chat('   ');
    sa.chat('after the blanks');
    await sa.next(isChat('after the blanks'));
    expect(sa.frames.filter((f: any) => f.uid === a.id || f.sysmsg)).toHaveLength(1);
  });

  it(`refuses more than ${CHAT_LIMITS.ratePerWindow} messages in ${CHAT_LIMITS.rateWindowMs / 1000} s with 发言太频繁，请稍后再试, across the member's sockets`, async () => {
    const a = await newMember(s);
    const s1 = await join(k3Rooms[0]!, a.token);
    const s2 = await join(k3Rooms[1]!, a.token);
    for (let i = 0; i < CHAT_LIMITS.ratePerWindow; i++) (i % 2 ? s2 : s1).chat(`快${i}`);
    for (let i = 0; i < CHAT_LIMITS.ratePerWindow; i++) await (i % 2 ? s2 : s1).next(isChat(`快${i}`));
    s2.chat('one too many');
    expect(await s2.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatTooFast });
    await sleep(200);
    expect(s1.all(isChat('one too many'))).toEqual([]);
  });

  it('answers a frame above the size limit, binary or not JSON with 消息格式不正确, and keeps the socket', async () => {
    const a = await newMember(s);
    const sa = await join(k3Rooms[0]!, a.token);
    const bad = [
      JSON.stringify({ content: 'x'.repeat(CHAT_LIMITS.maxFrameBytes), order: 1 }),
      '{"content": "unterminated',
      'hello',
      '[1,2]',
      JSON.stringify({ content: 5, order: 1 }),
      JSON.stringify({ content: 'hi', order: 7 }),
      'null',
    ];
    for (const text of bad) sa.send(text);
    sa.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    for (let i = 0; i <= bad.length; i++) expect(await sa.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBadFrame });
    sa.chat('still here');
    await sa.next(isChat('still here'));
  });

  it('closes a socket that sends a frame beyond what it reads at all, and keeps serving the others', async () => {
    const [a, b] = [await newMember(s), await newMember(s)];
    const sa = await join(k3Rooms[0]!, a.token);
    const sb = await join(k3Rooms[0]!, b.token);
    sa.send('x'.repeat(70 * 1024));
    expect((await sa.closed).code).toBe(1009);
    sb.chat('served');
    await sb.next(isChat('served'));
  });

  it('ends a socket that floods frames (1008), even pings', async () => {
    const a = await newMember(s);
    const sa = await join(k3Rooms[0]!, a.token, 0);
    for (let i = 0; i < 100; i++) sa.send('ping');
    expect((await sa.closed).code).toBe(1008);
  });

  it('refuses chat from the trial account (试玩账号不支持此操作), which may still watch', async () => {
    const trial = await s.api('/api/guestlogin', {});
    expect(trial.code).toBe(200);
    const st = await join(k3Rooms[0]!, trial.data.api_token);
    st.chat('hello from trial');
    expect(await st.next(isSys('error'))).toEqual({ sysmsg: 'error', content: MSG.trialRefused });
  });
});

describe('bet notices', () => {
  async function placed(yuan: number, lines: { id: string; total: number }[], roomId = k3Rooms[0]!) {
    const m = await newMember(s, yuan);
    const expectNo = roundAt(K3, nowMs).expect;
    const r = await order(m.token, { room_id: roomId, expect: expectNo, order: lines });
    expect(r.code, r.message).toBe(200);
    return { m, orderNo: r.data.order_no as string, expectNo };
  }

  it('announces a real order from its stored lines, whatever else the client sends', async () => {
    await at(openRoundTime(K3, nowMs));
    const { m, orderNo, expectNo } = await placed(100, [
      { id: 'k3_big', total: 20 },
      { id: 'k3_sum_09', total: 5.5 },
    ]);
    const watcher = await newMember(s);
    const sw = await join(k3Rooms[0]!, watcher.token);
    const sm = await join(k3Rooms[0]!, m.token);
    sm.send({ content: orderNo, order: 0, total: 999999, lines: ['forged'] });
    const got = await sw.next<ChatMessage>((f) => f.kind === 'bet' && f.uid === m.id);
    expect(got).toMatchObject({
      uid: m.id,
      author: maskUsername(m.name),
      kind: 'bet',
      content: fmt(LOTTERY_MSG.betNoticeText, { expect: expectNo, count: 2, total: '25.50' }),
      // each line names its play, so another member can follow the bet (跟单)
      bet: { expect: expectNo, lines: [{ playtitle: '大', total: 20, id: 'k3_big' }, { playtitle: '和值 9', total: 5.5, id: 'k3_sum_09' }] },
    });
    expect(got.user_id).toBe(m.id);
    // in chatdata too, and announced once only
    expect((await room(watcher.token, k3Rooms[0]!)).data.chatdata.find((c: ChatMessage) => c.id === got.id)).toEqual(got);
    sm.send({ content: orderNo, order: 0 });
    expect(await sm.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBetMissing });
  });

  it('names a 连码 line’s play and its numbers in the notice, so it can be followed', async () => {
    const LHC = { intervalS: 180, ftimeS: 30 };
    await at(openRoundTime(LHC, nowMs));
    const m = await newMember(s, 10);
    const r = await order(m.token, { room_id: lhcRooms[0]!, expect: roundAt(LHC, nowMs).expect, order: [{ id: 'lhc_lm_3', total: 2, data: [49, 1, 25] }] });
    expect(r.code, r.message).toBe(200);
    const sm = await join(lhcRooms[0]!, m.token);
    sm.send({ content: r.data.order_no, order: 0 });
    const got = await sm.next<ChatMessage>((f) => f.kind === 'bet' && f.user_id === m.id);
    expect(got.bet!.lines).toEqual([{ playtitle: '三全中 01 25 49', total: 2, id: 'lhc_lm_3', picks: [1, 25, 49] }]);
  });

  it("refuses another member's order, an order of another room and an unknown one with 未找到该注单", async () => {
    await at(openRoundTime(K3, nowMs));
    const { orderNo } = await placed(50, [{ id: 'k3_odd', total: 10 }]);
    const other = await newMember(s);
    const so = await join(k3Rooms[0]!, other.token);
    so.send({ content: orderNo, order: 0 });
    expect(await so.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBetMissing });
    so.send({ content: 'LT20990101000000ffffffffff', order: 0 });
    expect(await so.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBetMissing });
    const mine = await placed(50, [{ id: 'k3_even', total: 10 }], k3Rooms[1]!);
    const sm = await join(k3Rooms[0]!, mine.m.token);
    sm.send({ content: mine.orderNo, order: 0 });
    expect(await sm.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBetMissing });
    expect(await db().selectFrom('lottery_chat').select('id').where('order_no', 'in', [orderNo, mine.orderNo]).execute()).toEqual([]);
  });
});

describe('system messages', () => {
  it("tells every room of the lottery the result when the pass draws the round, once", async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    const [a, b, c] = [await newMember(s), await newMember(s), await newMember(s)];
    const sa = await join(k3Rooms[0]!, a.token);
    const sb = await join(k3Rooms[1]!, b.token);
    const sc = await join(lhcRooms[0]!, c.token);
    const row = await db().selectFrom('lottery_rounds').select('seed').where('lottery', '=', 'k3_60').where('expect', '=', round.expect).executeTakeFirstOrThrow();
    const result = drawResult(2, 'k3_60', round.expect, row.seed);
    const passes = await Promise.all([at(round.drawAtMs + 500), at(round.drawAtMs + 500)]);
    expect(passes.reduce((n, p) => n + p.drawn, 0)).toBeGreaterThanOrEqual(1);
    const content = fmt(LOTTERY_MSG.sysRoundResult, { expect: round.expect, numbers: result.join(' ') });
    for (const sock of [sa, sb]) {
      const got = await sock.next(isSys('result', round.expect));
      expect(got).toEqual({ sysmsg: 'result', expect: round.expect, content, extend: expect.objectContaining({ numbers: result }) });
    }
    await sleep(300);
    expect(sa.all(isSys('result', round.expect))).toHaveLength(1);
    // the 六合彩 room hears only its own lottery's draws (the same pass may draw one of them)
    expect(sc.all((f) => f.sysmsg === 'result' && f.content === content)).toEqual([]);
    // a later pass over the drawn round tells nothing
    await at(round.drawAtMs + 1500);
    await sleep(200);
    expect(sb.all(isSys('result', round.expect))).toHaveLength(1);
  });

  it(`tells the order's room of a win paying at least ${LOTTERY_BIG_WIN_YUAN} yuan, naming the winner masked`, async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    // every sum from 3 to 18: exactly one wins, paying at least 150 × 7.6 = 1140
    const lines = Array.from({ length: 16 }, (_, i) => ({ id: `k3_sum_${String(i + 3).padStart(2, '0')}`, total: 150 }));
    const m = await newMember(s, 2400);
    expect((await order(m.token, { room_id: k3Rooms[1]!, expect: round.expect, order: lines })).code).toBe(200);
    const small = await newMember(s, 10);
    expect((await order(small.token, { room_id: k3Rooms[1]!, expect: round.expect, order: [{ id: 'k3_big', total: 10 }] })).code).toBe(200);
    const watcher = await newMember(s);
    const sw = await join(k3Rooms[1]!, watcher.token);
    const elsewhere = await join(k3Rooms[0]!, (await newMember(s)).token);
    await at(round.drawAtMs + 500);
    const payout = await db().selectFrom('lottery_orders').select((eb) => eb.fn.sum<number>('payout_fen').as('fen')).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    const amount = Number(payout.fen) / 100;
    expect(amount).toBeGreaterThanOrEqual(LOTTERY_BIG_WIN_YUAN);
    expect(await sw.next(isSys('bigwin', round.expect))).toEqual({
      sysmsg: 'bigwin',
      expect: round.expect,
      content: fmt(LOTTERY_MSG.sysBigWin, { author: maskUsername(m.name), expect: round.expect, amount: formatYuan(amount) }),
    });
    await sleep(300);
    expect(sw.all(isSys('bigwin'))).toHaveLength(1);
    expect(elsewhere.all(isSys('bigwin', round.expect))).toEqual([]);
  });

  it('tells the room when betting closes (from the lottery clock), then the result, then the round its draw opened', async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    const a = await newMember(s);
    const sa = await join(k3Rooms[2]!, a.token);
    await sleep(600); // the clock watcher has looked at the open round
    expect(sa.all(isSys('close', round.expect))).toEqual([]);
    nowMs = round.closesAtMs + 200;
    expect(await sa.next(isSys('close', round.expect))).toEqual({ sysmsg: 'close', expect: round.expect, content: fmt(LOTTERY_MSG.sysRoundClosed, { expect: round.expect }) });
    // The draw time passes: nothing says the next round is open before the last one's result is out.
    nowMs = round.drawAtMs + 200;
    await sleep(600);
    expect(sa.all(isSys('open'))).toEqual([]);
    await at(round.drawAtMs + 300);
    const next = roundAt(K3, nowMs).expect;
    expect(await sa.next(isSys('open', next))).toEqual({ sysmsg: 'open', expect: next, content: fmt(LOTTERY_MSG.sysRoundOpen, { expect: next }) });
    const sys = sa.frames.filter((f) => 'sysmsg' in f).map((f) => `${f.sysmsg}:${f.expect}`);
    expect(sys).toEqual([`close:${round.expect}`, `result:${round.expect}`, `open:${next}`]);
    await sleep(400);
    expect(sa.all(isSys('open', next))).toHaveLength(1);
    expect(sa.all(isSys('close', next))).toEqual([]);
  });

  it('does not open a round its late draw finds already closed', async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    const sa = await join(k3Rooms[2]!, (await newMember(s)).token);
    const nextRoundOf = roundAt(K3, round.drawAtMs + 1);
    await at(nextRoundOf.closesAtMs + 100); // the pass ran only once the next round had closed
    expect(await sa.next(isSys('result', round.expect))).toMatchObject({ sysmsg: 'result', expect: round.expect });
    await sleep(300);
    expect(sa.all(isSys('open', nextRoundOf.expect))).toEqual([]);
  });

  it("tells each member of a draw their own payout, in that room only, one notice for all their orders", async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    const row = await db().selectFrom('lottery_rounds').select('seed').where('lottery', '=', 'k3_60').where('expect', '=', round.expect).executeTakeFirstOrThrow();
    const sum = drawResult(2, 'k3_60', round.expect, row.seed).reduce((x, y) => x + y, 0);
    const sumId = `k3_sum_${String(sum).padStart(2, '0')}`;
    const loserId = `k3_sum_${String(sum === 3 ? 4 : 3).padStart(2, '0')}`;
    const winner = await newMember(s, 100);
    // two orders in one room, one winning line: one notice with both orders' stakes
    expect((await order(winner.token, { room_id: k3Rooms[0]!, expect: round.expect, order: [{ id: sumId, total: 10 }] })).code).toBe(200);
    expect((await order(winner.token, { room_id: k3Rooms[0]!, expect: round.expect, order: [{ id: loserId, total: 5 }] })).code).toBe(200);
    const loser = await newMember(s, 100);
    expect((await order(loser.token, { room_id: k3Rooms[0]!, expect: round.expect, order: [{ id: loserId, total: 10 }] })).code).toBe(200);
    const sw = await join(k3Rooms[0]!, winner.token);
    const swElsewhere = await join(k3Rooms[1]!, winner.token);
    const sl = await join(k3Rooms[0]!, loser.token);
    const watcher = await join(k3Rooms[0]!, (await newMember(s)).token);
    await at(round.drawAtMs + 500);
    const paid = await db().selectFrom('lottery_orders').select((eb) => eb.fn.sum<number>('payout_fen').as('fen')).where('member_id', '=', winner.id).executeTakeFirstOrThrow();
    const payout = Number(paid.fen) / 100;
    expect(payout).toBeGreaterThan(15);
    expect(await sw.next(isSys('win', round.expect))).toEqual({ sysmsg: 'win', expect: round.expect, content: fmt(LOTTERY_MSG.sysYouWon, { expect: round.expect, amount: formatYuan(payout) }), payout, stake: 15 });
    await sleep(300);
    expect(sw.all(isSys('win'))).toHaveLength(1);
    for (const other of [swElsewhere, sl, watcher]) expect(other.all(isSys('win'))).toEqual([]);
  });
});

describe("a member's own bet cards after the draw", () => {
  it("tell each of the member's announced orders what it paid, to that member's sockets only, and keep it in their own chatdata alone", async () => {
    const t = openRoundTime(K3, nowMs);
    await at(t);
    const round = roundAt(K3, t);
    const roomId = k3Rooms[0]!;
    const row = await db().selectFrom('lottery_rounds').select('seed').where('lottery', '=', 'k3_60').where('expect', '=', round.expect).executeTakeFirstOrThrow();
    const sum = drawResult(2, 'k3_60', round.expect, row.seed).reduce((x, y) => x + y, 0);
    const sumId = `k3_sum_${String(sum).padStart(2, '0')}`;
    const loserId = `k3_sum_${String(sum === 3 ? 4 : 3).padStart(2, '0')}`;
    const [m, other] = [await newMember(s, 100), await newMember(s, 100)];
    const sm = await join(roomId, m.token);
    const so = await join(roomId, other.token);
    const watcher = await join(roomId, (await newMember(s)).token);
    /** Places an order and announces it in the room: its card, as the room heard it. */
    async function announced(who: { id: number; token: string }, sock: RoomSocket, playId: string, total: number): Promise<ChatMessage> {
      const r = await order(who.token, { room_id: roomId, expect: round.expect, order: [{ id: playId, total }] });
      expect(r.code, r.message).toBe(200);
      sock.send({ content: r.data.order_no, order: 0 });
      return watcher.next<ChatMessage>((f) => f.kind === 'bet' && f.user_id === who.id && f.content.includes(`共${formatYuan(total)}元`));
    }
    const won = await announced(m, sm, sumId, 10);
    const lost = await announced(m, sm, loserId, 5);
    const others = await announced(other, so, sumId, 20);
    // Before the draw nothing is settled: no card carries a result, even the member's own.
    const before: ChatMessage[] = (await room(m.token, roomId)).data.chatdata;
    expect(before.filter((c) => c.result)).toEqual([]);

    await at(round.drawAtMs + 500);
    const paidFen = async (memberId: number) =>
      Number((await db().selectFrom('lottery_orders').select((eb) => eb.fn.sum<number>('payout_fen').as('fen')).where('member_id', '=', memberId).executeTakeFirstOrThrow()).fen);
    const payout = (await paidFen(m.id)) / 100;
    expect(payout).toBeGreaterThan(10);
    expect(await sm.next((f) => f.settled?.id === won.id)).toEqual({ settled: { id: won.id, expect: round.expect, payout, stake: 10 } });
    expect(await sm.next((f) => f.settled?.id === lost.id)).toEqual({ settled: { id: lost.id, expect: round.expect, payout: 0, stake: 5 } });
    expect(await so.next((f) => f.settled?.id === others.id)).toEqual({ settled: { id: others.id, expect: round.expect, payout: (await paidFen(other.id)) / 100, stake: 20 } });
    await sleep(300);
    // Nobody hears another member's result, and each card is told once.
    expect(watcher.all((f) => 'settled' in f)).toEqual([]);
    expect(so.all((f) => 'settled' in f).map((f) => (f as { settled: { id: number } }).settled.id)).toEqual([others.id]);
    expect(sm.all((f) => 'settled' in f)).toHaveLength(2);

    // A reload: the member's own cards carry what they paid; another's card, and a visitor's view, carry none.
    const mine: ChatMessage[] = (await room(m.token, roomId)).data.chatdata;
    expect(mine.find((c) => c.id === won.id)!.result).toEqual({ payout, stake: 10 });
    expect(mine.find((c) => c.id === lost.id)!.result).toEqual({ payout: 0, stake: 5 });
    expect(mine.find((c) => c.id === others.id)!.result).toBeUndefined();
    const visitor: ChatMessage[] = (await room('', roomId)).data.chatdata;
    expect(visitor.filter((c) => c.result)).toEqual([]);
    expect(visitor.find((c) => c.id === won.id)).toEqual({ ...won });
  });
});

describe('the server pings and ends silent sockets', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startServer({ lotteryTickMs: 0, wsPingIntervalMs: 100, wsIdleTimeoutMs: 800 });
  });
  afterAll(() => p.close());

  it('pings each socket on its own, keeps one that pings and closes a silent one with 4408', async () => {
    const m = await newMember(p);
    const roomId = (await firstRooms(p, 'k3_60'))[0]!;
    const talking = await RoomSocket.join(p, roomId, m.token, 200);
    const silent = await RoomSocket.join(p, roomId, m.token, 0);
    await silent.until(() => silent.pings >= 4);
    expect((await silent.closed).code).toBe(WS_CLOSE.idle);
    expect(talking.ws.readyState).toBe(talking.ws.OPEN);
    talking.close();
    await talking.closed;
  });
});
