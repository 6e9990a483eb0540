import type { FastifyInstance } from 'fastify';
import { LOTTERY_MSG } from '@app/contract';
import { lotteryMyOrdersSchema, lotteryOrderSchema, lotteryRoomListSchema, lotteryRoomSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { memberRoute, type MemberRoute } from '../../http/member-route.js';
import { playGuard } from '../protection/enforce.js';
import { ownBetResults } from './chat/service.js';
import { myLotteryOrders } from './my-orders.js';
import { forgetRooms, listLotteries, listRooms, placeOrder, roomData } from './service.js';

const TAG = '彩票';

/** Rooms and odds are kept per instance; a staff change (any instance) drops them. */
export function forgetRoomsOnChange(app: FastifyInstance): void {
  app.publicCache.onChanged(forgetRooms);
}

/**
 * The in-house lottery rooms (spec §7 "Lottery room", DESIGN §7). A trial account bets with its demo
 * money; a visitor watches (the room and its socket) but needs to log in to bet or chat.
 */
export const lotteryRoutes: MemberRoute[] = [
  memberRoute({
    method: 'POST',
    path: '/lotteryList',
    tag: TAG,
    summary: '彩种列表',
    access: 'public',
    handler: async ({ app }) => ok(await listLotteries(app.kdb)),
  }),
  memberRoute({
    method: 'POST',
    path: '/lotteryRoom',
    tag: TAG,
    summary: '某彩种的房间列表（name），含在线人数',
    access: 'public',
    body: lotteryRoomListSchema,
    handler: async ({ app, body }) => {
      const rooms = await listRooms(app.kdb, body.name);
      return ok(rooms.map((r) => ({ ...r, online: app.lotteryHub.online(r.id) })));
    },
  }),
  memberRoute({
    method: 'GET',
    path: '/lotteryRoom',
    tag: TAG,
    summary: '房间详情（room_id）：彩种、期号与倒计时、玩法赔率、最近聊天；登录会员自己的投注消息带开奖结果',
    access: 'member-optional',
    query: lotteryRoomSchema,
    // A visitor may watch a room: the answer is the same for everyone, except that a signed-in member's
    // own bet notices in chatdata carry what their orders paid (their cards say 中奖 or 未中奖 after a reload).
    handler: async ({ app, member: viewer, query: { room_id } }) => {
      const data = await roomData(app.kdb, room_id, app.lottery.now());
      const ownIds = viewer ? data.chatdata.filter((m) => m.kind === 'bet' && m.user_id === viewer.id).map((m) => m.id) : [];
      if (viewer && ownIds.length > 0) {
        const results = await ownBetResults(app.kdb, viewer.id, ownIds);
        data.chatdata = data.chatdata.map((m) => (results.has(m.id) ? { ...m, result: results.get(m.id)! } : m));
      }
      return ok({ ...data, online: app.lotteryHub.online(room_id) });
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/lotteryOrder',
    tag: TAG,
    summary: '在房间下注（room_id、order 注单、expect 期号）',
    access: 'member',
    body: lotteryOrderSchema,
    handler: async ({ app, member, body }) => {
      // Player protection: blocks, the reality check, the session limit, the stake against the money limits.
      const player = { id: member.id, isTrial: member.isTrial, tokenHash: member.tokenHash };
      const order = await placeOrder(app.kdb, member.id, body, app.lottery.now(), (tx, totalFen) => playGuard(player, 'lottery', totalFen)(tx));
      return ok(order, LOTTERY_MSG.lotteryBetOk);
    },
  }),
  memberRoute({
    method: 'POST',
    path: '/lotteryMyOrders',
    tag: TAG,
    summary: '本会员在某房间的注单（分页）',
    access: 'member',
    body: lotteryMyOrdersSchema,
    handler: async ({ app, member, body: { room_id, page } }) => ok(await myLotteryOrders(app.kdb, member.id, room_id, page)),
  }),
];
