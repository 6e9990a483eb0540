import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, ADMIN_MSG, fmt, MEMBER_CARE_LIMITS as L, MEMBER_CARE_MSG, MEMBER_FIX_LIMITS, MEMBER_FIX_MSG, MSG, type MemberCare } from '@app/contract';
import { memberIdOf, PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * 会员服务 in the console: who may use it, the reason each change needs, the audit
 * rows; a login password reset ends the member's sessions and the new one logs in; a payment password
 * cleared must be set again; the login captcha lock lifted lets the member log in without one; a
 * member's sessions listed and ended one or all; notes and tags with their limits.
 */
let s: TestServer;
let admin: Staff;
let operations: Staff;
let support: Staff;
let finance: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
  finance = await newStaff(s, token, 'finance');
});
afterAll(() => s.close());

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const care = async (id: number) => (await get<MemberCare>(support, `/members/${id}/care`)).data;
const login = (name: string, password: string) => s.api('/api/login_pc', { name, password });
const REASON = '会员来电，核实身份后处理';

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

describe('permissions and reasons', () => {
  it('lets support and super use it, operations and finance not', async () => {
    const m = await member();
    for (const who of [operations, finance]) {
      expect(await get(who, `/members/${m.id}/care`)).toMatchObject({ code: 403, message: MSG.forbidden });
      expect(await post(who, `/members/${m.id}/password/reset`, { reason: REASON })).toMatchObject({ code: 403 });
      expect(await post(who, `/members/${m.id}/notes`, { body: '备注' })).toMatchObject({ code: 403 });
    }
    expect(await get(admin, `/members/${m.id}/care`)).toMatchObject({ code: 200, data: { member_id: m.id, username: m.name, login_locked: false, tags: [], notes: [] } });
    expect(await get(support, '/members/999999/care')).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
  });

  it('needs a reason on every change, and nothing changes without one', async () => {
    const m = await member();
    const reasonMsg = fmt(MEMBER_CARE_MSG.reason, { max: ADMIN_LIMITS.reasonMax });
    for (const path of ['password/reset', 'paypass/reset', 'login/unlock', 'sessions/end']) {
      expect(await post(support, `/members/${m.id}/${path}`, {}), path).toMatchObject({ code: 400, message: reasonMsg });
      expect(await post(support, `/members/${m.id}/${path}`, { reason: 'x'.repeat(ADMIN_LIMITS.reasonMax + 1) }), path).toMatchObject({ code: 400, message: reasonMsg });
    }
    expect(await post(support, `/members/${m.id}/tags`, { tags: ['VIP'] })).toMatchObject({ code: 400, message: reasonMsg });
    expect(await post(support, `/members/${m.id}/password/reset`, { password: '123', reason: REASON })).toMatchObject({ code: 400, message: MEMBER_CARE_MSG.password });
    expect(await post(support, `/members/${m.id}/password/reset`, { password: 'x'.repeat(L.passwordMax + 1), reason: REASON })).toMatchObject({ code: 400, message: MEMBER_CARE_MSG.password });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect(await login(m.name, m.password)).toMatchObject({ code: 200 });
    expect(await auditRows(s, 'member.reset_password', `member:${m.id}`)).toHaveLength(0);
  });
});

describe('passwords', () => {
  it('resets the login password to a generated one: sessions end, the old password fails, the new one logs in', async () => {
    const m = await member();
    const second = (await login(m.name, m.password)).data.api_token as string;
    const r = await post(support, `/members/${m.id}/password/reset`, { reason: REASON });
    expect(r).toMatchObject({ code: 200, message: MEMBER_CARE_MSG.passwordReset, data: { sessions_ended: 2 } });
    expect(r.data.password).toMatch(new RegExp(`^[A-Za-z0-9]{${L.generatedLength}}$`));
    for (const token of [m.token, second]) expect((await s.api('/api/user', {}, { token })).code).toBe(401);
    expect(await login(m.name, m.password)).toMatchObject({ code: 400 });
    expect(await login(m.name, r.data.password)).toMatchObject({ code: 200 });
    const audits = await auditRows(s, 'member.reset_password', `member:${m.id}`);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.after)).not.toContain(r.data.password);
    expect(audits[0]!.after).toMatchObject({ generated: true, reason: REASON });
  });

  it('resets to the password staff chose, never the payment password', async () => {
    const m = await member();
    expect(await post(support, `/members/${m.id}/password/reset`, { password: PAY_PASSWORD, reason: REASON })).toMatchObject({ code: 400 });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect(await post(admin, `/members/${m.id}/password/reset`, { password: 'Temp2026', reason: REASON })).toMatchObject({ code: 200, data: { password: 'Temp2026' } });
    expect(await login(m.name, 'Temp2026')).toMatchObject({ code: 200 });
  });

  it('clears the payment password: the member must set a new one', async () => {
    const m = await member();
    expect((await care(m.id)).pay_password_state).toBe(1);
    expect(await post(support, `/members/${m.id}/paypass/reset`, { reason: REASON })).toMatchObject({ code: 200, message: MEMBER_CARE_MSG.payPasswordReset });
    expect((await care(m.id)).pay_password_state).toBe(0);
    expect(await post(support, `/members/${m.id}/paypass/reset`, { reason: REASON })).toMatchObject({ code: 409, message: MEMBER_CARE_MSG.payPasswordNone });
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: 'newpay777' }, { token: m.token })).toMatchObject({ code: 200 });
    expect(await auditRows(s, 'member.reset_paypass', `member:${m.id}`)).toHaveLength(1);
  });
});

describe('login lock and sessions', () => {
  it('lifts the captcha lock after failed logins; the member logs in without a captcha', async () => {
    const m = await member();
    expect(await post(support, `/members/${m.id}/login/unlock`, { reason: REASON })).toMatchObject({ code: 409, message: MEMBER_CARE_MSG.notLocked });
    for (let i = 0; i < 4; i++) await login(m.name, 'wrong-pass');
    expect(await login(m.name, m.password)).toMatchObject({ code: 400, data: { captcha_required: 1 } });
    expect(await care(m.id)).toMatchObject({ login_locked: true });
    expect(await post(support, `/members/${m.id}/login/unlock`, { reason: REASON })).toMatchObject({ code: 200, message: MEMBER_CARE_MSG.unlocked });
    expect(await care(m.id)).toMatchObject({ login_locked: false, login_failures: 0 });
    expect(await login(m.name, m.password)).toMatchObject({ code: 200 });
    expect(await auditRows(s, 'member.unlock_login', `member:${m.id}`)).toHaveLength(1);
  });

  it('lists sessions with IP and device, ends one, then all', async () => {
    const m = await member();
    const second = (await login(m.name, m.password)).data.api_token as string;
    const third = (await login(m.name, m.password)).data.api_token as string;
    const before = await care(m.id);
    expect(before.sessions.filter((x) => !x.ended)).toHaveLength(3);
    expect(before.sessions[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{16}$/), ip: expect.any(String), created_at: expect.stringMatching(/^\d{4}-/), last_seen_at: expect.stringMatching(/^\d{4}-/) });
    expect(JSON.stringify(before)).not.toContain(third);
    const newest = before.sessions[0]!;
    expect(await post(support, `/members/${m.id}/sessions/end`, { session: newest.id, reason: REASON })).toMatchObject({ code: 200, data: { ended: 1 } });
    expect((await s.api('/api/user', {}, { token: third })).code).toBe(401);
    expect((await s.api('/api/user', {}, { token: second })).code).toBe(200);
    expect(await post(support, `/members/${m.id}/sessions/end`, { session: newest.id, reason: REASON })).toMatchObject({ code: 409, message: MEMBER_CARE_MSG.sessionMissing });
    expect(await post(support, `/members/${m.id}/sessions/end`, { reason: REASON })).toMatchObject({ code: 200, data: { ended: 2 } });
    for (const token of [m.token, second]) expect((await s.api('/api/user', {}, { token })).code).toBe(401);
    expect((await care(m.id)).sessions.every((x) => x.ended)).toBe(true);
    expect(await auditRows(s, 'member.end_sessions', `member:${m.id}`)).toHaveLength(2);
  });
});

describe('notes and tags', () => {
  it('keeps a timeline of notes, newest first, within the limit', async () => {
    const m = await member();
    expect(await post(support, `/members/${m.id}/notes`, { body: '' })).toMatchObject({ code: 400, message: MEMBER_CARE_MSG.note });
    expect(await post(support, `/members/${m.id}/notes`, { body: 'x'.repeat(L.noteMax + 1) })).toMatchObject({ code: 400, message: MEMBER_CARE_MSG.note });
    expect(await post(support, `/members/${m.id}/notes`, { body: '来电咨询提款时间' })).toMatchObject({ code: 200, message: MEMBER_CARE_MSG.noteAdded });
    expect(await post(admin, `/members/${m.id}/notes`, { body: '已核实身份\n第二行' })).toMatchObject({ code: 200 });
    expect((await care(m.id)).notes).toMatchObject([
      { body: '已核实身份\n第二行', staff_name: 'admin' },
      { body: '来电咨询提款时间', staff_name: support.username },
    ]);
    expect(await auditRows(s, 'member.note', `member:${m.id}`)).toHaveLength(2);
  });

  it('replaces the tag set within its limits', async () => {
    const m = await member();
    const tooMany = Array.from({ length: L.tagsMax + 1 }, (_, i) => `标签${i}`);
    const cases: Array<[unknown, string]> = [
      [tooMany, MEMBER_CARE_MSG.tagsMax],
      [[''], MEMBER_CARE_MSG.tag],
      [['x'.repeat(L.tagMax + 1)], MEMBER_CARE_MSG.tag],
      [['高价值', '高价值'], fmt(MEMBER_CARE_MSG.tagDuplicate, { tag: '高价值' })],
    ];
    for (const [tags, message] of cases) expect(await post(support, `/members/${m.id}/tags`, { tags, reason: REASON })).toMatchObject({ code: 400, message });
    expect(await post(support, `/members/${m.id}/tags`, { tags: ['高价值', ' 需回访 '], reason: REASON })).toMatchObject({ code: 200, message: MEMBER_CARE_MSG.tagsSaved, data: { tags: ['高价值', '需回访'] } });
    expect((await care(m.id)).tags.sort()).toEqual(['需回访', '高价值'].sort());
    const full = Array.from({ length: L.tagsMax }, (_, i) => `T${i}`);
    expect(await post(support, `/members/${m.id}/tags`, { tags: full, reason: REASON })).toMatchObject({ code: 200 });
    expect((await care(m.id)).tags.sort()).toEqual([...full].sort());
    expect(await post(support, `/members/${m.id}/tags`, { tags: [], reason: REASON })).toMatchObject({ code: 200 });
    expect((await care(m.id)).tags).toEqual([]);
    const audits = await auditRows(s, 'member.tags', `member:${m.id}`);
    expect(audits).toHaveLength(3);
    expect(audits[0]!.after).toMatchObject({ tags: ['高价值', '需回访'], reason: REASON });
  });
});

describe('corrections: name, mobile, email', () => {
  const profileOf = (id: number) => s.db.kysely.selectFrom('members').select(['realname', 'mobile', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
  const good = { realname: '张小明', mobile: '13800138000', email: 'ming@example.com', reason: REASON };

  it('corrects them with a reason; the member reads them; the audit row keeps before and after', async () => {
    const m = await member();
    const before = await profileOf(m.id);
    const r = await post(support, `/members/${m.id}/profile`, good);
    expect(r).toMatchObject({ code: 200, message: MEMBER_FIX_MSG.profileSaved, data: { realname: '张小明', mobile: '13800138000', email: 'ming@example.com' } });
    expect(await profileOf(m.id)).toEqual({ realname: '张小明', mobile: '13800138000', email: 'ming@example.com' });
    expect((await s.api('/api/user', {}, { token: m.token })).data).toMatchObject({ realname: '张小明', mobile: '13800138000', email: 'ming@example.com' });
    const audits = await auditRows(s, 'member.profile', `member:${m.id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toEqual(before);
    expect(audits[0]!.after).toEqual({ realname: '张小明', mobile: '13800138000', email: 'ming@example.com', reason: REASON });
    expect(audits[0]!.staff_id).toBe(support.id);
  });

  it('refuses bad values with the member rules\' Chinese messages and changes nothing', async () => {
    const m = await member();
    const before = await profileOf(m.id);
    const reasonMsg = fmt(MEMBER_CARE_MSG.reason, { max: ADMIN_LIMITS.reasonMax });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ realname: '' }, MEMBER_FIX_MSG.realname],
      [{ realname: '名'.repeat(MEMBER_FIX_LIMITS.realnameMax + 1) }, MEMBER_FIX_MSG.realname],
      [{ mobile: '12345' }, MSG.mobileInvalid],
      [{ mobile: '1380013800a' }, MSG.mobileInvalid],
      [{ email: 'not-an-email' }, MSG.emailInvalid],
      [{ email: `${'a'.repeat(60)}@example.com` }, MSG.emailInvalid],
      [{ reason: '' }, reasonMsg],
      [{ reason: 'x'.repeat(ADMIN_LIMITS.reasonMax + 1) }, reasonMsg],
    ];
    for (const [patch, message] of cases) expect(await post(support, `/members/${m.id}/profile`, { ...good, ...patch }), JSON.stringify(patch)).toMatchObject({ code: 400, message });
    expect(await profileOf(m.id)).toEqual(before);
    expect(await auditRows(s, 'member.profile', `member:${m.id}`)).toHaveLength(0);
  });

  it('clears an empty mobile or email, answers 409 资料没有变化 for the same set, 404 for no member', async () => {
    const m = await member();
    expect(await post(support, `/members/${m.id}/profile`, good)).toMatchObject({ code: 200 });
    expect(await post(support, `/members/${m.id}/profile`, good)).toMatchObject({ code: 409, message: MEMBER_FIX_MSG.profileUnchanged });
    expect(await post(support, `/members/${m.id}/profile`, { ...good, mobile: '', email: '' })).toMatchObject({ code: 200 });
    expect(await profileOf(m.id)).toEqual({ realname: '张小明', mobile: '', email: '' });
    expect(await post(support, '/members/999999/profile', good)).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect(await auditRows(s, 'member.profile', `member:${m.id}`)).toHaveLength(2);
  });

  it('is refused to operations and finance with 403, nothing changed', async () => {
    const m = await member();
    const before = await profileOf(m.id);
    for (const who of [operations, finance]) expect(await post(who, `/members/${m.id}/profile`, good)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await profileOf(m.id)).toEqual(before);
  });
});

describe('corrections: unbinding a card', () => {
  const BANK = { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222 0212 3456 7890', pay_pass: PAY_PASSWORD };
  async function withCard() {
    const m = await member();
    expect(await s.api('/api/bindcard', BANK, { token: m.token })).toMatchObject({ code: 200 });
    const cards = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data as Array<{ id: number }>;
    return { ...m, cardId: cards[0]!.id };
  }

  it('unbinds with a reason: the member no longer has it and may bind it again; audited with the number masked', async () => {
    const m = await withCard();
    expect(await post(support, `/members/${m.id}/cards/${m.cardId}/unbind`, { reason: REASON })).toMatchObject({ code: 200, message: MEMBER_FIX_MSG.cardUnbound });
    expect((await s.api('/api/getcard', { type: 1 }, { token: m.token })).data).toEqual([]);
    const audits = await auditRows(s, 'member.card_unbind', `member:${m.id}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ card_id: m.cardId, bank: '中国工商银行', bank_owner: '张三', bank_no: '**** **** **** 7890', deleted: false });
    expect(audits[0]!.after).toMatchObject({ card_id: m.cardId, deleted: true, reason: REASON });
    expect(JSON.stringify(audits[0])).not.toContain('6222021234567890');
    expect(await s.api('/api/bindcard', BANK, { token: m.token })).toMatchObject({ code: 200 });
  });

  it('needs a reason, refuses another member\'s or an unbound card with 404, and 403 without members.care', async () => {
    const m = await withCard();
    const other = await member();
    const reasonMsg = fmt(MEMBER_CARE_MSG.reason, { max: ADMIN_LIMITS.reasonMax });
    expect(await post(support, `/members/${m.id}/cards/${m.cardId}/unbind`, {})).toMatchObject({ code: 400, message: reasonMsg });
    expect(await post(support, `/members/${other.id}/cards/${m.cardId}/unbind`, { reason: REASON })).toMatchObject({ code: 404, message: MSG.cardMissing });
    for (const who of [operations, finance]) expect(await post(who, `/members/${m.id}/cards/${m.cardId}/unbind`, { reason: REASON })).toMatchObject({ code: 403 });
    expect((await s.api('/api/getcard', { type: 1 }, { token: m.token })).data).toHaveLength(1);
    expect(await auditRows(s, 'member.card_unbind', `member:${m.id}`)).toHaveLength(0);
    expect(await post(support, `/members/${m.id}/cards/${m.cardId}/unbind`, { reason: REASON })).toMatchObject({ code: 200 });
    expect(await post(support, `/members/${m.id}/cards/${m.cardId}/unbind`, { reason: REASON })).toMatchObject({ code: 404, message: MSG.cardMissing });
  });
});

describe('corrections: moving a member to another agent', () => {
  const inviterOf = async (id: number) => (await s.db.kysely.selectFrom('members').select('inviter_id').where('id', '=', id).executeTakeFirstOrThrow()).inviter_id;
  async function agent() {
    const a = await member();
    expect(await post(admin, `/members/${a.id}/agent`, { isagent: 1, reason: '合作方' })).toMatchObject({ code: 200 });
    return a;
  }

  it('moves by username or ID into the new agent\'s team, audited before and after; the agent portal counts it', async () => {
    const [first, second] = [await agent(), await agent()];
    const m = await member();
    const r = await post(operations, `/members/${m.id}/agent/move`, { agent: first.name, reason: REASON });
    expect(r).toMatchObject({ code: 200, message: MEMBER_FIX_MSG.agentMoved, data: { inviter_id: first.id, inviter_username: first.name } });
    expect(Number(await inviterOf(m.id))).toBe(first.id);
    expect(await post(operations, `/members/${m.id}/agent/move`, { agent: String(second.id), reason: REASON })).toMatchObject({ code: 200, data: { inviter_id: second.id } });
    const audits = await auditRows(s, 'member.move_agent', `member:${m.id}`);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ member_id: m.id, inviter_id: null, inviter_username: '' }, { member_id: m.id, inviter_id: first.id, inviter_username: first.name, reason: REASON }],
      [{ member_id: m.id, inviter_id: first.id, inviter_username: first.name }, { member_id: m.id, inviter_id: second.id, inviter_username: second.name, reason: REASON }],
    ]);
    const agentView = await get(admin, `/members/${second.id}/agent`);
    expect(agentView.data.invited).toBe(1);
  });

  it('refuses a non-agent, the member itself, the same agent and its own downline, with Chinese messages, nothing moved', async () => {
    const top = await agent();
    const sub = await agent();
    const plain = await member();
    const reasonMsg = fmt(MEMBER_CARE_MSG.reason, { max: ADMIN_LIMITS.reasonMax });
    expect(await post(operations, `/members/${sub.id}/agent/move`, { agent: top.name, reason: REASON })).toMatchObject({ code: 200 });
    const cases: Array<[number, Record<string, unknown>, number, string]> = [
      [plain.id, { agent: '', reason: REASON }, 400, MEMBER_FIX_MSG.agentEmpty],
      [plain.id, { agent: top.name }, 400, reasonMsg],
      [plain.id, { agent: 'nobody-here', reason: REASON }, 400, MEMBER_FIX_MSG.agentMissing],
      [top.id, { agent: plain.name, reason: REASON }, 400, MEMBER_FIX_MSG.agentMissing],
      [top.id, { agent: top.name, reason: REASON }, 400, MEMBER_FIX_MSG.agentSelf],
      [sub.id, { agent: top.name, reason: REASON }, 409, MEMBER_FIX_MSG.agentSame],
      [top.id, { agent: sub.name, reason: REASON }, 400, MEMBER_FIX_MSG.agentCycle],
      [999999, { agent: top.name, reason: REASON }, 404, ADMIN_MSG.memberMissing],
    ];
    for (const [id, body, code, message] of cases) expect(await post(operations, `/members/${id}/agent/move`, body), JSON.stringify(body)).toMatchObject({ code, message });
    expect(await inviterOf(top.id)).toBeNull();
    expect(await inviterOf(plain.id)).toBeNull();
    expect(Number(await inviterOf(sub.id))).toBe(top.id);
    expect(await auditRows(s, 'member.move_agent', `member:${top.id}`)).toHaveLength(0);
  });

  it('is refused to support and finance with 403', async () => {
    const a = await agent();
    const m = await member();
    for (const who of [support, finance]) expect(await post(who, `/members/${m.id}/agent/move`, { agent: a.name, reason: REASON })).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await inviterOf(m.id)).toBeNull();
  });
});
