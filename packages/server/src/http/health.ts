import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CODE, MSG } from '@app/contract';
import { envelope } from './envelope.js';

/** How long the health probe waits for the database before it calls the instance not ok. */
export const HEALTH_DB_TIMEOUT_MS = 2000;

/**
 * GET /healthz for load balancers: ok (200) or not ok (503 envelope), and nothing else, so it tells
 * an outsider nothing about what runs behind it. Ok means the database answers a trivial query in time.
 */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', { config: { maintenanceExempt: true } }, async (req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`database did not answer within ${HEALTH_DB_TIMEOUT_MS} ms`)), HEALTH_DB_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`SELECT 1`.execute(app.kdb), timeout]);
      return envelope(CODE.ok, 'ok'); // what load balancers and scripts already match on
    } catch (err) {
      req.log.warn({ err }, 'health check: database not ok');
      return reply.status(503).send(envelope(CODE.maintenance, MSG.serviceDown));
    } finally {
      clearTimeout(timer);
    }
  });
}
