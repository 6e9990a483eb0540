import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, LIMITS, MSG, ADMIN_MSG } from '@app/contract';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const BANK_NO = '6222021234567890';
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const REASON_MESSAGE = fmt(MSG.reviewReasonRequired, { max: LIMITS.reviewReasonMax });

const as = (who: Staff | string) => (typeof who === 'string' ? who : who.token);
const get = (who: Staff | string, path: string) => adminCall(s, as(who), 'GET', path);
const post = (who: Staff | string, path: string, body?: unknown) => adminCall(s, as(who), 'POST', path, body);

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

async function journalCount() {
  const r = await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A pending deposit made through the member API. */
async function pendingDeposit(token: string, yuan = 1000) {
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token });
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select(['id', 'deposit_no']).where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  return { id: row.id, no: row.deposit_no };
}

/** A member with a bank card and a TRC20 address, `yuan` in the wallet and no turnover requirement. */
async function withdrawer(yuan: number) {
  const m = await member();
  expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY }, { token: m.token })).code).toBe(200);
  expect((await s.api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY }, { token: m.token })).code).toBe(200);
  const [bank] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  const [usdt] = (await s.api('/api/getcard', { type: 2 }, { token: m.token })).data;
  await fund(s, m.id, yuan);
  return { ...m, bankCard: bank.id as number, usdtCard: usdt.id as number };
}

async function pendingWithdrawal(m: { token: string }, card: number, yuan: number, type = 2) {
  const r = await s.api('/api/withdraw', { amount: yuan, bank: card, password: PAY, type }, { token: m.token });
  expect(r).toMatchObject({ code: 200 });
  const row = await s.db.kysely.selectFrom('withdrawals').select(['id', 'withdraw_no']).where('withdraw_no', '=', r.data.withdraw_no).executeTakeFirstOrThrow();
  return { id: row.id, no: row.withdraw_no };
}

describe('GET /admin/api/deposits', () => {
  it('lists pending deposits oldest first with the member name, filtered by state and keyword', async () => {
    const m = await member();
    const a = await pendingDeposit(m.token, 500);
    const b = await pendingDeposit(m.token, 600);
    const r = await get(finance, `/deposits?state=1&keyword=${m.name}`);
    expect(r).toMatchObject({ code: 200, data: { total: 2, current_page: 1, per_page: 20, last_page: 1 } });
    expect(r.data.data.map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
    expect(r.data.data[0]).toMatchObject({ deposit_no: a.no, username: m.name, member_id: m.id, method: 'alipay', method_label: '支付宝', amount: 500, state: 1, state_text: '待审核', reviewer: '', reviewed_at: '' });
    expect((await get(finance, `/deposits?keyword=${b.no}`)).data.data.map((d: { id: number }) => d.id)).toEqual([b.id]);
    expect((await get(finance, `/deposits?state=2&keyword=${m.name}`)).data.total).toBe(0);
    expect((await get(finance, '/deposits?state=')).code).toBe(200);
  });

  it.each(['state=0', 'state=4', 'state=x'])('refuses ?%s with 请求参数错误', async (q) => {
    expect(await get(finance, `/deposits?${q}`)).toMatchObject({ code: 400, message: MSG.badRequest });
  });
});

describe('deposit review through HTTP', () => {
  it('approves once: the member is credited, the audit log has one entry; a second approval is 409 and changes nothing', async () => {
    const m = await member();
    const d = await pendingDeposit(m.token, 1000);
    const r = await post(finance, `/deposits/${d.id}/approve`);
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.reviewApproved, data: { id: d.id, state: 2, state_text: '已通过', reviewer: finance.username, reviewed_by: finance.id } });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
    expect((await s.api('/api/balance', {}, { token: m.token })).data.balance).toBe(1000);
    const journals = await journalCount();

    expect(await post(finance, `/deposits/${d.id}/approve`)).toMatchObject({ code: 409, message: MSG.conflict, data: null });
    expect(await post(admin, `/deposits/${d.id}/reject`, { reason: '重复' })).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
    expect(await journalCount()).toBe(journals);

    const rows = await auditRows(s, 'deposit.approve', `deposit:${d.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_id: finance.id, staff_name: finance.username, ip: '127.0.0.1', before: { state: 1, amount: 1000 }, after: { state: 2, amount: 1000 } });
    expect(await auditRows(s, 'deposit.reject', `deposit:${d.id}`)).toHaveLength(0);
  });

  it('two approvals at once credit once and write one audit entry', async () => {
    const m = await member();
    const d = await pendingDeposit(m.token, 300);
    const answers = await Promise.all([post(finance, `/deposits/${d.id}/approve`), post(admin, `/deposits/${d.id}/approve`)]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(30000);
    expect(await auditRows(s, 'deposit.approve', `deposit:${d.id}`)).toHaveLength(1);
  });

  it('rejects with a reason and moves no money; the reason is required', async () => {
    const m = await member();
    const d = await pendingDeposit(m.token, 800);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(LIMITS.reviewReasonMax + 1) }]) {
      expect(await post(finance, `/deposits/${d.id}/reject`, body)).toMatchObject({ code: 400, message: REASON_MESSAGE });
    }
    const journals = await journalCount();
    const r = await post(finance, `/deposits/${d.id}/reject`, { reason: ' 未收到款项 ' });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.reviewRejected, data: { state: 3, reason: '未收到款项', reviewer: finance.username } });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await post(finance, `/deposits/${d.id}/approve`)).toMatchObject({ code: 409 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await auditRows(s, 'deposit.reject', `deposit:${d.id}`)).toMatchObject([{ before: { state: 1 }, after: { state: 3, reason: '未收到款项' } }]);
    expect(await auditRows(s, 'deposit.approve', `deposit:${d.id}`)).toHaveLength(0);
  });

  it('answers 订单不存在 for an unknown order and 请求参数错误 for a malformed id', async () => {
    expect(await post(finance, '/deposits/987654321/approve')).toMatchObject({ code: 404, message: MSG.orderMissing });
    expect(await post(finance, '/deposits/987654321/reject', { reason: '无' })).toMatchObject({ code: 404, message: MSG.orderMissing });
    for (const id of ['abc', '0', '-1', '1.5']) expect(await post(finance, `/deposits/${id}/approve`), id).toMatchObject({ code: 400, message: MSG.badRequest });
  });
});

describe('withdrawal review through HTTP', () => {
  it('lists the card snapshot in full for finance and masked for operations', async () => {
    const m = await withdrawer(1000);
    const w = await pendingWithdrawal(m, m.bankCard, 300);
    const full = (await get(finance, `/withdrawals?state=1&keyword=${m.name}`)).data.data;
    expect(full).toEqual([expect.objectContaining({ id: w.id, withdraw_no: w.no, username: m.name, card_type: 1, pay_way: '银行卡', bank: '中国工商银行', bank_owner: '张三', bank_no: BANK_NO, bank_address: '北京分行', amount: 300, state: 1 })]);
    const masked = (await get(operations, `/withdrawals?state=1&keyword=${m.name}`)).data.data;
    expect(masked[0].bank_no).toBe('**** **** **** 7890');
    expect(JSON.stringify(masked)).not.toContain(BANK_NO);
  });

  it('shows the USDT lines of a USDT withdrawal', async () => {
    const m = await withdrawer(2000);
    const w = await pendingWithdrawal(m, m.usdtCard, 1000, 1);
    const [row] = (await get(finance, `/withdrawals?keyword=${w.no}`)).data.data;
    expect(row).toMatchObject({ card_type: 2, pay_way: 'USDT-TRC20', bank_no: TRC, amount: 1000 });
    expect(row.usdt_rate).toBeGreaterThan(0);
    expect(row.usdt_amount).toBeGreaterThan(0);
    expect(row.usdt_arrival).toBeCloseTo(row.usdt_amount - row.usdt_fee, 2);
  });

  it('approves (paid) once: the held money stays out of the wallet, one audit entry with the card masked; again is 409', async () => {
    const m = await withdrawer(1000);
    const w = await pendingWithdrawal(m, m.bankCard, 300);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(70000);
    expect(await post(finance, `/withdrawals/${w.id}/approve`)).toMatchObject({ code: 200, message: ADMIN_MSG.reviewApproved, data: { state: 2, reviewer: finance.username, bank_no: BANK_NO } });
    const journals = await journalCount();
    expect(await post(finance, `/withdrawals/${w.id}/approve`)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await post(finance, `/withdrawals/${w.id}/reject`, { reason: '晚了' })).toMatchObject({ code: 409 });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(70000);
    const rows = await auditRows(s, 'withdrawal.approve', `withdrawal:${w.id}`);
    expect(rows).toMatchObject([{ before: { state: 1, bank_no: '**** **** **** 7890' }, after: { state: 2, bank_no: '**** **** **** 7890' } }]);
  });

  it('rejects with a reason and refunds the member; again is 409', async () => {
    const m = await withdrawer(1000);
    const w = await pendingWithdrawal(m, m.bankCard, 400);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(60000);
    expect(await post(finance, `/withdrawals/${w.id}/reject`, {})).toMatchObject({ code: 400, message: REASON_MESSAGE });
    expect(await post(finance, `/withdrawals/${w.id}/reject`, { reason: '银行卡信息有误' })).toMatchObject({ code: 200, message: ADMIN_MSG.reviewRejected, data: { state: 3, reason: '银行卡信息有误' } });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
    expect(await post(finance, `/withdrawals/${w.id}/reject`, { reason: '再拒' })).toMatchObject({ code: 409 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100000);
    expect(await auditRows(s, 'withdrawal.reject', `withdrawal:${w.id}`)).toHaveLength(1);
  });

  it('operations may look but not review', async () => {
    const m = await withdrawer(500);
    const w = await pendingWithdrawal(m, m.bankCard, 200);
    expect(await post(operations, `/withdrawals/${w.id}/approve`)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await post(operations, `/withdrawals/${w.id}/reject`, { reason: 'x' })).toMatchObject({ code: 403 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(30000);
    expect(await auditRows(s, 'withdrawal.reject', `withdrawal:${w.id}`)).toHaveLength(0);
  });
});

describe('GET /admin/api/ledger/check', () => {
  it('reports the ledger whole after all of the above', async () => {
    const r = await get(finance, '/ledger/check');
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.ledgerOk, data: { ok: true, mismatches: [] } });
    expect(r.data.accounts).toBeGreaterThan(3);
    expect(r.data.journals).toBeGreaterThan(3);
  });
});
