import { z } from 'zod';
import { INVITE_MSG } from './invites.js';
import { pageNumber } from '../shared/validation.js';
import { isDay } from '../shared/time.js';

/** Request schemas of the invitation lists (invites.ts): a page and an optional Beijing date range. */

const dayOk = (d: string): boolean => d === '' || isDay(d);

/** POST /api/invitefriends, /api/invitebonus {page, start, end}: Beijing days inclusive, each optional, start not after end. */
export const inviteListSchema = z
  .object({ page: pageNumber(), start: z.string().trim().max(20).default(''), end: z.string().trim().max(20).default('') })
  .refine((v) => dayOk(v.start) && dayOk(v.end) && (!v.start || !v.end || v.start <= v.end), { message: INVITE_MSG.dateRange });
