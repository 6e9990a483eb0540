import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuan, MSG, REBATE_MSG, rebateFen, type FanshuiList, type RebateCategory } from '@app/contract';
import { beijingDate } from '../src/lib/time.js';
import { beijingDayBefore, beijingDayRange, computeRebateDay } from '../src/modules/rebate/compute.js';
import { rebatePass } from '../src/modules/rebate/job.js';
import { figuresOf, setStanding } from './figures-support.js';
import { memberIdOf, startServer, type TestServer } from './harness.js';
import { centralFen, fundedMember } from './transfer-helpers.js';

/**
 * The rebate (返水, spec §3, §4, §5, §7, §9; DESIGN §8): the rule, the day's computation, 返水中心's
 * list and the claim. Bet records are written straight into bet_records as the feed leaves them
 * (settled and counted); the day's pass reads only those.
 */
let s: TestServer;
beforeAll(async () => {
  // The jobs are off: the tests run the day's pass themselves.
  s = await startServer({ reconcileIntervalMs: 0, betFeedIntervalMs: 0, rebateIntervalMs: 0 });
});
afterAll(() => s.close());

const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

interface BetOpts {
  venue?: string;
  category?: string;
  validFen?: number;
  at: Date;
  status?: 0 | 1 | 2;
  counted?: boolean;
}

/** A bet record as the feed leaves it once settled and counted. */
async function bet(memberId: number, o: BetOpts): Promise<void> {
  const status = o.status ?? 1;
  const valid = o.validFen ?? 100_00;
  await s.db.kysely
    .insertInto('bet_records')
    .values({
      venue: o.venue ?? 'DEMOLIVEA',
      bet_id: `RB${randomBytes(8).toString('hex')}`,
      member_id: memberId,
      game_code: 'demo_baccarat',
      game_name: '百家乐',
      category: o.category ?? 'realbet',
      bet_fen: valid,
      valid_fen: status === 1 ? valid : 0,
      win_loss_fen: 0,
      status,
      bet_at: o.at,
      settled_at: status === 1 ? o.at : null,
      counted: o.counted ?? status === 1,
    })
    .execute();
}

const rateOf = async (level: number, category: RebateCategory): Promise<number> => {
  const row = await sql<{ bp: number }>`SELECT ${sql.ref(`${category}_bp`)} AS bp FROM vip_tiers WHERE level = ${level}`.execute(s.db.kysely);
  return Number(row.rows[0]!.bp);
};

interface RecordRow {
  id: number;
  day: string;
  category: string;
  platform: string;
  valid_fen: number;
  rate_bp: number;
  amount_fen: number;
  state: number;
  claimed_at: Date | null;
  claim_journal_id: number | null;
}
const recordsOf = async (memberId: number): Promise<RecordRow[]> =>
  (
    await sql<RecordRow>`SELECT id::int, to_char(day, 'YYYY-MM-DD') AS day, category, platform, valid_fen::int, rate_bp, amount_fen::int, state, claimed_at,
      claim_journal_id::int FROM rebate_records WHERE member_id = ${memberId} ORDER BY category, platform`.execute(s.db.kysely)
  ).rows;

const vipChange = (memberId: number, from: number, to: number, at: Date) =>
  sql`INSERT INTO vip_history (member_id, from_level, to_level, reason, created_at) VALUES (${memberId}, ${from}, ${to}, 'test', ${at})`.execute(s.db.kysely);

/** A closed Beijing day well in the past (so the date filters of the lists still see its records). */
const DAY = beijingDayBefore(new Date(), 2);
const { start: DAY_START, end: DAY_END } = beijingDayRange(DAY);

describe('the day’s rebate (computeRebateDay)', () => {
  it('counts only the bets of that Beijing day (00:00 to 23:59), per category and platform', async () => {
    const { id } = await fundedMember(s, 0);
    await bet(id, { at: new Date(DAY_START.getTime() - MIN_MS), validFen: 1000_00 }); // 23:59 the day before
    await bet(id, { at: DAY_START, validFen: 200_00 }); // 00:00
    await bet(id, { at: new Date(DAY_END.getTime() - 1000), validFen: 300_00 }); // 23:59:59
    await bet(id, { at: DAY_END, validFen: 5000_00 }); // 00:00 the day after
    await bet(id, { venue: 'DEMOLIVEB', at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 123_45 });
    await bet(id, { venue: 'lottery', category: 'lottery', at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 400_00 });
    await bet(id, { venue: 'DEMOLIVEA', category: 'concise', at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 50_00 });
    // Neither an unsettled nor an invalid bet earns anything.
    await bet(id, { at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 700_00, status: 2 });
    await bet(id, { at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 700_00, status: 0 });
    await computeRebateDay(s.db.kysely, DAY);

    const rp = await rateOf(1, 'realperson');
    const lot = await rateOf(1, 'lottery');
    const el = await rateOf(1, 'electron');
    const expected = [
      { category: 'electron', platform: 'DEMOLIVEA', valid_fen: 50_00, rate_bp: el, amount_fen: rebateFen(50_00, el) },
      { category: 'lottery', platform: 'lottery', valid_fen: 400_00, rate_bp: lot, amount_fen: rebateFen(400_00, lot) },
      { category: 'realperson', platform: 'DEMOLIVEA', valid_fen: 500_00, rate_bp: rp, amount_fen: rebateFen(500_00, rp) },
      { category: 'realperson', platform: 'DEMOLIVEB', valid_fen: 123_45, rate_bp: rp, amount_fen: rebateFen(123_45, rp) },
    ].filter((r) => r.amount_fen > 0);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const rows = await recordsOf(id);
    expect(rows.map(({ category, platform, valid_fen, rate_bp, amount_fen }) => ({ category, platform, valid_fen, rate_bp, amount_fen }))).toEqual(expected);
    expect(rows.every((r) => r.day === DAY && r.state === 0 && r.claimed_at === null)).toBe(true);
  });

  it('takes the rates of the member’s level on that day, not of today', async () => {
    const at = new Date(DAY_START.getTime() + 2 * HOUR_MS);
    // Promoted 1 → 3 during the day: level 3 that day, whatever came after (now 5).
    const a = await fundedMember(s, 0);
    await vipChange(a.id, 1, 3, new Date(DAY_START.getTime() + HOUR_MS));
    await vipChange(a.id, 3, 5, new Date(DAY_END.getTime() + HOUR_MS));
    await setStanding(s.db.kysely, a.id, { level: 5 });
    // Promoted 2 → 4 only after the day: still level 2 that day (the change's from level).
    const b = await fundedMember(s, 0);
    await vipChange(b.id, 2, 4, new Date(DAY_END.getTime() + MIN_MS));
    await setStanding(s.db.kysely, b.id, { level: 4 });
    // Never changed: the member's level.
    const c = await fundedMember(s, 0);
    await setStanding(s.db.kysely, c.id, { level: 6 });
    for (const m of [a, b, c]) await bet(m.id, { at, validFen: 10_000_00 });
    await computeRebateDay(s.db.kysely, DAY);

    for (const [m, level] of [[a, 3], [b, 2], [c, 6]] as const) {
      const rate = await rateOf(level, 'realperson');
      expect(await recordsOf(m.id)).toMatchObject([{ category: 'realperson', rate_bp: rate, amount_fen: rebateFen(10_000_00, rate) }]);
    }
    expect(await rateOf(3, 'realperson')).not.toBe(await rateOf(5, 'realperson'));
  });

  it('changes nothing when the day is computed again, late bets included: a day is never paid twice', async () => {
    const { id } = await fundedMember(s, 0);
    await bet(id, { at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 800_00 });
    await computeRebateDay(s.db.kysely, DAY);
    const first = await recordsOf(id);
    expect(first).toHaveLength(1);
    const all = async () => (await sql<{ n: number; fen: string }>`SELECT count(*)::int AS n, COALESCE(sum(amount_fen), 0)::text AS fen FROM rebate_records`.execute(s.db.kysely)).rows[0];
    const before = await all();
    await bet(id, { at: new Date(DAY_START.getTime() + 2 * HOUR_MS), validFen: 900_00 });
    const again = await computeRebateDay(s.db.kysely, DAY);
    expect(again.written).toBe(0);
    expect(await recordsOf(id)).toEqual(first);
    expect(await all()).toEqual(before);
  });

  it('pays the trial account nothing: its bets are demo money', async () => {
    const g = await s.api('/api/guestlogin');
    const id = await memberIdOf(s, g.data.api_token);
    await bet(id, { at: new Date(DAY_START.getTime() + HOUR_MS), validFen: 10_000_00 });
    await computeRebateDay(s.db.kysely, DAY);
    expect(await recordsOf(id)).toEqual([]);
  });

  it('refuses today and a day to come', async () => {
    await expect(computeRebateDay(s.db.kysely, beijingDate())).rejects.toThrow(/not closed/);
    await expect(computeRebateDay(s.db.kysely, beijingDate(new Date(Date.now() + 86_400_000)))).rejects.toThrow(/not closed/);
    await expect(computeRebateDay(s.db.kysely, '2026-13-45')).rejects.toThrow(/bad day/);
  });

  it('is computed by the job only once the allowance for late bet records after midnight has passed', async () => {
    // A pass "now" = 01:00 Beijing the day after DAY, with a 2-hour allowance: DAY is not due yet.
    const day = beijingDayBefore(new Date(), 3);
    const { start, end } = beijingDayRange(day);
    const { id } = await fundedMember(s, 0);
    await bet(id, { at: new Date(start.getTime() + HOUR_MS), validFen: 600_00 });
    const early = await rebatePass(s.db.kysely, new Date(end.getTime() + HOUR_MS), 2 * HOUR_MS);
    expect(early).not.toContain(day);
    expect(await recordsOf(id)).toEqual([]);
    const due = await rebatePass(s.db.kysely, new Date(end.getTime() + 3 * HOUR_MS), 2 * HOUR_MS);
    expect(due).toContain(day);
    expect(await recordsOf(id)).toHaveLength(1);
    // A later pass finds the day done.
    expect(await rebatePass(s.db.kysely, new Date(end.getTime() + 4 * HOUR_MS), 2 * HOUR_MS)).not.toContain(day);
  });
});

/** A member with pending rebate records on DAY at DEMOLIVEA (真人), DEMOLIVEB (真人) and the lottery (彩票). */
async function memberWithRebate(): Promise<{ token: string; id: number; rows: RecordRow[] }> {
  const m = await fundedMember(s, 0);
  const at = new Date(DAY_START.getTime() + HOUR_MS);
  await bet(m.id, { venue: 'DEMOLIVEA', at, validFen: 10_000_00 });
  await bet(m.id, { venue: 'DEMOLIVEB', at, validFen: 20_000_00 });
  await bet(m.id, { venue: 'lottery', category: 'lottery', at, validFen: 30_000_00 });
  await computeRebateDay(s.db.kysely, DAY);
  const rows = await recordsOf(m.id);
  expect(rows).toHaveLength(3);
  return { ...m, rows };
}
const sumYuan = (rows: RecordRow[]) => fenToYuan(rows.reduce((t, r) => t + r.amount_fen, 0));

describe('POST /api/getfanshui', () => {
  it('answers the page, the claimed total (jisuan) and the pending amount (nojisuan)', async () => {
    const { token, rows } = await memberWithRebate();
    const r = await s.api<FanshuiList>('/api/getfanshui', { date: 4, page: 1, api_type: '', type: '' }, { token });
    expect(r.code).toBe(200);
    expect(r.data.jisuan).toBe(0);
    expect(r.data.nojisuan).toBe(sumYuan(rows));
    expect(r.data.list).toMatchObject({ total: 3, current_page: 1, per_page: 15, last_page: 1 });
    expect(r.data.list.data).toHaveLength(3);
    const names = Object.fromEntries((await s.db.kysely.selectFrom('venues').select(['code', 'name']).execute()).map((v) => [v.code, v.name]));
    for (const row of r.data.list.data) {
      const rec = rows.find((x) => x.id === row.id)!;
      expect(row).toEqual({ id: rec.id, gamename: names[rec.platform], money: fenToYuan(rec.amount_fen), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), state: 0, updated_at: '' });
    }
  });

  it('filters by game platform, category and date; the pending amount stays what 领取 pays', async () => {
    const { token, id, rows } = await memberWithRebate();
    const ask = async (body: object) => (await s.api<FanshuiList>('/api/getfanshui', { date: 4, page: 1, api_type: '', type: '', ...body }, { token })).data;
    const bbin = await ask({ api_type: 'DEMOLIVEB' });
    expect(bbin.list.data.map((r) => r.id)).toEqual(rows.filter((r) => r.platform === 'DEMOLIVEB').map((r) => r.id));
    expect(bbin.nojisuan).toBe(sumYuan(rows));
    const lottery = await ask({ type: 'lottery' });
    expect(lottery.list.data.map((r) => r.id)).toEqual(rows.filter((r) => r.category === 'lottery').map((r) => r.id));
    // Credited 10 days ago: in the last 15 and 30 days, not in the last 7 or today.
    await sql`UPDATE rebate_records SET created_at = now() - interval '10 days' WHERE member_id = ${id}`.execute(s.db.kysely);
    expect((await ask({ date: 1 })).list.total).toBe(0);
    expect((await ask({ date: 2 })).list.total).toBe(0);
    expect((await ask({ date: 3 })).list.total).toBe(3);
    expect((await ask({ date: 4 })).list).toMatchObject({ total: 3, last_page: 1 });
    // Odd input reads as the defaults, as every record list does.
    expect((await ask({ date: 9, page: 'x', type: 'nope', api_type: 7 })).list.total).toBe(3);
  });

  it('is for members only', async () => {
    expect((await s.api('/api/getfanshui', {})).message).toBe(MSG.notLoggedIn);
  });
});

describe('POST /api/dofanshui', () => {
  it('pays every pending record once under 50 concurrent claims, in one journal, with 1× turnover', async () => {
    const { token, id, rows } = await memberWithRebate();
    const totalFen = rows.reduce((t, r) => t + r.amount_fen, 0);
    const turnover = async () => (await figuresOf(s.db.kysely, id)).turnover_req_fen;
    const before = { balance: await centralFen(s, id), turnover: await turnover() };

    const answers = await Promise.all(Array.from({ length: 50 }, () => s.api('/api/dofanshui', {}, { token })));
    const paid = answers.filter((a) => a.code === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ message: REBATE_MSG.claimed, data: { money: fenToYuan(totalFen) } });
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 400 && a.message === REBATE_MSG.nothing)).toBe(true);

    expect(await centralFen(s, id)).toBe(before.balance + totalFen);
    expect(await turnover()).toBe(before.turnover + totalFen);
    const after = await recordsOf(id);
    expect(after.every((r) => r.state === 1 && r.claimed_at !== null && r.claim_journal_id === after[0]!.claim_journal_id)).toBe(true);
    const journal = await s.db.kysely.selectFrom('ledger_journals').select(['kind']).where('id', '=', after[0]!.claim_journal_id!).executeTakeFirstOrThrow();
    expect(journal.kind).toBe('rebate');

    const list = (await s.api<FanshuiList>('/api/getfanshui', { date: 4 }, { token })).data;
    expect(list.nojisuan).toBe(0);
    expect(list.jisuan).toBe(fenToYuan(totalFen));
    expect(list.list.data.every((r) => r.state === 1 && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r.updated_at))).toBe(true);
  });

  it('answers 暂无领取额度！ when nothing is pending, and changes nothing', async () => {
    const { token, id } = await fundedMember(s, 5);
    const before = await centralFen(s, id);
    expect(await s.api('/api/dofanshui', {}, { token })).toMatchObject({ code: 400, message: REBATE_MSG.nothing });
    expect(await centralFen(s, id)).toBe(before);
  });

  it('shows the claim in the account details (/api/gettransrecord type 5 返水)', async () => {
    const { token, rows } = await memberWithRebate();
    expect((await s.api('/api/dofanshui', {}, { token })).code).toBe(200);
    const r = await s.api('/api/gettransrecord', { date: 1, type: 5, page: 1 }, { token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ total: 1, current_page: 1 });
    expect(r.data.data[0]).toMatchObject({ type: 5, amount: sumYuan(rows), pay_way: '返水', state: 1, state_text: REBATE_MSG.claimedState });
  });

  it('refuses the trial account (试玩账号不支持此操作)', async () => {
    const g = await s.api('/api/guestlogin');
    expect(g.code).toBe(200);
    await memberIdOf(s, g.data.api_token);
    expect((await s.api('/api/dofanshui', {}, { token: g.data.api_token })).message).toBe(MSG.trialRefused);
  });
});
