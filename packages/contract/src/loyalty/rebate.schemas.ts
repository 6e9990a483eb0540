import { z } from 'zod';
import { int, pageNumber } from '../shared/validation.js';
import { REBATE_CATEGORIES } from './rebate.js';

/** Request schemas of rebate (spec §7 getfanshui). */

/**
 * date 1–4 (default 4: last 30 days), page, api_type = a venue code or '' for all, type = a rebate
 * category (REBATE_CATEGORIES) or '' for all; anything else reads as all.
 */
export const getFanshuiSchema = z.object({
  date: int(1, 4).catch(4).default(4),
  page: pageNumber(),
  api_type: z.string().trim().max(30).catch('').default(''),
  type: z.enum(['', ...REBATE_CATEGORIES]).catch('').default(''),
});
