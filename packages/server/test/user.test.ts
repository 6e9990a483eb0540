import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LIMITS, MSG, fmt } from '@app/contract';
import { setAgent, setStanding } from './figures-support.js';
import { registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ensureAccount, openMemberWallet, post } from '../src/modules/ledger/service.js';
import { userInfo } from '../src/modules/user/service.js';
import { setTransferStatus } from '../src/modules/transfers/service.js';
import { AVATAR_EDGE_PX } from '../src/modules/user/avatar.js';
import sharp from 'sharp';

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimits: { login: 10_000, register: 10_000, captcha: 10_000, withdraw: 0, bindcard: 0 } });
});
afterAll(() => s.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const GIF89 = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(32, 2)]);
const GIF87 = Buffer.concat([Buffer.from('GIF87a', 'ascii'), Buffer.alloc(32, 3)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 4)]);

async function memberId(name: string): Promise<number> {
  return (await s.db.kysely.selectFrom('members').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
}

/** Credits a member's wallet through the ledger (as an approved deposit would). */
async function credit(id: number, fen: number): Promise<void> {
  await s.db.kysely.transaction().execute(async (tx) => {
    const wallet = await openMemberWallet(tx, id);
    const house = await ensureAccount(tx, 'house:test_funding', 'house', { allowNegative: true });
    await post(tx, {
      idemKey: `test:credit:${id}:${Math.random()}`,
      kind: 'test',
      entries: [
        { accountId: house, amountFen: -fen },
        { accountId: wallet, amountFen: fen },
      ],
    });
  });
}

async function upload(token: string | undefined, file: Buffer | null, opts: { filename?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  if (file) form.append(opts.field ?? 'file', new Blob([new Uint8Array(file)], { type: opts.type ?? 'image/png' }), opts.filename ?? 'a.png');
  else form.append('other', 'x');
  const res = await fetch(`${s.url}/api/uploadimg`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: any }) };
}

async function guestToken(): Promise<string> {
  const r = await s.api('/api/guestlogin');
  expect(r.code).toBe(200);
  return r.data.api_token;
}

const MEMBER_ENDPOINTS = [
  '/api/user',
  '/api/balance',
  '/api/refreshusermoney',
  '/api/uploadimg',
  '/api/updateuserinfo',
  '/api/editPassword',
  '/api/editPayPassword',
  '/api/logoff',
];

describe('member endpoints without a session', () => {
  it.each(MEMBER_ENDPOINTS)('%s answers code 401 with 请登录！', async (p) => {
    const r = await s.api(p, {});
    expect(r).toMatchObject({ status: 200, code: 401, message: '请登录！' });
  });
  it.each(MEMBER_ENDPOINTS)('%s answers code 401 for an unknown token', async (p) => {
    const r = await s.api(p, {}, { token: 'not-a-real-token' });
    expect(r).toMatchObject({ code: 401, message: MSG.sessionExpired });
  });
  it('/api/uploadimg answers 401 to a multipart upload without a token', async () => {
    expect((await upload(undefined, PNG)).code).toBe(401);
  });
});

describe('POST /api/user', () => {
  it('returns the user info of spec §3 for a new member', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/user', {}, { token: m.token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      username: m.name,
      realname: m.name,
      avatar: '/assets/avatars/default.svg',
      balance: 0,
      gameblance: 0,
      vip: 1,
      current_vip: 'VIP1',
      paysum: 0,
      flow: 0,
      joinday: 1,
      isagent: 0,
      is_trial: 0,
      mobile: '',
      email: '',
      birthday: '',
      transferstatus: 0,
      paypass_state: 1,
      usdtrate: 7.2,
      withdrawusdtrate: 7.3,
      withdrawcashfee: 5,
      withdrawfeeusdttrc: 1,
    });
    expect(r.data.id).toBe(await memberId(m.name));
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the level is the part after the letter P
    expect(Number(r.data.current_vip.split('P')[1])).toBe(r.data.vip);
  });

  it('shows money in yuan, the VIP level, agent flag and days since joining', async () => {
    const m = await registerMember(s);
    const id = await memberId(m.name);
    await credit(id, 123_456);
    await s.db.kysely.updateTable('members').set({ created_at: sql`now() - interval '10 days'` }).where('id', '=', id).execute();
    await setStanding(s.db.kysely, id, { level: 4, paysum_fen: 50_001, flow_fen: 250_002 });
    await setAgent(s.db.kysely, id, true);
    await setTransferStatus(s.db.kysely, id, 1);
    const r = await s.api('/api/user', {}, { token: m.token });
    // flow beside paysum: the two conditions of the next VIP level
    expect(r.data).toMatchObject({ balance: 1234.56, paysum: 500.01, flow: 2500.02, vip: 4, current_vip: 'VIP4', isagent: 1, transferstatus: 1 });
    expect(r.data.joinday).toBeGreaterThanOrEqual(10);
    expect(r.data.joinday).toBeLessThanOrEqual(12);
  });

  it('shows created_at in Beijing time', async () => {
    const m = await registerMember(s);
    const id = await memberId(m.name);
    await s.db.kysely.updateTable('members').set({ created_at: '2024-03-01T16:30:00Z' }).where('id', '=', id).execute();
    const r = await s.api('/api/user', {}, { token: m.token });
    expect(r.data.created_at).toBe('2024-03-02 00:30:00');
  });

  it('counts the joining day as day 1 and the Beijing day boundary', async () => {
    const m = await registerMember(s);
    const id = await memberId(m.name);
    // 2024-03-01 23:59 Beijing → on 2024-03-02 00:01 Beijing it is day 2
    await s.db.kysely.updateTable('members').set({ created_at: '2024-03-01T15:59:00Z' }).where('id', '=', id).execute();
    const info = await userInfo(s.db.kysely, id, new Date('2024-03-01T16:01:00Z'));
    expect(info.joinday).toBe(2);
  });

  it('never shows another member: the token decides whose info it is', async () => {
    const a = await registerMember(s);
    const b = await registerMember(s);
    const r = await s.api('/api/user', { id: await memberId(b.name) }, { token: a.token });
    expect(r.data.username).toBe(a.name);
  });
});

describe('POST /api/balance', () => {
  it('returns the central wallet balance in yuan', async () => {
    const m = await registerMember(s);
    expect(await s.api('/api/balance', {}, { token: m.token })).toMatchObject({ code: 200, data: { balance: 0 } });
    await credit(await memberId(m.name), 1_005);
    expect((await s.api('/api/balance', {}, { token: m.token })).data).toEqual({ balance: 10.05 });
  });

  it('writes nothing: the session row is not touched on a recent session', async () => {
    const m = await registerMember(s);
    const id = await memberId(m.name);
    const before = await s.db.kysely.selectFrom('sessions').select('last_seen_at').where('member_id', '=', id).executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) expect((await s.api('/api/balance', {}, { token: m.token })).code).toBe(200);
    const after = await s.db.kysely.selectFrom('sessions').select('last_seen_at').where('member_id', '=', id).executeTakeFirstOrThrow();
    expect(after.last_seen_at.getTime()).toBe(before.last_seen_at.getTime());
  });
  // no hashing on the poll: proven by counting verifications in auth-enumeration.test.ts
});

describe('POST /api/refreshusermoney', () => {
  it('returns the same user info as /api/user', async () => {
    const m = await registerMember(s);
    await credit(await memberId(m.name), 2_000);
    const a = await s.api('/api/refreshusermoney', {}, { token: m.token });
    const b = await s.api('/api/user', {}, { token: m.token });
    expect(a.code).toBe(200);
    expect(a.data).toEqual(b.data);
    expect(a.data.balance).toBe(20);
  });
});

describe('POST /api/updateuserinfo', () => {
  it('saves mobile, email and birthday with 操作成功 and returns the updated info', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-20' }, { token: m.token });
    expect(r).toMatchObject({ code: 200, message: '操作成功' });
    expect(r.data).toMatchObject({ mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-20', username: m.name });
    const again = await s.api('/api/user', {}, { token: m.token });
    expect(again.data).toMatchObject({ mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-20' });
  });

  it('leaves a field unchanged when it is sent empty or left out', async () => {
    const m = await registerMember(s);
    await s.api('/api/updateuserinfo', { mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-20' }, { token: m.token });
    const r = await s.api('/api/updateuserinfo', { mobile: '', email: 'new@example.com' }, { token: m.token });
    expect(r.data).toMatchObject({ mobile: '13812345678', email: 'new@example.com', birthday: '1990-05-20' });
    const none = await s.api('/api/updateuserinfo', {}, { token: m.token });
    expect(none.code).toBe(200);
    expect(none.data.email).toBe('new@example.com');
  });

  it.each(['8613812345678', '013812345678', '1795113812345678', '  13912345678  '])('accepts the mainland mobile %j', async (mobile) => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { mobile }, { token: m.token });
    expect(r.code).toBe(200);
    expect(r.data.mobile).toBe(mobile.trim());
  });

  it.each(['12812345678', '1381234567', '138123456789', 'abcdefghijk', '+8613812345678'])('refuses the mobile %j with 请输入正确手机号', async (mobile) => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { mobile }, { token: m.token });
    expect(r).toMatchObject({ code: 400, message: '请输入正确手机号' });
  });

  it.each(['plain', 'a@b', '@example.com', 'a b@example.com', `${'x'.repeat(60)}@example.com`])('refuses the email %j with 请输入正确邮箱号', async (email) => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { email }, { token: m.token });
    expect(r).toMatchObject({ code: 400, message: '请输入正确邮箱号' });
  });

  it.each(['1990/05/20', '1990-5-20', '1990-02-30', '1990-13-01', 'yesterday'])('refuses the birthday %j with 请输入正确的日期格式：YYYY-MM-DD', async (birthday) => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { birthday }, { token: m.token });
    expect(r).toMatchObject({ code: 400, message: '请输入正确的日期格式：YYYY-MM-DD' });
  });

  it('refuses a birthday before 1980-01-01 or in the future', async () => {
    const m = await registerMember(s);
    expect((await s.api('/api/updateuserinfo', { birthday: '1979-12-31' }, { token: m.token })).message).toBe(MSG.birthdayRange);
    expect((await s.api('/api/updateuserinfo', { birthday: '2999-01-01' }, { token: m.token })).message).toBe(MSG.birthdayRange);
    expect((await s.api('/api/updateuserinfo', { birthday: '1980-01-01' }, { token: m.token })).code).toBe(200);
  });

  it('checks in the spec order: mobile, then email, then birthday', async () => {
    const m = await registerMember(s);
    const all = { mobile: 'bad', email: 'bad', birthday: 'bad' };
    expect((await s.api('/api/updateuserinfo', all, { token: m.token })).message).toBe('请输入正确手机号');
    expect((await s.api('/api/updateuserinfo', { ...all, mobile: '' }, { token: m.token })).message).toBe('请输入正确邮箱号');
    expect((await s.api('/api/updateuserinfo', { ...all, mobile: '', email: '' }, { token: m.token })).message).toBe('请输入正确的日期格式：YYYY-MM-DD');
  });

  it('changes nothing when any field is invalid', async () => {
    const m = await registerMember(s);
    await s.api('/api/updateuserinfo', { mobile: '13812345678', email: 'a@example.com' }, { token: m.token });
    await s.api('/api/updateuserinfo', { mobile: '13900000000', email: 'broken' }, { token: m.token });
    expect((await s.api('/api/user', {}, { token: m.token })).data).toMatchObject({ mobile: '13812345678', email: 'a@example.com' });
  });

  it('ignores unknown fields such as a username or balance', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/updateuserinfo', { email: 'x@example.com', username: 'hacker99', balance: 1e9, vip: 10 }, { token: m.token });
    expect(r.data).toMatchObject({ username: m.name, balance: 0, vip: 1, email: 'x@example.com' });
  });

  it.each([[{ mobile: 13812345678 }], [{ email: ['a@b.cn'] }], [{ birthday: { y: 1990 } }], [{ email: 'a'.repeat(100_000) }]])(
    'answers the bad body %j with code 400',
    async (body) => {
      const m = await registerMember(s);
      expect((await s.api('/api/updateuserinfo', body, { token: m.token })).code).toBe(400);
    },
  );
});

describe('POST /api/uploadimg', () => {
  it.each([
    ['PNG', PNG, 'png'],
    ['GIF89a', GIF89, 'gif'],
    ['GIF87a', GIF87, 'gif'],
  ])('accepts a %s avatar, stores it and serves it', async (_label, bytes, ext) => {
    const m = await registerMember(s);
    const r = await upload(m.token, bytes as Buffer);
    expect(r).toMatchObject({ code: 200 });
    expect(r.data.avatar).toMatch(new RegExp(`^/uploads/avatars/${await memberId(m.name)}-[0-9a-f]{16}\\.${ext}$`));
    const file = path.join(s.config.uploadsDir, r.data.avatar.replace('/uploads/', ''));
    expect(fs.readFileSync(file).equals(bytes as Buffer)).toBe(true);
    const served = await fetch(s.url + r.data.avatar);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes as Buffer)).toBe(true);
    expect((await s.api('/api/user', {}, { token: m.token })).data.avatar).toBe(r.data.avatar);
  });

  it("accepts a phone's JPEG photo: turned upright, cut to a square of at most 288 px and re-encoded, with none of its metadata", async () => {
    const m = await registerMember(s);
    // A 1200×900 photo taken sideways (EXIF orientation 6) with a place in its metadata.
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7bd5' } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS 31.2304N 121.4737E' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await upload(m.token, photo, { filename: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(r).toMatchObject({ code: 200 });
    expect(r.data.avatar).toMatch(new RegExp(`^/uploads/avatars/${await memberId(m.name)}-[0-9a-f]{16}\\.jpg$`));
    const served = Buffer.from(await (await fetch(s.url + r.data.avatar)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: AVATAR_EDGE_PX, height: AVATAR_EDGE_PX });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('GPS'))).toBe(false);
    expect((await s.api('/api/user', {}, { token: m.token })).data.avatar).toBe(r.data.avatar);
  });

  it('judges by content: JPEG bytes that do not decode are refused with 头像仅支持JPG、PNG或GIF图片, whatever the name', async () => {
    const m = await registerMember(s);
    const r = await upload(m.token, JPEG, { filename: 'photo.png', type: 'image/png' });
    expect(r).toMatchObject({ code: 400, message: '头像仅支持JPG、PNG或GIF图片' });
    expect((await s.api('/api/user', {}, { token: m.token })).data.avatar).toBe('/assets/avatars/default.svg');
  });

  it('refuses a text file and an SVG named .gif', async () => {
    const m = await registerMember(s);
    expect((await upload(m.token, Buffer.from('hello world, not an image'), { filename: 'a.gif', type: 'image/gif' })).message).toBe(MSG.avatarType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(m.token, svg, { filename: 'a.gif', type: 'image/gif' })).message).toBe(MSG.avatarType);
  });

  it('accepts a PNG named .jpg with any declared type (content decides)', async () => {
    const m = await registerMember(s);
    const r = await upload(m.token, PNG, { filename: 'x.jpg', type: 'application/octet-stream' });
    expect(r.code).toBe(200);
    expect(r.data.avatar).toMatch(/\.png$/);
  });

  it(`refuses a file over ${LIMITS.avatarMaxBytes / 1024}KB with 头像图片不能超过…KB`, async () => {
    const m = await registerMember(s);
    const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.avatarMaxBytes, 7)]);
    const r = await upload(m.token, big);
    expect(r).toMatchObject({ code: 400, message: fmt(MSG.avatarTooLarge, { kb: LIMITS.avatarMaxBytes / 1024 }) });
    expect(r.message).toBe('头像图片不能超过512KB');
    // a file of exactly the limit passes
    const exact = Buffer.concat([PNG, Buffer.alloc(LIMITS.avatarMaxBytes - PNG.length, 7)]);
    expect((await upload(m.token, exact)).code).toBe(200);
  });

  it('refuses a much bigger upload (over the body limit) with an envelope', async () => {
    const m = await registerMember(s);
    const r = await upload(m.token, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 7)]));
    expect(r.code).toBe(400);
    expect(r.message).toBe('头像图片不能超过512KB');
  });

  it('answers 请选择头像图片 without a file, with an empty file, a wrong field, or a JSON body', async () => {
    const m = await registerMember(s);
    expect(await upload(m.token, null)).toMatchObject({ code: 400, message: '请选择头像图片' });
    expect(await upload(m.token, Buffer.alloc(0))).toMatchObject({ code: 400, message: '请选择头像图片' });
    expect(await upload(m.token, PNG, { field: 'avatar' })).toMatchObject({ code: 400, message: '请选择头像图片' });
    expect(await s.api('/api/uploadimg', {}, { token: m.token })).toMatchObject({ code: 400, message: '请选择头像图片' });
  });

  it('answers a malformed multipart body with an envelope, never 500', async () => {
    const m = await registerMember(s);
    const res = await fetch(`${s.url}/api/uploadimg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    const json = await res.json();
    expect(json.code).toBe(400);
    const noBoundary = await fetch(`${s.url}/api/uploadimg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect((await noBoundary.json()).code).toBe(400);
  });

  it('replaces the previous avatar file', async () => {
    const m = await registerMember(s);
    const first = await upload(m.token, PNG);
    const second = await upload(m.token, GIF89);
    expect(second.code).toBe(200);
    expect(fs.existsSync(path.join(s.config.uploadsDir, first.data.avatar.replace('/uploads/', '')))).toBe(false);
    expect(fs.existsSync(path.join(s.config.uploadsDir, second.data.avatar.replace('/uploads/', '')))).toBe(true);
  });
});

describe('POST /api/editPassword', () => {
  it('changes the password with 密码修改成功！, ends every session, and the new password logs in', async () => {
    const m = await registerMember(s);
    const second = (await s.api('/api/login_pc', { name: m.name, password: m.password })).data.api_token;
    const r = await s.api('/api/editPassword', { password: m.password, paypassword: 'newpass456' }, { token: m.token });
    expect(r).toMatchObject({ code: 200, message: '密码修改成功！' });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(401);
    expect((await s.api('/api/balance', {}, { token: second })).code).toBe(401);
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).message).toBe('账号或密码错误');
    expect((await s.api('/api/login_pc', { name: m.name, password: 'newpass456' })).code).toBe(200);
  });

  it('leaves the sessions of other members alone', async () => {
    const a = await registerMember(s);
    const b = await registerMember(s);
    await s.api('/api/editPassword', { password: a.password, paypassword: 'newpass456' }, { token: a.token });
    expect((await s.api('/api/user', {}, { token: b.token })).code).toBe(200);
  });

  it('refuses a wrong old password with 旧密码错误 and changes nothing', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/editPassword', { password: 'notmypass', paypassword: 'newpass456' }, { token: m.token });
    expect(r).toMatchObject({ code: 400, message: '旧密码错误' });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).code).toBe(200);
  });

  it.each([
    [{ password: '', paypassword: '' }, '请输入旧密码'],
    [{ password: '', paypassword: 'newpass456' }, '请输入旧密码'],
    [{ password: 'secret123', paypassword: '' }, '请输入新密码'],
    [{ password: '12345', paypassword: '1' }, '请输入正确的旧密码长度'],
    [{ password: 'a'.repeat(17), paypassword: 'newpass456' }, '请输入正确的旧密码长度'],
    [{ password: 'secret123', paypassword: '12345' }, '请输入正确的新密码长度'],
    [{ password: 'secret123', paypassword: 'b'.repeat(17) }, '请输入正确的新密码长度'],
    [{ password: 'secret123', paypassword: 'secret123' }, '新旧密码不能一致！'],
    [{}, '请输入旧密码'],
  ])('refuses %j with %s', async (body, message) => {
    const m = await registerMember(s);
    const r = await s.api('/api/editPassword', body, { token: m.token });
    expect(r).toMatchObject({ code: 400, message });
  });

  it.each([[{ password: 12345678, paypassword: 'newpass456' }], [{ password: 'secret123', paypassword: ['x'] }], ['str'], [[1]]])(
    'answers the bad body %j with code 400',
    async (body) => {
      const m = await registerMember(s);
      expect((await s.api('/api/editPassword', body, { token: m.token })).code).toBe(400);
    },
  );
});

describe('POST /api/editPayPassword', () => {
  it('changes the pay password with 密码修改成功！ and keeps the sessions and login password', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/editPayPassword', { password: m.payPassword, paypassword: 'pay123456789012345' }, { token: m.token });
    expect(r).toMatchObject({ code: 200, message: '密码修改成功！' });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).code).toBe(200);
    // the old pay password no longer matches, the new one does
    expect((await s.api('/api/editPayPassword', { password: m.payPassword, paypassword: 'another12' }, { token: m.token })).message).toBe('旧密码错误');
    expect((await s.api('/api/editPayPassword', { password: 'pay123456789012345', paypassword: 'another12' }, { token: m.token })).code).toBe(200);
  });

  it('checks the old pay password, not the login password', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/editPayPassword', { password: m.password, paypassword: 'paypass77' }, { token: m.token });
    expect(r).toMatchObject({ code: 400, message: '旧密码错误' });
    expect((await s.api('/api/editPayPassword', { password: m.payPassword, paypassword: 'paypass77' }, { token: m.token })).code).toBe(200);
  });

  it.each([
    [{ password: '', paypassword: 'paypass99' }, '请输入旧密码'],
    [{ password: 'secret123', paypassword: '' }, '请输入新密码'],
    [{ password: '12345', paypassword: 'paypass99' }, '请输入正确的旧密码长度'],
    [{ password: 'secret123', paypassword: '12345' }, '请输入正确的新密码长度'],
    [{ password: 'secret123', paypassword: 'c'.repeat(19) }, '请输入正确的新密码长度'],
    [{ password: 'secret123', paypassword: 'secret123' }, '新旧密码不能一致！'],
  ])('refuses %j with %s', async (body, message) => {
    const m = await registerMember(s);
    expect(await s.api('/api/editPayPassword', body, { token: m.token })).toMatchObject({ code: 400, message });
  });
});

describe('the trial account', () => {
  it('logs in as guest and shows is_trial 1 with the demo balance of 20000', async () => {
    const token = await guestToken();
    const r = await s.api('/api/user', {}, { token });
    expect(r.data).toMatchObject({ username: expect.stringMatching(/^guest_[0-9a-f]{12}$/), realname: '试玩用户', is_trial: 1, balance: 20000 });
    expect((await s.api('/api/balance', {}, { token })).data.balance).toBe(20000);
  });

  it.each([
    ['/api/updateuserinfo', { email: 'trial@example.com' }],
    ['/api/editPassword', { password: 'whatever1', paypassword: 'whatever2' }],
    ['/api/editPayPassword', { password: 'whatever1', paypassword: 'whatever2' }],
  ])('%s is refused with 试玩账号不支持此操作', async (p, body) => {
    const token = await guestToken();
    expect(await s.api(p, body, { token })).toMatchObject({ code: 403, message: '试玩账号不支持此操作' });
    expect((await s.api('/api/user', {}, { token })).data.email).toBe('');
  });

  it('cannot upload an avatar', async () => {
    const token = await guestToken();
    expect(await upload(token, PNG)).toMatchObject({ code: 403, message: '试玩账号不支持此操作' });
  });

  it('logs off one guest session without touching the others', async () => {
    const a = await guestToken();
    const b = await guestToken();
    expect((await s.api('/api/logoff', {}, { token: a })).code).toBe(200);
    expect((await s.api('/api/user', {}, { token: a })).code).toBe(401);
    expect((await s.api('/api/user', {}, { token: b })).code).toBe(200);
  });
});

describe('bad input on member endpoints', () => {
  it.each(MEMBER_ENDPOINTS.filter((p) => p !== '/api/uploadimg'))('%s answers malformed JSON with a 400 envelope', async (p) => {
    const m = await registerMember(s);
    const res = await fetch(s.url + p, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` }, body: '{"a":' });
    expect(await res.json()).toMatchObject({ code: 400, message: '请求格式错误' });
    // and the session is still fine
    expect((await s.api('/api/balance', {}, { token: m.token })).code).toBe(200);
  });

  it('/api/balance ignores whatever the body says', async () => {
    const m = await registerMember(s);
    const r = await s.api('/api/balance', { member_id: 1, balance: 999 }, { token: m.token });
    expect(r).toMatchObject({ code: 200, data: { balance: 0 } });
  });
});

describe('uniqueName', () => {
  it('produces valid usernames', () => {
    for (let i = 0; i < 50; i++) expect(uniqueName()).toMatch(/^[A-Za-z0-9]{6,16}$/);
  });
});
