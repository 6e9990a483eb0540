/**
 * VIP rules (spec §3 VIP tier, §4 VIP rules, §9; DESIGN §8) the server promotes by and the screens
 * show. Kept tiny: it is part of the member app's first paint.
 */

/** Progress to the next level in whole percent: paysum ÷ that tier's recharge, rounded, capped at 100; 0 when either is 0. */
export function vipProgress(paysumFen: number, nextTierRechargeFen: number): number {
  if (!(paysumFen > 0) || !(nextTierRechargeFen > 0)) return 0;
  return Math.min(100, Math.round((paysumFen / nextTierRechargeFen) * 100));
}

/** Eligible for the next tier: cumulative deposit (recharge) AND turnover (flow) both reached. */
export function nextTierEligible(member: { paysumFen: number; flowFen: number }, tier: { rechargeFen: number; flowFen: number }): boolean {
  return member.paysumFen >= tier.rechargeFen && member.flowFen >= tier.flowFen;
}

/** The two conditions of the next level, each in whole percent, and whether both are met. */
export interface VipBars {
  recharge: number;
  flow: number;
  eligible: boolean;
}

/**
 * Progress to the next tier on both of its conditions (DESIGN §8: promotion needs the deposit AND the
 * turnover), so a screen never shows a full bar beside a level the member has not reached.
 */
export function vipBars(member: { paysumFen: number; flowFen: number }, tier: { rechargeFen: number; flowFen: number }): VipBars {
  // A tier that asks nothing of a condition counts it as met.
  const bar = (haveFen: number, needFen: number) => (needFen > 0 ? vipProgress(haveFen, needFen) : 100);
  const eligible = nextTierEligible(member, tier);
  const cap = (pct: number, met: boolean) => (met ? pct : Math.min(pct, 99));
  return {
    // Rounding must not show 100 % for a condition that is short by a few fen.
    recharge: cap(bar(member.paysumFen, tier.rechargeFen), member.paysumFen >= tier.rechargeFen),
    flow: cap(bar(member.flowFen, tier.flowFen), member.flowFen >= tier.flowFen),
    eligible,
  };
}
