import { z } from 'zod';
import { int, multiline, pageNumber } from '../shared/validation.js';
import { MAIL_ADMIN_LIMITS as L, mailAudienceFailure, mailCampaignFailure } from './mail.admin.js';

/**
 * Request schemas of the console's 站内信 (mail.admin.ts). Shapes take what may come and cap lengths
 * a little above the rules, so the rules (not the shape) answer with their messages.
 */

const audienceShape = {
  audience: z.string().max(20).default(''),
  member: z.string().trim().max(L.memberMax + 50).default(''),
  vip: z.union([z.number(), z.string().max(20)]).optional(),
};

/** GET /admin/api/mail/audience?audience=&member=&vip= */
export const mailAudienceQuery = z.object(audienceShape).superRefine((v, ctx) => {
  const message = mailAudienceFailure(v);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** POST /admin/api/mail/campaigns */
export const mailCampaignSchema = z
  .object({
    ...audienceShape,
    title: z.string().trim().max(L.titleMax * 4).default(''),
    content: multiline(z.string().trim().max(L.contentMax * 4).default('')),
  })
  .superRefine((v, ctx) => {
    const message = mailCampaignFailure(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** GET /admin/api/mail/campaigns?page= */
export const mailCampaignListQuery = z.object({ page: int(1, 100_000).catch(1).default(1) });

// ---- the member's own mail (站内信) --------------------------------------------------------------

export const messageReadSchema = z.object({ id: int(1, 2 ** 31 - 1) });

export const messageListSchema = z.object({ page: pageNumber() });
