import { z } from 'zod';
import { multiline, numberAsSent, pageNumber, text } from '../shared/validation.js';
import { ADMIN_LIMITS as AL } from '../shared/constants.js';
import { staffReasonFailure } from '../shared/rules.js';
import { FINANCE_DESK_MSG, thresholdFailure, txidFailure } from './finance-desk.js';
import { dayRangeFailure } from './member360.schemas.js';

/** Request schemas of the finance desk's routes (finance-desk.ts has the rules and messages). */

const issue = (ctx: z.RefinementCtx, message: string | null) => {
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** GET /admin/api/approvals?state=&page=: state 0 waiting (default), 1 approved, 2 rejected, 'all' (or '') all. */
export const approvalListQuery = z.object({
  state: z
    .string()
    .max(3)
    .default('0')
    .transform((v) => (v === '' || v === 'all' ? undefined : ['0', '1', '2'].includes(v) ? Number(v) : 0)),
  page: pageNumber(),
});

/** POST /admin/api/approvals/:id/reject {reason}. */
export const approvalRejectSchema = z
  .object({ reason: multiline(z.string().max(4000).default('')) })
  .superRefine((v, ctx) => issue(ctx, staffReasonFailure(v.reason, FINANCE_DESK_MSG.approvalReason)));

/** POST /admin/api/finance-settings {adjust_review_threshold}. */
export const financeSettingsSchema = z
  .object({ adjust_review_threshold: numberAsSent() })
  .superRefine((v, ctx) => issue(ctx, thresholdFailure(v.adjust_review_threshold)));

/** POST /admin/api/withdrawals/:id/approve: a USDT payout names its transaction hash. */
export const withdrawalApproveSchema = z
  .object({ txid: z.string().trim().max(200).optional() })
  .default({})
  .superRefine((v, ctx) => issue(ctx, v.txid === undefined || v.txid === '' ? null : txidFailure(v.txid)));

/** GET /admin/api/audit-log and /audit-log.csv: staff name, action, Beijing days from–to (either may be empty). */
export const auditLogQuery = z
  .object({
    page: pageNumber(),
    staff: text(AL.usernameMax),
    action: text(40),
    from: z.string().trim().max(20).default(''),
    to: z.string().trim().max(20).default(''),
  })
  .superRefine((v, ctx) => issue(ctx, dayRangeFailure(v.from, v.to)));
