import { z } from 'zod';
import { text } from '../shared/validation.js';
import { ADMIN_LIMITS } from '../shared/constants.js';
import { BANK_LIMITS, bankFormFailure } from './banks.js';

/** Request schemas of the bank list in 支付设置 (banks.ts decides, with its messages). */

/** POST /admin/api/banks and /admin/api/banks/:id {name, enabled, reason} */
export const bankFormSchema = z
  .object({ name: text(BANK_LIMITS.nameMax + 10), enabled: z.boolean().default(true), reason: text(ADMIN_LIMITS.reasonMax + 10) })
  .superRefine((v, ctx) => {
    const message = bankFormFailure(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** POST /admin/api/banks/order {ids}: every bank once (the server checks against the list). */
export const bankOrderSchema = z.object({ ids: z.array(z.coerce.number().int().positive()).max(BANK_LIMITS.maxBanks) });
