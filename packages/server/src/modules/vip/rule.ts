import { sql, type RawBuilder } from 'kysely';
import { NEXT_TIER_CONDITIONS, type TierThresholds, type VipFigures } from '@app/contract';

/** Where the contract's figures are stored (vip_standings) and the tiers' thresholds (vip_tiers). */
const FIGURE_COLUMN: Record<keyof VipFigures, 'paysum_fen' | 'flow_fen'> = { paysumFen: 'paysum_fen', flowFen: 'flow_fen' };
const THRESHOLD_COLUMN: Record<keyof TierThresholds, 'recharge_fen' | 'flow_fen'> = { rechargeFen: 'recharge_fen', flowFen: 'flow_fen' };

/**
 * The contract's nextTierEligible as SQL, for the standing `standing` (a vip_standings row) against the
 * tier `tier` (a vip_tiers row): built from the same NEXT_TIER_CONDITIONS, so the promotion the server
 * runs is the rule the member's screens show (vip-rule.test.ts holds the two to one table of cases).
 */
export function nextTierReached(standing: string, tier: string): RawBuilder<boolean> {
  const conditions = NEXT_TIER_CONDITIONS.map((c) => sql`${sql.ref(`${standing}.${FIGURE_COLUMN[c.member]}`)} >= ${sql.ref(`${tier}.${THRESHOLD_COLUMN[c.tier]}`)}`);
  return sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}
