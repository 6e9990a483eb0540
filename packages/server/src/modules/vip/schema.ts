import type { ColumnType, Generated } from 'kysely';

/** The tables modules/vip owns: only it writes them (scripts/check-tables.mjs). */
export interface VipTables {
  vip_tiers: {
    level: number;
    name: string;
    recharge_fen: number;
    flow_fen: number;
    retention_flow_fen: number;
    realperson_bp: number;
    sport_bp: number;
    e_sport_bp: number;
    joker_bp: number;
    electron_bp: number;
    lottery_bp: number;
    levelup_bonus_fen: Generated<number>;
  };
  // a member's VIP standing (modules/vip/standing.ts); none: VIP1 with nothing counted
  vip_standings: {
    member_id: number;
    level: Generated<number>;
    // the Beijing day of the last level change (YYYY-MM-DD), null before the first
    changed_on: ColumnType<string | null, string | null | undefined, string | null>;
    period_start: Generated<Date>;
    paysum_fen: Generated<number>;
    flow_fen: Generated<number>;
  };
  vip_history: {
    id: Generated<number>;
    member_id: number;
    from_level: number;
    to_level: number;
    reason: string;
    // a manual change's reason and the staff member who made it ('' and null for the engine's rows)
    note: Generated<string>;
    staff_id: number | null;
    created_at: Generated<Date>;
  };
}
