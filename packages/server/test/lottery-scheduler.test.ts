import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BET_STATUS, LOTTERY_TYPE } from '@app/contract';
import { figuresOf, setTurnoverRequirement } from './figures-support.js';
import { attachServer, fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { HOUSE, houseBalanceFen, memberBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { commitmentOf, drawResult, newSeed, nextRound, roundAt, settleLine, verify, type LotterySchedule } from '../src/modules/lottery/engine/index.js';

const K3: LotterySchedule = { intervalS: 60, ftimeS: 10 };
const LHC: LotterySchedule = { intervalS: 180, ftimeS: 30 };

let s: TestServer;
let nowMs = 0;
let k3Room: number;
let lhcRoom: number;

const pass = (ms: number) => lotteryPass(s.db.kysely, ms);
async function at(ms: number) {
  nowMs = ms;
  return pass(ms);
}
/** A time 5 s into a fresh round of the schedule, past every time used so far. */
function openRound(sched: LotterySchedule): number {
  return nextRound(sched, roundAt(sched, Math.max(Date.now(), nowMs))).opensAtMs + 5000;
}
async function member(yuan: number) {
  const { token } = await registerMember(s);
  const id = await memberIdOf(s, token);
  await fund(s, id, yuan);
  return { token, id };
}
const db = () => s.db.kysely;
const roundRow = (lottery: string, expect: string) => db().selectFrom('lottery_rounds').selectAll().where('lottery', '=', lottery).where('expect', '=', expect).executeTakeFirst();

/** Replaces a round's (still secret) seed, so a test can pick its result; the commitment follows. */
async function setSeed(lottery: string, expect: string, seed: string) {
  await db().updateTable('lottery_rounds').set({ seed, commitment: commitmentOf(seed) }).where('lottery', '=', lottery).where('expect', '=', expect).execute();
}

beforeAll(async () => {
  s = await startServer({ lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  lhcRoom = (await s.api('/api/lotteryRoom', { name: 'lhc_180' })).data[0].id;
});
afterAll(() => s.close());

describe('rounds', () => {
  it('commits to the current and the next round before the next one opens', async () => {
    const t = openRound(K3);
    await at(t);
    const cur = roundAt(K3, t);
    const next = nextRound(K3, cur);
    for (const r of [cur, next]) {
      const row = await roundRow('k3_60', r.expect);
      expect(row).toBeDefined();
      expect(verify(row!.commitment, row!.seed)).toBe(true);
      expect(new Date(row!.draw_at).getTime()).toBe(r.drawAtMs);
      expect(row!.result).toBeNull();
    }
    expect(t).toBeLessThan(next.opensAtMs);
    // a second pass keeps the committed seeds
    const before = (await roundRow('k3_60', next.expect))!.seed;
    expect((await pass(t)).created).toBe(0);
    expect((await roundRow('k3_60', next.expect))!.seed).toBe(before);
  });

  it('draws a due round from its stored seed, once', async () => {
    const t = openRound(K3);
    await at(t);
    const r = roundAt(K3, t);
    const res = await at(r.drawAtMs);
    expect(res.drawn).toBeGreaterThanOrEqual(1);
    const row = (await roundRow('k3_60', r.expect))!;
    expect(row.result).toEqual(drawResult(LOTTERY_TYPE.dice, 'k3_60', r.expect, row.seed));
    expect(row.settled_at).not.toBeNull();
    const again = await pass(r.drawAtMs);
    expect(again.drawn).toBe(0);
    expect(again.settledRounds).toBe(0);
  });
});

describe('settlement', () => {
  it('settles every order exactly once under concurrent passes: wins credited, bet records, turnover and flow counted once', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const a = await member(1000);
    const b = await member(1000);
    await setTurnoverRequirement(db(), a.id, 100_000);
    const flowBefore = (await figuresOf(db(), a.id)).flow_fen;
    const sums = Array.from({ length: 16 }, (_, i) => ({ id: `k3_sum_${String(i + 3).padStart(2, '0')}`, total: 10 }));
    const linesA = [...sums, { id: 'k3_big', total: 20 }, { id: 'k3_small', total: 20 }, { id: 'k3_triple', total: 5 }];
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: linesA.slice(0, 10) }, { token: a.token })).code).toBe(200);
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: linesA.slice(10) }, { token: a.token })).code).toBe(200);
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: [{ id: 'k3_odd', total: 100 }] }, { token: b.token })).code).toBe(200);
    const stakeA = linesA.reduce((x, l) => x + l.total * 100, 0);
    const houseBefore = await houseBalanceFen(db(), HOUSE.lottery);

    nowMs = round.drawAtMs + 1000;
    const results = await Promise.all([pass(nowMs), pass(nowMs), pass(nowMs)]);
    expect(results.reduce((x, r) => x + r.settledOrders, 0)).toBe(3);

    const row = (await roundRow('k3_60', round.expect))!;
    const result = drawResult(LOTTERY_TYPE.dice, 'k3_60', round.expect, row.seed);
    expect(row.result).toEqual(result);
    const orders = await db().selectFrom('lottery_orders').selectAll().where('expect', '=', round.expect).where('lottery', '=', 'k3_60').execute();
    expect(orders.every((o) => o.status === BET_STATUS.settled && o.settled_at !== null)).toBe(true);
    const expected = (o: (typeof orders)[number]) => settleLine(LOTTERY_TYPE.dice, o.play_id, o.odds_cents / 100, o.stake_fen, result);
    // a's 大 20 and 小 20 (two orders of one round) offset each other: valid 0, both stakes hedged
    const hedged = (o: (typeof orders)[number]) => o.member_id === a.id && (o.play_id === 'k3_big' || o.play_id === 'k3_small');
    for (const o of orders) expect([o.payout_fen, o.valid_fen, o.hedged_fen]).toEqual([expected(o).payoutFen, hedged(o) ? 0 : expected(o).validFen, hedged(o) ? 2000 : 0]);
    const ofA = orders.filter((o) => o.member_id === a.id);
    const payoutA = ofA.reduce((x, o) => x + o.payout_fen, 0);
    const validA = ofA.reduce((x, o) => x + o.valid_fen, 0);
    expect(payoutA).toBeGreaterThan(0); // one of the 16 sums always wins
    expect(await memberBalanceFen(db(), a.id)).toBe(100_000 - stakeA + payoutA);
    const payoutB = orders.filter((o) => o.member_id === b.id).reduce((x, o) => x + o.payout_fen, 0);
    expect(await memberBalanceFen(db(), b.id)).toBe(100_000 - 10_000 + payoutB);
    expect((await houseBalanceFen(db(), HOUSE.lottery)) - houseBefore).toBe(-(payoutA + payoutB));
    // one payout journal per winning order
    const journals = await db().selectFrom('ledger_journals').select('idem_key').where('kind', '=', 'lottery_payout').where('idem_key', 'in', [...new Set(orders.map((o) => `lottery:payout:${o.order_no}`))]).execute();
    expect(journals.length).toBe(new Set(orders.filter((o) => o.payout_fen > 0).map((o) => o.order_no)).size);

    const bets = await db().selectFrom('bet_records').selectAll().where('member_id', '=', a.id).execute();
    expect(bets).toHaveLength(linesA.length);
    expect(bets.every((x) => x.venue === 'lottery' && x.category === 'lottery' && x.status === BET_STATUS.settled && x.counted)).toBe(true);
    expect(bets.reduce((x, r) => x + r.win_loss_fen, 0)).toBe(payoutA - stakeA);
    const m = await db().selectFrom('member_figures').select(['flow_fen', 'turnover_req_fen']).where('member_id', '=', a.id).executeTakeFirstOrThrow();
    expect(m.flow_fen - flowBefore).toBe(validA);
    expect(m.turnover_req_fen).toBe(100_000 - validA);
    const daily = await db().selectFrom('member_daily_bets').selectAll().where('member_id', '=', a.id).where('category', '=', 'lottery').execute();
    expect(daily.reduce((x, d) => x + d.valid_fen, 0)).toBe(validA);
    expect(daily.reduce((x, d) => x + d.bets, 0)).toBe(linesA.length);

    // later passes change nothing
    await Promise.all([pass(nowMs + 5000), pass(nowMs + 5000)]);
    expect(await memberBalanceFen(db(), a.id)).toBe(100_000 - stakeA + payoutA);
    const m2 = await db().selectFrom('member_figures').select(['flow_fen', 'turnover_req_fen']).where('member_id', '=', a.id).executeTakeFirstOrThrow();
    expect(m2).toEqual(m);
    const daily2 = await db().selectFrom('member_daily_bets').selectAll().where('member_id', '=', a.id).where('category', '=', 'lottery').execute();
    expect(daily2).toEqual(daily);
  });

  it('returns the stake of a push (特码两面 on a special 49) and counts no valid bet for it', async () => {
    const t = openRound(LHC);
    await at(t);
    const round = roundAt(LHC, t);
    let seed = newSeed();
    while (drawResult(LOTTERY_TYPE.sixBall, 'lhc_180', round.expect, seed)[6] !== 49) seed = newSeed();
    await setSeed('lhc_180', round.expect, seed);
    const m = await member(100);
    const r = await s.api('/api/lotteryOrder', { room_id: lhcRoom, expect: round.expect, order: [{ id: 'lhc_tm_big', total: 10 }, { id: 'lhc_tm_odd', total: 10 }, { id: 'lhc_te_49', total: 10 }, { id: 'lhc_te_01', total: 10 }] }, { token: m.token });
    expect(r.code).toBe(200);
    await at(round.drawAtMs);
    // 10 + 10 pushed back, 10 × 47 on 特码 49, 特码 01 lost
    expect(await memberBalanceFen(db(), m.id)).toBe(10_000 - 4000 + 1000 + 1000 + 47_000);
    const orders = await db().selectFrom('lottery_orders').select(['play_id', 'payout_fen', 'valid_fen']).where('member_id', '=', m.id).orderBy('line').execute();
    expect(orders).toEqual([
      { play_id: 'lhc_tm_big', payout_fen: 1000, valid_fen: 0 },
      { play_id: 'lhc_tm_odd', payout_fen: 1000, valid_fen: 0 },
      { play_id: 'lhc_te_49', payout_fen: 47_000, valid_fen: 1000 },
      { play_id: 'lhc_te_01', payout_fen: 0, valid_fen: 1000 },
    ]);
    const flow = (await figuresOf(db(), m.id)).flow_fen;
    expect(flow).toBe(2000);
  });

  it('after a stop: a round whose draw time passed while nothing ran is drawn and settled at the next pass, once', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const m = await member(100);
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: [{ id: 'k3_big', total: 50 }, { id: 'k3_small', total: 50 }] }, { token: m.token })).code).toBe(200);
    expect(await memberBalanceFen(db(), m.id)).toBe(0);
    // nothing runs for an hour; then the first pass
    const later = round.drawAtMs + 3_600_000;
    const res = await at(later);
    expect(res.created).toBe(4); // current and next of both lotteries
    const row = (await roundRow('k3_60', round.expect))!;
    expect(row.result).not.toBeNull();
    expect(row.drawn_at).not.toBeNull();
    const result = row.result!;
    const triple = result[0] === result[1] && result[1] === result[2];
    expect(await memberBalanceFen(db(), m.id)).toBe(triple ? 0 : 5000 * 1.96);
    await Promise.all([pass(later + 1000), pass(later + 1000)]);
    expect(await memberBalanceFen(db(), m.id)).toBe(triple ? 0 : 5000 * 1.96);
    const bets = await db().selectFrom('bet_records').select(['status', 'counted']).where('member_id', '=', m.id).execute();
    expect(bets).toEqual([
      { status: 1, counted: true },
      { status: 1, counted: true },
    ]);
    // the rounds nobody committed to while stopped are not invented afterwards
    expect(await roundRow('k3_60', nextRound(K3, nextRound(K3, round)).expect)).toBeUndefined();
  });
  it('tells the rooms of the settled orders before it writes their bet records', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const m = await member(100);
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: [{ id: 'k3_big', total: 50 }] }, { token: m.token })).code).toBe(200);
    const records = () => db().selectFrom('bet_records').select(['status', 'counted']).where('member_id', '=', m.id).execute();
    // what the records were when the rooms were told (the read goes out at that moment)
    let atTelling: ReturnType<typeof records> | undefined;
    await lotteryPass(db(), round.drawAtMs, undefined, { settled: (e) => void (e.memberId === m.id && (atTelling = records())) });
    expect(await atTelling).toEqual([{ status: BET_STATUS.unsettled, counted: false }]);
    expect(await records()).toEqual([{ status: BET_STATUS.settled, counted: true }]);
  });

  it('a pass that stops at the bet records has told the rooms and paid; the next pass writes the records and pays nothing twice', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const m = await member(100);
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: [{ id: 'k3_big', total: 50 }, { id: 'k3_small', total: 50 }] }, { token: m.token })).code).toBe(200);
    // the bet records cannot take this member's settled lines: the pass stops after the ledger work
    await sql`CREATE FUNCTION refuse_settled_bets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.member_id = ${sql.lit(m.id)} AND NEW.status = ${sql.lit(BET_STATUS.settled)} THEN RAISE EXCEPTION 'bet records away'; END IF; RETURN NEW; END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_settled_bets BEFORE INSERT OR UPDATE ON bet_records FOR EACH ROW EXECUTE FUNCTION refuse_settled_bets()`.execute(db());
    const told: number[] = [];
    try {
      await expect(lotteryPass(db(), round.drawAtMs, undefined, { settled: (e) => told.push(e.memberId) })).rejects.toThrow(/bet records away/);
    } finally {
      await sql`DROP TRIGGER refuse_settled_bets ON bet_records`.execute(db());
      await sql`DROP FUNCTION refuse_settled_bets()`.execute(db());
    }
    const result = (await roundRow('k3_60', round.expect))!.result!;
    const paid = result[0] === result[1] && result[1] === result[2] ? 0 : 5000 * 1.96;
    // told and paid, the records still as the order wrote them, the round not yet settled
    expect(told).toContain(m.id);
    expect(await memberBalanceFen(db(), m.id)).toBe(paid);
    const records = () => db().selectFrom('bet_records').select(['status', 'counted']).where('member_id', '=', m.id).execute();
    expect(await records()).toEqual([
      { status: BET_STATUS.unsettled, counted: false },
      { status: BET_STATUS.unsettled, counted: false },
    ]);
    expect((await roundRow('k3_60', round.expect))!.settled_at).toBeNull();
    // the next pass writes them, and only them
    const told2: number[] = [];
    await lotteryPass(db(), round.drawAtMs + 1000, undefined, { settled: (e) => told2.push(e.memberId) });
    expect(told2).not.toContain(m.id);
    expect(await memberBalanceFen(db(), m.id)).toBe(paid);
    expect(await records()).toEqual([
      { status: BET_STATUS.settled, counted: true },
      { status: BET_STATUS.settled, counted: true },
    ]);
    expect((await roundRow('k3_60', round.expect))!.settled_at).not.toBeNull();
  });
});

describe('a restart during a round', () => {
  it('an instance stopped after taking bets: the next one to start draws and settles the round at once, exactly once', async () => {
    const t = openRound(K3);
    const round = roundAt(K3, t);
    const first = await attachServer(s, { lotteryTickMs: 0 });
    first.app.lottery.now = () => t;
    await lotteryPass(s.db.kysely, t); // the round is committed before it opens
    const m = await member(100);
    const order = await first.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: [{ id: 'k3_big', total: 60 }, { id: 'k3_small', total: 40 }] }, { token: m.token });
    expect(order.code).toBe(200);
    await first.close(); // stopped mid-round, before its draw

    // The next instance starts an hour after the draw time, with its scheduler on.
    const later = round.drawAtMs + 3_600_000;
    const next = await attachServer(s, { lotteryTickMs: 50 });
    next.app.lottery.now = () => later;
    try {
      let row = await roundRow('k3_60', round.expect);
      for (let i = 0; i < 200 && !row?.settled_at; i++) {
        await new Promise((r) => setTimeout(r, 50));
        row = await roundRow('k3_60', round.expect);
      }
      expect(row?.settled_at).not.toBeNull();
      const dice = row!.result!;
      const sum = dice[0]! + dice[1]! + dice[2]!;
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      const expected = triple ? 0 : sum >= 11 ? 6000 * 1.96 : 4000 * 1.96;
      expect(await memberBalanceFen(db(), m.id)).toBe(expected);
      // more passes of the running instance (and one of another) pay nothing twice
      await new Promise((r) => setTimeout(r, 300));
      await pass(later + 1000);
      expect(await memberBalanceFen(db(), m.id)).toBe(expected);
      const lines = await db().selectFrom('lottery_orders').select(['status', 'payout_fen']).where('order_no', '=', order.data.order_no).orderBy('line').execute();
      expect(lines.every((l) => l.status === BET_STATUS.settled)).toBe(true);
      expect(lines.reduce((a, l) => a + Number(l.payout_fen), 0)).toBe(expected);
    } finally {
      await next.close();
    }
  });
});

describe('the scheduled job', () => {
  it('runs the pass by itself every LOTTERY_TICK_MS (with the advisory lock on PostgreSQL)', async () => {
    const other = await startServer({ lotteryTickMs: 50 });
    try {
      const expectNow = roundAt(K3, Date.now()).expect;
      let row;
      for (let i = 0; i < 100 && !row; i++) {
        await new Promise((r) => setTimeout(r, 50));
        row = await other.db.kysely.selectFrom('lottery_rounds').select('commitment').where('lottery', '=', 'k3_60').where('expect', '>=', expectNow).executeTakeFirst();
      }
      expect(row).toBeDefined();
    } finally {
      await other.close();
    }
  });
});
