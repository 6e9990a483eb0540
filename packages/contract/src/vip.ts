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
