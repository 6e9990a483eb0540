import type { Transaction } from 'kysely';
import { fenOfYuan } from '@app/contract';
import type { Database } from '../db/schema.js';
import { insertTiers } from '../modules/vip/tiers.js';

/**
 * VIP tiers 1–10 (DESIGN §8). Thresholds in yuan here, stored in fen; rebate rates in basis points
 * of a percent (bp, 0.01 %): 40 bp = 0.40 %. Members start at VIP1, so VIP1 asks for nothing.
 */
export interface VipTierSeed {
  level: number;
  rechargeYuan: number;
  flowYuan: number;
  /** Turnover needed within each 90-day period to keep the level. */
  retentionFlowYuan: number;
  /** 晋级礼金 paid once on first reaching the level (migration 013_vip sets the same on older databases). */
  levelupBonusYuan: number;
  rates: { realperson: number; sport: number; e_sport: number; joker: number; electron: number; lottery: number };
}

const RECHARGE_YUAN = [0, 1_000, 5_000, 20_000, 50_000, 100_000, 300_000, 600_000, 1_000_000, 2_000_000];
const FLOW_YUAN = [0, 5_000, 25_000, 100_000, 250_000, 500_000, 1_500_000, 3_000_000, 5_000_000, 10_000_000];
const RETENTION_YUAN = [0, 2_000, 10_000, 40_000, 100_000, 200_000, 600_000, 1_200_000, 2_000_000, 4_000_000];

/** First and last tier's rate per category; the tiers between step evenly, rounded to 5 bp. */
const LEVELUP_BONUS_YUAN = [0, 18, 38, 88, 188, 388, 888, 1_888, 3_888, 8_888];

const RATE_RANGE_BP = {
  realperson: [40, 100],
  sport: [45, 110],
  e_sport: [45, 110],
  joker: [40, 105],
  electron: [50, 120],
  lottery: [40, 100],
} as const;

function rate([first, last]: readonly [number, number], level: number): number {
  const raw = first + ((last - first) * (level - 1)) / 9;
  return Math.round(raw / 5) * 5;
}

export const VIP_TIERS: VipTierSeed[] = RECHARGE_YUAN.map((rechargeYuan, i) => {
  const level = i + 1;
  return {
    level,
    rechargeYuan,
    flowYuan: FLOW_YUAN[i],
    retentionFlowYuan: RETENTION_YUAN[i],
    levelupBonusYuan: LEVELUP_BONUS_YUAN[i],
    rates: {
      realperson: rate(RATE_RANGE_BP.realperson, level),
      sport: rate(RATE_RANGE_BP.sport, level),
      e_sport: rate(RATE_RANGE_BP.e_sport, level),
      joker: rate(RATE_RANGE_BP.joker, level),
      electron: rate(RATE_RANGE_BP.electron, level),
      lottery: rate(RATE_RANGE_BP.lottery, level),
    },
  };
});

export function vipBadge(level: number): string {
  return `/assets/vip/vip${level}.svg`;
}

/** The tiers above into vip_tiers (names VIP1…VIP10), inside the seed's transaction. */
export async function seedVipTiers(tx: Transaction<Database>): Promise<void> {
  await insertTiers(
    tx,
    VIP_TIERS.map((t) => ({
      level: t.level,
      name: `VIP${t.level}`,
      recharge_fen: fenOfYuan(t.rechargeYuan),
      flow_fen: fenOfYuan(t.flowYuan),
      retention_flow_fen: fenOfYuan(t.retentionFlowYuan),
      levelup_bonus_fen: fenOfYuan(t.levelupBonusYuan),
      realperson_bp: t.rates.realperson,
      sport_bp: t.rates.sport,
      e_sport_bp: t.rates.e_sport,
      joker_bp: t.rates.joker,
      electron_bp: t.rates.electron,
      lottery_bp: t.rates.lottery,
    })),
  );
}
