import { z } from 'zod';
import { int, multiline, refineWith } from '../shared/validation.js';
import { MEMBER_CARE_LIMITS as L, careReasonFailure, memberProfileFailure, moveAgentFailure, noteFailure, resetPasswordFailure, tagsFailure } from './member-care.js';
import { LIMITS } from '../shared/constants.js';

/**
 * Request schemas of the console's 会员服务 (member-care.ts). Shapes cap lengths a little above the
 * rules, so the rules (not the shape) answer with their messages.
 */

const reason = () => z.string().trim().max(L.reasonMax * 4).default('');

/** POST /admin/api/members/:id/password/reset */
export const resetPasswordSchema = z.object({ password: z.string().max(L.passwordMax + 50).default(''), reason: reason() }).superRefine(refineWith(resetPasswordFailure));

/** POST …/paypass/reset and …/login/unlock */
export const careReasonSchema = z.object({ reason: reason() }).superRefine(refineWith((v: { reason: string }) => careReasonFailure(v.reason)));

/** POST …/sessions/end */
export const endSessionsSchema = z
  .object({ session: z.string().trim().max(64).default(''), reason: reason() })
  .superRefine(refineWith((v: { reason: string }) => careReasonFailure(v.reason)));

/** POST …/notes */
export const memberNoteSchema = z.object({ body: multiline(z.string().trim().max(L.noteMax * 4).default('')) }).superRefine(refineWith((v: { body: string }) => noteFailure(v.body)));

/** POST …/tags (the whole set) */
export const memberTagsSchema = z
  .object({ tags: z.array(z.string().max(L.tagMax * 4)).max(L.tagsMax * 3).default([]), reason: reason() })
  .superRefine(refineWith(tagsFailure));

/** POST …/profile (the whole set: name, mobile, email; an empty mobile or email clears it) */
export const memberProfileSchema = z
  .object({
    realname: z.string().trim().max(LIMITS.inputMaxLength * 4).default(''),
    mobile: z.string().trim().max(LIMITS.inputMaxLength * 4).default(''),
    email: z.string().trim().max(LIMITS.emailMax * 4).default(''),
    reason: reason(),
  })
  .superRefine(refineWith(memberProfileFailure));

/** POST …/cards/:card/unbind */
export const memberCardParams = z.object({ id: int(1, Number.MAX_SAFE_INTEGER), card: int(1, Number.MAX_SAFE_INTEGER) });

/** POST …/agent/move */
export const moveAgentSchema = z.object({ agent: z.string().trim().max(64).default(''), reason: reason() }).superRefine(refineWith(moveAgentFailure));
