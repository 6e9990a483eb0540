import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_JOURNAL_KIND, MSG, type CommissionPlan, type InviteBonus, type Page } from '@app/contract';
import { HOUSE, memberBalanceFen, memberWalletId, post, systemAccountId } from '../src/modules/ledger/service.js';
import { setCommissionPlan } from '../src/modules/invites/service.js';
import { commissionPass } from '../src/modules/commission/job.js';
import { periodAt } from '../src/modules/commission/period.js';
import { approveStatement, commissionKey, computeCommissionPeriod, rejectStatement } from '../src/modules/commission/service.js';
import { createSession } from '../src/modules/session/service.js';
import { figuresOf, setAgent } from './figures-support.js';
import { startServer, uniqueName, type TestServer } from './harness.js';

/**
 * The commission engine (DESIGN §8; modules/commission/service.ts has the
 * formulas). Every figure below is computed by hand in its comment. Bets are member_daily_bets rows
 * (Beijing day of the bet, as the feed sums them), bonuses ledger journals credited at a set time.
 * Each scenario has its own agents and its own period; the ledger check runs at close().
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0, commissionIntervalMs: 0 });
});
afterAll(() => s.close());

const db = () => s.db.kysely;
/** A Beijing wall-clock time as a Date. */
const bj = (t: string): Date => new Date(`${t.replace(' ', 'T')}+08:00`);

async function member(opts: { inviter?: number; agent?: boolean } = {}): Promise<{ id: number; token: string }> {
  const row = await db()
    .insertInto('members')
    .values({ username: uniqueName('c'), password_hash: 'x', pay_password_hash: 'x', inviter_id: opts.inviter ?? null, created_at: bj('2026-01-01 00:00:00') })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.agent) await setAgent(db(), row.id, true);
  return { id: row.id, token: await createSession(db(), row.id, { ip: '127.0.0.1', userAgent: 'vitest' }) };
}

/** A day's settled bets: valid yuan and the MEMBER's win/loss yuan (negative: the member lost). */
async function bets(memberId: number, day: string, validYuan: number, winLossYuan: number): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen, win_loss_fen)
            VALUES (${memberId}, ${day}::date, 'realbet', 1, ${validYuan * 100}, ${validYuan * 100}, ${winLossYuan * 100})`.execute(db());
}

/** A journal of `kind` crediting the member's wallet, its entries dated `at`. */
async function credit(memberId: number, yuan: number, kind: string, at: Date): Promise<void> {
  const wallet = await memberWalletId(db(), memberId);
  const house = await systemAccountId(db(), HOUSE.adjustments);
  await db().transaction().execute(async (tx) => {
    const id = await post(tx, { idemKey: `test-bonus:${randomBytes(6).toString('hex')}`, kind, entries: [{ accountId: house, amountFen: -yuan * 100 }, { accountId: wallet, amountFen: yuan * 100 }] });
    await tx.updateTable('ledger_entries').set({ created_at: at }).where('journal_id', '=', id).execute();
  });
}

const statement = (agentId: number, start: string) =>
  db().selectFrom('commission_statements').selectAll().where('agent_id', '=', agentId).where('period_start', '=', start).executeTakeFirst();

const plan = (p: Partial<CommissionPlan>): CommissionPlan => ({
  model: 'net_loss',
  period: 'weekly',
  multi_level: false,
  tiers: [
    { min: 100, active: 1, rate: 10 },
    { min: 1000, active: 2, rate: 20 },
  ],
  auto_pay_max: 0,
  valid_active_min: 100,
  turnover_multiple: 1,
  ...p,
});

describe('periods (Beijing weeks and months)', () => {
  it('a week runs Monday 00:00 to the next Monday 00:00 Beijing, a month from the 1st', () => {
    // 2026-04-12 is a Sunday: 23:59:59 Beijing is still the week of Monday 04-06, 2026-04-13 00:00 the next.
    expect(periodAt('weekly', bj('2026-04-12 23:59:59'))).toMatchObject({ start: '2026-04-06', end: '2026-04-13' });
    expect(periodAt('weekly', bj('2026-04-13 00:00:00'))).toMatchObject({ start: '2026-04-13', end: '2026-04-20' });
    expect(periodAt('weekly', bj('2026-04-13 00:00:00'), 1).startAt).toEqual(bj('2026-04-06 00:00:00'));
    expect(periodAt('monthly', bj('2026-05-01 00:00:00'), 1)).toMatchObject({ start: '2026-04-01', end: '2026-05-01' });
  });
});

let A: { id: number; token: string };
let B: { id: number; token: string };
describe('net loss (负盈利), weekly', () => {
  it('takes the period’s bets and bonuses only, subtracts bonuses, and reaches a tier by figure and active members', async () => {
    await setCommissionPlan(db(), plan({}));
    A = await member({ agent: true });
    const m1 = await member({ inviter: A.id });
    const m2 = await member({ inviter: A.id });
    const m3 = await member({ inviter: A.id });
    const outsider = await member({ inviter: (await member()).id });
    // m1: Sunday 04-05 (the week before) not counted; 04-06 and 04-12 counted: valid 1,200, win/loss −1,200.
    await bets(m1.id, '2026-04-05', 5000, -5000);
    await bets(m1.id, '2026-04-06', 800, -700);
    await bets(m1.id, '2026-04-12', 400, -500);
    // m2: won 100 on 150 valid; Monday 04-13 belongs to the next week.
    await bets(m2.id, '2026-04-08', 150, 100);
    await bets(m2.id, '2026-04-13', 9999, -9999);
    // m3: 50 valid (< valid_active_min 100: not active), lost 50.
    await bets(m3.id, '2026-04-09', 50, -50);
    await bets(outsider.id, '2026-04-08', 10_000, -10_000);
    // bonuses in the week: a rebate of 30 at 04-06 00:00:00 and a red packet of 20 at 04-12 23:59:59;
    // outside it or of another kind: a promotion of 999 at 04-05 23:59:59, a VIP bonus at 04-13 00:00, an adjustment.
    await credit(m1.id, 30, 'rebate', bj('2026-04-06 00:00:00'));
    await credit(m2.id, 20, 'red_packet', bj('2026-04-12 23:59:59'));
    await credit(m1.id, 999, 'promotion_bonus', bj('2026-04-05 23:59:59'));
    await credit(m3.id, 10, 'vip_bonus', bj('2026-04-13 00:00:00'));
    await credit(m2.id, 77, 'adjustment', bj('2026-04-08 12:00:00'));
    // B: one invitee who WON 500 this week (a negative period), then lost 800, then 200.
    B = await member({ agent: true });
    const n1 = await member({ inviter: B.id });
    await bets(n1.id, '2026-04-07', 600, 500);
    await bets(n1.id, '2026-04-14', 900, -800);
    await bets(n1.id, '2026-04-21', 200, -200);

    await expect(computeCommissionPeriod(db(), '2026-04-06', bj('2026-04-12 23:59:59'))).rejects.toThrow(/not closed/);
    const r = await computeCommissionPeriod(db(), '2026-04-06', bj('2026-04-13 00:00:00'));
    expect(r.paid).toBe(0);
    // team win/loss −1,200 + 100 − 50 = −1,150; bonuses 30 + 20 = 50; net loss 1,150 − 50 = 1,100;
    // active m1 (1,200) and m2 (150) = 2 → tier 2 (≥1,000 and ≥2 active), 20 % → 220.00.
    expect(await statement(A.id, '2026-04-06')).toMatchObject({
      model: 'net_loss',
      team_members: 3,
      active_members: 2,
      valid_fen: 140_000,
      team_win_loss_fen: -115_000,
      bonuses_fen: 5_000,
      net_loss_fen: 110_000,
      carried_in_fen: 0,
      base_fen: 110_000,
      tier: 2,
      own_amount_fen: 22_000,
      amount_fen: 22_000,
      state: 0,
      journal_id: null,
    });
    // B: net loss −500 → nothing this week, carried into the next.
    expect(await statement(B.id, '2026-04-06')).toMatchObject({ net_loss_fen: -50_000, base_fen: -50_000, tier: 0, amount_fen: 0, state: 3 });
  });

  it('carries a negative period into the next and consumes it', async () => {
    await computeCommissionPeriod(db(), '2026-04-13', bj('2026-04-20 00:00:00'));
    // net loss 800 − carried 500 = base 300 → tier 1 (≥100, 1 active: 900 valid) 10 % → 30.00.
    expect(await statement(B.id, '2026-04-13')).toMatchObject({ net_loss_fen: 80_000, carried_in_fen: -50_000, base_fen: 30_000, tier: 1, amount_fen: 3_000, state: 0 });
    await computeCommissionPeriod(db(), '2026-04-20', bj('2026-04-27 00:00:00'));
    // the carry is used up: base 200 → 10 % → 20.00.
    expect(await statement(B.id, '2026-04-20')).toMatchObject({ net_loss_fen: 20_000, carried_in_fen: 0, base_fen: 20_000, amount_fen: 2_000 });
  });

  it('a re-run changes nothing', async () => {
    const before = await db().selectFrom('commission_statements').selectAll().orderBy('id').execute();
    const journals = await db().selectFrom('ledger_journals').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(await computeCommissionPeriod(db(), '2026-04-06', bj('2026-05-01 00:00:00'))).toEqual({ written: 0, paid: 0 });
    expect(await db().selectFrom('commission_statements').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await db().selectFrom('ledger_journals').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n).toEqual(journals.n);
  });
});

describe('valid turnover (流水), monthly', () => {
  it('pays a rate per 10,000 of the month’s valid bets; a higher figure without enough active members stays on the lower tier', async () => {
    await setCommissionPlan(db(), plan({ model: 'turnover', period: 'monthly', tiers: [{ min: 1000, active: 0, rate: 50 }, { min: 5000, active: 3, rate: 80 }] }));
    const C = await member({ agent: true });
    const p1 = await member({ inviter: C.id });
    const p2 = await member({ inviter: C.id });
    const p3 = await member({ inviter: C.id });
    await bets(p1.id, '2026-05-01', 6000, 3000);
    await bets(p2.id, '2026-05-31', 50, -50);
    await bets(p3.id, '2026-04-30', 500, -500);
    await bets(p3.id, '2026-06-01', 500, -500);
    await computeCommissionPeriod(db(), '2026-05-01', bj('2026-06-01 00:00:00'));
    // valid 6,050 (≥ 5,000) but 1 active member (p1; p2 has 50 < 100) → tier 1: 6,050 × 50 / 10,000 = 30.25.
    expect(await statement(C.id, '2026-05-01')).toMatchObject({ model: 'turnover', valid_fen: 605_000, active_members: 1, base_fen: 605_000, carried_in_fen: 0, tier: 1, amount_fen: 3_025, state: 0 });
  });
});

let D: { id: number; token: string };
describe('multi-level differentials (one level)', () => {
  it('an agent earns its rate minus its sub-agent’s rate on the sub-agent’s team', async () => {
    await setCommissionPlan(db(), plan({ multi_level: true, tiers: [{ min: 100, active: 1, rate: 10 }, { min: 1000, active: 1, rate: 30 }] }));
    D = await member({ agent: true });
    const d1 = await member({ inviter: D.id });
    const S = await member({ inviter: D.id, agent: true });
    const s1 = await member({ inviter: S.id });
    await bets(d1.id, '2026-06-02', 2000, -2000);
    await bets(s1.id, '2026-06-03', 500, -500);
    await computeCommissionPeriod(db(), '2026-06-01', bj('2026-06-08 00:00:00'));
    // S: base 500 → 10 % → 50.00. D: its direct team (d1, S) base 2,000 → 30 % → 600.00, plus (30 − 10) % × 500 = 100.00.
    expect(await statement(S.id, '2026-06-01')).toMatchObject({ base_fen: 50_000, tier: 1, amount_fen: 5_000 });
    const d = await statement(D.id, '2026-06-01');
    expect(d).toMatchObject({ base_fen: 200_000, tier: 2, own_amount_fen: 60_000, amount_fen: 70_000, state: 0 });
    expect(d!.differentials).toEqual([{ sub_agent_id: S.id, base_fen: 50_000, rate: 30, sub_rate: 10, amount_fen: 10_000 }]);
  });
});

describe('the pass: automatic payment, once under concurrent passes', () => {
  it('pays a statement under auto_pay_max at once: balance, turnover requirement, mail, the 礼金记录 list', async () => {
    await setCommissionPlan(db(), plan({ auto_pay_max: 1000, turnover_multiple: 2, tiers: [{ min: 100, active: 1, rate: 10 }] }));
    const E = await member({ agent: true });
    const e1 = await member({ inviter: E.id });
    await bets(e1.id, '2026-07-07', 1000, -1000);
    const now = bj('2026-07-13 04:00:00');
    // two passes at once: the weeks of 06-29 and 07-06 are computed, the statement written and paid once.
    const [x, y] = await Promise.all([commissionPass(db(), now), commissionPass(db(), now)]);
    expect([...x, ...y].sort()).toContain('2026-07-06');
    const st = await statement(E.id, '2026-07-06');
    // net loss 1,000 → 10 % → 100.00 ≤ 1,000: paid.
    expect(st).toMatchObject({ amount_fen: 10_000, state: 1 });
    const journals = await db().selectFrom('ledger_journals').selectAll().where('idem_key', '=', commissionKey(st!.id)).execute();
    expect(journals).toHaveLength(1);
    expect(journals[0]).toMatchObject({ id: st!.journal_id, kind: COMMISSION_JOURNAL_KIND, memo: '代理佣金 2026-07-06~2026-07-12' });
    expect(await memberBalanceFen(db(), E.id)).toBe(10_000);
    expect((await figuresOf(db(), E.id)).turnover_req_fen).toBe(20_000);
    const mails = await db().selectFrom('mails').select(['title', 'content']).where('member_id', '=', E.id).execute();
    expect(mails).toEqual([{ title: '代理佣金到账', content: '您2026-07-06至2026-07-12的代理佣金100.00元已发放到中心钱包，需完成200.00元流水方可提现。' }]);
    const list = await s.api<Page<InviteBonus>>('/api/invitebonus', {}, { token: E.token });
    expect(list.data.data.map((b) => [b.bonus, b.remark])).toEqual([[100, '代理佣金 2026-07-06~2026-07-12']]);
    // a later pass finds nothing due
    expect(await commissionPass(db(), now)).toEqual([]);
  });
});

describe('staff decisions, once under concurrent calls', () => {
  it('approves once out of 20 concurrent approvals; the rest are 409 已处理', async () => {
    await setCommissionPlan(db(), plan({ turnover_multiple: 1 }));
    const st = (await statement(A.id, '2026-04-06'))!;
    const balance = await memberBalanceFen(db(), A.id);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => approveStatement(db(), st.id, { now: bj('2026-04-14 10:00:00') })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 409, message: MSG.conflict });
    expect(await memberBalanceFen(db(), A.id)).toBe(balance + 22_000);
    expect(await statement(A.id, '2026-04-06')).toMatchObject({ state: 1, amount_fen: 22_000 });
    expect(await db().selectFrom('ledger_journals').select('id').where('idem_key', '=', commissionKey(st.id)).execute()).toHaveLength(1);
    expect((await figuresOf(db(), A.id)).turnover_req_fen).toBe(22_000);
    await expect(rejectStatement(db(), st.id, '迟到的拒绝')).rejects.toMatchObject({ code: 409 });
  });

  it('rejects once out of 20 concurrent rejections, with the reason in a mail; no money moves', async () => {
    const st = (await statement(D.id, '2026-06-01'))!;
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => rejectStatement(db(), st.id, '团队数据异常')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await statement(D.id, '2026-06-01')).toMatchObject({ state: 2, reason: '团队数据异常', journal_id: null });
    expect(await memberBalanceFen(db(), D.id)).toBe(0);
    const mails = await db().selectFrom('mails').select(['title', 'content']).where('member_id', '=', D.id).execute();
    expect(mails).toEqual([{ title: '代理佣金未通过审核', content: '您2026-06-01至2026-06-07的代理佣金700.00元未通过审核，原因：团队数据异常' }]);
    await expect(approveStatement(db(), st.id)).rejects.toMatchObject({ code: 409 });
    await expect(rejectStatement(db(), st.id, '')).rejects.toMatchObject({ code: 400 });
  });
});
