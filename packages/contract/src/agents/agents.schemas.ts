import { z } from 'zod';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { staffReasonFailure } from '../shared/rules.js';
import { AGENT_APPLICATION_STATE, AGENT_LIMITS, AGENT_MSG, agentApplyRules, COMMISSION_ADMIN_MSG, COMMISSION_STATE } from './agents.js';
import { commissionPlanFailure, type CommissionPlan } from './invites.js';
import { form, multiline, optionalInt, pageNumber, staffNote, text } from '../shared/validation.js';

/**
 * Request schemas of agents (agents.ts): the member's application and the console's queue, review
 * and grant/revoke. Shapes coerce; the rules in agents.ts decide, with their messages.
 */


/**
 * POST /api/applyagentdo {mobile, apply_info}: agentApplyRules in the spec's order. The reason is
 * typed in a text area, so its line breaks are kept; the shape's cap is above the rule's so the rule
 * answers first.
 */
export const applyAgentSchema = form(
  { mobile: text(32), apply_info: multiline(z.string().trim().max(AGENT_LIMITS.applyInfoMax * 4).default('')) },
  agentApplyRules,
);

/** GET /admin/api/agent-applications: state 0 审核中 1 已通过 2 已拒绝 (empty: all), member keyword. */
export const agentApplicationsQuery = z.object({
  state: optionalInt(AGENT_APPLICATION_STATE.pending, AGENT_APPLICATION_STATE.rejected),
  keyword: text(ADMIN_LIMITS.keywordMax),
  page: pageNumber(),
});

/** GET /admin/api/agents: current agents by member keyword. */
export const agentListQuery = z.object({ keyword: text(ADMIN_LIMITS.keywordMax), page: pageNumber() });

/** POST /admin/api/agent-applications/:id/reject {reason}: the reason the member reads in its mail and on /applyagent. */
export const agentRejectSchema = z.object({ reason: staffNote() }).superRefine((v, ctx) => {
  const message = staffReasonFailure(v.reason, AGENT_MSG.rejectReason);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** POST /admin/api/members/:id/agent {isagent, reason}: grant (1) or revoke (0) agent status, with the reason the audit log keeps. */
export const memberAgentSchema = z
  .object({ isagent: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) as 0 | 1), reason: staffNote() })
  .superRefine((v, ctx) => {
    const message = staffReasonFailure(v.reason, AGENT_MSG.changeReason);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

// ---- commission in the console ----------------------------------------------------------------------

/** GET /admin/api/commission/statements (and .csv): state 0~3 (empty: all), period (its first day), agent keyword. */
export const commissionStatementsQuery = z.object({
  state: optionalInt(COMMISSION_STATE.pending, COMMISSION_STATE.none),
  period: z
    .string()
    .trim()
    .max(20)
    .default('')
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)), { message: COMMISSION_ADMIN_MSG.period }),
  keyword: text(ADMIN_LIMITS.keywordMax),
  page: pageNumber(),
});

/** POST /admin/api/commission/statements/:id/reject {reason}: the reason the agent reads in its mail. */
export const commissionRejectSchema = z.object({ reason: staffNote() }).superRefine((v, ctx) => {
  const message = staffReasonFailure(v.reason, COMMISSION_ADMIN_MSG.rejectReason);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * POST /admin/api/commission/plan: the whole plan. The fields are taken as sent and the contract's
 * commissionPlanFailure (invites.ts) answers with its message, as the console checks it while typed.
 */
export const commissionPlanSchema = z
  .object({
    model: z.unknown().optional(),
    period: z.unknown().optional(),
    multi_level: z.unknown().optional(),
    tiers: z.unknown().optional(),
    auto_pay_max: z.unknown().optional(),
    valid_active_min: z.unknown().optional(),
    turnover_multiple: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    const message = commissionPlanFailure(v as CommissionPlan);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => v as CommissionPlan);
