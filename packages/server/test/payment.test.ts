import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PAY_METHODS } from '@app/contract';
import { registerMember, startServer, type TestServer } from './harness.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = (await registerMember(s)).token;
});
afterAll(() => s.close());

describe('payment endpoints without a session', () => {
  it.each(['/api/getPayRange', '/api/banklist', '/api/getpaybank'])('%s answers code 401 with 请登录！', async (p) => {
    expect(await s.api(p, { type: 'bank' })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
  it('GET /api/get_pay_way answers code 401 with 请登录！', async () => {
    expect(await s.api('/api/get_pay_way', undefined, { method: 'GET' })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
});

describe('GET /api/get_pay_way', () => {
  it('lists every seeded method as enabled, plus manual', async () => {
    const r = await s.api('/api/get_pay_way', undefined, { method: 'GET', token });
    expect(r).toMatchObject({ code: 200, data: { card: 1, usdt: 1, wechat: 1, alipay: 1, manual: 1 } });
  });
  it('keeps usdt on while one network is enabled and turns flags off with their methods', async () => {
    const k = s.db.kysely;
    try {
      await k.updateTable('pay_methods').set({ enabled: false }).where('code', 'in', ['usdt-erc20', 'wechat']).execute();
      let r = await s.api('/api/get_pay_way', undefined, { method: 'GET', token });
      expect(r.data).toEqual({ card: 1, usdt: 1, wechat: 0, alipay: 1, manual: 1 });
      await k.updateTable('pay_methods').set({ enabled: false }).where('code', '=', 'usdt-trc20').execute();
      r = await s.api('/api/get_pay_way', undefined, { method: 'GET', token });
      expect(r.data.usdt).toBe(0);
    } finally {
      await k.updateTable('pay_methods').set({ enabled: true }).execute();
    }
  });
});

describe('POST /api/getPayRange', () => {
  it.each([
    ['bank', 100, 50000],
    ['wechat', 100, 10000],
    ['alipay', 100, 10000],
    ['usdt-erc20', 100, 100000],
    ['usdt-trc20', 100, 100000],
  ])('answers the %s range in yuan', async (type, min, max) => {
    const r = await s.api('/api/getPayRange', { type }, { token });
    expect(r).toMatchObject({ code: 200, data: { min_price: min, max_price: max } });
  });
  it('covers every pay method of the contract', () => {
    expect([...PAY_METHODS].sort()).toEqual(['alipay', 'bank', 'usdt-erc20', 'usdt-trc20', 'wechat']);
  });
  it.each([[{}], [{ type: 'paypal' }], [{ type: 1 }], [{ type: ['bank'] }], [{ type: 'x'.repeat(100_000) }], [[]], ['bank']])(
    'refuses %j with 400 请求参数错误',
    async (body) => {
      const r = await s.api('/api/getPayRange', body, { token });
      expect(r).toMatchObject({ status: 200, code: 400, message: MSG.badRequest });
    },
  );
});

describe('POST /api/banklist', () => {
  it('lists 20 banks as {bank_name}, the big four first', async () => {
    const r = await s.api('/api/banklist', {}, { token });
    expect(r.code).toBe(200);
    expect(r.data).toHaveLength(20);
    expect(r.data.slice(0, 4)).toEqual([{ bank_name: '中国工商银行' }, { bank_name: '中国建设银行' }, { bank_name: '中国农业银行' }, { bank_name: '中国银行' }]);
    expect(r.data).toContainEqual({ bank_name: '招商银行' });
    expect(new Set(r.data.map((b: { bank_name: string }) => b.bank_name)).size).toBe(20);
  });
});

describe('POST /api/getpaybank', () => {
  it('lists the enabled receiving accounts with the spec shape', async () => {
    const r = await s.api('/api/getpaybank', {}, { token });
    expect(r.code).toBe(200);
    expect(r.data.map((a: { type: string }) => a.type)).toEqual(['bank', 'usdt-trc20', 'usdt-erc20', 'wechat', 'alipay']);
    for (const a of r.data) {
      expect(Object.keys(a).sort()).toEqual(['bank_address', 'bank_data', 'bank_no', 'bank_owner', 'content', 'id', 'mch_id', 'payimg', 'type']);
    }
    expect(r.data[0]).toMatchObject({ type: 'bank', bank_data: { bank_name: '招商银行' } });
    expect(r.data[0].bank_no).not.toBe('');
    expect(r.data[1]).toMatchObject({ content: 'TRC20', payimg: '/assets/pay/usdt-trc20.svg' });
    expect(r.data[1].mch_id).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(r.data[2].mch_id).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
  it('leaves out disabled accounts and accounts of disabled methods', async () => {
    const k = s.db.kysely;
    try {
      await k.updateTable('receiving_accounts').set({ enabled: false }).where('method', '=', 'wechat').execute();
      await k.updateTable('pay_methods').set({ enabled: false }).where('code', '=', 'alipay').execute();
      const r = await s.api('/api/getpaybank', {}, { token });
      expect(r.data.map((a: { type: string }) => a.type)).toEqual(['bank', 'usdt-trc20', 'usdt-erc20']);
    } finally {
      await k.updateTable('receiving_accounts').set({ enabled: true }).execute();
      await k.updateTable('pay_methods').set({ enabled: true }).execute();
    }
  });
});
