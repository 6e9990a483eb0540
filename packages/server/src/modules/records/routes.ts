import type { FastifyPluginAsync } from 'fastify';
import { transRecordSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { transRecords, type TransRecordQuery } from './service.js';

/** POST /api/gettransrecord: the member's account details (spec §2 /transRecord, §7). */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/gettransrecord', { preHandler: app.requireMember }, async (req) => {
    const query = parse(transRecordSchema, req.body) as TransRecordQuery;
    return ok(await transRecords(app.kdb, req.member!.id, query));
  });
};
export default routes;
