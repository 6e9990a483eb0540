import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, VENUE_SESSION_HEADER, fenToYuan, type VenueBalanceInfo, type VenueMe, type VenueSession } from '@app/contract';
import { ok } from '../http/envelope.js';
import { scheduleJob } from '../lib/jobs.js';
import { forbidden, notFound } from '../http/errors.js';
import { gameInfo } from './info.js';
import { listMatches, startMatchScheduler } from './matches.js';
import { balanceFen, betsPage, exchangeLaunch, placeMatchBet, playInstant, sessionOf, type PlaySession } from './play.js';
import { OPEN_ROUND_SWEEP_MS, playSeamless, seamlessBetsPage, settleOpenRounds, walletBalanceFen, type WalletOptions } from './seamless.js';

/**
 * The demo venue's JSON API (notes/venue-api.md), registered with prefix '/venue/api'. Conceptually a
 * separate provider: its own sessions (header x-venue-session), its own wallet store, its own bets.
 * Also starts the virtual-match scheduler (opts.settleIntervalMs; 0 leaves passes to the caller).
 * opts.launchSecret hands it the key the platform signs launch tokens with, as an operator gives it
 * to a provider. opts.wallet is how it reaches the platform's seamless wallet for sessions launched
 * in seamless mode (venue-demo/seamless.ts); their balance is the central wallet's.
 */
export default async function venueApi(app: FastifyInstance, opts: { settleIntervalMs: number; launchSecret: () => Promise<Buffer>; wallet: WalletOptions }): Promise<void> {
  const db = app.kdb;
  const session = (req: FastifyRequest) => sessionOf(db, req.headers[VENUE_SESSION_HEADER]);
  const balanceOf = (s: PlaySession) => (s.wallet ? walletBalanceFen(opts.wallet, s, s.wallet) : balanceFen(db, s));

  const me = async (s: PlaySession): Promise<VenueMe> => {
    const game = gameInfo(s.game);
    if (!game) throw notFound(MSG.venueGameMissing);
    const [venue, balance] = await Promise.all([app.venues.find(s.venue), balanceOf(s)]);
    return { player: { id: s.player, name: s.name ?? s.player }, venue: { code: s.venue, name: venue?.name ?? s.venue }, game, balance: fenToYuan(balance), wallet: s.wallet ? 'central' : 'venue' };
  };

  app.post('/session', async (req) => {
    const body = (req.body ?? {}) as { launch?: unknown };
    const { token, session: s } = await exchangeLaunch(db, await opts.launchSecret(), body.launch);
    const data: VenueSession = { session: token, ...(await me(s)) };
    return ok(data);
  });

  app.get('/me', async (req) => ok(await me(await session(req))));

  app.get('/balance', async (req) => {
    const data: VenueBalanceInfo = { balance: fenToYuan(await balanceOf(await session(req))) };
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
    return ok(s.wallet ? await playSeamless(db, opts.wallet, s, s.wallet, body.game, body.bet, req.log) : await playInstant(db, s, body.game, body.bet));
  });

  app.get('/matches', async (req) => {
    await session(req);
    return ok(await listMatches(db, (req.query as { sport?: unknown }).sport));
  });

  // A seamless session plays instant games only: its provider lists no match betting.
  app.post('/matches/bet', async (req) => {
    const s = await session(req);
    if (s.wallet) throw forbidden(MSG.venueWrongGame);
    return ok(await placeMatchBet(db, s, req.body));
  });

  app.get('/bets', async (req) => {
    const s = await session(req);
    const page = (req.query as { page?: unknown }).page;
    return ok(s.wallet ? await seamlessBetsPage(db, s, page) : await betsPage(db, s, page));
  });

  startMatchScheduler(app, opts.settleIntervalMs);
  startRoundSweep(app, opts.wallet, opts.settleIntervalMs > 0 ? OPEN_ROUND_SWEEP_MS : 0);
}

/** Sends again, every `everyMs`, the wins of seamless rounds the wallet did not answer (0: never; tests call settleOpenRounds). */
function startRoundSweep(app: FastifyInstance, wallet: WalletOptions, everyMs: number): void {
  scheduleJob(app, 'demo venue open seamless rounds', everyMs, () => settleOpenRounds(app.kdb, wallet));
}
