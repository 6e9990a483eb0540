import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_LIMITS,
  ADMIN_MSG,
  fmt,
  LOYALTY_ADMIN_LIMITS,
  LOYALTY_ADMIN_MSG,
  MSG,
  REBATE_CATEGORIES,
  REBATE_CATEGORY_LABELS,
  rebateFen,
  type AdminRebateDay,
  type AdminRebateRecord,
  type AdminVipTier,
  type RebateCategory,
  type VipTier,
} from '@app/contract';
import { beijing, beijingDate } from '../src/lib/time.js';
import { checkLedger, memberBalanceFen } from '../src/modules/ledger/service.js';
import { beijingDayBefore, beijingDayRange, computeRebateDay } from '../src/modules/rebate/compute.js';
import { claimRebate } from '../src/modules/rebate/service.js';
import { figuresOf, setStanding } from './figures-support.js';
import { memberIdOf, registerMember, startServer, uniqueName, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, adminFile, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';

/**
 * The console's loyalty tools: the VIP tier editor, a member's VIP section and the
 * manual level change, rebate days and rebate records with their CSV export. Bets are written straight
 * into bet_records as the feed leaves them and each day's rebate is computed by the engine's own pass
 * (computeRebateDay), on days of their own per test so the totals are exact.
 */
let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
beforeAll(async () => {
  // The jobs are off: the tests run the rebate day themselves.
  s = await startServer({ adminPassword: ADMIN_PASSWORD, reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
});
afterAll(() => s.close());

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const get = (who: Staff, path: string) => adminCall(s, who.token, 'GET', path);
const post = (who: Staff, path: string, body?: unknown) => adminCall(s, who.token, 'POST', path, body);
const db = () => s.db.kysely;

async function member(name = uniqueName('ly')) {
  const m = await registerMember(s, name);
  return { ...m, id: await memberIdOf(s, m.token) };
}

/** A settled, counted bet record of `validFen` on `day` (Beijing), one hour into it. */
async function bet(memberId: number, day: string, validFen: number, venue = 'DEMOLIVEA', category = 'realbet'): Promise<void> {
  const at = new Date(beijingDayRange(day).start.getTime() + HOUR_MS);
  await db()
    .insertInto('bet_records')
    .values({
      venue,
      bet_id: `LY${randomBytes(8).toString('hex')}`,
      member_id: memberId,
      game_code: 'demo_baccarat',
      game_name: '百家乐',
      category,
      bet_fen: validFen,
      valid_fen: validFen,
      win_loss_fen: 0,
      status: 1,
      bet_at: at,
      settled_at: at,
      counted: true,
    })
    .execute();
}

const rateBp = async (level: number, category: RebateCategory): Promise<number> =>
  Number((await sql<{ bp: number }>`SELECT ${sql.ref(`${category}_bp`)} AS bp FROM vip_tiers WHERE level = ${level}`.execute(db())).rows[0]!.bp);

const tiersNow = async (): Promise<AdminVipTier[]> => (await get(support, '/vip-tiers')).data;

// ---- permissions ----------------------------------------------------------------------------------

describe('who may use the loyalty tools', () => {
  it('lets support and finance read but not write, operations write, and refuses a member token', async () => {
    const m = await member();
    const tiers = await tiersNow();
    for (const reader of [support, finance]) {
      expect((await get(reader, '/vip-tiers')).code).toBe(200);
      expect((await get(reader, `/members/${m.id}/vip`)).code).toBe(200);
      expect((await get(reader, '/rebate/days')).code).toBe(200);
      expect((await get(reader, '/rebate/records')).code).toBe(200);
      expect((await get(reader, '/rebate/platforms')).code).toBe(200);
      expect((await adminFile(s, reader.token, '/rebate/records.csv')).type).toMatch(/^text\/csv/);
      expect(await post(reader, '/vip-tiers', { tiers })).toMatchObject({ code: 403, message: MSG.forbidden });
      expect(await post(reader, `/members/${m.id}/vip`, { level: 2, reason: '测试' })).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    expect(await post(operations, '/vip-tiers', { tiers })).toMatchObject({ code: 200 });
    expect(await post(operations, `/members/${m.id}/vip`, { level: 2, reason: '测试' })).toMatchObject({ code: 200 });
    // A member's own token is not a staff session.
    expect(await adminCall(s, m.token, 'GET', '/vip-tiers')).toMatchObject({ code: 401 });
    expect(await adminCall(s, m.token, 'POST', `/members/${m.id}/vip`, { level: 5, reason: '测试' })).toMatchObject({ code: 401 });
    expect((await adminFile(s, m.token, '/rebate/records.csv')).envelope).toMatchObject({ code: 401 });
    expect((await figuresOf(db(), m.id)).vip).toBe(2);
  });
});

// ---- the tier editor ------------------------------------------------------------------------------

describe('VIP tiers', () => {
  it('reads the ten tiers in yuan and percent, as the member app shows them', async () => {
    const tiers = await tiersNow();
    expect(tiers.map((t) => t.level)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const row = await db().selectFrom('vip_tiers').selectAll().where('level', '=', 3).executeTakeFirstOrThrow();
    expect(tiers[2]).toEqual({
      level: 3,
      name: row.name,
      recharge: row.recharge_fen / 100,
      flow: row.flow_fen / 100,
      retention_flow: row.retention_flow_fen / 100,
      levelup_bonus: row.levelup_bonus_fen / 100,
      realperson: row.realperson_bp / 100,
      sport: row.sport_bp / 100,
      e_sport: row.e_sport_bp / 100,
      joker: row.joker_bp / 100,
      electron: row.electron_bp / 100,
      lottery: row.lottery_bp / 100,
    });
  });

  it('refuses a bad table with the first failing rule, in the rules’ order, and changes nothing', async () => {
    const good = await tiersNow();
    const audits = (await auditRows(s, 'vip.tiers', 'vip_tiers')).length;
    const edit = (change: (t: Array<Record<string, unknown>>) => void) => {
      const t = good.map((x) => ({ ...x })) as Array<Record<string, unknown>>;
      change(t);
      return t;
    };
    const max = LOYALTY_ADMIN_LIMITS;
    const cases: Array<[Array<Record<string, unknown>>, string]> = [
      [good.slice(0, 9), LOYALTY_ADMIN_MSG.tiersCount],
      [edit((t) => ([t[1], t[2]] = [t[2]!, t[1]!])), LOYALTY_ADMIN_MSG.tiersCount],
      // a name before the money, the money before the rates, the tier's own rules before the table's
      [edit((t) => ((t[2]!.name = '  '), (t[0]!.recharge = 5))), fmt(LOYALTY_ADMIN_MSG.tierName, { level: 3, max: max.tierNameMax })],
      [edit((t) => (t[4]!.name = '名'.repeat(max.tierNameMax + 1))), fmt(LOYALTY_ADMIN_MSG.tierName, { level: 5, max: max.tierNameMax })],
      [edit((t) => ((t[3]!.flow = -1), (t[3]!.sport = 9))), fmt(LOYALTY_ADMIN_MSG.tierMoney, { level: 4, field: '累计流水', max: max.tierMoneyMaxYuan })],
      [edit((t) => (t[1]!.levelup_bonus = '1.234')), fmt(LOYALTY_ADMIN_MSG.tierMoney, { level: 2, field: '晋级礼金', max: max.tierMoneyMaxYuan })],
      [edit((t) => (t[9]!.retention_flow = max.tierMoneyMaxYuan + 1)), fmt(LOYALTY_ADMIN_MSG.tierMoney, { level: 10, field: '保级流水', max: max.tierMoneyMaxYuan })],
      [edit((t) => (t[4]!.sport = 5.01)), fmt(LOYALTY_ADMIN_MSG.tierRate, { level: 5, field: REBATE_CATEGORY_LABELS.sport, max: max.rateMaxPercent })],
      [edit((t) => (t[6]!.lottery = '')), fmt(LOYALTY_ADMIN_MSG.tierRate, { level: 7, field: REBATE_CATEGORY_LABELS.lottery, max: max.rateMaxPercent })],
      [edit((t) => ((t[0]!.flow = 0.01), (t[5]!.recharge = 0))), LOYALTY_ADMIN_MSG.tierFirst],
      [edit((t) => (t[5]!.recharge = Number(t[4]!.recharge) - 0.01)), fmt(LOYALTY_ADMIN_MSG.tierOrder, { level: 6, field: '累计存款', prev: 5 })],
      [edit((t) => (t[8]!.flow = 0)), fmt(LOYALTY_ADMIN_MSG.tierOrder, { level: 9, field: '累计流水', prev: 8 })],
    ];
    for (const [tiers, message] of cases) expect(await post(operations, '/vip-tiers', { tiers }), message).toMatchObject({ code: 400, message, data: null });
    expect(await post(operations, '/vip-tiers', {})).toMatchObject({ code: 400 });
    expect(await tiersNow()).toEqual(good);
    expect(await auditRows(s, 'vip.tiers', 'vip_tiers')).toHaveLength(audits);
  });

  it('saves the whole table with an audit row of both tables; /api/uservip shows the new figures at once', async () => {
    const before = await tiersNow();
    const tiers = before.map((t) => ({ ...t }));
    Object.assign(tiers[1]!, { name: ' 白银会员 ', recharge: 1200.5, levelup_bonus: 20, realperson: 0.85 });
    Object.assign(tiers[9]!, { lottery: 5, retention_flow: '3000000.99' });
    const r = await post(operations, '/vip-tiers', { tiers });
    const expected = before.map((t) => ({ ...t }));
    Object.assign(expected[1]!, { name: '白银会员', recharge: 1200.5, levelup_bonus: 20, realperson: 0.85 });
    Object.assign(expected[9]!, { lottery: 5, retention_flow: 3000000.99 });
    expect(r).toMatchObject({ code: 200, message: LOYALTY_ADMIN_MSG.tiersSaved, data: expected });
    expect(await tiersNow()).toEqual(expected);
    expect(await db().selectFrom('vip_tiers').select(['name', 'recharge_fen', 'levelup_bonus_fen', 'realperson_bp']).where('level', '=', 2).executeTakeFirstOrThrow()).toEqual({
      name: '白银会员',
      recharge_fen: 120050,
      levelup_bonus_fen: 2000,
      realperson_bp: 85,
    });

    const audit = await auditRows(s, 'vip.tiers', 'vip_tiers');
    expect(audit.at(-1)).toMatchObject({ staff_id: operations.id, staff_name: operations.username, before: { tiers: before }, after: { tiers: expected } });

    const app = (await s.api<VipTier[]>('/api/uservip')).data;
    expect(app[1]).toMatchObject({ level: 2, name: '白银会员', recharge: 1200.5, realperson: 0.85 });
    expect(app[9]).toMatchObject({ level: 10, lottery: 5 });

    // Saving the same table again changes nothing and records nothing.
    expect(await post(operations, '/vip-tiers', { tiers: expected })).toMatchObject({ code: 200, data: expected });
    expect(await auditRows(s, 'vip.tiers', 'vip_tiers')).toHaveLength(audit.length);
  });
});

// ---- a member's VIP -------------------------------------------------------------------------------

describe('a member’s VIP', () => {
  it('shows the promotion figures, the next tier, and the period’s turnover from the daily bets', async () => {
    const m = await member();
    const start = new Date(Date.now() - 10 * DAY_MS);
    const startDay = beijingDate(start);
    await setStanding(db(), m.id, { level: 2, paysum_fen: 1500_00, flow_fen: 8000_25, period_start: start, changed_on: startDay });
    const dayOf = (offsetDays: number) => beijingDate(new Date(start.getTime() + offsetDays * DAY_MS));
    const daily = [
      [dayOf(-1), 'realbet', 999_00], // the day before the period: not counted
      [dayOf(0), 'realbet', 100_00],
      [dayOf(0), 'lottery', 20_50],
      [dayOf(5), 'concise', 300_00],
      [dayOf(90), 'realbet', 777_00], // the period's end day belongs to the next period
    ] as const;
    for (const [day, category, valid] of daily) {
      await db().insertInto('member_daily_bets').values({ member_id: m.id, day, category, bets: 1, bet_fen: valid, valid_fen: valid }).execute();
    }
    const tiers = await tiersNow();
    const r = await get(support, `/members/${m.id}/vip`);
    expect(r).toMatchObject({ code: 200 });
    expect(r.data).toEqual({
      level: 2,
      is_trial: false,
      paysum: 1500,
      flow: 8000.25,
      next: { level: 3, recharge: tiers[2]!.recharge, flow: tiers[2]!.flow },
      period_start: beijing(start),
      period_end: beijing(new Date(start.getTime() + 90 * DAY_MS)),
      period_flow: 420.5,
      retention_flow: tiers[1]!.retention_flow,
      changed_on: startDay,
      history: [],
    });
  });

  it('has no next tier at VIP10 and no change day for a member never changed', async () => {
    const m = await member();
    expect((await get(support, `/members/${m.id}/vip`)).data).toMatchObject({ level: 1, changed_on: '', period_flow: 0, next: { level: 2 } });
    await setStanding(db(), m.id, { level: 10 });
    expect((await get(support, `/members/${m.id}/vip`)).data).toMatchObject({ level: 10, next: null });
  });

  it('answers 会员不存在 for an unknown member', async () => {
    expect(await get(support, '/members/987654321/vip')).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
    expect(await post(operations, '/members/987654321/vip', { level: 3, reason: '测试' })).toMatchObject({ code: 404, message: ADMIN_MSG.memberMissing });
  });
});

describe('the manual level change', () => {
  const vipOf = async (id: number) => (await db().selectFrom('member_figures').select(['vip', 'vip_changed_on', 'vip_period_start']).where('member_id', '=', id).executeTakeFirstOrThrow());
  const historyOf = (id: number) => db().selectFrom('vip_history').selectAll().where('member_id', '=', id).orderBy('id').execute();

  it('sets the level with a history row of the reason and the staff member, an audit row, and no bonus', async () => {
    const m = await member();
    const t0 = Date.now();
    const r = await post(operations, `/members/${m.id}/vip`, { level: 4, reason: '  大客户维护 ' });
    expect(r).toMatchObject({ code: 200, message: fmt(LOYALTY_ADMIN_MSG.vipChanged, { level: 4 }), data: { level: 4 } });

    const row = await vipOf(m.id);
    expect(row.vip).toBe(4);
    const changedOn = await sql<{ d: string }>`SELECT to_char(vip_changed_on, 'YYYY-MM-DD') AS d FROM member_figures WHERE member_id = ${m.id}`.execute(db());
    expect(changedOn.rows[0]!.d).toBe(beijingDate());
    expect(new Date(row.vip_period_start).getTime()).toBeGreaterThanOrEqual(t0 - 1000);
    expect(await historyOf(m.id)).toMatchObject([{ from_level: 1, to_level: 4, reason: 'manual', note: '大客户维护', staff_id: operations.id }]);
    expect(await auditRows(s, 'member.vip', `member:${m.id}`)).toMatchObject([
      { staff_id: operations.id, before: { vip: 1 }, after: { vip: 4, reason: '大客户维护' } },
    ]);
    // No 晋级礼金: no journal, no money, no turnover requirement.
    const journals = await db().selectFrom('ledger_journals').select('id').where('idem_key', 'like', `vip-bonus:${m.id}:%`).execute();
    expect(journals).toEqual([]);
    expect(await memberBalanceFen(db(), m.id)).toBe(0);
    expect((await figuresOf(db(), m.id)).turnover_req_fen).toBe(0);

    const view = await get(support, `/members/${m.id}/vip`);
    expect(view.data).toMatchObject({ level: 4, changed_on: beijingDate(), next: { level: 5 } });
    expect(view.data.history).toEqual([
      { id: expect.any(Number), from_level: 1, to_level: 4, reason: 'manual', reason_label: '人工调整', note: '大客户维护', staff_name: operations.username, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) },
    ]);

    // Down again, newest first in the history; an engine row has no note and no staff name.
    expect((await post(operations, `/members/${m.id}/vip`, { level: 2, reason: '误操作更正' })).code).toBe(200);
    await db().insertInto('vip_history').values({ member_id: m.id, from_level: 2, to_level: 3, reason: 'promotion' }).execute();
    const rows = (await get(support, `/members/${m.id}/vip`)).data.history;
    expect(rows.map((h: { from_level: number; to_level: number; reason_label: string; note: string; staff_name: string }) => [h.from_level, h.to_level, h.reason_label, h.note, h.staff_name])).toEqual([
      [2, 3, '晋级', '', ''],
      [4, 2, '人工调整', '误操作更正', operations.username],
      [1, 4, '人工调整', '大客户维护', operations.username],
    ]);
  });

  it('refuses the same level, a trial account, a level out of range and a missing reason, changing nothing', async () => {
    const m = await member();
    expect((await post(operations, `/members/${m.id}/vip`, { level: 3, reason: '升级' })).code).toBe(200);
    const before = { row: await vipOf(m.id), history: await historyOf(m.id) };
    expect(await post(operations, `/members/${m.id}/vip`, { level: 3, reason: '再次' })).toMatchObject({ code: 400, message: fmt(LOYALTY_ADMIN_MSG.vipSame, { level: 3 }) });
    for (const level of [0, 11, 2.5, 'x', '', undefined]) {
      expect(await post(operations, `/members/${m.id}/vip`, { level, reason: '测试' }), String(level)).toMatchObject({ code: 400, message: LOYALTY_ADMIN_MSG.vipLevel });
    }
    const reasonMsg = fmt(LOYALTY_ADMIN_MSG.vipReason, { max: ADMIN_LIMITS.reasonMax });
    for (const reason of [undefined, '', '   ', 'x'.repeat(ADMIN_LIMITS.reasonMax + 1)]) {
      expect(await post(operations, `/members/${m.id}/vip`, { level: 5, reason }), String(reason)).toMatchObject({ code: 400, message: reasonMsg });
    }
    expect(await vipOf(m.id)).toEqual(before.row);
    expect(await historyOf(m.id)).toEqual(before.history);
    expect(await auditRows(s, 'member.vip', `member:${m.id}`)).toHaveLength(1);

    const guest = await s.api('/api/guestlogin');
    const trialId = await memberIdOf(s, guest.data.api_token);
    expect(await post(operations, `/members/${trialId}/vip`, { level: 5, reason: '测试' })).toMatchObject({ code: 400, message: LOYALTY_ADMIN_MSG.vipTrial });
    expect((await vipOf(trialId)).vip).toBe(1);
    expect(await historyOf(trialId)).toEqual([]);
    expect(await auditRows(s, 'member.vip', `member:${trialId}`)).toEqual([]);
  });

  it('is what the rebate reads: the days from the change on earn the new level’s rates', async () => {
    const m = await member();
    expect((await post(operations, `/members/${m.id}/vip`, { level: 5, reason: '活动奖励' })).code).toBe(200);
    // As if the change had been made one hour into the day after `before`.
    const before = beijingDayBefore(new Date(), 31);
    const after = beijingDayBefore(new Date(), 30);
    await db()
      .updateTable('vip_history')
      .set({ created_at: new Date(beijingDayRange(after).start.getTime() + HOUR_MS) })
      .where('member_id', '=', m.id)
      .execute();
    await bet(m.id, before, 10_000_00);
    await bet(m.id, after, 10_000_00);
    await computeRebateDay(db(), before);
    await computeRebateDay(db(), after);
    const rows = await sql<{ day: string; rate_bp: number; amount_fen: number }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, rate_bp, amount_fen FROM rebate_records WHERE member_id = ${m.id} ORDER BY day`.execute(db());
    const [r1, r5] = [await rateBp(1, 'realperson'), await rateBp(5, 'realperson')];
    expect(r1).not.toBe(r5);
    expect(rows.rows).toEqual([
      { day: before, rate_bp: r1, amount_fen: rebateFen(10_000_00, r1) },
      { day: after, rate_bp: r5, amount_fen: rebateFen(10_000_00, r5) },
    ]);
  });
});

// ---- rebate days and records ----------------------------------------------------------------------

/**
 * Two days of rebate by three members (a and b share a name prefix), a's claimed, b's and c's pending;
 * and an earlier computed day without records.
 */
const D0 = beijingDayBefore(new Date(), 42);
const D1 = beijingDayBefore(new Date(), 41);
const D2 = beijingDayBefore(new Date(), 40);
let prefix: string;
let a: Awaited<ReturnType<typeof member>>;
let b: Awaited<ReturnType<typeof member>>;
let c: Awaited<ReturnType<typeof member>>;
let seeded: Promise<void> | null = null;
function seedRebate(): Promise<void> {
  seeded ??= (async () => {
    prefix = uniqueName('rp').slice(0, 10);
    a = await member(`${prefix}a1`);
    b = await member(`${prefix}b2`);
    c = await member();
    await bet(a.id, D1, 1000_00, 'DEMOLIVEA', 'realbet');
    await bet(a.id, D1, 500_00, 'lottery', 'lottery');
    await bet(b.id, D1, 2000_00, 'DEMOLIVEB', 'realbet');
    await bet(a.id, D2, 300_00, 'DEMOLIVEA', 'realbet');
    await bet(c.id, D2, 4000_00, 'DEMOLIVEA', 'concise');
    for (const day of [D0, D1, D2]) await computeRebateDay(db(), day);
    await claimRebate(db(), a.id);
  })();
  return seeded;
}

describe('rebate days', () => {
  it('sums each day: members, records, valid bets, rebate, claimed and pending, and per category', async () => {
    await seedRebate();
    const [rp, lot, el] = [await rateBp(1, 'realperson'), await rateBp(1, 'lottery'), await rateBp(1, 'electron')];
    const r = await get(support, `/rebate/days?from=${D0}&to=${D2}`);
    expect(r).toMatchObject({ code: 200, data: { total: 3, current_page: 1, per_page: ADMIN_LIMITS.pageSize, last_page: 1 } });
    const days = r.data.data as AdminRebateDay[];
    expect(days.map((d) => d.day)).toEqual([D2, D1, D0]);

    const cats = (values: Partial<Record<RebateCategory, [number, number]>>) =>
      REBATE_CATEGORIES.map((category) => ({ category, label: REBATE_CATEGORY_LABELS[category], valid: values[category]?.[0] ?? 0, amount: values[category]?.[1] ?? 0 }));
    const y = (fen: number) => fen / 100;
    const a1 = rebateFen(1000_00, rp) + rebateFen(500_00, lot);
    const b1 = rebateFen(2000_00, rp);
    expect(days[1]).toEqual({
      day: D1,
      computed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      members: 2,
      records: 3,
      valid: 3500,
      amount: y(a1 + b1),
      claimed: y(a1),
      pending: y(b1),
      members_claimed: 1,
      categories: cats({ realperson: [3000, y(rebateFen(1000_00, rp) + b1)], lottery: [500, y(rebateFen(500_00, lot))] }),
    });
    const a2 = rebateFen(300_00, rp);
    const c2 = rebateFen(4000_00, el);
    expect(days[0]).toMatchObject({
      day: D2,
      members: 2,
      records: 2,
      valid: 4300,
      amount: y(a2 + c2),
      claimed: y(a2),
      pending: y(c2),
      members_claimed: 1,
      categories: cats({ realperson: [300, y(a2)], electron: [4000, y(c2)] }),
    });
    expect(days[2]).toMatchObject({ day: D0, members: 0, records: 0, valid: 0, amount: 0, claimed: 0, pending: 0, members_claimed: 0, categories: cats({}) });
  });

  it('pages newest day first', async () => {
    const first = beijingDayBefore(new Date(), 121);
    const last = beijingDayBefore(new Date(), 100);
    for (let n = 100; n <= 121; n += 1) await sql`INSERT INTO rebate_days (day) VALUES (${beijingDayBefore(new Date(), n)}::date)`.execute(db());
    const p1 = await get(support, `/rebate/days?from=${first}&to=${last}`);
    expect(p1.data).toMatchObject({ total: 22, current_page: 1, last_page: 2 });
    expect(p1.data.data).toHaveLength(ADMIN_LIMITS.pageSize);
    expect(p1.data.data[0].day).toBe(last);
    const p2 = await get(support, `/rebate/days?from=${first}&to=${last}&page=2`);
    expect(p2.data.data.map((d: AdminRebateDay) => d.day)).toEqual([beijingDayBefore(new Date(), 120), first]);
    // Open ranges: everything up to `to`, everything from `from`.
    expect((await get(support, `/rebate/days?to=${first}`)).data.data[0].day).toBe(first);
    expect((await get(support, `/rebate/days?from=${D2}`)).data.data.at(-1).day).toBe(D2);
  });

  it('refuses a reversed, impossible or too long date range', async () => {
    const max = LOYALTY_ADMIN_LIMITS.dayRangeMaxDays;
    for (const path of ['/rebate/days', '/rebate/records']) {
      expect(await get(support, `${path}?from=2026-03-02&to=2026-03-01`)).toMatchObject({ code: 400, message: LOYALTY_ADMIN_MSG.dayRange });
      expect(await get(support, `${path}?from=2026-02-30`)).toMatchObject({ code: 400, message: LOYALTY_ADMIN_MSG.dayRange });
      expect(await get(support, `${path}?from=2025-01-01&to=2026-01-02`)).toMatchObject({ code: 400, message: fmt(LOYALTY_ADMIN_MSG.dayRangeMax, { max }) });
      expect(await get(support, `${path}?from=2025-01-01&to=2026-01-01`)).toMatchObject({ code: 200 }); // 366 days
      expect(await get(support, `${path}?from=2026-03-01&to=2026-03-01`)).toMatchObject({ code: 200 });
      expect(await get(support, `${path}?from=yesterday`)).toMatchObject({ code: 400 });
    }
  });
});

describe('rebate records', () => {
  const list = async (query: string) => (await get(support, `/rebate/records?from=${D1}&to=${D2}${query}`)).data;
  const owners = (page: { data: AdminRebateRecord[] }) => page.data.map((r) => r.member_id);

  it('lists the records newest first with member, platform, labels, and the totals of the whole filter', async () => {
    await seedRebate();
    const all = await list('');
    expect(all).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
    const rows = all.data as AdminRebateRecord[];
    expect(rows.map((r) => r.day)).toEqual([D2, D2, D1, D1, D1]);
    for (let i = 1; i < rows.length; i += 1) if (rows[i]!.day === rows[i - 1]!.day) expect(rows[i]!.id).toBeLessThan(rows[i - 1]!.id);

    const lot = await rateBp(1, 'lottery');
    const aLottery = rows.find((r) => r.member_id === a.id && r.category === 'lottery')!;
    expect(aLottery).toEqual({
      id: expect.any(Number),
      member_id: a.id,
      username: a.name,
      day: D1,
      category: 'lottery',
      category_label: '彩票',
      platform: 'lottery',
      platform_name: expect.any(String),
      valid: 500,
      rate: lot / 100,
      amount: rebateFen(500_00, lot) / 100,
      state: 1,
      state_label: '已领取',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      claimed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const venue = await db().selectFrom('venues').select('name').where('code', '=', 'lottery').executeTakeFirstOrThrow();
    expect(aLottery.platform_name).toBe(venue.name);
    expect(rows.find((r) => r.member_id === c.id)).toMatchObject({ state: 0, state_label: '未领取', claimed_at: '', category_label: '电子' });

    const fen = (r: AdminRebateRecord) => Math.round(r.amount * 100);
    const sumOf = (pred: (r: AdminRebateRecord) => boolean) => rows.filter(pred).reduce((t, r) => t + fen(r), 0) / 100;
    const sum = { valid: 7800, amount: sumOf(() => true), pending: sumOf((r) => r.state === 0), claimed: sumOf((r) => r.state === 1) };
    expect(all.sum).toEqual(sum);
    expect(sum.pending).toBeGreaterThan(0);
    expect(sum.claimed).toBeGreaterThan(0);
    // The totals are the filter's, not the page's.
    const page2 = await list('&page=2');
    expect(page2).toMatchObject({ data: [], total: 5, current_page: 2, sum });
  });

  it('filters by day, member (id or name prefix), category, platform and state', async () => {
    await seedRebate();
    expect(owners(await list(`&keyword=${a.id}`))).toEqual([a.id, a.id, a.id]);
    expect(new Set(owners(await list(`&keyword=${prefix}`)))).toEqual(new Set([a.id, b.id]));
    expect((await list(`&keyword=${prefix}`)).total).toBe(4);
    expect((await list(`&keyword=${b.name}`)).sum.valid).toBe(2000);
    expect((await list('&keyword=%25')).total).toBe(0);
    expect(owners(await list('&category=lottery'))).toEqual([a.id]);
    expect((await list('&category=electron')).data).toMatchObject([{ member_id: c.id, valid: 4000 }]);
    expect(owners(await list('&platform=DEMOLIVEB'))).toEqual([b.id]);
    expect(new Set(owners(await list('&state=0')))).toEqual(new Set([b.id, c.id]));
    expect((await list('&state=1')).data.every((r: AdminRebateRecord) => r.member_id === a.id && r.state === 1)).toBe(true);
    expect((await list('&state=1')).sum).toMatchObject({ pending: 0 });
    expect((await list('&state=0')).sum).toMatchObject({ claimed: 0 });
    expect((await list(`&keyword=${a.id}&category=realperson&state=1`)).data.map((r: AdminRebateRecord) => r.day)).toEqual([D2, D1]);
    expect(owners((await get(support, `/rebate/records?from=${D2}&to=${D2}&keyword=${prefix}`)).data)).toEqual([a.id]);
    expect((await get(support, `/rebate/records?from=${D1}&to=${D1}`)).data.total).toBe(3);
    expect((await get(support, '/rebate/records?category=poker')).code).toBe(400);
  });

  it('offers every platform, disabled ones too, as the platform filter', async () => {
    const venues = await db().selectFrom('venues').select(['code', 'name', 'enabled']).orderBy('sort').orderBy('code').execute();
    expect(venues.length).toBeGreaterThan(3);
    await db().updateTable('venues').set({ enabled: false }).where('code', '=', 'DEMOLIVEB').execute();
    try {
      const r = await get(finance, '/rebate/platforms');
      expect(r).toMatchObject({ code: 200, data: venues.map((v) => ({ code: v.code, name: v.name })) });
      expect(r.data.map((v: { code: string }) => v.code)).toEqual(expect.arrayContaining(['DEMOLIVEA', 'DEMOLIVEB', 'lottery']));
    } finally {
      await db().updateTable('venues').set({ enabled: true }).where('code', '=', 'DEMOLIVEB').execute();
    }
  });
});

describe('rebate records as CSV', () => {
  it('exports the filter as a UTF-8 file with a BOM, Chinese headers and two-decimal money', async () => {
    await seedRebate();
    const f = await adminFile(s, support.token, `/rebate/records.csv?from=${D1}&to=${D2}`);
    expect(f.status).toBe(200);
    expect(f.type).toBe('text/csv; charset=utf-8');
    expect(f.disposition).toBe(`attachment; filename="rebate-records-${D1}-${D2}.csv"`);
    expect([...f.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = f.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('记录ID,会员ID,会员账号,日期,类别,平台,有效投注,返水比例(%),返水金额,状态,计算时间,领取时间');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(1, -1);
    const rows = (await list()).data as AdminRebateRecord[];
    expect(body).toHaveLength(rows.length);
    expect(body.map((l) => Number(l.split(',')[0]))).toEqual(rows.map((r) => r.id));

    const lot = await rateBp(1, 'lottery');
    const rec = rows.find((r) => r.member_id === a.id && r.category === 'lottery')!;
    const amountFen = rebateFen(500_00, lot);
    const line = body.find((l) => l.startsWith(`${rec.id},`))!;
    expect(line.split(',')).toEqual([
      String(rec.id),
      String(a.id),
      a.name,
      D1,
      '彩票',
      rec.platform_name,
      '500.00',
      (lot / 100).toFixed(2),
      `${Math.floor(amountFen / 100)}.${String(amountFen % 100).padStart(2, '0')}`,
      '已领取',
      rec.created_at,
      rec.claimed_at,
    ]);
    expect(body.find((l) => l.includes(`,${c.name},`))!.split(',').slice(-3)).toEqual(['未领取', expect.any(String), '']);
    // The same filters as the list.
    const mine = await adminFile(s, support.token, `/rebate/records.csv?keyword=${b.id}&from=${D1}`);
    expect(mine.disposition).toBe(`attachment; filename="rebate-records-${D1}-all.csv"`);
    expect(mine.text.split('\r\n').slice(1, -1)).toHaveLength(1);
    expect(mine.text).toContain(`,${b.name},${D1},真人,`);

    async function list() {
      return (await get(support, `/rebate/records?from=${D1}&to=${D2}`)).data;
    }
  });

  it('quotes a value with a comma or a quote (a platform’s name)', async () => {
    const m = await member();
    const day = beijingDayBefore(new Date(), 60);
    await db().insertInto('venues').values({ code: 'LYCSV', name: '测试,"一号"厅', enabled: false }).execute();
    await sql`INSERT INTO rebate_records (member_id, day, category, platform, valid_fen, rate_bp, amount_fen)
      VALUES (${m.id}, ${day}::date, 'electron', 'LYCSV', 123456, 80, 98)`.execute(db());
    const f = await adminFile(s, support.token, `/rebate/records.csv?from=${day}&to=${day}`);
    const [, line] = f.text.slice(1).split('\r\n');
    expect(line).toMatch(new RegExp(`^\\d+,${m.id},${m.name},${day},电子,"测试,""一号""厅",1234.56,0.80,0.98,未领取,[0-9: -]{19},$`));
  });

  it('answers a refusal as an envelope: a bad range, more rows than one export may hold', async () => {
    const bad = await adminFile(s, support.token, '/rebate/records.csv?from=2026-03-02&to=2026-03-01');
    expect(bad.type).toMatch(/^application\/json/);
    expect(bad.envelope).toEqual({ code: 400, message: LOYALTY_ADMIN_MSG.dayRange, data: null });

    const m = await member();
    const max = LOYALTY_ADMIN_LIMITS.exportMaxRows;
    // One record per day for max + 1 days of long ago.
    await sql`INSERT INTO rebate_records (member_id, day, category, platform, valid_fen, rate_bp, amount_fen)
      SELECT ${m.id}, DATE '1700-01-01' + g, 'electron', 'DEMOLIVEA', 100, 80, 1 FROM generate_series(0, ${max}::int) AS g`.execute(db());
    const many = await adminFile(s, support.token, `/rebate/records.csv?keyword=${m.id}`);
    expect(many.envelope).toEqual({ code: 400, message: fmt(LOYALTY_ADMIN_MSG.exportTooMany, { max }), data: null });
    const listed = await get(support, `/rebate/records?keyword=${m.id}`);
    expect(listed.data).toMatchObject({ total: max + 1, sum: { amount: (max + 1) / 100, pending: (max + 1) / 100 } });
    // One fewer fits.
    await sql`DELETE FROM rebate_records WHERE member_id = ${m.id} AND day = DATE '1700-01-01'`.execute(db());
    const fits = await adminFile(s, support.token, `/rebate/records.csv?keyword=${m.id}`);
    expect(fits.status).toBe(200);
    expect(fits.text.split('\r\n')).toHaveLength(max + 2);
    await sql`DELETE FROM rebate_records WHERE member_id = ${m.id}`.execute(db());
  });
});

describe('the books', () => {
  it('still balance after the claims and level changes above', async () => {
    await seedRebate();
    const check = await checkLedger(db());
    expect(check.ok, JSON.stringify(check.mismatches)).toBe(true);
  });
});
