import { SERVICE_MSG, type ServiceServerFrame } from '@app/contract';
import { idParams, serviceCannedSchema, serviceListQuery, serviceSendSchema, serviceTransferSchema } from '@app/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import {
  claimConversation,
  closeConversation,
  conversationDetail,
  deleteCanned,
  deskStaff,
  listCanned,
  listConversations,
  readConversation,
  replyConversation,
  saveCanned,
  transferConversation,
  type DeskChange,
} from '../../modules/service-chat/desk.js';
import { ownerOfConversation } from '../../modules/service-chat/service.js';
import { actorOf } from '../actor.js';
import { route, type AdminRoute } from '../route.js';

const TAG = '在线客服';

/** Tells the member's sockets and every desk what changed (a message, the conversation's new state). */
function fanOut(app: FastifyInstance, change: DeskChange): void {
  const owner = ownerOfConversation(change.owner);
  if (change.message) {
    const frame: ServiceServerFrame = { type: 'message', message: change.message };
    app.serviceHub.toOwner(owner, frame);
    app.serviceHub.toStaff(frame);
  }
  app.serviceHub.toStaff({ type: 'conversation', conversation: change.conversation });
}

/** 在线客服 desk: every route needs service.chat; claim, transfer, close and canned replies are audited. */
export const serviceRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/service/conversations',
    tag: TAG,
    summary: '会话列表：state=waiting 排队中（先来先接）、mine 我接待中的、open 全部接待中、closed 已结束（最近的在前）；每条带未读数与最后一条消息',
    access: 'service.chat',
    query: serviceListQuery,
    handler: async ({ app, staff, query }) => ok(await listConversations(app.kdb, query.state, staff.id)),
  }),
  route({
    method: 'GET',
    path: '/service/conversations/:id',
    tag: TAG,
    summary: '一个会话及其消息（最早在前）；消息为纯文本，控制台按文本显示',
    access: 'service.chat',
    params: idParams,
    handler: async ({ app, params }) => ok(await conversationDetail(app.kdb, params.id)),
  }),
  route({
    method: 'POST',
    path: '/service/conversations/:id/claim',
    tag: TAG,
    summary: '接入排队中的会话（成为接待人，会员收到“客服X为您服务”）；已被他人接入为 409',
    access: 'service.chat',
    params: idParams,
    audits: ['service.claim'],
    handler: async ({ app, req, staff, params }) => {
      const change = await claimConversation(app.kdb, actorOf(req, staff), params.id);
      fanOut(app, change);
      return ok(change.conversation, SERVICE_MSG.claimOk);
    },
  }),
  route({
    method: 'POST',
    path: '/service/conversations/:id/messages',
    tag: TAG,
    summary: '回复会员（仅接待人；1-500字，纯文本），会员即时收到',
    access: 'service.chat',
    params: idParams,
    body: serviceSendSchema,
    handler: async ({ app, req, staff, params, body }) => {
      const change = await replyConversation(app.kdb, actorOf(req, staff), params.id, body.content);
      fanOut(app, change);
      return ok(change.message, SERVICE_MSG.sendOk);
    },
  }),
  route({
    method: 'POST',
    path: '/service/conversations/:id/read',
    tag: TAG,
    summary: '接待人已读：清除该会话的未读数',
    access: 'service.chat',
    params: idParams,
    handler: async ({ app, staff, params }) => {
      const conversation = await readConversation(app.kdb, staff.id, params.id);
      app.serviceHub.toStaff({ type: 'conversation', conversation });
      return ok(conversation);
    },
  }),
  route({
    method: 'POST',
    path: '/service/conversations/:id/close',
    tag: TAG,
    summary: '结束会话：接待中的仅接待人可结束，排队中的任何客服可结束；会员收到结束提示，再发消息即开始新会话',
    access: 'service.chat',
    params: idParams,
    audits: ['service.close'],
    handler: async ({ app, req, staff, params }) => {
      const change = await closeConversation(app.kdb, actorOf(req, staff), params.id);
      fanOut(app, change);
      return ok(change.conversation, SERVICE_MSG.closeOk);
    },
  }),
  route({
    method: 'POST',
    path: '/service/conversations/:id/transfer',
    tag: TAG,
    summary: '转接给有在线客服权限的同事（仅接待人）；会员收到“已为您转接客服X”',
    access: 'service.chat',
    params: idParams,
    body: serviceTransferSchema,
    audits: ['service.transfer'],
    handler: async ({ app, req, staff, params, body }) => {
      const change = await transferConversation(app.kdb, actorOf(req, staff), params.id, body.staff_id);
      fanOut(app, change);
      return ok(change.conversation, SERVICE_MSG.transferOk);
    },
  }),
  route({
    method: 'GET',
    path: '/service/staff',
    tag: TAG,
    summary: '可接待的同事（有在线客服权限、已启用）及是否在线（客服台打开中）',
    access: 'service.chat',
    handler: async ({ app }) => ok(await deskStaff(app.kdb)),
  }),
  route({
    method: 'GET',
    path: '/service/canned',
    tag: TAG,
    summary: '快捷回复，按排序',
    access: 'service.chat',
    handler: async ({ app }) => ok(await listCanned(app.kdb)),
  }),
  route({
    method: 'POST',
    path: '/service/canned',
    tag: TAG,
    summary: '新增快捷回复（标题1-30字，内容1-500字，最多100条）',
    access: 'service.chat',
    body: serviceCannedSchema,
    audits: ['service.canned'],
    handler: async ({ app, req, staff, body }) => ok(await saveCanned(app.kdb, actorOf(req, staff), null, body), SERVICE_MSG.cannedSaved),
  }),
  route({
    method: 'POST',
    path: '/service/canned/:id',
    tag: TAG,
    summary: '修改快捷回复',
    access: 'service.chat',
    params: idParams,
    body: serviceCannedSchema,
    audits: ['service.canned'],
    handler: async ({ app, req, staff, params, body }) => ok(await saveCanned(app.kdb, actorOf(req, staff), params.id, body), SERVICE_MSG.cannedSaved),
  }),
  route({
    method: 'POST',
    path: '/service/canned/:id/delete',
    tag: TAG,
    summary: '删除快捷回复',
    access: 'service.chat',
    params: idParams,
    audits: ['service.canned'],
    handler: async ({ app, req, staff, params }) => {
      await deleteCanned(app.kdb, actorOf(req, staff), params.id);
      return ok(null, SERVICE_MSG.cannedDeleted);
    },
  }),
];
