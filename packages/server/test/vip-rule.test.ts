import { describe, expect, it } from 'vitest';
import { nextTierEligible, vipProgress } from '@app/contract';

// The VIP rules (contract vip.ts; spec §4 "promotion needs cumulative deposit and turnover", §9 "VIP
// progress capped at 100 percent"; issue 11: "VIP progress to the next level = paysum ÷ that tier's
// recharge, rounded, capped at 100, 0 when either is 0"). Pure: no server.

describe('VIP progress to the next level (contract vipProgress)', () => {
  it('is paysum ÷ the next tier’s recharge in percent, rounded', () => {
    expect(vipProgress(500_00, 1_000_00)).toBe(50);
    // 1/3 = 33.33… % rounds to 33; 2/3 = 66.66… % rounds to 67
    expect(vipProgress(1_00, 3_00)).toBe(33);
    expect(vipProgress(2_00, 3_00)).toBe(67);
    // 0.5 % rounds up to 1
    expect(vipProgress(5_00, 1_000_00)).toBe(1);
  });

  it('is capped at 100', () => {
    expect(vipProgress(1_000_00, 1_000_00)).toBe(100);
    expect(vipProgress(5_000_00, 1_000_00)).toBe(100);
  });

  it('is 0 when either the paysum or the recharge is 0', () => {
    expect(vipProgress(0, 1_000_00)).toBe(0);
    expect(vipProgress(1_000_00, 0)).toBe(0);
    expect(vipProgress(0, 0)).toBe(0);
  });
});

describe('eligibility for the next tier (contract nextTierEligible)', () => {
  const tier = { rechargeFen: 1_000_00, flowFen: 5_000_00 };
  it('needs the cumulative deposit AND the turnover', () => {
    expect(nextTierEligible({ paysumFen: 1_000_00, flowFen: 5_000_00 }, tier)).toBe(true);
    expect(nextTierEligible({ paysumFen: 9_000_00, flowFen: 9_000_00 }, tier)).toBe(true);
  });
  it('is refused with only one of them reached', () => {
    expect(nextTierEligible({ paysumFen: 1_000_00, flowFen: 4_999_99 }, tier)).toBe(false);
    expect(nextTierEligible({ paysumFen: 999_99, flowFen: 5_000_00 }, tier)).toBe(false);
    expect(nextTierEligible({ paysumFen: 0, flowFen: 0 }, tier)).toBe(false);
  });
});
