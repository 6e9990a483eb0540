import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_LIMITS, BANK_LIMITS, BANK_MSG, fmt, MSG, type AdminBank, type BankListItem } from '@app/contract';
import { PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The bank list card binding offers, kept in 支付设置: the list the platform shipped with, seeded;
 * staff with payments.write add a bank, switch one off or on, rename and reorder them, each audited
 * (with a reason for a bank added, renamed or switched); /api/banklist follows at once, and a binding
 * naming a bank the list does not offer is refused while cards already bound stay.
 */
let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const SHIPPED = [
  '中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '交通银行', '招商银行', '中国邮政储蓄银行', '中信银行', '中国光大银行', '华夏银行',
  '中国民生银行', '广发银行', '平安银行', '兴业银行', '上海浦东发展银行', '浙商银行', '渤海银行', '北京银行', '上海银行', '农村信用社',
];

const banks = async () => (await adminCall<AdminBank[]>(s, finance.token, 'GET', '/banks')).data;
const offered = async (token: string) => (await s.api<BankListItem[]>('/api/banklist', {}, { token })).data.map((b) => b.bank_name);
const bind = (token: string, bank: string, no = `6222${Math.floor(Math.random() * 1e12).toString().padStart(12, '0')}`) =>
  s.api('/api/bindcard', { bank_owner: '张三', bank, bank_address: '北京分行', bank_no: no, pay_pass: PAY_PASSWORD }, { token });
const post = (who: Staff, path: string, body: unknown) => adminCall(s, who.token, 'POST', path, body);

describe('the bank list', () => {
  it('offers the shipped list in its order, and staff see the same with the cards bound to each', async () => {
    const m = await registerMember(s);
    expect(await offered(m.token)).toEqual(SHIPPED);
    expect(await bind(m.token, '招商银行')).toMatchObject({ code: 200 });
    const list = await banks();
    expect(list.map((b) => b.name)).toEqual(SHIPPED);
    expect(list.every((b) => b.enabled)).toBe(true);
    expect(list.find((b) => b.name === '招商银行')!.cards).toBeGreaterThanOrEqual(1);
  });

  it('lets finance and super change it; operations reads it; support neither', async () => {
    expect(await adminCall(s, operations.token, 'GET', '/banks')).toMatchObject({ code: 200 });
    expect(await adminCall(s, support.token, 'GET', '/banks')).toMatchObject({ code: 403, message: MSG.forbidden });
    const form = { name: '测试银行', enabled: true, reason: '新合作银行' };
    for (const who of [operations, support]) {
      expect(await post(who, '/banks', form)).toMatchObject({ code: 403 });
      expect(await post(who, '/banks/1', form)).toMatchObject({ code: 403 });
      expect(await post(who, '/banks/order', { ids: [] })).toMatchObject({ code: 403 });
    }
    expect((await banks()).length).toBe(SHIPPED.length);
  });

  it('finance adds a bank with a reason: last in the members\' list at once, audited; a member binds a card with it', async () => {
    const r = await post(finance, '/banks', { name: ' 网商银行 ', enabled: true, reason: '会员反馈常用' });
    expect(r).toMatchObject({ code: 200, message: BANK_MSG.created, data: { name: '网商银行', enabled: true, sort: SHIPPED.length + 1, cards: 0 } });
    const id = (r.data as AdminBank).id;
    const m = await registerMember(s);
    expect((await offered(m.token)).at(-1)).toBe('网商银行');
    const [audit] = await auditRows(s, 'bank.create', `bank:${id}`);
    expect(audit).toMatchObject({ staff_id: finance.id, before: null, after: { id, name: '网商银行', enabled: true, reason: '会员反馈常用' } });
    expect(await bind(m.token, '网商银行')).toMatchObject({ code: 200, message: '绑定成功' });
  });

  it('refuses a bad name, a name taken and a missing reason with the contract\'s messages, adding nothing', async () => {
    const n = (await banks()).length;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '' }, 400, BANK_MSG.name],
      [{ name: '银' }, 400, BANK_MSG.name],
      [{ name: '银'.repeat(BANK_LIMITS.nameMax + 1) }, 400, BANK_MSG.name],
      [{ name: '<b>银行</b>' }, 400, BANK_MSG.name],
      [{ name: 'usdt' }, 400, BANK_MSG.reserved],
      [{ reason: '' }, 400, fmt(BANK_MSG.reason, { max: ADMIN_LIMITS.reasonMax })],
      [{ reason: '因'.repeat(ADMIN_LIMITS.reasonMax + 1) }, 400, fmt(BANK_MSG.reason, { max: ADMIN_LIMITS.reasonMax })],
      [{ name: '中国银行' }, 409, BANK_MSG.duplicate],
    ];
    for (const [patch, code, message] of cases) expect(await post(finance, '/banks', { name: '新银行', enabled: true, reason: '测试', ...patch }), JSON.stringify(patch)).toMatchObject({ code, message });
    expect((await banks()).length).toBe(n);
  });

  it('switched off, a bank leaves the picker and binding with it is refused; cards bound before stay; on again, it is offered', async () => {
    const bohai = (await banks()).find((b) => b.name === '渤海银行')!;
    const before = await registerMember(s);
    expect(await bind(before.token, '渤海银行')).toMatchObject({ code: 200 });

    const off = await post(finance, `/banks/${bohai.id}`, { name: '渤海银行', enabled: false, reason: '该行暂停代付' });
    expect(off).toMatchObject({ code: 200, message: BANK_MSG.saved, data: { enabled: false, cards: 1 } });
    const m = await registerMember(s);
    expect(await offered(m.token)).not.toContain('渤海银行');
    expect(await bind(m.token, '渤海银行')).toMatchObject({ code: 400, message: BANK_MSG.unavailable });
    expect(await bind(m.token, '某某不存在银行')).toMatchObject({ code: 400, message: BANK_MSG.unavailable });
    expect((await s.api('/api/getcard', { type: 1 }, { token: m.token })).data).toEqual([]);
    expect((await s.api<Array<{ bank: string }>>('/api/getcard', { type: 1 }, { token: before.token })).data.map((c) => c.bank)).toEqual(['渤海银行']);
    // a USDT address names no bank of the list
    expect(await s.api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_pass: PAY_PASSWORD }, { token: m.token })).toMatchObject({ code: 200 });
    const [audit] = await auditRows(s, 'bank.update', `bank:${bohai.id}`);
    expect(audit).toMatchObject({ staff_id: finance.id, before: { name: '渤海银行', enabled: true }, after: { name: '渤海银行', enabled: false, reason: '该行暂停代付' } });

    expect(await post(finance, `/banks/${bohai.id}`, { name: '渤海银行', enabled: true, reason: '恢复代付' })).toMatchObject({ code: 200, data: { enabled: true } });
    expect(await offered(m.token)).toContain('渤海银行');
    expect(await bind(m.token, '渤海银行')).toMatchObject({ code: 200 });
  });

  it('renames a bank (not onto another\'s name); an unknown bank is 404', async () => {
    const bank = (await banks()).find((b) => b.name === '农村信用社')!;
    expect(await post(finance, `/banks/${bank.id}`, { name: '中国银行', enabled: true, reason: '改名' })).toMatchObject({ code: 409, message: BANK_MSG.duplicate });
    expect(await post(finance, `/banks/${bank.id}`, { name: '农村信用合作社', enabled: true, reason: '按银行全称' })).toMatchObject({ code: 200, data: { name: '农村信用合作社' } });
    const m = await registerMember(s);
    expect(await offered(m.token)).toContain('农村信用合作社');
    expect(await post(finance, '/banks/999999', { name: '某银行', enabled: true, reason: '改名' })).toMatchObject({ code: 404, message: BANK_MSG.missing });
  });

  it('puts the list in a new order, every bank once (audited), and members are offered it in that order', async () => {
    const list = await banks();
    const ids = list.map((b) => b.id);
    const moved = [ids.at(-1)!, ...ids.slice(0, -1)];
    for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999999]]) expect(await post(finance, '/banks/order', { ids: bad })).toMatchObject({ code: 400, message: BANK_MSG.order });
    expect((await banks()).map((b) => b.id)).toEqual(ids);
    const r = await post(finance, '/banks/order', { ids: moved });
    expect(r).toMatchObject({ code: 200, message: BANK_MSG.ordered });
    expect((r.data as AdminBank[]).map((b) => b.id)).toEqual(moved);
    const m = await registerMember(s);
    const names = new Map(list.map((b) => [b.id, b.name]));
    expect(await offered(m.token)).toEqual(moved.map((id) => names.get(id)).filter((n) => list.find((b) => b.name === n)!.enabled));
    const [audit] = await auditRows(s, 'bank.order', 'banks');
    expect(audit).toMatchObject({ before: { order: list.map((b) => b.name) }, after: { order: moved.map((id) => names.get(id)) } });
  });
});
