import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MSG, maskCardNo } from '@app/contract';
import { PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const bankCard = (no = '6222 0212 3456 7890', extra: Record<string, unknown> = {}) => ({
  bank_owner: '张三',
  bank: '中国工商银行',
  bank_address: '北京分行',
  bank_no: no,
  pay_pass: PAY,
  ...extra,
});
const usdt = (address = TRC, network = 'TRC20', extra: Record<string, unknown> = {}) => ({ bank: 'USDT', bank_owner: network, bank_no: address, pay_pass: PAY, ...extra });
/** A valid TRC20 address ending in the given 4 base58 characters. */
const trc = (i: number) => `T${'A'.repeat(29)}${String(i).padStart(4, '9').replace(/0/g, 'z')}`;

async function cards(token: string, type: 1 | 2) {
  const r = await s.api('/api/getcard', { type }, { token });
  expect(r.code).toBe(200);
  return r.data as Array<Record<string, unknown>>;
}

describe('card endpoints without a session', () => {
  it.each(['/api/getcard', '/api/bindcard', '/api/delcard'])('%s answers code 401 with 请登录！', async (p) => {
    expect(await s.api(p, { type: 1 })).toMatchObject({ status: 200, code: 401, message: MSG.notLoggedIn });
  });
  it.each(['/api/getcard', '/api/bindcard', '/api/delcard'])('%s answers code 401 for an unknown token', async (p) => {
    expect(await s.api(p, {}, { token: 'nope' })).toMatchObject({ code: 401, message: MSG.sessionExpired });
  });
});

describe('binding a bank card', () => {
  it('binds with 绑定成功 and lists it with only the last 4 digits', async () => {
    const { token } = await registerMember(s);
    expect(await cards(token, 1)).toEqual([]);
    const r = await s.api('/api/bindcard', bankCard(), { token });
    expect(r).toMatchObject({ code: 200, message: '绑定成功' });
    const list = await cards(token, 1);
    expect(list).toEqual([
      { id: expect.any(Number), bank: '中国工商银行', bank_owner: '张三', bank_no: '**** **** **** 7890', bank_address: '北京分行', ico: '/assets/logo.svg', pay_pass: 1 },
    ]);
    expect(JSON.stringify(list)).not.toContain('62220212');
    expect(await cards(token, 2)).toEqual([]);
  });

  it.each([
    [{}, '请输入姓名'],
    [{ bank_owner: '', bank: '', bank_address: '', bank_no: '', pay_pass: '' }, '请输入姓名'],
    [{ bank_owner: '   ' }, '请输入姓名'],
    [{ bank: '' }, '请输入银行'],
    [{ bank: '', bank_address: '', bank_no: '', pay_pass: '' }, '请输入银行'],
    [{ bank_address: '' }, '请输入开户行地址'],
    [{ bank_address: '', bank_no: '1', pay_pass: '1' }, '请输入开户行地址'],
    [{ bank_no: '' }, '请输入银行卡号'],
    [{ bank_no: '', pay_pass: '' }, '请输入银行卡号'],
    [{ pay_pass: '' }, '请输入支付密码'],
    [{ bank_no: '1234567', pay_pass: '' }, '请输入支付密码'],
    [{ bank_no: '1234567' }, '请输入正确的卡号长度'],
    [{ bank_no: '1234 567' }, '请输入正确的卡号长度'],
    [{ bank_no: '1234567', pay_pass: '12' }, '请输入正确的卡号长度'],
    [{ pay_pass: '12345' }, '请输入支付密码长度'],
    [{ pay_pass: 'x'.repeat(19) }, '请输入支付密码长度'],
    [{ bank_no: '1'.repeat(41) }, '请输入正确的卡号长度'],
    [{ bank_no: '6222-0212-3456' }, '请输入正确的银行卡号'],
  ])('answers %j with %s (spec order)', async (patch, message) => {
    const { token } = await registerMember(s);
    const body = Object.keys(patch).length === 0 ? {} : bankCard(undefined, patch);
    expect(await s.api('/api/bindcard', body, { token })).toMatchObject({ status: 200, code: 400, message });
    expect(await cards(token, 1)).toEqual([]);
  });

  it('refuses a wrong payment password with 支付密码错误', async () => {
    const { token } = await registerMember(s);
    expect(await s.api('/api/bindcard', bankCard(undefined, { pay_pass: 'wrong-pass' }), { token })).toMatchObject({ code: 400, message: '支付密码错误' });
    expect(await cards(token, 1)).toEqual([]);
  });

  it('stores the number without spaces, so the same number spaced differently is a duplicate', async () => {
    const { token } = await registerMember(s);
    expect((await s.api('/api/bindcard', bankCard('6222021234567890'), { token })).code).toBe(200);
    const r = await s.api('/api/bindcard', bankCard('6222 0212 3456 7890'), { token });
    expect(r.message).toBe('该卡号已绑定');
    expect(r.code).not.toBe(200);
    expect(await cards(token, 1)).toHaveLength(1);
  });

  it(`allows ${LIMITS.maxCardsPerType} bank cards and refuses the next with 最多只能绑定5张`, async () => {
    const { token } = await registerMember(s);
    for (let i = 0; i < LIMITS.maxCardsPerType; i++) {
      expect((await s.api('/api/bindcard', bankCard(`62220000000${i}`), { token })).code).toBe(200);
    }
    expect(await s.api('/api/bindcard', bankCard('622200000099'), { token })).toMatchObject({ code: 400, message: '最多只能绑定5张' });
    expect(await cards(token, 1)).toHaveLength(5);
    // the limit is per type: a USDT address still fits
    expect((await s.api('/api/bindcard', usdt(), { token })).code).toBe(200);
    // and a deleted card frees its place
    const [first] = await cards(token, 1);
    expect((await s.api('/api/delcard', { id: first!.id }, { token })).code).toBe(200);
    expect((await s.api('/api/bindcard', bankCard('622200000099'), { token })).code).toBe(200);
  });

  it('refuses five binds at once beyond the limit (the member row is locked)', async () => {
    const { token } = await registerMember(s);
    for (let i = 0; i < 3; i++) expect((await s.api('/api/bindcard', bankCard(`63330000000${i}`), { token })).code).toBe(200);
    const results = await Promise.all([5, 6, 7, 8].map((i) => s.api('/api/bindcard', bankCard(`63330000000${i}`), { token })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    expect(await cards(token, 1)).toHaveLength(5);
  });
});

describe('binding a USDT address', () => {
  it('binds TRC20 and ERC20 addresses and masks them to the last 4 characters', async () => {
    const { token } = await registerMember(s);
    expect(await s.api('/api/bindcard', usdt(), { token })).toMatchObject({ code: 200, message: '绑定成功' });
    expect((await s.api('/api/bindcard', usdt(ERC, 'ERC20'), { token })).code).toBe(200);
    const list = await cards(token, 2);
    expect(list).toEqual([
      { id: expect.any(Number), bank: 'USDT', bank_owner: 'TRC20', bank_no: 'T****…bLSE', bank_address: '', ico: '', pay_pass: 1 },
      { id: expect.any(Number), bank: 'USDT', bank_owner: 'ERC20', bank_no: '0x****…eaed', bank_address: '', ico: '', pay_pass: 1 },
    ]);
    expect(await cards(token, 1)).toEqual([]);
  });

  it.each([
    [{ bank: 'USDT' }, '请输入USDT地址'],
    [{ bank: 'USDT', bank_owner: 'TRC20', pay_pass: PAY }, '请输入USDT地址'],
    [{ bank: 'USDT', bank_no: TRC }, '请选择钱包协议'],
    [{ bank: 'USDT', bank_no: TRC, bank_owner: 'OMNI', pay_pass: PAY }, '请选择钱包协议'],
    [{ bank: 'USDT', bank_no: TRC, bank_owner: 'TRC20' }, '请输入支付密码'],
    [{ bank: 'USDT', bank_no: 'not-an-address', bank_owner: 'TRC20', pay_pass: PAY }, '请输入正确的USDT地址'],
    [{ bank: 'USDT', bank_no: ERC, bank_owner: 'TRC20', pay_pass: PAY }, '请输入正确的USDT地址'],
    [{ bank: 'USDT', bank_no: TRC, bank_owner: 'ERC20', pay_pass: PAY }, '请输入正确的USDT地址'],
    [{ bank: 'USDT', bank_no: `${TRC}0`, bank_owner: 'TRC20', pay_pass: PAY }, '请输入正确的USDT地址'],
  ])('answers %j with %s (spec order)', async (body, message) => {
    const { token } = await registerMember(s);
    expect(await s.api('/api/bindcard', body, { token })).toMatchObject({ code: 400, message });
  });

  it('refuses a wrong payment password, a duplicate (ERC20 in any case) and a sixth address', async () => {
    const { token } = await registerMember(s);
    expect(await s.api('/api/bindcard', usdt(TRC, 'TRC20', { pay_pass: 'nope' }), { token })).toMatchObject({ code: 400, message: '支付密码错误' });
    expect((await s.api('/api/bindcard', usdt(ERC, 'ERC20'), { token })).code).toBe(200);
    expect((await s.api('/api/bindcard', usdt(ERC.toLowerCase(), 'ERC20'), { token })).message).toBe('该卡号已绑定');
    for (let i = 1; i <= 4; i++) expect((await s.api('/api/bindcard', usdt(trc(i)), { token })).code).toBe(200);
    expect(await s.api('/api/bindcard', usdt(trc(5)), { token })).toMatchObject({ code: 400, message: '最多只能绑定5张' });
    expect(await cards(token, 2)).toHaveLength(5);
  });

  it('lets two members bind the same address', async () => {
    const a = await registerMember(s);
    const b = await registerMember(s);
    expect((await s.api('/api/bindcard', usdt(), { token: a.token })).code).toBe(200);
    expect((await s.api('/api/bindcard', usdt(), { token: b.token })).code).toBe(200);
  });
});

describe('POST /api/getcard and /api/delcard between members', () => {
  it('shows each member only their own cards and deletes only their own', async () => {
    const a = await registerMember(s);
    const b = await registerMember(s);
    await s.api('/api/bindcard', bankCard('6222111122223333'), { token: a.token });
    await s.api('/api/bindcard', bankCard('6222444455556666'), { token: b.token });
    const [cardA] = await cards(a.token, 1);
    const [cardB] = await cards(b.token, 1);
    expect(cardA!.bank_no).toBe('**** **** **** 3333');
    expect(cardB!.bank_no).toBe('**** **** **** 6666');

    expect(await s.api('/api/delcard', { id: cardB!.id }, { token: a.token })).toMatchObject({ code: 404, message: '卡片不存在' });
    expect(await cards(b.token, 1)).toHaveLength(1);

    expect(await s.api('/api/delcard', { id: cardA!.id }, { token: a.token })).toMatchObject({ code: 200, message: '解绑成功' });
    expect(await cards(a.token, 1)).toEqual([]);
    expect(await s.api('/api/delcard', { id: cardA!.id }, { token: a.token })).toMatchObject({ code: 404, message: '卡片不存在' });
    // soft delete: the row stays, and the number may be bound again
    const row = await s.db.kysely.selectFrom('member_cards').select('deleted_at').where('id', '=', cardA!.id as number).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await s.api('/api/bindcard', bankCard('6222111122223333'), { token: a.token })).code).toBe(200);
  });

  it('answers an unknown card id with 404 卡片不存在', async () => {
    const { token } = await registerMember(s);
    expect(await s.api('/api/delcard', { id: 2 ** 31 - 1 }, { token })).toMatchObject({ code: 404, message: '卡片不存在' });
  });
});

describe('the trial account', () => {
  it.each([
    ['/api/bindcard', bankCard()],
    ['/api/bindcard', usdt()],
    ['/api/delcard', { id: 1 }],
  ])('%s answers 试玩账号不支持此操作', async (p, body) => {
    const g = await s.api('/api/guestlogin');
    expect(g.code).toBe(200);
    expect(await s.api(p, body, { token: g.data.api_token })).toMatchObject({ code: 403, message: MSG.trialRefused });
  });
});

describe('bad input is a 400 envelope, never a 500', () => {
  it.each(([
    ['/api/getcard', {}],
    ['/api/getcard', { type: 3 }],
    ['/api/getcard', { type: 'bank' }],
    ['/api/getcard', { type: [1] }],
    ['/api/getcard', { type: true }],
    ['/api/getcard', []],
    ['/api/delcard', {}],
    ['/api/delcard', { id: 'abc' }],
    ['/api/delcard', { id: -1 }],
    ['/api/delcard', { id: 1.5 }],
    ['/api/delcard', { id: 1e300 }],
    ['/api/bindcard', { bank: ['USDT'] }],
    ['/api/bindcard', { bank_owner: { a: 1 } }],
    ['/api/bindcard', bankCard(undefined, { bank_no: 62220212345678 })],
    ['/api/bindcard', bankCard(undefined, { pay_pass: 12345678 })],
    ['/api/bindcard', bankCard(undefined, { bank_owner: 'x'.repeat(100_000) })],
    ['/api/bindcard', bankCard(undefined, { bank_no: '1'.repeat(100_000) })],
    ['/api/bindcard', usdt('T'.repeat(100_000))],
    ['/api/bindcard', bankCard(undefined, { pay_pass: 'p'.repeat(100_000) })],
    ['/api/bindcard', 'a string'],
    ['/api/bindcard', null],
  ] as Array<[string, unknown]>).map(([p, body]) => [p, String(JSON.stringify(body)).slice(0, 80), body] as const))('%s %s', async (p, _label, body) => {
    const { token } = await registerMember(s);
    const r = await s.api(p, body, { token });
    expect(r.status).toBe(200);
    expect(r.code).toBe(400);
    expect(r.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('maskCardNo (contract)', () => {
  it('keeps only the last 4 real characters', () => {
    expect(maskCardNo('6222021234567890', 1)).toBe('**** **** **** 7890');
    expect(maskCardNo(TRC, 2)).toBe('T****…bLSE');
    expect(maskCardNo(ERC.toLowerCase(), 2)).toBe('0x****…eaed');
  });
});
