import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LIMITS, AGENT_MSG, fmt, ADMIN_LIMITS, MSG } from '@app/contract';
import { figuresOf, setAgent } from './figures-support.js';
import { memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * Agent applications (spec §5 agent application, §7 applyagentdo): the form's rules
 * in the spec's order, one open application per member, the trial account, a member who is an agent
 * already; staff approve (isagent 1, a mail) or reject with a reason (a mail, /applyagent shows it),
 * each exactly once under concurrent decisions; grant and revoke, audited; who may do what; a member
 * reads only its own application.
 */
let s: TestServer;
let admin: string;
let operations: Staff;
let finance: Staff;
let support: Staff;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  finance = await newStaff(s, admin, 'finance');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const MOBILE = '13812345678';

async function member() {
  const m = await registerMember(s, undefined, undefined, { payPassword: null });
  return { ...m, id: await memberIdOf(s, m.token) };
}
const apply = (token: string, body: Record<string, unknown>) => s.api('/api/applyagentdo', body, { token });
const status = (token: string, body: Record<string, unknown> = {}) => s.api('/api/applyagentstatus', body, { token });
const applications = (memberId: number) => s.db.kysely.selectFrom('agent_applications').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const isagent = async (memberId: number) => (await figuresOf(s.db.kysely, memberId)).isagent;
/** The member's agent mails (registration sends a welcome mail first). */
const AGENT_MAIL_TITLES = [AGENT_MSG.approvedMailTitle, AGENT_MSG.rejectedMailTitle, AGENT_MSG.grantedMailTitle];
const mails = (memberId: number) =>
  s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', memberId).where('title', 'in', AGENT_MAIL_TITLES).orderBy('id').execute();
const lastMail = async (memberId: number) => (await mails(memberId)).at(-1);

async function applied(token: string, memberId: number): Promise<number> {
  const r = await apply(token, { mobile: MOBILE, apply_info: '我有很多朋友想一起玩' });
  expect(r).toMatchObject({ code: 200, message: AGENT_MSG.submitted, data: { state: 0, state_text: '审核中', mobile: MOBILE } });
  const rows = await applications(memberId);
  return rows.at(-1)!.id;
}

describe('the member applies (POST /api/applyagentdo)', () => {
  it('answers a visitor 请先登录 and the trial account 试玩账号不支持此操作, before the form', async () => {
    expect(await s.api('/api/applyagentdo', { mobile: MOBILE, apply_info: 'x' })).toMatchObject({ code: 401 });
    const guest = (await s.api('/api/guestlogin')).data.api_token as string;
    // even with a form that breaks every rule: the trial account is refused first
    expect(await apply(guest, { mobile: '', apply_info: '' })).toMatchObject({ code: 403, message: MSG.trialRefused });
    expect(await apply(guest, { mobile: MOBILE, apply_info: '理由' })).toMatchObject({ code: 403, message: MSG.trialRefused });
    const guestId = await memberIdOf(s, guest);
    expect(await applications(guestId)).toEqual([]);
    expect(await status(guest)).toMatchObject({ code: 200, data: { isagent: 0, can_apply: false, application: null } });
  });

  it('runs the rules in the spec order: 请输入正确手机号, then 请输入申请理由, then the reason’s length', async () => {
    const m = await member();
    expect(await apply(m.token, { mobile: '', apply_info: '' })).toMatchObject({ code: 400, message: '请输入正确手机号' });
    expect(await apply(m.token, { mobile: '12345678901', apply_info: '' })).toMatchObject({ code: 400, message: MSG.mobileInvalid });
    expect(await apply(m.token, { mobile: '1381234567', apply_info: '理由' })).toMatchObject({ code: 400, message: '请输入正确手机号' });
    expect(await apply(m.token, { mobile: MOBILE, apply_info: '' })).toMatchObject({ code: 400, message: '请输入申请理由' });
    expect(await apply(m.token, { mobile: MOBILE, apply_info: '   ' })).toMatchObject({ code: 400, message: '请输入申请理由' });
    const long = '理'.repeat(AGENT_LIMITS.applyInfoMax + 1);
    expect(await apply(m.token, { mobile: MOBILE, apply_info: long })).toMatchObject({ code: 400, message: AGENT_MSG.applyInfoTooLong });
    expect(await applications(m.id)).toEqual([]);
    // the spec's optional prefixes 0, 86, 17951; a reason of exactly the limit, with a line break
    const ok = await apply(m.token, { mobile: `86${MOBILE}`, apply_info: `第一行\n${'理'.repeat(AGENT_LIMITS.applyInfoMax - 4)}` });
    expect(ok).toMatchObject({ code: 200, message: '申请已提交，请等待审核', data: { state: 0, mobile: `86${MOBILE}`, reason: '', reviewed_at: '' } });
    const rows = await applications(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ member_id: m.id, mobile: `86${MOBILE}`, state: 0 });
    expect(rows[0]!.apply_info.startsWith('第一行\n')).toBe(true);
  });

  it('keeps one open application: a second one is 您已提交申请，请等待审核, and 20 at once insert one row', async () => {
    const m = await member();
    await applied(m.token, m.id);
    expect(await apply(m.token, { mobile: MOBILE, apply_info: '再申请一次' })).toMatchObject({ code: 409, message: AGENT_MSG.pending });
    const other = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply(other.token, { mobile: MOBILE, apply_info: '并发' })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409 && a.message === AGENT_MSG.pending)).toHaveLength(19);
    expect(await applications(other.id)).toHaveLength(1);
  });

  it('refuses a member who is an agent already: 您已是代理，无需申请', async () => {
    const m = await member();
    await setAgent(s.db.kysely, m.id, true);
    expect(await apply(m.token, { mobile: MOBILE, apply_info: '理由' })).toMatchObject({ code: 400, message: AGENT_MSG.alreadyAgent });
    // the form's rules still come first
    expect(await apply(m.token, { mobile: 'x', apply_info: '理由' })).toMatchObject({ code: 400, message: MSG.mobileInvalid });
    expect(await applications(m.id)).toEqual([]);
    expect(await status(m.token)).toMatchObject({ code: 200, data: { isagent: 1, can_apply: false, application: null } });
  });
});

describe('what /applyagent reads (POST /api/applyagentstatus)', () => {
  it('shows the form before any application, then the application waiting, and only the member’s own', async () => {
    const a = await member();
    const b = await member();
    expect(await status(a.token)).toMatchObject({ code: 200, data: { isagent: 0, can_apply: true, application: null } });
    const id = await applied(a.token, a.id);
    const mine = await status(a.token);
    expect(mine.data).toMatchObject({ isagent: 0, can_apply: false, application: { id, state: 0, state_text: '审核中', mobile: MOBILE, apply_info: '我有很多朋友想一起玩' } });
    expect(mine.data.application.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // IDOR: b names a's application or a's member id; it still reads nothing but its own (none)
    for (const body of [{ id }, { member_id: a.id }, { uid: a.id, application_id: id }]) {
      const r = await status(b.token, body);
      expect(r).toMatchObject({ code: 200, data: { isagent: 0, can_apply: true, application: null } });
    }
    expect(await status('not-a-token')).toMatchObject({ code: 401 });
  });
});

describe('staff review the queue', () => {
  it('approves once: isagent 1, a mail, /api/user isagent 1, audited; 20 concurrent approvals and rejections make one decision', async () => {
    const m = await member();
    const id = await applied(m.token, m.id);
    const list = await adminCall(s, operations.token, 'GET', `/agent-applications?state=0&keyword=${m.name}`);
    expect(list).toMatchObject({ code: 200, data: { total: 1, data: [{ id, member_id: m.id, username: m.name, realname: m.name, mobile: MOBILE, state: 0, state_text: '审核中', isagent: 0 }] } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? adminCall(s, operations.token, 'POST', `/agent-applications/${id}/approve`) : adminCall(s, admin, 'POST', `/agent-applications/${id}/reject`, { reason: '资料不全' }),
      ),
    );
    const won = answers.filter((a) => a.code === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409 && a.message === MSG.conflict)).toHaveLength(19);
    const approvedNow = won[0]!.message === AGENT_MSG.approved;
    const row = (await applications(m.id))[0]!;
    expect(row.state).toBe(approvedNow ? 1 : 2);
    expect(await isagent(m.id)).toBe(approvedNow ? 1 : 0);
    const decided = [...(await auditRows(s, 'agent.approve', `agent_application:${id}`)), ...(await auditRows(s, 'agent.reject', `agent_application:${id}`))];
    expect(decided).toHaveLength(1);
    expect(await mails(m.id)).toHaveLength(1);
    // a decision after the fact changes nothing either
    expect(await adminCall(s, operations.token, 'POST', `/agent-applications/${id}/approve`)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await adminCall(s, operations.token, 'POST', `/agent-applications/${id}/reject`, { reason: '晚了' })).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await mails(m.id)).toHaveLength(1);
  });

  it('approval: the member becomes an agent, reads the mail, and /applyagent no longer offers the form', async () => {
    const m = await member();
    const id = await applied(m.token, m.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => adminCall(s, operations.token, 'POST', `/agent-applications/${id}/approve`)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const ok = answers.find((a) => a.code === 200)!;
    expect(ok).toMatchObject({ message: AGENT_MSG.approved, data: { id, state: 1, state_text: '已通过', reviewer: operations.username, isagent: 1 } });
    expect(await isagent(m.id)).toBe(1);
    const since = (await figuresOf(s.db.kysely, m.id)).agent_since;
    expect(since).not.toBeNull();
    expect(await mails(m.id)).toEqual([{ title: AGENT_MSG.approvedMailTitle, content: AGENT_MSG.approvedMailContent }]);
    expect((await s.api('/api/user', {}, { token: m.token })).data.isagent).toBe(1);
    expect(await status(m.token)).toMatchObject({ data: { isagent: 1, can_apply: false, application: { id, state: 1, state_text: '已通过' } } });
    expect(await apply(m.token, { mobile: MOBILE, apply_info: '再来' })).toMatchObject({ code: 400, message: AGENT_MSG.alreadyAgent });
    const audit = await auditRows(s, 'agent.approve', `agent_application:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, before: expect.objectContaining({ state: 0, isagent: 0 }), after: expect.objectContaining({ state: 1, isagent: 1 }) });
    // the agent list names it, with its invited members
    const friend = await registerMember(s, undefined, undefined, { payPassword: null });
    await s.db.kysely.updateTable('members').set({ inviter_id: m.id }).where('id', '=', await memberIdOf(s, friend.token)).execute();
    const agents = await adminCall(s, support.token, 'GET', `/agents?keyword=${m.name}`);
    expect(agents).toMatchObject({ code: 200, data: { total: 1, data: [{ member_id: m.id, username: m.name, invited: 1, state: 1 }] } });
    expect(agents.data.data[0].since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('rejection: the reason is required, mailed and shown on /applyagent, and the member may apply again', async () => {
    const m = await member();
    const id = await applied(m.token, m.id);
    expect(await adminCall(s, operations.token, 'POST', `/agent-applications/${id}/reject`, { reason: '  ' })).toMatchObject({
      code: 400,
      message: fmt(AGENT_MSG.rejectReason, { max: ADMIN_LIMITS.reasonMax }),
    });
    expect((await applications(m.id))[0]!.state).toBe(0);
    const r = await adminCall(s, operations.token, 'POST', `/agent-applications/${id}/reject`, { reason: '请先完成首存' });
    expect(r).toMatchObject({ code: 200, message: AGENT_MSG.rejected, data: { id, state: 2, state_text: '已拒绝', reason: '请先完成首存', isagent: 0 } });
    expect(await isagent(m.id)).toBe(0);
    expect(await lastMail(m.id)).toEqual({ title: AGENT_MSG.rejectedMailTitle, content: fmt(AGENT_MSG.rejectedMailContent, { reason: '请先完成首存' }) });
    expect(await status(m.token)).toMatchObject({ data: { isagent: 0, can_apply: true, application: { id, state: 2, state_text: '已拒绝', reason: '请先完成首存' } } });
    const audit = await auditRows(s, 'agent.reject', `agent_application:${id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ state: 2, reason: '请先完成首存' });
    // applying again opens a new application; the queue's tabs split them
    const again = await applied(m.token, m.id);
    expect(again).not.toBe(id);
    const rejected = await adminCall(s, support.token, 'GET', `/agent-applications?state=2&keyword=${m.id}`);
    expect(rejected.data.data.map((a: { id: number }) => a.id)).toEqual([id]);
    const all = await adminCall(s, support.token, 'GET', `/agent-applications?keyword=${m.name}`);
    expect(all.data.data.map((a: { id: number }) => a.id)).toEqual([again, id]);
    expect(await adminCall(s, support.token, 'GET', '/agent-applications?state=9')).toMatchObject({ code: 400 });
  });

  it('an unknown application is 申请记录不存在', async () => {
    expect(await adminCall(s, admin, 'POST', '/agent-applications/987654321/approve')).toMatchObject({ code: 404, message: AGENT_MSG.applicationMissing });
  });
});

describe('grant and revoke (POST /admin/api/members/:id/agent)', () => {
  it('grants with a reason (approving the application waiting, a mail), revokes, both audited with before and after; 20 concurrent grants make one', async () => {
    const m = await member();
    const appId = await applied(m.token, m.id);
    expect(await adminCall(s, operations.token, 'POST', `/members/${m.id}/agent`, { isagent: 1, reason: '' })).toMatchObject({
      code: 400,
      message: fmt(AGENT_MSG.changeReason, { max: ADMIN_LIMITS.reasonMax }),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => adminCall(s, operations.token, 'POST', `/members/${m.id}/agent`, { isagent: 1, reason: '线下合作伙伴' })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409 && a.message === AGENT_MSG.grantedAlready)).toHaveLength(19);
    expect(await isagent(m.id)).toBe(1);
    expect((await applications(m.id))[0]).toMatchObject({ id: appId, state: 1, reviewed_by: operations.id });
    expect(await lastMail(m.id)).toEqual({ title: AGENT_MSG.grantedMailTitle, content: AGENT_MSG.grantedMailContent });
    const grants = await auditRows(s, 'agent.grant', `member:${m.id}`);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ staff_id: operations.id, before: { member_id: m.id, isagent: 0, since: '' }, after: { member_id: m.id, isagent: 1, reason: '线下合作伙伴', application_id: appId } });
    const drawer = await adminCall(s, support.token, 'GET', `/members/${m.id}/agent`);
    expect(drawer).toMatchObject({ code: 200, data: { member_id: m.id, isagent: 1, is_trial: false, invited: 0, application: { id: appId, state: 1, reviewer: operations.username } } });
    expect(drawer.data.since).toBe((grants[0]!.after as { since: string }).since);

    const revoke = await adminCall(s, admin, 'POST', `/members/${m.id}/agent`, { isagent: 0, reason: '违规推广' });
    expect(revoke).toMatchObject({ code: 200, message: AGENT_MSG.revoked, data: { isagent: 0, since: '' } });
    expect(await isagent(m.id)).toBe(0);
    expect((await s.api('/api/user', {}, { token: m.token })).data.isagent).toBe(0);
    const revokes = await auditRows(s, 'agent.revoke', `member:${m.id}`);
    expect(revokes).toHaveLength(1);
    expect(revokes[0]).toMatchObject({ before: { isagent: 1, since: (grants[0]!.after as { since: string }).since }, after: { isagent: 0, since: '', reason: '违规推广' } });
    expect(await adminCall(s, admin, 'POST', `/members/${m.id}/agent`, { isagent: 0, reason: '再取消' })).toMatchObject({ code: 409, message: AGENT_MSG.revokedAlready });
    // no longer an agent: the member may apply again
    expect(await status(m.token)).toMatchObject({ data: { isagent: 0, can_apply: true } });
  });

  it('never makes the trial account an agent, and an unknown member is 会员不存在', async () => {
    const guest = (await s.api('/api/guestlogin')).data.api_token as string;
    const guestId = await memberIdOf(s, guest);
    expect(await adminCall(s, admin, 'POST', `/members/${guestId}/agent`, { isagent: 1, reason: '测试' })).toMatchObject({ code: 400, message: AGENT_MSG.trialNotAgent });
    expect(await isagent(guestId)).toBe(0);
    expect(await adminCall(s, admin, 'POST', '/members/987654321/agent', { isagent: 1, reason: '测试' })).toMatchObject({ code: 404, message: AGENT_MSG.memberMissing });
    expect(await adminCall(s, admin, 'GET', '/members/987654321/agent')).toMatchObject({ code: 404 });
  });
});

describe('who may do what', () => {
  it('operations review and manage; finance and support only read', async () => {
    const m = await member();
    const id = await applied(m.token, m.id);
    for (const t of [finance.token, support.token]) {
      expect(await adminCall(s, t, 'GET', '/agent-applications')).toMatchObject({ code: 200 });
      expect(await adminCall(s, t, 'GET', '/agents')).toMatchObject({ code: 200 });
      expect(await adminCall(s, t, 'GET', `/members/${m.id}/agent`)).toMatchObject({ code: 200 });
      expect(await adminCall(s, t, 'POST', `/agent-applications/${id}/approve`)).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', `/agent-applications/${id}/reject`, { reason: '无权' })).toMatchObject({ code: 403 });
      expect(await adminCall(s, t, 'POST', `/members/${m.id}/agent`, { isagent: 1, reason: '无权' })).toMatchObject({ code: 403 });
    }
    expect((await applications(m.id))[0]!.state).toBe(0);
    expect(await isagent(m.id)).toBe(0);
    // a member's token is not a staff session
    expect(await adminCall(s, m.token, 'GET', '/agent-applications')).toMatchObject({ code: 401 });
  });
});
