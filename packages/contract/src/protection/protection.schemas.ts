import { z } from 'zod';
import { multiline, refineWith } from '../shared/validation.js';
import { PROTECTION, PROTECTION_MSG, realityMinutesFailure, setBlockFailure, setLimitFailure } from './protection.js';

/**
 * Request schemas of player protection (protection.ts). Shapes coerce and cap lengths; the contract's
 * failure functions decide, with their messages, so the app and the server answer alike.
 */


/** A number as JSON or as a form's string; anything else reads as NaN, which every rule refuses. */
const amount = () =>
  z
    .union([z.number(), z.string().max(40)])
    .default('')
    .transform((v) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)));

const key = () => z.string().trim().max(20).default('');

/** POST /api/protection/limit {kind, period, limit}; limit 0 removes */
export const setLimitSchema = z.object({ kind: key(), period: key(), limit: amount() }).superRefine(refineWith(setLimitFailure));

/** POST /api/protection/limit/confirm and /cancel {kind, period} */
export const limitKeySchema = z.object({ kind: key(), period: key() }).superRefine(refineWith((v: { kind: string; period: string }) => setLimitFailure({ ...v, limit: 0 })));

/** POST /api/protection/block {kind, duration} */
export const setBlockSchema = z.object({ kind: key(), duration: key() }).superRefine(refineWith(setBlockFailure));

/** POST /api/protection/reality {minutes} */
export const realitySchema = z.object({ minutes: amount() }).superRefine(refineWith((v: { minutes: number }) => realityMinutesFailure(v.minutes)));

const reason = () => multiline(z.string().trim().max(PROTECTION.reasonMax * 4).default(''));
const reasonFailure = (reason: string) => (reason.length === 0 || reason.length > PROTECTION.reasonMax ? PROTECTION_MSG.staffReason : null);

/** POST /admin/api/members/:id/protection/limit {kind, period, limit, reason}: a limit to set (never 0: staff do not remove) */
export const staffLimitSchema = z
  .object({ kind: key(), period: key(), limit: amount(), reason: reason() })
  .superRefine(refineWith((v: { kind: string; period: string; limit: number; reason: string }) => setLimitFailure(v) ?? (v.limit === 0 ? PROTECTION_MSG.staffStricterOnly : null) ?? reasonFailure(v.reason)));

/** POST /admin/api/members/:id/protection/block {kind, duration, reason} */
export const staffBlockSchema = z
  .object({ kind: key(), duration: key(), reason: reason() })
  .superRefine(refineWith((v: { kind: string; duration: string; reason: string }) => setBlockFailure(v) ?? reasonFailure(v.reason)));
