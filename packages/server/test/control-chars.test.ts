import pino from 'pino';
import * as schemas from '@app/contract/schemas';
import { LOTTERY_MSG } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, fund, memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, staffLogin } from './admin-support.js';
import { RoomSocket, firstRooms, isChat, isSys, newMember } from './lottery-ws-support.js';

// A NUL byte cannot be stored in PostgreSQL text: before the schema layer refused control characters,
// one in any field reached the database and answered 500 with a stack in the log. Every string field
// of every member and back-office route now answers a 400 envelope, and the log stays free of errors.

/** NUL (what explodes) and the other C0 controls and DEL; LF, TAB, CR refused outside multi-line fields. */
const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\n', '\t', '\r'];
const CJK = /[\u4e00-\u9fff]/;

let s: TestServer;
let member: { name: string; password: string; token: string };
let admin: string;
let depositId: number;
const errorLines: string[] = [];

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, logLevel: 'warn', lotteryTickMs: 0 });
  // Keep every log line the server writes at error level or above (its request loggers share the stream).
  const stream = (s.app.log as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
  stream.write = (line: string) => {
    if (JSON.parse(line).level >= 50) errorLines.push(line);
  };
  member = await registerMember(s);
  await fund(s, await memberIdOf(s, member.token), 1000);
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const dep = await s.api('/api/recharge', { paytype: 'bank', amount: 100, bank_owner: '张三', bank: '中国工商银行', bank_no: '6222021234567890', bank_address: '北京分行' }, { token: member.token });
  expect(dep.code).toBe(200);
  depositId = (await s.db.kysely.selectFrom('deposits').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

type Who = 'none' | 'member' | 'staff';
interface Case {
  method: 'GET' | 'POST';
  /** the route's URL pattern, as routed */
  route: string;
  /** the path to call (params filled in); defaults to route */
  path?: string;
  who: Who;
  /** a request that passes every rule, so a poisoned field would otherwise reach the handler */
  input: Record<string, unknown>;
}

/** Valid requests of the routes whose strings reach the database (or the ledger, or a lookup). */
function cases(): Case[] {
  const pw = member.password;
  const card = { bank: '中国工商银行', bank_owner: '张三', bank_address: '北京分行', bank_no: '6222021234567890' };
  return [
    { method: 'POST', route: '/api/register', who: 'none', input: { name: uniqueName(), realname: '张三', password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: CAPTCHA_BYPASS, pid: 'abc', adult: 1 } },
    { method: 'POST', route: '/api/login_pc', who: 'none', input: { name: member.name, password: pw, pid: 'abc' } },
    { method: 'POST', route: '/api/updateuserinfo', who: 'member', input: { mobile: '13800138000', email: 'a@b.cn', birthday: '1990-01-01' } },
    { method: 'POST', route: '/api/editPassword', who: 'member', input: { password: pw, paypassword: 'secret456' } },
    { method: 'POST', route: '/api/editPayPassword', who: 'member', input: { password: pw, paypassword: 'secret456' } },
    { method: 'POST', route: '/api/bindcard', who: 'member', input: { ...card, pay_pass: pw } },
    { method: 'POST', route: '/api/recharge', who: 'member', input: { paytype: 'bank', amount: '100', ...card } },
    { method: 'POST', route: '/api/payinfo', who: 'member', input: { deposit_no: 'D2026' } },
    { method: 'POST', route: '/api/withdraw', who: 'member', input: { type: 1, bank: '1', amount: '100', password: pw } },
    { method: 'POST', route: '/api/transfer', who: 'member', input: { amount: '1', sourcetype: 'userbalance', targettype: 'obgdy' } },
    { method: 'POST', route: '/api/getGameUrl', who: 'member', input: { plat_name: 'obgdy', game_type: '0', game_code: 'slot', is_mobile_url: '1' } },
    { method: 'POST', route: '/api/gamelistBycode', who: 'none', input: { gamecode: 'obgdy' } },
    { method: 'POST', route: '/api/betrecord', who: 'member', input: { date: 4, page: 1, api_type: 'obgdy' } },
    { method: 'POST', route: '/api/gettransrecord', who: 'member', input: { date: 4, type: 1, page: 1, api_type: 'obgdy' } },
    { method: 'POST', route: '/api/lotteryRoom', who: 'none', input: { name: 'k3_60' } },
    { method: 'GET', route: '/api/lotteryRoom', who: 'member', input: { room_id: '1' } },
    { method: 'GET', route: '/api/game/list', who: 'none', input: { category: 'slot' } },
    { method: 'POST', route: '/api/lotteryOrder', who: 'member', input: { room_id: 1, expect: '202601010001', order: [{ id: 'k3_big', total: 10, data: 'x' }] } },
    { method: 'POST', route: '/admin/api/login', who: 'none', input: { username: 'admin', password: 'wrong-password-1' } },
    { method: 'POST', route: '/admin/api/password', who: 'staff', input: { old_password: 'wrong-password-1', password: 'another-Pass-77' } },
    { method: 'POST', route: '/admin/api/staff', who: 'staff', input: { username: uniqueName('st'), password: 'staff-Pass-123', role: 'support' } },
    { method: 'POST', route: '/admin/api/staff/:id/role', path: '/admin/api/staff/1/role', who: 'staff', input: { role: 'super' } },
    { method: 'GET', route: '/admin/api/deposits', who: 'staff', input: { state: '1', keyword: 'abc', page: '1' } },
    { method: 'GET', route: '/admin/api/withdrawals', who: 'staff', input: { state: '1', keyword: 'abc', page: '1' } },
    { method: 'POST', route: '/admin/api/deposits/:id/reject', path: `/admin/api/deposits/${depositId}/reject`, who: 'staff', input: { reason: '付款人与会员不符' } },
    { method: 'GET', route: '/admin/api/members', who: 'staff', input: { keyword: 'abc', page: '1' } },
    { method: 'POST', route: '/admin/api/members/:id/adjust', path: '/admin/api/members/1/adjust', who: 'staff', input: { amount: '1', category: 'compensation', reason: '活动补偿' } },
    { method: 'POST', route: '/admin/api/receiving-accounts', who: 'staff', input: { method: 'bank', bank_name: '中国工商银行', bank_no: '6222021234567890', bank_owner: '张三', bank_address: '北京分行', mch_id: 'm1', content: '备注', payimg: '', enabled: true, sort: 1 } },
    { method: 'POST', route: '/admin/api/receiving-accounts/:id', path: '/admin/api/receiving-accounts/1', who: 'staff', input: { bank_owner: '李四', content: '说明' } },
    { method: 'POST', route: '/admin/api/lotteries/:code/odds', path: '/admin/api/lotteries/k3_60/odds', who: 'staff', input: { odds: { k3_big: 1.96 } } },
    { method: 'GET', route: '/admin/api/lottery/chat', who: 'staff', input: { room_id: '0', keyword: 'abc', page: '1' } },
    { method: 'POST', route: '/admin/api/lottery/chat/:id/delete', path: '/admin/api/lottery/chat/1/delete', who: 'staff', input: { reason: '广告' } },
    { method: 'POST', route: '/admin/api/members/:id/mute', path: '/admin/api/members/1/mute', who: 'staff', input: { minutes: 10, reason: '刷屏' } },
    { method: 'GET', route: '/admin/api/audit-log', who: 'staff', input: { page: '1', staff: 'admin', action: 'member.adjust' } },
  ];
}

type Step = string | number | { key: string };

/** Every string of a request by path: values, nested ones, and keys below the top level (record keys). */
function leaves(value: unknown, path: Step[] = []): Step[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [...(path.length > 0 ? [[...path, { key: k }]] : []), ...leaves(v, [...path, k])]);
}

/** A copy of `input` with the control character `ch` inside the string at `path` (or inside the key it names). */
function poisoned(input: unknown, path: Step[], ch: string): unknown {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) node = node[step as string] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  const inside = (v: string) => (v.length > 1 ? `${v.slice(0, 1)}${ch}${v.slice(1)}` : `${v}${ch}x`);
  if (typeof last === 'object') {
    const v = node[last.key];
    delete node[last.key];
    node[inside(last.key)] = v;
  } else {
    node[last] = inside(String(node[last]));
  }
  return copy;
}

async function send(c: Case, input: unknown) {
  const token = c.who === 'member' ? member.token : c.who === 'staff' ? admin : undefined;
  const path = c.path ?? c.route;
  if (c.method === 'GET') {
    const qs = new URLSearchParams(input as Record<string, string>).toString();
    return s.api(`${path}?${qs}`, undefined, { method: 'GET', token });
  }
  return s.api(path, input, { token });
}

function expectRefused(r: { status: number; code: number; message: string }, where: string) {
  expect(r.status, where).toBe(200);
  expect(r.code, where).toBe(400);
  expect(r.message, where).toMatch(CJK);
}

describe('control characters in request text', () => {
  it('the cases name real routes', () => {
    const routed = new Set(s.app.routeIndex.map((r) => `${r.method} ${r.url}`));
    for (const c of cases()) expect(routed.has(`${c.method} ${c.route}`), c.route).toBe(true);
  });

  it.each(['member', 'back-office'])('refuses a control character in every string field of the %s routes with a 400 envelope', async (area) => {
    const prefix = area === 'member' ? '/api/' : '/admin/api/';
    for (const c of cases().filter((k) => k.route.startsWith(prefix))) {
      const paths = leaves(c.input);
      expect(paths.length, c.route).toBeGreaterThan(0);
      for (const [i, path] of paths.entries()) {
        // NUL in every field, and in turn the other controls, so each one is tried somewhere.
        for (const ch of ['\u0000', CONTROLS[i % CONTROLS.length]!]) {
          const r = await send(c, poisoned(c.input, path, ch));
          expectRefused(r, `${c.method} ${c.route} ${JSON.stringify(path)} ${JSON.stringify(ch)}`);
        }
      }
    }
  });

  it('keeps line breaks in a staff reason typed in a text area, and refuses NUL there', async () => {
    const m = await registerMember(s);
    const id = await memberIdOf(s, m.token);
    const ok = await adminCall(s, admin, 'POST', `/members/${id}/adjust`, { amount: '1', category: 'compensation', reason: '补偿\n第二行\t说明' });
    expect(ok.code).toBe(200);
    const bad = await adminCall(s, admin, 'POST', `/members/${id}/adjust`, { amount: '1', category: 'compensation', reason: '补偿\u0000' });
    expectRefused(bad, 'adjust reason with NUL');
  });

  it('refuses a control character in the query string or a route parameter of every route', async () => {
    const routes = s.app.routeIndex.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/admin/api/') || r.url.startsWith('/venue/api/')) && (r.method === 'GET' || r.method === 'POST'));
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) {
      const path = r.url.replace(/:(\w+)/g, '1');
      for (const ch of ['%00', '%1B', '%0A']) {
        const q = await s.api(`${path}?q=a${ch}b`, r.method === 'POST' ? {} : undefined, { method: r.method as 'GET' | 'POST', token: r.url.startsWith('/admin') ? admin : member.token });
        expectRefused(q, `${r.method} ${r.url} query ${ch}`);
      }
      if (r.url.includes(':')) {
        const p = await s.api(r.url.replace(/:(\w+)/g, 'a%00b'), r.method === 'POST' ? {} : undefined, { method: r.method as 'GET' | 'POST', token: admin });
        expectRefused(p, `${r.method} ${r.url} param`);
      }
    }
  });

  it('answers any body carrying NUL in every known field name with an envelope, never a 500', async () => {
    // Every field name of every request schema of the contract, each holding text with a NUL.
    const names = new Set<string>();
    for (const v of Object.values(schemas)) {
      const shape = (v as { shape?: Record<string, unknown> })?.shape;
      if (shape && typeof shape === 'object') for (const k of Object.keys(shape)) names.add(k);
    }
    expect(names.size).toBeGreaterThan(40);
    const body = Object.fromEntries([...names].map((k) => [k, `x\u0000${k}`]));
    const routes = s.app.routeIndex.filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/admin/api/')) && r.method === 'POST' && !r.url.includes(':'));
    for (const r of routes) {
      for (const token of [member.token, admin]) {
        const res = await s.api(r.url, body, { token });
        expect(res.status, r.url).not.toBe(500);
        expect(res.code, r.url).not.toBe(500);
      }
    }
  });

  it('refuses a room chat frame carrying NUL or another control with 消息格式不正确 and never stores it', async () => {
    const m = await newMember(s);
    const [roomId] = await firstRooms(s, 'k3_60');
    const sock = await RoomSocket.join(s, roomId!, m.token);
    try {
      for (const content of ['hi\u0000there', '\u001b[31mred', 'bell\u0007']) {
        sock.chat(content);
        expect(await sock.next(isSys('error'))).toEqual({ sysmsg: 'error', content: LOTTERY_MSG.chatBadFrame });
      }
      // A line break typed on a keyboard is not refused: chat is one line, so it becomes a space.
      sock.chat('two\nlines');
      await sock.next(isChat('two lines'));
      const stored = await s.db.kysely.selectFrom('lottery_chat').select('content').where('member_id', '=', m.id).execute();
      expect(stored.map((r) => r.content)).toEqual(['two lines']);
    } finally {
      sock.close();
    }
  });

  it('wrote no error line to the log', () => {
    expect(errorLines).toEqual([]);
  });
});
