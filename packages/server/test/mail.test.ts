import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, uniqueName, type TestServer } from './harness.js';
import { createSession } from '../src/modules/session/service.js';
import { sendMail, MAIL_PAGE_SIZE } from '../src/modules/mail/service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

/**
 * A member straight in the database with a session: these tests are about mail, not registration,
 * and a member made this way has no welcome mail, so counts are exact.
 */
async function member(): Promise<{ id: number; token: string }> {
  const row = await s.db.kysely
    .insertInto('members')
    .values({ username: uniqueName('m'), password_hash: 'x', pay_password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { id: row.id, token };
}

describe('internal mail', () => {
  it('answers 401 without a session on every mail route', async () => {
    for (const path of ['/api/message/list', '/api/message/read', '/api/message/unread']) {
      const r = await s.api(path, { id: 1, page: 1 });
      expect(r).toMatchObject({ status: 200, code: 401, message: '请登录！' });
      const bad = await s.api(path, { id: 1 }, { token: 'not-a-real-token' });
      expect(bad.code).toBe(401);
    }
  });

  it('lists only the member’s own mail, newest first, with is_read and a Beijing time', async () => {
    const a = await member();
    const b = await member();
    await sendMail(s.db.kysely, a.id, { title: '欢迎加入星耀娱乐', content: '祝您游戏愉快' });
    await sendMail(s.db.kysely, a.id, { title: '存款到账通知', content: '您的存款100元已到账' });
    await sendMail(s.db.kysely, b.id, { title: '给B的信', content: '只属于B' });
    const r = await s.api('/api/message/list', { page: 1 }, { token: a.token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 2, current_page: 1, per_page: MAIL_PAGE_SIZE, last_page: 1 });
    expect(r.data.data.map((m: any) => m.title)).toEqual(['存款到账通知', '欢迎加入星耀娱乐']);
    const m = r.data.data[0];
    expect(Object.keys(m).sort()).toEqual(['content', 'created_at', 'id', 'is_read', 'title']);
    expect(m.is_read).toBe(0);
    expect(m.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const rb = await s.api('/api/message/list', {}, { token: b.token });
    expect(rb.data.data.map((x: any) => x.title)).toEqual(['给B的信']);
  });

  it('counts unread mail and marks one read; reading again changes nothing', async () => {
    const a = await member();
    const first = await sendMail(s.db.kysely, a.id, { title: '一', content: '1' });
    await sendMail(s.db.kysely, a.id, { title: '二', content: '2' });
    expect((await s.api('/api/message/unread', {}, { token: a.token })).data).toEqual({ count: 2 });
    const r = await s.api('/api/message/read', { id: first }, { token: a.token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: first, title: '一', is_read: 1 });
    expect((await s.api('/api/message/unread', {}, { token: a.token })).data).toEqual({ count: 1 });
    const readAt1 = (await s.db.kysely.selectFrom('mails').select('read_at').where('id', '=', first).executeTakeFirstOrThrow()).read_at;
    const again = await s.api('/api/message/read', { id: String(first) }, { token: a.token });
    expect(again.code).toBe(200);
    const readAt2 = (await s.db.kysely.selectFrom('mails').select('read_at').where('id', '=', first).executeTakeFirstOrThrow()).read_at;
    expect(readAt2).toEqual(readAt1);
    expect((await s.api('/api/message/unread', {}, { token: a.token })).data).toEqual({ count: 1 });
  });

  it('answers another member’s mail id with 404 消息不存在 and leaves it unread', async () => {
    const a = await member();
    const b = await member();
    const hers = await sendMail(s.db.kysely, b.id, { title: '私信', content: '不可见' });
    const r = await s.api('/api/message/read', { id: hers }, { token: a.token });
    expect(r).toMatchObject({ status: 200, code: 404, message: '消息不存在', data: null });
    expect((await s.api('/api/message/unread', {}, { token: b.token })).data).toEqual({ count: 1 });
    const row = await s.db.kysely.selectFrom('mails').select('read_at').where('id', '=', hers).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
    expect((await s.api('/api/message/read', { id: 2 ** 31 - 1 }, { token: a.token })).code).toBe(404);
  });

  it('pages mail ten at a time', async () => {
    const a = await member();
    for (let i = 1; i <= 12; i++) await sendMail(s.db.kysely, a.id, { title: `第${i}封`, content: `内容${i}` });
    const p1 = await s.api('/api/message/list', { page: 1 }, { token: a.token });
    expect(p1.data).toMatchObject({ total: 12, last_page: 2, per_page: 10 });
    expect(p1.data.data).toHaveLength(10);
    expect(p1.data.data[0].title).toBe('第12封');
    const p2 = await s.api('/api/message/list', { page: 2 }, { token: a.token });
    expect(p2.data.current_page).toBe(2);
    expect(p2.data.data.map((m: any) => m.title)).toEqual(['第2封', '第1封']);
  });

  it('answers bad ids with 400 and bad pages with page 1, never 500', async () => {
    const a = await member();
    for (const id of ['abc', -1, 0, 2 ** 40, null, { x: 1 }]) {
      const r = await s.api('/api/message/read', { id }, { token: a.token });
      expect(r).toMatchObject({ status: 200, code: 400, message: '请求参数错误' });
    }
    for (const page of ['abc', -5, 1e12]) {
      const r = await s.api('/api/message/list', { page }, { token: a.token });
      expect(r).toMatchObject({ code: 200, data: { current_page: 1 } });
    }
  });

  it('sendMail trims and caps what it stores and refuses an empty title', async () => {
    const a = await member();
    const id = await sendMail(s.db.kysely, a.id, { title: `  ${'题'.repeat(300)}  `, content: '文'.repeat(6000) });
    const row = await s.db.kysely.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.title.length).toBe(100);
    expect(row.content.length).toBe(5000);
    await expect(sendMail(s.db.kysely, a.id, { title: '   ', content: 'x' })).rejects.toThrow();
  });
});
