import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, VENUE_SESSION_HEADER, fenToYuan, type VenueBalanceInfo, type VenueMe, type VenueSession } from '@app/contract';
import { ok } from '../http/envelope.js';
import { notFound } from '../http/errors.js';
import { gameInfo } from './info.js';
import { listMatches, startMatchScheduler } from './matches.js';
import { balanceFen, betsPage, exchangeLaunch, placeMatchBet, playInstant, sessionOf, type PlaySession } from './play.js';

/**
 * The demo venue's JSON API (notes/venue-api.md), registered with prefix '/venue/api'. Conceptually a
 * separate provider: its own sessions (header x-venue-session), its own wallet store, its own bets.
 * Also starts the virtual-match scheduler (opts.settleIntervalMs; 0 leaves passes to the caller).
 * opts.launchSecret hands it the key the platform signs launch tokens with, as an operator gives it
 * to a provider.
 */
export default async function venueApi(app: FastifyInstance, opts: { settleIntervalMs: number; launchSecret: () => Promise<Buffer> }): Promise<void> {
  const db = app.kdb;
  const session = (req: FastifyRequest) => sessionOf(db, req.headers[VENUE_SESSION_HEADER]);

  const me = async (s: PlaySession): Promise<VenueMe> => {
    const game = gameInfo(s.game);
    if (!game) throw notFound(MSG.venueGameMissing);
    const [venue, balance] = await Promise.all([app.venues.find(s.venue), balanceFen(db, s)]);
    return { player: { id: s.player, name: s.name ?? s.player }, venue: { code: s.venue, name: venue?.name ?? s.venue }, game, balance: fenToYuan(balance) };
  };

  app.post('/session', async (req) => {
    const body = (req.body ?? {}) as { launch?: unknown };
    const { token, session: s } = await exchangeLaunch(db, await opts.launchSecret(), body.launch);
    const data: VenueSession = { session: token, ...(await me(s)) };
    return ok(data);
  });

  app.get('/me', async (req) => ok(await me(await session(req))));

  app.get('/balance', async (req) => {
    const data: VenueBalanceInfo = { balance: fenToYuan(await balanceFen(db, await session(req))) };
    return ok(data);
  });

  app.get('/games/:code', async (req) => {
    const info = gameInfo((req.params as { code: string }).code);
    if (!info) throw notFound(MSG.venueGameMissing);
    return ok(info);
  });

  app.post('/play', async (req) => {
    const s = await session(req);
    const body = (req.body ?? {}) as { game?: unknown; bet?: unknown };
    return ok(await playInstant(db, s, body.game, body.bet));
  });

  app.get('/matches', async (req) => {
    await session(req);
    return ok(await listMatches(db, (req.query as { sport?: unknown }).sport));
  });

  app.post('/matches/bet', async (req) => ok(await placeMatchBet(db, await session(req), req.body)));

  app.get('/bets', async (req) => ok(await betsPage(db, await session(req), (req.query as { page?: unknown }).page)));

  startMatchScheduler(app, opts.settleIntervalMs);
}
