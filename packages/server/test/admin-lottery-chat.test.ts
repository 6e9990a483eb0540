import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_LIMITS, CHAT_LIMITS, MSG, fmt, maskUsername, type AdminChatRow, type AdminMuteRow, type ChatMessage, ADMIN_MSG, LOTTERY_MSG } from '@app/contract';
import { startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { RoomSocket, firstRooms, isChat, isSys, newMember } from './lottery-ws-support.js';

// Staff moderation of the lottery rooms' chat (DESIGN §7, §10): reading, deleting, muting, unmuting.

let s: TestServer;
let admin: string;
let finance: Staff;
let support: Staff;
let rooms: number[];
const sockets: RoomSocket[] = [];

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0, wsPingIntervalMs: 60_000, wsIdleTimeoutMs: 60_000 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  support = await newStaff(s, admin, 'support');
  rooms = await firstRooms(s, 'k3_60');
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s.close();
});

const get = (who: Staff, path: string) => adminCall(s, who.token, 'GET', path);
const post = (who: Staff, path: string, body?: unknown) => adminCall(s, who.token, 'POST', path, body);
async function join(roomId: number, token: string) {
  const sock = await RoomSocket.join(s, roomId, token);
  sockets.push(sock);
  return sock;
}
/** A member in the room who has said `text`; answers the member, their socket and the message. */
async function said(text: string, roomId = rooms[0]!) {
  const m = await newMember(s);
  const sock = await join(roomId, m.token);
  sock.chat(text);
  const msg = await sock.next<ChatMessage>(isChat(text));
  return { m, sock, msg };
}
const chatdata = async (token: string, roomId = rooms[0]!) =>
  (await s.api(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET', token })).data.chatdata as ChatMessage[];

describe('GET /admin/api/lottery/chat', () => {
  it('lists messages newest first with room, lottery, member and author, by room and keyword', async () => {
    const tag = `kw${Date.now().toString(36)}`;
    const first = await said(`${tag} 一`, rooms[0]!);
    const second = await said(`${tag} 二`, rooms[1]!);
    const r = await get(support, `/lottery/chat?keyword=${tag}`);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 2, current_page: 1, per_page: ADMIN_LIMITS.pageSize, last_page: 1 });
    const rows = r.data.data as AdminChatRow[];
    expect(rows.map((x) => x.id)).toEqual([second.msg.id, first.msg.id]);
    expect(rows[1]).toEqual({
      id: first.msg.id,
      room_id: rooms[0],
      room_title: '新手房',
      lottery_title: '极速快三',
      member_id: first.m.id,
      username: first.m.name,
      host_staff: null,
      author: maskUsername(first.m.name),
      kind: 'chat',
      content: `${tag} 一`,
      created_at: first.msg.time,
      deleted_at: null,
      deleted_by: null,
      muted: false,
    });
    const inRoom = await get(support, `/lottery/chat?keyword=${tag}&room_id=${rooms[1]}`);
    expect(inRoom.data.data.map((x: AdminChatRow) => x.id)).toEqual([second.msg.id]);
    const byName = await get(support, `/lottery/chat?keyword=${first.m.name}`);
    expect(byName.data.data.map((x: AdminChatRow) => x.id)).toEqual([first.msg.id]);
  });

  it('is refused without lottery.read (finance)', async () => {
    expect(await get(finance, '/lottery/chat')).toMatchObject({ code: 403 });
    expect(await get(finance, '/lottery/mutes')).toMatchObject({ code: 403 });
  });
});

describe('POST /admin/api/lottery/chat/:id/delete', () => {
  it('removes the message from chatdata, tells the room {delete: id} and writes the audit row', async () => {
    const { m, msg } = await said('要删除的话');
    const watcher = await newMember(s);
    const sw = await join(rooms[0]!, watcher.token);
    const r = await post(support, `/lottery/chat/${msg.id}/delete`, { reason: '广告' });
    expect(r).toMatchObject({ code: 200, message: LOTTERY_MSG.chatDeleted });
    expect(await sw.next((f) => 'delete' in f)).toEqual({ delete: msg.id });
    expect((await chatdata(watcher.token)).map((c) => c.id)).not.toContain(msg.id);
    const row = (await get(support, `/lottery/chat?keyword=${m.name}`)).data.data[0] as AdminChatRow;
    expect(row).toMatchObject({ id: msg.id, deleted_by: support.username, deleted_at: expect.any(String) });
    const audit = await auditRows(s, 'chat.delete', `chat:${msg.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_name: support.username, before: { content: '要删除的话', member_id: m.id, room_id: rooms[0] }, after: { reason: '广告' } });
  });

  it('answers a second delete 409 已处理 and changes nothing; an unknown message 消息不存在', async () => {
    const { msg } = await said('删两次');
    expect((await post(support, `/lottery/chat/${msg.id}/delete`, { reason: '' })).code).toBe(200);
    const deletedAt = (await s.db.kysely.selectFrom('lottery_chat').select('deleted_at').where('id', '=', msg.id).executeTakeFirstOrThrow()).deleted_at;
    expect(await post(support, `/lottery/chat/${msg.id}/delete`, { reason: '' })).toMatchObject({ code: 409, message: MSG.conflict });
    expect((await s.db.kysely.selectFrom('lottery_chat').select('deleted_at').where('id', '=', msg.id).executeTakeFirstOrThrow()).deleted_at).toEqual(deletedAt);
    expect(await auditRows(s, 'chat.delete', `chat:${msg.id}`)).toHaveLength(1);
    expect(await post(support, '/lottery/chat/987654321/delete', { reason: '' })).toMatchObject({ code: 404, message: LOTTERY_MSG.chatMessageMissing });
  });

  it('is refused without lottery.chat (finance), leaving the message', async () => {
    const { m, msg } = await said('财务删不了');
    expect(await post(finance, `/lottery/chat/${msg.id}/delete`, { reason: 'x' })).toMatchObject({ code: 403 });
    expect((await chatdata(m.token)).map((c) => c.id)).toContain(msg.id);
  });
});

describe('mutes', () => {
  it('a mute refuses the very next message with 您已被禁言至…; unmuting lets the member speak again', async () => {
    const { m, sock } = await said('禁言前');
    const r = await post(support, `/members/${m.id}/mute`, { minutes: 30, reason: '刷屏' });
    expect(r).toMatchObject({ code: 200, message: LOTTERY_MSG.chatMutedOk });
    const mute = r.data as AdminMuteRow;
    expect(mute).toMatchObject({ member_id: m.id, username: m.name, reason: '刷屏', staff: support.username, until: expect.any(String) });
    sock.chat('禁言中');
    expect(await sock.next(isSys('error'))).toEqual({ sysmsg: 'error', content: fmt(LOTTERY_MSG.chatMutedUntil, { until: mute.until! }) });
    // the audit row and the lists
    const audit = await auditRows(s, 'member.mute', `member:${m.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_name: support.username, before: null, after: { minutes: 30, reason: '刷屏' } });
    expect((await get(support, '/lottery/mutes')).data.data).toContainEqual(mute);
    expect(((await get(support, `/lottery/chat?keyword=${m.name}`)).data.data[0] as AdminChatRow).muted).toBe(true);

    expect(await post(support, `/members/${m.id}/unmute`)).toMatchObject({ code: 200, message: LOTTERY_MSG.chatUnmutedOk });
    sock.chat('解除后');
    await sock.next(isChat('解除后'));
    const lifted = await auditRows(s, 'member.unmute', `member:${m.id}`);
    expect(lifted).toHaveLength(1);
    expect(lifted[0]).toMatchObject({ staff_name: support.username, before: { reason: '刷屏' } });
    expect((await get(support, '/lottery/mutes')).data.data.map((x: AdminMuteRow) => x.member_id)).not.toContain(m.id);
    // lifting again changes nothing
    expect(await post(support, `/members/${m.id}/unmute`)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await auditRows(s, 'member.unmute', `member:${m.id}`)).toHaveLength(1);
  });

  it('minutes 0 mutes until lifted (您已被禁言), bet notices included; a second mute replaces the first', async () => {
    const { m, sock } = await said('永久前');
    expect((await post(support, `/members/${m.id}/mute`, { minutes: 5, reason: '一' })).code).toBe(200);
    const r = await post(support, `/members/${m.id}/mute`, { minutes: 0, reason: '二' });
    expect(r.data).toMatchObject({ until: null, reason: '二' });
    sock.chat('还想说');
    expect(await sock.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatMuted });
    sock.send({ content: 'LT000', order: 0 });
    expect(await sock.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatMuted });
    const audit = await auditRows(s, 'member.mute', `member:${m.id}`);
    expect(audit.map((a) => (a.after as { reason: string }).reason)).toEqual(['一', '二']);
    expect(audit[1]!.before).toMatchObject({ reason: '一' });
    expect((await get(support, '/lottery/mutes')).data.data.filter((x: AdminMuteRow) => x.member_id === m.id)).toHaveLength(1);
  });

  it('an expired mute no longer holds and is not listed', async () => {
    const { m, sock } = await said('过期前');
    expect((await post(support, `/members/${m.id}/mute`, { minutes: 1, reason: '短' })).code).toBe(200);
    await s.db.kysely.updateTable('lottery_mutes').set({ until: sql`now() - interval '1 second'` }).where('member_id', '=', m.id).execute();
    sock.chat('过期后');
    await sock.next(isChat('过期后'));
    expect((await get(support, '/lottery/mutes')).data.data.map((x: AdminMuteRow) => x.member_id)).not.toContain(m.id);
    expect(await post(support, `/members/${m.id}/unmute`)).toMatchObject({ code: 409 });
  });

  it('checks minutes and reason, and the member', async () => {
    const m = await newMember(s);
    const minutesMsg = fmt(LOTTERY_MSG.chatMuteMinutes, { max: CHAT_LIMITS.muteMaxMinutes });
    for (const minutes of [-1, 1.5, CHAT_LIMITS.muteMaxMinutes + 1, '', 'abc']) {
      expect(await post(support, `/members/${m.id}/mute`, { minutes, reason: '原因' })).toMatchObject({ code: 400, message: minutesMsg });
    }
    expect(await post(support, `/members/${m.id}/mute`, { minutes: 10, reason: '' })).toMatchObject({ code: 400, message: fmt(LOTTERY_MSG.chatMuteReason, { max: ADMIN_LIMITS.reasonMax }) });
    expect(await post(support, '/members/987654321/mute', { minutes: 10, reason: '原因' })).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect(await post(support, '/members/987654321/unmute')).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect(await auditRows(s, 'member.mute', `member:${m.id}`)).toEqual([]);
  });

  it('is refused without lottery.chat (finance); support may', async () => {
    const { m, sock } = await said('财务禁不了');
    expect(await post(finance, `/members/${m.id}/mute`, { minutes: 10, reason: '原因' })).toMatchObject({ code: 403 });
    sock.chat('仍可发言');
    await sock.next(isChat('仍可发言'));
    expect((await post(support, `/members/${m.id}/mute`, { minutes: 10, reason: '原因' })).code).toBe(200);
    expect(await post(finance, `/members/${m.id}/unmute`)).toMatchObject({ code: 403 });
    expect(await auditRows(s, 'member.unmute', `member:${m.id}`)).toEqual([]);
  });
});
