import type { z } from 'zod';
import { MSG } from '@app/contract';
import { hasControlChars } from '@app/contract/schemas';
import { badRequest } from './errors.js';

/**
 * Parses a request part with a contract schema; the first issue's Chinese message is the answer.
 * What leaves here is also free of control characters (NUL cannot be stored in PostgreSQL text; the
 * others mean nothing in a name or an amount): checked on the parsed value, after the schema's own
 * rules, so the spec's order of validation messages is kept and every field of every route is covered.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    // Only our own rule messages are Chinese; zod's built-in texts never reach a member.
    const message = issue?.code === 'custom' ? issue.message : MSG.badRequest;
    throw badRequest(message);
  }
  if (hasControlChars(schema, result.data)) throw badRequest(MSG.badRequest);
  return result.data;
}
