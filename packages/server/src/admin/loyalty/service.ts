import { sql, type Selectable } from 'kysely';
import {
  ADMIN_MSG,
  fenToYuan,
  fmt,
  LOYALTY_ADMIN_MSG,
  percentToBp,
  VIP_REASON_LABELS,
  yuanToFen,
  type AdminMemberVip,
  type AdminVipTier,
  type VipChangeResult,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { beijing, beijingDate } from '../../lib/time.js';
import { periodFlowFen, VIP_PERIOD_DAYS } from '../../modules/vip/relegate.js';
import { VIP_REASON } from '../../modules/vip/service.js';
import { writeAudit, type Actor } from '../../modules/audit/service.js';

/**
 * The console's VIP tools (issue 11 item 6): the tier table as staff edit it, a member's VIP with its
 * history, and the manual level change. The engine (modules/vip) reads the same rows: a saved table
 * is what the next promotion, relegation, rebate day and /api/uservip use (nothing caches tiers).
 */

/** History rows in a member's VIP section, newest first. */
const VIP_HISTORY_ROWS = 50;
const DAY_MS = 86_400_000;

const bpToPercent = (bp: number): number => bp / 100;

function tierOf(t: Selectable<Database['vip_tiers']>): AdminVipTier {
  return {
    level: t.level,
    name: t.name,
    recharge: fenToYuan(t.recharge_fen),
    flow: fenToYuan(t.flow_fen),
    retention_flow: fenToYuan(t.retention_flow_fen),
    levelup_bonus: fenToYuan(t.levelup_bonus_fen),
    realperson: bpToPercent(t.realperson_bp),
    sport: bpToPercent(t.sport_bp),
    e_sport: bpToPercent(t.e_sport_bp),
    joker: bpToPercent(t.joker_bp),
    electron: bpToPercent(t.electron_bp),
    lottery: bpToPercent(t.lottery_bp),
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
 * Saves the whole table in one statement, the rows locked first so two staff saving at once apply one
 * after the other, with the audit row (both whole tables) in the same transaction. A save that
 * changes nothing writes nothing. Answers the table as stored.
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

/**
 * A member's VIP as the member drawer shows it: the promotion figures against the next tier, the
 * current retention period (the same turnover relegation will measure) and the level history with
 * who made each manual change.
 */
export async function memberVip(db: Kdb, memberId: number): Promise<AdminMemberVip> {
  const r = await sql<{
    vip: number;
    is_trial: boolean;
    paysum_fen: number;
    flow_fen: number;
    period_start: Date;
    changed_on: string | null;
    retention_flow_fen: number | null;
    next_level: number | null;
    next_recharge_fen: number | null;
    next_flow_fen: number | null;
    period_flow_fen: number;
  }>`
    SELECT m.vip, m.is_trial, m.paysum_fen, m.flow_fen, m.vip_period_start AS period_start,
      to_char(m.vip_changed_on, 'YYYY-MM-DD') AS changed_on, t.retention_flow_fen,
      n.level AS next_level, n.recharge_fen AS next_recharge_fen, n.flow_fen AS next_flow_fen,
      ${periodFlowFen(sql`m.id`, sql`m.vip_period_start`)} AS period_flow_fen
    FROM members m
    LEFT JOIN vip_tiers t ON t.level = m.vip
    LEFT JOIN vip_tiers n ON n.level = m.vip + 1
    WHERE m.id = ${memberId}`.execute(db);
  const m = r.rows[0];
  if (!m) throw notFound(ADMIN_MSG.memberMissing);
  const history = await db
    .selectFrom('vip_history as h')
    .leftJoin('staff as s', 's.id', 'h.staff_id')
    .select(['h.id', 'h.from_level', 'h.to_level', 'h.reason', 'h.note', 's.username as staff_name', 'h.created_at'])
    .where('h.member_id', '=', memberId)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(VIP_HISTORY_ROWS)
    .execute();
  const start = new Date(m.period_start);
  return {
    level: m.vip,
    is_trial: m.is_trial,
    paysum: fenToYuan(m.paysum_fen),
    flow: fenToYuan(m.flow_fen),
    next: m.next_level === null ? null : { level: m.next_level, recharge: fenToYuan(m.next_recharge_fen ?? 0), flow: fenToYuan(m.next_flow_fen ?? 0) },
    period_start: beijing(start),
    period_end: beijing(new Date(start.getTime() + VIP_PERIOD_DAYS * DAY_MS)),
    period_flow: fenToYuan(Number(m.period_flow_fen)),
    retention_flow: fenToYuan(m.retention_flow_fen ?? 0),
    changed_on: m.changed_on ?? '',
    history: history.map((h) => ({
      id: h.id,
      from_level: h.from_level,
      to_level: h.to_level,
      reason: h.reason,
      reason_label: VIP_REASON_LABELS[h.reason] ?? h.reason,
      note: h.note,
      staff_name: h.staff_name ?? '',
      created_at: beijing(h.created_at),
    })),
  };
}

/**
 * A manual level change: any level VIP1–VIP10, without the level-up bonus (a bonus is earned by
 * climbing, DESIGN §8). Like the engine's own changes it starts a new retention period and counts
 * as the day's level change, and it is a vip_history row, so the rebate of its Beijing day and of the
 * days after it uses the new level; the row keeps the staff member's reason and name. Member row locked first, as every
 * level change does (modules/vip/service.ts promoteBatch). Trial accounts have no level to change.
 */
export async function changeMemberVip(db: Kdb, actor: Actor, memberId: number, change: { level: number; reason: string }, now: Date = new Date()): Promise<VipChangeResult> {
  const reason = change.reason.trim();
  return db.transaction().execute(async (tx) => {
    const r = await sql<{ vip: number; is_trial: boolean }>`SELECT vip, is_trial FROM members WHERE id = ${memberId} FOR NO KEY UPDATE`.execute(tx);
    const m = r.rows[0];
    if (!m) throw notFound(ADMIN_MSG.memberMissing);
    if (m.is_trial) throw badRequest(LOYALTY_ADMIN_MSG.vipTrial);
    if (m.vip === change.level) throw badRequest(fmt(LOYALTY_ADMIN_MSG.vipSame, { level: change.level }));
    await tx.updateTable('members').set({ vip: change.level, vip_changed_on: beijingDate(now), vip_period_start: now }).where('id', '=', memberId).execute();
    await tx
      .insertInto('vip_history')
      .values({ member_id: memberId, from_level: m.vip, to_level: change.level, reason: VIP_REASON.manual, note: reason, staff_id: actor.id, created_at: now })
      .execute();
    await writeAudit(tx, actor, 'member.vip', `member:${memberId}`, { vip: m.vip }, { vip: change.level, reason });
    return { level: change.level };
  });
}
