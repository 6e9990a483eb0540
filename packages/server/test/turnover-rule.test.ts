import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hedgedShareFlagged, HEDGED_SHARE_FLAG, netRound, netRoundLines, type WagerLine } from '@app/contract';

// The valid-bet rule (contract turnover.ts): pushes count 0, opposite sides of one round count only
// their net exposure. Pure: no server.

const size = (side: 'big' | 'small') => ({ market: 'size', side, sides: 2 });
const line = (stakeFen: number, opposed?: WagerLine['opposed'], validFen = stakeFen): WagerLine => ({ stakeFen, validFen, opposed });

describe('netRoundLines', () => {
  it('counts 大 and 小 of equal stakes as 0 valid, both stakes hedged', () => {
    expect(netRoundLines([line(10_000, size('big')), line(10_000, size('small'))])).toEqual([
      { validFen: 0, hedgedFen: 10_000 },
      { validFen: 0, hedgedFen: 10_000 },
    ]);
  });

  it('counts only the net exposure of unequal opposite stakes', () => {
    expect(netRound([line(30_000, size('big')), line(10_000, size('small'))])).toEqual({ validFen: 20_000, hedgedFen: 20_000 });
  });

  it('counts a push as 0, hedged or not', () => {
    expect(netRound([line(10_000, size('big'), 0)])).toEqual({ validFen: 0, hedgedFen: 0 });
    expect(netRound([line(30_000, size('big'), 0), line(10_000, size('small'), 0)])).toEqual({ validFen: 0, hedgedFen: 20_000 });
  });

  it('keeps the push share of the unhedged stake (龙 300 and 虎 100 on a tie: half of 200 at risk)', () => {
    const dt = (side: string) => ({ market: 'dt', side, sides: 2 });
    expect(netRoundLines([line(30_000, dt('dragon'), 15_000), line(10_000, dt('tiger'), 5_000)])).toEqual([
      { validFen: 10_000, hedgedFen: 10_000 },
      { validFen: 0, hedgedFen: 10_000 },
    ]);
  });

  it('nets 1X2 only when all three sides are held', () => {
    const x = (side: string) => ({ market: '1x2', side, sides: 3 });
    expect(netRound([line(10_000, x('home')), line(10_000, x('away'))])).toEqual({ validFen: 20_000, hedgedFen: 0 });
    expect(netRound([line(10_000, x('home')), line(10_000, x('away')), line(5_000, x('draw'))])).toEqual({ validFen: 10_000, hedgedFen: 15_000 });
  });

  it('nets several lines of one side together, sharing the hedge in proportion', () => {
    expect(netRoundLines([line(10_000, size('big')), line(30_000, size('big')), line(20_000, size('small'))])).toEqual([
      { validFen: 5_000, hedgedFen: 5_000 },
      { validFen: 15_000, hedgedFen: 15_000 },
      { validFen: 0, hedgedFen: 20_000 },
    ]);
  });

  it('leaves lines without an opposite side and other markets alone', () => {
    const parity = (side: string) => ({ market: 'parity', side, sides: 2 });
    expect(netRound([line(10_000, size('big')), line(10_000, parity('odd')), line(777), line(500, null, 0)])).toEqual({ validFen: 20_777, hedgedFen: 0 });
  });

  it('refuses a valid amount above the stake', () => {
    expect(() => netRoundLines([line(100, null, 101)])).toThrow(RangeError);
  });
});

const MARKETS = [
  { market: 'size', sides: ['big', 'small'] },
  { market: 'parity', sides: ['odd', 'even'] },
  { market: '1x2', sides: ['home', 'draw', 'away'] },
];
const arbLine: fc.Arbitrary<WagerLine> = fc
  .record({
    stakeFen: fc.integer({ min: 1, max: 100_000_000 }),
    pushPermille: fc.constantFrom(0, 0, 0, 500, 1000),
    market: fc.integer({ min: -1, max: MARKETS.length - 1 }),
    side: fc.nat(2),
  })
  .map(({ stakeFen, pushPermille, market, side }) => {
    const validFen = stakeFen - Math.floor((stakeFen * pushPermille) / 1000);
    const m = MARKETS[market];
    return { stakeFen, validFen, opposed: m ? { market: m.market, side: m.sides[side % m.sides.length]!, sides: m.sides.length } : null };
  });

describe('netRoundLines, for any round', () => {
  it('never counts more than the stakes, nor more than the lines’ own valid amounts', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 12 }), (lines) => {
        const out = netRoundLines(lines);
        out.forEach((o, i) => {
          expect(o.validFen).toBeGreaterThanOrEqual(0);
          expect(o.validFen).toBeLessThanOrEqual(lines[i]!.validFen);
          expect(o.hedgedFen).toBeLessThanOrEqual(lines[i]!.stakeFen);
          expect(o.validFen + o.hedgedFen).toBeLessThanOrEqual(lines[i]!.stakeFen);
        });
        expect(netRound(lines).validFen).toBeLessThanOrEqual(lines.reduce((s, l) => s + l.stakeFen, 0));
      }),
    );
  });

  it('is symmetric: swapping the sides of a market changes nothing', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 12 }), (lines) => {
        const swap = (side: string) => ({ big: 'small', small: 'big', odd: 'even', even: 'odd', home: 'away', away: 'home' })[side] ?? side;
        const swapped = lines.map((l) => (l.opposed ? { ...l, opposed: { ...l.opposed, side: swap(l.opposed.side) } } : l));
        expect(netRound(swapped)).toEqual(netRound(lines));
      }),
    );
  });

  it('equals the plain sum of valid amounts when no market has all its sides', () => {
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 12 }), (lines) => {
        const oneSided = lines.map((l) => (l.opposed ? { ...l, opposed: { ...l.opposed, side: 'only' } } : l));
        expect(netRound(oneSided)).toEqual({ validFen: oneSided.reduce((s, l) => s + l.validFen, 0), hedgedFen: 0 });
      }),
    );
  });

  it('counts a two-way round without pushes as its net exposure |A − B|', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1e8 }), { maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 1e8 }), { maxLength: 5 }), (bigs, smalls) => {
        const lines = [...bigs.map((s) => line(s, size('big'))), ...smalls.map((s) => line(s, size('small')))];
        const a = bigs.reduce((x, y) => x + y, 0);
        const b = smalls.reduce((x, y) => x + y, 0);
        const both = bigs.length > 0 && smalls.length > 0;
        expect(netRound(lines)).toEqual({ validFen: both ? Math.abs(a - b) : a + b, hedgedFen: both ? 2 * Math.min(a, b) : 0 });
      }),
    );
  });
});

describe('hedgedShareFlagged', () => {
  it(`flags a hedged share above ${HEDGED_SHARE_FLAG * 100}% of the stake, never a member without stake`, () => {
    expect(hedgedShareFlagged(0, 0)).toBe(false);
    expect(hedgedShareFlagged(30_00, 100_00)).toBe(false);
    expect(hedgedShareFlagged(30_01, 100_00)).toBe(true);
  });
});
