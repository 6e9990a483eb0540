import { z } from 'zod';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { staffReasonFailure } from '../shared/rules.js';
import { fmt } from '../shared/messages.js';
import { activityRulesFailure, APPLICATION_STATE, PROMO_MSG, type ActivityRulesForm } from './promotions.js';
import { activityFormFailure, activityTypeNameFailure, PROMO_ADMIN_LIMITS, PROMO_ADMIN_MSG, type ActivityForm } from './promotions.admin.js';
import { int, multiline, optionalInt, pageNumber, text } from '../shared/validation.js';

/**
 * Request schemas of promotions (promotions.ts): the member's application and log, the console's
 * queue, review and rules. Shapes coerce; the rules in promotions.ts decide, with their messages.
 */


/** POST /api/doactivityapply {activityid} */
export const doActivityApplySchema = z.object({ activityid: int(1, 2 ** 31 - 1) });

/** POST /api/activityApplyLog {page} */
export const activityApplyLogSchema = z.object({ page: pageNumber() });

/** GET /admin/api/activity-applications: state 0 审核中 1 已通过 2 已拒绝 (empty: all), member keyword, activity. */
export const activityApplicationsQuery = z.object({
  state: optionalInt(APPLICATION_STATE.pending, APPLICATION_STATE.rejected),
  keyword: text(ADMIN_LIMITS.keywordMax),
  activity_id: optionalInt(1, 2 ** 31 - 1),
  page: pageNumber(),
});

/** POST /admin/api/activity-applications/:id/reject: the reason (the member reads it), and whether to mail it (default yes). */
export const activityRejectSchema = z
  .object({ reason: multiline(z.string().max(4000).default('')), mail: z.boolean().default(true) })
  .superRefine((v, ctx) => {
    const message = staffReasonFailure(v.reason, PROMO_MSG.rejectReason);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const amount = () => z.union([z.number(), z.string().max(40)]).optional();
const rulesShape = z.object({
  eligibility: z.string().max(40).default(''),
  days: amount(),
  min_amount: amount(),
  frequency: z.string().max(40).default(''),
  payout: z.string().max(40).default(''),
  amount: amount(),
  percent: amount(),
  cap: amount(),
  turnover_multiple: amount(),
  auto_approve: z.boolean().default(false),
  ends_at: z.string().trim().max(40).default(''),
  stack_with_others: z.boolean().default(false),
});

/** POST /admin/api/activities/:id/rules {rules}: the rules (activityRulesFailure decides), or null to take no applications. */
export const activityRulesSchema = z
  .object({ rules: z.union([z.null(), rulesShape]) })
  .superRefine((v, ctx) => {
    if (v.rules === null) return;
    const message = activityRulesFailure(v.rules as Partial<Record<keyof ActivityRulesForm, unknown>>);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

// ---- the console's activity and type editors (promotions.admin.ts) -----------------------------

const htmlField = () => multiline(z.string().max(PROMO_ADMIN_LIMITS.htmlMax + 1).default(''));

/**
 * POST /admin/api/activities and /activities/:id: the activity's fields (activityFormFailure decides)
 * and, when present, its rules (activityRulesFailure decides; null takes no application). No
 * transform, so content and memo stay declared multi-line (a piped schema has no shape to read).
 */
export const activitySaveSchema = z
  .object({
    type_id: z.union([z.number(), z.string().max(20)]).optional(),
    title: z.string().max(PROMO_ADMIN_LIMITS.titleMax * 4).default(''),
    banner: z.string().trim().max(300).default(''),
    content: htmlField(),
    memo: htmlField(),
    enabled: z.boolean().default(true),
    sort: z.union([z.number(), z.string().max(20)]).default(0),
    rules: z.union([z.null(), rulesShape]).optional(),
  })
  .superRefine((v, ctx) => {
    const message =
      activityFormFailure(v as Partial<Record<keyof ActivityForm, unknown>>) ??
      (v.rules ? activityRulesFailure(v.rules as Partial<Record<keyof ActivityRulesForm, unknown>>) : null);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST /admin/api/activities/:id/state {enabled} */
export const activityStateSchema = z.object({ enabled: z.boolean() });

/** POST /admin/api/activities/order and /activity-types/order {ids}: every id once, in the new order. */
export const orderSchema = z
  .object({ ids: z.array(int(1, 2 ** 31 - 1)).max(PROMO_ADMIN_LIMITS.orderMax).default([]) })
  .superRefine((v, ctx) => {
    if (v.ids.length === 0 || new Set(v.ids).size !== v.ids.length) ctx.addIssue({ code: 'custom', message: fmt(PROMO_ADMIN_MSG.order, { max: PROMO_ADMIN_LIMITS.orderMax }) });
  });

/** POST /admin/api/activity-types and /activity-types/:id {name, sort?} */
export const activityTypeSaveSchema = z
  .object({ name: z.string().max(PROMO_ADMIN_LIMITS.typeNameMax * 4).default(''), sort: int(0, PROMO_ADMIN_LIMITS.sortMax).optional() })
  .superRefine((v, ctx) => {
    const message = activityTypeNameFailure(v.name);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** GET /admin/api/activity-applications.csv: the queue's filters, every page. */
export const activityApplicationsExportQuery = activityApplicationsQuery.omit({ page: true });

// ---- what members read: the activity list and one activity --------------------------------------

export const activityListSchema = z.object({ type: z.coerce.number().int().min(0).max(1000).optional().catch(undefined) });

export const activityDetailSchema = z.object({ id: int(1, 2 ** 31 - 1) });
