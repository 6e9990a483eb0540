import type { Generated } from 'kysely';
import type { Json } from '../../db/columns.js';

/** The tables modules/invites owns: only it writes them (scripts/check-tables.mjs). */
export interface InvitesTables {
  commission_plan: { id: Generated<number>; plan: Json<unknown>; updated_by: number | null; updated_at: Generated<Date> };
}
