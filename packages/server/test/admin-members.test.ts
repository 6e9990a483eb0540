import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, fmt, MSG, ADMIN_MSG, FINANCE_DESK_MSG } from '@app/contract';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { figuresOf } from './figures-support.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const BANK_NO = '6222021234567890';
const as = (who: Staff | string) => (typeof who === 'string' ? who : who.token);
const get = (who: Staff | string, path: string) => adminCall(s, as(who), 'GET', path);
const post = (who: Staff | string, path: string, body?: unknown) => adminCall(s, as(who), 'POST', path, body);

async function member(name = uniqueName('mb')) {
  const m = await registerMember(s, name);
  return { ...m, id: await memberIdOf(s, m.token) };
}
const turnoverFen = async (id: number) => (await figuresOf(s.db.kysely, id)).turnover_req_fen;
const journalCount = async () => Number((await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /admin/api/members', () => {
  it('finds members by name prefix or id, newest first, with their balance', async () => {
    const prefix = uniqueName('kw').slice(0, 10);
    const a = await member(`${prefix}a1`);
    const b = await member(`${prefix}b2`);
    await fund(s, b.id, 12.5);
    const r = await get(support, `/members?keyword=${prefix}`);
    expect(r).toMatchObject({ code: 200, data: { total: 2 } });
    expect(r.data.data.map((m: { id: number }) => m.id)).toEqual([b.id, a.id]);
    expect(r.data.data[0]).toMatchObject({ username: b.name, balance: 12.5, state: 1, is_trial: false, vip: expect.any(Number) });
    expect((await get(support, `/members?keyword=${a.id}`)).data.data.map((m: { id: number }) => m.id)).toContain(a.id);
    expect((await get(support, '/members?keyword=%25')).data.total).toBe(0);
    expect((await get(support, '/members?page=2')).data.current_page).toBe(2);
  });
});

describe('GET /admin/api/members/:id', () => {
  it('shows profile, balance, cards (masked for support, full for finance), orders and ledger entries', async () => {
    const m = await member();
    expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY }, { token: m.token })).code).toBe(200);
    await fund(s, m.id, 500);
    const dep = await s.api('/api/recharge', { paytype: 'alipay', amount: 200 }, { token: m.token });
    expect(dep.code).toBe(200);
    const [card] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
    expect((await s.api('/api/withdraw', { amount: 100, bank: card.id, password: PAY }, { token: m.token })).code).toBe(200);

    const bySupport = await get(support, `/members/${m.id}`);
    expect(bySupport).toMatchObject({ code: 200, data: { profile: { id: m.id, username: m.name, balance: 400, turnover_req: 0 } } });
    expect(bySupport.data.cards).toEqual([expect.objectContaining({ type: 1, bank: '中国工商银行', bank_no: '**** **** **** 7890', deleted: false })]);
    expect(bySupport.data.withdrawals[0]).toMatchObject({ amount: 100, state: 1, bank_no: '**** **** **** 7890' });
    expect(JSON.stringify(bySupport.data)).not.toContain(BANK_NO);
    expect(bySupport.data.deposits[0]).toMatchObject({ deposit_no: dep.data.deposit_no, amount: 200, state: 1 });
    expect(bySupport.data.ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['withdraw_hold', -100],
      ['adjustment', 500],
    ]);
    expect(bySupport.data.transfers).toEqual([]);

    const byFinance = await get(finance, `/members/${m.id}`);
    expect(byFinance.data.cards[0].bank_no).toBe(BANK_NO);
    expect(byFinance.data.withdrawals[0].bank_no).toBe(BANK_NO);
  });

  it('answers 会员不存在 for an unknown member', async () => {
    expect(await get(support, '/members/987654321')).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect(await get(support, '/members/abc')).toMatchObject({ code: 400 });
  });
});

describe('POST /admin/api/members/:id/adjust', () => {
  // Every adjustment names its category (奖金, 补偿, 更正); admin-finance-desk.test.ts tests it and the mail.
  const adjust = (id: number, body: Record<string, unknown>, who: Staff | string = finance) => post(who, `/members/${id}/adjust`, { category: 'compensation', ...body });

  it('credits through one ledger journal against house:adjustments, audited with before and after, without turnover', async () => {
    const m = await member();
    const journals = await journalCount();
    const r = await adjust(m.id, { amount: 88.8, reason: '活动补偿' });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.adjustDone, data: { balance: 88.8, turnover_req: 0, journal_id: expect.any(Number) } });
    expect(await journalCount()).toBe(journals + 1);
    const entries = await s.db.kysely
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
      // a house account's entry is on one of its sub-accounts (house names the account it belongs to)
      .select((eb) => [eb.fn.coalesce('a.house', 'a.code').as('code'), 'e.amount_fen', 'j.kind', 'j.memo'])
      .where('e.journal_id', '=', r.data.journal_id)
      .orderBy('e.amount_fen')
      .execute();
    expect(entries).toEqual([
      { code: 'house:adjustments', amount_fen: -8880, kind: 'adjustment', memo: '活动补偿' },
      { code: `member:${m.id}:wallet`, amount_fen: 8880, kind: 'adjustment', memo: '活动补偿' },
    ]);
    expect(await turnoverFen(m.id)).toBe(0);
    const [row] = await auditRows(s, 'member.adjust', `member:${m.id}`);
    expect(row).toMatchObject({ staff_name: finance.username, before: { balance: 0, turnover_req: 0 }, after: { balance: 88.8, amount: 88.8, category: 'compensation', reason: '活动补偿', turnover_multiple: null, journal_id: r.data.journal_id } });
  });

  it('debits with a negative amount and refuses to go below zero with 余额不足, changing nothing', async () => {
    const m = await member();
    await fund(s, m.id, 100);
    expect(await adjust(m.id, { amount: -30.25, reason: '扣回多发奖金' })).toMatchObject({ code: 200, data: { balance: 69.75 } });
    const journals = await journalCount();
    expect(await adjust(m.id, { amount: -69.76, reason: '超额扣款' })).toMatchObject({ code: 400, message: MSG.insufficientBalance });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(6975);
    expect(await journalCount()).toBe(journals);
    expect(await auditRows(s, 'member.adjust', `member:${m.id}`)).toHaveLength(1);
    expect(await adjust(m.id, { amount: '-69.75', reason: '清零' })).toMatchObject({ code: 200, data: { balance: 0 } });
  });

  it('adds amount × turnover_multiple to the turnover requirement only when given', async () => {
    const m = await member();
    expect(await adjust(m.id, { amount: 100, reason: '首存红利', turnover_multiple: 3 })).toMatchObject({ code: 200, data: { balance: 100, turnover_req: 300 } });
    expect(await turnoverFen(m.id)).toBe(30000);
    expect((await s.api('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(300);
    expect(await adjust(m.id, { amount: 10, reason: '小额补偿', turnover_multiple: '1.5' })).toMatchObject({ data: { turnover_req: 315 } });
    expect(await adjust(m.id, { amount: 10, reason: '无打码', turnover_multiple: null })).toMatchObject({ data: { turnover_req: 315 } });
    expect(await adjust(m.id, { amount: 10, reason: '零倍', turnover_multiple: 0 })).toMatchObject({ data: { turnover_req: 315 } });
    const rows = await auditRows(s, 'member.adjust', `member:${m.id}`);
    expect(rows[0]).toMatchObject({ before: { turnover_req: 0 }, after: { turnover_req: 300, turnover_multiple: 3 } });
  });

  it.each([
    [{ reason: '原因' }, ADMIN_MSG.adjustAmount],
    [{ amount: 0, reason: '原因' }, ADMIN_MSG.adjustAmount],
    [{ amount: 'abc', reason: '原因' }, ADMIN_MSG.adjustAmount],
    [{ amount: 1.234, reason: '原因' }, ADMIN_MSG.adjustAmount],
    [{ amount: ADMIN_LIMITS.adjustMaxYuan + 0.01, reason: '原因' }, fmt(ADMIN_MSG.adjustAmountMax, { max: ADMIN_LIMITS.adjustMaxYuan })],
    [{ amount: 10 }, fmt(ADMIN_MSG.adjustReason, { max: ADMIN_LIMITS.reasonMax })],
    [{ amount: 10, reason: '   ' }, fmt(ADMIN_MSG.adjustReason, { max: ADMIN_LIMITS.reasonMax })],
    [{ amount: 10, reason: '长'.repeat(ADMIN_LIMITS.reasonMax + 1) }, fmt(ADMIN_MSG.adjustReason, { max: ADMIN_LIMITS.reasonMax })],
    [{ amount: 10, reason: '原因', turnover_multiple: 101 }, fmt(ADMIN_MSG.adjustTurnover, { max: ADMIN_LIMITS.turnoverMultipleMax })],
    [{ amount: 10, reason: '原因', turnover_multiple: -1 }, fmt(ADMIN_MSG.adjustTurnover, { max: ADMIN_LIMITS.turnoverMultipleMax })],
    [{ amount: 10, reason: '原因', turnover_multiple: 'x' }, fmt(ADMIN_MSG.adjustTurnover, { max: ADMIN_LIMITS.turnoverMultipleMax })],
    [{ amount: -10, reason: '原因', turnover_multiple: 2 }, ADMIN_MSG.adjustTurnoverDebit],
  ])('refuses %j with its message and moves nothing', async (body, message) => {
    const m = await member();
    await fund(s, m.id, 50);
    const journals = await journalCount();
    expect(await adjust(m.id, body)).toMatchObject({ code: 400, message });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(5000);
  });

  it('answers 已处理 to a repeated request id: one dialog, one adjustment', async () => {
    const m = await member();
    const body = { amount: 20, reason: '补单', turnover_multiple: 1, request_id: 'c0ffee00-1234-4321-8888-000000000001' };
    expect(await adjust(m.id, body)).toMatchObject({ code: 200 });
    expect(await adjust(m.id, body)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(2000);
    expect(await turnoverFen(m.id)).toBe(2000);
    expect(await auditRows(s, 'member.adjust', `member:${m.id}`)).toHaveLength(1);
  });

  it('answers 会员不存在 for an unknown member and 403 without members.adjust', async () => {
    expect(await adjust(987654321, { amount: 10, reason: '原因' })).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    const m = await member();
    expect(await adjust(m.id, { amount: 10, reason: '原因' }, operations)).toMatchObject({ code: 403 });
    expect(await adjust(m.id, { amount: 10, reason: '原因' }, support)).toMatchObject({ code: 403 });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });
});

describe('POST /admin/api/members/:id/state', () => {
  it('disabling ends the member’s sessions and refuses login; enabling lets them back', async () => {
    const m = await member();
    expect(await post(operations, `/members/${m.id}/state`, { state: 0 })).toMatchObject({ code: 200, message: ADMIN_MSG.memberStateChanged });
    expect(await s.api('/api/user', {}, { token: m.token })).toMatchObject({ code: 401 });
    expect(await s.api('/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 403, message: MSG.accountDisabled });
    expect(await post(operations, `/members/${m.id}/state`, { state: 1 })).toMatchObject({ code: 200 });
    expect(await s.api('/api/login_pc', { name: m.name, password: m.password })).toMatchObject({ code: 200 });
    expect(await auditRows(s, 'member.state', `member:${m.id}`)).toMatchObject([{ before: { state: 1 }, after: { state: 0 } }, { before: { state: 0 }, after: { state: 1 } }]);
    expect(await post(operations, `/members/${m.id}/state`, { state: 2 })).toMatchObject({ code: 400 });
    expect(await post(finance, `/members/${m.id}/state`, { state: 0 })).toMatchObject({ code: 403 });
  });
});

describe('pay methods', () => {
  it('lists all five with labels, state and range', async () => {
    const r = await get(operations, '/pay-methods');
    expect(r.data.map((m: { code: string }) => m.code)).toEqual(['bank', 'wechat', 'alipay', 'usdt-erc20', 'usdt-trc20']);
    expect(r.data[0]).toMatchObject({ label: '银行卡转账', enabled: true, min: 100, max: 50000 });
  });

  it.each([
    [{ enabled: true, min: 500, max: 100 }, ADMIN_MSG.payRangeOrder],
    [{ enabled: true, min: 0, max: 100 }, MSG.amountInvalid],
    [{ enabled: true, min: -5, max: 100 }, MSG.amountInvalid],
    [{ enabled: true, min: 1.005, max: 100 }, MSG.amountInvalid],
    [{ enabled: true, min: 100 }, MSG.amountInvalid],
    [{ enabled: true, min: 'abc', max: 100 }, MSG.amountInvalid],
    [{ enabled: true, min: 1, max: 10_000_000.01 }, MSG.amountInvalid],
    [{ min: 100, max: 200 }, MSG.badRequest],
    [{ enabled: 'yes', min: 100, max: 200 }, MSG.badRequest],
  ])('refuses %j', async (body, message) => {
    expect(await post(finance, '/pay-methods/wechat', body)).toMatchObject({ code: 400, message });
  });

  it('saves a range and a switch that members see at once, audited', async () => {
    expect(await post(finance, '/pay-methods/nope', { enabled: true, min: 1, max: 2 })).toMatchObject({ code: 400 });
    const r = await post(finance, '/pay-methods/wechat', { enabled: false, min: 50.5, max: 2000 });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.saved, data: { code: 'wechat', enabled: false, min: 50.5, max: 2000 } });
    const m = await member();
    expect((await s.api('/api/get_pay_way', undefined, { token: m.token, method: 'GET' })).data.wechat).toBe(0);
    expect((await s.api('/api/getPayRange', { type: 'wechat' }, { token: m.token })).data).toEqual({ min_price: 50.5, max_price: 2000 });
    const rows = await auditRows(s, 'paymethod.update', 'paymethod:wechat');
    expect(rows.at(-1)).toMatchObject({ before: { enabled: true, min: 100, max: 10000 }, after: { enabled: false, min: 50.5, max: 2000 } });
    expect(await post(finance, '/pay-methods/wechat', { enabled: true, min: 100, max: 10000 })).toMatchObject({ code: 200 });
  });
});

describe('receiving accounts', () => {
  const bank = { method: 'bank', bank_name: '中国银行', bank_no: '6217 0000 1111 2222', bank_owner: '星海科技', bank_address: '深圳分行' };

  it.each([
    [{ ...bank, bank_name: '' }, ADMIN_MSG.receivingBankFields],
    [{ ...bank, bank_owner: '' }, ADMIN_MSG.receivingBankFields],
    [{ method: 'alipay', bank_no: 'pay@x.example' }, ADMIN_MSG.receivingAccountFields],
    [{ method: 'usdt-trc20', mch_id: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, MSG.usdtAddressInvalid],
    [{ method: 'usdt-erc20', mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, MSG.usdtAddressInvalid],
    [{ ...bank, payimg: 'javascript:alert(1)' }, ADMIN_MSG.receivingImage],
    [{ ...bank, payimg: '//evil.example/x.png' }, ADMIN_MSG.receivingImage],
    [{ ...bank, method: 'paypal' }, MSG.badRequest],
    [{ ...bank, sort: 10_000 }, MSG.badRequest],
  ])('refuses %j', async (body, message) => {
    expect(await post(finance, '/receiving-accounts', body)).toMatchObject({ code: 400, message });
  });

  /** A second staff member (the super admin) approves what finance asked for (admin-finance-desk.test.ts tests the rules). */
  async function approved(r: { code: number; message: string; data: { approval_id: number; pending: boolean } }) {
    expect(r).toMatchObject({ code: 200, message: FINANCE_DESK_MSG.approvalRequested, data: { pending: true } });
    const a = await post(admin, `/approvals/${r.data.approval_id}/approve`);
    expect(a).toMatchObject({ code: 200, data: { state: 1 } });
    const row = await s.db.kysely.selectFrom('staff_approvals').select('result').where('id', '=', r.data.approval_id).executeTakeFirstOrThrow();
    return (row.result as { receiving_id: number }).receiving_id;
  }
  const account = async (id: number) => (await get(finance, '/receiving-accounts')).data.find((a: { id: number }) => a.id === id);

  it('creates and edits an account after a second staff member approves, disables at once; members see only enabled ones; all audited', async () => {
    const id = await approved(await post(finance, '/receiving-accounts', { ...bank, payimg: '/assets/logo.svg', sort: 9 }));
    expect(await account(id)).toMatchObject({ ...bank, enabled: true, sort: 9, id });
    const usdt = await approved(await post(finance, '/receiving-accounts', { method: 'usdt-trc20', mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', content: 'whatever' }));
    expect(await account(usdt)).toMatchObject({ content: 'TRC20', bank_name: 'USDT' });
    const m = await member();
    const visible = async () => (await s.api('/api/getpaybank', {}, { token: m.token })).data.map((a: { id: number }) => a.id);
    expect(await visible()).toContain(id);

    const pending = await post(finance, `/receiving-accounts/${id}`, { bank_owner: '新户名' });
    expect(await account(id)).toMatchObject({ bank_owner: '星海科技' });
    await approved(pending);
    expect(await account(id)).toMatchObject({ bank_owner: '新户名', bank_name: '中国银行' });
    expect(await post(finance, `/receiving-accounts/${id}`, { bank_no: '' })).toMatchObject({ code: 400, message: ADMIN_MSG.receivingBankFields });
    expect(await post(finance, `/receiving-accounts/${id}`, { enabled: false })).toMatchObject({ code: 200, message: ADMIN_MSG.saved, data: { enabled: false } });
    expect(await visible()).not.toContain(id);
    expect((await get(operations, '/receiving-accounts')).data.find((a: { id: number }) => a.id === id)).toMatchObject({ enabled: false });
    expect(await post(finance, '/receiving-accounts/987654', { enabled: true })).toMatchObject({ code: 404, message: ADMIN_MSG.receivingMissing });
    expect(await post(operations, `/receiving-accounts/${id}`, { enabled: true })).toMatchObject({ code: 403 });

    expect(await auditRows(s, 'receiving.create', `receiving:${id}`)).toMatchObject([{ staff_name: 'admin', before: null, after: { bank_no: bank.bank_no, requested_by: finance.username } }]);
    expect(await auditRows(s, 'receiving.update', `receiving:${id}`)).toMatchObject([
      { staff_name: 'admin', before: { bank_owner: '星海科技' }, after: { bank_owner: '新户名', requested_by: finance.username } },
      { staff_name: finance.username, before: { enabled: true }, after: { enabled: false } },
    ]);
  });
});
