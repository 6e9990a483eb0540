import { z } from 'zod';
import { refineWith } from '../shared/validation.js';
import { SERVICE_LIMITS as L, SERVICE_STATES, cannedFailure, serviceTextFailure } from './service-chat.js';

/** Request schemas of 在线客服 (service-chat.ts); the rules answer with their Chinese messages. */


/** POST /admin/api/service/conversations/:id/messages */
export const serviceSendSchema = z
  .object({ content: z.string().max(L.maxChars * 4).default('') })
  .superRefine(refineWith((v: { content: string }) => serviceTextFailure(v.content)))
  .transform((v) => ({ content: v.content.trim() }));

/** GET /admin/api/service/conversations?state= (mine: open ones the caller receives) */
export const serviceListQuery = z.object({ state: z.enum([...SERVICE_STATES, 'mine']).default('waiting') });

/** POST /admin/api/service/conversations/:id/transfer */
export const serviceTransferSchema = z.object({ staff_id: z.coerce.number().int().positive().max(2 ** 31) });

/** POST /admin/api/service/canned and /service/canned/:id */
export const serviceCannedSchema = z
  .object({ title: z.string().max(L.cannedTitleMax * 4).default(''), body: z.string().max(L.cannedBodyMax * 4).default(''), sort: z.coerce.number().int().min(0).max(9999).default(0) })
  .superRefine(refineWith(cannedFailure))
  .transform((v) => ({ title: v.title.trim(), body: v.body.trim(), sort: v.sort }));
