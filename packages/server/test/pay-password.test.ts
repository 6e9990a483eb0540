import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, fmt, MSG, PAY_PASSWORD_LOCK, PAYPASS_MSG } from '@app/contract';
import { hashPassword } from '../src/lib/password.js';
import { beijing } from '../src/lib/time.js';
import { attachServer, CAPTCHA_BYPASS, fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The payment password (DESIGN §4): its own secret, set before the first card
 * binding or withdrawal, never the login password, and locked after PAY_PASSWORD_LOCK.maxFailures
 * wrong ones — per member, in the database, so on every instance.
 */

let s: TestServer;
let admin: string;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const MAX = PAY_PASSWORD_LOCK.maxFailures;
const BANK_NO = '6222021234567890';
const bankCard = (payPass: string, bankNo = BANK_NO) => ({ bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: bankNo, pay_pass: payPass });
const LOCKED_RE = /^支付密码错误次数过多，请于 \d{2}:\d{2} 后再试$/;

async function member(opts: { payPassword?: string | null } = {}) {
  const m = await registerMember(s, uniqueName('pp'), 'secret123', opts);
  return { ...m, id: await memberIdOf(s, m.token) };
}
type Member = Awaited<ReturnType<typeof member>>;

const bind = (m: { token: string }, payPass: string, bankNo = BANK_NO, server = s) => server.api('/api/bindcard', bankCard(payPass, bankNo), { token: m.token });
const cardCount = async (id: number) => (await s.db.kysely.selectFrom('member_cards').select('id').where('member_id', '=', id).execute()).length;
const lockMails = (id: number) => s.db.kysely.selectFrom('mails').selectAll().where('member_id', '=', id).where('title', '=', PAYPASS_MSG.payPasswordLockedMailTitle).execute();
const guard = (id: number) => s.db.kysely.selectFrom('pay_password_guards').selectAll().where('member_id', '=', id).executeTakeFirstOrThrow();
const userState = async (m: { token: string }) => (await s.api('/api/user', {}, { token: m.token })).data.paypass_state;

/** A member with a bank card bound and `yuan` in its wallet, ready to withdraw. */
async function withCard(yuan = 500): Promise<Member & { cardId: number }> {
  const m = await member();
  expect((await bind(m, PAY_PASSWORD)).code).toBe(200);
  const [card] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  await fund(s, m.id, yuan);
  return { ...m, cardId: card.id };
}

/** Wrong payment passwords at /api/bindcard, one after another, answered as told. */
async function wrongGuesses(m: Member, n: number) {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await bind(m, `wrong-${i}-pass`));
  return answers;
}

describe('payment password lock (PAY_PASSWORD_LOCK)', () => {
  it(`locks after ${MAX} wrong payment passwords with 支付密码错误次数过多，请于 HH:mm 后再试 and then refuses even the right one`, async () => {
    const m = await member();
    const answers = await wrongGuesses(m, MAX);
    for (const a of answers.slice(0, MAX - 1)) expect(a).toMatchObject({ status: 200, code: 400, message: MSG.payPasswordWrong });
    expect(answers[MAX - 1]).toMatchObject({ status: 200, code: 429, message: expect.stringMatching(LOCKED_RE) });
    const right = await bind(m, PAY_PASSWORD);
    expect(right).toMatchObject({ code: 429, message: expect.stringMatching(LOCKED_RE) });
    expect(await cardCount(m.id)).toBe(0);
  });

  it('says until when in Beijing time: the lock ends lockMinutes after the failure that set it', async () => {
    const m = await member();
    const before = Date.now();
    const answers = await wrongGuesses(m, MAX);
    const g = await guard(m.id);
    expect(g.locked_until).not.toBeNull();
    const untilMs = new Date(g.locked_until!).getTime();
    expect(untilMs - before).toBeGreaterThanOrEqual(PAY_PASSWORD_LOCK.lockMinutes * 60_000 - 1000);
    expect(untilMs - Date.now()).toBeLessThanOrEqual(PAY_PASSWORD_LOCK.lockMinutes * 60_000 + 1000);
    expect(answers[MAX - 1]!.message).toBe(fmt(PAYPASS_MSG.payPasswordLocked, { time: beijing(new Date(untilMs)).slice(11, 16) }));
  });

  it('mails the member once, when it locks, saying until when', async () => {
    const m = await member();
    await wrongGuesses(m, MAX - 1);
    expect(await lockMails(m.id)).toHaveLength(0);
    await wrongGuesses(m, 3);
    const mails = await lockMails(m.id);
    expect(mails).toHaveLength(1);
    const until = beijing((await guard(m.id)).locked_until!).slice(0, 16);
    expect(mails[0]!.content).toBe(fmt(PAYPASS_MSG.payPasswordLockedMailContent, { window: PAY_PASSWORD_LOCK.windowMinutes, count: MAX, until }));
  });

  it('counts a right payment password as a fresh start: failures before it do not add up with later ones', async () => {
    const m = await member();
    await wrongGuesses(m, MAX - 1);
    expect((await bind(m, PAY_PASSWORD)).code).toBe(200);
    const answers = await wrongGuesses(m, MAX - 1);
    for (const a of answers) expect(a.message).toBe(MSG.payPasswordWrong);
    expect((await bind(m, PAY_PASSWORD, '6222021234567891')).code).toBe(200);
  });

  it(`forgets failures older than ${PAY_PASSWORD_LOCK.windowMinutes} minutes`, async () => {
    const m = await member();
    await wrongGuesses(m, MAX - 1);
    await s.db.kysely
      .updateTable('pay_password_guards')
      .set({ window_started_at: new Date(Date.now() - (PAY_PASSWORD_LOCK.windowMinutes * 60_000 + 5000)) })
      .where('member_id', '=', m.id)
      .execute();
    const answers = await wrongGuesses(m, MAX - 1);
    for (const a of answers) expect(a.message).toBe(MSG.payPasswordWrong);
  });

  it('opens again when the lock has run out', async () => {
    const m = await member();
    await wrongGuesses(m, MAX);
    await s.db.kysely.updateTable('pay_password_guards').set({ locked_until: new Date(Date.now() - 1000), window_started_at: new Date(Date.now() - 1000) }).where('member_id', '=', m.id).execute();
    expect(await bind(m, PAY_PASSWORD)).toMatchObject({ code: 200, message: MSG.cardBound });
  });

  it('shares one count between /api/bindcard, /api/withdraw and /api/editPayPassword, and the lock holds at all three', async () => {
    const m = await withCard();
    expect((await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: 'wrong-pass1' }, { token: m.token })).message).toBe(MSG.payPasswordWrong);
    expect((await s.api('/api/editPayPassword', { password: 'wrong-pass2', paypassword: 'newpay1234' }, { token: m.token })).message).toBe(MSG.oldPasswordWrong);
    await wrongGuesses(m, MAX - 3);
    const locking = await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: 'wrong-pass3' }, { token: m.token });
    expect(locking).toMatchObject({ code: 429, message: expect.stringMatching(LOCKED_RE) });
    expect(await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: PAY_PASSWORD }, { token: m.token })).toMatchObject({ code: 429, message: locking.message });
    expect(await s.api('/api/editPayPassword', { password: PAY_PASSWORD, paypassword: 'newpay1234' }, { token: m.token })).toMatchObject({ code: 429, message: locking.message });
    expect(await s.db.kysely.selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toHaveLength(0);
  });

  it(`lets 20 parallel wrong guesses verify no more than ${MAX} before the lock`, async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => bind(m, `parallel-${i}-x`)));
    const wrong = answers.filter((a) => a.message === MSG.payPasswordWrong).length;
    const locked = answers.filter((a) => LOCKED_RE.test(a.message)).length;
    // The failure that locks answers the lock message, so at most MAX - 1 say 支付密码错误.
    expect(wrong).toBeLessThanOrEqual(MAX - 1);
    expect(wrong + locked).toBe(20);
    expect(await lockMails(m.id)).toHaveLength(1);
    expect((await bind(m, PAY_PASSWORD)).code).toBe(429);
    expect((await guard(m.id)).in_flight).toBe(0);
  });

  it('is shared across instances: failures on one, the lock on the other', async () => {
    const other = await attachServer(s);
    try {
      const m = await member();
      for (let i = 0; i < MAX - 1; i++) expect((await bind(m, `x-wrong-${i}`, BANK_NO, i % 2 ? other : s)).message).toBe(MSG.payPasswordWrong);
      expect((await bind(m, 'x-wrong-last', BANK_NO, other)).code).toBe(429);
      expect(await bind(m, PAY_PASSWORD, BANK_NO, s)).toMatchObject({ code: 429, message: expect.stringMatching(LOCKED_RE) });
    } finally {
      await other.close();
    }
  });
});

describe('staff and the payment password lock', () => {
  it('shows the lock at GET /admin/api/members/:id/pay-password (support may read)', async () => {
    const m = await member();
    expect(await adminCall(s, support.token, 'GET', `/members/${m.id}/pay-password`)).toMatchObject({ code: 200, data: { state: 1, failures: 0, locked_until: '' } });
    await wrongGuesses(m, 2);
    expect((await adminCall(s, support.token, 'GET', `/members/${m.id}/pay-password`)).data).toMatchObject({ failures: 2, locked_until: '' });
    await wrongGuesses(m, MAX - 2);
    const until = beijing((await guard(m.id)).locked_until!);
    expect((await adminCall(s, support.token, 'GET', `/members/${m.id}/pay-password`)).data).toMatchObject({ state: 1, locked_until: until });
    expect(await adminCall(s, support.token, 'GET', '/members/999999999/pay-password')).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
  });

  it('lifts it with POST /admin/api/members/:id/pay-password/unlock, audited, then the right password works', async () => {
    const m = await member();
    await wrongGuesses(m, MAX);
    const until = beijing((await guard(m.id)).locked_until!);
    expect(await adminCall(s, support.token, 'POST', `/members/${m.id}/pay-password/unlock`)).toMatchObject({ code: 403 });
    expect((await bind(m, PAY_PASSWORD)).code).toBe(429);
    expect(await adminCall(s, operations.token, 'POST', `/members/${m.id}/pay-password/unlock`)).toMatchObject({ code: 200, message: ADMIN_MSG.payPasswordUnlocked });
    const rows = await auditRows(s, 'member.paypass_unlock', `member:${m.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_name: operations.username });
    expect(JSON.parse(JSON.stringify(rows[0]!.before))).toEqual({ locked_until: until });
    expect((await adminCall(s, support.token, 'GET', `/members/${m.id}/pay-password`)).data).toMatchObject({ failures: 0, locked_until: '' });
    expect(await bind(m, PAY_PASSWORD)).toMatchObject({ code: 200, message: MSG.cardBound });
    // nothing left to lift: 409, no second audit row
    expect(await adminCall(s, operations.token, 'POST', `/members/${m.id}/pay-password/unlock`)).toMatchObject({ code: 409, message: ADMIN_MSG.payPasswordNotLocked });
    expect(await auditRows(s, 'member.paypass_unlock', `member:${m.id}`)).toHaveLength(1);
  });
});

describe('a payment password of its own (DESIGN §4)', () => {
  it('leaves a new member without one: paypass_state 0, and /api/bindcard answers 403 请先设置支付密码 with paypass_state 0', async () => {
    const m = await member({ payPassword: null });
    expect(await userState(m)).toBe(0);
    expect(await bind(m, m.password)).toMatchObject({ status: 200, code: 403, message: PAYPASS_MSG.payPasswordNotSet, data: { paypass_state: 0 } });
    expect(await cardCount(m.id)).toBe(0);
    expect((await s.api('/api/getcard', { type: 1 }, { token: m.token })).data).toEqual([]);
  });

  it('sets the first one with /api/setPayPassword (login password as proof), then binds with it and not with the login password', async () => {
    const m = await member({ payPassword: null });
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: '246810' }, { token: m.token })).toMatchObject({ code: 200, message: PAYPASS_MSG.payPasswordSet });
    expect(await userState(m)).toBe(1);
    expect(await bind(m, m.password)).toMatchObject({ code: 400, message: MSG.payPasswordWrong });
    expect(await bind(m, '246810')).toMatchObject({ code: 200, message: MSG.cardBound });
    // set once: later changes go through /password?type=2 with the old one
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: 'another99' }, { token: m.token })).toMatchObject({ code: 409, message: PAYPASS_MSG.payPasswordAlreadySet });
  });

  it.each([
    [{ password: '', paypassword: 'paypass99' }, PAYPASS_MSG.payPasswordLoginEmpty],
    [{ password: 'secret123', paypassword: '' }, PAYPASS_MSG.payPasswordNewEmpty],
    [{ password: 'x'.repeat(17), paypassword: 'paypass99' }, PAYPASS_MSG.payPasswordLoginWrong],
    [{ password: 'secret123', paypassword: '12345' }, '支付密码长度为6~18位'],
    [{ password: 'secret123', paypassword: 'p'.repeat(19) }, '支付密码长度为6~18位'],
    [{ password: 'secret123', paypassword: 'secret123' }, '支付密码不能与登录密码相同'],
    [{ password: 'notmypass', paypassword: 'paypass99' }, '登录密码错误'],
  ])('refuses /api/setPayPassword %j with %s and sets nothing', async (body, message) => {
    const m = await member({ payPassword: null });
    expect(await s.api('/api/setPayPassword', body, { token: m.token })).toMatchObject({ code: 400, message });
    expect(await userState(m)).toBe(0);
  });

  it('refuses /api/setPayPassword to the trial account with 试玩账号不支持此操作 and to nobody signed in', async () => {
    const trial = await s.api('/api/guestlogin');
    expect(trial.code).toBe(200);
    expect(await s.api('/api/setPayPassword', { password: 'whatever1', paypassword: 'paypass99' }, { token: trial.data.api_token })).toMatchObject({ code: 403, message: MSG.trialRefused });
    expect(await s.api('/api/bindcard', bankCard('whatever1'), { token: trial.data.api_token })).toMatchObject({ code: 403, message: MSG.trialRefused });
    expect(await s.api('/api/setPayPassword', { password: 'whatever1', paypassword: 'paypass99' })).toMatchObject({ code: 401 });
  });

  it('refuses a new payment password equal to the login password at /api/editPayPassword', async () => {
    const m = await member();
    expect(await s.api('/api/editPayPassword', { password: PAY_PASSWORD, paypassword: m.password }, { token: m.token })).toMatchObject({ code: 400, message: PAYPASS_MSG.payPasswordSameAsLogin });
    expect(await bind(m, PAY_PASSWORD)).toMatchObject({ code: 200 });
  });

  it('refuses a new login password equal to the payment password at /api/editPassword, and the sessions stay', async () => {
    const m = await member();
    expect(await s.api('/api/editPassword', { password: m.password, paypassword: PAY_PASSWORD }, { token: m.token })).toMatchObject({ code: 400, message: PAYPASS_MSG.loginPasswordSameAsPay });
    expect((await s.api('/api/user', {}, { token: m.token })).code).toBe(200);
    expect((await s.api('/api/login_pc', { name: m.name, password: m.password })).code).toBe(200);
  });

  it('sends a member without one from /api/editPayPassword to set one (403, paypass_state 0)', async () => {
    const m = await member({ payPassword: null });
    expect(await s.api('/api/editPayPassword', { password: m.password, paypassword: 'paypass99' }, { token: m.token })).toMatchObject({ code: 403, message: PAYPASS_MSG.payPasswordNotSet, data: { paypass_state: 0 } });
  });
});

describe('a payment password still equal to the login password (registered before DESIGN §4)', () => {
  /** A member as registration used to leave it: the payment password a copy of the login password, not yet compared. */
  async function legacyMember() {
    const m = await withCard();
    await s.db.kysely
      .updateTable('members')
      .set({ pay_password_hash: await hashPassword(m.password), pay_password_state: 3 })
      .where('id', '=', m.id)
      .execute();
    return m;
  }

  it('is found when presented at /api/bindcard: 403 with paypass_state 2, nothing bound, and /api/user says 2', async () => {
    const m = await legacyMember();
    expect(await userState(m)).toBe(1);
    expect(await bind(m, m.password, '6222021234567891')).toMatchObject({ code: 403, message: PAYPASS_MSG.payPasswordMustReplace, data: { paypass_state: 2 } });
    expect(await cardCount(m.id)).toBe(1);
    expect(await userState(m)).toBe(2);
    // asked before any password once known
    expect(await bind(m, 'anything1', '6222021234567891')).toMatchObject({ code: 403, data: { paypass_state: 2 } });
  });

  it('is found when presented at /api/withdraw: 403 with paypass_state 2 and nothing held', async () => {
    const m = await legacyMember();
    expect(await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: m.password }, { token: m.token })).toMatchObject({ code: 403, message: PAYPASS_MSG.payPasswordMustReplace, data: { paypass_state: 2 } });
    expect(await s.db.kysely.selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toHaveLength(0);
  });

  it('is replaced through /api/setPayPassword with the login password, then the member withdraws with the new one', async () => {
    const m = await legacyMember();
    await bind(m, m.password, '6222021234567891');
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: m.password }, { token: m.token })).toMatchObject({ code: 400, message: PAYPASS_MSG.payPasswordSameAsLogin });
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: 'fresh-pay-1' }, { token: m.token })).toMatchObject({ code: 200, message: PAYPASS_MSG.payPasswordSet });
    expect(await userState(m)).toBe(1);
    expect(await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: m.password }, { token: m.token })).toMatchObject({ code: 400, message: MSG.payPasswordWrong });
    expect(await s.api('/api/withdraw', { amount: 100, bank: m.cardId, password: 'fresh-pay-1' }, { token: m.token })).toMatchObject({ code: 200 });
  });

  it('is also found by /api/setPayPassword itself (a copy is replaced without a bind first)', async () => {
    const m = await legacyMember();
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: 'fresh-pay-2' }, { token: m.token })).toMatchObject({ code: 200 });
    expect(await bind(m, 'fresh-pay-2', '6222021234567891')).toMatchObject({ code: 200 });
  });

  it('keeps one of its own set before DESIGN §4: binds with it and /api/setPayPassword says it is set', async () => {
    const m = await withCard();
    await s.db.kysely.updateTable('members').set({ pay_password_hash: await hashPassword('own-pay-77'), pay_password_state: 3 }).where('id', '=', m.id).execute();
    expect(await bind(m, 'own-pay-77', '6222021234567891')).toMatchObject({ code: 200 });
    expect(await userState(m)).toBe(1);
    expect(await s.api('/api/setPayPassword', { password: m.password, paypassword: 'another-88' }, { token: m.token })).toMatchObject({ code: 409 });
  });
});

describe('registration and the payment password', () => {
  it('ignores a paypassword sent at /api/register: the login password is not a payment password', async () => {
    const name = uniqueName('rg');
    const r = await s.api('/api/register', { name, realname: name, password: 'secret123', confirmPass: 'secret123', paypassword: 'secret123', code: CAPTCHA_BYPASS, adult: 1 });
    expect(r.code).toBe(200);
    const m = { token: r.data.api_token as string };
    expect(await userState(m)).toBe(0);
    expect(await bind(m, 'secret123')).toMatchObject({ code: 403, data: { paypass_state: 0 } });
  });
});
