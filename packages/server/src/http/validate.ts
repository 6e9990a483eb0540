import type { z } from 'zod';
import { MSG } from '@app/contract';
import { badRequest } from './errors.js';

/** Parses a request part with a contract schema; the first issue's Chinese message is the answer. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // Only our own rule messages are Chinese; zod's built-in texts never reach a member.
  const message = issue?.code === 'custom' ? issue.message : MSG.badRequest;
  throw badRequest(message);
}
