import { z } from 'zod';
import { firstFailure, type Rule } from './rules.js';
import { CONTROL_CHARS_RE, LINE_CHARS_RE } from './regex.js';
import { LIMITS } from './constants.js';

/** A trimmed string field that tolerates absence (empty string) and caps its length. */
export const text = (max = 200) => z.string().trim().max(max * 4).default('');
/** A string field kept as typed (passwords are not trimmed). */
export const secret = (max = 64) => z.string().max(max * 4).default('');
/** An integer field that accepts "3" or 3. */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** A list's page: 1 when absent or not a page number. */
export const pageNumber = () => int(1, LIMITS.pageMax).catch(1).default(1);
/** A request that only names a page. */
export const pageSchema = z.object({ page: pageNumber() });
/** '' or null (all) or an integer in [min, max]. */
export const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), int(min, max).optional());
/**
 * A number as sent (a yuan amount, an integer): JSON's number or a form's string. The shape only takes
 * it; the rule that reads it decides, and refuses anything else with its message.
 */
export const numberAsSent = () => z.union([z.number(), z.string().max(40)]).default('');
/**
 * Free text a staff member writes in a text area (line breaks kept), kept whole here so the rule (not
 * the shape) answers when too long.
 */
export const staffNote = () => multiline(z.string().max(4000).default(''));
/** A superRefine step that reports a contract rule's failure (its message, or null) as the issue. */
export const refineWith =
  <T>(fail: (v: T) => string | null) =>
  (v: T, ctx: z.RefinementCtx) => {
    const message = fail(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };

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

// ---- control characters ---------------------------------------------------------------------------

/** Field schemas declared multi-line: the only strings of a request that may carry TAB, LF, CR. */
const multilineFields = new WeakSet<z.ZodType>();

/** A free-text field typed in a text area (a staff member's reason): keeps line breaks and tabs. */
export function multiline<S extends z.ZodType>(schema: S): S {
  multilineFields.add(schema);
  return schema;
}

/** The keys of an object schema whose field was declared multi-line (looked up once per schema). */
const multilineKeysOf = new WeakMap<z.ZodType, ReadonlySet<string>>();
function multilineKeys(schema: z.ZodType): ReadonlySet<string> {
  let keys = multilineKeysOf.get(schema);
  if (!keys) {
    const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    keys = new Set(Object.keys(shape).filter((k) => multilineFields.has(shape[k]!)));
    multilineKeysOf.set(schema, keys);
  }
  return keys;
}

/** Requests are JSON or query strings: nothing legitimate nests deeper than this. */
const MAX_DEPTH = 16;

function badText(value: string, allowLines: boolean): boolean {
  return CONTROL_CHARS_RE.test(value) || (!allowLines && LINE_CHARS_RE.test(value));
}

function walk(value: unknown, depth: number, allowLinesAt: ReadonlySet<string> | null): boolean {
  if (typeof value === 'string') return badText(value, false);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => walk(v, depth + 1, null));
  for (const [key, v] of Object.entries(value)) {
    if (badText(key, false)) return true;
    if (typeof v === 'string' && allowLinesAt?.has(key)) {
      if (badText(v, true)) return true;
    } else if (walk(v, depth + 1, null)) return true;
  }
  return false;
}

/**
 * Whether a parsed request (the output of `schema`) carries a control character anywhere: keys and
 * values, nested too. Line breaks and tabs pass only in the top-level fields declared multiline().
 * The server runs it on every parsed request part, so no field can forget it.
 */
export function hasControlChars(schema: z.ZodType, parsed: unknown): boolean {
  return walk(parsed, 0, multilineKeys(schema));
}
