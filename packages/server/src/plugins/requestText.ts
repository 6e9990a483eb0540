import fp from 'fastify-plugin';
import { CONTROL_CHARS_RE, LINE_CHARS_RE } from '@app/contract';
import { badRequest } from '../http/errors.js';

function carriesControlChars(part: unknown): boolean {
  if (!part || typeof part !== 'object') return false;
  for (const [key, value] of Object.entries(part)) {
    const values = Array.isArray(value) ? value : [value];
    if (CONTROL_CHARS_RE.test(key) || LINE_CHARS_RE.test(key)) return true;
    for (const v of values) if (typeof v === 'string' && (CONTROL_CHARS_RE.test(v) || LINE_CHARS_RE.test(v))) return true;
  }
  return false;
}

/**
 * Query strings and route parameters are one line of text on every route: a control character in
 * either (NUL breaks PostgreSQL text) answers 请求参数错误 before any handler reads it, including the
 * routes that read them without a schema (the lottery socket, the demo venue). Bodies are checked by
 * parse() after their schema, which keeps the spec's order of validation messages.
 */
export default fp(async (app) => {
  app.addHook('preValidation', (req, _reply, done) => {
    done(carriesControlChars(req.query) || carriesControlChars(req.params) ? badRequest() : undefined);
  });
});
