import { chatText, fmt, ADMIN_MSG, LOTTERY_ROOM_MSG, LOTTERY_TIMING_MSG } from '@app/contract';
import { hostMessageSchema, idParams, lotteryCodeParams, lotterySettingsSchema, newRoomSchema, roomSettingsSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { postHostMessage } from '../../modules/lottery/chat/service.js';
import { listRoomSettings, openRoomForHost, updateRoomSettings } from '../../modules/lottery/rooms.js';
import { createRoom, updateLotterySettings } from '../../modules/lottery/settings.js';
import { actorOf } from '../actor.js';
import { audited } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/** 房间管理: the rooms' settings and stake limits, and the host (主持人) speaking in a room. */
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
      const after = await updateRoomSettings(app.kdb, params.id, body, audited(actorOf(req, staff), 'lottery.room', `lottery_room:${params.id}`));
      return ok({ ...after, online: app.lotteryHub.online(after.id) }, ADMIN_MSG.saved);
    },
  }),
  route({
    method: 'POST',
    path: '/lottery/rooms',
    tag: '房间管理',
    summary: '新增房间 {lottery, title, enabled, sort, min_stake, max_stake}：lottery 为彩种代码，其余与修改房间相同；开放后会员在该彩种的房间列表中看到它',
    access: 'lottery.odds',
    body: newRoomSchema,
    audits: ['lottery.room_create'],
    handler: async ({ app, req, staff, body }) => {
      const actor = actorOf(req, staff);
      const { id } = await createRoom(app.kdb, body, audited(actor, 'lottery.room_create', (after) => `lottery_room:${(after as { id: number }).id}`));
      const room = (await listRoomSettings(app.kdb)).find((r) => r.id === id)!;
      return ok({ ...room, online: 0 }, LOTTERY_TIMING_MSG.roomCreated);
    },
  }),
  route({
    method: 'POST',
    path: '/lotteries/:code/settings',
    tag: '彩票管理',
    summary:
      '修改彩种 {interval_s, ftime_s, enabled}：interval_s 开奖周期（秒，30–86400 且整除一天），ftime_s 封盘秒数（1 至 周期−5）；新的周期与封盘时间不改动进行中的一期，从两种周期共有的下一个开奖时刻（最迟次日零点）之后生效，期号连续、不丢期、不重复（data.timing_from 为该开奖时刻）；enabled 关闭后不再开新期，已开的期照常开奖结算',
    access: 'lottery.odds',
    params: lotteryCodeParams,
    body: lotterySettingsSchema,
    audits: ['lottery.settings'],
    handler: async ({ app, req, staff, params, body }) => {
      const actor = actorOf(req, staff);
      const after = await updateLotterySettings(app.kdb, params.code, body, app.lottery.now(), audited(actor, 'lottery.settings', `lottery:${params.code}`));
      return ok(after, after.timing_from ? fmt(LOTTERY_TIMING_MSG.timingFrom, { at: after.timing_from }) : LOTTERY_TIMING_MSG.saved);
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
      const msg = await postHostMessage(app.kdb, params.id, staff.id, chatText(body.content), audited(actorOf(req, staff), 'chat.host', `lottery_room:${params.id}`));
      app.lotteryHub.publish(params.id, msg);
      return ok(msg, LOTTERY_ROOM_MSG.hostPosted);
    },
  }),
];
