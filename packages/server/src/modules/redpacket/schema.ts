import type { Generated } from 'kysely';
import type { Json } from '../../db/columns.js';

/** The tables modules/redpacket owns: only it writes them (scripts/check-tables.mjs). */
export interface RedPacketTables {
  red_packet_rules: { id: Generated<number>; rules: Json<unknown>; updated_by: number | null; updated_at: Generated<Date> };
  red_packet_days: { day: string; budget_fen: number; used_fen: Generated<number>; draws: Generated<number> };
  red_packet_draws: {
    id: Generated<number>;
    member_id: number;
    day: string;
    seq: number;
    amount_fen: number;
    recharge_fen: Generated<number>;
    journal_id: number;
    created_at: Generated<Date>;
  };
}
