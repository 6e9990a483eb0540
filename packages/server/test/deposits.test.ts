import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, LIMITS, MSG, fmt } from '@app/contract';
import { AppError } from '../src/http/errors.js';
import { approveDeposit, rejectDeposit } from '../src/modules/deposits/review.js';
import { HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { reduceTurnoverRequirement, remainingTurnoverFen } from '../src/modules/turnover/service.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';

let s: TestServer;
let staffId: number;
beforeAll(async () => {
  s = await startServer();
  staffId = await newStaff();
});
afterAll(() => s.close());

async function newStaff(): Promise<number> {
  const row = await s.db.kysely.insertInto('staff').values({ username: uniqueName('staff'), password_hash: 'x', role: 'finance' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

const bankForm = (extra: Record<string, unknown> = {}) => ({
  paytype: 'bank',
  amount: 500,
  bank_owner: '张三',
  bank: '中国工商银行',
  bank_no: '6222021234567890',
  bank_address: '北京分行',
  ...extra,
});

async function recharge(token: string, body: Record<string, unknown>) {
  return s.api('/api/recharge', body, { token });
}

async function depositRow(depositNo: string) {
  return s.db.kysely.selectFrom('deposits').selectAll().where('deposit_no', '=', depositNo).executeTakeFirstOrThrow();
}

/** A pending deposit of `yuan` by alipay; returns its id and number. */
async function pendingDeposit(token: string, yuan = 1000) {
  const r = await recharge(token, { paytype: 'alipay', amount: yuan });
  expect(r.code).toBe(200);
  const row = await depositRow(r.data.deposit_no);
  return { id: row.id, no: row.deposit_no };
}

async function journalCount() {
  const r = await s.db.kysely.selectFrom('ledger_journals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('deposit endpoints without a session', () => {
  it.each(['/api/recharge', '/api/payinfo', '/api/getBetAmount'])('%s answers code 401 with 请登录！', async (p) => {
    expect(await s.api(p, { paytype: 'bank', amount: 100 })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
    expect(await s.api(p, {}, { token: 'nope' })).toMatchObject({ code: 401, message: MSG.sessionExpired });
  });
});

describe('POST /api/recharge: the rules in order', () => {
  it.each([[{}], [{ paytype: 'paypal', amount: 500 }], [{ paytype: 'wechat', amount: 500 }], [{ paytype: ['bank'] }], ['bank'], [null]])(
    'refuses %j with 400 请求参数错误',
    async (body) => {
      const { token } = await member();
      expect(await recharge(token, body as Record<string, unknown>)).toMatchObject({ status: 200, code: 400, message: MSG.badRequest });
    },
  );

  it.each([
    [{ bank_owner: '' }, '请输入存款人姓名'],
    [{ bank_owner: '   ', bank: '', bank_no: '', bank_address: '', amount: 1 }, '请输入存款人姓名'],
    [{ bank: '' }, '请输入银行类型'],
    [{ bank: '', bank_no: '', amount: 'x' }, '请输入银行类型'],
    [{ bank_no: '' }, '请输入银行卡号'],
    [{ bank_no: '', bank_address: '' }, '请输入银行卡号'],
    [{ bank_address: '' }, '请输入银行开户行地址'],
    [{ bank_address: '', amount: 1 }, '请输入银行开户行地址'],
    [{ amount: 99.99 }, '请输入金额在100-50000之间！'],
    [{ amount: '' }, '请输入金额在100-50000之间！'],
    [{ amount: 'abc' }, '请输入金额在100-50000之间！'],
    [{ amount: 100.001 }, '请输入金额在100-50000之间！'],
    [{ amount: -500 }, '请输入金额在100-50000之间！'],
    [{ amount: 50000.01 }, '请输入金额在100-50000之间！'],
  ])('a bank deposit with %j answers %s', async (patch, message) => {
    const { token, id } = await member();
    expect(await recharge(token, bankForm(patch))).toMatchObject({ code: 400, message });
    expect(await s.db.kysely.selectFrom('deposits').select('id').where('member_id', '=', id).execute()).toEqual([]);
  });

  it('does not ask non-bank methods for bank fields', async () => {
    const { token } = await member();
    for (const paytype of ['wxpay', 'alipay', 'usdt']) {
      expect(await recharge(token, { paytype, amount: 50 })).toMatchObject({ code: 400, message: fmt(MSG.depositRange, { min: 100, max: paytype === 'usdt' ? 100000 : 10000 }) });
    }
  });

  it.each([
    ['bank', undefined, 100, 50000],
    ['wxpay', undefined, 100, 10000],
    ['alipay', undefined, 100, 10000],
    ['usdt', 'ERC20', 100, 100000],
    ['usdt', 'TRC20', 100, 100000],
  ])('checks %s %s against its seeded range %d-%d, both ends included', async (paytype, catepay, min, max) => {
    const message = `请输入金额在${min}-${max}之间！`;
    const { token } = await member();
    const body = (amount: number) => (paytype === 'bank' ? bankForm({ amount }) : { paytype, catepay, amount });
    expect(await recharge(token, body(min - 0.01))).toMatchObject({ code: 400, message });
    expect(await recharge(token, body(max + 0.01))).toMatchObject({ code: 400, message });
    expect((await recharge(token, body(min))).code).toBe(200);
    expect((await recharge(token, body(max))).code).toBe(200);
  });

  it('follows a range staff changed, and the default seeds of wechat and alipay are 100-10000', async () => {
    const seeded = await s.db.kysely.selectFrom('pay_methods').select(['code', 'min_fen', 'max_fen']).where('code', 'in', ['wechat', 'alipay']).execute();
    expect(seeded.map((r) => [r.min_fen, r.max_fen])).toEqual([
      [LIMITS.depositDefaultMinYuan * 100, LIMITS.depositDefaultMaxYuan * 100],
      [LIMITS.depositDefaultMinYuan * 100, LIMITS.depositDefaultMaxYuan * 100],
    ]);
    const { token } = await member();
    try {
      await s.db.kysely.updateTable('pay_methods').set({ min_fen: 20050, max_fen: 30000 }).where('code', '=', 'alipay').execute();
      expect(await recharge(token, { paytype: 'alipay', amount: 200 })).toMatchObject({ code: 400, message: '请输入金额在200.5-300之间！' });
      expect((await recharge(token, { paytype: 'alipay', amount: '200.50' })).code).toBe(200);
    } finally {
      await s.db.kysely.updateTable('pay_methods').set({ min_fen: 10000, max_fen: 1000000 }).where('code', '=', 'alipay').execute();
    }
  });

  it('answers 该支付方式暂未开放 first for a disabled method or one without a receiving account', async () => {
    const { token } = await member();
    const k = s.db.kysely;
    try {
      await k.updateTable('pay_methods').set({ enabled: false }).where('code', 'in', ['wechat', 'bank', 'usdt-erc20']).execute();
      expect(await recharge(token, { paytype: 'wxpay', amount: 1 })).toMatchObject({ code: 400, message: MSG.depositMethodClosed });
      expect(await recharge(token, { paytype: 'bank' })).toMatchObject({ code: 400, message: MSG.depositMethodClosed });
      expect(await recharge(token, { paytype: 'usdt', catepay: 'ERC20', amount: 500 })).toMatchObject({ code: 400, message: MSG.depositMethodClosed });
      expect((await recharge(token, { paytype: 'usdt', catepay: 'TRC20', amount: 500 })).code).toBe(200);
      await k.updateTable('pay_methods').set({ enabled: true }).execute();
      await k.updateTable('receiving_accounts').set({ enabled: false }).where('method', '=', 'alipay').execute();
      expect(await recharge(token, { paytype: 'alipay', amount: 500 })).toMatchObject({ code: 400, message: MSG.depositMethodClosed });
    } finally {
      await k.updateTable('pay_methods').set({ enabled: true }).execute();
      await k.updateTable('receiving_accounts').set({ enabled: true }).execute();
    }
  });
});

describe('POST /api/recharge: the order it opens', () => {
  it('answers a bank deposit with 提交成功，等待后台审核 and stores the depositor', async () => {
    const { token, id } = await member();
    const r = await recharge(token, bankForm({ amount: '1234.56' }));
    expect(r).toMatchObject({ code: 200, message: '提交成功，等待后台审核', data: { deposit_no: expect.stringMatching(/^D\d{20}$/) } });
    const row = await depositRow(r.data.deposit_no);
    expect(row).toMatchObject({
      member_id: id,
      method: 'bank',
      amount_fen: 123456,
      state: 1,
      payer_name: '张三',
      payer_bank: '中国工商银行',
      payer_bank_no: '6222021234567890',
      payer_bank_address: '北京分行',
      usdt_rate_e4: 0,
      usdt_cents: 0,
      journal_id: null,
    });
    const bankAccount = await s.db.kysely.selectFrom('receiving_accounts').select('id').where('method', '=', 'bank').orderBy('sort').executeTakeFirstOrThrow();
    expect(row.receiving_account_id).toBe(bankAccount.id);
    // the number carries the Beijing date and time of the order
    const bj = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    expect(r.data.deposit_no.slice(1, 9)).toBe(bj);
  });

  it('answers the other methods with the deposit_no as the message (the H5 reads it there)', async () => {
    const { token } = await member();
    for (const paytype of ['wxpay', 'alipay', 'usdt']) {
      const r = await recharge(token, { paytype, amount: 300, bank_owner: 'ignored' });
      expect(r.code).toBe(200);
      expect(r.message).toBe(r.data.deposit_no);
      expect(r.message).toMatch(/^D\d{20}$/);
      expect((await depositRow(r.data.deposit_no)).payer_name).toBe('');
    }
  });

  it.each([
    [{ paytype: 'wxpay' }, 'wechat'],
    [{ paytype: 'alipay' }, 'alipay'],
    [{ paytype: 'usdt' }, 'usdt-trc20'],
    [{ paytype: 'usdt', catepay: 'TRC20' }, 'usdt-trc20'],
    [{ paytype: 'usdt', catepay: 'ERC20' }, 'usdt-erc20'],
    [{ paytype: 'usdt', catepay: 'OMNI' }, 'usdt-trc20'],
  ])('maps %j to the method %s', async (body, method) => {
    const { token } = await member();
    const r = await recharge(token, { ...body, amount: 500 });
    expect(r.code).toBe(200);
    const row = await depositRow(r.data.deposit_no);
    expect(row.method).toBe(method);
    const account = await s.db.kysely.selectFrom('receiving_accounts').select(['id', 'method']).where('id', '=', row.receiving_account_id!).executeTakeFirstOrThrow();
    expect(account.method).toBe(method);
  });

  it('stores the USDT rate of the site settings and the USDT to send, rounded down', async () => {
    const { token } = await member();
    const r = await recharge(token, { paytype: 'usdt', catepay: 'ERC20', amount: 1000 });
    // 1000 / 7.2 = 138.888… → 138.88
    expect(await depositRow(r.data.deposit_no)).toMatchObject({ usdt_rate_e4: 72000, usdt_cents: 13888, amount_fen: 100000 });
  });

  it('picks the first enabled receiving account of the method', async () => {
    const k = s.db.kysely;
    const { token } = await member();
    const extra = await k
      .insertInto('receiving_accounts')
      .values({ method: 'wechat', bank_name: '微信支付', bank_no: 'second_wechat', bank_owner: '客服二', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const r = await recharge(token, { paytype: 'wxpay', amount: 500 });
      expect((await depositRow(r.data.deposit_no)).receiving_account_id).toBe(extra.id);
      await k.updateTable('receiving_accounts').set({ enabled: false }).where('id', '=', extra.id).execute();
      const r2 = await recharge(token, { paytype: 'wxpay', amount: 500 });
      expect((await depositRow(r2.data.deposit_no)).receiving_account_id).not.toBe(extra.id);
    } finally {
      await k.updateTable('receiving_accounts').set({ enabled: false }).where('id', '=', extra.id).execute();
    }
  });

  it(`allows ${LIMITS.depositPendingMax} unreviewed deposits and refuses the next with 429 until one is reviewed`, async () => {
    const { token } = await member();
    const ids: number[] = [];
    for (let i = 0; i < LIMITS.depositPendingMax; i++) ids.push((await pendingDeposit(token, 100 + i)).id);
    const message = fmt(MSG.depositPendingLimit, { max: LIMITS.depositPendingMax });
    expect(message).toBe('您已有5笔存款订单待审核，请等待审核完成后再提交');
    expect(await recharge(token, bankForm())).toMatchObject({ code: CODE.tooMany, message });
    await rejectDeposit(s.db.kysely, ids[0]!, staffId, '未收到款项');
    expect((await recharge(token, bankForm())).code).toBe(200);
    expect(await recharge(token, { paytype: 'alipay', amount: 100 })).toMatchObject({ code: CODE.tooMany, message });
  });

  it('holds the pending cap under a burst of parallel submissions', async () => {
    const { token, id } = await member();
    const results = await Promise.all(Array.from({ length: 9 }, () => recharge(token, { paytype: 'alipay', amount: 200 })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(LIMITS.depositPendingMax);
    expect(results.filter((r) => r.code === CODE.tooMany)).toHaveLength(9 - LIMITS.depositPendingMax);
    const rows = await s.db.kysely.selectFrom('deposits').select('deposit_no').where('member_id', '=', id).execute();
    expect(new Set(rows.map((r) => r.deposit_no)).size).toBe(LIMITS.depositPendingMax);
  });
});

describe('POST /api/payinfo', () => {
  it('shows a USDT order with usdtpay in the message, the address, protocol and the 60-minute window', async () => {
    const { token } = await member();
    const r = await recharge(token, { paytype: 'usdt', catepay: 'TRC20', amount: 1000 });
    const p = await s.api('/api/payinfo', { deposit_no: r.data.deposit_no }, { token });
    expect(p).toMatchObject({ code: 200, message: 'usdtpay' });
    expect(p.data).toEqual({
      deposit_no: r.data.deposit_no,
      info: {
        amount: 1000,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        paytype: 'usdtpay',
        payname: 'USDT-TRC20',
        state: 1,
        usdt_amount: 138.88,
        usdtrate: 7.2,
        expires_in: expect.any(Number),
        expired: false,
      },
      cardlist: {
        mch_id: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        content: 'TRC20',
        payimg: '/assets/pay/usdt-trc20.svg',
        bank_name: 'USDT',
        bank_no: '',
        bank_owner: '',
        bank_address: '',
      },
    });
    expect(p.data.info.expires_in).toBeGreaterThan(3590);
    expect(p.data.info.expires_in).toBeLessThanOrEqual(3600);
    const bjNow = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(p.data.info.created_at.slice(0, 13)).toBe(bjNow.slice(0, 13));
  });

  it('carries wxpay, alipay and bank in the message with their receiving accounts', async () => {
    const { token } = await member();
    const w = await recharge(token, { paytype: 'wxpay', amount: 200 });
    const pw = await s.api('/api/payinfo', { deposit_no: w.data.deposit_no }, { token });
    expect(pw).toMatchObject({ code: 200, message: 'wxpay', data: { info: { paytype: 'wxpay', payname: '微信支付', usdt_amount: 0, usdtrate: 0 }, cardlist: { bank_no: 'xinghai_pay', bank_owner: '星海客服', payimg: '/assets/pay/wechat.svg' } } });
    const a = await recharge(token, { paytype: 'alipay', amount: 200 });
    expect(await s.api('/api/payinfo', { deposit_no: a.data.deposit_no }, { token })).toMatchObject({ code: 200, message: 'alipay', data: { info: { payname: '支付宝' } } });
    const b = await recharge(token, bankForm());
    const pb = await s.api('/api/payinfo', { deposit_no: b.data.deposit_no }, { token });
    expect(pb).toMatchObject({
      code: 200,
      message: 'bank',
      data: { info: { amount: 500, payname: '银行卡转账' }, cardlist: { bank_name: '招商银行', bank_no: '6214 8301 2345 6789', bank_owner: '深圳星海网络科技有限公司', bank_address: '招商银行深圳分行营业部' } },
    });
  });

  it('counts the window down to 0 and shows the reviewed state', async () => {
    const { token } = await member();
    const { id, no } = await pendingDeposit(token, 300);
    await s.db.kysely.updateTable('deposits').set({ created_at: new Date(Date.now() - 59 * 60_000 - 30_000) }).where('id', '=', id).execute();
    const near = await s.api('/api/payinfo', { deposit_no: no }, { token });
    expect(near.data.info.expires_in).toBeGreaterThan(20);
    expect(near.data.info.expires_in).toBeLessThanOrEqual(30);
    // Rejected by staff within the window (an unpaid one closes by itself at its end: deposit-expiry.test.ts).
    await rejectDeposit(s.db.kysely, id, staffId, '未收到款项');
    await s.db.kysely.updateTable('deposits').set({ created_at: new Date(Date.now() - 2 * 3600_000) }).where('id', '=', id).execute();
    expect((await s.api('/api/payinfo', { deposit_no: no }, { token })).data.info).toMatchObject({ expires_in: 0, state: 3, expired: false });
  });

  it('answers another member’s or an unknown order exactly alike: 404 订单不存在', async () => {
    const a = await member();
    const b = await member();
    const { no } = await pendingDeposit(a.token);
    expect(await s.api('/api/payinfo', { deposit_no: no }, { token: b.token })).toMatchObject({ code: 404, message: '订单不存在', data: null });
    expect(await s.api('/api/payinfo', { deposit_no: 'D20260101000000000000' }, { token: b.token })).toMatchObject({ code: 404, message: '订单不存在' });
    expect((await s.api('/api/payinfo', { deposit_no: no }, { token: a.token })).code).toBe(200);
  });

  it.each([[{}], [{ deposit_no: '' }], [{ deposit_no: '   ' }], [{ deposit_no: 12 }], [{ deposit_no: 'D'.repeat(41) }], [[]]])('refuses %j with 400', async (body) => {
    const { token } = await member();
    expect(await s.api('/api/payinfo', body, { token })).toMatchObject({ code: 400, message: MSG.badRequest });
  });
});

describe('approveDeposit and rejectDeposit (the back-office review)', () => {
  it('credits the amount once, adds 1× turnover requirement and the cumulative deposit, mails the member', async () => {
    const m = await member();
    const { id, no } = await pendingDeposit(m.token, 1234.5);
    const houseBefore = await houseBalanceFen(s.db.kysely, HOUSE.deposits);
    const { before, after } = await approveDeposit(s.db.kysely, id, staffId);
    expect(before).toMatchObject({ id, deposit_no: no, member_id: m.id, username: m.name, method: 'alipay', method_label: '支付宝', amount: 1234.5, state: 1, state_text: '待审核', reason: '', reviewed_by: null, reviewed_at: '', journal_id: null });
    expect(after).toMatchObject({ id, amount: 1234.5, state: 2, state_text: '已通过', reviewed_by: staffId, reviewed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), journal_id: expect.any(Number) });
    expect(after.created_at).toBe(before.created_at);

    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(123450);
    expect((await s.api('/api/balance', {}, { token: m.token })).data).toMatchObject({ balance: 1234.5 });
    expect((await houseBalanceFen(s.db.kysely, HOUSE.deposits)) - houseBefore).toBe(-123450);
    const journal = await s.db.kysely.selectFrom('ledger_journals').select(['idem_key', 'kind']).where('id', '=', after.journal_id!).executeTakeFirstOrThrow();
    expect(journal).toEqual({ idem_key: `deposit:${id}`, kind: 'deposit' });

    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(123450);
    expect(await s.api('/api/getBetAmount', {}, { token: m.token })).toMatchObject({ code: 200, data: { bet_amount: 1234.5 } });
    expect((await s.api('/api/user', {}, { token: m.token })).data.paysum).toBe(1234.5);

    const mails = await s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', m.id).where('title', '=', '存款到账').execute();
    expect(mails).toEqual([{ title: '存款到账', content: `您的存款订单${no}已审核通过，1234.50元已存入中心钱包。` }]);
  });

  it('rolls the whole approval back when what the caller records in its transaction fails', async () => {
    const m = await member();
    const { id, no } = await pendingDeposit(m.token, 800);
    const journals = await journalCount();
    const failed = await approveDeposit(s.db.kysely, id, staffId, async (tx, before, after) => {
      expect([before.state, after.state]).toEqual([1, 2]);
      await tx.insertInto('audit_log').values({ staff_name: 'x', action: 'deposit.approve' }).execute();
      throw new Error('audit store unavailable');
    }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failed).toBe('audit store unavailable');
    expect((await depositRow(no)).state).toBe(1);
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(0);
    expect((await approveDeposit(s.db.kysely, id, staffId)).after.state).toBe(2);
  });

  it('answers a second approval with 409 已处理 and changes nothing', async () => {
    const m = await member();
    const { id } = await pendingDeposit(m.token, 500);
    await approveDeposit(s.db.kysely, id, staffId);
    const journals = await journalCount();
    const row = await s.db.kysely.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const err = await rejection(approveDeposit(s.db.kysely, id, staffId));
    expect(err).toMatchObject({ code: CODE.conflict, message: MSG.conflict });
    expect(await rejection(rejectDeposit(s.db.kysely, id, staffId, '重复'))).toMatchObject({ code: CODE.conflict, message: '已处理' });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(50000);
    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(50000);
    expect(await s.db.kysely.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(row);
    expect((await s.api('/api/user', {}, { token: m.token })).data.paysum).toBe(500);
  });

  it('lets exactly one of two parallel approvals (and of an approval racing a rejection) through', async () => {
    const m = await member();
    const first = await pendingDeposit(m.token, 800);
    const both = await Promise.allSettled([approveDeposit(s.db.kysely, first.id, staffId), approveDeposit(s.db.kysely, first.id, staffId)]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: CODE.conflict, message: MSG.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(80000);

    const second = await pendingDeposit(m.token, 200);
    const race = await Promise.allSettled([approveDeposit(s.db.kysely, second.id, staffId), rejectDeposit(s.db.kysely, second.id, staffId, '并发')]);
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const state = (await s.db.kysely.selectFrom('deposits').select('state').where('id', '=', second.id).executeTakeFirstOrThrow()).state;
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(state === 2 ? 100000 : 80000);
    expect((await s.api('/api/user', {}, { token: m.token })).data.paysum).toBe(state === 2 ? 1000 : 800);
  });

  it('approves 10 deposits of one member in parallel, each exactly once', async () => {
    const m = await member();
    const ids: number[] = [];
    for (let round = 0; round < 2; round++) {
      const batch = [];
      for (let i = 0; i < LIMITS.depositPendingMax; i++) batch.push((await pendingDeposit(m.token, 100 + i)).id);
      ids.push(...batch);
      const results = await Promise.allSettled(batch.flatMap((id) => [approveDeposit(s.db.kysely, id, staffId), approveDeposit(s.db.kysely, id, staffId)]));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMITS.depositPendingMax);
    }
    const expected = ids.length * 10000 + 2 * (0 + 1 + 2 + 3 + 4) * 100;
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(expected);
    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(expected);
  });

  it('rejects with a reason, moves no money and mails the reason', async () => {
    const m = await member();
    const { id, no } = await pendingDeposit(m.token, 300);
    const journals = await journalCount();
    const { before, after } = await rejectDeposit(s.db.kysely, id, staffId, '  未收到款项  ');
    expect(before.state).toBe(1);
    expect(after).toMatchObject({ state: 3, state_text: '已拒绝', reason: '未收到款项', reviewed_by: staffId, journal_id: null });
    expect(await journalCount()).toBe(journals);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(0);
    const mail = await s.db.kysely.selectFrom('mails').select(['title', 'content']).where('member_id', '=', m.id).where('title', '=', '存款未通过').executeTakeFirstOrThrow();
    expect(mail.content).toBe(`您的存款订单${no}（300.00元）未通过审核，原因：未收到款项`);
    expect(await rejection(approveDeposit(s.db.kysely, id, staffId))).toMatchObject({ code: CODE.conflict });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it.each([[''], ['   '], ['x'.repeat(201)], [undefined as unknown as string], [42 as unknown as string]])('requires a reason of 1-200 characters: %j is a 400', async (reason) => {
    const m = await member();
    const { id } = await pendingDeposit(m.token, 300);
    expect(await rejection(rejectDeposit(s.db.kysely, id, staffId, reason))).toMatchObject({ code: CODE.badRequest, message: '请填写拒绝原因（最多200字）' });
    expect((await s.db.kysely.selectFrom('deposits').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe(1);
    expect((await rejectDeposit(s.db.kysely, id, staffId, '原'.repeat(200))).after.reason).toHaveLength(200);
  });

  it('answers an unknown order with 404 订单不存在', async () => {
    expect(await rejection(approveDeposit(s.db.kysely, 2 ** 31 - 1, staffId))).toMatchObject({ code: CODE.notFound, message: '订单不存在' });
    expect(await rejection(rejectDeposit(s.db.kysely, 2 ** 31 - 1, staffId, '无'))).toMatchObject({ code: CODE.notFound, message: '订单不存在' });
  });
});

describe('the turnover requirement (getBetAmount)', () => {
  it('is 0 for a new member, grows with approved deposits and shrinks with valid bets, never below 0', async () => {
    const m = await member();
    expect(await s.api('/api/getBetAmount', {}, { token: m.token })).toMatchObject({ code: 200, data: { bet_amount: 0 } });
    await approveDeposit(s.db.kysely, (await pendingDeposit(m.token, 1000)).id, staffId);
    await approveDeposit(s.db.kysely, (await pendingDeposit(m.token, 200.25)).id, staffId);
    expect((await s.api('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(1200.25);
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 30_000));
    expect((await s.api('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(900.25);
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 10_000_000));
    expect((await s.api('/api/getBetAmount', {}, { token: m.token })).data.bet_amount).toBe(0);
    await s.db.kysely.transaction().execute((tx) => reduceTurnoverRequirement(tx, m.id, 100));
    expect(await remainingTurnoverFen(s.db.kysely, m.id)).toBe(0);
  });

  it('answers the trial account too (it only reads)', async () => {
    const g = await s.api('/api/guestlogin');
    expect(await s.api('/api/getBetAmount', {}, { token: g.data.api_token })).toMatchObject({ code: 200, data: { bet_amount: expect.any(Number) } });
  });
});

describe('the trial account', () => {
  it.each([[bankForm()], [{ paytype: 'usdt', amount: 500 }], [{ paytype: 'alipay', amount: 500 }]])('cannot deposit: %j answers 试玩账号不支持此操作', async (body) => {
    const g = await s.api('/api/guestlogin');
    expect(await s.api('/api/recharge', body, { token: g.data.api_token })).toMatchObject({ code: 403, message: MSG.trialRefused });
  });
});

describe('bad input is a 400 envelope, never a 500', () => {
  it.each([
    { paytype: 'bank', amount: { a: 1 } },
    { paytype: 'bank', amount: [100] },
    { paytype: 'bank', amount: 1e300 },
    { paytype: 'alipay', amount: '1'.repeat(41) },
    { paytype: 'alipay', amount: 'NaN' },
    { paytype: 'alipay', amount: true },
    bankForm({ bank_owner: 'x'.repeat(100_000) }),
    bankForm({ bank_no: 12345678 }),
    { paytype: 'usdt', catepay: { x: 1 }, amount: 'Infinity' },
  ])('%j', async (body) => {
    const { token } = await member();
    const r = await recharge(token, body);
    expect(r.status).toBe(200);
    expect(r.code).toBe(400);
    expect(r.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
