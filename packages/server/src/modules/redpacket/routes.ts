import type { FastifyPluginAsync } from 'fastify';
import { REDPACKET_MSG } from '@app/contract';
import { pageSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assertMayPlay } from '../protection/enforce.js';
import { drawRedPacket, redPacketRecords, userRedPacket } from './service.js';

/**
 * 红包 (spec §2 /hongbao, /welfare; §7). The trial account is refused inside the draw, not by the
 * refuseTrial preHandler, so the switch and the window are answered first (service order). The record
 * list stays readable with the switch off: it is the member's own money history.
 */
const routes: FastifyPluginAsync = async (app) => {
  app.get('/userredpacket', { preHandler: app.requireMember }, async (req) => ok(await userRedPacket(app.kdb, req.member!.id, app.redPacketClock.now())));

  app.post('/douserredpacket', { preHandler: app.requireMember }, async (req) => {
    const m = req.member!;
    await assertMayPlay(app.kdb, { id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash }, 'redpacket');
    return ok(await drawRedPacket(app.kdb, { id: m.id, isTrial: m.isTrial }, app.redPacketClock.now()), REDPACKET_MSG.drawn);
  });

  app.post('/redpacket', { preHandler: app.requireMember }, async (req) => ok(await redPacketRecords(app.kdb, req.member!.id, parse(pageSchema, req.body).page)));
};
export default routes;
