import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SERVICE_MSG, SERVICE_WS_PATH } from '@app/contract';
import type { SessionMember } from '../../context.js';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { memberRoute, memberSocket, type MemberRoute } from '../../http/member-route.js';
import { parse } from '../../http/validate.js';
import { chatState, issueVisitor, messageOf, resolveVisitor, type Owner } from './service.js';
import serviceSocket from './socket.js';

const TAG = '在线客服';

const identitySchema = z.object({ visitor: z.string().max(100).default('') });
const historySchema = identitySchema.extend({ conversation_id: z.coerce.number().int().positive().max(2 ** 53) });
const socketQuery = z.object({ _token: z.string().optional(), visitor: z.string().optional() });

/** The caller of a chat route: the signed-in member, else the visitor of the device token in the body. */
async function ownerOf(db: Kdb, member: SessionMember | null, req: FastifyRequest): Promise<Owner> {
  if (member) return { memberId: member.id };
  const { visitor } = parse(identitySchema, req.body ?? {});
  const id = visitor ? await resolveVisitor(db, visitor) : null;
  if (!id) throw unauthorized(SERVICE_MSG.needIdentity);
  return { visitorId: id };
}

/**
 * 在线客服 over HTTP, beside the socket (socket.ts): a visitor's device token, the chat's state on
 * opening, and one of the caller's own conversations. A member is known by their session, a visitor by
 * the device token; nobody reads a conversation that is not theirs, whatever id they send.
 */
export const serviceChatRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/service/visitor',
    tag: TAG,
    summary: '为访客发一个设备令牌（应用存于 localStorage，之后以 visitor 字段表明身份）',
    access: 'public',
    rateLimit: { per: 'ip', setting: 'register' },
    handler: async ({ app, req }) => ok({ token: await issueVisitor(app.kdb, req.ip) }),
  }),
  memberRoute({
    method: 'POST',
    path: '/service/state',
    tag: TAG,
    summary: '打开客服时的状态：客服是否在线、进行中的会话、最近的消息（会员凭会话，访客凭 visitor）',
    access: 'member-optional',
    body: identitySchema,
    // The body is read only for a caller without a valid session (a visitor).
    parse: 'handler',
    handler: async ({ app, req, member }) => ok(await chatState(app.kdb, await ownerOf(app.kdb, member, req))),
  }),
  memberRoute({
    method: 'POST',
    path: '/service/history',
    tag: TAG,
    summary: '本人的一段会话及其全部消息（conversation_id；会员凭会话，访客凭 visitor）',
    access: 'member-optional',
    body: historySchema,
    // Who asks first (needIdentity), then the conversation's id.
    parse: 'handler',
    handler: async ({ app, req, member }) => {
      const who = await ownerOf(app.kdb, member, req);
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
    },
  }),
  memberSocket({
    path: SERVICE_WS_PATH.slice('/api'.length),
    tag: TAG,
    summary:
      '客服 WebSocket：?_token=<会员 token> 或 ?visitor=<设备令牌>。接入后收到 {type:"state"}；发送 {content} 为一条消息，回以 {type:"message"}；被拒绝时收到 {type:"error", content}；文本 ping 回以 ping；身份无效或会话结束即关闭',
    query: socketQuery,
    socket: serviceSocket,
  }),
];
