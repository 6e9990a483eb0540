import { chatText, ADMIN_MSG, LOTTERY_ROOM_MSG } from '@app/contract';
import { hostMessageSchema, idParams, roomSettingsSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { postHostMessage } from '../../modules/lottery/chat/service.js';
import { listRoomSettings, openRoomForHost, updateRoomSettings } from '../../modules/lottery/rooms.js';
import { actorOf } from '../actor.js';
import { writeAudit } from '../audit/service.js';
import { route, type AdminRoute } from '../route.js';

/** 房间管理: the rooms' settings and stake limits, and the host (主持人) speaking in a room (issue 15 item 2). */
export const lotteryRoomRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/lottery/rooms',
    tag: '房间管理',
    summary: '全部彩种的房间（含未开放）：名称、排序、是否开放、每注限额（元，含边界）与当前在线人数',
    access: 'lottery.read',
    handler: async ({ app }) => ok((await listRoomSettings(app.kdb)).map((r) => ({ ...r, online: app.lotteryHub.online(r.id) }))),
  }),
  route({
    method: 'POST',
    path: '/lottery/rooms/:id',
    tag: '房间管理',
    summary:
      '修改房间：title 名称、enabled 是否开放、sort 排序、min_stake/max_stake 每注最低/最高金额（元，最多两位小数，须在平台限额之内且最低不高于最高）。已下的注单不受影响，新注单按新限额检查',
    access: 'lottery.odds',
    params: idParams,
    body: roomSettingsSchema,
    audits: ['lottery.room'],
    handler: async ({ app, req, staff, params, body }) => {
      const after = await updateRoomSettings(app.kdb, params.id, body, (tx, before, after) => writeAudit(tx, actorOf(req, staff), 'lottery.room', `lottery_room:${params.id}`, before, after));
      return ok({ ...after, online: app.lotteryHub.online(after.id) }, ADMIN_MSG.saved);
    },
  }),
  route({
    method: 'POST',
    path: '/lottery/rooms/:id/host',
    tag: '房间管理',
    summary: '以主持人身份在房间发言：content 1–500 个字（换行视为空格），存入聊天记录（kind host，uid 0），即时推送给房间内的所有人，可像其他消息一样删除',
    access: 'lottery.chat',
    params: idParams,
    body: hostMessageSchema,
    audits: ['chat.host'],
    handler: async ({ app, req, staff, params, body }) => {
      await openRoomForHost(app.kdb, params.id);
      const msg = await postHostMessage(app.kdb, params.id, staff.id, chatText(body.content), (tx, before, after) =>
        writeAudit(tx, actorOf(req, staff), 'chat.host', `lottery_room:${params.id}`, before, after),
      );
      app.lotteryHub.publish(params.id, msg);
      return ok(msg, LOTTERY_ROOM_MSG.hostPosted);
    },
  }),
];
