import type { FastifyPluginAsync } from 'fastify';
import { activityApplyLogSchema, doActivityApplySchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { assertMayPlay } from '../protection/enforce.js';
import { applicationLog, applyForActivity, firstDepositOffer } from './service.js';

/**
 * Promotions for members (spec §7 doactivityapply, activityApplyLog). The trial account is refused
 * inside the application, after the activity's own checks, so a guest learns first that an activity
 * is gone or over.
 */
const routes: FastifyPluginAsync = async (app) => {
  app.post('/doactivityapply', { preHandler: app.requireMember }, async (req) => {
    const { activityid } = parse(doActivityApplySchema, req.body);
    const m = req.member!;
    await assertMayPlay(app.kdb, { id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash }, 'promotion');
    const { data, message } = await applyForActivity(app.kdb, req.member!, activityid);
    return ok(data, message);
  });

  app.post('/firstDepositOffer', { preHandler: app.requireMember }, async (req) => ok(await firstDepositOffer(app.kdb, req.member!)));

  app.post('/activityApplyLog', { preHandler: app.requireMember }, async (req) => {
    const { page } = parse(activityApplyLogSchema, req.body);
    return ok(await applicationLog(app.kdb, req.member!.id, page));
  });
};
export default routes;
