import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmt, MSG, type AdminLotteryRow, ADMIN_MSG, LOTTERY_MSG } from '@app/contract';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, auditRows, newStaff, staffLogin, type Staff } from './admin-support.js';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { DICE_SUM_WAYS, nextRound, roundAt } from '../src/modules/lottery/engine/index.js';

const K3 = { intervalS: 60, ftimeS: 10 };

let s: TestServer;
let admin: string;
let finance: Staff;
let operations: Staff;
let support: Staff;
let k3Room: number;
let nowMs = 0;

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  admin = await staffLogin(s, 'admin', ADMIN_PASSWORD);
  finance = await newStaff(s, admin, 'finance');
  operations = await newStaff(s, admin, 'operations');
  support = await newStaff(s, admin, 'support');
  k3Room = (await s.api('/api/lotteryRoom', { name: 'k3_60' })).data[0].id;
});
afterAll(() => s.close());

const as = (who: Staff | string) => (typeof who === 'string' ? who : who.token);
const lotteries = async (who: Staff | string = support) => (await adminCall<AdminLotteryRow[]>(s, as(who), 'GET', '/lotteries')).data;
const setOdds = (who: Staff | string, code: string, odds: unknown) => adminCall<AdminLotteryRow>(s, as(who), 'POST', `/lotteries/${code}/odds`, { odds });
const storedOdds = async (code: string) => (await s.db.kysely.selectFrom('lotteries').select('odds').where('code', '=', code).executeTakeFirstOrThrow()).odds;
const playOf = (row: AdminLotteryRow, id: string) => row.plays.find((p) => p.id === id)!;

/** Sets the fake clock and runs one scheduler pass at it. */
async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(s.db.kysely, ms);
}
/** A time 5 s into a fresh 快三 round (betting open). */
const openK3 = () => nextRound(K3, roundAt(K3, Math.max(Date.now(), nowMs))).opensAtMs + 5000;

describe('GET /admin/api/lotteries', () => {
  it('lists each lottery with its schedule and every play: group, title, odds and exact RTP', async () => {
    const rows = await lotteries();
    expect(rows.map((l) => [l.code, l.title, l.type, l.interval_s, l.ftime_s, l.enabled])).toEqual([
      ['k3_60', '极速快三', 2, 60, 10, true],
      ['lhc_180', '极速六合彩', 1, 180, 30, true],
    ]);
    const [k3, lhc] = rows;
    expect(k3!.rooms.map((r) => [r.title, r.enabled])).toEqual([['新手房', true], ['高手房', true], ['VIP房', true]]);
    expect(k3!.rooms[0]!.id).toBe(k3Room);
    expect(lhc!.rooms).toHaveLength(3);
    expect(k3!.plays).toHaveLength(4 + 16 + 1);
    // 特码, 两面, 正码, 生肖's two prices (the year's own animal, the others), 10 尾数, 二全中 and 三全中
    expect(lhc!.plays).toHaveLength(49 + 4 + 49 + 2 + 10 + 2);
    // 大 wins on 105 of 216 throws (triples lose): 105 × 1.96 / 216.
    expect(k3!.plays[0]).toEqual({ id: 'k3_big', group: LOTTERY_MSG.lotteryGroupDiceSides, playtitle: '大', odds: 1.96, rtp: (105 * 196) / 21600 });
    expect(playOf(k3!, 'k3_sum_10')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupDiceSum, playtitle: '10', odds: 7.6, rtp: (27 * 760) / 21600 });
    expect(playOf(k3!, 'k3_triple')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupDiceTriple, odds: 34, rtp: (6 * 3400) / 21600 });
    // 特码两面: 24 of 49 win, 49 returns the stake.
    expect(playOf(lhc!, 'lhc_tm_big')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupSpecialSides, playtitle: '特大', odds: 1.96, rtp: (24 * 196 + 100) / 4900 });
    expect(playOf(lhc!, 'lhc_te_07')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupSpecial, playtitle: '07', odds: 47, rtp: 4700 / 4900 });
    expect(playOf(lhc!, 'lhc_zm_49')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupRegular, odds: 7.9, rtp: (6 * 790) / 4900 });
    expect(playOf(lhc!, 'lhc_sx_year')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupZodiac, playtitle: LOTTERY_MSG.lotteryZodiacYear, odds: 9.4, rtp: (5 * 940) / 4900 });
    expect(playOf(lhc!, 'lhc_sx_other')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupZodiac, playtitle: LOTTERY_MSG.lotteryZodiacOther, odds: 11.75, rtp: (4 * 1175) / 4900 });
    expect(playOf(lhc!, 'lhc_ws_0')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupTail, playtitle: '0尾', odds: 11.75, rtp: (4 * 1175) / 4900 });
    expect(playOf(lhc!, 'lhc_ws_9')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupTail, playtitle: '9尾', odds: 9.4, rtp: (5 * 940) / 4900 });
    expect(playOf(lhc!, 'lhc_lm_2')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupLinked, playtitle: '二全中', odds: 75, rtp: (15 * 7500) / (1176 * 100) });
    expect(playOf(lhc!, 'lhc_lm_3')).toMatchObject({ group: LOTTERY_MSG.lotteryGroupLinked, playtitle: '三全中', odds: 880, rtp: (20 * 88000) / (18424 * 100) });
    for (const p of [...k3!.plays, ...lhc!.plays]) expect(p.rtp, p.id).toBeGreaterThanOrEqual(0.9), expect(p.rtp, p.id).toBeLessThanOrEqual(0.99);
  });
});

describe('who may read and edit odds', () => {
  it('support may read but not edit; finance may do neither (无权执行此操作)', async () => {
    expect((await adminCall(s, support.token, 'GET', '/lotteries')).code).toBe(200);
    expect(await setOdds(support, 'k3_60', { k3_big: 1.97 })).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await adminCall(s, finance.token, 'GET', '/lotteries')).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await setOdds(finance, 'k3_60', { k3_big: 1.97 })).toMatchObject({ code: 403, message: MSG.forbidden });
    expect((await storedOdds('k3_60')).k3_big).toBe(1.96);
    expect(await auditRows(s, 'lottery.odds', 'lottery:k3_60')).toHaveLength(0);
  });

  it('operations edits one play: 保存成功, the rest kept, the new RTP answered, audited with before/after', async () => {
    const r = await setOdds(operations, 'k3_60', { k3_big: 1.97 });
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.saved, data: { code: 'k3_60' } });
    expect(playOf(r.data, 'k3_big')).toMatchObject({ odds: 1.97, rtp: (105 * 197) / 21600 });
    expect(playOf(r.data, 'k3_small')).toMatchObject({ odds: 1.96 });
    const stored = await storedOdds('k3_60');
    expect(stored).toMatchObject({ k3_big: 1.97, k3_small: 1.96, k3_sum_03: 205.2, k3_triple: 34 });
    expect(Object.keys(stored)).toHaveLength(21);
    const audit = await auditRows(s, 'lottery.odds', 'lottery:k3_60');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: operations.id, staff_name: operations.username, before: { k3_big: 1.96 }, after: { k3_big: 1.97 } });
    expect(playOf((await lotteries())[0]!, 'k3_big').odds).toBe(1.97);
  });

  it('super edits a whole table at once', async () => {
    const table = Object.fromEntries((await lotteries())[1]!.plays.map((p) => [p.id, p.id.startsWith('lhc_te_') ? 48 : p.odds]));
    const r = await setOdds(admin, 'lhc_180', table);
    expect(r).toMatchObject({ code: 200, message: ADMIN_MSG.saved });
    expect(r.data.plays.filter((p) => p.id.startsWith('lhc_te_')).every((p) => p.odds === 48 && p.rtp === 4800 / 4900)).toBe(true);
    expect(playOf(r.data, 'lhc_zm_01').odds).toBe(7.9);
    const [audit] = await auditRows(s, 'lottery.odds', 'lottery:lhc_180');
    expect(Object.keys(audit!.before as object)).toHaveLength(49);
    expect(audit).toMatchObject({ staff_name: 'admin', before: { lhc_te_01: 47, lhc_te_49: 47 }, after: { lhc_te_01: 48, lhc_te_49: 48 } });
  });

  it('a save that changes nothing answers 保存成功 and writes no audit row', async () => {
    const before = await auditRows(s, 'lottery.odds', 'lottery:k3_60');
    expect(await setOdds(operations, 'k3_60', { k3_big: 1.97 })).toMatchObject({ code: 200, message: ADMIN_MSG.saved });
    expect(await setOdds(operations, 'k3_60', {})).toMatchObject({ code: 200, message: ADMIN_MSG.saved });
    expect(await auditRows(s, 'lottery.odds', 'lottery:k3_60')).toHaveLength(before.length);
  });
});

describe('odds the engine refuses', () => {
  const rtpRefusal = (play: string, rtp: string) => fmt(LOTTERY_MSG.lotteryOddsRtp, { play, rtp });
  const cases: [string, Record<string, unknown>, string][] = [
    ['an RTP above 99%', { k3_big: 2.04 }, rtpRefusal('k3_big', '99.17')],
    ['an RTP above 100%', { k3_small: 2.1 }, rtpRefusal('k3_small', '102.08')],
    ['an RTP below 90%', { k3_odd: 1.85 }, rtpRefusal('k3_odd', '89.93')],
    ['odds of 1', { k3_big: 1 }, fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: 'k3_big' })],
    ['three decimals', { k3_big: 1.955 }, fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: 'k3_big' })],
    ['odds as text', { k3_big: '1.97' }, fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: 'k3_big' })],
    ['no odds', { k3_big: null }, fmt(LOTTERY_MSG.lotteryOddsInvalid, { play: 'k3_big' })],
    ['an unknown play', { nope: 2 }, fmt(LOTTERY_MSG.lotteryOddsUnknown, { play: 'nope' })],
    ['a play of the other lottery type', { lhc_te_01: 47 }, fmt(LOTTERY_MSG.lotteryOddsUnknown, { play: 'lhc_te_01' })],
    ['one bad play among good ones', { k3_big: 1.9, k3_sum_10: 7.7, k3_triple: 40 }, rtpRefusal('k3_triple', '111.11')],
  ];
  it.each(cases)('refuses %s with the engine’s message and changes nothing', async (_, odds, message) => {
    const before = await storedOdds('k3_60');
    const audits = (await auditRows(s, 'lottery.odds', 'lottery:k3_60')).length;
    expect(await setOdds(operations, 'k3_60', odds)).toMatchObject({ code: 400, message, data: null });
    expect(await storedOdds('k3_60')).toEqual(before);
    expect(await auditRows(s, 'lottery.odds', 'lottery:k3_60')).toHaveLength(audits);
  });

  it('accepts the edges just inside 90% and 99%', async () => {
    expect(await setOdds(operations, 'k3_60', { k3_odd: 1.86, k3_even: 2.03 })).toMatchObject({ code: 200 });
    const row = (await lotteries())[0]!;
    expect(playOf(row, 'k3_odd')).toMatchObject({ odds: 1.86, rtp: (105 * 186) / 21600 });
    expect(playOf(row, 'k3_even')).toMatchObject({ odds: 2.03, rtp: (105 * 203) / 21600 });
    expect(await setOdds(operations, 'k3_60', { k3_odd: 1.96, k3_even: 1.96 })).toMatchObject({ code: 200 });
  });

  it('answers 彩种不存在 for an unknown lottery and a plain 400 without an odds map', async () => {
    expect(await setOdds(operations, 'nope', { k3_big: 1.97 })).toMatchObject({ code: 404, message: LOTTERY_MSG.lotteryMissing });
    expect((await adminCall(s, operations.token, 'POST', '/lotteries/k3_60/odds', {})).code).toBe(400);
    expect((await setOdds(operations, 'k3_60', [1.97])).code).toBe(400);
    expect((await setOdds(operations, 'k3_60', 'k3_big=1.97')).code).toBe(400);
  });
});

describe('new odds reach the room and new orders only', () => {
  it('the playbox of GET /api/lotteryRoom shows the new odds', async () => {
    const { token } = await registerMember(s);
    const box = async () => (await s.api(`/api/lotteryRoom?room_id=${k3Room}`, undefined, { method: 'GET', token })).data.playbox;
    expect(await setOdds(operations, 'k3_60', { k3_small: 1.95 })).toMatchObject({ code: 200 });
    expect((await box())[0].childrens.find((c: { id: string }) => c.id === 'k3_small')).toEqual({ id: 'k3_small', playtitle: '小', odds: 1.95 });
    expect(await setOdds(operations, 'k3_60', { k3_small: 1.96 })).toMatchObject({ code: 200 });
    expect((await box())[0].childrens.find((c: { id: string }) => c.id === 'k3_small').odds).toBe(1.96);
  });

  it('an order keeps the odds it was placed at: the same round settles old and new orders at their own odds', async () => {
    const t = openK3();
    await at(t);
    const round = roundAt(K3, t);
    const { token } = await registerMember(s);
    const memberId = await memberIdOf(s, token);
    await fund(s, memberId, 400);
    // One line on every 和值: exactly one of them wins whatever the dice show.
    const sums = Array.from({ length: 16 }, (_, i) => `k3_sum_${String(i + 3).padStart(2, '0')}`);
    const place = () => s.api('/api/lotteryOrder', { room_id: k3Room, expect: round.expect, order: sums.map((id) => ({ id, total: 10 })) }, { token });
    const oldOdds = await storedOdds('k3_60');

    const before = await place();
    expect(before.code).toBe(200);
    // ≈ 97% instead of ≈ 95% on every sum.
    const newOdds = Object.fromEntries(sums.map((id) => [id, Math.floor((97 * 216) / DICE_SUM_WAYS[Number(id.slice(-2))]!) / 100]));
    expect(await setOdds(operations, 'k3_60', newOdds)).toMatchObject({ code: 200, message: ADMIN_MSG.saved });
    nowMs = t + 1000;
    const after = await place();
    expect(after.code).toBe(200);

    const lines = (orderNo: string) => s.db.kysely.selectFrom('lottery_orders').selectAll().where('order_no', '=', orderNo).orderBy('line').execute();
    expect((await lines(before.data.order_no)).map((o) => o.odds_cents / 100)).toEqual(sums.map((id) => oldOdds[id]));
    expect((await lines(after.data.order_no)).map((o) => o.odds_cents / 100)).toEqual(sums.map((id) => newOdds[id]));

    await at(round.drawAtMs);
    const drawn = await s.db.kysely.selectFrom('lottery_rounds').select('result').where('lottery', '=', 'k3_60').where('expect', '=', round.expect).executeTakeFirstOrThrow();
    const winner = `k3_sum_${String(drawn.result!.reduce((a, b) => a + b, 0)).padStart(2, '0')}`;
    const paid = async (orderNo: string) => (await lines(orderNo)).filter((o) => o.payout_fen > 0).map((o) => [o.play_id, Number(o.payout_fen)]);
    expect(await paid(before.data.order_no)).toEqual([[winner, Math.round(10 * oldOdds[winner]! * 100)]]);
    expect(await paid(after.data.order_no)).toEqual([[winner, Math.round(10 * newOdds[winner]! * 100)]]);
    expect(await memberBalanceFen(s.db.kysely, memberId)).toBe(40000 - 2 * 16000 + Math.round(10 * (oldOdds[winner]! + newOdds[winner]!) * 100));
  });
});
