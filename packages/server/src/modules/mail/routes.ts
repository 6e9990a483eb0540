import type { FastifyPluginAsync } from 'fastify';
import { messageListSchema, messageReadSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { listMail, readMail, unreadCount } from './service.js';

/** The member's own internal mail; every route needs a session and sees only that member's mail. */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/message/list', { preHandler: app.requireMember }, async (req) =>
    ok(await listMail(app.kdb, req.member!.id, parse(messageListSchema, req.body).page)),
  );
  app.post('/message/read', { preHandler: app.requireMember }, async (req) =>
    ok(await readMail(app.kdb, req.member!.id, parse(messageReadSchema, req.body).id)),
  );
  app.post('/message/unread', { preHandler: app.requireMember }, async (req) => ok({ count: await unreadCount(app.kdb, req.member!.id) }));
};
export default routes;
