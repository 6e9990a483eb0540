import type { FastifyPluginAsync } from 'fastify';
import { LOTTERY_MSG } from '@app/contract';
import { lotteryMyOrdersSchema, lotteryOrderSchema, lotteryRoomListSchema, lotteryRoomSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { playGuard } from '../protection/enforce.js';
import { myLotteryOrders } from './my-orders.js';
import { forgetRooms, listLotteries, listRooms, placeOrder, roomData } from './service.js';

/**
 * The in-house lottery rooms (spec §7 "Lottery room", DESIGN §7). A trial account bets with its demo
 * money; a visitor watches (the room and its socket) but needs to log in to bet or chat.
 */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };
  // Rooms and odds are kept per instance; a staff change (any instance) drops them.
  app.publicCache.onChanged(forgetRooms);

  app.post('/lotteryList', async () => ok(await listLotteries(app.kdb)));

  app.post('/lotteryRoom', async (req) => {
    const rooms = await listRooms(app.kdb, parse(lotteryRoomListSchema, req.body).name);
    return ok(rooms.map((r) => ({ ...r, online: app.lotteryHub.online(r.id) })));
  });

  // A visitor may watch a room (issue 15): its answer holds nothing of any member's own.
  app.get('/lotteryRoom', async (req) => {
    const { room_id } = parse(lotteryRoomSchema, req.query);
    return ok({ ...(await roomData(app.kdb, room_id, app.lottery.now())), online: app.lotteryHub.online(room_id) });
  });

  app.post('/lotteryOrder', member, async (req) => {
    const input = parse(lotteryOrderSchema, req.body);
    const m = req.member!;
    // Player protection (issue 16): blocks, the reality check, the session limit, the stake against the money limits.
    const player = { id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash };
    const order = await placeOrder(app.kdb, m.id, input, app.lottery.now(), (tx, totalFen) => playGuard(player, 'lottery', totalFen)(tx));
    return ok(order, LOTTERY_MSG.lotteryBetOk);
  });

  app.post('/lotteryMyOrders', member, async (req) => {
    const { room_id, page } = parse(lotteryMyOrdersSchema, req.body);
    return ok(await myLotteryOrders(app.kdb, req.member!.id, room_id, page));
  });
};
export default routes;
