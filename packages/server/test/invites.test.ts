import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMISSION_JOURNAL_KIND,
  commissionPlanFailure,
  commissionTierOf,
  DEFAULT_COMMISSION_PLAN,
  describeCommissionPlan,
  INVITE_MSG,
  inviteLink,
  type CommissionPlan,
  type CommissionPlanView,
  type InviteBonus,
  type InviteCounters,
  type InviteFriend,
  type Page,
} from '@app/contract';
import { HOUSE, memberWalletId, post, systemAccountId } from '../src/modules/ledger/service.js';
import { getCommissionPlan, inviteCounters, setCommissionPlan } from '../src/modules/invites/service.js';
import { createSession } from '../src/modules/session/service.js';
import { CAPTCHA_BYPASS, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * Invitations (spec §2 /inviter; contract invites.ts). The counters are read through
 * the service with `now` injected (Beijing times on both sides of midnight and of a month's end); the
 * lists and IDOR through the API. Members, deposits and member_daily_bets rows are written as
 * registration, the deposit review and the bet feed leave them.
 */
let s: TestServer;
let payMethod: string;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  payMethod = (await s.db.kysely.selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
});
afterAll(() => s.close());

/** A Beijing wall-clock time as a Date: '2026-04-01 00:30:00'. */
const bj = (t: string): Date => new Date(`${t.replace(' ', 'T')}+08:00`);

async function member(opts: { inviter?: number; joined?: Date; name?: string } = {}): Promise<{ id: number; name: string; token: string }> {
  const name = opts.name ?? uniqueName('i');
  const row = await s.db.kysely
    .insertInto('members')
    .values({ username: name, password_hash: 'x', pay_password_hash: 'x', inviter_id: opts.inviter ?? null, ...(opts.joined ? { created_at: opts.joined } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, token: await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' }) };
}

/** A deposit of `yuan` in `state` (2 approved), reviewed at `at`. */
async function deposit(memberId: number, yuan: number, at: Date, state: 1 | 2 | 3 = 2): Promise<void> {
  await s.db.kysely
    .insertInto('deposits')
    .values({ deposit_no: `IV${randomBytes(8).toString('hex')}`, member_id: memberId, method: payMethod, amount_fen: yuan * 100, state, reviewed_at: state === 1 ? null : at, created_at: at })
    .execute();
}

/** Valid bets of `validYuan` (of `stakeYuan` staked) on the Beijing day `day`, as the feed sums them. */
async function bets(memberId: number, day: string, validYuan: number, stakeYuan = validYuan): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, hedged_fen)
            VALUES (${memberId}, ${day}::date, 'realbet', 1, ${stakeYuan * 100}, ${validYuan * 100}, ${(stakeYuan - validYuan) * 100})`.execute(s.db.kysely);
}

/** A commission (or another kind of) journal crediting the member's wallet, booked at `at`. */
async function credit(memberId: number, yuan: number, kind: string, memo: string, at: Date): Promise<void> {
  const wallet = await memberWalletId(s.db.kysely, memberId);
  const house = await systemAccountId(s.db.kysely, HOUSE.adjustments);
  const fen = yuan * 100;
  await s.db.kysely.transaction().execute(async (tx) => {
    const journalId = await post(tx, { idemKey: `test-commission:${randomBytes(6).toString('hex')}`, kind, memo, entries: [{ accountId: house, amountFen: -fen }, { accountId: wallet, amountFen: fen }] });
    await tx.updateTable('ledger_entries').set({ created_at: at }).where('journal_id', '=', journalId).execute();
  });
}

const friends = (token: string, body: Record<string, unknown> = {}) => s.api<Page<InviteFriend>>('/api/invitefriends', body, { token });
const bonus = (token: string, body: Record<string, unknown> = {}) => s.api<Page<InviteBonus>>('/api/invitebonus', body, { token });

/**
 * The team of `a` (hand-computed figures in the tests):
 * f1 joined 03-31 23:59:30, bet 500 on 03-31, deposit 200 approved 03-31 23:59:59;
 * f2 joined 04-01 00:00:00, bet 150 on 04-01, deposit 300 approved 04-01 00:10;
 * f3 joined 04-01 00:20, bet 50 on 04-01, a pending deposit of 1,000 and a rejected one of 800;
 * f4 joined 03-15, bet 1,000 on 03-31 and 120 on 04-01, deposit 400 approved at 04-01 00:00:00;
 * f5 joined 04-01 00:25, staked 100 on 04-01 all hedged (valid 0).
 * b's own invitee g1 (joined 04-01 00:05, bet 900, deposit 5,000) and a's own bets and deposits
 * never count for a.
 */
let a: { id: number; token: string; name: string };
let b: { id: number; token: string; name: string };
let f: Record<'f1' | 'f2' | 'f3' | 'f4' | 'f5', { id: number; name: string }>;
beforeAll(async () => {
  a = await member({ joined: bj('2026-01-10 09:00:00') });
  b = await member({ joined: bj('2026-01-10 09:00:00') });
  const f1 = await member({ inviter: a.id, joined: bj('2026-03-31 23:59:30'), name: 'alpha01zz' });
  const f2 = await member({ inviter: a.id, joined: bj('2026-04-01 00:00:00'), name: 'bravo02yy' });
  const f3 = await member({ inviter: a.id, joined: bj('2026-04-01 00:20:00'), name: 'charlie03xx' });
  const f4 = await member({ inviter: a.id, joined: bj('2026-03-15 12:00:00'), name: 'delta04ww' });
  const f5 = await member({ inviter: a.id, joined: bj('2026-04-01 00:25:00'), name: 'echo05vv' });
  f = { f1, f2, f3, f4, f5 };
  await bets(f1.id, '2026-03-31', 500);
  await deposit(f1.id, 200, bj('2026-03-31 23:59:59'));
  await bets(f2.id, '2026-04-01', 150);
  await deposit(f2.id, 300, bj('2026-04-01 00:10:00'));
  await bets(f3.id, '2026-04-01', 50);
  await deposit(f3.id, 1_000, bj('2026-04-01 00:21:00'), 1);
  await deposit(f3.id, 800, bj('2026-04-01 00:22:00'), 3);
  await bets(f4.id, '2026-03-31', 1_000);
  await bets(f4.id, '2026-04-01', 120);
  await deposit(f4.id, 400, bj('2026-04-01 00:00:00'));
  await bets(f5.id, '2026-04-01', 0, 100);
  const g1 = await member({ inviter: b.id, joined: bj('2026-04-01 00:05:00') });
  await bets(g1.id, '2026-04-01', 900);
  await deposit(g1.id, 5_000, bj('2026-04-01 00:06:00'));
  await bets(a.id, '2026-04-01', 10_000);
  await deposit(a.id, 10_000, bj('2026-04-01 00:07:00'));
});

describe('the nine live counters (Beijing days and months)', () => {
  it('counts just after midnight on the 1st: the new month and day hold only what came after 00:00', async () => {
    const c = await inviteCounters(s.db.kysely, a.id, bj('2026-04-01 00:30:00'));
    expect(c).toEqual<InviteCounters>({
      members: 5,
      month_new: 3,
      month_active: 3,
      month_valid_active: 2,
      today_new: 3,
      today_active: 3,
      month_new_valid: 1,
      month_deposit: 700,
      today_deposit: 700,
      valid_active_min: 100,
      day: '2026-04-01',
    });
  });

  it('counts just before midnight on the month\'s last day: March\'s figures, nothing of April', async () => {
    const c = await inviteCounters(s.db.kysely, a.id, bj('2026-03-31 23:59:59'));
    expect(c).toMatchObject({
      members: 5,
      month_new: 2,
      month_active: 2,
      month_valid_active: 2,
      today_new: 1,
      today_active: 2,
      month_new_valid: 2,
      month_deposit: 200,
      today_deposit: 200,
      day: '2026-03-31',
    });
  });

  it('keeps the month and clears the day later in the month', async () => {
    const c = await inviteCounters(s.db.kysely, a.id, bj('2026-04-15 12:00:00'));
    expect(c).toMatchObject({ members: 5, month_new: 3, month_active: 3, month_valid_active: 2, today_new: 0, today_active: 0, month_new_valid: 1, month_deposit: 700, today_deposit: 0 });
  });

  it('measures valid active against the plan\'s valid_active_min', async () => {
    await setCommissionPlan(s.db.kysely, { ...DEFAULT_COMMISSION_PLAN, valid_active_min: 130 });
    try {
      const c = await inviteCounters(s.db.kysely, a.id, bj('2026-04-01 00:30:00'));
      expect(c).toMatchObject({ month_valid_active: 1, month_new_valid: 1, valid_active_min: 130 });
      const march = await inviteCounters(s.db.kysely, a.id, bj('2026-03-31 23:59:59'));
      expect(march).toMatchObject({ month_valid_active: 2, month_new_valid: 2 });
    } finally {
      await setCommissionPlan(s.db.kysely, DEFAULT_COMMISSION_PLAN);
    }
  });

  it('answers a member its own team over the API, and a visitor nothing', async () => {
    const mine = await s.api<InviteCounters>('/api/invitecounters', {}, { token: b.token });
    expect(mine.code).toBe(200);
    // g1 joined on 2026-04-01, so whatever today is, b's team is one member
    expect(mine.data.members).toBe(1);
    const visitor = await s.api('/api/invitecounters', {});
    expect(visitor.code).toBe(401);
  });

  it('counts a friend registered through the invite link (pid = the member id)', async () => {
    const inviter = await member();
    const name = uniqueName('p');
    const r = await s.api('/api/register', { name, realname: name, password: 'secret123', confirmPass: 'secret123', code: CAPTCHA_BYPASS, pid: String(inviter.id), adult: 1 });
    expect(r.code).toBe(200);
    const c = await s.api<InviteCounters>('/api/invitecounters', {}, { token: inviter.token });
    expect(c.data).toMatchObject({ members: 1, today_new: 1, month_new: 1, today_active: 0 });
  });
});

describe('好友明细', () => {
  it('lists the direct invitees newest first, names masked, all-time figures without a range', async () => {
    const r = await friends(a.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
    expect(r.data.data).toEqual<InviteFriend[]>([
      { username: 'ec***vv', joined: '2026-04-01 00:25:00', deposit: 0, valid_bet: 0 },
      { username: 'ch***xx', joined: '2026-04-01 00:20:00', deposit: 0, valid_bet: 50 },
      { username: 'br***yy', joined: '2026-04-01 00:00:00', deposit: 300, valid_bet: 150 },
      { username: 'al***zz', joined: '2026-03-31 23:59:30', deposit: 200, valid_bet: 500 },
      { username: 'de***ww', joined: '2026-03-15 12:00:00', deposit: 400, valid_bet: 1_120 },
    ]);
    expect(JSON.stringify(r.data)).not.toContain(f.f1.name);
  });

  it('sums deposits and valid bets within the Beijing date range', async () => {
    const april1 = await friends(a.token, { start: '2026-04-01', end: '2026-04-01' });
    const by = (p: Page<InviteFriend>) => Object.fromEntries(p.data.map((x) => [x.username, [x.deposit, x.valid_bet]]));
    expect(by(april1.data)).toEqual({ 'ec***vv': [0, 0], 'ch***xx': [0, 50], 'br***yy': [300, 150], 'al***zz': [0, 0], 'de***ww': [400, 120] });
    const march31 = await friends(a.token, { start: '2026-03-31', end: '2026-03-31' });
    expect(by(march31.data)).toMatchObject({ 'al***zz': [200, 500], 'de***ww': [0, 1_000], 'br***yy': [0, 0] });
    const from = await friends(a.token, { start: '2026-04-01' });
    expect(by(from.data)['de***ww']).toEqual([400, 120]);
  });

  it('refuses a malformed or reversed range with 请选择正确的日期范围', async () => {
    expect((await friends(a.token, { start: '2026-4-1' })).message).toBe(INVITE_MSG.dateRange);
    expect((await friends(a.token, { start: '2026-04-02', end: '2026-04-01' })).message).toBe(INVITE_MSG.dateRange);
    expect((await bonus(a.token, { end: 'x' })).message).toBe(INVITE_MSG.dateRange);
  });

  it('shows a member only its own invitees, whatever id it sends', async () => {
    const r = await friends(b.token, { member_id: a.id, inviter_id: a.id, id: a.id, pid: a.id });
    expect(r.code).toBe(200);
    expect(r.data.total).toBe(1);
    expect(r.data.data.map((x) => x.username)).not.toContain('br***yy');
    const invitee = await s.api<Page<InviteFriend>>('/api/invitefriends', {}, { token: (await member({ inviter: a.id })).token });
    expect(invitee.data.total).toBe(0);
    expect((await s.api('/api/invitefriends', {})).code).toBe(401);
  });
});

describe('礼金记录', () => {
  it('lists only the commission journals credited to the member, newest first, within the range', async () => {
    const m = await member();
    expect((await bonus(m.token)).data).toMatchObject({ data: [], total: 0 });
    await credit(m.id, 88, COMMISSION_JOURNAL_KIND, '佣金 2026-03-23~2026-03-29', bj('2026-03-30 10:00:00'));
    await credit(m.id, 120.5, COMMISSION_JOURNAL_KIND, '', bj('2026-04-06 10:00:00'));
    await credit(m.id, 50, 'adjustment', 'not commission', bj('2026-04-06 11:00:00'));
    await credit(b.id, 999, COMMISSION_JOURNAL_KIND, 'b only', bj('2026-04-06 12:00:00'));
    const all = await bonus(m.token);
    expect(all.data.total).toBe(2);
    expect(all.data.data.map(({ date, bonus: amount, remark }) => ({ date, amount, remark }))).toEqual([
      { date: '2026-04-06 10:00:00', amount: 120.5, remark: INVITE_MSG.commissionRemark },
      { date: '2026-03-30 10:00:00', amount: 88, remark: '佣金 2026-03-23~2026-03-29' },
    ]);
    const march = await bonus(m.token, { start: '2026-03-01', end: '2026-03-31' });
    expect(march.data.data.map((x) => x.bonus)).toEqual([88]);
    expect((await bonus(m.token, { start: '2026-04-07' })).data.total).toBe(0);
  });
});

describe('the commission plan', () => {
  const TURNOVER: CommissionPlan = {
    model: 'turnover',
    period: 'monthly',
    multi_level: true,
    tiers: [
      { min: 10_000, active: 0, rate: 30 },
      { min: 100_000, active: 5, rate: 50 },
    ],
    auto_pay_max: 0,
    valid_active_min: 200,
    turnover_multiple: 0,
  };

  it('passes the default plan and describes it honestly', () => {
    expect(commissionPlanFailure(DEFAULT_COMMISSION_PLAN)).toBeNull();
    const lines = describeCommissionPlan(DEFAULT_COMMISSION_PLAN);
    expect(lines[0]).toContain('佣金模式：负盈利');
    expect(lines).toContain('结算周期：每周（北京时间周一00:00至周日24:00），周期结束后统一结算。');
    expect(lines).toContain('第1档：团队负盈利≥1元且有效活跃会员≥1人，佣金比例20%。');
    expect(lines).toContain('第5档：团队负盈利≥500,000元且有效活跃会员≥20人，佣金比例40%。');
    expect(lines).toContain('佣金≤1,000元自动发放到中心钱包，超过需平台审核后发放。');
    expect(lines).toContain('有效活跃会员：结算周期内有效投注≥100元的团队会员。');
  });

  it('describes a turnover plan with differentials', () => {
    expect(commissionPlanFailure(TURNOVER)).toBeNull();
    const lines = describeCommissionPlan(TURNOVER);
    expect(lines[0]).toContain('佣金模式：流水');
    expect(lines).toContain('第1档：团队有效投注≥10,000元，佣金每万元30元。');
    expect(lines).toContain('第2档：团队有效投注≥100,000元且有效活跃会员≥5人，佣金每万元50元。');
    expect(lines.join('')).toContain('级差');
    expect(lines).toContain('佣金经平台审核后发放到中心钱包。');
    expect(lines).toContain('佣金到账后无需流水即可提现。');
  });

  it('picks the highest tier whose amount and active members are both met', () => {
    const p = DEFAULT_COMMISSION_PLAN;
    expect(commissionTierOf(p, 0, 10)).toBeNull();
    expect(commissionTierOf(p, 100, 0)).toBeNull();
    expect(commissionTierOf(p, 100, 1)?.rate).toBe(20);
    // 60,000 of net loss but 4 active members: the 10,000 tier (3 active), not the 50,000 one (5)
    expect(commissionTierOf(p, 60_000_00, 4)?.rate).toBe(25);
    expect(commissionTierOf(p, 1_000_000_00, 100)?.rate).toBe(40);
  });

  it('refuses a bad plan with its Chinese message, first failure first', () => {
    const d = DEFAULT_COMMISSION_PLAN;
    expect(commissionPlanFailure({ ...d, model: 'x' as never })).toBe(INVITE_MSG.model);
    expect(commissionPlanFailure({ ...d, period: 'daily' as never })).toBe(INVITE_MSG.period);
    expect(commissionPlanFailure({ ...d, multi_level: 1 as never })).toBe(INVITE_MSG.multiLevel);
    expect(commissionPlanFailure({ ...d, auto_pay_max: -1 })).toBe(INVITE_MSG.autoPayMax);
    expect(commissionPlanFailure({ ...d, valid_active_min: 0 })).toBe(INVITE_MSG.validActiveMin);
    expect(commissionPlanFailure({ ...d, turnover_multiple: 1.5 })).toBe(INVITE_MSG.turnoverMultiple);
    expect(commissionPlanFailure({ ...d, tiers: [] })).toBe(INVITE_MSG.tierCount);
    expect(commissionPlanFailure({ ...d, tiers: [{ min: 0.001, active: 0, rate: 10 }] })).toBe('第1档：门槛须为0~1000000000元的金额，最多两位小数');
    expect(commissionPlanFailure({ ...d, tiers: [{ min: 100, active: 0, rate: 10 }, { min: 100, active: 0, rate: 10 }] })).toBe('第2档：门槛须高于上一档');
    expect(commissionPlanFailure({ ...d, tiers: [{ min: 0, active: 3, rate: 10 }, { min: 100, active: 2, rate: 10 }] })).toBe('第2档：有效活跃人数不能少于上一档');
    expect(commissionPlanFailure({ ...d, tiers: [{ min: 0, active: 0, rate: 81 }] })).toBe('第1档：佣金比例须为0.01~80的百分比，最多两位小数');
    expect(commissionPlanFailure({ ...TURNOVER, tiers: [{ min: 0, active: 0, rate: 1_001 }] })).toBe('第1档：每万元佣金须为0.01~1000元，最多两位小数');
    expect(commissionPlanFailure({ ...d, tiers: [{ min: 0, active: 0, rate: 30 }, { min: 100, active: 0, rate: 20 }] })).toBe('第2档：佣金比例不能低于上一档');
  });

  it('is stored only when valid, only its known fields, and served publicly with its text', async () => {
    expect(await getCommissionPlan(s.db.kysely)).toEqual(DEFAULT_COMMISSION_PLAN);
    const pub = await s.api<CommissionPlanView>('/api/commissionplan', {});
    expect(pub.code).toBe(200);
    expect(pub.data.plan).toEqual(DEFAULT_COMMISSION_PLAN);
    expect(pub.data.lines).toEqual(describeCommissionPlan(DEFAULT_COMMISSION_PLAN, { tiers: false }));
    expect(pub.data.lines.some((l) => l.startsWith('第1档'))).toBe(false);
    expect(describeCommissionPlan(DEFAULT_COMMISSION_PLAN).length).toBe(pub.data.lines.length + DEFAULT_COMMISSION_PLAN.tiers.length);
    expect(pub.data.tiers[0]).toEqual({ level: '第1档', condition: '团队负盈利≥1元', active: '≥1人', reward: '20%' });

    await expect(setCommissionPlan(s.db.kysely, { ...TURNOVER, tiers: [] })).rejects.toThrow(INVITE_MSG.tierCount);
    expect(await getCommissionPlan(s.db.kysely)).toEqual(DEFAULT_COMMISSION_PLAN);
    try {
      await setCommissionPlan(s.db.kysely, { ...TURNOVER, extra: 'dropped' } as CommissionPlan);
      const stored = await getCommissionPlan(s.db.kysely);
      expect(stored).toEqual(TURNOVER);
      expect((await s.api<CommissionPlanView>('/api/commissionplan', {})).data.lines[0]).toContain('流水');
    } finally {
      await setCommissionPlan(s.db.kysely, DEFAULT_COMMISSION_PLAN);
    }
  });

  it('builds the invite link on the site\'s address with pid', () => {
    expect(inviteLink('https://m.example.com/', 42)).toBe('https://m.example.com/#/reg2?pid=42');
    expect(inviteLink('http://127.0.0.1:3000/#/home', 7)).toBe('http://127.0.0.1:3000/#/reg2?pid=7');
  });
});
