import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, REPORTS_LIMITS, REPORTS_MSG, addDays, type Dashboard, type Report } from '@app/contract';
import { beijingDate } from '../src/lib/time.js';
import { HOUSE, houseBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { rebatePass } from '../src/modules/rebate/job.js';
import { monthActiveRolled, rollupPass } from '../src/modules/reports/rollup.js';
import { nextRound, roundAt } from '../src/modules/lottery/engine/index.js';
import { fund, memberIdOf, PAY_PASSWORD, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * 数据概览 and 报表: who may read them, the range rule's messages, the CSV export,
 * the on-demand re-roll (audited, picking up a bet placed on a closed day), and figures that tie to
 * the ledger's movements over the same period: activity is made through the member API, the staff
 * reviews and the jobs, and the dashboard's change equals the house accounts' change.
 */
let s: TestServer;
let admin: Staff;
let finance: Staff;
let operations: Staff;
let support: Staff;
let nowMs = 0;
const K3 = { intervalS: 60, ftimeS: 10 };

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  s.app.lottery.now = () => nowMs || Date.now();
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  finance = await newStaff(s, token, 'finance');
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
});
afterAll(() => s.close());

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const today = () => beijingDate();

async function houses(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [k, code] of Object.entries(HOUSE)) out[k] = await houseBalanceFen(s.db.kysely, code);
  return out;
}
const fen = (yuan: number) => Math.round(yuan * 100);

describe('permissions', () => {
  it('lets super, finance and operations read the dashboard and the reports, and refuses support', async () => {
    for (const who of [admin, finance, operations]) {
      expect(await get(who, '/reports/dashboard')).toMatchObject({ code: 200 });
      expect(await get(who, '/reports/report?kind=finance')).toMatchObject({ code: 200 });
    }
    expect(await get(support, '/reports/dashboard')).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await get(support, '/reports/report?kind=bets')).toMatchObject({ code: 403 });
    expect((await adminFile(s, support.token, '/reports/report.csv?kind=finance')).envelope).toMatchObject({ code: 403 });
    expect(await post(support, '/reports/rollup', {})).toMatchObject({ code: 403 });
  });
});

describe('validation', () => {
  it('answers each range rule with its Chinese message and changes nothing', async () => {
    const t = today();
    const cases: Array<[string, string]> = [
      [`from=${t}&to=${addDays(t, -1)}`, REPORTS_MSG.rangeOrder],
      [`from=${addDays(t, -REPORTS_LIMITS.maxRangeDays)}&to=${t}`, REPORTS_MSG.rangeTooLong],
      [`from=2026-02-30&to=${t}`, REPORTS_MSG.badDate],
      [`from=yesterday&to=${t}`, REPORTS_MSG.badDate],
      [`from=${t}&to=${addDays(t, 1)}`, REPORTS_MSG.future],
    ];
    for (const [q, message] of cases) {
      expect(await get(finance, `/reports/dashboard?${q}`)).toMatchObject({ code: 400, message, data: null });
      expect(await get(finance, `/reports/report?kind=finance&${q}`)).toMatchObject({ code: 400, message });
      expect((await adminFile(s, finance.token, `/reports/report.csv?kind=finance&${q}`)).envelope).toMatchObject({ code: 400, message });
    }
    expect(await get(finance, '/reports/report?kind=nope')).toMatchObject({ code: 400, message: REPORTS_MSG.kind });
    // the longest range passes
    expect(await get(finance, `/reports/dashboard?from=${addDays(t, -(REPORTS_LIMITS.maxRangeDays - 1))}&to=${t}`)).toMatchObject({ code: 200 });
    const before = await s.db.kysely.selectFrom('daily_stats_days').select('day').execute();
    const bad = { from: addDays(t, -3), to: addDays(t, -5) };
    expect(await post(finance, '/reports/rollup', bad)).toMatchObject({ code: 400, message: REPORTS_MSG.rangeOrder });
    expect(await auditRows(s, 'reports.rollup', `reports:${bad.from}..${bad.to}`)).toHaveLength(0);
    expect(await s.db.kysely.selectFrom('daily_stats_days').select('day').execute()).toEqual(before);
  });
});

/** A member registered through the API, with its id. */
async function member() {
  const m = await registerMember(s);
  return { ...m, id: await memberIdOf(s, m.token) };
}

async function approvedDeposit(token: string, yuan: number) {
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token });
  expect(r.code).toBe(200);
  const row = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  expect(await post(finance, `/deposits/${row.id}/approve`)).toMatchObject({ code: 200 });
}

async function paidWithdrawal(yuan: number) {
  const m = await member();
  expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: '6222021234567890', pay_pass: PAY_PASSWORD }, { token: m.token })).code).toBe(200);
  const [card] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  await fund(s, m.id, yuan + 50);
  const r = await s.api('/api/withdraw', { amount: yuan, bank: card.id, password: PAY_PASSWORD, type: 2 }, { token: m.token });
  expect(r).toMatchObject({ code: 200 });
  const row = await s.db.kysely.selectFrom('withdrawals').select('id').where('withdraw_no', '=', r.data.withdraw_no).executeTakeFirstOrThrow();
  expect(await post(finance, `/withdrawals/${row.id}/approve`)).toMatchObject({ code: 200 });
}

/** Lottery orders in an open 快三 round through the member API, then the draw settles them. */
async function settledLotteryOrders(token: string) {
  const t = nextRound(K3, roundAt(K3, Date.now())).opensAtMs + 5000;
  nowMs = t;
  await lotteryPass(s.db.kysely, t);
  const room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  const r = await s.api('/api/lotteryOrder', { room_id: room, expect: roundAt(K3, t).expect, order: [{ id: 'k3_big', total: 20 }, { id: 'k3_small', total: 10 }, { id: 'k3_sum_10', total: 5 }] }, { token });
  expect(r).toMatchObject({ code: 200 });
  const drawAt = t + 120_000;
  nowMs = drawAt;
  await lotteryPass(s.db.kysely, drawAt);
  nowMs = 0;
  const open = await s.db.kysely.selectFrom('lottery_orders').select('id').where('status', '<>', 1).execute();
  expect(open).toHaveLength(0);
}

/** A promotion bonus of 8 元: an activity takes applications, the member applies, finance approves. */
async function approvedBonus(token: string) {
  const activity = await s.db.kysely.selectFrom('activities').select('id').where('enabled', '=', true).orderBy('id').executeTakeFirstOrThrow();
  const rules = { eligibility: 'all', days: 0, min_amount: 0, frequency: 'once', payout: 'fixed', amount: 8, percent: 0, cap: 0, turnover_multiple: 1, auto_approve: false, ends_at: '' };
  expect(await post(operations, `/activities/${activity.id}/rules`, { rules })).toMatchObject({ code: 200 });
  expect(await s.api('/api/doactivityapply', { activityid: activity.id }, { token })).toMatchObject({ code: 200 });
  const app = await s.db.kysely.selectFrom('activity_applications').select('id').where('activity_id', '=', activity.id).where('state', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(await post(finance, `/activity-applications/${app.id}/approve`)).toMatchObject({ code: 200 });
}

/** A settled venue bet of yesterday, as the bet feed leaves it (settled and counted). */
async function venueBetYesterday(memberId: number, validFen: number, winLossFen: number) {
  const at = new Date(Date.now() - 86_400_000);
  await s.db.kysely
    .insertInto('bet_records')
    .values({ venue: 'DEMOLIVEA', bet_id: `RP${randomBytes(8).toString('hex')}`, member_id: memberId, game_code: 'demo_baccarat', game_name: '百家乐', category: 'realbet', bet_fen: validFen, valid_fen: validFen, win_loss_fen: winLossFen, status: 1, bet_at: at, settled_at: at, counted: true })
    .execute();
}

describe('figures tied to the ledger', () => {
  it('moves today’s dashboard and reports by exactly the ledger’s movements of the same period', async () => {
    const t = today();
    const yesterday = addDays(t, -1);
    const before = await houses();
    const dashBefore = (await get<Dashboard>(finance, `/reports/dashboard?from=${yesterday}&to=${t}&fresh=1`)).data;
    const yBefore = dashBefore.yesterday;

    const a = await member();
    await approvedDeposit(a.token, 1000);
    await approvedDeposit(a.token, 500);
    const b = await member();
    await approvedDeposit(b.token, 300);
    await paidWithdrawal(200);
    await settledLotteryOrders(a.token);
    await approvedBonus(b.token);
    // a venue bet placed yesterday reaches the platform late; the rebate of that day is claimed today
    await venueBetYesterday(a.id, 800_00, -300_00);
    await rebatePass(s.db.kysely, new Date(), 0);
    const claim = await s.api('/api/dofanshui', {}, { token: a.token });
    expect(claim.code).toBe(200);

    const after = await houses();
    const moved = (k: keyof typeof HOUSE) => after[k]! - before[k]!;
    const dash = (await get<Dashboard>(finance, `/reports/dashboard?from=${yesterday}&to=${t}&fresh=1`)).data;
    const d = (k: keyof Dashboard['today']) => fen((dash.today as any)[k]) - fen((dashBefore.today as any)[k]);

    // deposits credited and withdrawals paid
    expect(d('deposits')).toBe(-moved('deposits'));
    expect(d('deposits')).toBe(180_000);
    expect(dash.today.deposit_count - dashBefore.today.deposit_count).toBe(3);
    expect(d('withdrawals')).toBe(moved('withdrawalsPaid'));
    expect(d('withdrawals')).toBe(20_000);
    expect(d('net_cash')).toBe(160_000);
    // first deposits: one per member, its first (1000 and 300), and two new members
    expect(dash.today.first_deposit_count - dashBefore.today.first_deposit_count).toBe(2);
    expect(d('first_deposits')).toBe(130_000);
    expect(dash.today.new_members - dashBefore.today.new_members).toBeGreaterThanOrEqual(3);
    // the lottery: stakes in, payouts out of the lottery house account
    const lotteryStakes = await s.db.kysely.selectFrom('lottery_orders').select((eb) => eb.fn.sum<number>('stake_fen').as('n')).where('member_id', '=', a.id).executeTakeFirstOrThrow();
    expect(Number(lotteryStakes.n)).toBe(3500);
    expect(d('ggr')).toBe(moved('lottery'));
    // rebates and adjustments (the withdrawer's funding) paid out of their house accounts
    expect(d('rebates')).toBe(-moved('rebates'));
    expect(d('rebates')).toBe(fen(claim.data.money));
    expect(d('rebates')).toBeGreaterThan(0);
    expect(d('adjustments')).toBe(-moved('adjustments'));
    // the promotion bonus, paid out of the promotions house account
    expect(d('bonuses')).toBe(-moved('promotions') - moved('vipBonus'));
    expect(d('bonuses')).toBeGreaterThanOrEqual(800);
    expect(d('ngr')).toBe(d('ggr') - d('bonuses') - d('rebates') - d('red_packets') - d('commission'));
    expect(dash.today.active_members).toBeGreaterThanOrEqual(3);
    expect(dash.today.by_venue.find((v) => v.key === 'lottery')).toMatchObject({ label: '彩票（自营）' });
    // the month includes today
    expect(fen(dash.month.deposits)).toBeGreaterThanOrEqual(fen(dash.today.deposits));
    expect(dash.month.active_members).toBeGreaterThanOrEqual(dash.today.active_members);
    expect(dash.series.map((p) => p.day)).toEqual([yesterday, t]);
    expect(dash.series[1]).toMatchObject({ deposits: dash.today.deposits, ggr: dash.today.ggr });

    // reports of today: daily finance and costs tie to the same movements, the lottery report too
    const fin = (await get<Report<'finance'>>(finance, `/reports/report?kind=finance&from=${t}&to=${t}&fresh=1`)).data;
    expect(fin.rows).toHaveLength(1);
    expect(fin.rows[0]).toMatchObject({ day: t, deposits: dash.today.deposits, withdrawals: dash.today.withdrawals, rebates: dash.today.rebates, adjustments: dash.today.adjustments });
    expect(fin.total).toMatchObject({ deposits: dash.today.deposits });
    const lot = (await get<Report<'lottery'>>(finance, `/reports/report?kind=lottery&from=${t}&to=${t}&fresh=1`)).data;
    expect(fen(lot.total.profit!)).toBe(fen(dash.today.ggr));
    const k3 = lot.rows.find((r) => r.lottery === 'k3_60');
    expect(k3).toBeDefined();
    const costs = (await get<Report<'costs'>>(finance, `/reports/report?kind=costs&from=${t}&to=${t}&fresh=1`)).data;
    expect(costs.rows[0]!.rebates).toBe(dash.today.rebates);
    expect(fen(costs.rows[0]!.promotions)).toBe(-moved('promotions'));
    expect(fen(costs.rows[0]!.total)).toBe(d('bonuses') + d('rebates') + d('red_packets') + d('commission'));

    // yesterday was rolled before the late bet arrived: a re-roll picks it up, and is audited
    expect(fen(dash.yesterday.valid_bets)).toBe(fen(yBefore.valid_bets));
    const rolled = await post(operations, '/reports/rollup', { from: yesterday, to: t });
    expect(rolled).toMatchObject({ code: 200, message: REPORTS_MSG.rolled, data: { days: [yesterday] } });
    expect(await auditRows(s, 'reports.rollup', `reports:${yesterday}..${t}`)).toHaveLength(1);
    const dash2 = (await get<Dashboard>(finance, `/reports/dashboard?from=${yesterday}&to=${t}&fresh=1`)).data;
    expect(fen(dash2.yesterday.valid_bets) - fen(yBefore.valid_bets)).toBe(800_00);
    expect(fen(dash2.yesterday.ggr) - fen(yBefore.ggr)).toBe(300_00);
    const bets = (await get<Report<'bets'>>(finance, `/reports/report?kind=bets&from=${yesterday}&to=${yesterday}`)).data;
    expect(bets.rows.find((r) => r.venue === 'DEMOLIVEA' && r.game === '百家乐')).toMatchObject({ category_label: '真人', valid_bets: 800, ggr: 300 });
    // re-rolling is idempotent
    await post(operations, '/reports/rollup', { from: yesterday, to: yesterday });
    expect((await get<Dashboard>(finance, `/reports/dashboard?from=${yesterday}&to=${t}&fresh=1`)).data.yesterday).toEqual(dash2.yesterday);
  });
});

describe('CSV export', () => {
  it('exports a report with Chinese headers, exact yuan and a totals row', async () => {
    const t = today();
    const from = addDays(t, -2);
    const json = (await get<Report<'finance'>>(finance, `/reports/report?kind=finance&from=${from}&to=${t}`)).data;
    const file = await adminFile(s, finance.token, `/reports/report.csv?kind=finance&from=${from}&to=${t}`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/csv');
    expect(file.disposition).toBe(`attachment; filename="report-finance-${from}-${t}.csv"`);
    expect(file.text.startsWith('\uFEFF')).toBe(true);
    const lines = file.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('日期,存款,存款笔数,取款,取款笔数,净入金,彩金,返水,红包,代理佣金,人工调整');
    expect(lines).toHaveLength(1 + 3 + 1);
    const todayLine = lines.find((l) => l.startsWith(t))!.split(',');
    const row = json.rows.find((r) => r.day === t)!;
    expect(todayLine[1]).toBe(row.deposits.toFixed(2));
    expect(lines.at(-1)!.split(',')[0]).toBe('合计');
    expect(lines.at(-1)!.split(',')[1]).toBe(json.total.deposits!.toFixed(2));
    for (const kind of ['bets', 'lottery', 'costs']) {
      const f = await adminFile(s, operations.token, `/reports/report.csv?kind=${kind}&from=${from}&to=${t}`);
      expect(f.status).toBe(200);
      expect(f.text.slice(1).split('\r\n').at(-2)!.startsWith('合计')).toBe(true);
    }
  });
});

describe('today kept a few seconds, and the scheduled pass', () => {
  it('answers the kept figures of today until fresh=1 asks for a new read', async () => {
    const first = (await get<Dashboard>(finance, '/reports/dashboard?fresh=1')).data;
    const m = await member();
    await approvedDeposit(m.token, 100);
    const kept = (await get<Dashboard>(finance, '/reports/dashboard')).data;
    expect(kept.today.deposits).toBe(first.today.deposits);
    expect(kept.generated_at).toBe(first.generated_at);
    const fresh = (await get<Dashboard>(finance, '/reports/dashboard?fresh=1')).data;
    expect(fen(fresh.today.deposits) - fen(first.today.deposits)).toBe(10_000);
  });

  it('re-rolls the last two closed days on every pass and fills days never rolled, idempotently', async () => {
    const t = today();
    const old = addDays(t, -20);
    await s.db.kysely.deleteFrom('daily_stats_days').where('day', '=', old).execute();
    const days = await rollupPass(s.db.kysely);
    expect(days).toContain(addDays(t, -1));
    expect(days).toContain(addDays(t, -2));
    expect(days).toContain(old);
    expect(days).not.toContain(t);
    const stats = async () => s.db.kysely.selectFrom('daily_stats').selectAll().where('day', '>=', addDays(t, -3)).orderBy(['day', 'metric', 'venue', 'category', 'item']).execute();
    const once = await stats();
    expect(await rollupPass(s.db.kysely)).toEqual([addDays(t, -2), addDays(t, -1)]);
    expect(await stats()).toEqual(once);
  });
});

describe('the month’s distinct active members', () => {
  it('are counted again whenever one of the month’s days is rolled, or rolled again, and read from memory otherwise', async () => {
    const k = s.db.kysely;
    const month = '2019-03-01';
    const count = () => monthActiveRolled(k, month);
    expect(await count()).toBe(0);
    const ids = [await memberIdOf(s, (await registerMember(s)).token), await memberIdOf(s, (await registerMember(s)).token)];
    // a roll of 3 March: its members join the month's set and the day is stamped, in one transaction
    await k.transaction().execute(async (tx) => {
      await tx.insertInto('active_member_months').values({ month, member_id: ids[0]! }).execute();
      await tx.insertInto('daily_stats_days').values({ day: '2019-03-03', rolled_at: new Date('2019-03-04T00:00:00Z') }).execute();
    });
    expect(await count()).toBe(1);
    // another day rolled by a transaction that began earlier, so no later stamp than the last one
    await k.transaction().execute(async (tx) => {
      await tx.insertInto('active_member_months').values({ month, member_id: ids[1]! }).execute();
      await tx.insertInto('daily_stats_days').values({ day: '2019-03-02', rolled_at: new Date('2019-03-03T23:00:00Z') }).execute();
    });
    expect(await count()).toBe(2);
    // a row that no roll stamped is not seen: the count comes from memory until the next roll
    await k.insertInto('active_member_months').values({ month, member_id: 1 }).execute();
    expect(await count()).toBe(2);
    await k.updateTable('daily_stats_days').set({ rolled_at: new Date('2019-03-05T00:00:00Z') }).where('day', '=', '2019-03-03').execute();
    expect(await count()).toBe(3);
  });
});
