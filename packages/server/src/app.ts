import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { DEMO_PROVIDER_PREFIX, DEMO_SEAMLESS_PREFIX, type Config } from './config.js';
import { connectPglite, connectPostgres, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './seed/index.js';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.js';
import maintenance from './plugins/maintenance.js';
import routeIndex from './plugins/routeIndex.js';
import requestText from './plugins/requestText.js';
import securityHeaders from './plugins/securityHeaders.js';
import session from './modules/session/plugin.js';
import { onAllSessionsEnded } from './modules/session/service.js';
import { MEMBER_MODULES } from './modules/index.js';
import memberApi from './http/member-api.js';
import { connectRedis } from './lib/redis.js';
import { linkDisplayBalances } from './modules/ledger/display-channel.js';
import { fallbackRateStore } from './lib/rate-store.js';
import adminApi from './admin/index.js';
import agentPortalApi from './modules/agent-portal/routes.js';
import spa, { cacheHashedAssets } from './http/spa.js';
import { clientErrorHandler, MAX_HEADER_BYTES } from './http/client-error.js';
import compat, { MemberPaths } from './http/compat.js';
import { registerCors } from './http/cors.js';
import { registerHealth } from './http/health.js';
import publicCache from './http/public-cache.js';
import { registerManifest } from './modules/site/manifest.js';
import { launchSecret } from './modules/site/launch-secret.js';
import venueApi from './venue-demo/routes.js';
import providerApi from './modules/providers/routes.js';
import demoProviderApi from './venue-demo/provider-api.js';
import { SEAMLESS_PREFIX } from '@app/provider-kit';
import { DemoVenue } from './venue-demo/service.js';
import uploadRoutes from './modules/uploads/routes.js';
import { createVenueRegistry } from './modules/venues/registry.js';
import { providerAdapters } from './modules/providers/adapters.js';
import { providerCallObserver } from './modules/providers/health.js';
import { currentKeyOf, providerKeys } from './modules/providers/service.js';
import { DEMO_SEAMLESS } from './seed/providers.js';
import { startReconciler } from './modules/transfers/reconcile.js';
import { startGuestReaper } from './modules/trial/service.js';
import { startBetFeed } from './modules/games/feed.js';
import { startLottery } from './modules/lottery/scheduler.js';
import { startRebateJob } from './modules/rebate/job.js';
import { startCommissionJob } from './modules/commission/job.js';
import { startDepositExpiry } from './modules/deposits/expiry.js';
import { startProviderCallFlush } from './modules/providers/health.js';
import { startSeamlessAnswerSweep } from './modules/providers/retention.js';
import { startMailSender } from './modules/mail/campaigns.js';
import { startStatsRollup } from './modules/reports/rollup.js';
import { startVipJob } from './modules/vip/job.js';
import { decorateRedPacketClock } from './modules/redpacket/clock.js';
import { createLotteryHub } from './modules/lottery/chat/hub.js';
import { startRoomAnnouncements } from './modules/lottery/chat/announce.js';
import lotterySocket, { WS_MAX_PAYLOAD_BYTES } from './modules/lottery/chat/socket.js';
import { createServiceHub } from './modules/service-chat/hub.js';
import serviceDeskSocket from './admin/service/socket.js';
import { startChatRetention } from './modules/lottery/chat/retention.js';
import './context.js';

export async function openDatabase(config: Config): Promise<Db> {
  const db = config.databaseUrl
    ? await connectPostgres(config.databaseUrl, config.databasePoolSize, config.databaseSessionUrl, config.databasePreparedStatements)
    : await connectPglite(path.join(config.dataDir, 'pglite'));
  await migrate(db);
  return db;
}

const REDIS_START_WAIT_MS = 3_000;

/**
 * Closing, the server drops the connections that never carried a request: they have nothing to
 * finish, and Node would otherwise wait for their header timeout (a minute). The platform's own
 * calls to the demo venue on this address leave one when a call is given up while it connects.
 */
function dropUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage) => unused.delete(req.socket));
  app.addHook('preClose', (done) => {
    for (const socket of unused) socket.destroy();
    unused.clear();
    done();
  });
}

/** This server's own base URL as it listens (a wildcard address is reached on loopback); throws before listen. */
export function listenUrl(app: FastifyInstance): string {
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('the server is not listening yet');
  const host = a.address === '0.0.0.0' ? '127.0.0.1' : a.address === '::' ? '::1' : a.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${a.port}`;
}

/** The whole platform on one Fastify instance: API, H5 app, uploads. */
export async function buildApp(config: Config, db: Db): Promise<FastifyInstance> {
  await seedIfEmpty(db, config);
  const memberPaths = new MemberPaths();
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // An oversized URL or header, or a malformed request, is refused by Node before Fastify: still an envelope.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    // A path with a malformed percent-escape, which Fastify refuses before routing: still an envelope.
    frameworkErrors,
    // Existing clients of this API spell its paths in other letter cases: /api/noticelist (http/compat.ts).
    rewriteUrl: (req) => memberPaths.rewrite(req.url ?? '/'),
    // Per-request lines only when debugging: the balance poll alone would flood the log.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  db.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; the pool opens a new one'));
  app.decorate('kdb', db.kysely);
  // The built-in demo venue, a provider in this process that the platform reaches over HTTP at this
  // server's own address (known once it listens: tests listen on an ephemeral port), like any other.
  const demoVenue = new DemoVenue(db.kysely, { fault: config.demoVenueFault, slowMs: config.demoVenueSlowMs });
  app.decorate('demoVenue', demoVenue);
  app.addHook('onClose', async () => demoVenue.stop());
  // Configured game providers are venue adapters too; one configured without a base URL is the demo venue of this process.
  const providers = providerAdapters(db.kysely, { selfUrl: (mode) => `${listenUrl(app)}${mode === 'seamless' ? DEMO_SEAMLESS_PREFIX : DEMO_PROVIDER_PREFIX}`, observe: providerCallObserver });
  const venues = createVenueRegistry(config, db.kysely, () => `${listenUrl(app)}${DEMO_PROVIDER_PREFIX}`, providers);
  app.decorate('venues', venues);
  dropUnusedConnectionsOnClose(app);
  // A member's game sessions at the venues end with all its platform sessions (password change,
  // account disabled), so an open game frame stops taking bets. A venue that cannot be told is logged.
  const stopEnding = onAllSessionsEnded(async (memberId, ofDb) => {
    if (ofDb !== db.kysely) return; // another app of this process (tests), another database
    await venues.endSessions(memberId).catch((err) => app.log.error({ err, memberId }, 'venue play sessions not ended'));
  });
  app.addHook('onClose', async () => stopEnding());
  registerErrorHandling(app);
  // Older clients of this API POST with a JSON content type and no body: read that as {}.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, {});
    parseJson(req, body as string, done);
  });

  await app.register(routeIndex);
  await app.register(compat, { paths: memberPaths });
  await app.register(securityHeaders);
  await registerCors(app, config.corsOrigins);
  // Before every route, so an upgrade request to a plain route is refused rather than half-handled.
  // No permessage-deflate: a room's frame is built once and the same bytes go to every socket (lib/fanout.ts).
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES, perMessageDeflate: false } });
  // With Redis, every instance counts against the same limits and hears of every revoked session.
  // Without Redis (not configured, or away) each instance counts and fans out on its own.
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', () => redis.close());
  await app.register(rateLimit, { global: false, ...(redis ? { store: fallbackRateStore(redis, `${config.redisPrefix}rate-limit:`) } : {}) });
  await app.register(session, { redis });
  await app.register(publicCache, { redis });
  linkDisplayBalances(app, redis);
  await app.register(maintenance);
  await app.register(requestText);
  startBetFeed(app);
  startRebateJob(app);
  startVipJob(app);
  startCommissionJob(app);
  startMailSender(app);
  startStatsRollup(app);
  // The lottery rooms' fan-out (through Redis when configured) and what the scheduler tells them.
  app.decorate('lotteryHub', createLotteryHub(app, redis));
  app.decorate('serviceHub', createServiceHub(app, redis));
  // Every channel is subscribed by now: give Redis a moment to answer, so a healthy start shares its
  // limits from the first request; unreachable, the instance starts without it (lib/redis.ts).
  await redis?.settled(REDIS_START_WAIT_MS);
  startLottery(app, startRoomAnnouncements(app));
  decorateRedPacketClock(app);
  await app.register(lotterySocket);
  await app.register(serviceDeskSocket);
  startChatRetention(app);
  // The member API from its route table (modules/index.ts), the service chat's socket included.
  await app.register(memberApi, { prefix: '/api', modules: MEMBER_MODULES });
  startReconciler(app);
  startGuestReaper(app);
  startDepositExpiry(app);
  startProviderCallFlush(app);
  startSeamlessAnswerSweep(app);

  await app.register(adminApi, { prefix: '/admin/api' });
  // The agent portal's API (its pages are served below at /agent/ when built).
  await app.register(agentPortalApi, { prefix: '/agent/api' });
  // The built-in demo venue: a separate provider served by this process (DESIGN §6).
  // Its seamless venues spend the central wallet through the seamless wallet, signed as the seeded
  // demo seamless provider with that provider's key, as an operator hands a key to a provider.
  const wallet = { url: () => `${listenUrl(app)}${SEAMLESS_PREFIX}`, merchant: DEMO_SEAMLESS.merchantId, key: currentKeyOf(app.kdb, DEMO_SEAMLESS.merchantId), timeoutMs: config.venueTimeoutMs };
  await app.register(venueApi, { prefix: '/venue/api', settleIntervalMs: config.venueSettleIntervalMs, launchSecret: () => launchSecret(app.kdb), wallet });
  // Its side of the transfer-wallet protocol, which the platform's venue registry calls.
  const { merchant, key } = config.demoProvider;
  await app.register(demoProviderApi, { prefix: DEMO_PROVIDER_PREFIX, venue: demoVenue, merchant, keys: () => [key], launchSecret: () => launchSecret(app.kdb) });
  // And its side of a seamless provider's launch, games and kick, called as the demo seamless provider.
  await app.register(demoProviderApi, {
    prefix: DEMO_SEAMLESS_PREFIX,
    venue: demoVenue,
    merchant: DEMO_SEAMLESS.merchantId,
    keys: () => providerKeys(app.kdb, DEMO_SEAMLESS.merchantId),
    launchSecret: () => launchSecret(app.kdb),
    mode: 'seamless',
  });

  // The seamless wallet game providers call (signed; packages/provider-kit docs/seamless-wallet.md).
  await app.register(providerApi, { prefix: SEAMLESS_PREFIX });

  registerHealth(app);

  // Staff uploads (banners) from the database at /uploads/site/<id>.<ext>; members' avatars from the disk below.
  await app.register(uploadRoutes);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.uploadsDir, prefix: '/uploads/', decorateReply: false, maxAge: '1d' });
  if (config.adminDist && fs.existsSync(path.join(config.adminDist, 'index.html'))) {
    await app.register(spa, { prefix: '/admin', root: config.adminDist });
  }
  if (config.agentDist && fs.existsSync(path.join(config.agentDist, 'index.html'))) {
    await app.register(spa, { prefix: '/agent', root: config.agentDist });
  }
  if (config.venueDist && fs.existsSync(path.join(config.venueDist, 'index.html'))) {
    await app.register(spa, { prefix: '/venue', root: config.venueDist });
  }
  if (config.h5Dist && fs.existsSync(path.join(config.h5Dist, 'index.html'))) {
    registerManifest(app);
    await app.register(fastifyStatic, { root: config.h5Dist, prefix: '/', decorateReply: false, maxAge: 0, preCompressed: true, setHeaders: cacheHashedAssets });
  }
  return app;
}
