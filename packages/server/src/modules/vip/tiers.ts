import type { Insertable, Selectable } from 'kysely';
import { fenToYuan, percentToBp, yuanToFen, type AdminVipTier, type VipTier } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { writeAudit, type Actor } from '../audit/service.js';
import type { Tx } from '../ledger/service.js';

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

/** A tier as the console reads and writes it: money in yuan, rates in percent. */
function tierOf(t: Selectable<Database['vip_tiers']>): AdminVipTier {
  return {
    level: t.level,
    name: t.name,
    recharge: fenToYuan(t.recharge_fen),
    flow: fenToYuan(t.flow_fen),
    retention_flow: fenToYuan(t.retention_flow_fen),
    levelup_bonus: fenToYuan(t.levelup_bonus_fen),
    realperson: percentOf(t.realperson_bp),
    sport: percentOf(t.sport_bp),
    e_sport: percentOf(t.e_sport_bp),
    joker: percentOf(t.joker_bp),
    electron: percentOf(t.electron_bp),
    lottery: percentOf(t.lottery_bp),
  };
}

/** The ten tiers: money in yuan, rates in percent (as /api/uservip shows them). */
export async function adminTiers(db: Kdb): Promise<AdminVipTier[]> {
  const rows = await db.selectFrom('vip_tiers').selectAll().orderBy('level').execute();
  return rows.map(tierOf);
}

/** A tier as submitted: the request schema (vipTiersSchema → vipTiersFailure) has accepted the table. */
export type TierInput = Record<string, unknown> & { level: number; name: string };

/**
 * Staff save the whole table (VIP与返水) in one statement, the rows locked first so two staff saving
 * at once apply one after the other, with the audit row (both whole tables) in the same transaction.
 * A save that changes nothing writes nothing. Answers the table as stored.
 */
export async function saveTiers(db: Kdb, actor: Actor, input: TierInput[]): Promise<AdminVipTier[]> {
  const fen = (v: unknown) => yuanToFen(v)!;
  const bp = (v: unknown) => percentToBp(v)!;
  const rows = input.map((t) => ({
    level: t.level,
    name: t.name.trim(),
    recharge_fen: fen(t.recharge),
    flow_fen: fen(t.flow),
    retention_flow_fen: fen(t.retention_flow),
    levelup_bonus_fen: fen(t.levelup_bonus),
    realperson_bp: bp(t.realperson),
    sport_bp: bp(t.sport),
    e_sport_bp: bp(t.e_sport),
    joker_bp: bp(t.joker),
    electron_bp: bp(t.electron),
    lottery_bp: bp(t.lottery),
  }));
  return db.transaction().execute(async (tx) => {
    const before = (await tx.selectFrom('vip_tiers').selectAll().orderBy('level').forUpdate().execute()).map(tierOf);
    const after = rows.map(tierOf);
    if (JSON.stringify(before) === JSON.stringify(after)) return before;
    await tx
      .insertInto('vip_tiers')
      .values(rows)
      .onConflict((oc) =>
        oc.column('level').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          recharge_fen: eb.ref('excluded.recharge_fen'),
          flow_fen: eb.ref('excluded.flow_fen'),
          retention_flow_fen: eb.ref('excluded.retention_flow_fen'),
          levelup_bonus_fen: eb.ref('excluded.levelup_bonus_fen'),
          realperson_bp: eb.ref('excluded.realperson_bp'),
          sport_bp: eb.ref('excluded.sport_bp'),
          e_sport_bp: eb.ref('excluded.e_sport_bp'),
          joker_bp: eb.ref('excluded.joker_bp'),
          electron_bp: eb.ref('excluded.electron_bp'),
          lottery_bp: eb.ref('excluded.lottery_bp'),
        })),
      )
      .execute();
    await writeAudit(tx, actor, 'vip.tiers', 'vip_tiers', { tiers: before }, { tiers: after });
    return after;
  });
}

/** The first tier table of a new platform (the seed), inside the seed's transaction. */
export async function insertTiers(tx: Tx, tiers: Insertable<Database['vip_tiers']>[]): Promise<void> {
  await tx.insertInto('vip_tiers').values(tiers).execute();
}
