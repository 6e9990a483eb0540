import { describe, expect, it } from 'vitest';
import { rebateCategoryOf, rebateFen, REBATE_CATEGORIES } from '@app/contract';

// The rebate rule (contract rebate.ts, spec §4 "rebate is computed on valid bets of the Beijing-time
// day", the requirement: "valid bets per category × the member's rate for that category at that day's level
// (rounded down to the fen)"). Pure: no server.

describe('the rebate rule (contract rebate.ts)', () => {
  it('is valid bets × the rate, rounded down to the fen', () => {
    // 100 元 of valid bets at 0.80 % (80 basis points of a percent): 0.80 元.
    expect(rebateFen(100_00, 80)).toBe(80);
    // 123.45 元 at 0.80 %: 0.98760 元, rounded down to 0.98 元.
    expect(rebateFen(123_45, 80)).toBe(98);
    // 1.24 元 at 0.80 %: 0.00992 元, rounded down to nothing.
    expect(rebateFen(1_24, 80)).toBe(0);
    expect(rebateFen(99_999_999_99, 150)).toBe(149_999_999);
  });

  it('is 0 without valid bets or without a rate', () => {
    expect(rebateFen(0, 80)).toBe(0);
    expect(rebateFen(100_00, 0)).toBe(0);
    expect(rebateFen(-100_00, 80)).toBe(0);
  });

  it('maps the hall categories onto the six rebate categories (electronic games, slots and fishing are 电子)', () => {
    expect(REBATE_CATEGORIES).toEqual(['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery']);
    expect(['realbet', 'sport', 'gaming', 'joker', 'concise', 'lottery'].map(rebateCategoryOf)).toEqual(['realperson', 'sport', 'e_sport', 'joker', 'electron', 'lottery']);
    expect(rebateCategoryOf('fishing')).toBe('electron');
  });
});
