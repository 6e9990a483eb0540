import { LOTTERY_MSG } from '@app/contract';
import { chatDeleteSchema, chatListQuery, idParams, muteSchema, pageQuery } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { deleteChat, listChat, listMutes, muteMember, unmuteMember } from '../../modules/lottery/chat/moderation.js';
import { actorOf } from '../actor.js';
import { audited } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/** Chat moderation of the lottery rooms: messages, deletion, mutes (DESIGN §7). */
export const lotteryChatRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/lottery/chat',
    tag: '聊天管理',
    summary: '房间聊天记录，最新在前（含已删除，标明删除人）；room_id 为 0 时全部房间，keyword 匹配内容、用户名前缀或会员ID',
    access: 'lottery.read',
    query: chatListQuery,
    handler: async ({ app, query }) => ok(await listChat(app.kdb, query)),
  }),
  route({
    method: 'POST',
    path: '/lottery/chat/:id/delete',
    tag: '聊天管理',
    summary: '删除一条聊天消息：从房间的 chatdata 中移除，并通知房间内的会员 {delete: id}；重复删除为 409 已处理',
    access: 'lottery.chat',
    params: idParams,
    body: chatDeleteSchema,
    audits: ['chat.delete'],
    handler: async ({ app, req, staff, params, body }) => {
      const { roomId } = await deleteChat(app.kdb, staff.id, params.id, body.reason, audited(actorOf(req, staff), 'chat.delete', `chat:${params.id}`));
      app.lotteryHub.publish(roomId, { delete: params.id });
      return ok(null, LOTTERY_MSG.chatDeleted);
    },
  }),
  route({
    method: 'GET',
    path: '/lottery/mutes',
    tag: '聊天管理',
    summary: '当前被禁言的会员，最近禁言的在前',
    access: 'lottery.read',
    query: pageQuery,
    handler: async ({ app, query }) => ok(await listMutes(app.kdb, query.page)),
  }),
  route({
    method: 'POST',
    path: '/members/:id/mute',
    tag: '聊天管理',
    summary: '禁言会员：minutes 分钟（0 为直至解除），reason 必填；覆盖已有的禁言，所有实例上的下一条消息即生效',
    access: 'lottery.chat',
    params: idParams,
    body: muteSchema,
    audits: ['member.mute'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await muteMember(app.kdb, staff.id, params.id, Number(body.minutes), body.reason, audited(actorOf(req, staff), 'member.mute', `member:${params.id}`));
      return ok(after, LOTTERY_MSG.chatMutedOk);
    },
  }),
  route({
    method: 'POST',
    path: '/members/:id/unmute',
    tag: '聊天管理',
    summary: '解除禁言；会员当前未被禁言时为 409 已处理',
    access: 'lottery.chat',
    params: idParams,
    audits: ['member.unmute'],
    handler: async ({ app, req, staff, params }) => {
      await unmuteMember(app.kdb, params.id, audited(actorOf(req, staff), 'member.unmute', `member:${params.id}`));
      return ok(null, LOTTERY_MSG.chatUnmutedOk);
    },
  }),
];
