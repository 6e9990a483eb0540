import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@app/contract';
import { bindCardSchema, delCardSchema, getCardSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { perMemberPerMinute } from '../../http/member-rate.js';
import { bindCard, deleteCard, listCards } from './service.js';

/** A member's saved bank cards and USDT addresses (spec §3 "Saved card", §5 binding rules). */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };
  const memberNotTrial = { preHandler: [app.requireMember, app.refuseTrial] };

  app.post('/getcard', member, async (req) => {
    const { type } = parse(getCardSchema, req.body);
    return ok(await listCards(app.kdb, req.member!.id, type));
  });

  app.post('/bindcard', { ...memberNotTrial, config: perMemberPerMinute(app.config.rateLimits.bindcard) }, async (req) => {
    const input = parse(bindCardSchema, req.body);
    await bindCard(app.kdb, req.member!.id, input);
    return ok(null, MSG.cardBound);
  });

  app.post('/delcard', memberNotTrial, async (req) => {
    const { id } = parse(delCardSchema, req.body);
    await deleteCard(app.kdb, req.member!.id, id);
    return ok(null, MSG.cardUnbound);
  });
};
export default routes;
