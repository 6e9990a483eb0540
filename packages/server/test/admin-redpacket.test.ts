import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REDPACKET_RULES,
  MSG,
  REDPACKET_ADMIN_MSG,
  REDPACKET_MSG,
  type AdminRedPacketDays,
  type AdminRedPacketDrawPage,
  type AdminRedPacketRules,
  type RedPacketDrawResult,
  type RedPacketRules,
  type UserRedPacket,
} from '@app/contract';
import { checkLedger } from '../src/modules/ledger/service.js';
import { createSession } from '../src/modules/session/service.js';
import { startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The console's red packets: who may read and change the rules, the editor's rules
 * in order with nothing stored after a refusal, a save with its audit row reaching the member's
 * /api/userredpacket, the days' budget against what members drew, and the draw records with their
 * filters, totals and CSV export. Draws are made by members over /api/douserredpacket with the red
 * packets' clock set (app.redPacketClock), each describe on a Beijing day of its own.
 */
let s: TestServer;
let admin: Staff;
let finance: Staff;
let operations: Staff;
let support: Staff;
let payMethod: string;
beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  const token = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  const { id } = await s.db.kysely.selectFrom('staff').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  admin = { id: Number(id), username: 'admin', password: ADMIN_PASSWORD, token };
  finance = await newStaff(s, token, 'finance');
  operations = await newStaff(s, token, 'operations');
  support = await newStaff(s, token, 'support');
  payMethod = (await s.db.kysely.selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
});
afterAll(() => s.close());

const get = <T = any>(who: Staff, path: string) => adminCall<T>(s, who.token, 'GET', path);
const post = <T = any>(who: Staff, path: string, body?: unknown) => adminCall<T>(s, who.token, 'POST', path, body);
const db = () => s.db.kysely;

/** A Beijing wall-clock time on 2026-04-`day` as a Date (UTC+8). */
const bj = (day: number, hms: string): Date => new Date(`2026-04-${String(day).padStart(2, '0')}T${hms}+08:00`);
const at = (t: Date) => {
  s.app.redPacketClock.now = () => t;
};

const RULES: RedPacketRules = {
  start_time: '10:00',
  end_time: '12:00',
  max_times: 5,
  daily_budget: 10_000,
  turnover_multiple: 1,
  tiers: [
    { recharge: 100, day_flow: 0, draws: 1, min_money: 1, max_money: 10 },
    { recharge: 1_000, day_flow: 0, draws: 3, min_money: 5, max_money: 20 },
  ],
};

/** A member straight in the database with a session, and an approved deposit of `yuan` at `approvedAt`. */
async function depositor(yuan: number, approvedAt: Date, name = uniqueName('ar')): Promise<{ id: number; token: string; username: string }> {
  const row = await db().insertInto('members').values({ username: name, password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  await db()
    .insertInto('deposits')
    .values({ deposit_no: `AR${randomBytes(8).toString('hex')}`, member_id: row.id, method: payMethod, amount_fen: yuan * 100, state: 2, reviewed_at: approvedAt, created_at: approvedAt })
    .execute();
  return { id: row.id, username: name, token: await createSession(db(), row.id, { ip: '127.0.0.1', userAgent: 'vitest' }) };
}
const draw = (token: string) => s.api<RedPacketDrawResult>('/api/douserredpacket', {}, { token });
const info = (token: string) => s.api<UserRedPacket>('/api/userredpacket', undefined, { token, method: 'GET' });
const saveRules = (who: Staff, rules: unknown) => post<AdminRedPacketRules>(who, '/redpacket/rules', { rules });
const storedRules = async () => (await db().selectFrom('red_packet_rules').select('rules').where('id', '=', 1).executeTakeFirst())?.rules ?? null;

describe('permissions', () => {
  it('lets finance and support read, only operations and super change the rules', async () => {
    at(bj(1, '09:00:00'));
    for (const reader of [finance, support, operations, admin]) {
      expect(await get(reader, '/redpacket/rules')).toMatchObject({ code: 200 });
      expect(await get(reader, '/redpacket/days')).toMatchObject({ code: 200 });
      expect(await get(reader, '/redpacket/draws')).toMatchObject({ code: 200 });
      expect((await adminFile(s, reader.token, '/redpacket/draws.csv')).type).toBe('text/csv; charset=utf-8');
    }
    for (const reader of [finance, support]) expect(await saveRules(reader, RULES)).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await storedRules()).toBeNull();
    expect(await saveRules(operations, RULES)).toMatchObject({ code: 200, message: REDPACKET_ADMIN_MSG.rulesSaved });
  });

  it('needs a staff session: a member token is refused', async () => {
    const m = await depositor(100, bj(1, '08:00:00'));
    expect(await s.api('/admin/api/redpacket/rules', undefined, { token: m.token, method: 'GET' })).toMatchObject({ code: 401 });
    expect((await adminFile(s, m.token, '/redpacket/draws.csv')).envelope).toMatchObject({ code: 401 });
  });
});

describe('the rules editor', () => {
  it('answers the defaults before anything was saved, with the site switch', async () => {
    await db().deleteFrom('red_packet_rules').execute();
    at(bj(2, '09:00:00'));
    expect((await get<AdminRedPacketRules>(admin, '/redpacket/rules')).data).toEqual({
      rules: DEFAULT_REDPACKET_RULES,
      redpacket_switch: 1,
      saved: false,
      updated_at: '',
      updated_by: '',
      today: '2026-04-02',
    });
  });

  it('refuses bad rules with the first failure in the contract\'s order, and stores nothing', async () => {
    await db().deleteFrom('red_packet_rules').execute();
    const audited = (await auditRows(s, 'redpacket.rules', 'redpacket:rules')).length;
    const t = RULES.tiers[0]!;
    const cases: Array<[unknown, string]> = [
      [{ ...RULES, start_time: '9:00', end_time: '8:00', max_times: 0 }, REDPACKET_MSG.startTime],
      [{ ...RULES, end_time: '24:00', max_times: 0 }, REDPACKET_MSG.endTime],
      [{ ...RULES, end_time: '10:00', max_times: 0 }, REDPACKET_MSG.windowOrder],
      [{ ...RULES, max_times: 0, daily_budget: -1 }, REDPACKET_MSG.maxTimes],
      [{ ...RULES, max_times: '5' }, REDPACKET_MSG.maxTimes],
      [{ ...RULES, daily_budget: 10.001, turnover_multiple: 101 }, REDPACKET_MSG.budget],
      [{ ...RULES, daily_budget: '' }, REDPACKET_MSG.budget],
      [{ ...RULES, turnover_multiple: 1.5, tiers: [] }, REDPACKET_MSG.turnover],
      [{ ...RULES, tiers: [] }, REDPACKET_MSG.tierCount],
      [{ ...RULES, tiers: Array.from({ length: 21 }, () => t) }, REDPACKET_MSG.tierCount],
      [{ ...RULES, tiers: [t, { ...t, recharge: -1, draws: 0 }] }, '第2档：充值和流水须为0~100000000元的金额，最多两位小数'],
      [{ ...RULES, tiers: [{ ...t, recharge: 0, day_flow: 0, draws: 0 }] }, '第1档：充值和流水至少设置一项'],
      [{ ...RULES, tiers: [t, t, { ...t, draws: 101, min_money: 0 }] }, '第3档：次数须为1~100的整数'],
      [{ ...RULES, tiers: [{ ...t, min_money: 11 }] }, '第1档：红包金额须为0.01~100000元，且最小不大于最大'],
      [{ ...RULES, tiers: [{ ...t, min_money: 0 }] }, '第1档：红包金额须为0.01~100000元，且最小不大于最大'],
    ];
    for (const [rules, message] of cases) expect(await saveRules(operations, rules), message).toMatchObject({ code: 400, message });
    expect(await storedRules()).toBeNull();
    expect(await auditRows(s, 'redpacket.rules', 'redpacket:rules')).toHaveLength(audited);
  });

  it('saves with an audit row (before and after) and the member\'s /api/userredpacket shows the new rules at once', async () => {
    await db().deleteFrom('red_packet_rules').execute();
    const audited = (await auditRows(s, 'redpacket.rules', 'redpacket:rules')).length;
    at(bj(3, '09:30:00'));
    const m = await depositor(1_000, bj(2, '18:00:00'));

    // nothing stored: the audit's before is the defaults
    expect(await saveRules(admin, RULES)).toMatchObject({ code: 200, data: { rules: RULES, saved: true, updated_by: 'admin' } });
    expect((await info(m.token)).data).toMatchObject({ sendnums: 3, start_time: '10:00', end_time: '12:00', status: 'READY', countdown: 1_800 });

    const rules: RedPacketRules = {
      ...RULES,
      start_time: '09:00',
      end_time: '11:30',
      turnover_multiple: 2,
      tiers: [RULES.tiers[0]!, { ...RULES.tiers[1]!, draws: 4, max_money: 25.5 }],
    };
    const saved = await saveRules(operations, rules);
    expect(saved).toMatchObject({ code: 200, message: REDPACKET_ADMIN_MSG.rulesSaved, data: { rules, saved: true, updated_by: operations.username, today: '2026-04-03' } });
    expect(saved.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await storedRules()).toEqual(rules);
    expect((await get<AdminRedPacketRules>(support, '/redpacket/rules')).data.rules).toEqual(rules);

    const audit = (await auditRows(s, 'redpacket.rules', 'redpacket:rules')).slice(audited);
    expect(audit.map((a) => [a.staff_id, a.staff_name, a.before, a.after])).toEqual([
      [admin.id, 'admin', DEFAULT_REDPACKET_RULES, RULES],
      [operations.id, operations.username, RULES, rules],
    ]);

    // the window moved to 09:00–11:30 (09:30 is inside it now) and 1,000 deposited gives 4 draws
    const member = (await info(m.token)).data;
    expect(member).toMatchObject({ sendnums: 4, max_times: 5, start_time: '09:00', end_time: '11:30', status: 'STARTING', countdown: 0 });
    expect(member.rules.map((r) => [r.recharge, r.draws, r.min_money, r.max_money, r.flow_money])).toEqual([
      [100, 1, 1, 10, 2],
      [1_000, 4, 5, 25.5, 2],
    ]);
  });
});

describe('days and draws', () => {
  // Day 10: a, b, c draw; day 11: a draws with a budget cut to 30 元 and c is refused 今日红包已派完.
  let a: { id: number; token: string; username: string };
  let b: { id: number; token: string; username: string };
  let c: { id: number; token: string; username: string };
  const won: Record<string, number[]> = { '2026-04-10': [], '2026-04-11': [] };
  const fen = (yuan: number) => Math.round(yuan * 100);
  const sumFen = (xs: number[]) => xs.reduce((t, x) => t + fen(x), 0);

  beforeAll(async () => {
    at(bj(9, '09:00:00'));
    expect(await saveRules(operations, RULES)).toMatchObject({ code: 200 });
    a = await depositor(1_000, bj(9, '13:00:00'), uniqueName('arA'));
    b = await depositor(100, bj(9, '13:00:00'), uniqueName('arB'));
    c = await depositor(100, bj(9, '13:00:00'), uniqueName('arC'));
    at(bj(10, '10:30:00'));
    for (const m of [a, a, b, c]) {
      const r = await draw(m.token);
      expect(r).toMatchObject({ code: 200 });
      won['2026-04-10']!.push(r.data.redpacketmoney);
    }
    // day 11: a budget of 30 元 for the day; a earned 3 draws of 5–20, so the budget is cut
    await db()
      .insertInto('deposits')
      .values({ deposit_no: `AR${randomBytes(8).toString('hex')}`, member_id: a.id, method: payMethod, amount_fen: 100_000, state: 2, reviewed_at: bj(10, '13:00:00'), created_at: bj(10, '13:00:00') })
      .execute();
    at(bj(11, '09:00:00'));
    expect(await saveRules(operations, { ...RULES, daily_budget: 30 })).toMatchObject({ code: 200 });
    at(bj(11, '11:00:00'));
    for (let i = 0; i < 3; i++) {
      const r = await draw(a.token);
      if (r.code !== 200) {
        expect(r).toMatchObject({ code: 400, message: REDPACKET_MSG.soldOut });
        break;
      }
      won['2026-04-11']!.push(r.data.redpacketmoney);
    }
    expect(sumFen(won['2026-04-11']!)).toBeLessThanOrEqual(3_000);
  });

  it('lists each day\'s budget, what was paid, draws and members, newest first; today with the rules\' budget before any draw', async () => {
    at(bj(11, '11:30:00'));
    const days = await get<AdminRedPacketDays>(finance, '/redpacket/days?from=2026-04-09&to=2026-04-12');
    expect(days).toMatchObject({ code: 200 });
    expect(days.data.data).toEqual([
      { day: '2026-04-11', budget: 30, used: sumFen(won['2026-04-11']!) / 100, draws: won['2026-04-11']!.length, members: 1 },
      { day: '2026-04-10', budget: 10_000, used: sumFen(won['2026-04-10']!) / 100, draws: 4, members: 3 },
    ]);
    expect(days.data).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(days.data.today).toEqual(days.data.data[0]);

    at(bj(12, '08:00:00'));
    const quiet = await get<AdminRedPacketDays>(finance, '/redpacket/days?from=2026-04-11&to=2026-04-11');
    expect(quiet.data.today).toEqual({ day: '2026-04-12', budget: 30, used: 0, draws: 0, members: 0 });
    expect(quiet.data.data.map((d) => d.day)).toEqual(['2026-04-11']);
  });

  it('refuses a bad range', async () => {
    expect(await get(finance, '/redpacket/days?from=2026-04-12&to=2026-04-11')).toMatchObject({ code: 400, message: REDPACKET_ADMIN_MSG.dayRange });
    expect(await get(finance, '/redpacket/days?from=2026-02-30')).toMatchObject({ code: 400, message: REDPACKET_ADMIN_MSG.dayRange });
    expect(await get(finance, '/redpacket/draws?from=2025-01-01&to=2026-04-11')).toMatchObject({ code: 400, message: '日期范围最长366天' });
  });

  it('lists the draws by day and member with the filter\'s count and sum', async () => {
    const day10 = await get<AdminRedPacketDrawPage>(support, '/redpacket/draws?from=2026-04-10&to=2026-04-10');
    expect(day10.data).toMatchObject({ total: 4, sum: { amount: sumFen(won['2026-04-10']!) / 100 } });
    // newest first: c, b, a's second, a's first
    expect(day10.data.data.map((d) => [d.username, d.seq, d.amount, d.recharge, d.day])).toEqual([
      [c.username, 1, won['2026-04-10']![3], 100, '2026-04-10'],
      [b.username, 1, won['2026-04-10']![2], 100, '2026-04-10'],
      [a.username, 2, won['2026-04-10']![1], 1_000, '2026-04-10'],
      [a.username, 1, won['2026-04-10']![0], 1_000, '2026-04-10'],
    ]);
    expect(day10.data.data[0]!.created_at).toBe('2026-04-10 10:30:00');
    const journal = await db().selectFrom('red_packet_draws').select('journal_id').where('member_id', '=', c.id).executeTakeFirstOrThrow();
    expect(day10.data.data[0]!.journal_id).toBe(Number(journal.journal_id));

    const ofA = await get<AdminRedPacketDrawPage>(support, `/redpacket/draws?keyword=${a.username}`);
    expect(ofA.data.total).toBe(2 + won['2026-04-11']!.length);
    expect(ofA.data.sum.amount).toBe((sumFen(won['2026-04-10']!.slice(0, 2)) + sumFen(won['2026-04-11']!)) / 100);
    expect(ofA.data.data.every((d) => d.member_id === a.id)).toBe(true);
    const byId = await get<AdminRedPacketDrawPage>(support, `/redpacket/draws?keyword=${b.id}&from=2026-04-10`);
    expect(byId.data.data.map((d) => d.member_id)).toEqual([b.id]);
    expect((await get<AdminRedPacketDrawPage>(support, '/redpacket/draws?keyword=nobody-like-this')).data).toMatchObject({ total: 0, data: [], sum: { amount: 0 } });
  });

  it('exports the filter as CSV: BOM, Chinese headers, exact yuan, newest first', async () => {
    const f = await adminFile(s, finance.token, '/redpacket/draws.csv?from=2026-04-10&to=2026-04-10');
    expect(f.status).toBe(200);
    expect(f.type).toBe('text/csv; charset=utf-8');
    expect(f.disposition).toBe('attachment; filename="redpacket-draws-2026-04-10-2026-04-10.csv"');
    expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = f.text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('记录ID,会员ID,会员账号,日期,当日第几次,红包金额,计入存款,账本凭证,领取时间');
    expect(lines).toHaveLength(5);
    const cells = lines.slice(1).map((l) => l.split(','));
    expect(cells.map((r) => [r[2], r[4], r[5], r[6], r[8]])).toEqual([
      [c.username, '1', (fen(won['2026-04-10']![3]!) / 100).toFixed(2), '100.00', '2026-04-10 10:30:00'],
      [b.username, '1', (fen(won['2026-04-10']![2]!) / 100).toFixed(2), '100.00', '2026-04-10 10:30:00'],
      [a.username, '2', (fen(won['2026-04-10']![1]!) / 100).toFixed(2), '1000.00', '2026-04-10 10:30:00'],
      [a.username, '1', (fen(won['2026-04-10']![0]!) / 100).toFixed(2), '1000.00', '2026-04-10 10:30:00'],
    ]);
    const bad = await adminFile(s, finance.token, '/redpacket/draws.csv?from=2026-04-11&to=2026-04-10');
    expect(bad.envelope).toMatchObject({ code: 400, message: REDPACKET_ADMIN_MSG.dayRange });
  });

  it('a smaller budget saved during a day never goes below what it paid', async () => {
    at(bj(11, '11:40:00'));
    const before = (await get<AdminRedPacketDays>(finance, '/redpacket/days')).data.today;
    expect(await saveRules(operations, { ...RULES, daily_budget: 0 })).toMatchObject({ code: 200 });
    const after = (await get<AdminRedPacketDays>(finance, '/redpacket/days')).data.today;
    expect(after).toEqual({ ...before, budget: before.used });
  });

  it('the books still balance', async () => {
    const check = await checkLedger(db());
    expect(check.ok, JSON.stringify(check.mismatches)).toBe(true);
  });
});
