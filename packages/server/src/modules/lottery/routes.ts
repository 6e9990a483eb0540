import type { FastifyPluginAsync } from 'fastify';
import { LOTTERY_MSG } from '@app/contract';
import { lotteryMyOrdersSchema, lotteryOrderSchema, lotteryRoomListSchema, lotteryRoomSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { playGuard } from '../protection/enforce.js';
import { resolveSession } from '../session/service.js';
import { ownBetResults } from './chat/service.js';
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

  // A visitor may watch a room: the answer is the same for everyone, except that a signed-in member's
  // own bet notices in chatdata carry what their orders paid (their cards say 中奖 or 未中奖 after a reload).
  app.get('/lotteryRoom', async (req) => {
    const { room_id } = parse(lotteryRoomSchema, req.query);
    const data = await roomData(app.kdb, room_id, app.lottery.now());
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const viewer = token ? await resolveSession(app.kdb, token, app.config.sessionIdleMs, app.cacheEpoch()) : null;
    const ownIds = viewer ? data.chatdata.filter((m) => m.kind === 'bet' && m.user_id === viewer.id).map((m) => m.id) : [];
    if (viewer && ownIds.length > 0) {
      const results = await ownBetResults(app.kdb, viewer.id, ownIds);
      data.chatdata = data.chatdata.map((m) => (results.has(m.id) ? { ...m, result: results.get(m.id)! } : m));
    }
    return ok({ ...data, online: app.lotteryHub.online(room_id) });
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
