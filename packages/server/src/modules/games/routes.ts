import type { FastifyPluginAsync } from 'fastify';
import { betRecordSchema, gameListByCodeSchema, gameListSchema, gameUrlSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { betRecords, type BetRecordQuery } from './betrecords.js';
import { recentGames, recentWinsReader } from './highlights.js';
import { getGameUrl } from './launch.js';
import { listGames, providerGames } from './service.js';

/** The game catalogue, launching games, and the member's bet records (spec §7). */
const routes: FastifyPluginAsync = async (app) => {
  // The catalogue is public content, kept per instance until staff change it (http/public-cache.ts).
  app.get('/game/list', async (req, reply) => {
    const { category } = parse(gameListSchema, req.query);
    return app.publicCache.reply(req, reply, `game/list:${category ?? ''}`, async () => ok(await listGames(app.kdb, category)));
  });

  app.post('/gamelistBycode', async (req, reply) => {
    const { gamecode } = parse(gameListByCodeSchema, req.body);
    return app.publicCache.reply(req, reply, `gamelistBycode:${gamecode}`, async () => ok(await providerGames(app.venues, gamecode)));
  });

  // The hall's winners ticker and 最近在玩 (issue 15): real wins only, cached per instance; the member's own launches.
  const recentWins = recentWinsReader(app.kdb, app.config.recentWinsCacheMs);
  app.post('/recentWins', async () => ok(await recentWins()));
  app.post('/recentGames', { preHandler: app.requireMember }, async (req) => ok(await recentGames(app.kdb, req.member!.id)));

  // The trial account plays too (with its demo money).
  app.post('/getGameUrl', { preHandler: app.requireMember }, async (req) => {
    const input = parse(gameUrlSchema, req.body);
    const m = req.member!;
    return ok(await getGameUrl({ db: app.kdb, venues: app.venues, log: req.log }, { id: m.id, isTrial: m.isTrial, tokenHash: m.tokenHash }, input));
  });

  app.post('/betrecord', { preHandler: app.requireMember }, async (req) => {
    const query = parse(betRecordSchema, req.body) as BetRecordQuery;
    // Fresh records first: one bounded pass of the feed (joins the job's pass when one is running).
    await app.betFeed.pull();
    return ok(await betRecords(app.kdb, req.member!.id, query));
  });
};
export default routes;
