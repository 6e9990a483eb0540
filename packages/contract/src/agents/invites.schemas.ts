import { z } from 'zod';
import { LIMITS } from '../shared/constants.js';
import { INVITE_MSG } from './invites.js';
import { int } from '../shared/validation.js';

/** Request schemas of the invitation lists (invites.ts): a page and an optional Beijing date range. */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const dayOk = (d: string): boolean => d === '' || (DAY_RE.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

/** POST /api/invitefriends, /api/invitebonus {page, start, end}: Beijing days inclusive, each optional, start not after end. */
export const inviteListSchema = z
  .object({ page: int(1, LIMITS.pageMax).catch(1).default(1), start: z.string().trim().max(20).default(''), end: z.string().trim().max(20).default('') })
  .refine((v) => dayOk(v.start) && dayOk(v.end) && (!v.start || !v.end || v.start <= v.end), { message: INVITE_MSG.dateRange });
