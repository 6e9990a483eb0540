import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PROTECTION_MSG, type LimitKind, type LimitPeriod, type BlockKind, type BlockDuration } from '@app/contract';
import { limitKeySchema, realitySchema, setBlockSchema, setLimitSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { endVenueSessions, playStatus } from './enforce.js';
import { blockSetMessage, protectionState, type Player } from './service.js';
import { ackReality, cancelOwnLimit, confirmOwnLimit, setOwnLimit, setRealityMinutes, startOwnBlock } from './settings.js';

/**
 * 安全与健康 (issue 16, contract protection.ts): the member's own limits, time-out or exclusion and
 * reality check, and the app's poll. A block, or a new or lower loss or wager limit, ends the member's
 * open game sessions at the venues.
 */
const routes: FastifyPluginAsync = async (app) => {
  const member = { preHandler: app.requireMember };
  const playerOf = (req: FastifyRequest): Player => ({ id: req.member!.id, isTrial: req.member!.isTrial, tokenHash: req.member!.tokenHash });

  app.post('/protection', member, async (req) => ok(await protectionState(app.kdb, playerOf(req), new Date())));

  app.post('/protection/limit', member, async (req) => {
    const body = parse(setLimitSchema, req.body);
    const kind = body.kind as LimitKind;
    const { message, ...result } = await setOwnLimit(app.kdb, playerOf(req), { kind, period: body.period as LimitPeriod, limit: body.limit }, new Date());
    // A new or lower loss or wager limit holds in the games too: open ones end, and the next launch
    // carries the new headroom (a game launched before knew only the old one).
    if (result.outcome === 'applied' && (kind === 'loss' || kind === 'wager')) await endVenueSessions(app, req.member!.id);
    return ok(result, message);
  });

  app.post('/protection/limit/confirm', member, async (req) => {
    const key = parse(limitKeySchema, req.body);
    const now = new Date();
    await confirmOwnLimit(app.kdb, playerOf(req), { kind: key.kind as LimitKind, period: key.period as LimitPeriod }, now);
    return ok(await protectionState(app.kdb, playerOf(req), now), PROTECTION_MSG.confirmed);
  });

  app.post('/protection/limit/cancel', member, async (req) => {
    const key = parse(limitKeySchema, req.body);
    const now = new Date();
    await cancelOwnLimit(app.kdb, playerOf(req), { kind: key.kind as LimitKind, period: key.period as LimitPeriod }, now);
    return ok(await protectionState(app.kdb, playerOf(req), now), PROTECTION_MSG.cancelled);
  });

  app.post('/protection/block', member, async (req) => {
    const body = parse(setBlockSchema, req.body);
    const now = new Date();
    const block = await startOwnBlock(app.kdb, playerOf(req), { kind: body.kind as BlockKind, duration: body.duration as BlockDuration }, now);
    await endVenueSessions(app, req.member!.id);
    return ok(await protectionState(app.kdb, playerOf(req), now), blockSetMessage(block));
  });

  app.post('/protection/reality', member, async (req) => {
    const { minutes } = parse(realitySchema, req.body);
    await setRealityMinutes(app.kdb, playerOf(req), minutes);
    return ok(await protectionState(app.kdb, playerOf(req), new Date()), PROTECTION_MSG.realitySaved);
  });

  app.post('/playStatus', member, async (req) => ok(await playStatus(app.kdb, playerOf(req), new Date())));

  app.post('/playStatus/ack', member, async (req) => {
    const now = new Date();
    await ackReality(app.kdb, playerOf(req), now);
    return ok(await playStatus(app.kdb, playerOf(req), now), PROTECTION_MSG.realityAck);
  });
};
export default routes;
