// Migrations of the tables modules/invites/schema.ts declares; db/migrations.ts runs every owner's in one order.
import type { Migration } from '../../db/migration.js';

/** The staff-set commission plan. */
export const commissionPlan: Migration = {
  id: '049_commission_plan',
  was: '021_invites',
  sql: /* sql */ `
-- Invitations and the commission plan (modules/invites; contract invites.ts). The staff-set plan as one
-- JSON row, checked by the contract's commissionPlanFailure before it is stored; no row means the
-- contract's DEFAULT_COMMISSION_PLAN.
CREATE TABLE commission_plan (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  plan jsonb NOT NULL,
  updated_by bigint REFERENCES staff(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
