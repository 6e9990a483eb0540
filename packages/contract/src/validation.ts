import { z } from 'zod';
import { firstFailure, type Rule } from './rules.js';

/** A trimmed string field that tolerates absence (empty string) and caps its length. */
export const text = (max = 200) => z.string().trim().max(max * 4).default('');
/** A string field kept as typed (passwords are not trimmed). */
export const secret = (max = 64) => z.string().max(max * 4).default('');
/** An integer field that accepts "3" or 3. */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * A request schema: the shape coerces types; the rules then run in the spec's order and only the
 * first failure is reported, so client and server show the same single message.
 */
export function form<S extends z.ZodRawShape>(shape: S, rules: readonly Rule<z.infer<z.ZodObject<S>>>[] = []) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = firstFailure(value as z.infer<z.ZodObject<S>>, rules);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}
