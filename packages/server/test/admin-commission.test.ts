import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_ADMIN_MSG, DEFAULT_COMMISSION_PLAN, INVITE_MSG, MSG, fmt, type AdminCommissionPeriod, type AdminCommissionStatement, type CommissionPlan } from '@app/contract';
import { HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { setCommissionPlan } from '../src/modules/invites/service.js';
import { commissionKey, computeCommissionPeriod } from '../src/modules/commission/service.js';
import { figuresOf, setAgent } from './figures-support.js';
import { startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * 佣金审核 and 佣金方案 in the console: the statements the engine computed (one closed
 * week, figures by hand below), filtered and totalled and exported; approve pays once (the ledger, the
 * turnover requirement, a mail, an audit row) also under concurrent calls; reject needs a reason; the
 * plan is read and saved with the contract's check and an audit row; who may do what.
 */
let s: TestServer;
let admin: string;
let operations: Staff;
let finance: Staff;
let support: Staff;

const db = () => s.db.kysely;
const bj = (t: string): Date => new Date(`${t.replace(' ', 'T')}+08:00`);
const PERIOD = '2026-03-02';
const LAST_DAY = '2026-03-08';

const PLAN: CommissionPlan = {
  model: 'net_loss',
  period: 'weekly',
  multi_level: true,
  tiers: [
    { min: 100, active: 1, rate: 10 },
    { min: 1000, active: 2, rate: 20 },
  ],
  auto_pay_max: 40,
  valid_active_min: 100,
  turnover_multiple: 2,
};

interface Agent {
  id: number;
  name: string;
}

async function member(opts: { inviter?: number; agent?: boolean; prefix?: string } = {}): Promise<Agent> {
  const name = uniqueName(opts.prefix ?? 'cm');
  const row = await db()
    .insertInto('members')
    .values({ username: name, password_hash: 'x', pay_password_hash: 'x', inviter_id: opts.inviter ?? null, created_at: bj('2026-01-01 00:00:00') })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.agent) await setAgent(db(), row.id, true);
  return { id: row.id, name };
}

async function bets(memberId: number, day: string, validYuan: number, winLossYuan: number): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
            VALUES (${memberId}, ${day}::date, 'realbet', 1, ${validYuan * 100}, ${validYuan * 100}, ${winLossYuan * 100})`.execute(db());
}

const get = <T = any>(who: Staff | string, path: string) => adminCall<T>(s, typeof who === 'string' ? who : who.token, 'GET', path);
const post = <T = any>(who: Staff | string, path: string, body?: unknown) => adminCall<T>(s, typeof who === 'string' ? who : who.token, 'POST', path, body);
const stmt = async (agentId: number) => (await db().selectFrom('commission_statements').selectAll().where('agent_id', '=', agentId).where('period_start', '=', PERIOD).executeTakeFirstOrThrow());
const mails = (memberId: number) => db().selectFrom('mails').select(['title', 'content']).where('member_id', '=', memberId).where('title', 'like', '代理佣金%').orderBy('id').execute();
const turnoverFen = async (memberId: number) => Number((await figuresOf(db(), memberId)).turnover_req_fen);

let A: Agent; // 2 active, net loss 1,100 → tier 2 (20 %) = 220, + differential on B 600 × 10 % = 60 → 280 待审核
let B: Agent; // A's sub-agent: net loss 600 → tier 1 (10 %) = 60 待审核
let C: Agent; // net loss 300 → 30 ≤ auto_pay_max 40: paid at once
let D: Agent; // its member won 500: 0 → 无佣金
let E: Agent; // net loss 500 → 50 待审核

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  operations = await newStaff(s, admin, 'operations');
  finance = await newStaff(s, admin, 'finance');
  support = await newStaff(s, admin, 'support');

  await setCommissionPlan(db(), PLAN);
  A = await member({ agent: true, prefix: 'cmA' });
  const a1 = await member({ inviter: A.id });
  const a2 = await member({ inviter: A.id });
  await bets(a1.id, '2026-03-03', 1200, -1200);
  await bets(a2.id, '2026-03-08', 150, 100);
  // a bet of the next week counts nowhere here
  await bets(a1.id, '2026-03-09', 5000, -5000);
  B = await member({ agent: true, inviter: A.id, prefix: 'cmB' });
  const b1 = await member({ inviter: B.id });
  await bets(b1.id, '2026-03-04', 600, -600);
  C = await member({ agent: true, prefix: 'cmC' });
  await bets((await member({ inviter: C.id })).id, '2026-03-05', 300, -300);
  D = await member({ agent: true, prefix: 'cmD' });
  await bets((await member({ inviter: D.id })).id, '2026-03-05', 200, 500);
  E = await member({ agent: true, prefix: 'cmE' });
  await bets((await member({ inviter: E.id })).id, '2026-03-06', 500, -500);
  const r = await computeCommissionPeriod(db(), PERIOD, bj('2026-03-09 00:00:00'));
  expect(r).toEqual({ written: 5, paid: 1 });
});
afterAll(() => s.close());

describe('who may do what', () => {
  it('lets support and finance read; only review roles decide; only operations (and super) save the plan', async () => {
    const e = await stmt(E.id);
    for (const reader of [support, finance, operations]) {
      expect(await get(reader, '/commission/statements')).toMatchObject({ code: 200 });
      expect(await get(reader, '/commission/periods')).toMatchObject({ code: 200 });
      expect(await get(reader, '/commission/plan')).toMatchObject({ code: 200 });
      expect((await adminFile(s, reader.token, '/commission/statements.csv')).type).toMatch(/^text\/csv/);
    }
    expect(await post(support, `/commission/statements/${e.id}/approve`)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await post(support, `/commission/statements/${e.id}/reject`, { reason: '不行' })).toMatchObject({ code: 403, message: MSG.forbidden });
    for (const who of [support, finance]) expect(await post(who, '/commission/plan', PLAN)).toMatchObject({ code: 403, message: MSG.forbidden });
    // a member's own token is not a staff session
    const token = (await s.api('/api/guestlogin')).data.api_token as string;
    expect(await adminCall(s, token, 'GET', '/commission/statements')).toMatchObject({ code: 401 });
    expect((await stmt(E.id)).state).toBe(0);
    expect(await auditRows(s, 'commission.approve', `commission_statement:${e.id}`)).toEqual([]);
  });
});

describe('佣金审核 list', () => {
  it('shows each statement with its inputs in yuan, the period’s last day and the filter’s totals by state', async () => {
    const r = await get(support, `/commission/statements?period=${PERIOD}`);
    expect(r.code).toBe(200);
    const rows = r.data.data as AdminCommissionStatement[];
    expect(r.data.total).toBe(5);
    // newest period first, then in the order written (agent id)
    expect(rows.map((x) => x.agent_id)).toEqual([A.id, B.id, C.id, D.id, E.id]);
    const a = rows[0]!;
    expect(a).toMatchObject({
      agent_id: A.id,
      username: A.name,
      period_start: PERIOD,
      period_end: LAST_DAY,
      model: 'net_loss',
      model_label: '负盈利',
      team_members: 3,
      active_members: 2,
      valid_bets: 1350,
      team_win_loss: -1100,
      bonuses: 0,
      net_loss: 1100,
      carried_in: 0,
      base: 1100,
      tier: 2,
      rate: 20,
      own_amount: 220,
      differentials: [{ sub_agent_id: B.id, sub_agent: B.name, base: 600, rate: 20, sub_rate: 10, amount: 60 }],
      amount: 280,
      state: 0,
      state_label: '待审核',
      reason: '',
      reviewer: '',
      reviewed_at: '',
      journal_id: null,
    });
    expect(a.created_at).toBe('2026-03-09 00:00:00');
    expect(rows[2]).toMatchObject({ agent_id: C.id, amount: 30, state: 1, state_label: '已发放', reviewer: '', reviewed_at: '2026-03-09 00:00:00' });
    expect(rows[2]!.journal_id).toBeGreaterThan(0);
    expect(rows[3]).toMatchObject({ agent_id: D.id, net_loss: -500, base: -500, tier: 0, rate: 0, amount: 0, state: 3, state_label: '无佣金' });
    expect(r.data.sum).toEqual({ amount: 420, pending: 390, paid: 30, rejected: 0, pending_count: 3, paid_count: 1, rejected_count: 0, none_count: 1 });
  });

  it('filters by state, by agent (username prefix or id) and by period, the totals following the filter', async () => {
    const pending = await get(support, `/commission/statements?period=${PERIOD}&state=0`);
    expect(pending.data.data.map((x: AdminCommissionStatement) => x.agent_id)).toEqual([A.id, B.id, E.id]);
    expect(pending.data.sum).toMatchObject({ amount: 390, pending: 390, paid: 0, pending_count: 3 });
    const byName = await get(support, `/commission/statements?keyword=${encodeURIComponent(A.name.slice(0, -1))}`);
    expect(byName.data.data.map((x: AdminCommissionStatement) => x.agent_id)).toEqual([A.id]);
    expect(byName.data.sum.amount).toBe(280);
    const byId = await get(support, `/commission/statements?keyword=${C.id}`);
    expect(byId.data.data.map((x: AdminCommissionStatement) => x.agent_id)).toEqual([C.id]);
    expect(byId.data.sum).toMatchObject({ amount: 30, paid: 30, paid_count: 1 });
    expect((await get(support, '/commission/statements?period=2026-02-23')).data).toMatchObject({ total: 0, data: [], sum: { amount: 0 } });
    expect(await get(support, '/commission/statements?period=2026-13-45')).toMatchObject({ code: 400, message: COMMISSION_ADMIN_MSG.period });
    expect(await get(support, '/commission/statements?period=soon')).toMatchObject({ code: 400, message: COMMISSION_ADMIN_MSG.period });
    // a bad state is simply not a filter value
    expect(await get(support, '/commission/statements?state=9')).toMatchObject({ code: 400 });
  });

  it('lists the computed periods newest first with their sums', async () => {
    const r = await get<AdminCommissionPeriod[]>(support, '/commission/periods');
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ period_start: PERIOD, period_end: LAST_DAY, model: 'net_loss', model_label: '负盈利', statements: 5, amount: 420, pending: 390, pending_count: 3, paid: 30, rejected: 0 });
    expect(r.data[0]!.computed_at).toBe('2026-03-09 00:00:00');
  });
});

describe('approve and reject', () => {
  it('approve pays once: the agent’s wallet and the house account move, a turnover requirement, a mail, an audit row; again 409 已处理', async () => {
    const a = await stmt(A.id);
    const houseBefore = await houseBalanceFen(db(), HOUSE.commission);
    const walletBefore = await memberBalanceFen(db(), A.id);
    const turnoverBefore = await turnoverFen(A.id);

    const r = await post(finance, `/commission/statements/${a.id}/approve`);
    expect(r).toMatchObject({ code: 200, message: COMMISSION_ADMIN_MSG.approved, data: { id: a.id, agent_id: A.id, state: 1, state_label: '已发放', amount: 280, reviewer: finance.username } });
    expect(await memberBalanceFen(db(), A.id)).toBe(walletBefore + 28_000);
    expect(await houseBalanceFen(db(), HOUSE.commission)).toBe(houseBefore - 28_000);
    expect(await turnoverFen(A.id)).toBe(turnoverBefore + 56_000);
    const journal = await db().selectFrom('ledger_journals').select(['id', 'kind']).where('idem_key', '=', commissionKey(a.id)).executeTakeFirstOrThrow();
    expect(journal.kind).toBe('commission');
    expect(await mails(A.id)).toEqual([{ title: '代理佣金到账', content: `您${PERIOD}至${LAST_DAY}的代理佣金280.00元已发放到中心钱包，需完成560.00元流水方可提现。` }]);
    const audit = await auditRows(s, 'commission.approve', `commission_statement:${a.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: finance.id });
    expect(audit[0]!.before).toMatchObject({ state: 0, journal_id: null });
    expect(audit[0]!.after).toMatchObject({ state: 1, journal_id: Number(journal.id) });

    // the list shows it paid, by whom
    const row = ((await get(support, `/commission/statements?keyword=${A.id}`)).data.data as AdminCommissionStatement[])[0]!;
    expect(row).toMatchObject({ state: 1, state_label: '已发放', reviewer: finance.username, journal_id: Number(journal.id) });
    expect(row.reviewed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // a second decision, either one, changes nothing
    expect(await post(operations, `/commission/statements/${a.id}/approve`)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await post(operations, `/commission/statements/${a.id}/reject`, { reason: '迟了' })).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(db(), A.id)).toBe(walletBefore + 28_000);
    expect(await mails(A.id)).toHaveLength(1);
    expect(await auditRows(s, 'commission.approve', `commission_statement:${a.id}`)).toHaveLength(1);
    expect(await post(operations, '/commission/statements/999999999/approve')).toMatchObject({ code: 404, message: COMMISSION_ADMIN_MSG.missing });
  });

  it('concurrent approvals pay once: one 200, the rest 409 已处理', async () => {
    const b = await stmt(B.id);
    const before = await memberBalanceFen(db(), B.id);
    const answers = await Promise.all([finance, operations, finance, operations, admin].map((who) => post(who, `/commission/statements/${b.id}/approve`)));
    expect(answers.filter((x) => x.code === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.code === 409 && x.message === MSG.conflict)).toHaveLength(4);
    expect(await memberBalanceFen(db(), B.id)).toBe(before + 6_000);
    expect(await mails(B.id)).toHaveLength(1);
    expect(await auditRows(s, 'commission.approve', `commission_statement:${b.id}`)).toHaveLength(1);
  });

  it('reject needs a reason; it pays nothing, mails the reason, is audited, and is final', async () => {
    const e = await stmt(E.id);
    const message = fmt(COMMISSION_ADMIN_MSG.rejectReason, { max: 200 });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(201) }])
      expect(await post(operations, `/commission/statements/${e.id}/reject`, body)).toMatchObject({ code: 400, message });
    expect((await stmt(E.id)).state).toBe(0);
    const before = await memberBalanceFen(db(), E.id);
    const r = await post(operations, `/commission/statements/${e.id}/reject`, { reason: ' 团队存在套利行为 ' });
    expect(r).toMatchObject({ code: 200, message: COMMISSION_ADMIN_MSG.rejected, data: { id: e.id, state: 2, state_label: '已拒绝', amount: 50, reason: '团队存在套利行为', journal_id: null, reviewer: operations.username } });
    expect(await memberBalanceFen(db(), E.id)).toBe(before);
    expect(await mails(E.id)).toEqual([{ title: '代理佣金未通过审核', content: `您${PERIOD}至${LAST_DAY}的代理佣金50.00元未通过审核，原因：团队存在套利行为` }]);
    const audit = await auditRows(s, 'commission.reject', `commission_statement:${e.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ state: 2, reason: '团队存在套利行为' });
    expect(await post(finance, `/commission/statements/${e.id}/approve`)).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(db(), E.id)).toBe(before);

    const sum = (await get(support, `/commission/statements?period=${PERIOD}`)).data.sum;
    expect(sum).toEqual({ amount: 420, pending: 0, paid: 370, rejected: 50, pending_count: 0, paid_count: 3, rejected_count: 1, none_count: 1 });
  });
});

describe('statements as CSV', () => {
  it('exports the filter as a UTF-8 file with a BOM, Chinese headers and two-decimal money', async () => {
    const f = await adminFile(s, support.token, `/commission/statements.csv?period=${PERIOD}`);
    expect(f.status).toBe(200);
    expect(f.type).toBe('text/csv; charset=utf-8');
    expect(f.disposition).toBe(`attachment; filename="commission-statements-${PERIOD}.csv"`);
    expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = f.text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '记录ID,代理ID,代理账号,周期开始,周期结束,佣金模式,团队人数,有效活跃人数,团队有效投注,团队输赢,团队优惠,负盈利,上期结转,计算基数,档位,比例,直属佣金,级差佣金,佣金金额,状态,拒绝原因,审核人,审核时间,发放流水号,计算时间',
    );
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    expect(body).toHaveLength(5);
    const a = await stmt(A.id);
    const cells = body[0]!.split(',');
    expect(cells.slice(0, 21)).toEqual([
      String(a.id), String(A.id), A.name, PERIOD, LAST_DAY, '负盈利', '3', '2', '1350.00', '-1100.00', '0.00', '1100.00', '0.00', '1100.00', '2', '20.00', '220.00', '60.00', '280.00', '已发放', '',
    ]);
    expect(cells[21]).toBe(finance.username);
    expect(cells[23]).toBe(String(a.journal_id));
    expect(body[4]!.split(',').slice(19, 22)).toEqual(['已拒绝', '团队存在套利行为', operations.username]);
    // the keyword filter applies to the file too
    const one = await adminFile(s, support.token, `/commission/statements.csv?keyword=${D.id}`);
    expect(one.text.slice(1).split('\r\n').slice(1, -1).map((l) => Number(l.split(',')[1]))).toEqual([D.id]);
    expect((await adminFile(s, support.token, '/commission/statements.csv?period=bad')).envelope).toMatchObject({ code: 400, message: COMMISSION_ADMIN_MSG.period });
  });
});

describe('佣金方案', () => {
  it('reads the plan in force with who saved it (the default before anyone did)', async () => {
    const r = await get(support, '/commission/plan');
    // saved by the setup directly (no staff): the plan, no staff name
    expect(r).toMatchObject({ code: 200, data: { plan: PLAN, updated_by: '' } });
    expect(r.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(DEFAULT_COMMISSION_PLAN.model).toBe('net_loss');
  });

  it('saves through the contract’s check (its message), keeps only the known fields, audits before and after, and the member sees it', async () => {
    const bad: Array<[unknown, string]> = [
      [{ ...PLAN, model: 'both' }, INVITE_MSG.model],
      [{ ...PLAN, tiers: [] }, INVITE_MSG.tierCount],
      [{ ...PLAN, tiers: [PLAN.tiers[0], { min: 50, active: 2, rate: 20 }] }, fmt(INVITE_MSG.tierOrder, { n: 2 })],
      [{ ...PLAN, tiers: [PLAN.tiers[0], { min: 1000, active: 2, rate: 90 }] }, fmt(INVITE_MSG.tierPercent, { n: 2 })],
      [{ ...PLAN, tiers: [{ min: 100, active: 1, rate: '10' }] }, fmt(INVITE_MSG.tierPercent, { n: 1 })],
      [{ ...PLAN, auto_pay_max: -1 }, INVITE_MSG.autoPayMax],
      [{ ...PLAN, turnover_multiple: 1.5 }, INVITE_MSG.turnoverMultiple],
      [{}, INVITE_MSG.model],
    ];
    for (const [body, message] of bad) expect(await post(operations, '/commission/plan', body)).toMatchObject({ code: 400, message });
    expect(await auditRows(s, 'commission.plan', 'commission_plan')).toEqual([]);

    const next: CommissionPlan = { ...PLAN, model: 'turnover', period: 'monthly', multi_level: false, tiers: [{ min: 10_000, active: 0, rate: 50 }, { min: 100_000, active: 5, rate: 80 }], auto_pay_max: 0, turnover_multiple: 0 };
    const r = await post(operations, '/commission/plan', { ...next, extra: 'dropped', tiers: next.tiers.map((t) => ({ ...t, note: 'x' })) });
    expect(r).toMatchObject({ code: 200, message: COMMISSION_ADMIN_MSG.planSaved, data: { plan: next, updated_by: operations.username } });
    expect((await get(support, '/commission/plan')).data.plan).toEqual(next);
    const audit = await auditRows(s, 'commission.plan', 'commission_plan');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, before: PLAN, after: next });
    const member = await s.api('/api/commissionplan');
    expect(member).toMatchObject({ code: 200, data: { plan: next } });
    expect(member.data.tiers[1]).toEqual({ level: '第2档', condition: '团队有效投注≥100,000元', active: '≥5人', reward: '每万元80元' });
  });
});
