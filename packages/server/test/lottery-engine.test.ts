import { describe, expect, it } from 'vitest';
import { BALL_WAVES, LOTTERY_TYPE, drawBlockMessage, roundStateOf, type LotteryType, LOTTERY_MSG } from '@app/contract';
import {
  DEFAULT_ODDS,
  DICE_SUM_WAYS,
  attributesOf,
  bettingOpen,
  buildPlaybox,
  checkPicks,
  checkSchedule,
  nextRound,
  previousRound,
  scheduleChange,
  choose,
  clockAt,
  commitmentOf,
  drawResult,
  drawWith,
  fairRng,
  lotteryPlay,
  lunarYearAt,
  newSeed,
  oddsIdOf,
  oddsIdsOf,
  opposedPlay,
  playIdsOf,
  roundAt,
  roundOf,
  rtpFraction,
  rtpOf,
  settleLine,
  stateOf,
  timeoutOf,
  validateOdds,
  verify,
  type LineContext,
  type LotterySchedule,
} from '../src/modules/lottery/engine/index.js';
import { scriptedRng } from '../src/lib/rng.js';
import { fmt } from '@app/contract';
import {
  LUNAR_NEW_YEAR,
  ZODIAC_ANIMALS,
  ZODIAC_IDS,
  lotteryLineTitle,
  lotteryPlayLabel,
  yearAnimal,
  zodiacNumbers,
  zodiacOf,
} from '@app/contract/lottery-plays';

const DICE = LOTTERY_TYPE.dice;
const SIX = LOTTERY_TYPE.sixBall;
/** The fixed seed of the test vector: bytes 0x00, 0x01, …, 0x1f. */
const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex');

/** Wilson–Hilferty approximation of the chi-square quantile for `df` degrees of freedom at normal quantile z. */
function chiSquareCritical(df: number, z: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}
function chiSquare(observed: readonly number[], expectedEach: number): number {
  return observed.reduce((s, o) => s + (o - expectedEach) ** 2 / expectedEach, 0);
}
const Z_1E4 = 3.719; // one-sided normal quantile for p = 1e-4

/** An independent implementation of the documented algorithm with WebCrypto, as the browser's verify view will do it. */
async function browserDraw(type: LotteryType, code: string, expect: string, seedHex: string): Promise<number[]> {
  const subtle = globalThis.crypto.subtle;
  const raw = new Uint8Array(seedHex.match(/../g)!.map((h) => parseInt(h, 16)));
  const key = await subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  let counter = 0;
  let block = new Uint8Array(0);
  let pos = 0;
  const uniform = async (n: number): Promise<number> => {
    const limit = 256 - (256 % n);
    for (;;) {
      if (pos >= block.length) {
        block = new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(`${code}${expect}:${counter++}`)));
        pos = 0;
      }
      const b = block[pos++]!;
      if (b < limit) return b % n;
    }
  };
  const out: number[] = [];
  if (type === DICE) {
    for (let i = 0; i < 3; i++) out.push(1 + (await uniform(6)));
    return out;
  }
  while (out.length < 7) {
    const c = 1 + (await uniform(49));
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

describe('provably fair draw', () => {
  it('matches the fixed test vector (seed 00 01 … 1f)', () => {
    expect(SEED).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(drawBlockMessage('k3_60', '202611220001', 0)).toBe('k3_60202611220001:0');
    expect(drawResult(DICE, 'k3_60', '202611220001', SEED)).toEqual([1, 1, 3]);
    expect(drawResult(SIX, 'lhc_180', '202611220001', SEED)).toEqual([9, 18, 40, 45, 19, 36, 29]);
  });

  it('a WebCrypto re-implementation of the documented steps gets the same results', async () => {
    for (let i = 1; i <= 60; i++) {
      const seed = newSeed();
      const expectNo = `20261122${String(i).padStart(4, '0')}`;
      expect(await browserDraw(DICE, 'k3_60', expectNo, seed)).toEqual(drawResult(DICE, 'k3_60', expectNo, seed));
      expect(await browserDraw(SIX, 'lhc_180', expectNo, seed)).toEqual(drawResult(SIX, 'lhc_180', expectNo, seed));
    }
  });

  it('reproduces results from the seed and verifies the commitment; a wrong or malformed seed fails', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    const commitment = commitmentOf(seed);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verify(commitment, seed)).toBe(true);
    expect(verify(commitment.toUpperCase(), seed)).toBe(true);
    expect(verify(commitment, newSeed())).toBe(false);
    expect(verify(commitment, seed.slice(0, 63) + (seed[63] === '0' ? '1' : '0'))).toBe(false);
    expect(verify(commitment, seed.toUpperCase())).toBe(false);
    expect(verify(commitment, 'zz')).toBe(false);
    expect(() => commitmentOf('abc')).toThrow(RangeError);
    expect(drawResult(SIX, 'lhc_180', '202611220007', seed)).toEqual(drawResult(SIX, 'lhc_180', '202611220007', seed));
    // another round, lottery or seed gives another stream
    const a = drawResult(SIX, 'lhc_180', '202611220007', seed).join();
    expect([drawResult(SIX, 'lhc_180', '202611220008', seed).join(), drawResult(SIX, 'lhc_x', '202611220007', seed).join(), drawResult(SIX, 'lhc_180', '202611220007', newSeed()).join()]).not.toContain(a);
  });

  it('the fair rng refuses ranges beyond one byte and drawWith follows a scripted rng', () => {
    expect(() => fairRng(SEED, 'k3_60', '1').int(257)).toThrow(RangeError);
    expect(drawWith(scriptedRng([5, 0, 2]), DICE)).toEqual([6, 1, 3]);
    // a repeated candidate is discarded: 10 is drawn twice, the second is skipped
    expect(drawWith(scriptedRng([9, 9, 0, 1, 2, 3, 4, 48]), SIX)).toEqual([10, 1, 2, 3, 4, 5, 49]);
  });

  it('is unbiased: chi-square over 200,000 seeded rounds of each type below the p = 1e-4 critical value', () => {
    const rounds = 200_000;
    const seed = SEED;
    const faces = new Array<number>(6).fill(0);
    const special = new Array<number>(49).fill(0);
    const first = new Array<number>(49).fill(0);
    const regular = new Array<number>(49).fill(0);
    for (let i = 0; i < rounds; i++) {
      const expectNo = String(i);
      for (const d of drawResult(DICE, 'k3_60', expectNo, seed)) faces[d - 1]!++;
      const balls = drawResult(SIX, 'lhc_180', expectNo, seed);
      if (balls.length !== 7 || new Set(balls).size !== 7 || balls.some((b) => !Number.isInteger(b) || b < 1 || b > 49)) {
        throw new Error(`malformed draw ${balls.join(',')} at ${i}`);
      }
      special[balls[6]! - 1]!++;
      first[balls[0]! - 1]!++;
      for (const b of balls.slice(0, 6)) regular[b - 1]!++;
    }
    const dieCritical = chiSquareCritical(5, Z_1E4); // ≈ 25.7
    const ballCritical = chiSquareCritical(48, Z_1E4); // ≈ 90.4
    expect(chiSquare(faces, (rounds * 3) / 6)).toBeLessThan(dieCritical);
    expect(chiSquare(special, rounds / 49)).toBeLessThan(ballCritical);
    expect(chiSquare(first, rounds / 49)).toBeLessThan(ballCritical);
    // the first six are not independent draws, so only a loose check on 正码 frequency (6/49 each)
    for (const count of regular) expect(Math.abs(count / rounds - 6 / 49)).toBeLessThan(0.005);
  });
});

describe('odds and exact RTP', () => {
  it('has the dice sum ways 1 3 6 10 15 21 25 27 27 25 21 15 10 6 3 1', () => {
    expect(Object.values(DICE_SUM_WAYS)).toEqual([1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]);
  });

  it('prices every default play with an exact RTP within [0.90, 0.99]', () => {
    for (const type of [DICE, SIX] as const) {
      const ids = oddsIdsOf(type);
      expect(Object.keys(DEFAULT_ODDS[type]).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const rtp = rtpOf(type, id, DEFAULT_ODDS[type][id]!);
        expect(rtp, id).toBeGreaterThanOrEqual(0.9);
        expect(rtp, id).toBeLessThanOrEqual(0.99);
      }
      expect(validateOdds(type, DEFAULT_ODDS[type])).toEqual({ ok: true });
    }
    expect(playIdsOf(DICE)).toHaveLength(4 + 16 + 1);
    expect(playIdsOf(SIX)).toHaveLength(49 + 4 + 49 + 12 + 10 + 2);
    // the twelve 生肖 plays share two prices: the year's own animal and the others
    expect(oddsIdsOf(SIX)).toHaveLength(49 + 4 + 49 + 2 + 10 + 2);
    expect(oddsIdsOf(DICE)).toEqual(playIdsOf(DICE));
  });

  it('computes the stated figures', () => {
    expect(rtpOf(DICE, 'k3_big', 1.96)).toBeCloseTo((1.96 * 105) / 216, 12);
    expect(rtpOf(DICE, 'k3_even', 1.96)).toBeCloseTo(0.952778, 6);
    expect(rtpOf(DICE, 'k3_triple', 34)).toBeCloseTo((34 * 6) / 216, 12);
    expect(rtpOf(DICE, 'k3_sum_10', 7.6)).toBeCloseTo(0.95, 12);
    expect(rtpOf(DICE, 'k3_sum_03', 205.2)).toBeCloseTo(0.95, 12);
    expect(DEFAULT_ODDS[DICE]['k3_sum_08']).toBe(9.77);
    expect(DEFAULT_ODDS[DICE]['k3_sum_09']).toBe(8.2);
    expect(rtpOf(SIX, 'lhc_te_07', 47)).toBeCloseTo(47 / 49, 12);
    expect(rtpOf(SIX, 'lhc_zm_07', 7.9)).toBeCloseTo((6 * 7.9) / 49, 12);
    // 两面: 24 winning specials, 24 losing, 49 returns the stake
    for (const id of ['lhc_tm_big', 'lhc_tm_small', 'lhc_tm_odd', 'lhc_tm_even']) expect(rtpOf(SIX, id, 1.96)).toBeCloseTo((24 * 1.96 + 1) / 49, 12);
  });

  it('the RTP of every play equals the mean payout of settleLine over every equally likely outcome', () => {
    const throws: number[][] = [];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) throws.push([a, b, c]);
    for (const id of playIdsOf(DICE)) {
      const odds = DEFAULT_ODDS[DICE][id]!;
      const paid = throws.reduce((s, t) => s + settleLine(DICE, id, odds, 100, t).payoutFen, 0);
      const { num, den } = rtpFraction(DICE, id, Math.round(odds * 100));
      expect(paid * den, id).toBe(num * 216 * 100);
    }
    // six-ball plays on the special: every special value with some fixed distinct first six
    for (const id of playIdsOf(SIX).filter((p) => /^lhc_(te|tm|ws)_/.test(p))) {
      const odds = DEFAULT_ODDS[SIX][id]!;
      let paid = 0;
      for (let s = 1; s <= 49; s++) {
        const firstSix = [1, 2, 3, 4, 5, 6, 7].filter((n) => n !== s).slice(0, 6);
        paid += settleLine(SIX, id, odds, 100, [...firstSix, s]).payoutFen;
      }
      const { num, den } = rtpFraction(SIX, id, Math.round(odds * 100));
      expect(paid * den, id).toBe(num * 49 * 100);
    }
  });

  it('validateOdds refuses out-of-range RTP, missing or unknown plays and malformed odds', () => {
    const dice = { ...DEFAULT_ODDS[DICE] };
    const bad = validateOdds(DICE, { ...dice, k3_big: 2.05 }); // 2.05 × 105/216 = 0.9965
    expect(bad).toEqual({ ok: false, playId: 'k3_big', message: '玩法k3_big的理论返还率99.65%超出90%至99%' });
    expect(validateOdds(DICE, { ...dice, k3_triple: 30 })).toMatchObject({ ok: false, playId: 'k3_triple' }); // 83.3%
    const { k3_sum_10: _, ...missing } = dice;
    expect(validateOdds(DICE, missing)).toEqual({ ok: false, playId: 'k3_sum_10', message: '缺少玩法k3_sum_10的赔率' });
    expect(validateOdds(DICE, { ...dice, k3_nope: 2 })).toMatchObject({ ok: false, playId: 'k3_nope' });
    expect(validateOdds(DICE, { ...dice, k3_big: 1.955 })).toMatchObject({ ok: false, playId: 'k3_big' });
    expect(validateOdds(DICE, { ...dice, k3_big: '1.96' })).toMatchObject({ ok: false, playId: 'k3_big' });
    expect(validateOdds(DICE, { ...dice, k3_big: Number.NaN })).toMatchObject({ ok: false, playId: 'k3_big' });
    // the bounds are inclusive and exact: 48.51/49 = 0.99 and 44.1/49 = 0.90 pass, one cent beyond fails
    const six = { ...DEFAULT_ODDS[SIX] };
    expect(validateOdds(SIX, { ...six, lhc_te_01: 48.51 })).toEqual({ ok: true });
    expect(validateOdds(SIX, { ...six, lhc_te_01: 48.52 })).toMatchObject({ ok: false, playId: 'lhc_te_01' });
    expect(validateOdds(SIX, { ...six, lhc_te_01: 44.1 })).toEqual({ ok: true });
    expect(validateOdds(SIX, { ...six, lhc_te_01: 44.09 })).toMatchObject({ ok: false, playId: 'lhc_te_01' });
    expect(validateOdds(SIX, { ...six, lhc_tm_big: 2 })).toMatchObject({ ok: false, playId: 'lhc_tm_big' }); // (48+1)/49 = 1
    expect(validateOdds(SIX, DEFAULT_ODDS[DICE])).toMatchObject({ ok: false });
  });
});

describe('settlement', () => {
  const settle = (type: LotteryType, id: string, result: number[], stakeFen = 1000) => settleLine(type, id, DEFAULT_ODDS[type][id]!, stakeFen, result);

  it('settles 快三 大/小/单/双, with a triple losing them all', () => {
    expect(settle(DICE, 'k3_big', [6, 5, 1])).toEqual({ payoutFen: 1960, validFen: 1000, outcome: 'win' }); // 12
    expect(settle(DICE, 'k3_small', [6, 5, 1])).toEqual({ payoutFen: 0, validFen: 1000, outcome: 'lose' });
    expect(settle(DICE, 'k3_small', [1, 2, 2]).outcome).toBe('win'); // 5
    expect(settle(DICE, 'k3_odd', [1, 2, 2]).outcome).toBe('win');
    expect(settle(DICE, 'k3_even', [1, 2, 2]).outcome).toBe('lose');
    expect(settle(DICE, 'k3_big', [4, 4, 3]).outcome).toBe('win'); // 11 is big
    expect(settle(DICE, 'k3_small', [4, 3, 3]).outcome).toBe('win'); // 10 is small
    for (const id of ['k3_big', 'k3_small', 'k3_odd', 'k3_even']) {
      for (const t of [[1, 1, 1], [4, 4, 4], [6, 6, 6]]) expect(settle(DICE, id, t), `${id} ${t}`).toEqual({ payoutFen: 0, validFen: 1000, outcome: 'lose' });
    }
  });

  it('settles 和值 and 豹子 (a triple wins its sum and 豹子)', () => {
    expect(settle(DICE, 'k3_sum_10', [4, 3, 3])).toEqual({ payoutFen: 7600, validFen: 1000, outcome: 'win' });
    expect(settle(DICE, 'k3_sum_11', [4, 3, 3]).outcome).toBe('lose');
    expect(settle(DICE, 'k3_sum_03', [1, 1, 1])).toEqual({ payoutFen: 205_200, validFen: 1000, outcome: 'win' });
    expect(settle(DICE, 'k3_triple', [5, 5, 5])).toEqual({ payoutFen: 34_000, validFen: 1000, outcome: 'win' });
    expect(settle(DICE, 'k3_triple', [5, 5, 4]).outcome).toBe('lose');
  });

  it('settles 六合彩 特码, 正码 and 特码两面 with 49 a push (stake back, no valid bet)', () => {
    const r = [3, 14, 25, 36, 47, 48, 7];
    expect(settle(SIX, 'lhc_te_07', r)).toEqual({ payoutFen: 47_000, validFen: 1000, outcome: 'win' });
    expect(settle(SIX, 'lhc_te_03', r).outcome).toBe('lose'); // a regular ball is not the special
    expect(settle(SIX, 'lhc_zm_48', r)).toEqual({ payoutFen: 7900, validFen: 1000, outcome: 'win' });
    expect(settle(SIX, 'lhc_zm_07', r).outcome).toBe('lose'); // the special is not a regular ball
    expect(settle(SIX, 'lhc_tm_small', r).outcome).toBe('win');
    expect(settle(SIX, 'lhc_tm_odd', r).outcome).toBe('win');
    expect(settle(SIX, 'lhc_tm_big', r).outcome).toBe('lose');
    expect(settle(SIX, 'lhc_tm_even', r).outcome).toBe('lose');
    expect(settle(SIX, 'lhc_tm_big', [1, 2, 3, 4, 5, 6, 25]).outcome).toBe('win');
    expect(settle(SIX, 'lhc_tm_small', [1, 2, 3, 4, 5, 6, 24]).outcome).toBe('win');
    expect(settle(SIX, 'lhc_tm_big', [1, 2, 3, 4, 5, 6, 48])).toEqual({ payoutFen: 1960, validFen: 1000, outcome: 'win' });
    for (const id of ['lhc_tm_big', 'lhc_tm_small', 'lhc_tm_odd', 'lhc_tm_even']) {
      expect(settle(SIX, id, [1, 2, 3, 4, 5, 6, 49]), id).toEqual({ payoutFen: 1000, validFen: 0, outcome: 'push' });
    }
    expect(settle(SIX, 'lhc_te_49', [1, 2, 3, 4, 5, 6, 49]).outcome).toBe('win');
  });

  it('rounds payouts down to the fen and refuses malformed input', () => {
    expect(settleLine(DICE, 'k3_big', 1.96, 333, [6, 5, 1]).payoutFen).toBe(652); // 652.68
    expect(settleLine(SIX, 'lhc_zm_01', 7.9, 1, [1, 2, 3, 4, 5, 6, 7]).payoutFen).toBe(7); // 7.9
    expect(() => settleLine(DICE, 'k3_big', 1.96, 0, [1, 2, 3])).toThrow(RangeError);
    expect(() => settleLine(DICE, 'k3_big', 1.96, 1.5, [1, 2, 3])).toThrow(RangeError);
    expect(() => settleLine(DICE, 'k3_big', 1.96, 100, [1, 2, 7])).toThrow(RangeError);
    expect(() => settleLine(DICE, 'lhc_te_01', 47, 100, [1, 2, 3])).toThrow(RangeError);
    expect(() => settleLine(SIX, 'lhc_te_01', 47, 100, [1, 1, 3, 4, 5, 6, 7])).toThrow(RangeError);
    expect(() => settleLine(SIX, 'lhc_te_01', 47, 100, [1, 2, 3, 4, 5, 6])).toThrow(RangeError);
  });
});

describe('playbox and result attributes', () => {
  it('builds the 快三 playbox from its odds table', () => {
    const box = buildPlaybox(DICE, DEFAULT_ODDS[DICE]);
    expect(box.map((g) => [g.name, g.special, g.childrens.length])).toEqual([
      ['大小单双', 0, 4],
      ['和值', 0, 16],
      ['豹子', 0, 1],
    ]);
    expect(box[0]!.childrens[0]).toEqual({ id: 'k3_big', playtitle: '大', odds: 1.96 });
    expect(box[1]!.childrens.find((c) => c.id === 'k3_sum_10')).toEqual({ id: 'k3_sum_10', playtitle: '10', odds: 7.6 });
    expect(box.every((g) => g.desc.length > 0)).toBe(true);
    const edited = buildPlaybox(DICE, { ...DEFAULT_ODDS[DICE], k3_big: 1.95 });
    expect(edited[0]!.childrens[0]!.odds).toBe(1.95);
  });

  it('builds the 六合彩 playbox with the 1–49 groups marked special', () => {
    const box = buildPlaybox(SIX, DEFAULT_ODDS[SIX], 2026);
    expect(box.map((g) => [g.name, g.special, g.childrens.length])).toEqual([
      ['特码', 1, 49],
      ['特码两面', 0, 4],
      ['正码', 1, 49],
      ['生肖', 0, 12],
      ['尾数', 0, 10],
      ['连码', 0, 2],
    ]);
    // 2026 is a 马 year: 马 holds 01 13 25 37 49 at the year's price, 蛇 four numbers at the others'
    expect(box[3]!.childrens.find((c) => c.id === 'lhc_sx_horse')).toEqual({ id: 'lhc_sx_horse', playtitle: '马', odds: 9.4, nums: [1, 13, 25, 37, 49] });
    expect(box[3]!.childrens.find((c) => c.id === 'lhc_sx_snake')).toEqual({ id: 'lhc_sx_snake', playtitle: '蛇', odds: 11.75, nums: [2, 14, 26, 38] });
    expect(box[3]!.childrens.map((c) => c.playtitle).join('')).toBe('鼠牛虎兔龙蛇马羊猴鸡狗猪');
    expect(box[4]!.childrens[0]).toEqual({ id: 'lhc_ws_0', playtitle: '0尾', odds: 11.75, nums: [10, 20, 30, 40] });
    expect(box[4]!.childrens[9]).toEqual({ id: 'lhc_ws_9', playtitle: '9尾', odds: 9.4, nums: [9, 19, 29, 39, 49] });
    expect(box[5]!.childrens).toEqual([
      { id: 'lhc_lm_2', playtitle: '二全中', odds: 75, pick: 2 },
      { id: 'lhc_lm_3', playtitle: '三全中', odds: 880, pick: 3 },
    ]);
    // the year decides which animal takes the five-number price
    expect(buildPlaybox(SIX, DEFAULT_ODDS[SIX], 2027)[3]!.childrens.find((c) => c.id === 'lhc_sx_goat')).toMatchObject({ odds: 9.4, nums: [1, 13, 25, 37, 49] });
    // a round outside the New Year table offers no 生肖
    expect(buildPlaybox(SIX, DEFAULT_ODDS[SIX]).map((g) => g.name)).toEqual(['特码', '特码两面', '正码', '尾数', '连码']);
    expect(box[0]!.childrens[6]).toEqual({ id: 'lhc_te_07', playtitle: '07', odds: 47 });
    expect(box[1]!.childrens.map((c) => c.playtitle)).toEqual(['特大', '特小', '特单', '特双']);
    expect(box[2]!.childrens[48]).toEqual({ id: 'lhc_zm_49', playtitle: '49', odds: 7.9 });
  });

  it('describes results for last.extend', () => {
    expect(attributesOf(DICE, [6, 5, 1])).toEqual({ sum: 12, size: '大', parity: '双', triple: false });
    expect(attributesOf(DICE, [2, 2, 2])).toEqual({ sum: 6, size: '小', parity: '双', triple: true });
    expect(attributesOf(SIX, [1, 3, 5, 12, 20, 30, 25])).toEqual({ special: 25, size: '大', parity: '单', waves: ['red', 'blue', 'green', 'red', 'blue', 'red', 'blue'] });
    expect(attributesOf(SIX, [1, 3, 5, 12, 20, 30, 49])).toMatchObject({ special: 49, size: LOTTERY_MSG.lotteryTie, parity: LOTTERY_MSG.lotteryTie });
    expect(attributesOf(SIX, [1, 3, 5, 12, 20, 30, 24])).toMatchObject({ size: '小', parity: '双' });
  });

  it('the colour waves partition 1–49 (17 red, 16 blue, 16 green)', () => {
    const all = [...BALL_WAVES.red, ...BALL_WAVES.blue, ...BALL_WAVES.green].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect([BALL_WAVES.red.length, BALL_WAVES.blue.length, BALL_WAVES.green.length]).toEqual([17, 16, 16]);
  });
});

describe('round schedule', () => {
  const K3: LotterySchedule = { intervalS: 60, ftimeS: 10 };
  const LHC: LotterySchedule = { intervalS: 180, ftimeS: 30 };
  /** 2026-11-22 00:00 Beijing. */
  const DAY = Date.parse('2026-11-21T16:00:00Z');

  it('numbers rounds yyyyMMdd + 4-digit index of the Beijing day', () => {
    const first = roundAt(K3, DAY + 1);
    expect(first).toEqual({ expect: '202611220001', opensAtMs: DAY, closesAtMs: DAY + 50_000, drawAtMs: DAY + 60_000, ftimeS: 10 });
    expect(roundAt(K3, DAY).expect).toBe('202611211440'); // the day's last round draws at midnight
    expect(roundAt(K3, DAY + 86_400_000 - 1).expect).toBe('202611221440');
    expect(roundAt(LHC, DAY + 1).expect).toBe('202611220001');
    expect(roundAt(LHC, DAY + 3_600_000 + 1).expect).toBe('202611220021');
    expect(roundAt(LHC, DAY + 86_400_000).expect).toBe('202611220480');
    for (const ms of [DAY + 1, DAY + 59_999, DAY + 12 * 3_600_000 + 5, DAY + 86_400_000]) {
      const r = roundAt(K3, ms);
      expect(roundOf(K3, r.expect)).toEqual(r);
    }
    expect(roundOf(K3, '202611221441')).toBeNull();
    expect(roundOf(K3, '202611220000')).toBeNull();
    expect(roundOf(K3, '202602300001')).toBeNull();
    expect(roundOf(K3, '2026112200011')).toBeNull();
    expect(roundOf(K3, 'abc')).toBeNull();
  });

  it('open above ftime, 封盘 at or below ftime and above 0, drawing at 0 or below', () => {
    const r = roundOf(K3, '202611220002')!;
    const at = (timeoutMs: number) => r.drawAtMs - timeoutMs;
    expect(timeoutOf(r, at(10_001))).toBe(11);
    expect(stateOf(K3, r, at(10_001))).toBe('open');
    expect(timeoutOf(r, at(10_000))).toBe(10);
    expect(stateOf(K3, r, at(10_000))).toBe('closed');
    expect(stateOf(K3, r, at(1))).toBe('closed');
    expect(timeoutOf(r, at(0))).toBe(0);
    expect(stateOf(K3, r, at(0))).toBe('drawing');
    expect(stateOf(K3, r, at(-5_000))).toBe('drawing');
    expect([roundStateOf(11, 10), roundStateOf(10, 10), roundStateOf(1, 10), roundStateOf(0, 10), roundStateOf(-1, 10)]).toEqual(['open', 'closed', 'closed', 'drawing', 'drawing']);
    expect(bettingOpen(K3, '202611220002', at(10_001))).toBe(true);
    expect(bettingOpen(K3, '202611220002', at(10_000))).toBe(false);
    expect(bettingOpen(K3, '202611220002', at(60_000))).toBe(false); // not open until round 1 has drawn
    expect(bettingOpen(K3, '202611220003', at(10_001))).toBe(false); // a future round is not open yet
    expect(bettingOpen(K3, 'nope', at(10_001))).toBe(false);
  });

  it('gives the room clock: last expect, next expect, timeout and state', () => {
    expect(clockAt(K3, DAY + 30_000)).toMatchObject({ expect: '202611211440', nextexpect: '202611220001', timeout: 30, state: 'open' });
    expect(clockAt(K3, DAY + 55_000)).toMatchObject({ nextexpect: '202611220001', timeout: 5, state: 'closed' });
    expect(clockAt(K3, DAY + 60_000)).toMatchObject({ nextexpect: '202611220001', timeout: 0, state: 'drawing' });
    expect(clockAt(K3, DAY + 60_001)).toMatchObject({ expect: '202611220001', nextexpect: '202611220002', timeout: 60, state: 'open' });
  });

  it('refuses schedules that do not divide the day or whose ftime is out of range', () => {
    expect(() => checkSchedule({ intervalS: 70, ftimeS: 10 })).toThrow(RangeError);
    expect(() => checkSchedule({ intervalS: 60, ftimeS: 60 })).toThrow(RangeError);
    expect(() => checkSchedule({ intervalS: 60, ftimeS: 0 })).toThrow(RangeError);
    expect(() => checkSchedule({ intervalS: 5, ftimeS: 1 })).toThrow(RangeError); // 17280 rounds a day
    expect(() => checkSchedule(K3)).not.toThrow();
  });

  /** Every round from `fromMs` for `days`, walked with nextRound: none skipped, none numbered twice. */
  function walk(s: LotterySchedule, fromMs: number, untilMs: number) {
    const rounds = [];
    for (let r = roundAt(s, fromMs); r.drawAtMs <= untilMs; r = nextRound(s, r)) rounds.push(r);
    return rounds;
  }

  it.each([
    ['60 s → 120 s', { intervalS: 60, ftimeS: 10 }, { intervalS: 120, ftimeS: 20 }],
    ['60 s → 90 s (their first shared draw)', { intervalS: 60, ftimeS: 10 }, { intervalS: 90, ftimeS: 15 }],
    ['180 s → 60 s', { intervalS: 180, ftimeS: 30 }, { intervalS: 60, ftimeS: 10 }],
    ['60 s, ftime 10 → 25', { intervalS: 60, ftimeS: 10 }, { intervalS: 60, ftimeS: 25 }],
  ])('a change of timing %s takes over after the current round: no round lost or numbered twice', (_, before: LotterySchedule, next) => {
    const now = DAY + 6 * 3_600_000 + 25_000; // 06:00:25, inside the round drawing at 06:01
    const s = scheduleChange(before, next, now);
    const current = roundAt(before, now);
    expect(roundAt(s, now)).toEqual(current); // the open round keeps its draw and its 封盘
    expect(s.anchor!.atMs).toBeGreaterThanOrEqual(current.drawAtMs);
    expect(s.anchor!.atMs - current.drawAtMs).toBeLessThan(Math.max(before.intervalS, next.intervalS) * 3 * 1000);
    const rounds = walk(s, DAY + 1, DAY + 2 * 86_400_000);
    const expects = rounds.map((r) => r.expect);
    expect(new Set(expects).size).toBe(expects.length);
    for (let i = 1; i < rounds.length; i++) {
      expect(rounds[i]!.opensAtMs).toBe(rounds[i - 1]!.drawAtMs); // back to back: no gap, no overlap
      const [a, b] = [rounds[i - 1]!.expect, rounds[i]!.expect];
      if (a.slice(0, 8) === b.slice(0, 8)) expect(Number(b.slice(8))).toBe(Number(a.slice(8)) + 1);
      else expect(b.slice(8)).toBe('0001'); // a new day starts at 1, after a round drawing at 24:00
    }
    for (const r of rounds) {
      expect(roundOf(s, r.expect)).toEqual(r);
      expect(roundAt(s, r.drawAtMs - 1)).toEqual(r);
      expect(previousRound(s, nextRound(s, r))).toEqual(r);
      const t = r.drawAtMs <= s.anchor!.atMs ? before : next;
      expect([r.drawAtMs - r.opensAtMs, r.ftimeS]).toEqual([t.intervalS * 1000, t.ftimeS]);
    }
    // The next day is numbered from 00:00 with the new interval.
    expect(roundAt(s, DAY + 86_400_000 + 1)).toMatchObject({ expect: '202611230001', drawAtMs: DAY + 86_400_000 + next.intervalS * 1000 });
    // A second change before the first took over replaces it, from the same round.
    const again = scheduleChange(s, { intervalS: 300, ftimeS: 30 }, now);
    expect(again.earlier).toMatchObject({ intervalS: before.intervalS, ftimeS: before.ftimeS });
    const walked = walk(again, DAY + 1, DAY + 86_400_000).map((r) => r.expect);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('a change late in the day that no shared draw fits takes over at midnight', () => {
    const late = DAY + 86_400_000 - 100_000; // 23:58:20
    const s = scheduleChange({ intervalS: 60, ftimeS: 10 }, { intervalS: 7_200, ftimeS: 60 }, late);
    expect(s.anchor).toEqual({ atMs: DAY + 86_400_000, index: 1440 });
    expect(roundAt(s, DAY + 86_400_000 + 1)).toMatchObject({ expect: '202611230001', drawAtMs: DAY + 86_400_000 + 7_200_000 });
  });
});

describe('六合彩 生肖, 尾数 and 连码', () => {
  /** Beijing midnight of a date, as epoch ms. */
  const beijingDay = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
  const regularOf = (...n: number[]) => n;
  const settle = (id: string, result: number[], line: LineContext = {}, stakeFen = 1000) => {
    const oddsId = oddsIdOf(SIX, id, line.lunarYear ?? null)!;
    return settleLine(SIX, id, DEFAULT_ODDS[SIX][oddsId]!, stakeFen, result, line);
  };

  it('judges a draw by the lunar year of its Beijing date, changing at 春节', () => {
    expect(lunarYearAt(beijingDay('2026-02-17'))).toBe(2026); // 春节 2026, 00:00 Beijing
    expect(lunarYearAt(beijingDay('2026-02-17') - 1)).toBe(2025); // 23:59:59.999 the evening before
    expect(lunarYearAt(Date.parse('2026-02-16T16:00:00Z'))).toBe(2026); // the same moment in UTC
    expect(lunarYearAt(beijingDay('2026-11-27'))).toBe(2026);
    expect(lunarYearAt(beijingDay('2027-01-01'))).toBe(2026); // before 2027's 春节 on 02-06
    expect(lunarYearAt(beijingDay('2027-02-06'))).toBe(2027);
    expect(lunarYearAt(beijingDay('2020-01-25'))).toBe(2020);
    expect(lunarYearAt(beijingDay('2020-01-24'))).toBeNull(); // before the table
    expect(lunarYearAt(beijingDay('2042-01-21'))).toBe(2041);
    expect(lunarYearAt(beijingDay('2042-01-22'))).toBeNull(); // 2042 has no end in the table
    // the table: every New Year falls between 01-21 and 02-20, in date order
    const days = Object.values(LUNAR_NEW_YEAR);
    expect(days).toEqual([...days].sort());
    for (const d of days) expect(d.slice(5) >= '01-21' && d.slice(5) <= '02-20', d).toBe(true);
  });

  it('numbers the animals backwards from the year\'s own: one animal of five numbers, eleven of four', () => {
    const animal = (n: number, year: number) => ZODIAC_ANIMALS[zodiacOf(n, year)];
    expect([1, 2, 3, 12, 13, 49].map((n) => animal(n, 2026))).toEqual(['马', '蛇', '龙', '羊', '马', '马']);
    expect([1, 2, 12].map((n) => animal(n, 2025))).toEqual(['蛇', '龙', '马']);
    expect(animal(1, 2020)).toBe('鼠');
    expect(animal(1, 2041)).toBe('鸡');
    for (let year = 2020; year <= 2041; year++) {
      const counts = ZODIAC_ANIMALS.map((_, a) => zodiacNumbers(a, year).length);
      expect(counts.filter((c) => c === 5), String(year)).toHaveLength(1);
      expect(counts.filter((c) => c === 4), String(year)).toHaveLength(11);
      expect(zodiacNumbers(yearAnimal(year), year)).toEqual([1, 13, 25, 37, 49]);
    }
  });

  it('prices 生肖 by the round\'s year: the year\'s own animal at lhc_sx_year, the rest at lhc_sx_other', () => {
    expect(oddsIdOf(SIX, 'lhc_sx_horse', 2026)).toBe('lhc_sx_year');
    expect(oddsIdOf(SIX, 'lhc_sx_snake', 2026)).toBe('lhc_sx_other');
    expect(oddsIdOf(SIX, 'lhc_sx_snake', 2025)).toBe('lhc_sx_year');
    expect(oddsIdOf(SIX, 'lhc_sx_horse', null)).toBeNull();
    expect(oddsIdOf(SIX, 'lhc_ws_3', null)).toBe('lhc_ws_3');
    expect(oddsIdOf(SIX, 'lhc_lm_2', null)).toBe('lhc_lm_2');
  });

  it('exact RTP of the new plays: 生肖 and 尾数 47/49, 二全中 75 × 15/1176, 三全中 880 × 20/18424', () => {
    expect(rtpFraction(SIX, 'lhc_sx_year', 940)).toEqual({ num: 5 * 940, den: 4900 });
    expect(rtpFraction(SIX, 'lhc_sx_other', 1175)).toEqual({ num: 4 * 1175, den: 4900 });
    expect(rtpOf(SIX, 'lhc_sx_year', 9.4)).toBe(47 / 49); // 95.92%
    expect(rtpOf(SIX, 'lhc_sx_other', 11.75)).toBe(47 / 49);
    expect(rtpFraction(SIX, 'lhc_ws_0', 1175)).toEqual({ num: 4 * 1175, den: 4900 });
    for (let d = 1; d <= 9; d++) expect(rtpFraction(SIX, `lhc_ws_${d}`, 940)).toEqual({ num: 5 * 940, den: 4900 });
    expect(rtpOf(SIX, 'lhc_ws_0', 11.75)).toBe(47 / 49);
    expect(rtpOf(SIX, 'lhc_ws_9', 9.4)).toBe(47 / 49);
    // C(6,2)/C(49,2) = 15/1176, C(6,3)/C(49,3) = 20/18424
    expect(rtpFraction(SIX, 'lhc_lm_2', 7500)).toEqual({ num: 15 * 7500, den: 1176 * 100 });
    expect(rtpFraction(SIX, 'lhc_lm_3', 88000)).toEqual({ num: 20 * 88000, den: 18424 * 100 });
    expect(rtpOf(SIX, 'lhc_lm_2', 75)).toBeCloseTo(0.956633, 6);
    expect(rtpOf(SIX, 'lhc_lm_3', 880)).toBeCloseTo(0.955276, 6);
  });

  it('生肖: the mean payout of settleLine over the 49 specials equals the RTP, for every animal of every year', () => {
    for (let year = 2020; year <= 2041; year++) {
      for (const [a, key] of ZODIAC_IDS.entries()) {
        const id = `lhc_sx_${key}`;
        const oddsId = oddsIdOf(SIX, id, year)!;
        const odds = DEFAULT_ODDS[SIX][oddsId]!;
        let paid = 0;
        for (let sp = 1; sp <= 49; sp++) {
          const firstSix = [1, 2, 3, 4, 5, 6, 7].filter((n) => n !== sp).slice(0, 6);
          paid += settleLine(SIX, id, odds, 100, [...firstSix, sp], { lunarYear: year }).payoutFen;
        }
        const { num, den } = rtpFraction(SIX, oddsId, Math.round(odds * 100));
        expect(paid * den, `${year} ${ZODIAC_ANIMALS[a]}`).toBe(num * 49 * 100);
      }
    }
  });

  it('连码: the mean payout of settleLine over all C(49,6) sets of regular balls equals the RTP', () => {
    // Every set of six regular balls is equally likely (the special does not matter to 连码); the
    // chosen numbers are any fixed set by symmetry. 13,983,816 sets, each through the play's own rule.
    for (const [id, picks] of [['lhc_lm_2', [7, 30]], ['lhc_lm_3', [1, 25, 49]]] as const) {
      const play = lotteryPlay(SIX, id);
      const line = { picks };
      const r = [0, 0, 0, 0, 0, 0, 0];
      let wins = 0;
      let sets = 0;
      for (r[0] = 1; r[0] <= 44; r[0]++)
        for (r[1] = r[0] + 1; r[1] <= 45; r[1]++)
          for (r[2] = r[1] + 1; r[2] <= 46; r[2]++)
            for (r[3] = r[2] + 1; r[3] <= 47; r[3]++)
              for (r[4] = r[3] + 1; r[4] <= 48; r[4]++)
                for (r[5] = r[4] + 1; r[5] <= 49; r[5]++) {
                  sets += 1;
                  if (play.judge(r, line) === 'win') wins += 1;
                }
      expect(sets).toBe(choose(49, 6));
      const cents = Math.round(DEFAULT_ODDS[SIX][id]! * 100);
      const { num, den } = rtpFraction(SIX, id, cents);
      expect(wins * cents * den, id).toBe(num * sets * 100);
    }
  });

  it('settles 生肖 by the special\'s animal in the line\'s year (49 is the year\'s own animal, no push)', () => {
    const r = [3, 14, 25, 36, 47, 48, 13]; // special 13: 马 in 2026, 蛇 in 2025
    expect(settle('lhc_sx_horse', r, { lunarYear: 2026 })).toEqual({ payoutFen: 9400, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_sx_snake', r, { lunarYear: 2026 }).outcome).toBe('lose');
    expect(settle('lhc_sx_snake', r, { lunarYear: 2025 })).toEqual({ payoutFen: 9400, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_sx_snake', [3, 14, 25, 36, 47, 48, 2], { lunarYear: 2026 })).toEqual({ payoutFen: 11_750, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_sx_horse', [1, 2, 3, 4, 5, 6, 49], { lunarYear: 2026 })).toEqual({ payoutFen: 9400, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_sx_horse', [13, 25, 37, 49, 5, 6, 7], { lunarYear: 2026 }).outcome).toBe('lose'); // only the special counts
    expect(() => settle('lhc_sx_horse', r)).toThrow(RangeError); // a 生肖 line needs its year
  });

  it('settles 尾数 by the special\'s last digit (49 is 9尾, no push)', () => {
    expect(settle('lhc_ws_0', [1, 2, 3, 4, 5, 6, 40])).toEqual({ payoutFen: 11_750, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_ws_9', [1, 2, 3, 4, 5, 6, 49])).toEqual({ payoutFen: 9400, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_ws_7', [1, 2, 3, 4, 5, 6, 17]).outcome).toBe('win');
    expect(settle('lhc_ws_7', [7, 17, 27, 37, 47, 6, 16]).outcome).toBe('lose'); // only the special counts
  });

  it('settles 连码 when every chosen number is a regular ball (the special does not count)', () => {
    const r = regularOf(3, 14, 25, 36, 47, 48, 7);
    expect(settle('lhc_lm_2', r, { picks: [3, 48] })).toEqual({ payoutFen: 75_000, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_lm_2', r, { picks: [3, 7] }).outcome).toBe('lose'); // 7 is the special
    expect(settle('lhc_lm_3', r, { picks: [14, 25, 47] })).toEqual({ payoutFen: 880_000, validFen: 1000, outcome: 'win' });
    expect(settle('lhc_lm_3', r, { picks: [14, 25, 49] }).outcome).toBe('lose');
    expect(() => settle('lhc_lm_2', r)).toThrow(RangeError);
    expect(() => settle('lhc_lm_3', r, { picks: [3, 14] })).toThrow(RangeError);
  });

  it('checks a 连码 line\'s numbers with the catalogue\'s messages; other plays take none', () => {
    const two = lotteryPlay(SIX, 'lhc_lm_2');
    const three = lotteryPlay(SIX, 'lhc_lm_3');
    expect(checkPicks(two, [30, 7])).toEqual({ ok: true, picks: [7, 30] });
    expect(checkPicks(three, [49, 1, 25])).toEqual({ ok: true, picks: [1, 25, 49] });
    const count2 = fmt(LOTTERY_MSG.lotteryPickCount, { play: '二全中', count: 2 });
    expect(count2).toBe('二全中须选择2个号码');
    for (const bad of [undefined, null, '7,30', [7], [7, 30, 41], {}]) expect(checkPicks(two, bad)).toEqual({ ok: false, message: count2 });
    expect(checkPicks(three, [1, 2])).toEqual({ ok: false, message: '三全中须选择3个号码' });
    for (const bad of [[0, 7], [7, 50], [7, 1.5], [7, '8']]) expect(checkPicks(two, bad)).toEqual({ ok: false, message: '所选号码须在1至49之间' });
    expect(checkPicks(two, [7, 7])).toEqual({ ok: false, message: LOTTERY_MSG.lotteryPickDuplicate });
    expect(checkPicks(lotteryPlay(SIX, 'lhc_sx_horse'), [1, 2])).toEqual({ ok: true, picks: null });
    expect(checkPicks(lotteryPlay(SIX, 'lhc_te_01'), '01')).toEqual({ ok: true, picks: null });
  });

  it('names the new lines on records and bet notices', () => {
    expect(lotteryPlayLabel('lhc_sx_horse')).toBe('生肖 马');
    expect(lotteryPlayLabel('lhc_ws_0')).toBe('尾数 0尾');
    expect(lotteryPlayLabel('lhc_lm_2', [3, 15])).toBe('连码 二全中 03 15');
    expect(lotteryPlayLabel('lhc_lm_3', [1, 25, 49])).toBe('连码 三全中 01 25 49');
    expect(lotteryLineTitle('lhc_sx_horse')).toBe('生肖 马');
    expect(lotteryLineTitle('lhc_lm_2', [3, 15])).toBe('二全中 03 15');
    expect(lotteryLineTitle('lhc_te_01')).toBe('特码 01');
    expect(lotteryLineTitle('k3_sum_09')).toBe('和值 9');
    expect(lotteryLineTitle('k3_big')).toBe('大');
    expect(lotteryLineTitle('lhc_tm_odd')).toBe('特单');
  });

  it('no new play is one side of an opposed market (the valid-bet rule nets none of them)', () => {
    for (const id of playIdsOf(SIX).filter((p) => /^lhc_(sx|ws|lm)_/.test(p))) expect(opposedPlay(SIX, id), id).toBeNull();
  });

  it('validateOdds guards the new entries at the exact 90% and 99% edges', () => {
    const six = { ...DEFAULT_ODDS[SIX] };
    const ok = (patch: Record<string, number>) => validateOdds(SIX, { ...six, ...patch });
    // 生肖 and 尾数: 5 × o/49 and 4 × o/49
    expect(ok({ lhc_sx_year: 9.7 })).toEqual({ ok: true }); // 0.98980
    expect(ok({ lhc_sx_year: 9.71 })).toMatchObject({ ok: false, playId: 'lhc_sx_year' });
    expect(ok({ lhc_sx_year: 8.82 })).toEqual({ ok: true }); // 0.9 exactly
    expect(ok({ lhc_sx_year: 8.81 })).toMatchObject({ ok: false, playId: 'lhc_sx_year' });
    expect(ok({ lhc_sx_other: 12.12 })).toEqual({ ok: true }); // 0.98938
    expect(ok({ lhc_sx_other: 12.13 })).toMatchObject({ ok: false, playId: 'lhc_sx_other' });
    // the odds of a year's own animal at the other animals' price would return 5 × 11.75/49 = 119.9%
    expect(ok({ lhc_sx_year: 11.75 })).toEqual({ ok: false, playId: 'lhc_sx_year', message: '玩法lhc_sx_year的理论返还率119.90%超出90%至99%' });
    expect(ok({ lhc_ws_0: 11.03 })).toEqual({ ok: true });
    expect(ok({ lhc_ws_0: 11.02 })).toMatchObject({ ok: false, playId: 'lhc_ws_0' });
    expect(ok({ lhc_ws_5: 9.71 })).toMatchObject({ ok: false, playId: 'lhc_ws_5' });
    // 连码: 70.56 × 15/1176 = 0.9 and 829.08 × 20/18424 = 0.9 exactly
    expect(ok({ lhc_lm_2: 70.56, lhc_lm_3: 829.08 })).toEqual({ ok: true });
    expect(ok({ lhc_lm_2: 70.55 })).toMatchObject({ ok: false, playId: 'lhc_lm_2' });
    expect(ok({ lhc_lm_3: 829.07 })).toMatchObject({ ok: false, playId: 'lhc_lm_3' });
    expect(ok({ lhc_lm_2: 77.61, lhc_lm_3: 911.98 })).toEqual({ ok: true });
    expect(ok({ lhc_lm_2: 77.62 })).toMatchObject({ ok: false, playId: 'lhc_lm_2' });
    expect(ok({ lhc_lm_3: 911.99 })).toMatchObject({ ok: false, playId: 'lhc_lm_3' });
    // the animals are priced by the two entries, not one by one
    expect(ok({ lhc_sx_horse: 9.4 })).toEqual({ ok: false, playId: 'lhc_sx_horse', message: '未知玩法lhc_sx_horse' });
    const { lhc_sx_other: _, ...missing } = six;
    expect(validateOdds(SIX, missing)).toEqual({ ok: false, playId: 'lhc_sx_other', message: '缺少玩法lhc_sx_other的赔率' });
  });
});
