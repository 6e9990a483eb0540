import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, MSG, usdtWithdrawalLines } from '@app/contract';
import { AppError } from '../src/http/errors.js';
import { approveDeposit } from '../src/modules/deposits/review.js';
import { HOUSE, memberBalanceFen, systemAccountId } from '../src/modules/ledger/service.js';
import { updateSettings } from '../src/modules/site/service.js';
import { reduceTurnoverRequirement } from '../src/modules/turnover/service.js';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/withdrawals/review.js';
import { setTurnoverRequirement } from './figures-support.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

let s: TestServer;
let staffId: number;
beforeAll(async () => {
  s = await startServer();
  const row = await s.db.kysely.insertInto('staff').values({ username: uniqueName('staff'), password_hash: 'x', role: 'finance' }).returning('id').executeTakeFirstOrThrow();
  staffId = row.id;
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const BANK_NO = '6222021234567890';
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

interface Member {
  id: number;
  name: string;
  token: string;
  bankCard: number;
  trcCard: number;
  ercCard: number;
}

/** A member with a bank card, a TRC20 and an ERC20 address, and `yuan` in the central wallet. */
async function member(yuan = 0): Promise<Member> {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  const bind = async (body: Record<string, unknown>) => expect((await s.api('/api/bindcard', { ...body, pay_pass: PAY }, { token: m.token })).code).toBe(200);
  await bind({ bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO });
  await bind({ bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC });
  await bind({ bank: 'USDT', bank_owner: 'ERC20', bank_no: ERC });
  const [bank] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  const [trc, erc] = (await s.api('/api/getcard', { type: 2 }, { token: m.token })).data;
  if (yuan > 0) await fund(s, id, yuan);
  return { id, name: m.name, token: m.token, bankCard: bank.id, trcCard: trc.id, ercCard: erc.id };
}

function withdraw(m: Member, body: Record<string, unknown>) {
  return s.api('/api/withdraw', body, { token: m.token });
}

async function withdrawalRow(no: string) {
  return s.db.kysely.selectFrom('withdrawals').selectAll().where('withdraw_no', '=', no).executeTakeFirstOrThrow();
}

async function houseFen(code: (typeof HOUSE)[keyof typeof HOUSE]) {
  const id = await systemAccountId(s.db.kysely, code);
  return (await s.db.kysely.selectFrom('ledger_accounts').select('balance_fen').where('id', '=', id).executeTakeFirstOrThrow()).balance_fen;
}

async function journalCount() {
  return Number((await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** A submitted withdrawal: its id and number. */
async function requested(m: Member, yuan: number, card = m.bankCard) {
  const r = await withdraw(m, { amount: yuan, bank: card, password: PAY });
  expect(r).toMatchObject({ code: 200, message: MSG.withdrawSubmitted });
  const row = await withdrawalRow(r.data.withdraw_no);
  return { id: row.id, no: row.withdraw_no };
}

describe('POST /api/withdraw without a session', () => {
  it('answers code 401 with 请登录！', async () => {
    expect(await s.api('/api/withdraw', { amount: 100, bank: 1, password: PAY })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
});

describe('POST /api/withdraw: the rules in order', () => {
  it.each([
    [{}, '请选择您要提现到的银行卡'],
    [{ type: 2 }, '请选择您要提现到的银行卡'],
    [{ type: 1 }, '请选择USDT地址'],
    [{ type: '1', amount: 50 }, '请选择USDT地址'],
    [{ bank: '', amount: 500, password: PAY }, '请选择您要提现到的银行卡'],
    [{ bank: 0, amount: 500, password: PAY }, '请选择您要提现到的银行卡'],
    [{ bank: 'CARD', amount: 99.99, password: PAY }, '单笔取款不能低于100元'],
    [{ bank: 'CARD' }, '单笔取款不能低于100元'],
    [{ bank: 'CARD', amount: 'abc', password: PAY }, '单笔取款不能低于100元'],
    [{ bank: 'CARD', amount: 100.001, password: PAY }, '单笔取款不能低于100元'],
    [{ bank: 'CARD', amount: -500, password: PAY }, '单笔取款不能低于100元'],
    [{ bank: 'CARD', amount: 100 }, '请输入您的支付密码'],
    [{ bank: 'CARD', amount: '100', password: '' }, '请输入您的支付密码'],
  ])('%j answers %s', async (body, message) => {
    const m = await member(1000);
    const patched = { ...body, ...('bank' in body && body.bank === 'CARD' ? { bank: m.bankCard } : {}) };
    expect(await withdraw(m, patched)).toMatchObject({ status: 200, code: 400, message });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
  });

  it('answers 卡片不存在 for another member’s, a deleted or an unknown card, before the password', async () => {
    const a = await member(1000);
    const b = await member(1000);
    expect(await withdraw(a, { amount: 100, bank: b.bankCard, password: 'wrong-pass' })).toMatchObject({ code: 404, message: '卡片不存在' });
    expect(await withdraw(a, { amount: 100, bank: 2 ** 31 - 1, password: PAY })).toMatchObject({ code: 404, message: '卡片不存在' });
    expect(await withdraw(a, { amount: 100, bank: 'not-a-card', password: PAY })).toMatchObject({ code: 404, message: '卡片不存在' });
    expect((await s.api('/api/delcard', { id: a.trcCard }, { token: a.token })).code).toBe(200);
    expect(await withdraw(a, { amount: 100, bank: a.trcCard, password: PAY, type: 1 })).toMatchObject({ code: 404, message: '卡片不存在' });
    expect(await memberBalanceFen(s.db.kysely, a.id)).toBe(100000);
  });

  it('answers 支付密码错误 for a wrong payment password, before the turnover requirement', async () => {
    const m = await member(1000);
    await setTurnoverRequirement(s.db.kysely, m.id, 5000);
    expect(await withdraw(m, { amount: 100, bank: m.bankCard, password: 'wrong-pass' })).toMatchObject({ code: 400, message: '支付密码错误' });
    expect(await withdraw(m, { amount: 100, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '您还需完成50.00元打码量才能取款' });
  });

  it('refuses while turnover remains, naming the exact remaining amount; more than the balance is 余额不足 first', async () => {
    const m = await member();
    const dep = await s.api('/api/recharge', { paytype: 'alipay', amount: 1000 }, { token: m.token });
    const row = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow();
    await approveDeposit(s.db.kysely, row.id, staffId);
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 25_050));
    // more than the balance: the money is what is missing, whatever turnover is left
    expect(await withdraw(m, { amount: 5000, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '余额不足' });
    expect(await withdraw(m, { amount: 1000.01, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '余额不足' });
    expect(await withdraw(m, { amount: 1000, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '您还需完成749.50元打码量才能取款' });
    expect((await s.api('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(749.5);
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 74_949));
    expect(await withdraw(m, { amount: 100, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '您还需完成0.01元打码量才能取款' });
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 1));
    expect(await withdraw(m, { amount: 5000, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: '余额不足' });
    expect((await withdraw(m, { amount: 1000, bank: m.bankCard, password: PAY })).code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it('answers 余额不足 above the balance and leaves no order behind', async () => {
    const m = await member(150);
    const journals = await journalCount();
    expect(await withdraw(m, { amount: 150.01, bank: m.bankCard, password: PAY })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect(await s.db.kysely.selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect(await journalCount()).toBe(journals);
    expect((await withdraw(m, { amount: 150, bank: m.bankCard, password: PAY })).code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it('answers 取款金额不足以支付手续费 when the USDT fee eats the arrival, after the balance', async () => {
    const m = await member(1000);
    const saved = await updateSettings(s.db.kysely, (x) => x);
    try {
      // 100 / 7.3 = 13.69 USDT; a TRC20 fee of 13.69 leaves nothing
      await updateSettings(s.db.kysely, (x) => ({ ...x, withdrawFeeTrc20: 13.69 }));
      expect(await withdraw(m, { amount: 100, bank: m.trcCard, password: PAY, type: 1 })).toMatchObject({ code: 400, message: '取款金额不足以支付手续费' });
      expect(await withdraw(m, { amount: 2000, bank: m.trcCard, password: PAY, type: 1 })).toMatchObject({ code: 400, message: '余额不足' });
      expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
      expect(await s.db.kysely.selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
      // 100.01 / 7.3 = 13.70: one USDT cent arrives
      const r = await withdraw(m, { amount: 100.01, bank: m.trcCard, password: PAY, type: 1 });
      expect(r.code).toBe(200);
      expect(await withdrawalRow(r.data.withdraw_no)).toMatchObject({ usdt_cents: 1370, fee_usdt_cents: 1369, arrival_usdt_cents: 1 });
      // bank cards pay no network fee
      expect((await withdraw(m, { amount: 100, bank: m.bankCard, password: PAY })).code).toBe(200);
    } finally {
      await updateSettings(s.db.kysely, () => saved);
    }
  });
});

describe('POST /api/withdraw: the order and its hold', () => {
  it('holds the amount (member → withdrawals in flight) with a full card snapshot', async () => {
    const m = await member(1000);
    const inFlight = await houseFen(HOUSE.withdrawalsInFlight);
    const r = await withdraw(m, { amount: '300.5', bank: String(m.bankCard), password: PAY, type: 2 });
    expect(r).toMatchObject({ code: 200, message: '提交成功，等待后台审核', data: { withdraw_no: expect.stringMatching(/^W\d{20}$/) } });
    const row = await withdrawalRow(r.data.withdraw_no);
    expect(row).toMatchObject({
      member_id: m.id,
      card_id: m.bankCard,
      card_type: 1,
      bank: '中国工商银行',
      bank_owner: '张三',
      bank_no: BANK_NO,
      bank_address: '北京分行',
      amount_fen: 30050,
      usdt_cents: 0,
      fee_usdt_cents: 0,
      arrival_usdt_cents: 0,
      state: 1,
      settle_journal_id: null,
    });
    const hold = await s.db.kysely.selectFrom('ledger_journals').select(['idem_key', 'kind']).where('id', '=', row.hold_journal_id!).executeTakeFirstOrThrow();
    expect(hold).toEqual({ idem_key: `withdraw-hold:${row.id}`, kind: 'withdraw_hold' });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(69950);
    expect((await s.api('/api/balance', {}, { token: m.token })).data.balance).toBe(699.5);
    expect((await houseFen(HOUSE.withdrawalsInFlight)) - inFlight).toBe(30050);
    // unbinding the card later does not change where the money goes
    expect((await s.api('/api/delcard', { id: m.bankCard }, { token: m.token })).code).toBe(200);
    expect((await withdrawalRow(r.data.withdraw_no)).bank_no).toBe(BANK_NO);
  });

  it.each([
    ['TRC20', 'trcCard', 1],
    ['ERC20', 'ercCard', 5],
  ] as const)('computes the %s equivalent, fee and arrival in USDT cents from the settings', async (network, card, feeUsdt) => {
    const m = await member(5000);
    const r = await withdraw(m, { amount: 1000, bank: m[card], password: PAY, type: 1 });
    expect(r.code).toBe(200);
    // 1000 / 7.3 = 136.986… → 136.98; arrival = 136.98 − fee
    const row = await withdrawalRow(r.data.withdraw_no);
    expect(row).toMatchObject({ card_type: 2, bank: 'USDT', bank_owner: network, usdt_rate_e4: 73000, usdt_cents: 13698, fee_usdt_cents: feeUsdt * 100, arrival_usdt_cents: 13698 - feeUsdt * 100 });
    expect(row.bank_no).toBe(network === 'TRC20' ? TRC : ERC);
    // the same figures as the /withdrawal screen computes from the contract
    expect(usdtWithdrawalLines(1000, 7.3, feeUsdt)).toEqual({ equivalent: 136.98, fee: feeUsdt, arrival: (13698 - feeUsdt * 100) / 100 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(400000);
  });

  it('never lets 20 parallel withdrawals take the balance below zero', async () => {
    const m = await member(550);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(m, { amount: 100, bank: m.bankCard, password: PAY })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(5);
    expect(results.filter((r) => r.code !== 200).every((r) => r.code === 400 && r.message === '余额不足')).toBe(true);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(5000);
    const rows = await s.db.kysely.selectFrom('withdrawals').select(['amount_fen', 'hold_journal_id']).where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.hold_journal_id !== null)).toBe(true);
  });
});

describe('approveWithdrawal and rejectWithdrawal (the back-office review)', () => {
  it('approval pays out (in flight → paid), leaves the balance, mails the member; a second review is 409', async () => {
    const m = await member(1000);
    const { id, no } = await requested(m, 400);
    const [inFlight, paid] = [await houseFen(HOUSE.withdrawalsInFlight), await houseFen(HOUSE.withdrawalsPaid)];
    const { before, after } = await approveWithdrawal(s.db.kysely, id, staffId);
    expect(before).toMatchObject({ id, withdraw_no: no, member_id: m.id, username: m.name, pay_way: '银行卡', bank_no: BANK_NO, amount: 400, state: 1, state_text: '待审核', reviewed_by: null, reviewed_at: '' });
    expect(after).toMatchObject({ id, state: 2, state_text: '已通过', reviewed_by: staffId, settle_journal_id: expect.any(Number), reviewed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await houseFen(HOUSE.withdrawalsInFlight)) - inFlight).toBe(-40000);
    expect((await houseFen(HOUSE.withdrawalsPaid)) - paid).toBe(40000);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(60000);
    const journal = await s.db.kysely.selectFrom('ledger_journals').select('idem_key').where('id', '=', after.settle_journal_id!).executeTakeFirstOrThrow();
    expect(journal.idem_key).toBe(`withdraw-pay:${id}`);
    const mail = await s.db.kysely.selectFrom('mails').select('content').where('member_id', '=', m.id).where('title', '=', '取款成功').executeTakeFirstOrThrow();
    expect(mail.content).toBe(`您的取款订单${no}（400.00元）已审核通过，款项已支付，请注意查收。`);

    const journals = await journalCount();
    expect(await rejection(approveWithdrawal(s.db.kysely, id, staffId))).toMatchObject({ code: CODE.conflict, message: '已处理' });
    expect(await rejection(rejectWithdrawal(s.db.kysely, id, staffId, '晚了'))).toMatchObject({ code: CODE.conflict, message: '已处理' });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(60000);
  });

  it('rejection refunds (in flight → member) with the reason and a mail; then approval is 409', async () => {
    const m = await member(1000);
    const { id, no } = await requested(m, 250.75, m.ercCard);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(74925);
    const inFlight = await houseFen(HOUSE.withdrawalsInFlight);
    const { before, after } = await rejectWithdrawal(s.db.kysely, id, staffId, ' 收款地址有误 ');
    expect(before).toMatchObject({ state: 1, pay_way: 'USDT-ERC20', bank_no: ERC, usdt_fee: 5 });
    expect(after).toMatchObject({ state: 3, state_text: '已拒绝', reason: '收款地址有误', reviewed_by: staffId });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
    expect((await houseFen(HOUSE.withdrawalsInFlight)) - inFlight).toBe(-25075);
    const journal = await s.db.kysely.selectFrom('ledger_journals').select('idem_key').where('id', '=', after.settle_journal_id!).executeTakeFirstOrThrow();
    expect(journal.idem_key).toBe(`withdraw-refund:${id}`);
    const mail = await s.db.kysely.selectFrom('mails').select('content').where('member_id', '=', m.id).where('title', '=', '取款已退回').executeTakeFirstOrThrow();
    expect(mail.content).toBe(`您的取款订单${no}（250.75元）未通过审核，款项已退回中心钱包，原因：收款地址有误`);
    expect(await rejection(approveWithdrawal(s.db.kysely, id, staffId))).toMatchObject({ code: CODE.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
  });

  it.each([[''], ['  '], ['长'.repeat(201)]])('requires a rejection reason of 1-200 characters: %j', async (reason) => {
    const m = await member(200);
    const { id } = await requested(m, 100);
    expect(await rejection(rejectWithdrawal(s.db.kysely, id, staffId, reason))).toMatchObject({ code: CODE.badRequest, message: '请填写拒绝原因（最多200字）' });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(10000);
  });

  it('lets exactly one of parallel approvals and rejections of one withdrawal through', async () => {
    const m = await member(1000);
    for (let round = 0; round < 3; round++) {
      const { id } = await requested(m, 100);
      const results = await Promise.allSettled([
        approveWithdrawal(s.db.kysely, id, staffId),
        rejectWithdrawal(s.db.kysely, id, staffId, '并发'),
        approveWithdrawal(s.db.kysely, id, staffId),
        rejectWithdrawal(s.db.kysely, id, staffId, '并发'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: CODE.conflict });
    }
    const states = await s.db.kysely.selectFrom('withdrawals').select(['state', 'amount_fen']).where('member_id', '=', m.id).execute();
    const refunded = states.filter((w) => w.state === 3).length;
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000 - 3 * 10000 + refunded * 10000);
  });

  it('answers an unknown withdrawal with 404 订单不存在', async () => {
    expect(await rejection(approveWithdrawal(s.db.kysely, 2 ** 31 - 1, staffId))).toMatchObject({ code: CODE.notFound, message: '订单不存在' });
    expect(await rejection(rejectWithdrawal(s.db.kysely, 2 ** 31 - 1, staffId, '无'))).toMatchObject({ code: CODE.notFound, message: '订单不存在' });
  });

  it('keeps every balance non-negative through a mixed burst of requests, reviews and a deposit approval', async () => {
    const m = await member(2000);
    const first = await Promise.all(Array.from({ length: 12 }, (_, i) => withdraw(m, { amount: 100 + i, bank: i % 2 ? m.bankCard : m.trcCard, password: PAY })));
    expect(first.map((r) => r.code)).toEqual(Array(12).fill(200));
    const ids = await Promise.all(first.map(async (r) => (await withdrawalRow(r.data.withdraw_no)).id));
    const dep = await s.api('/api/recharge', { paytype: 'alipay', amount: 500 }, { token: m.token });
    const depositId = (await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow()).id;
    // a USDT payout is confirmed with its transaction hash (a bank one ignores it)
    const payout = { txid: 'ab'.repeat(32) };
    const reviews = ids.map((id, i) => (i % 3 === 0 ? rejectWithdrawal(s.db.kysely, id, staffId, '拒绝') : approveWithdrawal(s.db.kysely, id, staffId, undefined, payout)));
    const more = Array.from({ length: 8 }, () => withdraw(m, { amount: 300, bank: m.bankCard, password: PAY }));
    const settled = await Promise.allSettled([...reviews, approveDeposit(s.db.kysely, depositId, staffId), ...more]);
    // every review went through (no deadlock, no conflict); every request answered 200, 余额不足 or
    // the turnover the approved deposit added
    expect(settled.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    for (const r of await Promise.all(more)) expect([MSG.withdrawSubmitted, '余额不足', '您还需完成500.00元打码量才能取款']).toContain(r.message);
    const balance = await memberBalanceFen(s.db.kysely, m.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    const rows = await s.db.kysely.selectFrom('withdrawals').select(['state', 'amount_fen']).where('member_id', '=', m.id).execute();
    const kept = rows.filter((w) => w.state !== 3).reduce((t, w) => t + w.amount_fen, 0);
    expect(balance).toBe(200000 + 50000 - kept);
    expect(await houseFen(HOUSE.withdrawalsInFlight)).toBeGreaterThanOrEqual(0);
  });
});

describe('the trial account', () => {
  it('cannot withdraw: 试玩账号不支持此操作', async () => {
    const g = await s.api('/api/guestlogin');
    expect(await s.api('/api/withdraw', { amount: 100, bank: 1, password: PAY }, { token: g.data.api_token })).toMatchObject({ code: 403, message: MSG.trialRefused });
  });
});

describe('bad input is a 400 envelope, never a 500', () => {
  it.each([
    { bank: [1], amount: 100, password: PAY },
    { bank: { id: 1 }, amount: 100, password: PAY },
    { bank: 1.5, amount: 100, password: PAY },
    { bank: -3, amount: 100, password: PAY },
    { bank: '9'.repeat(21), amount: 100, password: PAY },
    { bank: 'CARD', amount: { a: 1 }, password: PAY },
    { bank: 'CARD', amount: 1e300, password: PAY },
    { bank: 'CARD', amount: 100, password: 12345678 },
    { bank: 'CARD', amount: 100, password: 'p'.repeat(100_000) },
    { bank: 'CARD', amount: 100, password: PAY, type: 7 },
  ])('%j', async (body) => {
    const m = await member(500);
    const r = await withdraw(m, { ...body, ...(body.bank === 'CARD' ? { bank: m.bankCard } : {}) });
    expect(r.status).toBe(200);
    if (body.type === 7) {
      expect(r.code).toBe(200); // an unknown tab only falls back to the bank message
    } else {
      expect([400, 404]).toContain(r.code);
      expect(r.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(body.type === 7 ? 40000 : 50000);
  });
});
