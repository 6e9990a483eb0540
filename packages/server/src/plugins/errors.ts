import type { FastifyError, FastifyInstance } from 'fastify';
import { CODE, MSG } from '@app/contract';
import { AppError } from '../http/errors.js';
import { envelope } from '../http/envelope.js';

/**
 * Every failure leaves as an envelope. Business outcomes use HTTP 200 (DESIGN §3); malformed
 * requests keep their HTTP status but still carry a Chinese message; nothing carries a stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return reply.status(200).send(envelope(err.code, err.message, err.data));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) return reply.status(429).send(envelope(CODE.tooMany, MSG.tooManyRequests));
    if (status === 413) return reply.status(413).send(envelope(CODE.badRequest, MSG.bodyTooLarge));
    if (status >= 400 && status < 500) {
      const code = (err as FastifyError).code ?? '';
      const message = code.includes('JSON') || code.includes('CTP') ? MSG.badJson : MSG.badRequest;
      return reply.status(status).send(envelope(CODE.badRequest, message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope(CODE.internal, MSG.internal));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(envelope(CODE.notFound, MSG.notFound));
  });
}
