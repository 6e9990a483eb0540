import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVICE_MSG } from '@app/contract';
import { ok } from '../../http/envelope.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { perMinute } from '../auth/rate.js';
import { resolveSession } from '../session/service.js';
import { chatState, issueVisitor, messageOf, resolveVisitor, type Owner } from './service.js';

const identitySchema = z.object({ visitor: z.string().max(100).default('') });
const historySchema = identitySchema.extend({ conversation_id: z.coerce.number().int().positive().max(2 ** 53) });

/**
 * 在线客服 over HTTP, beside the socket (socket.ts): a visitor's device token, the chat's state on
 * opening, and one of the caller's own conversations. A member is known by their session, a visitor by
 * the device token; nobody reads a conversation that is not theirs, whatever id they send.
 */
const routes: FastifyPluginAsync = async (app) => {
  async function ownerOf(req: FastifyRequest): Promise<Owner> {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const member = m ? await resolveSession(app.kdb, m[1]!, app.config.sessionIdleMs, app.cacheEpoch()) : null;
    if (member) return { memberId: member.id };
    const { visitor } = parse(identitySchema, req.body ?? {});
    const id = visitor ? await resolveVisitor(app.kdb, visitor) : null;
    if (!id) throw unauthorized(SERVICE_MSG.needIdentity);
    return { visitorId: id };
  }

  /** POST /api/service/visitor: a new device token for a visitor (kept by the app in localStorage). */
  app.post('/service/visitor', { config: perMinute(app.config.rateLimits.register) }, async (req) => ok({ token: await issueVisitor(app.kdb, req.ip) }));

  /** POST /api/service/state {visitor?}: staff presence, the live conversation, the latest messages. */
  app.post('/service/state', async (req) => ok(await chatState(app.kdb, await ownerOf(req))));

  /** POST /api/service/history {conversation_id, visitor?}: one of the caller's own conversations. */
  app.post('/service/history', async (req) => {
    const who = await ownerOf(req);
    const { conversation_id } = parse(historySchema, req.body ?? {});
    const conversation = await app.kdb
      .selectFrom('service_conversations')
      .select(['id', 'state'])
      .where('id', '=', conversation_id)
      .where(who.memberId !== undefined ? 'member_id' : 'visitor_id', '=', who.memberId ?? who.visitorId!)
      .executeTakeFirst();
    if (!conversation) throw notFound(SERVICE_MSG.conversationMissing);
    const rows = await app.kdb
      .selectFrom('service_messages')
      .select(['id', 'conversation_id', 'sender', 'staff_name', 'body', 'created_at'])
      .where('conversation_id', '=', conversation_id)
      .orderBy('id')
      .execute();
    return ok({ id: Number(conversation.id), state: conversation.state, messages: rows.map(messageOf) });
  });
};
export default routes;
