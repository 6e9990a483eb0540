import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, LOTTERY_TYPE, MSG } from '@app/contract';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { commitmentOf, drawResult, newSeed, nextRound, roundAt, type LotterySchedule } from '../src/modules/lottery/engine/index.js';
import { PAY_PASSWORD, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin, type Staff } from './admin-support.js';

// The in-house lottery counts the stake at risk (contract netRoundLines): a member's 大 and 小 (单 and
// 双) of one round count only their difference, in one order or in several; a 49 push counts 0.
const K3: LotterySchedule = { intervalS: 60, ftimeS: 10 };
const LHC: LotterySchedule = { intervalS: 180, ftimeS: 30 };
const BANK_NO = '6222021234567890';

let s: TestServer;
let finance: Staff;
let nowMs = 0;
let k3Room: number;
let lhcRoom: number;

async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(s.db.kysely, ms);
}
/** A time 5 s into a fresh round of the schedule, past every time used so far. */
function openRound(sched: LotterySchedule): number {
  return nextRound(sched, roundAt(sched, Math.max(Date.now(), nowMs))).opensAtMs + 5000;
}

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  finance = await newStaff(s, await staffLogin(s, 'admin', ADMIN_PASSWORD), 'finance');
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  lhcRoom = (await s.api('/api/lotteryRoom', { name: 'lhc_180' })).data[0].id;
});
afterAll(() => s.close());

/** A member with a bank card whose deposit of `yuan` staff approved (1× turnover requirement). */
async function depositor(yuan: number) {
  const m = await registerMember(s);
  const id = await memberIdOf(s, m.token);
  expect((await s.api('/api/bindcard', { bank_owner: '张三', bank: '中国工商银行', bank_address: '北京分行', bank_no: BANK_NO, pay_pass: PAY_PASSWORD }, { token: m.token })).code).toBe(200);
  const [card] = (await s.api('/api/getcard', { type: 1 }, { token: m.token })).data;
  const r = await s.api('/api/recharge', { paytype: 'alipay', amount: yuan }, { token: m.token });
  const dep = await s.db.kysely.selectFrom('deposits').select('id').where('deposit_no', '=', r.data.deposit_no).executeTakeFirstOrThrow();
  expect((await adminCall(s, finance.token, 'POST', `/deposits/${dep.id}/approve`)).code).toBe(200);
  return { id, token: m.token, card: card.id as number };
}
const requirement = async (token: string): Promise<number> => (await s.api('/api/getBetAmount', {}, { token })).data.bet_amount;
const order = (token: string, room: number, expect_: string, lines: Array<[string, number]>) =>
  s.api('/api/lotteryOrder', { room_id: room, expect: expect_, order: lines.map(([id, total]) => ({ id, total })) }, { token });
const lines = (memberId: number) => s.db.kysely.selectFrom('lottery_orders').select(['play_id', 'stake_fen', 'valid_fen', 'hedged_fen']).where('member_id', '=', memberId).orderBy('order_no').orderBy('line').execute();

describe('both sides of one 快三 round', () => {
  it('大 and 小 in one order, 单 and 双 in two orders: the requirement stays, the withdrawal is refused with it', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const m = await depositor(1000);
    expect((await order(m.token, k3Room, round.expect, [['k3_big', 200], ['k3_small', 200]])).code).toBe(200);
    expect((await order(m.token, k3Room, round.expect, [['k3_odd', 150]])).code).toBe(200);
    expect((await order(m.token, k3Room, round.expect, [['k3_even', 150]])).code).toBe(200);
    await at(round.drawAtMs);
    const byPlay = <T extends { play_id: string }>(rows: T[]) => [...rows].sort((x, y) => x.play_id.localeCompare(y.play_id));
    expect(byPlay(await lines(m.id))).toEqual(
      byPlay([
        { play_id: 'k3_big', stake_fen: 200_00, valid_fen: 0, hedged_fen: 200_00 },
        { play_id: 'k3_small', stake_fen: 200_00, valid_fen: 0, hedged_fen: 200_00 },
        { play_id: 'k3_odd', stake_fen: 150_00, valid_fen: 0, hedged_fen: 150_00 },
        { play_id: 'k3_even', stake_fen: 150_00, valid_fen: 0, hedged_fen: 150_00 },
      ]),
    );
    expect(await requirement(m.token)).toBe(1000);
    const records = await s.db.kysely.selectFrom('bet_records').select(['valid_fen', 'hedged_fen', 'counted']).where('member_id', '=', m.id).execute();
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.valid_fen === 0 && r.hedged_fen > 0 && r.counted)).toBe(true);
    expect(await s.api('/api/withdraw', { amount: 100, bank: m.card, password: PAY_PASSWORD }, { token: m.token })).toMatchObject({ code: 400, message: fmt(MSG.withdrawTurnover, { amount: '1,000.00' }) });
  });

  it('unequal sides count their difference, one side and other plays count in full, members apart', async () => {
    const t = openRound(K3);
    await at(t);
    const round = roundAt(K3, t);
    const a = await depositor(1000);
    const b = await depositor(1000);
    expect((await order(a.token, k3Room, round.expect, [['k3_big', 300], ['k3_sum_10', 50]])).code).toBe(200);
    expect((await order(a.token, k3Room, round.expect, [['k3_small', 100]])).code).toBe(200);
    // another member's 小 does not offset a's 大
    expect((await order(b.token, k3Room, round.expect, [['k3_small', 300]])).code).toBe(200);
    await at(round.drawAtMs);
    expect(await requirement(a.token)).toBe(1000 - 200 - 50);
    expect(await requirement(b.token)).toBe(1000 - 300);
  });
});

describe('特码两面 of one 六合彩 round', () => {
  it('大 and 小 on a special 49 push: 0; 单 alone on 49: 0; 大 300 against 小 100 otherwise: 200', async () => {
    const t = openRound(LHC);
    await at(t);
    const round = roundAt(LHC, t);
    let seed = newSeed();
    while (drawResult(LOTTERY_TYPE.sixBall, 'lhc_180', round.expect, seed)[6] !== 49) seed = newSeed();
    await s.db.kysely.updateTable('lottery_rounds').set({ seed, commitment: commitmentOf(seed) }).where('lottery', '=', 'lhc_180').where('expect', '=', round.expect).execute();
    const m = await depositor(1000);
    expect((await order(m.token, lhcRoom, round.expect, [['lhc_tm_big', 300], ['lhc_tm_small', 100], ['lhc_tm_odd', 100]])).code).toBe(200);
    await at(round.drawAtMs);
    expect(await lines(m.id)).toEqual([
      { play_id: 'lhc_tm_big', stake_fen: 300_00, valid_fen: 0, hedged_fen: 100_00 },
      { play_id: 'lhc_tm_small', stake_fen: 100_00, valid_fen: 0, hedged_fen: 100_00 },
      { play_id: 'lhc_tm_odd', stake_fen: 100_00, valid_fen: 0, hedged_fen: 0 },
    ]);
    expect(await requirement(m.token)).toBe(1000);

    const t2 = openRound(LHC);
    await at(t2);
    const next = roundAt(LHC, t2);
    let seed2 = newSeed();
    while (drawResult(LOTTERY_TYPE.sixBall, 'lhc_180', next.expect, seed2)[6] === 49) seed2 = newSeed();
    await s.db.kysely.updateTable('lottery_rounds').set({ seed: seed2, commitment: commitmentOf(seed2) }).where('lottery', '=', 'lhc_180').where('expect', '=', next.expect).execute();
    expect((await order(m.token, lhcRoom, next.expect, [['lhc_tm_big', 300], ['lhc_tm_small', 100]])).code).toBe(200);
    await at(next.drawAtMs);
    expect(await requirement(m.token)).toBe(800);
  });
});
