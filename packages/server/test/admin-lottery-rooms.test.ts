import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fmt,
  LOTTERY_HOST_AUTHOR,
  LOTTERY_HOST_UID,
  LOTTERY_ROOM_LIMITS,
  LOTTERY_STAKE_MAX_YUAN,
  LOTTERY_STAKE_MIN_YUAN,
  MSG,
  type AdminChatRow,
  type AdminRoomRow,
  type ChatMessage,
  type LotteryStakeLimits,
  ADMIN_MSG,
  LOTTERY_MSG,
  LOTTERY_ROOM_MSG,
  LOTTERY_TIMING_MSG,
  type AdminLotteryRow,
} from '@app/contract';
import { startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { K3, RoomSocket, firstRooms, isChat, newMember, openRoundTime } from './lottery-ws-support.js';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { roundAt, type LotterySchedule } from '../src/modules/lottery/engine/index.js';

// 房间管理: each room's own stake limits, set by staff within the platform's, and the
// host (主持人) speaking in a room.

let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
let k3Rooms: number[];
let lhcRooms: number[];
let nowMs = 0;
const sockets: RoomSocket[] = [];

/** The seeded tiers (migration 070_lottery_room_settings), in each lottery's room order. */
const SEEDED: [string, LotteryStakeLimits][] = [
  ['新手房', { min: 1, max: 1000 }],
  ['高手房', { min: 10, max: 20_000 }],
  ['VIP房', { min: 100, max: 50_000 }],
];

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0, wsPingIntervalMs: 60_000, wsIdleTimeoutMs: 60_000 });
  s.app.lottery.now = () => nowMs;
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
  k3Rooms = await firstRooms(s, 'k3_60');
  lhcRooms = await firstRooms(s, 'lhc_180');
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s.close();
});

const get = (who: Staff | string, path: string) => adminCall(s, typeof who === 'string' ? who : who.token, 'GET', path);
const post = (who: Staff | string, path: string, body?: unknown) => adminCall(s, typeof who === 'string' ? who : who.token, 'POST', path, body);
const rooms = async (): Promise<AdminRoomRow[]> => (await get(support, '/lottery/rooms')).data;
const roomRow = async (id: number) => (await rooms()).find((r) => r.id === id)!;
const settingsOf = (r: AdminRoomRow) => ({ title: r.title, enabled: r.enabled, sort: r.sort, min_stake: r.min_stake, max_stake: r.max_stake });
const memberRoom = (roomId: number) => s.api(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET' });
async function join(roomId: number, token: string) {
  const sock = await RoomSocket.join(s, roomId, token, 0);
  sockets.push(sock);
  return sock;
}
/** Opens a fresh 快三 round on the fake clock; answers its expect. */
async function openK3(): Promise<string> {
  nowMs = openRoundTime(K3, nowMs);
  await lotteryPass(s.db.kysely, nowMs);
  return roundAt(K3, nowMs).expect;
}
const stakeRange = (l: LotteryStakeLimits) => fmt(LOTTERY_MSG.lotteryStakeRange, { ...l });

describe('GET /admin/api/lottery/rooms', () => {
  it('lists every room of every lottery with its seeded tier limits and who is online', async () => {
    const m = await newMember(s);
    await join(k3Rooms[1]!, m.token);
    await s.app.lotteryHub.presence.refresh();
    const rows = await rooms();
    expect(rows.map((r) => [r.lottery, r.title, r.enabled, r.sort, { min: r.min_stake, max: r.max_stake }])).toEqual(
      ['k3_60', 'lhc_180'].flatMap((code) => SEEDED.map(([title, l], i) => [code, title, true, i + 1, l])),
    );
    expect(rows[0]).toEqual({ id: k3Rooms[0], lottery: 'k3_60', lottery_title: '极速快三', title: '新手房', enabled: true, sort: 1, min_stake: 1, max_stake: 1000, online: 0 });
    expect(rows.find((r) => r.id === k3Rooms[1])!.online).toBe(1);
  });

  it('is refused without lottery.read (finance)', async () => {
    expect(await get(finance, '/lottery/rooms')).toMatchObject({ code: 403 });
  });
});

describe("the room's own stake limits", () => {
  it('the room and the room list answer each room its limits in yuan', async () => {
    for (const [code, ids] of [['k3_60', k3Rooms], ['lhc_180', lhcRooms]] as const) {
      const list = (await s.api('/api/lotteryRoom', { name: code })).data as { id: number; limits: LotteryStakeLimits }[];
      expect(list.map((r) => r.limits)).toEqual(SEEDED.map(([, l]) => l));
      for (const [i, id] of ids.entries()) expect((await memberRoom(id)).data.limits).toEqual(SEEDED[i]![1]);
    }
  });

  it("refuses a line outside its room's limits with the room's numbers, and takes both bounds", async () => {
    const expect_ = await openK3();
    const m = await newMember(s, 200_000);
    const order = (roomId: number, total: unknown, id = 'k3_big') => s.api('/api/lotteryOrder', { room_id: roomId, expect: expect_, order: [{ id, total }] }, { token: m.token });
    for (const [i, [, limits]] of SEEDED.entries()) {
      const roomId = k3Rooms[i]!;
      for (const total of [limits.min - 0.01, limits.max + 0.01]) expect(await order(roomId, total), `${roomId} ${total}`).toMatchObject({ code: 400, message: stakeRange(limits) });
      for (const total of [limits.min, limits.max]) expect(await order(roomId, total), `${roomId} ${total}`).toMatchObject({ code: 200 });
    }
    const staked = SEEDED.reduce((sum, [, l]) => sum + l.min + l.max, 0);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe((200_000 - staked) * 100);
    // the same order as before: an unknown play is named before its stake, the stake before the balance
    expect(await order(k3Rooms[2]!, 5, 'nope')).toMatchObject({ code: 400, message: MSG.gameBetOption });
    const poor = await newMember(s, 50);
    expect(await s.api('/api/lotteryOrder', { room_id: k3Rooms[2]!, expect: expect_, order: [{ id: 'k3_big', total: 60 }] }, { token: poor.token })).toMatchObject({ code: 400, message: stakeRange(SEEDED[2]![1]) });
    expect(await s.api('/api/lotteryOrder', { room_id: k3Rooms[2]!, expect: expect_, order: [{ id: 'k3_big', total: 100 }] }, { token: poor.token })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
  });
});

describe('POST /admin/api/lottery/rooms/:id', () => {
  it('refuses in order with the contract messages and changes nothing', async () => {
    const room = await roomRow(lhcRooms[0]!);
    const good = settingsOf(room);
    const bounds = { min: LOTTERY_STAKE_MIN_YUAN, max: LOTTERY_STAKE_MAX_YUAN };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, fmt(LOTTERY_ROOM_MSG.roomTitle, { max: LOTTERY_ROOM_LIMITS.titleMax })],
      [{ title: '房'.repeat(LOTTERY_ROOM_LIMITS.titleMax + 1) }, fmt(LOTTERY_ROOM_MSG.roomTitle, { max: LOTTERY_ROOM_LIMITS.titleMax })],
      [{ sort: -1 }, fmt(LOTTERY_ROOM_MSG.roomSort, { max: LOTTERY_ROOM_LIMITS.sortMax })],
      [{ sort: 1.5 }, fmt(LOTTERY_ROOM_MSG.roomSort, { max: LOTTERY_ROOM_LIMITS.sortMax })],
      [{ sort: LOTTERY_ROOM_LIMITS.sortMax + 1 }, fmt(LOTTERY_ROOM_MSG.roomSort, { max: LOTTERY_ROOM_LIMITS.sortMax })],
      [{ min_stake: LOTTERY_STAKE_MIN_YUAN - 0.01 }, fmt(LOTTERY_ROOM_MSG.stakeMin, bounds)],
      [{ min_stake: '1.234' }, fmt(LOTTERY_ROOM_MSG.stakeMin, bounds)],
      [{ min_stake: '' }, fmt(LOTTERY_ROOM_MSG.stakeMin, bounds)],
      [{ max_stake: LOTTERY_STAKE_MAX_YUAN + 0.01 }, fmt(LOTTERY_ROOM_MSG.stakeMax, bounds)],
      [{ max_stake: 'abc' }, fmt(LOTTERY_ROOM_MSG.stakeMax, bounds)],
      [{ min_stake: 500, max_stake: 499.99 }, LOTTERY_ROOM_MSG.stakeOrder],
      [{ title: '', min_stake: 0 }, fmt(LOTTERY_ROOM_MSG.roomTitle, { max: LOTTERY_ROOM_LIMITS.titleMax })],
    ];
    for (const [patch, message] of cases) expect(await post(operations, `/lottery/rooms/${room.id}`, { ...good, ...patch }), JSON.stringify(patch)).toMatchObject({ code: 400, message });
    expect(await post(operations, `/lottery/rooms/${room.id}`, { ...good, enabled: 'yes' })).toMatchObject({ code: 400 });
    expect(await post(operations, '/lottery/rooms/999999', good)).toMatchObject({ code: 404, message: LOTTERY_MSG.lotteryRoomMissing });
    expect(await roomRow(room.id)).toEqual(room);
    expect(await auditRows(s, 'lottery.room', `lottery_room:${room.id}`)).toHaveLength(0);
  });

  it('is refused without lottery.odds (support) and without lottery.read (finance)', async () => {
    const room = await roomRow(lhcRooms[0]!);
    for (const who of [support, finance]) expect(await post(who, `/lottery/rooms/${room.id}`, { ...settingsOf(room), min_stake: 2 })).toMatchObject({ code: 403 });
    expect(await roomRow(room.id)).toEqual(room);
  });

  it('operations sets a room: 保存成功, audited with the fields that changed, and orders meet the new limits at once', async () => {
    const roomId = k3Rooms[1]!;
    const before = await roomRow(roomId);
    const r = await post(operations, `/lottery/rooms/${roomId}`, { ...settingsOf(before), title: ' 高手房 二 ', min_stake: '20.5', max_stake: 300 });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.saved, data: { id: roomId, title: '高手房 二', min_stake: 20.5, max_stake: 300, enabled: true, sort: before.sort } });
    const audit = await auditRows(s, 'lottery.room', `lottery_room:${roomId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, before: { title: '高手房', min_stake: 10, max_stake: 20_000 }, after: { title: '高手房 二', min_stake: 20.5, max_stake: 300 } });
    expect(Object.keys(audit[0]!.after as object).sort()).toEqual(['max_stake', 'min_stake', 'title']);
    // a save that changes nothing writes no audit row
    expect(await post(operations, `/lottery/rooms/${roomId}`, settingsOf(r.data))).toMatchObject({ code: 200 });
    expect(await auditRows(s, 'lottery.room', `lottery_room:${roomId}`)).toHaveLength(1);

    const limits = { min: 20.5, max: 300 };
    expect((await memberRoom(roomId)).data).toMatchObject({ title: '高手房 二', limits });
    const expect_ = await openK3();
    const m = await newMember(s, 1000);
    const order = (total: number) => s.api('/api/lotteryOrder', { room_id: roomId, expect: expect_, order: [{ id: 'k3_big', total }] }, { token: m.token });
    for (const total of [20.49, 300.01]) expect(await order(total)).toMatchObject({ code: 400, message: stakeRange(limits) });
    for (const total of [20.5, 300]) expect(await order(total)).toMatchObject({ code: 200 });

    // the whole platform's bounds are a room's widest
    expect(await post(admin, `/lottery/rooms/${roomId}`, { ...settingsOf(r.data), min_stake: LOTTERY_STAKE_MIN_YUAN, max_stake: LOTTERY_STAKE_MAX_YUAN })).toMatchObject({
      code: 200,
      data: { min_stake: LOTTERY_STAKE_MIN_YUAN, max_stake: LOTTERY_STAKE_MAX_YUAN },
    });
    expect(await post(operations, `/lottery/rooms/${roomId}`, settingsOf(before))).toMatchObject({ code: 200 });
    expect(await roomRow(roomId)).toEqual(before);
  });

  it('a closed room leaves the room list and refuses orders; reordered rooms list in their new order', async () => {
    const [a, b, c] = lhcRooms as [number, number, number];
    const rowB = await roomRow(b);
    expect(await post(operations, `/lottery/rooms/${b}`, { ...settingsOf(rowB), enabled: false })).toMatchObject({ code: 200, data: { enabled: false } });
    const list = async () => ((await s.api('/api/lotteryRoom', { name: 'lhc_180' })).data as { id: number }[]).map((r) => r.id);
    expect(await list()).toEqual([a, c]);
    expect(await memberRoom(b)).toMatchObject({ code: 400, message: LOTTERY_MSG.lotteryRoomMissing });
    expect((await roomRow(b)).enabled).toBe(false); // staff still see it
    expect(await post(operations, `/lottery/rooms/${b}`, { ...settingsOf(rowB), sort: 0 })).toMatchObject({ code: 200 });
    expect(await list()).toEqual([b, a, c]);
    expect(await post(operations, `/lottery/rooms/${b}`, settingsOf(rowB))).toMatchObject({ code: 200 });
    expect(await list()).toEqual([a, b, c]);
  });
});

describe('POST /admin/api/lottery/rooms/:id/host', () => {
  it('support speaks as the host: stored, sent to the room at once, in chatdata, listed for staff, audited', async () => {
    const roomId = k3Rooms[0]!;
    const m = await newMember(s);
    const sock = await join(roomId, m.token);
    const visitor = await join(roomId, '');
    const other = await join(k3Rooms[1]!, m.token);
    const r = await post(support, `/lottery/rooms/${roomId}/host`, { content: '  本期开奖在即，\n请抓紧下注  ' });
    const content = '本期开奖在即， 请抓紧下注';
    expect(r).toMatchObject({ code: 200, message: LOTTERY_ROOM_MSG.hostPosted, data: { uid: LOTTERY_HOST_UID, author: LOTTERY_HOST_AUTHOR, kind: 'host', content } });
    const msg = r.data as ChatMessage;
    for (const watcher of [sock, visitor]) expect(await watcher.next(isChat(content))).toEqual(msg);
    expect(msg).toEqual({ id: msg.id, user_id: 0, uid: 0, author: '主持人', avatar: '', content, kind: 'host', time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await memberRoom(roomId)).data.chatdata.at(-1)).toEqual(msg);
    const stored = await s.db.kysely.selectFrom('lottery_chat').selectAll().where('id', '=', msg.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ room_id: roomId, member_id: null, staff_id: support.id, kind: 'host', author: LOTTERY_HOST_AUTHOR, content });
    const listed = (await get(support, `/lottery/chat?room_id=${roomId}`)).data.data as AdminChatRow[];
    expect(listed[0]).toMatchObject({ id: msg.id, kind: 'host', member_id: null, username: null, host_staff: support.username, author: LOTTERY_HOST_AUTHOR, content, muted: false });
    const audit = await auditRows(s, 'chat.host', `lottery_room:${roomId}`);
    expect(audit.at(-1)).toMatchObject({ staff_id: support.id, before: null, after: { id: msg.id, room_id: roomId, content } });
    expect(other.all(isChat(content))).toEqual([]);
  });

  it('is deleted like any message: it leaves chatdata and the room is told', async () => {
    const roomId = k3Rooms[0]!;
    const m = await newMember(s);
    const sock = await join(roomId, m.token);
    const msg = (await post(operations, `/lottery/rooms/${roomId}/host`, { content: '要撤回的公告' })).data as ChatMessage;
    expect(await post(support, `/lottery/chat/${msg.id}/delete`, { reason: '发错了' })).toMatchObject({ code: 200, message: LOTTERY_MSG.chatDeleted });
    await sock.next((f) => f.delete === msg.id);
    expect((await memberRoom(roomId)).data.chatdata.map((x: ChatMessage) => x.id)).not.toContain(msg.id);
    const audit = await auditRows(s, 'chat.delete', `chat:${msg.id}`);
    expect(audit[0]).toMatchObject({ before: { kind: 'host', member_id: null, author: LOTTERY_HOST_AUTHOR, content: '要撤回的公告' }, after: { reason: '发错了' } });
  });

  it(`takes 1–${LOTTERY_ROOM_LIMITS.hostMaxChars} characters and refuses the rest with the contract's messages, storing nothing`, async () => {
    const roomId = k3Rooms[2]!;
    const longest = '主'.repeat(LOTTERY_ROOM_LIMITS.hostMaxChars);
    expect(await post(support, `/lottery/rooms/${roomId}/host`, { content: longest })).toMatchObject({ code: 200, data: { content: longest } });
    const count = async () => Number((await s.db.kysely.selectFrom('lottery_chat').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'host').executeTakeFirstOrThrow()).n);
    const before = await count();
    const refusals: [unknown, string, number][] = [
      [{ content: ' \n\t ' }, LOTTERY_ROOM_MSG.hostEmpty, 400],
      [{}, LOTTERY_ROOM_MSG.hostEmpty, 400],
      [{ content: `${longest}多` }, fmt(LOTTERY_ROOM_MSG.hostTooLong, { max: LOTTERY_ROOM_LIMITS.hostMaxChars }), 400],
      [{ content: 'a\u0000b' }, LOTTERY_ROOM_MSG.hostBadChars, 400],
      [{ content: 'a\u001bb' }, LOTTERY_ROOM_MSG.hostBadChars, 400],
    ];
    for (const [body, message, code] of refusals) expect(await post(support, `/lottery/rooms/${roomId}/host`, body), JSON.stringify(body)).toMatchObject({ code, message });
    expect(await post(support, '/lottery/rooms/999999/host', { content: '你好' })).toMatchObject({ code: 404, message: LOTTERY_MSG.lotteryRoomMissing });
    expect(await count()).toBe(before);
  });

  it('refuses a closed room, and staff without lottery.chat (finance)', async () => {
    const roomId = lhcRooms[2]!;
    const row = await roomRow(roomId);
    expect(await post(finance, `/lottery/rooms/${roomId}/host`, { content: '你好' })).toMatchObject({ code: 403 });
    expect(await post(operations, `/lottery/rooms/${roomId}`, { ...settingsOf(row), enabled: false })).toMatchObject({ code: 200 });
    expect(await post(support, `/lottery/rooms/${roomId}/host`, { content: '你好' })).toMatchObject({ code: 400, message: LOTTERY_ROOM_MSG.hostRoomClosed });
    expect(await post(operations, `/lottery/rooms/${roomId}`, settingsOf(row))).toMatchObject({ code: 200 });
    expect(await post(support, `/lottery/rooms/${roomId}/host`, { content: '你好' })).toMatchObject({ code: 200 });
  });
});

describe('POST /admin/api/lottery/rooms (a new room)', () => {
  const fresh = { lottery: 'k3_60', title: '周末房', enabled: true, sort: 9, min_stake: 5, max_stake: 500 };

  it('operations adds a room: members find it in the lottery\'s room list with its limits; audited', async () => {
    const r = await post(operations, '/lottery/rooms', fresh);
    expect(r).toMatchObject({ code: 200, message: LOTTERY_TIMING_MSG.roomCreated, data: { lottery: 'k3_60', title: '周末房', enabled: true, sort: 9, min_stake: 5, max_stake: 500 } });
    const id = r.data.id as number;
    expect(await firstRooms(s, 'k3_60')).toEqual([...k3Rooms, id]);
    expect((await memberRoom(id)).data).toMatchObject({ title: '周末房', limits: { min: 5, max: 500 } });
    const audit = await auditRows(s, 'lottery.room_create', `lottery_room:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, before: null, after: { id, lottery: 'k3_60', title: '周末房', min_stake: 5, max_stake: 500 } });
    expect(await post(operations, `/lottery/rooms/${id}`, { ...fresh, enabled: false })).toMatchObject({ code: 200 });
    expect(await firstRooms(s, 'k3_60')).toEqual(k3Rooms);
  });

  it('refuses bad settings and an unknown lottery with the contract messages, adding nothing; 403 without lottery.odds', async () => {
    const count = async () => (await rooms()).length;
    const n = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, fmt(LOTTERY_ROOM_MSG.roomTitle, { max: LOTTERY_ROOM_LIMITS.titleMax })],
      [{ min_stake: 0 }, fmt(LOTTERY_ROOM_MSG.stakeMin, { min: LOTTERY_STAKE_MIN_YUAN, max: LOTTERY_STAKE_MAX_YUAN })],
      [{ min_stake: 600 }, LOTTERY_ROOM_MSG.stakeOrder],
      [{ lottery: 'nope' }, LOTTERY_TIMING_MSG.lotteryMissing],
      [{ lottery: ' ' }, LOTTERY_TIMING_MSG.lotteryRequired],
      [{ lottery: undefined }, LOTTERY_TIMING_MSG.lotteryRequired],
    ];
    for (const [patch, message] of cases) expect(await post(operations, '/lottery/rooms', { ...fresh, ...patch }), JSON.stringify(patch)).toMatchObject({ code: 400, message });
    for (const who of [support, finance]) expect(await post(who, '/lottery/rooms', fresh)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await count()).toBe(n);
  });
});

describe('POST /admin/api/lotteries/:code/settings (interval, 封盘, switch)', () => {
  const LHC: LotterySchedule = { intervalS: 180, ftimeS: 30 };
  const lottery = async () => ((await get(support, '/lotteries')).data as AdminLotteryRow[]).find((l) => l.code === 'lhc_180')!;
  const roundsOf = () => s.db.kysely.selectFrom('lottery_rounds').select(['expect', 'draw_at', 'commitment', 'result', 'settled_at']).where('lottery', '=', 'lhc_180').orderBy('draw_at').execute();

  it('refuses a bad interval or ftime with the contract messages and changes nothing; 403 without lottery.odds', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ interval_s: 70 }, LOTTERY_TIMING_MSG.interval],
      [{ interval_s: 20 }, LOTTERY_TIMING_MSG.interval],
      [{ interval_s: 'x' }, LOTTERY_TIMING_MSG.interval],
      [{ ftime_s: 0 }, LOTTERY_TIMING_MSG.ftime],
      [{ ftime_s: 176 }, LOTTERY_TIMING_MSG.ftime],
    ];
    for (const [patch, message] of cases) expect(await post(operations, '/lotteries/lhc_180/settings', { interval_s: 180, ftime_s: 30, enabled: true, ...patch }), JSON.stringify(patch)).toMatchObject({ code: 400, message });
    for (const who of [support, finance]) expect(await post(who, '/lotteries/lhc_180/settings', { interval_s: 360, ftime_s: 30, enabled: true })).toMatchObject({ code: 403 });
    expect(await post(operations, '/lotteries/nope/settings', { interval_s: 360, ftime_s: 30, enabled: true })).toMatchObject({ code: 404, message: LOTTERY_TIMING_MSG.lotteryMissing });
    expect(await lottery()).toMatchObject({ interval_s: 180, ftime_s: 30, enabled: true, pending: null });
    expect(await auditRows(s, 'lottery.settings', 'lottery:lhc_180')).toHaveLength(0);
  });

  it('a new interval takes over after the round under way: its bets settle at its own time, and the rounds after it follow on, none lost or doubled', async () => {
    nowMs = openRoundTime(LHC, nowMs);
    await lotteryPass(s.db.kysely, nowMs);
    const current = roundAt(LHC, nowMs);
    const m = await newMember(s, 100);
    const room = lhcRooms[0]!;
    expect(await s.api('/api/lotteryOrder', { room_id: room, expect: current.expect, order: [{ id: 'lhc_tm_big', total: 10 }] }, { token: m.token })).toMatchObject({ code: 200 });
    const kept = (await roundsOf()).find((r) => r.expect === current.expect)!;

    const r = await post(operations, '/lotteries/lhc_180/settings', { interval_s: 360, ftime_s: 60, enabled: true });
    const from = r.data.timing_from as string;
    expect(r).toMatchObject({ code: 200, message: fmt(LOTTERY_TIMING_MSG.timingFrom, { at: from }), data: { interval_s: 360, ftime_s: 60, enabled: true } });
    const anchorMs = Date.parse(`${from.replace(' ', 'T')}+08:00`);
    expect(anchorMs).toBeGreaterThanOrEqual(current.drawAtMs);
    expect(anchorMs % (360_000)).toBe(0); // on both grids (Beijing days start on a whole hour of UTC)
    // the console shows the change and the timing in force until it takes over
    expect(await lottery()).toMatchObject({ interval_s: 360, ftime_s: 60, pending: { interval_s: 360, ftime_s: 60, from, earlier: { interval_s: 180, ftime_s: 30 } } });
    const audit = await auditRows(s, 'lottery.settings', 'lottery:lhc_180');
    expect(audit.map((a) => [a.before, a.after])).toEqual([[{ interval_s: 180, ftime_s: 30 }, { interval_s: 360, ftime_s: 60, timing_from: from }]]);
    // the room still counts down to the same draw, with the same 封盘
    expect((await memberRoom(room)).data).toMatchObject({ ftime: 30, lottery: { nowdata: { nextexpect: current.expect } } });

    // Run the scheduler through the change and two more hours.
    const untilMs = anchorMs + 2 * 3_600_000;
    for (let t = nowMs; t <= untilMs; t += 30_000) await lotteryPass(s.db.kysely, (nowMs = t));
    const rows = (await roundsOf()).filter((x) => x.draw_at.getTime() >= kept.draw_at.getTime() && x.draw_at.getTime() <= untilMs);
    expect(rows[0]).toMatchObject({ expect: kept.expect, commitment: kept.commitment });
    expect(rows[0]!.draw_at.getTime()).toBe(kept.draw_at.getTime());
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const gapS = (b.draw_at.getTime() - a.draw_at.getTime()) / 1000;
      expect(gapS).toBe(a.draw_at.getTime() < anchorMs ? 180 : 360);
      if (a.expect.slice(0, 8) === b.expect.slice(0, 8)) expect(Number(b.expect.slice(8))).toBe(Number(a.expect.slice(8)) + 1);
    }
    expect(new Set(rows.map((x) => x.expect)).size).toBe(rows.length);
    for (const x of rows) if (x.draw_at.getTime() <= nowMs) expect(x.settled_at).not.toBeNull();
    expect(rows.filter((x) => x.draw_at.getTime() > anchorMs).length).toBeGreaterThanOrEqual(19);
    const order = await s.db.kysely.selectFrom('lottery_orders').select(['status', 'settled_at']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(order.settled_at?.getTime()).toBeGreaterThanOrEqual(current.drawAtMs);
    expect((await lottery()).pending).toBeNull();
    expect((await memberRoom(room)).data).toMatchObject({ ftime: 60 });
  });

  it('switched off, it opens no new round (the open one still draws); switched on, rounds resume', async () => {
    nowMs += 1000;
    await lotteryPass(s.db.kysely, nowMs);
    const before = (await roundsOf()).length;
    expect(await post(operations, '/lotteries/lhc_180/settings', { interval_s: 360, ftime_s: 60, enabled: false })).toMatchObject({ code: 200, message: LOTTERY_TIMING_MSG.saved, data: { enabled: false, timing_from: '' } });
    expect(await memberRoom(lhcRooms[0]!)).toMatchObject({ code: 400, message: LOTTERY_MSG.lotteryRoomMissing });
    for (let i = 0; i < 4; i++) await lotteryPass(s.db.kysely, (nowMs += 360_000));
    const rows = await roundsOf();
    expect(rows.length).toBe(before);
    for (const x of rows) expect(x.settled_at).not.toBeNull();
    expect(await post(operations, '/lotteries/lhc_180/settings', { interval_s: 360, ftime_s: 60, enabled: true })).toMatchObject({ code: 200 });
    await lotteryPass(s.db.kysely, nowMs);
    expect((await roundsOf()).length).toBe(before + 2);
    expect((await auditRows(s, 'lottery.settings', 'lottery:lhc_180')).map((a) => a.after)).toEqual([
      { interval_s: 360, ftime_s: 60, timing_from: expect.any(String) },
      { enabled: false },
      { enabled: true },
    ]);
  });
});
