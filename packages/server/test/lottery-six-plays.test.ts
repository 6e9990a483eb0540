import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_MSG, MSG, fmt, type PlayboxGroup } from '@app/contract';
import { ZODIAC_ANIMALS, ZODIAC_IDS, lunarYearAt, zodiacOf } from '@app/contract/lottery-plays';
import { fund, memberIdOf, registerMember, startServer, type TestServer } from './harness.js';
import { ADMIN_PASSWORD, adminCall, newStaff, staffLogin } from './admin-support.js';
import { memberBalanceFen } from '../src/modules/ledger/service.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { postBetNotice } from '../src/modules/lottery/chat/service.js';
import { drawResult, nextRound, roundAt, type Round } from '../src/modules/lottery/engine/index.js';

/**
 * 六合彩's 生肖, 尾数 and 连码 over HTTP: the playbox of the round's lunar year, orders
 * with a 连码 line's numbers and the catalogue's messages for bad ones, settlement of each new play for a
 * result known from the round's stored seed (the test reads it, as the draw will), and what 我的注单,
 * 投注记录 and the room's bet notice say about the lines.
 */

const LHC = { intervalS: 180, ftimeS: 30 };
const CODE = 'lhc_180';

let s: TestServer;
let nowMs = 0;
let room: number;

async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(s.db.kysely, ms);
}
/** Opens the next 六合彩 round (at or after `fromMs`) 1 s in; answers it. */
async function openRound(fromMs = Math.max(Date.now(), nowMs)): Promise<Round> {
  const round = nextRound(LHC, roundAt(LHC, fromMs));
  await at(round.opensAtMs + 1000);
  return round;
}
/** The result the round will draw, from its stored seed (the same function the pass uses). */
async function resultOf(round: Round): Promise<number[]> {
  const row = await s.db.kysely.selectFrom('lottery_rounds').select('seed').where('lottery', '=', CODE).where('expect', '=', round.expect).executeTakeFirstOrThrow();
  return drawResult(1, CODE, round.expect, row.seed);
}
async function member(yuan: number) {
  const { token } = await registerMember(s);
  const id = await memberIdOf(s, token);
  if (yuan > 0) await fund(s, id, yuan);
  return { token, id };
}
const order = (token: string, expect: string, lines: unknown[]) => s.api('/api/lotteryOrder', { room_id: room, expect, order: lines }, { token });
const playbox = async (token: string): Promise<PlayboxGroup[]> => (await s.api(`/api/lotteryRoom?room_id=${room}`, undefined, { method: 'GET', token })).data.playbox;
const linesOf = (orderNo: string) => s.db.kysely.selectFrom('lottery_orders').selectAll().where('order_no', '=', orderNo).orderBy('line').execute();
const pad2 = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  s = await startServer({ adminPassword: ADMIN_PASSWORD, lotteryTickMs: 0 });
  s.app.lottery.now = () => nowMs;
  await openRound();
  room = (await s.api('/api/lotteryRoom', { name: CODE })).data[0].id;
});
afterAll(() => s.close());

describe('the 六合彩 playbox', () => {
  it('offers 生肖 with each animal’s numbers of the round’s lunar year, 尾数 with theirs, and 连码 with the count to choose', async () => {
    const round = await openRound();
    const year = lunarYearAt(round.drawAtMs)!;
    const { token } = await member(0);
    const box = await playbox(token);
    expect(box.map((g) => g.name)).toEqual(['特码', '特码两面', '正码', '生肖', '尾数', '连码']);
    const zodiac = box[3]!.childrens;
    expect(zodiac.map((c) => c.playtitle)).toEqual([...ZODIAC_ANIMALS]);
    // the year's own animal holds 01 13 25 37 49 and takes the five-number price; every number once
    const own = zodiac.find((c) => c.playtitle === ZODIAC_ANIMALS[zodiacOf(1, year)])!;
    expect(own).toMatchObject({ nums: [1, 13, 25, 37, 49], odds: 9.4 });
    for (const c of zodiac.filter((z) => z !== own)) expect(c, c.playtitle).toMatchObject({ nums: expect.any(Array), odds: 11.75 }), expect(c.nums).toHaveLength(4);
    expect(zodiac.flatMap((c) => c.nums!).sort((a, b) => a - b)).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect(box[4]!.childrens.map((c) => [c.playtitle, c.odds, c.nums!.length])).toEqual([
      ['0尾', 11.75, 4],
      ...Array.from({ length: 9 }, (_, i) => [`${i + 1}尾`, 9.4, 5]),
    ]);
    expect(box[5]!.childrens).toEqual([
      { id: 'lhc_lm_2', playtitle: '二全中', odds: 75, pick: 2 },
      { id: 'lhc_lm_3', playtitle: '三全中', odds: 880, pick: 3 },
    ]);
  });
});

describe('placing 生肖, 尾数 and 连码 lines', () => {
  it('takes a 连码 line with its numbers (stored ascending) and 生肖 at the price of the round’s year', async () => {
    const round = await openRound();
    const year = lunarYearAt(round.drawAtMs)!;
    const m = await member(100);
    const ownAnimal = `lhc_sx_${ZODIAC_IDS[zodiacOf(1, year)]}`;
    const r = await order(m.token, round.expect, [
      { id: 'lhc_lm_3', total: 2, data: [49, 1, 25] },
      { id: ownAnimal, total: 2, data: '马' },
      { id: 'lhc_ws_0', total: 2 },
    ]);
    expect(r).toMatchObject({ code: 200, message: LOTTERY_MSG.lotteryBetOk });
    const lines = await linesOf(r.data.order_no);
    expect(lines.map((l) => [l.play_id, l.picks, l.odds_cents])).toEqual([
      ['lhc_lm_3', [1, 25, 49], 88000],
      [ownAnimal, null, 940],
      ['lhc_ws_0', null, 1175],
    ]);
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100_00 - 6_00);
  });

  const count2 = fmt(LOTTERY_MSG.lotteryPickCount, { play: LOTTERY_MSG.lotteryLinked2, count: 2 });
  const range = fmt(LOTTERY_MSG.lotteryPickRange, { max: 49 });
  const cases: [string, unknown, string][] = [
    ['no numbers', undefined, count2],
    ['one number', [7], count2],
    ['three numbers for 二全中', [7, 8, 9], count2],
    ['numbers as text', '7,8', count2],
    ['a number above 49', [7, 50], range],
    ['zero', [0, 7], range],
    ['a fraction', [7, 8.5], range],
    ['a repeated number', [7, 7], LOTTERY_MSG.lotteryPickDuplicate],
  ];
  it.each(cases)('refuses a 二全中 line with %s, and takes no money', async (_, data, message) => {
    const round = await openRound(nowMs);
    const m = await member(10);
    expect(await order(m.token, round.expect, [{ id: 'lhc_tm_big', total: 1 }, { id: 'lhc_lm_2', total: 1, data }])).toMatchObject({ code: 400, message, data: null });
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(10_00);
  });

  it('names the rule in the messages: 二全中须选择2个号码, 三全中须选择3个号码, 所选号码须在1至49之间, 所选号码不能重复', async () => {
    const round = await openRound(nowMs);
    const m = await member(10);
    const msg = async (id: string, data: unknown) => (await order(m.token, round.expect, [{ id, total: 1, data }])).message;
    expect(await msg('lhc_lm_2', [1])).toBe('二全中须选择2个号码');
    expect(await msg('lhc_lm_3', [1, 2])).toBe('三全中须选择3个号码');
    expect(await msg('lhc_lm_3', [1, 2, 99])).toBe('所选号码须在1至49之间');
    expect(await msg('lhc_lm_3', [1, 2, 2])).toBe('所选号码不能重复');
    // the animals are plays, their two prices are not
    expect(await msg('lhc_sx_year', undefined)).toBe(MSG.gameBetOption);
  });
});

describe('settling 生肖, 尾数 and 连码', () => {
  it('pays each new play by the drawn result: 我的注单, 投注记录 and the bet notice name the lines', async () => {
    const round = await openRound();
    const year = lunarYearAt(round.drawAtMs)!;
    const result = await resultOf(round);
    const special = result[6]!;
    const regular = result.slice(0, 6);
    const notRegular = Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => !regular.includes(n));
    const keys = ZODIAC_IDS;
    const winAnimal = zodiacOf(special, year);
    const loseAnimal = (winAnimal + 1) % 12;
    const winOdds = zodiacOf(1, year) === winAnimal ? 9.4 : 11.75;
    const loseOdds = zodiacOf(1, year) === loseAnimal ? 9.4 : 11.75;
    const tail = special % 10;
    const tailOdds = tail === 0 ? 11.75 : 9.4;
    const lines = [
      { id: `lhc_sx_${keys[winAnimal]}`, total: 10 },
      { id: `lhc_sx_${keys[loseAnimal]}`, total: 10 },
      { id: `lhc_ws_${tail}`, total: 10 },
      { id: `lhc_ws_${(tail + 1) % 10}`, total: 10 },
      { id: 'lhc_lm_2', total: 10, data: [regular[4], regular[1]] },
      { id: 'lhc_lm_2', total: 10, data: [regular[0], special] }, // the special is no regular ball
      { id: 'lhc_lm_3', total: 1, data: [regular[2], regular[5], regular[3]] },
      { id: 'lhc_lm_3', total: 10, data: [regular[0], regular[1], notRegular[0]] },
    ];
    const m = await member(100);
    const placed = await order(m.token, round.expect, lines);
    expect(placed.code).toBe(200);
    const orderNo = placed.data.order_no as string;

    await at(round.drawAtMs);
    const drawn = await s.db.kysely.selectFrom('lottery_rounds').select(['result', 'settled_at']).where('lottery', '=', CODE).where('expect', '=', round.expect).executeTakeFirstOrThrow();
    expect(drawn.result).toEqual(result);
    expect(drawn.settled_at).not.toBeNull();

    const payouts = [10 * winOdds, 0, 10 * tailOdds, 0, 750, 0, 880, 0].map((y) => Math.round(y * 100));
    const settled = await linesOf(orderNo);
    expect(settled.map((l) => [l.play_id, Number(l.payout_fen), Number(l.valid_fen), l.status])).toEqual(lines.map((l, i) => [l.id, payouts[i], l.total * 100, 1]));
    expect(await memberBalanceFen(s.db.kysely, m.id)).toBe(100_00 - 71_00 + payouts.reduce((a, b) => a + b, 0));
    expect(loseOdds).toBeGreaterThan(1); // the losing animal was priced too (odds taken at placing)
    expect(settled[1]!.odds_cents).toBe(Math.round(loseOdds * 100));

    // 我的注单: what each line was on, 中奖 or not
    const mine = await s.api('/api/lotteryMyOrders', { room_id: room }, { token: m.token });
    const byLine = new Map<number, { play: string; payout: number; win_loss: number }>(mine.data.data.map((o: { line: number }) => [o.line, o]));
    const sorted = (ns: number[]) => [...ns].sort((a, b) => a - b).map(pad2).join(' ');
    expect(byLine.get(1)).toMatchObject({ play: `生肖 ${ZODIAC_ANIMALS[winAnimal]}`, payout: 10 * winOdds, win_loss: 10 * winOdds - 10 });
    expect(byLine.get(2)).toMatchObject({ play: `生肖 ${ZODIAC_ANIMALS[loseAnimal]}`, payout: 0, win_loss: -10 });
    expect(byLine.get(3)).toMatchObject({ play: `尾数 ${tail}尾`, payout: 10 * tailOdds });
    expect(byLine.get(5)).toMatchObject({ play: `连码 二全中 ${sorted([regular[4]!, regular[1]!])}`, payout: 750, win_loss: 740 });
    expect(byLine.get(6)).toMatchObject({ play: `连码 二全中 ${sorted([regular[0]!, special])}`, payout: 0 });
    expect(byLine.get(7)).toMatchObject({ play: `连码 三全中 ${sorted([regular[2]!, regular[5]!, regular[3]!])}`, payout: 880 });

    // 投注记录: the lottery line says the same, with the odds
    const records = await s.api('/api/betrecord', { date: 1, api_type: 'lottery' }, { token: m.token });
    const plays = records.data.data.map((r: { plays: string }) => r.plays);
    expect(plays).toContain(`极速六合彩 第${round.expect}期 连码 二全中 ${sorted([regular[4]!, regular[1]!])} @75`);
    expect(plays).toContain(`极速六合彩 第${round.expect}期 生肖 ${ZODIAC_ANIMALS[winAnimal]} @${winOdds}`);

    // the console's lottery orders
    const support = await newStaff(s, await staffLogin(s, 'admin', ADMIN_PASSWORD), 'support');
    const listed = (await adminCall(s, support.token, 'GET', `/lottery-orders?keyword=${m.id}&lottery=${CODE}`)).data.data as { line: number; play_title: string }[];
    expect(listed.find((o) => o.line === 5)?.play_title).toBe(`二全中 ${sorted([regular[4]!, regular[1]!])}`);
    expect(listed.find((o) => o.line === 1)?.play_title).toBe(ZODIAC_ANIMALS[winAnimal]);

    // the room's bet notice
    const notice = await postBetNotice(s.db.kysely, room, { memberId: m.id, author: 'x', avatar: '', mute: null }, orderNo);
    expect(notice?.bet?.lines.map((l) => l.playtitle)).toEqual([
      `生肖 ${ZODIAC_ANIMALS[winAnimal]}`,
      `生肖 ${ZODIAC_ANIMALS[loseAnimal]}`,
      `尾数 ${tail}尾`,
      `尾数 ${(tail + 1) % 10}尾`,
      `二全中 ${sorted([regular[4]!, regular[1]!])}`,
      `二全中 ${sorted([regular[0]!, special])}`,
      `三全中 ${sorted([regular[2]!, regular[5]!, regular[3]!])}`,
      `三全中 ${sorted([regular[0]!, regular[1]!, notRegular[0]!])}`,
    ]);
  });

  it('judges 生肖 by the round’s draw date: the first round of 2027’s lunar year prices and pays 羊 as the five-number animal', async () => {
    // 春节 2027 is 02-06: the round opening at 23:57 Beijing the evening before draws at its midnight
    const newYear = Date.parse('2027-02-06T00:00:00+08:00');
    const round = roundAt(LHC, newYear);
    expect(round.drawAtMs).toBe(newYear);
    expect(lunarYearAt(round.opensAtMs)).toBe(2026);
    expect(lunarYearAt(round.drawAtMs)).toBe(2027);
    await at(round.opensAtMs + 1000);
    const m = await member(100);
    const box = await playbox(m.token);
    expect(box[3]!.childrens.find((c) => c.id === 'lhc_sx_goat')).toMatchObject({ odds: 9.4, nums: [1, 13, 25, 37, 49] });
    expect(box[3]!.childrens.find((c) => c.id === 'lhc_sx_horse')).toMatchObject({ odds: 11.75, nums: [2, 14, 26, 38] });
    const result = await resultOf(round);
    const animal = zodiacOf(result[6]!, 2027);
    const keys = ZODIAC_IDS;
    const placed = await order(m.token, round.expect, [{ id: `lhc_sx_${keys[animal]}`, total: 10 }]);
    expect(placed.code).toBe(200);
    await at(round.drawAtMs);
    const [line] = await linesOf(placed.data.order_no);
    const odds = animal === 7 ? 9.4 : 11.75; // 羊 is index 7
    expect(line!.odds_cents).toBe(Math.round(odds * 100));
    expect(Number(line!.payout_fen)).toBe(Math.round(10 * odds * 100));
  });
});
