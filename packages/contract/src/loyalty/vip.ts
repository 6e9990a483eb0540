/**
 * VIP rules (spec §3 VIP tier, §4 VIP rules, §9; DESIGN §8) the server promotes by and the screens
 * show. Kept tiny: it is part of the member app's first paint.
 */

/** Progress to the next level in whole percent: paysum ÷ that tier's recharge, rounded, capped at 100; 0 when either is 0. */
export function vipProgress(paysumFen: number, nextTierRechargeFen: number): number {
  if (!(paysumFen > 0) || !(nextTierRechargeFen > 0)) return 0;
  return Math.min(100, Math.round((paysumFen / nextTierRechargeFen) * 100));
}

/** The member's figures promotion measures: cumulative deposit (paysum) and turnover (flow). */
export interface VipFigures {
  paysumFen: number;
  flowFen: number;
}
/** What a tier asks of them. */
export interface TierThresholds {
  rechargeFen: number;
  flowFen: number;
}

/**
 * The promotion rule, condition by condition (DESIGN §8: the deposit AND the turnover): each member
 * figure must reach the tier's threshold. The one statement of it: nextTierEligible reads it here, and
 * the server's promotion SQL is built from it (modules/vip/rule.ts), so the two cannot drift.
 */
export const NEXT_TIER_CONDITIONS: ReadonlyArray<{ member: keyof VipFigures; tier: keyof TierThresholds }> = [
  { member: 'paysumFen', tier: 'rechargeFen' },
  { member: 'flowFen', tier: 'flowFen' },
];

/** Eligible for the next tier: every condition of NEXT_TIER_CONDITIONS met. */
export function nextTierEligible(member: VipFigures, tier: TierThresholds): boolean {
  return NEXT_TIER_CONDITIONS.every((c) => member[c.member] >= tier[c.tier]);
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
export function vipBars(member: VipFigures, tier: TierThresholds): VipBars {
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
