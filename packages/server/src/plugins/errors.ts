import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE, MSG } from '@app/contract';
import { AppError } from '../http/errors.js';
import { envelope } from '../http/envelope.js';
import { httpStatusFor } from '../http/compat.js';

/**
 * Every failure leaves as an envelope with a Chinese message and never a stack. Business outcomes use
 * HTTP 200 (DESIGN §3); on the member API so does everything else, unknown paths, rate limits,
 * oversized or malformed bodies (http/compat.ts); elsewhere a malformed request keeps its status.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const send = (status: number, code: number, message: string, data: unknown = null) => reply.status(httpStatusFor(req.url, status)).send(envelope(code, message, data));
    if (err instanceof AppError) return send(200, err.code, err.message, err.data);
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) return send(429, CODE.tooMany, MSG.tooManyRequests);
    if (status === 413) return send(413, CODE.badRequest, MSG.bodyTooLarge);
    if (status >= 400 && status < 500) {
      const code = (err as FastifyError).code ?? '';
      return send(status, CODE.badRequest, code.includes('JSON') || code.includes('CTP') ? MSG.badJson : MSG.badRequest);
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, CODE.internal, MSG.internal);
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(httpStatusFor(req.url, 404)).send(envelope(CODE.notFound, MSG.notFound));
  });
}

/**
 * What Fastify refuses before routing (a path with a malformed percent-escape, FST_ERR_BAD_URL): the
 * envelope like every other refusal, not Fastify's own error object. Passed as Fastify's frameworkErrors.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(httpStatusFor(req.url, err.statusCode ?? 400)).send(envelope(CODE.badRequest, MSG.badRequest));
}
