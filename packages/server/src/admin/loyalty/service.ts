import { sql } from 'kysely';
import { ADMIN_MSG, fenToYuan, VIP_REASON_LABELS, type AdminMemberVip } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { periodFlowFen, VIP_PERIOD_DAYS } from '../../modules/vip/relegate.js';

/**
 * The console's view of a member's VIP. The tier table staff edit and the manual
 * level change are the VIP module's (modules/vip tiers.ts, standing.ts): a saved table is what the
 * next promotion, relegation, rebate day and /api/uservip use (nothing caches tiers).
 */

/** History rows in a member's VIP section, newest first. */
const VIP_HISTORY_ROWS = 50;
const DAY_MS = 86_400_000;

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
    SELECT f.vip, f.is_trial, f.paysum_fen, f.flow_fen, f.vip_period_start AS period_start,
      to_char(f.vip_changed_on, 'YYYY-MM-DD') AS changed_on, t.retention_flow_fen,
      n.level AS next_level, n.recharge_fen AS next_recharge_fen, n.flow_fen AS next_flow_fen,
      ${periodFlowFen(sql`f.member_id`, sql`f.vip_period_start`)} AS period_flow_fen
    FROM member_figures f
    LEFT JOIN vip_tiers t ON t.level = f.vip
    LEFT JOIN vip_tiers n ON n.level = f.vip + 1
    WHERE f.member_id = ${memberId}`.execute(db);
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
