import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_STAKE_MAX_YUAN, LOTTERY_TYPE, MSG, fmt, LOTTERY_MSG } from '@app/contract';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { attributesOf, drawResult, nextRound, roundAt, verify } from '../src/modules/lottery/engine/index.js';

const K3 = { intervalS: 60, ftimeS: 10 };
/** The seeded 新手房's own stake limits (migration 070_lottery_room_settings); the refusal names them. */
const NOVICE = { min: 1, max: 1000 };
const STAKE_RANGE = fmt(LOTTERY_MSG.lotteryStakeRange, NOVICE);

let s: TestServer;
let nowMs = 0;
let k3Room: number;
let lhcRoom: number;

/** Sets the fake clock and runs one scheduler pass at it. */
async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(s.db.kysely, ms);
}
/** A time 5 s into a fresh 快三 round (betting open, timeout 55). */
function openK3(): number {
  const next = nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs)));
  return next.opensAtMs + 5000;
}
const expectAt = (ms: number) => roundAt(K3, ms).expect;

async function member(yuan: number) {
  const { token } = await registerMember(s);
  const id = await memberIdOf(s, token);
  if (yuan > 0) await fund(s, id, yuan);
  return { token, id };
}
const order = (token: string, body: unknown) => s.api('/api/lotteryOrder', body, { token });

beforeAll(async () => {
  s = await startServer({ lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  await at(openK3());
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
  lhcRoom = (await s.api('/api/lotteryRoom', { name: 'lhc_180' })).data[0].id;
});
afterAll(() => s.close());

describe('lottery list and rooms', () => {
  it('lotteryList answers the enabled lotteries', async () => {
    const r = await s.api('/api/lotteryList');
    expect(r.code).toBe(200);
    expect(r.data).toEqual([
      { name: 'k3_60', title: '极速快三', type: LOTTERY_TYPE.dice, icon: '' },
      { name: 'lhc_180', title: '极速六合彩', type: LOTTERY_TYPE.sixBall, icon: '' },
    ]);
  });

  it('lotteryRoom {name} answers the rooms of a lottery, [] for an unknown one', async () => {
    const r = await s.api('/api/lotteryRoom', { name: 'k3_60' });
    expect(r.data.map((x: { title: string }) => x.title)).toEqual(['新手房', '高手房', 'VIP房']);
    expect(r.data[0]).toEqual({ id: expect.any(Number), title: '新手房', lottery: { title: '极速快三' }, online: 0, limits: NOVICE });
    expect((await s.api('/api/lotteryRoom', { name: 'nope' })).data).toEqual([]);
    expect((await s.api('/api/lotteryRoom', {})).data).toEqual([]);
  });

  it('the lottery venue is not listed among the transfer venues', async () => {
    const { token } = await member(0);
    const r = await s.api('/api/balancelist', {}, { token });
    expect(r.data.map((v: { platname: string }) => v.platname)).not.toContain('lottery');
  });
});

describe('GET /api/lotteryRoom', () => {
  it('answers a visitor too (watching needs no login), the same room as a member sees', async () => {
    const { token } = await member(0);
    const visitor = await s.api(`/api/lotteryRoom?room_id=${k3Room}`, undefined, { method: 'GET' });
    expect(visitor.code).toBe(200);
    const seen = await s.api(`/api/lotteryRoom?room_id=${k3Room}`, undefined, { method: 'GET', token });
    expect(Object.keys(visitor.data).sort()).toEqual(Object.keys(seen.data).sort());
    expect(visitor.data.lottery.nowdata).toEqual(seen.data.lottery.nowdata);
  });

  it('answers the room, its clock with the open round commitment, the playbox and chatdata', async () => {
    const t = openK3();
    await at(t);
    const { token } = await member(0);
    const r = await s.api(`/api/lotteryRoom?room_id=${k3Room}`, undefined, { method: 'GET', token });
    expect(r.code).toBe(200);
    const round = roundAt(K3, t);
    expect(r.data).toMatchObject({ title: '新手房', ftime: 10, chatdata: [], lottery: { title: '极速快三', type: 2 }, limits: NOVICE });
    expect(r.data.lottery.nowdata).toMatchObject({ nextexpect: round.expect, timeout: 55 });
    const row = await s.db.kysely.selectFrom('lottery_rounds').selectAll().where('lottery', '=', 'k3_60').where('expect', '=', round.expect).executeTakeFirstOrThrow();
    expect(r.data.lottery.nowdata.commitment).toBe(row.commitment);
    expect(JSON.stringify(r.data)).not.toContain(row.seed); // the open round's seed stays secret
    expect(r.data.playbox.map((g: { name: string }) => g.name)).toEqual([LOTTERY_MSG.lotteryGroupDiceSides, LOTTERY_MSG.lotteryGroupDiceSum, LOTTERY_MSG.lotteryGroupDiceTriple]);
    expect(r.data.playbox[0].childrens[0]).toEqual({ id: 'k3_big', playtitle: '大', odds: 1.96 });
  });

  it('lists past results with revealed seeds that verify against their commitments', async () => {
    const t = openK3();
    await at(t);
    const drawnExpect = roundAt(K3, t).expect;
    await at(t + 60_000); // the round drew at t + 55 s
    const { token } = await member(0);
    const r = await s.api(`/api/lotteryRoom?room_id=${k3Room}`, undefined, { method: 'GET', token });
    const first = r.data.lottery.openlist[0];
    expect(first.expect).toBe(drawnExpect);
    expect(verify(first.commitment, first.seed)).toBe(true);
    const numbers = drawResult(LOTTERY_TYPE.dice, 'k3_60', drawnExpect, first.seed);
    expect(first.extend).toEqual({ numbers, ...attributesOf(LOTTERY_TYPE.dice, numbers) });
    expect(first.opentime2).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    expect(r.data.lottery.nowdata.expect).toBe(drawnExpect);
    expect(r.data.lottery.nowdata.last).toEqual({ expect: drawnExpect, extend: first.extend });
  });

  it('answers 房间不存在 for an unknown room and a plain 400 for a bad id', async () => {
    const { token } = await member(0);
    expect(await s.api('/api/lotteryRoom?room_id=999999', undefined, { method: 'GET', token })).toMatchObject({ code: 400, message: LOTTERY_MSG.lotteryRoomMissing });
    expect((await s.api('/api/lotteryRoom?room_id=abc', undefined, { method: 'GET', token })).code).toBe(400);
  });
});

describe('POST /api/lotteryOrder', () => {
  it('takes an order: one journal, odds from the server (forged odds ignored), 投注成功', async () => {
    const t = openK3();
    await at(t);
    const m = await member(100);
    const r = await order(m.token, { room_id: k3Room, expect: expectAt(t), odds: 99, order: [{ id: 'k3_big', total: 10, data: { odds: 99 }, odds: 99 }, { id: 'k3_sum_10', total: '2.50', data: '' }] });
    expect(r).toMatchObject({ code: 200, message: LOTTERY_MSG.lotteryBetOk });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(10000 - 1250);
    const rows = await s.db.kysely.selectFrom('lottery_orders').selectAll().where('member_id', '=', m.id).orderBy('line').execute();
    expect(rows.map((o) => [o.play_id, o.odds_cents, o.stake_fen, o.status])).toEqual([
      ['k3_big', 196, 1000, 2],
      ['k3_sum_10', 760, 250, 2],
    ]);
    expect(new Set(rows.map((o) => o.stake_journal_id)).size).toBe(1);
    const bets = await s.db.kysely.selectFrom('bet_records').selectAll().where('member_id', '=', m.id).execute();
    expect(bets.map((b) => [b.venue, b.category, b.status, b.counted])).toEqual([
      ['lottery', 'lottery', 2, false],
      ['lottery', 'lottery', 2, false],
    ]);
    const list = await s.api('/api/betrecord', { date: 1 }, { token: m.token });
    expect(list.data.data.map((b: { platname: string; plays: string; status: number; bet_amount: number }) => [b.platname, b.plays, b.status, b.bet_amount]).sort()).toEqual([
      // what each line was on: the round, the play and its odds
      ['彩票', `极速快三 第${expectAt(t)}期 和值 10 @7.6`, 2, 2.5],
      ['彩票', `极速快三 第${expectAt(t)}期 大小单双 大 @1.96`, 2, 10],
    ]);
  });

  it('我的注单 (POST /api/lotteryMyOrders): the member’s own lines in the room’s lottery, newest first, then what each paid once drawn', async () => {
    const t = openK3();
    await at(t);
    const m = await member(100);
    const other = await member(100);
    expect(await order(m.token, { room_id: k3Room, expect: expectAt(t), order: [{ id: 'k3_big', total: 10 }, { id: 'k3_sum_10', total: 2 }] })).toMatchObject({ code: 200 });
    expect(await order(other.token, { room_id: k3Room, expect: expectAt(t), order: [{ id: 'k3_small', total: 5 }] })).toMatchObject({ code: 200 });
    const mine = (token: string, body: Record<string, unknown> = { room_id: k3Room }) => s.api('/api/lotteryMyOrders', body, { token });

    const open = await mine(m.token);
    expect(open).toMatchObject({ code: 200, data: { total: 2, current_page: 1, last_page: 1 } });
    expect(open.data.data.map((o: { play: string; stake: number; odds: number; status_text: string; payout: number }) => [o.play, o.stake, o.odds, o.status_text, o.payout]).sort()).toEqual([
      ['和值 10', 2, 7.6, '未结算', 0],
      ['大小单双 大', 10, 1.96, '未结算', 0],
    ]);
    expect(open.data.data[0]).toMatchObject({ expect: expectAt(t), order_no: expect.any(String), created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    // drawn and settled: each line says what it paid, as the ledger did
    await at(t + 120_000);
    const drawn = await mine(m.token);
    const rows = await s.db.kysely.selectFrom('lottery_orders').select(['play_id', 'payout_fen', 'stake_fen']).where('member_id', '=', m.id).execute();
    for (const o of drawn.data.data as Array<{ play: string; status_text: string; payout: number; win_loss: number }>) {
      const row = rows.find((r) => (o.play === '大小单双 大' ? r.play_id === 'k3_big' : r.play_id === 'k3_sum_10'))!;
      expect(o).toMatchObject({ status_text: '已结算', payout: row.payout_fen / 100, win_loss: (row.payout_fen - row.stake_fen) / 100 });
    }
    // only the caller's lines, whatever room is sent; a 六合彩 room lists that lottery's (none); bad input
    expect((await mine(other.token)).data.data.map((o: { play: string }) => o.play)).toEqual(['大小单双 小']);
    expect((await mine(m.token, { room_id: lhcRoom })).data.total).toBe(0);
    expect(await mine(m.token, { room_id: 999999 })).toMatchObject({ code: 400, message: LOTTERY_MSG.lotteryRoomMissing });
    expect((await mine(m.token, { room_id: 'abc' })).code).toBe(400);
    expect(await s.api('/api/lotteryMyOrders', { room_id: k3Room })).toMatchObject({ code: 401 });
  });

  it('lets the trial account bet with its demo money', async () => {
    const t = openK3();
    await at(t);
    const g = await s.api('/api/guestlogin');
    const r = await order(g.data.api_token, { room_id: k3Room, expect: expectAt(t), order: [{ id: 'k3_odd', total: 10 }] });
    expect(r).toMatchObject({ code: 200, message: LOTTERY_MSG.lotteryBetOk });
  });

  it('refuses in order: wrong expect, closed round, empty order, unknown play, stake out of range, above balance', async () => {
    const t = openK3();
    await at(t);
    const m = await member(50);
    const exp = expectAt(t);
    const line = { id: 'k3_big', total: 10 };
    const refuse = async (body: unknown, message: string) => expect(await order(m.token, body)).toMatchObject({ code: 400, message });
    await refuse({ room_id: k3Room, expect: nextRound(K3, roundAt(K3, t)).expect, order: [line] }, LOTTERY_MSG.lotteryExpectWrong);
    await refuse({ room_id: k3Room, expect: '202001010001', order: [line] }, LOTTERY_MSG.lotteryExpectWrong);
    await refuse({ room_id: k3Room, expect: 'x', order: [] }, LOTTERY_MSG.lotteryExpectWrong);
    await refuse({ room_id: 999999, expect: exp, order: [line] }, LOTTERY_MSG.lotteryRoomMissing);
    await refuse({ room_id: k3Room, expect: exp, order: [] }, MSG.gameBetEmpty);
    await refuse({ room_id: k3Room, expect: exp }, MSG.gameBetEmpty);
    await refuse({ room_id: k3Room, expect: exp, order: [line, { id: 'lhc_te_01', total: 10 }] }, MSG.gameBetOption);
    await refuse({ room_id: k3Room, expect: exp, order: [{ id: 'nope', total: 10 }] }, MSG.gameBetOption);
    for (const total of [0, -5, 0.5, 0.99, '1.234', 'abc', NOVICE.max + 0.01, LOTTERY_STAKE_MAX_YUAN + 1]) await refuse({ room_id: k3Room, expect: exp, order: [{ id: 'k3_big', total }] }, STAKE_RANGE);
    await refuse({ room_id: k3Room, expect: exp, order: [{ id: 'k3_big', total: 30 }, { id: 'k3_small', total: 30 }] }, MSG.insufficientBalance);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(5000);
    // 封盘: at ftime and below
    nowMs = roundAt(K3, t).drawAtMs - 10_000;
    await refuse({ room_id: k3Room, expect: exp, order: [line] }, LOTTERY_MSG.lotteryClosed);
    nowMs = roundAt(K3, t).drawAtMs - 1;
    await refuse({ room_id: k3Room, expect: exp, order: [line] }, LOTTERY_MSG.lotteryClosed);
    nowMs = roundAt(K3, t).drawAtMs - 10_001;
    expect((await order(m.token, { room_id: k3Room, expect: exp, order: [line] })).code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(4000);
    expect(await s.db.kysely.selectFrom('lottery_orders').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
  });

  it('answers 封盘中禁止投注 when the round has no committed row (scheduler not run)', async () => {
    const t = openK3() + 600_000; // ten rounds ahead: no rows yet
    nowMs = t;
    const m = await member(50);
    expect(await order(m.token, { room_id: k3Room, expect: expectAt(t), order: [{ id: 'k3_big', total: 10 }] })).toMatchObject({ code: 400, message: LOTTERY_MSG.lotteryClosed });
    await at(t);
  });

  it('needs a member', async () => {
    expect((await s.api('/api/lotteryOrder', { room_id: k3Room, order: [] })).code).toBe(401);
  });

  it('concurrent orders at one wallet never take it below zero', async () => {
    const t = openK3();
    await at(t);
    const m = await member(100);
    const rs = await Promise.all(Array.from({ length: 12 }, () => order(m.token, { room_id: k3Room, expect: expectAt(t), order: [{ id: 'k3_big', total: 20 }] })));
    expect(rs.filter((r) => r.code === 200)).toHaveLength(5);
    expect(rs.filter((r) => r.code !== 200).every((r) => r.message === MSG.insufficientBalance)).toBe(true);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(0);
  });

  it('takes a 六合彩 order on its own 3-minute schedule', async () => {
    const LHC = { intervalS: 180, ftimeS: 30 };
    const t = nextRound(LHC, roundAt(LHC, nowMs)).opensAtMs + 1000;
    await at(t);
    const m = await member(100);
    const r = await order(m.token, { room_id: lhcRoom, expect: roundAt(LHC, t).expect, order: [{ id: 'lhc_te_49', total: 10 }, { id: 'lhc_tm_big', total: 10 }, { id: 'lhc_zm_07', total: 10 }] });
    expect(r.code).toBe(200);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(7000);
  });
});
