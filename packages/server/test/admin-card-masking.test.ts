import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, type StaffRole } from '@app/contract';
import { ADMIN_ROUTES } from '../src/admin/table.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * Card numbers in the back office (README roles table): only 查看完整卡号 (members.cards: finance, super)
 * sees a member's card number, USDT address or deposit payer's card in full; operations and support
 * see them masked, in every answer, the audit log's details included.
 */
let s: TestServer;
let admin: string;
const staff = {} as Record<Exclude<StaffRole, 'super'>, Staff>;

const PAY = PAY_PASSWORD; // registerMember sets this payment password, its own secret (DESIGN §4)
const BANK_NO = '6222021234567890';
const TRC = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const PAYER_NO = '6217003810012345';
const BANK_MASK = '**** **** **** 7890';
const TRC_MASK = 'T****…RTv8';
const PAYER_MASK = '**** **** **** 2345';
/** Every full number the member below has given; none may reach staff without members.cards. */
const FULL = [BANK_NO, TRC, PAYER_NO];

let m: { name: string; token: string; id: number };
let bankDeposit: { id: number; no: string };
let bankWithdrawal: number;
let usdtWithdrawal: number;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  for (const role of ['finance', 'operations', 'support'] as const) staff[role] = await newStaff(s, admin, role);

  // One member with everything that carries a card: a bank card, a TRC20 address, a bank deposit
  // (approved, so the audit log has it), a bank and a USDT withdrawal.
  const reg = await registerMember(s);
  m = { ...reg, id: await memberIdOf(s, reg.token) };
  expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY }, { token: m.token })).code).toBe(200);
  expect((await s.api('/api/bindcard', { bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, pay_pass: PAY }, { token: m.token })).code).toBe(200);
  const dep = await s.api('/api/recharge', { paytype: 'bank', amount: 500, bank_owner: '张三', bank: '中国建设银行', bank_no: PAYER_NO, bank_address: '上海分行' }, { token: m.token });
  expect(dep.code).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select(['id', 'deposit_no']).where('deposit_no', '=', dep.data.deposit_no).executeTakeFirstOrThrow();
  bankDeposit = { id: row.id, no: row.deposit_no };

  await fund(s, m.id, 3000);
  const [bank] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  const [usdt] = (await s.api('/api/getcard', { type: 2 }, { token: m.token })).data;
  const w1 = await s.api('/api/withdraw', { amount: 300, bank: bank.id, password: PAY, type: 2 }, { token: m.token });
  const w2 = await s.api('/api/withdraw', { amount: 1000, bank: usdt.id, password: PAY, type: 1 }, { token: m.token });
  expect([w1.code, w2.code]).toEqual([200, 200]);
  const ids = await s.db.kysely.selectFrom('withdrawals').select(['id', 'card_type']).where('member_id', '=', m.id).execute();
  bankWithdrawal = ids.find((w) => w.card_type === 1)!.id;
  usdtWithdrawal = ids.find((w) => w.card_type === 2)!.id;
  // Approved last: its turnover requirement would hold the withdrawals back.
  expect((await adminCall(s, staff.finance.token, 'POST', `/deposits/${bankDeposit.id}/approve`)).code).toBe(200);
});
afterAll(() => s.close());

const get = (who: Staff, path: string) => adminCall(s, who.token, 'GET', path);
const leaks = (value: unknown) => FULL.filter((n) => JSON.stringify(value).includes(n));

describe('deposit queue', () => {
  it('shows the payer card in full to finance', async () => {
    const [d] = (await get(staff.finance, `/deposits?keyword=${bankDeposit.no}`)).data.data;
    expect(d).toMatchObject({ id: bankDeposit.id, payer_name: '张三', payer_bank: '中国建设银行', payer_bank_no: PAYER_NO, payer_bank_address: '上海分行' });
  });

  it('masks the payer card for operations', async () => {
    const r = await get(staff.operations, `/deposits?keyword=${bankDeposit.no}`);
    expect(r.data.data[0]).toMatchObject({ id: bankDeposit.id, payer_name: '张三', payer_bank: '中国建设银行', payer_bank_no: PAYER_MASK });
    expect(leaks(r)).toEqual([]);
  });
});

describe('withdrawal queue', () => {
  it('shows bank card and USDT address in full to finance, masked to operations', async () => {
    const byId = (rows: Array<{ id: number; bank_no: string }>) => Object.fromEntries(rows.map((w) => [w.id, w.bank_no]));
    const full = await get(staff.finance, `/withdrawals?keyword=${m.name}`);
    expect(byId(full.data.data)).toEqual({ [bankWithdrawal]: BANK_NO, [usdtWithdrawal]: TRC });
    const masked = await get(staff.operations, `/withdrawals?keyword=${m.name}`);
    expect(byId(masked.data.data)).toEqual({ [bankWithdrawal]: BANK_MASK, [usdtWithdrawal]: TRC_MASK });
    expect(leaks(masked)).toEqual([]);
  });
});

describe('member detail', () => {
  it('shows cards, the deposit payer card and the withdrawal cards in full to finance', async () => {
    const d = (await get(staff.finance, `/members/${m.id}`)).data;
    expect(d.cards.map((c: { bank_no: string }) => c.bank_no)).toEqual([BANK_NO, TRC]);
    expect(d.deposits[0]).toMatchObject({ id: bankDeposit.id, payer_bank_no: PAYER_NO });
    expect(d.withdrawals.map((w: { bank_no: string }) => w.bank_no).sort()).toEqual([BANK_NO, TRC].sort());
  });

  it.each(['operations', 'support'] as const)('masks every card number for %s', async (role) => {
    const r = await get(staff[role], `/members/${m.id}`);
    expect(r.code).toBe(200);
    expect(r.data.cards.map((c: { bank_no: string }) => c.bank_no)).toEqual([BANK_MASK, TRC_MASK]);
    expect(r.data.deposits[0]).toMatchObject({ id: bankDeposit.id, payer_bank: '中国建设银行', payer_bank_no: PAYER_MASK });
    expect(r.data.withdrawals.map((w: { bank_no: string }) => w.bank_no).sort()).toEqual([BANK_MASK, TRC_MASK].sort());
    expect(leaks(r)).toEqual([]);
  });
});

describe('audit log', () => {
  it('records a deposit review with the payer card masked', async () => {
    const rows = await auditRows(s, 'deposit.approve', `deposit:${bankDeposit.id}`);
    expect(rows).toMatchObject([{ before: { state: 1, payer_bank_no: PAYER_MASK }, after: { state: 2, payer_bank_no: PAYER_MASK } }]);
    expect(leaks(rows)).toEqual([]);
  });

  it('masks card numbers in the details of rows recorded in full before, except for finance', async () => {
    // Rows written before card numbers were masked on the way in still hold them in full.
    const target = `deposit:${bankDeposit.id}:legacy`;
    await s.db.kysely
      .insertInto('audit_log')
      .values({
        staff_id: staff.finance.id,
        staff_name: staff.finance.username,
        action: 'deposit.approve',
        target,
        before: JSON.stringify({ state: 1, payer_bank_no: PAYER_NO, nested: [{ card_type: 2, bank_no: TRC }] }),
        after: JSON.stringify({ state: 2, payer_bank_no: PAYER_NO, nested: [{ card_type: 1, bank_no: BANK_NO }] }),
        ip: '127.0.0.1',
      })
      .execute();
    const entry = async (who: Staff) => {
      const r = await get(who, `/audit-log?action=deposit.approve&staff=${staff.finance.username}`);
      expect(r.code).toBe(200);
      return r.data.data.find((e: { target: string }) => e.target === target);
    };
    expect(await entry(staff.finance)).toMatchObject({ before: { payer_bank_no: PAYER_NO, nested: [{ bank_no: TRC }] }, after: { payer_bank_no: PAYER_NO, nested: [{ bank_no: BANK_NO }] } });
    const byOperations = await entry(staff.operations);
    expect(byOperations).toMatchObject({ before: { state: 1, payer_bank_no: PAYER_MASK, nested: [{ bank_no: TRC_MASK }] }, after: { state: 2, payer_bank_no: PAYER_MASK, nested: [{ bank_no: BANK_MASK }] } });
    expect(leaks(byOperations)).toEqual([]);
  });
});

describe('receiving accounts', () => {
  it('stay in full for operations: members are shown them to pay into', async () => {
    const account = { method: 'bank', bank_name: '中国银行', bank_no: '6217000011112222', bank_owner: '星海科技', bank_address: '深圳分行' };
    const requested = await adminCall(s, staff.finance.token, 'POST', '/receiving-accounts', account);
    expect(requested.data.pending).toBe(true);
    // a second staff member approves the new account (maker–checker)
    const approved = await adminCall(s, admin, 'POST', `/approvals/${requested.data.approval_id}/approve`);
    expect(approved.code).toBe(200);
    const id = (await s.db.kysely.selectFrom('staff_approvals').select('result').where('id', '=', requested.data.approval_id).executeTakeFirstOrThrow()).result as { receiving_id: number };
    const r = await get(staff.operations, '/receiving-accounts');
    expect(r.data.find((a: { id: number }) => a.id === id.receiving_id)).toMatchObject({ bank_no: account.bank_no });
    // the platform's own account stays in full in the 待复核 list too (finance and super read it)
    const list = await get(staff.finance, '/approvals?state=1');
    expect(list.data.data.find((a: { id: number }) => a.id === requested.data.approval_id).payload).toMatchObject({ bank_no: account.bank_no });
  });
});

describe('every back-office answer', () => {
  /**
   * The GET routes whose `:id` or query is not a member's, with a real one: a mail campaign to this
   * member (its answer carries the member too), the audience preview of all members.
   */
  let samples: Record<string, string> | null = null;
  async function sampleOf(routePath: string): Promise<string | undefined> {
    if (!samples) {
      const campaign = await adminCall(s, admin, 'POST', '/mail/campaigns', { audience: 'member', member: m.name, title: '卡号测试', content: '您好' });
      expect(campaign.code, campaign.message).toBe(200);
      const talk = await s.db.kysely.insertInto('service_conversations').values({ member_id: m.id, last_body: '卡号 6217000011112222' }).returning('id').executeTakeFirstOrThrow();
      samples = { '/mail/audience': '/mail/audience?audience=all', '/mail/campaigns/:id': `/mail/campaigns/${campaign.data.id}`, '/service/conversations/:id': `/service/conversations/${talk.id}`, '/withdrawals/:id/context': `/withdrawals/${usdtWithdrawal}/context` };
    }
    return samples[routePath];
  }

  /** Every GET route the role may call, on this member (`:id`) where the route takes one. */
  async function readAll(role: Exclude<StaffRole, 'super'>) {
    const answers: Record<string, unknown> = {};
    for (const r of ADMIN_ROUTES) {
      if (r.method !== 'GET' || r.access === 'public' || (r.access !== 'staff' && !roleCan(role, r.access))) continue;
      const path = (await sampleOf(r.path)) ?? r.path.replace(/:id\b/, String(m.id));
      if (r.file) {
        // An export is a file, not an envelope: its text is swept all the same.
        const f = await adminFile(s, staff[role].token, path);
        expect(f.status, `${role} GET ${path}`).toBe(200);
        answers[path] = f.text;
        continue;
      }
      const answer = await get(staff[role], path);
      expect(answer.code, `${role} GET ${path}`).toBe(200);
      answers[path] = answer;
    }
    return answers;
  }

  it.each(['operations', 'support'] as const)('carries no full card number or USDT address to %s', async (role) => {
    const answers = await readAll(role);
    expect(Object.keys(answers)).toContain(`/members/${m.id}`);
    for (const [path, answer] of Object.entries(answers)) expect(leaks(answer), `${role} GET ${path}`).toEqual([]);
  });

  it('carries them all to finance (the sweep above can see a leak)', async () => {
    const answers = await readAll('finance');
    expect(leaks(answers).sort()).toEqual([...FULL].sort());
  });
});
