import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TRANS_TYPE } from '@app/contract';
import { beijing, beijingDayStart } from '../src/lib/time.js';
import { approveDeposit, rejectDeposit } from '../src/modules/deposits/review.js';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/withdrawals/review.js';
import { into } from './transfer-helpers.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

let s: TestServer;
let staffId: number;
let venues: Array<{ code: string; name: string }>;
beforeAll(async () => {
  s = await startServer();
  staffId = (await s.db.kysely.insertInto('staff').values({ username: uniqueName('staff'), password_hash: 'x', role: 'finance' }).returning('id').executeTakeFirstOrThrow()).id;
  venues = await s.db.kysely.selectFrom('venues').select(['code', 'name']).orderBy('sort').execute();
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

function records(token: string, body: Record<string, unknown>) {
  return s.api('/api/gettransrecord', body, { token });
}

/** A deposit row straight in the table (the read side is under test here, not the submit). */
async function insertDeposit(memberId: number, createdAt: Date, fen = 10000, extra: { state?: number; reason?: string } = {}) {
  const no = `D${randomBytes(8).toString('hex')}`;
  await s.db.kysely.insertInto('deposits').values({ deposit_no: no, member_id: memberId, method: 'alipay', amount_fen: fen, receiving_account_id: null, created_at: createdAt, ...extra }).execute();
  return no;
}

async function insertTransfer(memberId: number, venue: string, direction: 3 | 4, fen: number, state: 0 | 1 | 2, createdAt = new Date()) {
  const no = `T${randomBytes(8).toString('hex')}`;
  await s.db.kysely.insertInto('transfers').values({ order_no: no, member_id: memberId, venue, direction, amount_fen: fen, state, created_at: createdAt }).execute();
  return no;
}

describe('POST /api/gettransrecord without a session', () => {
  it('answers code 401 with 请登录！', async () => {
    expect(await s.api('/api/gettransrecord', { type: 1 })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
});

describe('deposits (type 1)', () => {
  it('lists the member’s deposits newest first with number, amount, method, state, reason and time', async () => {
    const m = await member();
    const bank = await s.api('/api/recharge', { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '中国工商银行', bank_no: '6222021234567890', bank_address: '北京' }, { token: m.token });
    const ali = await s.api('/api/recharge', { paytype: 'alipay', amount: 200.5 }, { token: m.token });
    const usdt = await s.api('/api/recharge', { paytype: 'usdt', catepay: 'ERC20', amount: 1000 }, { token: m.token });
    const idOf = async (no: string) => (await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', no).executeTakeFirstOrThrow()).id;
    await rejectDeposit(s.db.kysely, await idOf(ali.data.deposit_no), staffId, '未收到款项');
    await approveDeposit(s.db.kysely, await idOf(usdt.data.deposit_no), staffId);

    const r = await records(m.token, { type: 1, date: 1, page: 1 });
    expect(r).toMatchObject({ code: 200, data: { total: 3, current_page: 1, per_page: 15, last_page: 1 } });
    expect(r.data.data).toEqual([
      { id: expect.any(Number), type: 1, out_trade_no: usdt.data.deposit_no, amount: 1000, pay_way: 'USDT-ERC20', api_type: '', state: 2, state_text: '已通过', remark: '', created_at: expect.stringMatching(TIME) },
      { id: expect.any(Number), type: 1, out_trade_no: ali.data.deposit_no, amount: 200.5, pay_way: '支付宝', api_type: '', state: 3, state_text: '已拒绝', remark: '未收到款项', created_at: expect.stringMatching(TIME) },
      { id: expect.any(Number), type: 1, out_trade_no: bank.data.deposit_no, amount: 500, pay_way: '银行卡转账', api_type: '', state: 1, state_text: '待审核', remark: '', created_at: expect.stringMatching(TIME) },
    ]);
    // the defaults are type 1 and the last 30 days; api_type is ignored for deposits
    expect((await records(m.token, {})).data.total).toBe(3);
    expect((await records(m.token, { type: 1, api_type: venues[0]!.code })).data.total).toBe(3);
  });
});

describe('withdrawals (type 2)', () => {
  it('shows 银行卡 or USDT-<network>, the USDT lines, the rejection reason and the states', async () => {
    const m = await member();
    await fund(s, m.id, 3000);
    const bind = (body: Record<string, unknown>) => s.api('/api/bindcard', { ...body, pay_pass: PAY }, { token: m.token });
    await bind({ bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890' });
    await bind({ bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' });
    const [bankCard] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
    const [trcCard] = (await s.api('/api/getcard', { type: 2 }, { token: m.token })).data;
    const w = async (amount: number, bank: number) => {
      const r = await s.api('/api/withdraw', { amount, bank, password: PAY }, { token: m.token });
      expect(r.code).toBe(200);
      return { no: r.data.withdraw_no as string, id: (await s.db.kysely.selectFrom('withdrawals').select('id').where('withdraw_no', '=', r.data.withdraw_no).executeTakeFirstOrThrow()).id };
    };
    const paid = await w(100, bankCard.id);
    const refunded = await w(200, bankCard.id);
    const usdtPending = await w(1000, trcCard.id);
    const usdtRefused = await w(300, trcCard.id);
    await approveWithdrawal(s.db.kysely, paid.id, staffId);
    await rejectWithdrawal(s.db.kysely, refunded.id, staffId, '银行卡信息有误');
    await rejectWithdrawal(s.db.kysely, usdtRefused.id, staffId, '地址风险');

    const r = await records(m.token, { type: 2, date: 1 });
    expect(r.data).toMatchObject({ total: 4, last_page: 1 });
    expect(r.data.data.map((x: Record<string, unknown>) => [x.out_trade_no, x.amount, x.pay_way, x.state, x.state_text, x.remark, x.type, x.api_type])).toEqual([
      [usdtRefused.no, 300, 'USDT-TRC20', 3, '已拒绝', '地址风险', 2, ''],
      // 1000 / 7.3 = 136.98 USDT, TRC20 fee 1
      [usdtPending.no, 1000, 'USDT-TRC20', 1, '待审核', '≈ 136.98 USDT，手续费 1.00，到账 135.98', 2, ''],
      [refunded.no, 200, '银行卡', 3, '已拒绝', '银行卡信息有误', 2, ''],
      [paid.no, 100, '银行卡', 2, '已通过', '', 2, ''],
    ]);
  });
});

describe('transfers (types 3 and 4)', () => {
  it('reads transfers into (3) and out of (4) venues with the venue name, code and transfer states', async () => {
    const m = await member();
    const [a, b] = venues;
    await insertTransfer(m.id, a!.code, 3, 10000, 1, new Date(Date.now() - 3000));
    await insertTransfer(m.id, b!.code, 3, 5050, 0, new Date(Date.now() - 2000));
    await insertTransfer(m.id, a!.code, 3, 700, 2, new Date(Date.now() - 1000));
    await insertTransfer(m.id, a!.code, 4, 9900, 1);

    const into = await records(m.token, { type: 3, date: 1 });
    expect(into.data.total).toBe(3);
    expect(into.data.data).toEqual([
      { id: expect.any(Number), type: 3, out_trade_no: '', amount: 7, pay_way: a!.name, api_type: a!.code, state: 2, state_text: '待结算', remark: '', created_at: expect.stringMatching(TIME) },
      { id: expect.any(Number), type: 3, out_trade_no: '', amount: 50.5, pay_way: b!.name, api_type: b!.code, state: 0, state_text: '失败', remark: '', created_at: expect.stringMatching(TIME) },
      { id: expect.any(Number), type: 3, out_trade_no: '', amount: 100, pay_way: a!.name, api_type: a!.code, state: 1, state_text: '成功', remark: '', created_at: expect.stringMatching(TIME) },
    ]);
    const out = await records(m.token, { type: 4, date: 1 });
    expect(out.data.data).toMatchObject([{ type: 4, amount: 99, pay_way: a!.name, api_type: a!.code, state: 1, state_text: '成功' }]);

    // api_type filters by venue
    expect((await records(m.token, { type: 3, api_type: a!.code })).data.total).toBe(2);
    expect((await records(m.token, { type: 3, api_type: b!.code })).data.data).toMatchObject([{ amount: 50.5 }]);
    expect((await records(m.token, { type: 4, api_type: b!.code })).data.total).toBe(0);
    expect((await records(m.token, { type: 3, api_type: 'no-such-venue' })).data).toEqual({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 });
    expect((await records(m.token, { type: 3, api_type: '' })).data.total).toBe(3);
    // transfers are not deposits
    expect((await records(m.token, { type: 1 })).data.total).toBe(0);
  });
});

describe('全部 (type 0) and the wallet movements 6–10: the ledger with the balance after each', () => {
  it('lists every movement of the central wallet newest first, signed, each with the balance right after it', async () => {
    const m = await member();
    await fund(s, m.id, 1000);
    const dep = await s.api('/api/recharge', { paytype: 'alipay', amount: 200.5 }, { token: m.token });
    const depId = (await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow()).id;
    await approveDeposit(s.db.kysely, depId, staffId);
    const rejected = await s.api('/api/recharge', { paytype: 'alipay', amount: 300 }, { token: m.token });
    const rejectedId = (await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', rejected.data.deposit_no).executeTakeFirstOrThrow()).id;
    await rejectDeposit(s.db.kysely, rejectedId, staffId, '未收到款项');
    const venue = venues[0]!;
    expect(await s.api('/api/transfer', into(venue.code, 150), { token: m.token })).toMatchObject({ code: 200 });

    const all = await records(m.token, { type: TRANS_TYPE.all, date: 1 });
    expect(all).toMatchObject({ code: 200, data: { total: 3, current_page: 1, last_page: 1 } });
    expect(all.data.data).toEqual([
      { id: expect.any(Number), type: 3, out_trade_no: expect.any(String), amount: -150, pay_way: '转入场馆', api_type: venue.code, state: 1, state_text: '', remark: '', created_at: expect.stringMatching(TIME), balance: 1050.5 },
      { id: expect.any(Number), type: 1, out_trade_no: dep.data.deposit_no, amount: 200.5, pay_way: '存款', api_type: '', state: 1, state_text: '', remark: '', created_at: expect.stringMatching(TIME), balance: 1200.5 },
      // the test's funding is a staff adjustment: its stated reason is the remark
      { id: expect.any(Number), type: 10, out_trade_no: '', amount: 1000, pay_way: '人工调整', api_type: '', state: 1, state_text: '', remark: 'test funding', created_at: expect.stringMatching(TIME), balance: 1000 },
    ]);
    // the newest balance is the wallet's; the rejected deposit moved no money and is not a movement
    expect((await s.api('/api/user', {}, { token: m.token })).data.balance).toBe(1050.5);
    // each type lists its own kinds, the balance still the wallet's at that point
    expect((await records(m.token, { type: TRANS_TYPE.adjustment })).data.data).toMatchObject([{ amount: 1000, balance: 1000, remark: 'test funding' }]);
    expect((await records(m.token, { type: TRANS_TYPE.lottery })).data.total).toBe(0);
    // the spec's order lists are unchanged: both deposits, with their states
    expect((await records(m.token, { type: TRANS_TYPE.deposit })).data.data.map((r: { state_text: string }) => r.state_text)).toEqual(['已拒绝', '已通过']);
  });

  it('keeps the running balance exact across pages', async () => {
    const m = await member();
    for (let i = 1; i <= 20; i++) await fund(s, m.id, i);
    const first = (await records(m.token, { type: 0, page: 1 })).data;
    const second = (await records(m.token, { type: 0, page: 2 })).data;
    expect([first.total, first.last_page, first.data.length, second.data.length]).toEqual([20, 2, 15, 5]);
    const rows = [...first.data, ...second.data] as Array<{ amount: number; balance: number }>;
    expect(rows.map((r) => r.amount)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    // each balance is the next (older) one plus this movement; the oldest is its own amount
    rows.forEach((r, i) => expect(r.balance).toBe(i + 1 < rows.length ? rows[i + 1]!.balance + r.amount : r.amount));
    expect(rows[0]!.balance).toBe(210);
  });

  it('shows a member only their own wallet', async () => {
    const a = await member();
    const b = await member();
    await fund(s, a.id, 10);
    expect((await records(b.token, { type: 0 })).data.total).toBe(0);
  });
});

describe('date filter (Beijing days) and paging', () => {
  it('counts from the start of the Beijing day N−1 days ago: 1 today, 2 seven days, 3 fifteen, 4 thirty', async () => {
    const m = await member();
    const now = new Date();
    const at = (daysBack: number, deltaS = 0) => new Date(beijingDayStart(now, daysBack).getTime() + deltaS * 1000);
    const stamps = [new Date(now.getTime() - 1000), at(0), at(0, -1), at(6), at(6, -1), at(14), at(14, -1), at(29), at(29, -1), at(40)];
    for (const t of stamps) await insertDeposit(m.id, t);
    const total = async (date: number) => (await records(m.token, { type: 1, date })).data.total;
    expect([await total(1), await total(2), await total(3), await total(4)]).toEqual([2, 4, 6, 8]);
    // the boundary of today is 00:00 Beijing time
    const today = (await records(m.token, { type: 1, date: 1 })).data.data as Array<{ created_at: string }>;
    expect(today.map((r) => r.created_at)).toEqual([beijing(stamps[0]), `${beijing(now).slice(0, 10)} 00:00:00`]);
  });

  it('pages 15 at a time, newest first, without repeats, and answers past the end with an empty page', async () => {
    const m = await member();
    const base = Date.now() - 3600_000;
    const numbers: string[] = [];
    for (let i = 0; i < 33; i++) numbers.push(await insertDeposit(m.id, new Date(base + i * 1000), 10000 + i));
    const newestFirst = [...numbers].reverse();
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const r = await records(m.token, { type: 1, date: 4, page });
      expect(r.data).toMatchObject({ total: 33, current_page: page, per_page: 15, last_page: 3 });
      expect(r.data.data).toHaveLength(page < 3 ? 15 : 3);
      seen.push(...r.data.data.map((x: { out_trade_no: string }) => x.out_trade_no));
    }
    expect(seen).toEqual(newestFirst);
    expect((await records(m.token, { type: 1, page: 4 })).data).toEqual({ data: [], total: 33, current_page: 4, per_page: 15, last_page: 3 });
    expect((await records(m.token, { type: 1, page: '2' })).data.data[0].amount).toBe(100.17);
  });
});

describe('ownership', () => {
  it('shows each member only their own deposits, withdrawals and transfers', async () => {
    const a = await member();
    const b = await member();
    await insertDeposit(a.id, new Date());
    await insertTransfer(a.id, venues[0]!.code, 3, 100, 1);
    await insertTransfer(a.id, venues[0]!.code, 4, 100, 1);
    await fund(s, a.id, 500);
    await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: PAY }, { token: a.token });
    const [card] = (await s.api('/api/getcard', { type: 1 }, { token: a.token })).data;
    expect((await s.api('/api/withdraw', { amount: 100, bank: card.id, password: PAY }, { token: a.token })).code).toBe(200);
    for (const type of [1, 2, 3, 4]) {
      expect((await records(a.token, { type })).data.total).toBe(1);
      expect((await records(b.token, { type })).data).toEqual({ data: [], total: 0, current_page: 1, per_page: 15, last_page: 1 });
    }
  });
});

describe('the trial account and odd input', () => {
  it('lets the trial account read its (empty) records', async () => {
    const g = await s.api('/api/guestlogin');
    expect(await records(g.data.api_token, { type: 1 })).toMatchObject({ code: 200, data: { current_page: 1, per_page: 15 } });
  });

  it.each([
    [{ type: 11 }, 1],
    [{ type: -1 }, 1],
    [{ type: 'x', date: 'y', page: -1 }, 1],
    [{ type: 3, api_type: 'x'.repeat(1000) }, 3],
    [{ type: [2, 3], date: { a: 1 }, page: 1e300 }, 1],
    [{ type: '2', date: '1' }, 2],
  ])('falls back to the defaults for %j', async (body, type) => {
    const m = await member();
    await insertDeposit(m.id, new Date());
    const r = await records(m.token, body);
    expect(r).toMatchObject({ status: 200, code: 200, data: { current_page: 1, per_page: 15 } });
    expect(r.data.total).toBe(type === 1 ? 1 : 0);
  });

  it.each([['a string'], [null], [[1, 2]]])('answers a body of %j with an envelope', async (body) => {
    const m = await member();
    const r = await records(m.token, body as unknown as Record<string, unknown>);
    expect(r.status).toBe(200);
    expect([200, 400]).toContain(r.code);
  });
});
