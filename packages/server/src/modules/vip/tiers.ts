import { fenToYuan, type VipTier } from '@app/contract';
import type { Kdb } from '../../db/connect.js';

/** A rate in basis points of a percent as the wire's percentage: 80 bp → 0.8 (%). */
const percentOf = (bp: number): number => bp / 100;

/** The ten tiers as the member app shows them (spec §3 VIP tier): money in yuan, rates in percent. */
export async function listTiers(db: Kdb): Promise<VipTier[]> {
  const rows = await db.selectFrom('vip_tiers').selectAll().orderBy('level').execute();
  return rows.map((t) => ({
    level: t.level,
    name: t.name,
    recharge: fenToYuan(Number(t.recharge_fen)),
    flow: fenToYuan(Number(t.flow_fen)),
    realperson: percentOf(t.realperson_bp),
    sport: percentOf(t.sport_bp),
    e_sport: percentOf(t.e_sport_bp),
    joker: percentOf(t.joker_bp),
    electron: percentOf(t.electron_bp),
    lottery: percentOf(t.lottery_bp),
  }));
}
