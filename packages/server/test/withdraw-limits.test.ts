import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, LIMITS, MEMBER_RATE_PER_MINUTE, MSG } from '@app/contract';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';

// Withdrawals and card bindings are limited per member: a rate per minute (across the member's
// sessions) and a cap on orders waiting for review, so one member cannot flood the queue
// (107 orders/s were accepted from one member before).

const RATE = MEMBER_RATE_PER_MINUTE.withdraw;
const CAP = LIMITS.withdrawPendingMax;
const BIND_RATE = MEMBER_RATE_PER_MINUTE.bindcard;

let s: TestServer;
beforeAll(async () => {
  // The platform's own defaults (the harness switches them off for the other test files).
  s = await startServer({ rateLimits: { login: 0, register: 0, captcha: 0, withdraw: RATE, bindcard: BIND_RATE }, withdrawPendingMax: CAP });
});
afterAll(() => s.close());

interface Member {
  name: string;
  password: string;
  pay: string;
  token: string;
  card: number;
}

/** A member with a bank card and `yuan` in the central wallet (no turnover requirement). */
async function member(yuan: number): Promise<Member> {
  const m = await registerMember(s);
  // the payment password registerMember set (its own secret, or the login password on older harnesses)
  const pay = (m as { payPassword?: string | null }).payPassword ?? m.password;
  const bind = await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: pay }, { token: m.token });
  expect(bind.code).toBe(200);
  const card = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data[0].id as number;
  if (yuan > 0) await fund(s, await memberIdOf(s, m.token), yuan);
  return { name: m.name, password: m.password, pay, token: m.token, card };
}

const withdraw = (m: Member, token = m.token) => s.api('/api/withdraw', { type: 2, bank: m.card, amount: 100, password: m.pay }, { token });
const pendingCount = async (m: Member) =>
  (await s.db.kysely.selectFrom('withdrawals').select('id').where('member_id', '=', await memberIdOf(s, m.token)).where('state', '=', 1).execute()).length;

describe('withdrawal limits per member', () => {
  it(`refuses a withdrawal while ${CAP} of the member's orders wait for review, saying so`, async () => {
    expect(CAP).toBeLessThan(RATE);
    const m = await member(1000);
    for (let i = 0; i < CAP; i++) expect(await withdraw(m), `order ${i + 1}`).toMatchObject({ code: 200, message: MSG.withdrawSubmitted });
    expect(await withdraw(m)).toMatchObject({ status: 200, code: 400, message: fmt(MSG.withdrawPendingMax, { max: CAP }) });
    expect(await pendingCount(m)).toBe(CAP);
  });

  it('keeps the cap under parallel requests', async () => {
    const m = await member(1000);
    const results = await Promise.all(Array.from({ length: RATE }, () => withdraw(m)));
    expect(results.filter((r) => r.code === 200)).toHaveLength(CAP);
    for (const r of results.filter((x) => x.code !== 200)) expect(r.message).toBe(fmt(MSG.withdrawPendingMax, { max: CAP }));
    expect(await pendingCount(m)).toBe(CAP);
  });

  it(`answers the ${RATE + 1}th withdrawal within a minute with 操作过于频繁, across the member's sessions, and not for another member`, async () => {
    const m = await member(0); // no balance: each request is answered 余额不足, and counted
    for (let i = 0; i < RATE; i++) expect((await withdraw(m)).code, `request ${i + 1}`).not.toBe(429);
    const again = await withdraw(m);
    expect(again).toMatchObject({ status: 200, code: 429, message: MSG.tooManyRequests });
    const second = await s.api('/api/login_pc', { name: m.name, password: m.password });
    expect(second.code).toBe(200);
    expect(await withdraw(m, second.data.api_token)).toMatchObject({ code: 429, message: MSG.tooManyRequests });
    const other = await member(0);
    expect((await withdraw(other)).code).not.toBe(429);
  });

  it(`answers the ${BIND_RATE + 1}th card binding within a minute with 操作过于频繁`, async () => {
    const m = await member(0); // bound one card already
    for (let i = 1; i < BIND_RATE; i++) {
      const r = await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: `62220212345678${10 + i}`, pay_pass: m.pay }, { token: m.token });
      expect(r.code, `binding ${i + 1}`).not.toBe(429);
    }
    const r = await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567999', pay_pass: m.pay }, { token: m.token });
    expect(r).toMatchObject({ status: 200, code: 429, message: MSG.tooManyRequests });
  });
});
