import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REDPACKET_RULES,
  MSG,
  REDPACKET_MSG,
  redPacketDrawsEarned,
  redPacketRulesFailure,
  type RedPacketDrawResult,
  type RedPacketRecord,
  type RedPacketRules,
  type Page,
  type UserRedPacket,
} from '@app/contract';
import { checkLedger, HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { redPacketDayStats, redPacketDrawList, setRedPacketRules, getRedPacketRules } from '../src/modules/redpacket/service.js';
import { createSession } from '../src/modules/session/service.js';
import { updateSettings } from '../src/modules/site/service.js';
import { figuresOf } from './figures-support.js';
import { memberIdOf, startServer, uniqueName, type TestServer } from './harness.js';

/**
 * Red packets (spec §3 red packet record and welfare records, §5, §7, §9; DESIGN §5, §8). The server's clock is set per test through app.redPacketClock (Beijing times below), each
 * test on a Beijing day of its own so the days' budgets do not mix. Deposits are approved deposit
 * rows and turnover member_daily_bets rows, written as the deposit review and the bet feed leave them.
 */
let s: TestServer;
let payMethod: string;
beforeAll(async () => {
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0, vipIntervalMs: 0 });
  payMethod = (await s.db.kysely.selectFrom('pay_methods').select('code').executeTakeFirstOrThrow()).code;
});
afterAll(() => s.close());

const onPostgres = process.env.TEST_DATABASE === 'postgres';

/** A Beijing wall-clock time on 2026-03-`day` as a Date (UTC+8). */
const bj = (day: number, hms: string): Date => new Date(`2026-03-${String(day).padStart(2, '0')}T${hms}+08:00`);
const at = (t: Date) => {
  s.app.redPacketClock.now = () => t;
};

/** The rules every test starts from: one-draw, two-draw and three-draw tiers, a large budget. */
const RULES: RedPacketRules = {
  start_time: '10:00',
  end_time: '12:00',
  max_times: 5,
  daily_budget: 1_000_000,
  turnover_multiple: 1,
  tiers: [
    { recharge: 100, day_flow: 0, draws: 1, min_money: 1, max_money: 10 },
    { recharge: 1_000, day_flow: 1_000, draws: 2, min_money: 5, max_money: 20 },
    { recharge: 5_000, day_flow: 10_000, draws: 3, min_money: 10, max_money: 50 },
  ],
};
const rules = (patch: Partial<RedPacketRules> = {}, now?: Date) => setRedPacketRules(s.db.kysely, { ...RULES, ...patch }, { now });

/** A member straight in the database with a session (registration is not what these tests are about). */
async function member(): Promise<{ id: number; token: string }> {
  const row = await s.db.kysely.insertInto('members').values({ username: uniqueName('r'), password_hash: 'x', pay_password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, token: await createSession(s.db.kysely, row.id, { ip: '127.0.0.1', userAgent: 'vitest' }) };
}

/** An approved deposit of `yuan`, approved at `approvedAt`. */
async function deposit(memberId: number, yuan: number, approvedAt: Date): Promise<void> {
  await s.db.kysely
    .insertInto('deposits')
    .values({ deposit_no: `RP${randomBytes(8).toString('hex')}`, member_id: memberId, method: payMethod, amount_fen: yuan * 100, state: 2, reviewed_at: approvedAt, created_at: approvedAt })
    .execute();
}

/** Valid bets of `yuan` on the Beijing day `day` (YYYY-MM-DD), as the feed sums them. */
async function turnover(memberId: number, day: string, yuan: number): Promise<void> {
  await sql`INSERT INTO member_daily_bets (member_id, day, category, bets, bet_fen, valid_fen) VALUES (${memberId}, ${day}::date, 'realbet', 1, ${yuan * 100}, ${yuan * 100})`.execute(s.db.kysely);
}

const info = (token: string) => s.api<UserRedPacket>('/api/userredpacket', undefined, { token, method: 'GET' });
const draw = (token: string) => s.api<RedPacketDrawResult>('/api/douserredpacket', {}, { token });
const records = (token: string, page = 1) => s.api<Page<RedPacketRecord>>('/api/redpacket', { page }, { token });
const houseFen = () => houseBalanceFen(s.db.kysely, HOUSE.redPackets);
const drawsOf = (memberId: number) =>
  s.db.kysely.selectFrom('red_packet_draws').select(['seq', 'amount_fen', 'journal_id']).where('member_id', '=', memberId).orderBy('seq').execute();

describe('the rules (contract redpacket.ts)', () => {
  it('gives the tier with the most draws among those met, deposits AND turnover, capped by max_times', () => {
    const f = (recharge: number, flow: number) => redPacketDrawsEarned(RULES, { rechargeFen: recharge * 100, dayFlowFen: flow * 100 }).draws;
    expect(f(0, 0)).toBe(0);
    expect(f(99.99, 1_000_000)).toBe(0);
    expect(f(100, 0)).toBe(1);
    // 1,000 deposited without 1,000 of turnover stays in the first tier
    expect(f(1_000, 999.99)).toBe(1);
    expect(f(1_000, 1_000)).toBe(2);
    expect(f(4_999, 50_000)).toBe(2);
    expect(f(5_000, 10_000)).toBe(3);
    expect(redPacketDrawsEarned({ ...RULES, max_times: 2 }, { rechargeFen: 5_000_00, dayFlowFen: 10_000_00 }).draws).toBe(2);
  });

  it('refuses a bad rule set with a Chinese message and passes the defaults', () => {
    expect(redPacketRulesFailure(DEFAULT_REDPACKET_RULES)).toBeNull();
    expect(redPacketRulesFailure({ ...RULES, start_time: '9:00' })).toBe(REDPACKET_MSG.startTime);
    expect(redPacketRulesFailure({ ...RULES, end_time: '10:00' })).toBe(REDPACKET_MSG.windowOrder);
    expect(redPacketRulesFailure({ ...RULES, max_times: 0 })).toBe(REDPACKET_MSG.maxTimes);
    expect(redPacketRulesFailure({ ...RULES, daily_budget: 1.001 })).toBe(REDPACKET_MSG.budget);
    expect(redPacketRulesFailure({ ...RULES, tiers: [] })).toBe(REDPACKET_MSG.tierCount);
    expect(redPacketRulesFailure({ ...RULES, tiers: [RULES.tiers[0]!, { ...RULES.tiers[1]!, min_money: 30 }] })).toBe('第2档：红包金额须为0.01~100000元，且最小不大于最大');
    expect(redPacketRulesFailure({ ...RULES, tiers: [{ ...RULES.tiers[0]!, recharge: 0 }] })).toBe('第1档：充值和流水至少设置一项');
  });

  it('is saved only when valid (the console\'s service)', async () => {
    await expect(rules({ max_times: 101 })).rejects.toThrow(REDPACKET_MSG.maxTimes);
    await rules();
    expect(await getRedPacketRules(s.db.kysely)).toEqual(RULES);
  });
});

describe('the draw window (Beijing time)', () => {
  it('refuses at 09:59:59 (活动尚未开始) with a countdown, draws from 10:00, ends at 12:00 (今日活动已结束)', async () => {
    await rules();
    const m = await member();
    await deposit(m.id, 1_000, bj(1, '20:00:00'));
    await turnover(m.id, '2026-03-01', 1_000);

    at(bj(2, '09:59:59'));
    const before = await info(m.token);
    expect(before.data).toMatchObject({ status: 'READY', countdown: 1, sendnums: 2, acquirednum: 0, max_times: 5, start_time: '10:00', end_time: '12:00', recharge: 1_000, day_flow: 1_000 });
    expect(before.data.rules.map((r) => r.draws)).toEqual([1, 2, 3]);
    expect(before.data.rules[1]).toEqual({ start_time: '10:00', end_time: '12:00', recharge: 1_000, day_flow: 1_000, flow_money: 1, draws: 2, min_money: 5, max_money: 20 });
    expect(await draw(m.token)).toMatchObject({ code: 400, message: REDPACKET_MSG.notStarted });

    at(bj(2, '10:00:00'));
    const first = await draw(m.token);
    expect(first).toMatchObject({ code: 200, message: REDPACKET_MSG.drawn, data: { sendnums: 1, acquirednum: 1 } });
    expect(first.data.redpacketmoney).toBeGreaterThanOrEqual(5);
    expect(first.data.redpacketmoney).toBeLessThanOrEqual(20);
    expect((await info(m.token)).data).toMatchObject({ status: 'STARTING', countdown: 0, sendnums: 1, acquirednum: 1 });

    at(bj(2, '12:00:00'));
    expect(await draw(m.token)).toMatchObject({ code: 400, message: REDPACKET_MSG.ended });
    expect((await info(m.token)).data).toMatchObject({ status: 'END', sendnums: 1, acquirednum: 1 });

    at(bj(2, '11:59:59'));
    expect((await draw(m.token)).code).toBe(200);
    expect(await draw(m.token)).toMatchObject({ code: 400, message: REDPACKET_MSG.notEligible });
    expect((await drawsOf(m.id)).map((d) => d.seq)).toEqual([1, 2]);
  });

  it('follows the window staff set', async () => {
    await rules({ start_time: '20:30', end_time: '21:00' });
    const m = await member();
    await deposit(m.id, 100, bj(3, '21:00:00'));
    at(bj(4, '20:29:59'));
    expect(await draw(m.token)).toMatchObject({ message: REDPACKET_MSG.notStarted });
    expect((await info(m.token)).data.countdown).toBe(1);
    at(bj(4, '20:30:00'));
    expect((await draw(m.token)).code).toBe(200);
    await rules();
  });
});

describe('the deposits counted (previous day end_time → today start_time)', () => {
  it('counts a deposit approved at the previous day 12:00 and not one at 11:59:59 the day before or today at 10:00', async () => {
    await rules();
    const [onTime, early, late] = [await member(), await member(), await member()];
    await deposit(onTime.id, 100, bj(5, '12:00:00'));
    await deposit(early.id, 100, bj(5, '11:59:59'));
    await deposit(late.id, 100, bj(6, '10:00:00'));
    // approved just before the window opens: counts
    await deposit(late.id, 50, bj(6, '09:59:59'));
    at(bj(6, '10:30:00'));
    expect((await info(onTime.token)).data).toMatchObject({ sendnums: 1, recharge: 100 });
    expect((await info(early.token)).data).toMatchObject({ sendnums: 0, recharge: 0 });
    expect((await info(late.token)).data).toMatchObject({ sendnums: 0, recharge: 50 });
    expect((await draw(onTime.token)).code).toBe(200);
    expect(await draw(early.token)).toMatchObject({ code: 400, message: '您暂未达到领取条件，快去完成吧！' });
    expect(await draw(late.token)).toMatchObject({ code: 400, message: REDPACKET_MSG.notEligible });
  });

  it('counts only approved deposits, and the turnover of the previous Beijing day only', async () => {
    await rules();
    const m = await member();
    await deposit(m.id, 5_000, bj(7, '13:00:00'));
    await s.db.kysely.insertInto('deposits').values({ deposit_no: `RP${randomBytes(8).toString('hex')}`, member_id: m.id, method: payMethod, amount_fen: 100_000_00, state: 1 }).execute();
    await turnover(m.id, '2026-03-07', 10_000);
    // today's bets count tomorrow
    await turnover(m.id, '2026-03-08', 90_000);
    at(bj(8, '10:00:00'));
    expect((await info(m.token)).data).toMatchObject({ sendnums: 3, recharge: 5_000, day_flow: 10_000 });
  });
});

describe('draws earned per tier', () => {
  it('gives 1, 2 and 3 draws by tier, and max_times caps them', async () => {
    await rules();
    const [t1, t2, t3] = [await member(), await member(), await member()];
    await deposit(t1.id, 999, bj(9, '18:00:00'));
    await deposit(t2.id, 1_000, bj(9, '18:00:00'));
    await turnover(t2.id, '2026-03-09', 1_000);
    await deposit(t3.id, 5_000, bj(9, '18:00:00'));
    await turnover(t3.id, '2026-03-09', 10_000);
    at(bj(10, '11:00:00'));
    const drawAll = async (token: string) => {
      const won: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const r = await draw(token);
        if (r.code !== 200) {
          expect(r.message).toBe(REDPACKET_MSG.notEligible);
          break;
        }
        won.push(r.data.redpacketmoney);
      }
      return won;
    };
    const w1 = await drawAll(t1.token);
    const w3 = await drawAll(t3.token);
    expect(w1.length).toBe(1);
    expect((await drawAll(t2.token)).length).toBe(2);
    expect(w3.length).toBe(3);
    for (const v of w1) expect(v >= 1 && v <= 10).toBe(true);
    for (const v of w3) expect(v >= 10 && v <= 50).toBe(true);
    expect((await info(t3.token)).data).toMatchObject({ sendnums: 0, acquirednum: 3 });

    await rules({ max_times: 2 }, bj(11, '10:00:00'));
    const capped = await member();
    await deposit(capped.id, 5_000, bj(10, '18:00:00'));
    await turnover(capped.id, '2026-03-10', 10_000);
    at(bj(11, '10:00:00'));
    expect((await info(capped.token)).data).toMatchObject({ sendnums: 2, max_times: 2 });
    expect((await drawAll(capped.token)).length).toBe(2);
    await rules();
  });
});

describe('under concurrency', () => {
  it('50 parallel draws by a member with 3 draws earned: exactly 3 succeed and the balance rose by their sum', async () => {
    await rules({ turnover_multiple: 2 });
    const m = await member();
    await deposit(m.id, 5_000, bj(11, '13:00:00'));
    await turnover(m.id, '2026-03-11', 10_000);
    at(bj(12, '10:15:00'));
    const houseBefore = await houseFen();
    const balanceBefore = await memberBalanceFen(s.db.kysely, m.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => draw(m.token)));
    const won = results.filter((r) => r.code === 200);
    expect(won.length).toBe(3);
    for (const r of results.filter((x) => x.code !== 200)) expect(r.message).toBe(REDPACKET_MSG.notEligible);
    const sumFen = won.reduce((t, r) => t + Math.round(r.data.redpacketmoney * 100), 0);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(balanceBefore + sumFen);
    expect(await houseFen()).toBe(houseBefore - sumFen);
    const rows = await drawsOf(m.id);
    expect(rows.map((d) => d.seq)).toEqual([1, 2, 3]);
    expect(rows.reduce((t, d) => t + d.amount_fen, 0)).toBe(sumFen);
    // the turnover requirement: 2× each red packet (DESIGN §5)
    const req = await figuresOf(s.db.kysely, m.id);
    expect(req.turnover_req_fen).toBe(sumFen * 2);
    const journals = await s.db.kysely.selectFrom('ledger_journals').select(['idem_key', 'kind']).where('idem_key', 'like', `red-packet:${m.id}:%`).orderBy('idem_key').execute();
    expect(journals).toEqual([1, 2, 3].map((n) => ({ idem_key: `red-packet:${m.id}:2026-03-12:${n}`, kind: 'red_packet' })));
    await rules();
  });

  const crowd = onPostgres ? 500 : 100;
  it(`${crowd} members drawing at once never exceed a small budget by a fen`, async () => {
    // each member earns one draw of 1–10 yuan; the budget covers about a third of them
    const budgetYuan = Math.round(crowd * 5.5 / 3) + 0.37;
    const day = bj(13, '10:00:00');
    await rules({ daily_budget: budgetYuan }, day);
    const members = await Promise.all(Array.from({ length: crowd }, () => member()));
    await s.db.kysely
      .insertInto('deposits')
      .values(members.map((m) => ({ deposit_no: `RP${randomBytes(8).toString('hex')}`, member_id: m.id, method: payMethod, amount_fen: 100_00, state: 2, reviewed_at: bj(12, '15:00:00') })))
      .execute();
    at(day);
    const houseBefore = await houseFen();
    const results = await Promise.all(members.map((m) => draw(m.token)));
    const won = results.filter((r) => r.code === 200);
    const refused = results.filter((r) => r.code !== 200);
    for (const r of refused) expect(r.message).toBe(REDPACKET_MSG.soldOut);
    expect(refused.length).toBeGreaterThan(0);
    const sumFen = won.reduce((t, r) => t + Math.round(r.data.redpacketmoney * 100), 0);
    const budget = await s.db.kysely.selectFrom('red_packet_days').select(['budget_fen', 'used_fen', 'draws']).where('day', '=', '2026-03-13').executeTakeFirstOrThrow();
    expect(budget.budget_fen).toBe(Math.round(budgetYuan * 100));
    // spent to the fen: the last draw was cut to what was left
    expect(budget.used_fen).toBe(budget.budget_fen);
    expect(sumFen).toBe(budget.used_fen);
    expect(budget.draws).toBe(won.length);
    const rows = await sql<{ n: string; fen: string }>`SELECT count(*) AS n, sum(amount_fen) AS fen FROM red_packet_draws WHERE day = '2026-03-13'`.execute(s.db.kysely);
    expect([Number(rows.rows[0]!.n), Number(rows.rows[0]!.fen)]).toEqual([won.length, sumFen]);
    expect(await houseFen()).toBe(houseBefore - sumFen);
    // the console's view of the day
    expect(await redPacketDayStats(s.db.kysely, '2026-03-13')).toEqual({ day: '2026-03-13', budget_fen: budget.budget_fen, used_fen: sumFen, draws: won.length, members: won.length });
    // a new day opens a new budget
    at(bj(14, '10:00:00'));
    await rules({}, bj(14, '10:00:00'));
    expect(await draw(members[0]!.token)).toMatchObject({ code: 400, message: REDPACKET_MSG.notEligible });
  }, 60_000);
});

describe('the switch and the trial account', () => {
  it('answers 红包已关闭 with redpacket_switch 0, the records stay readable', async () => {
    await rules();
    const m = await member();
    await deposit(m.id, 100, bj(14, '13:00:00'));
    at(bj(15, '10:00:00'));
    await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, redpacket_switch: 0 } }));
    try {
      expect(await info(m.token)).toMatchObject({ code: 400, message: MSG.redpacketClosed });
      expect(await draw(m.token)).toMatchObject({ code: 400, message: '红包已关闭' });
      expect(await records(m.token)).toMatchObject({ code: 200, data: { total: 0 } });
    } finally {
      await updateSettings(s.db.kysely, (v) => ({ ...v, app: { ...v.app, redpacket_switch: 1 } }));
    }
    expect((await draw(m.token)).code).toBe(200);
  });

  it('refuses the trial account in the window (试玩账号不支持此操作), after the window check', async () => {
    await rules();
    const g = await s.api('/api/guestlogin');
    expect(g.code).toBe(200);
    const token = g.data.api_token as string;
    const id = await memberIdOf(s, token);
    await deposit(id, 100, bj(15, '13:00:00'));
    at(bj(16, '09:00:00'));
    expect(await draw(token)).toMatchObject({ message: REDPACKET_MSG.notStarted });
    at(bj(16, '10:00:00'));
    expect(await draw(token)).toMatchObject({ code: 403, message: MSG.trialRefused });
    expect(await drawsOf(id)).toEqual([]);
  });

  it('needs a session on all three', async () => {
    expect(await s.api('/api/userredpacket', undefined, { method: 'GET' })).toMatchObject({ code: 401 });
    expect(await s.api('/api/douserredpacket', {})).toMatchObject({ code: 401 });
    expect(await s.api('/api/redpacket', { page: 1 })).toMatchObject({ code: 401 });
  });
});

describe('the records (/api/redpacket, /welfare)', () => {
  it('lists the member\'s draws newest first: deposits counted, amount, draw and credit time', async () => {
    await rules();
    const m = await member();
    await deposit(m.id, 5_000, bj(16, '13:00:00'));
    await turnover(m.id, '2026-03-16', 10_000);
    const won: number[] = [];
    for (const t of ['10:00:05', '10:20:00', '11:59:00']) {
      at(bj(17, t));
      won.push((await draw(m.token)).data.redpacketmoney);
    }
    const r = await records(m.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(r.data.data.map((x) => [x.money, x.redpacketmoney, x.created_at, x.usetime])).toEqual([
      [5_000, won[2], '2026-03-17 11:59:00', '2026-03-17 11:59:00'],
      [5_000, won[1], '2026-03-17 10:20:00', '2026-03-17 10:20:00'],
      [5_000, won[0], '2026-03-17 10:00:05', '2026-03-17 10:00:05'],
    ]);
    expect((await records(m.token, 2)).data.data).toEqual([]);
    // another member's list does not show them
    expect((await records((await member()).token)).data.total).toBe(0);
    const list = await redPacketDrawList(s.db.kysely, { from: '2026-03-17', to: '2026-03-17', memberId: m.id, username: '', page: 1, perPage: 10 });
    expect(list.total).toBe(3);
    expect(list.sum_fen).toBe(won.reduce((t, v) => t + Math.round(v * 100), 0));
    expect(list.rows.map((x) => x.seq)).toEqual([3, 2, 1]);
  });
});

describe('the books', () => {
  it('the database itself refuses a second draw with the same number and a day paying past its budget', async () => {
    const [row] = await s.db.kysely.selectFrom('red_packet_draws').select(['member_id', 'day', 'seq', 'journal_id']).where('day', '=', '2026-03-17').limit(1).execute();
    expect(row).toBeDefined();
    await expect(
      sql`INSERT INTO red_packet_draws (member_id, day, seq, amount_fen, journal_id) VALUES (${row!.member_id}, '2026-03-17', ${row!.seq}, 1, ${row!.journal_id})`.execute(s.db.kysely),
    ).rejects.toThrow();
    await expect(sql`UPDATE red_packet_days SET used_fen = budget_fen + 1 WHERE day = '2026-03-13'`.execute(s.db.kysely)).rejects.toThrow();
  });

  it('balance: every red packet is a journal from house:red_packets, and the ledger check passes', async () => {
    const paid = await sql<{ fen: string }>`SELECT COALESCE(sum(amount_fen), 0) AS fen FROM red_packet_draws`.execute(s.db.kysely);
    expect(await houseFen()).toBe(-Number(paid.rows[0]!.fen));
    const check = await checkLedger(s.db.kysely);
    expect(check.mismatches).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
