import { z } from 'zod';
import { AGENT_PORTAL_MSG, AGENT_RANGE_MAX_DAYS } from './portal.js';
import { pageNumber, text } from '../shared/validation.js';
import { DAY_MS, isDay } from '../shared/time.js';

/** Request schemas of the agent portal (portal.ts). Days are Beijing dates, inclusive. */

const dayOk = (d: string): boolean => d === '' || isDay(d);
const day = () => z.string().trim().max(20).default('').refine(dayOk, { message: AGENT_PORTAL_MSG.badDay });
const ordered = (v: { start: string; end: string }): boolean => !v.start || !v.end || v.start <= v.end;

/** POST /agent/api/login {ticket}: the single-use ticket of GET /api/getAgentLoginUrl. */
export const agentLoginSchema = z.object({ ticket: text(100) });

/** GET /agent/api/daily?start&end: both days required, start ≤ end, at most AGENT_RANGE_MAX_DAYS days. */
export const agentDailyQuery = z
  .object({ start: day(), end: day() })
  .refine((v) => v.start !== '' && v.end !== '', { message: AGENT_PORTAL_MSG.badDay })
  .refine(ordered, { message: AGENT_PORTAL_MSG.rangeOrder })
  .refine((v) => (Date.parse(`${v.end}T00:00:00Z`) - Date.parse(`${v.start}T00:00:00Z`)) / DAY_MS < AGENT_RANGE_MAX_DAYS, { message: AGENT_PORTAL_MSG.rangeTooLong });

/** GET /agent/api/members: page, keyword (username prefix or id), kind, optional range. */
export const agentMembersQuery = z
  .object({ page: pageNumber(), keyword: text(32), start: day(), end: day(), kind: z.enum(['all', 'agents', 'active']).catch('all').default('all') })
  .refine(ordered, { message: AGENT_PORTAL_MSG.rangeOrder });

/** GET /agent/api/statements: a page. */
export const agentStatementsQuery = z.object({ page: pageNumber() });
