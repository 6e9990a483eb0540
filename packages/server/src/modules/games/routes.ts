import type { FastifyPluginAsync } from 'fastify';
import { gameListSchema } from '@app/contract/schemas';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { listGames } from './service.js';

/** The public game catalogue; launching a game (getGameUrl) belongs to the venues module. */
const routes: FastifyPluginAsync = async (app) => {
  app.get('/game/list', async (req) => ok(await listGames(app.kdb, parse(gameListSchema, req.query).category)));
};
export default routes;
