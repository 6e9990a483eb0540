import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryRoomData, SixBallAttributes, SysMessage } from '@app/contract';
import { ZODIAC_ANIMALS, ballAnimals, zodiacOf } from '@app/contract/lottery-plays';
import { startServer, type TestServer } from './harness.js';
import { lotteryPass } from '../src/modules/lottery/scheduler.js';
import { drawResult, nextRound, roundAt, type LotterySchedule } from '../src/modules/lottery/engine/index.js';
import { K3, RoomSocket, firstRooms, isSys } from './lottery-ws-support.js';

/**
 * 六合彩 results carry each ball's 生肖: the animal of the lunar year of the round's
 * draw time in Beijing, so a result shown in the room (its header, the round cards, 开奖记录) needs no
 * clock of its own. Two rounds either side of 春节 2026 (2026-02-17, 00:00 Beijing) are drawn by the
 * scheduler's pass: the one before reads its balls by the 蛇 year 2025, the one at midnight by the 马 year.
 */

/** A Beijing wall-clock time as epoch ms. */
const beijing = (iso: string) => Date.parse(`${iso}+08:00`);
/** The animals of some numbers in a lunar year, by name. */
const animalsIn = (year: number, numbers: readonly number[]) => numbers.map((n) => ZODIAC_ANIMALS[zodiacOf(n, year)]);

describe('ballAnimals', () => {
  const balls = [1, 13, 25, 37, 49, 2, 12];
  it('reads the balls by the 蛇 year until 春节 2026 and by the 马 year from its first moment in Beijing', () => {
    // 2025 is a 蛇 year: 1 (and every twelfth) is 蛇, 2 the year before's 龙, 12 counts back to 马.
    expect(ballAnimals(balls, beijing('2026-02-16T23:59:59.999'))).toEqual(['蛇', '蛇', '蛇', '蛇', '蛇', '龙', '马']);
    // 2026 is a 马 year: 1 is 马, 2 蛇, 12 羊.
    expect(ballAnimals(balls, beijing('2026-02-17T00:00:00'))).toEqual(['马', '马', '马', '马', '马', '蛇', '羊']);
    // the same moment as UTC reads the same: the date that counts is Beijing's
    expect(ballAnimals(balls, Date.parse('2026-02-16T16:00:00Z'))).toEqual(ballAnimals(balls, beijing('2026-02-17T00:00:00')));
  });

  it('changes at 春节 2027 (02-06), not at the Gregorian new year', () => {
    expect(ballAnimals([1], beijing('2027-01-01T12:00:00'))).toEqual(['马']);
    expect(ballAnimals([1], beijing('2027-02-05T23:59:59'))).toEqual(['马']);
    expect(ballAnimals([1], beijing('2027-02-06T00:00:00'))).toEqual(['羊']);
  });

  it('answers null for a draw outside the 春节 table', () => {
    expect(ballAnimals(balls, beijing('2020-01-24T23:59:59'))).toBeNull();
    expect(ballAnimals(balls, beijing('2042-01-22T00:00:00'))).toBeNull();
  });
});

const LHC: LotterySchedule = { intervalS: 180, ftimeS: 30 };
const CODE = 'lhc_180';

let s: TestServer;
let nowMs = beijing('2026-02-16T23:55:30');
const sockets: RoomSocket[] = [];

async function at(ms: number) {
  nowMs = ms;
  return lotteryPass(s.db.kysely, ms, undefined, s.app.lottery.events);
}
async function drawnResult(code: string, type: 1 | 2, expect: string): Promise<number[]> {
  const row = await s.db.kysely.selectFrom('lottery_rounds').select('seed').where('lottery', '=', code).where('expect', '=', expect).executeTakeFirstOrThrow();
  return drawResult(type, code, expect, row.seed);
}

beforeAll(async () => {
  s = await startServer({ lotteryTickMs: 0, wsPingIntervalMs: 60_000, wsIdleTimeoutMs: 60_000 });
  s.app.lottery.now = () => nowMs;
  await at(nowMs);
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s.close();
});

describe('a 六合彩 result on the wire', () => {
  it('carries each ball’s animal of its draw’s lunar year: in the result frame, the header’s last result and 开奖记录', async () => {
    const [roomId] = await firstRooms(s, CODE);
    const sock = await RoomSocket.join(s, roomId!, '');
    sockets.push(sock);
    const before = roundAt(LHC, nowMs);
    const atNewYear = nextRound(LHC, before);
    expect(before.drawAtMs).toBe(beijing('2026-02-16T23:57:00'));
    expect(atNewYear.drawAtMs).toBe(beijing('2026-02-17T00:00:00'));
    const resultBefore = await drawnResult(CODE, 1, before.expect);

    await at(before.drawAtMs + 500);
    const frameBefore = (await sock.next(isSys('result', before.expect))) as SysMessage;
    expect(frameBefore.extend).toMatchObject({ numbers: resultBefore, zodiac: animalsIn(2025, resultBefore) });

    await at(atNewYear.opensAtMs + 1000);
    const resultAtNewYear = await drawnResult(CODE, 1, atNewYear.expect);
    await at(atNewYear.drawAtMs + 500);
    const frameAtNewYear = (await sock.next(isSys('result', atNewYear.expect))) as SysMessage;
    expect(frameAtNewYear.extend).toMatchObject({ numbers: resultAtNewYear, zodiac: animalsIn(2026, resultAtNewYear) });
    // every ball moves on by one animal at 春节
    const zodiacOfFrame = (f: SysMessage) => (f.extend as SixBallAttributes).zodiac!;
    zodiacOfFrame(frameAtNewYear).forEach((a, i) => expect(a).not.toBe(animalsIn(2025, resultAtNewYear)[i]));

    const room = (await s.api<LotteryRoomData>(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET' })).data;
    const [latest, earlier] = room.lottery.openlist;
    expect(latest).toMatchObject({ expect: atNewYear.expect, extend: { numbers: resultAtNewYear, zodiac: animalsIn(2026, resultAtNewYear) } });
    expect(earlier).toMatchObject({ expect: before.expect, extend: { numbers: resultBefore, zodiac: animalsIn(2025, resultBefore) } });
    expect(room.lottery.nowdata.last).toEqual({ expect: atNewYear.expect, extend: latest!.extend });
    // the frame and the room say the same
    expect(latest!.extend).toEqual(frameAtNewYear.extend);
  });

  it('leaves 快三 results as they were: no animals', async () => {
    const [roomId] = await firstRooms(s, 'k3_60');
    const round = roundAt(K3, nowMs);
    await at(round.drawAtMs + 500);
    const room = (await s.api<LotteryRoomData>(`/api/lotteryRoom?room_id=${roomId}`, undefined, { method: 'GET' })).data;
    const last = room.lottery.nowdata.last.extend!;
    expect(last.numbers).toHaveLength(3);
    expect(last).not.toHaveProperty('zodiac');
  });
});
