import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEPOSIT_EXPIRY, LIMITS, MSG, ORDER_STATE, overLimitText, TIMING } from '@app/contract';
import { memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';
import { expireDeposits } from '../src/modules/deposits/expiry.js';
import { memberBalanceFen } from '../src/modules/ledger/service.js';

/**
 * Deposit orders expire (DESIGN §1 scheduled expiry, spec §4 the 60-minute payment
 * countdown of /payInfo): an unpaid WeChat, Alipay or USDT order closes at the end of its window as
 * 已超时 (state 3, 超时未支付，订单已关闭), in the member's records and payinfo and in the console, and
 * staff can no longer approve it; it stops counting against the pending cap and the deposit limit.
 * Bank-transfer orders (sent after paying) have no window.
 */

let s: TestServer;
let finance: Staff;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  finance = await newStaff(s, await staffLogin(s, 'admin', ADMIN_PASSWORD), 'finance');
});
afterAll(() => s.close());

interface Member {
  id: number;
  token: string;
}

async function member(): Promise<Member> {
  const { token } = await registerMember(s);
  return { id: await memberIdOf(s, token), token };
}

const call = <T = any>(m: Member, path: string, body: unknown = {}) => s.api<T>(`/api${path}`, body, { token: m.token });
const staff = (path: string, body?: unknown) => adminCall(s, finance.token, 'POST', path, body);

/** An order through the member API: 'alipay', 'wxpay' or 'usdt' (TRC20), or a bank transfer. */
async function order(m: Member, way: 'alipay' | 'wxpay' | 'usdt' | 'bank', yuan = 500): Promise<{ id: number; no: string }> {
  const body =
    way === 'bank'
      ? { paytype: 'bank', amount: yuan, bank_owner: '张三', bank: '中国工商银行', bank_no: '6222021234567890', bank_address: '北京分行' }
      : way === 'usdt'
        ? { paytype: 'usdt', catepay: 'TRC20', amount: yuan }
        : { paytype: way, amount: yuan };
  const r = await call(m, '/recharge', body);
  expect(r.code, r.message).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select(['id', 'deposit_no']).where('member_id', '=', m.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { id: Number(row.id), no: row.deposit_no };
}

/** Moves an order's creation `minutes` into the past. */
async function aged(o: { id: number }, minutes: number) {
  await sql`UPDATE deposits SET created_at = now() - make_interval(mins => ${minutes}::int) WHERE id = ${o.id}`.execute(s.db.kysely);
}

const row = (o: { id: number }) => s.db.kysely.selectFrom('deposits').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
// 近7天, not 今天: an order aged by half an hour just after Beijing midnight was made the day before.
const depositRecords = async (m: Member) => (await call(m, '/gettransrecord', { type: 1, date: 2, page: 1 })).data.data as { out_trade_no: string; state: number; state_text: string; remark: string }[];
const recordOf = async (m: Member, o: { no: string }) => (await depositRecords(m)).find((r) => r.out_trade_no === o.no)!;

describe('an unpaid order closes at the end of its payment window', () => {
  it('shows 已超时 in the member’s records and payinfo; staff cannot approve or reject it; no money moves', async () => {
    const m = await member();
    const o = await order(m, 'wxpay', 300);
    await aged(o, TIMING.paymentWindowMin - 1);
    expect(await recordOf(m, o)).toMatchObject({ state: ORDER_STATE.pending, state_text: '待审核', remark: '' });
    const open = (await call(m, '/payinfo', { deposit_no: o.no })).data.info;
    expect(open).toMatchObject({ state: ORDER_STATE.pending, expired: false });
    expect(open.expires_in).toBeGreaterThan(50);

    await aged(o, TIMING.paymentWindowMin);
    // Read before any sweep: the member's own read closes it.
    expect(await recordOf(m, o)).toEqual(expect.objectContaining({ state: ORDER_STATE.rejected, state_text: '已超时', remark: '超时未支付，订单已关闭' }));
    expect((await call(m, '/payinfo', { deposit_no: o.no })).data.info).toMatchObject({ state: ORDER_STATE.rejected, expired: true, expires_in: 0 });
    expect(await row(o)).toMatchObject({ state: ORDER_STATE.rejected, reason: DEPOSIT_EXPIRY.remark, reviewed_by: null, journal_id: null });
    expect((await row(o)).expired_at).not.toBeNull();

    expect(await staff(`/deposits/${o.id}/approve`)).toMatchObject({ code: 409, message: MSG.depositExpired });
    expect(await staff(`/deposits/${o.id}/reject`, { reason: '未到账' })).toMatchObject({ code: 409, message: MSG.depositExpired });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    const listed = await adminCall(s, finance.token, 'GET', `/deposits?keyword=${o.no}`);
    expect(listed.data.data[0]).toMatchObject({ state: ORDER_STATE.rejected, state_text: '已超时', reason: DEPOSIT_EXPIRY.remark });
  });

  it('the sweep closes every member’s orders past the window, once; bank transfers and orders within it stay pending', async () => {
    const a = await member();
    const b = await member();
    const late = [await order(a, 'alipay'), await order(b, 'usdt'), await order(b, 'wxpay')];
    const early = await order(a, 'alipay');
    const bank = await order(b, 'bank');
    for (const o of late) await aged(o, 61);
    await aged(early, 59);
    await aged(bank, 180);
    const closed = await expireDeposits(s.db.kysely);
    expect(closed).toEqual(expect.arrayContaining(late.map((o) => o.id)));
    expect(closed).not.toContain(early.id);
    expect(closed).not.toContain(bank.id);
    for (const o of late) expect((await row(o)).state).toBe(ORDER_STATE.rejected);
    expect((await row(early)).state).toBe(ORDER_STATE.pending);
    expect((await row(bank)).state).toBe(ORDER_STATE.pending);
    expect(await expireDeposits(s.db.kysely)).toEqual([]);
    // Both still reviewable: the bank transfer after three hours, the other within its window.
    expect((await staff(`/deposits/${bank.id}/approve`)).code).toBe(200);
    expect((await staff(`/deposits/${early.id}/approve`)).code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(50000);
  });

  it('staff cannot approve an order past its window that no sweep has closed yet; nothing changes', async () => {
    const m = await member();
    const o = await order(m, 'alipay', 800);
    await aged(o, 61);
    expect(await staff(`/deposits/${o.id}/approve`)).toMatchObject({ code: 409, message: MSG.depositExpired });
    expect((await row(o)).journal_id).toBeNull();
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it('an expired order frees its place under the pending cap and no longer counts toward the deposit limit', async () => {
    const m = await member();
    const orders = [];
    for (let i = 0; i < LIMITS.depositPendingMax; i++) orders.push(await order(m, 'alipay', 100));
    expect((await call(m, '/recharge', { paytype: 'alipay', amount: 100 })).code).toBe(429);
    await aged(orders[0]!, 61);
    expect((await call(m, '/recharge', { paytype: 'alipay', amount: 100 })).code).toBe(200);

    const l = await member();
    expect((await call(l, '/protection/limit', { kind: 'deposit', period: 'day', limit: 1000 })).code).toBe(200);
    const big = await order(l, 'wxpay', 800);
    const tomorrow = new Date(Date.now() + 8 * 3_600_000);
    tomorrow.setUTCHours(24, 0, 0, 0);
    const resets = `${tomorrow.toISOString().slice(0, 10)} 00:00`;
    expect(await call(l, '/recharge', { paytype: 'wxpay', amount: 500 })).toMatchObject({ code: 403, message: overLimitText({ kind: 'deposit', period: 'day', limit: 1000, used: 800, resets_at: resets }) });
    await aged(big, 61);
    expect((await call(l, '/recharge', { paytype: 'wxpay', amount: 500 })).code).toBe(200);
  });
});
