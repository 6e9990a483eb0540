import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GAME_LAUNCH_TTL_S } from '@app/contract';
import {
  SIGNATURE_ERROR,
  TRANSFER_ERROR,
  TRANSFER_PATHS,
  memoryNonceStore,
  readBalance,
  readBets,
  readLaunch,
  readPlayer,
  readTransfer,
  readTransferRef,
  verifyRequest,
  type GamesAnswer,
  type Read,
  type TransferAnswer,
  type TransferErrorCode,
} from '@app/provider-kit';
import { signLaunch } from '../lib/launch-token.js';
import { demoBetFeed } from './feed.js';
import { GAME_DEFINITIONS, gameDefinition, instantGame } from './games/index.js';
import type { DemoAnswer, DemoVenue } from './service.js';

/**
 * The demo venue's side of the transfer-wallet protocol (provider-kit docs/transfer-wallet.md): the
 * API the platform calls, over HTTP, to create players, move money in and out by its transfer id,
 * ask and void, launch, list games, read bets and kick. Registered under its own prefix
 * (app.ts: /demo-provider/transfer).
 *
 * Every request is verified on its raw body before it is parsed: signed by the one merchant this
 * venue serves with its key, within the window, its nonce unused. The nonces live in this process's
 * memory: each platform instance calls the demo venue of its own process (its own listen address),
 * so one process sees every nonce meant for it.
 */
export interface DemoProviderOptions {
  venue: DemoVenue;
  /** the merchant id the platform signs as, and its keys (the newest first; two during a rotation) */
  merchant: string;
  keys: () => Promise<readonly string[]> | readonly string[];
  /** the key the launch tokens are signed with, which the venue's pages verify (routes.ts) */
  launchSecret: () => Promise<Buffer>;
  /**
   * 'transfer' (the default): every call of the transfer wallet. 'seamless': the venue as a seamless
   * provider (provider-kit docs/seamless-wallet.md): launch with the platform's wallet token, the game
   * list (instant games: no match betting without a wallet of its own), kick.
   */
  mode?: 'transfer' | 'seamless';
}

/** The path of a launched game, on the platform's host, where the demo venue's pages are served. */
const LAUNCH_PAGE = '/venue/';

class ProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly code: TransferErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function take<T>(r: Read<T>): T {
  if (!r.ok) throw new ProtocolError(400, TRANSFER_ERROR.badRequest, r.error);
  return r.value;
}

const answerOf = (a: DemoAnswer): TransferAnswer => (a.ok ? { status: 'ok' } : { status: 'failed', reason: a.error });

export default async function demoProviderApi(app: FastifyInstance, opts: DemoProviderOptions): Promise<void> {
  const nonces = memoryNonceStore();
  const { venue } = opts;

  // The body stays the text that was signed; it is parsed only after the signature checks out.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // When the server closes: the requests still being answered (a fault that never answers, a hung
  // call) lose their connection, as with a provider that goes away (their caller has an unknown
  // outcome), and an answer sent from then on closes its connection (the platform's client keeps
  // connections alive, and a call made as the close began would otherwise hold the server open until
  // its keep-alive timeout).
  const pending = new Set<FastifyRequest>();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    for (const req of pending) req.raw.socket?.destroy();
    pending.clear();
    done();
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof ProtocolError) return reply.code(err.status).send({ code: err.code, message: err.message });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ code: TRANSFER_ERROR.badRequest, message: (err as Error).message });
    app.log.error({ err }, 'demo provider: request failed');
    return reply.code(500).send({ code: TRANSFER_ERROR.internal, message: 'internal error' });
  });

  /** A verified call: the signature first, then the JSON, then the handler's answer under code OK. */
  const route = (path: string, handle: (body: unknown) => Promise<object>) =>
    app.post(path, async (req: FastifyRequest, reply: FastifyReply) => {
      pending.add(req);
      try {
        return await answer(req, reply, handle);
      } finally {
        pending.delete(req);
      }
    });

  const answer = async (req: FastifyRequest, reply: FastifyReply, handle: (body: unknown) => Promise<object>) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    const verdict = await verifyRequest(req.headers, { method: req.method, path: req.originalUrl, body: raw }, (m) => (m === opts.merchant ? opts.keys() : []), nonces);
    if (verdict.refusal) return reply.code(401).send({ code: SIGNATURE_ERROR[verdict.refusal], message: `signature refused: ${verdict.refusal}` });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new ProtocolError(400, TRANSFER_ERROR.badRequest, 'the body is not JSON');
    }
    return { code: 'OK', ...(await handle(body)) };
  };

  const seamless = opts.mode === 'seamless';

  route(TRANSFER_PATHS.launch, async (body) => {
    const l = take(readLaunch(body));
    if (!gameDefinition(l.game) || (seamless && !instantGame(l.game))) throw new ProtocolError(404, TRANSFER_ERROR.gameNotFound, `no game ${l.game}`);
    if (seamless !== (l.token !== undefined)) throw new ProtocolError(400, TRANSFER_ERROR.badRequest, seamless ? 'a seamless launch carries the wallet token' : 'a transfer launch carries no wallet token');
    const exp = Math.floor(Date.now() / 1000) + GAME_LAUNCH_TTL_S;
    const held = l.token !== undefined ? { wallet: l.token } : l.headroom ? { headroom: l.headroom } : {};
    const token = signLaunch(await opts.launchSecret(), { player: l.player, venue: l.venue, game: l.game, exp, ...held });
    return { url: `${LAUNCH_PAGE}?launch=${token}` };
  });

  route(TRANSFER_PATHS.games, async () => {
    const listed = seamless ? GAME_DEFINITIONS.filter((d) => instantGame(d.code)) : GAME_DEFINITIONS;
    const answer: GamesAnswer = { games: listed.map((d) => ({ code: d.code, name: d.name, category: d.category, provider: d.provider, fishing: d.kind === 'fishing' })) };
    return answer;
  });

  route(TRANSFER_PATHS.kickPlayer, async (body) => {
    const { player } = take(readPlayer(body));
    await venue.endSessions(player);
    return {};
  });

  if (seamless) return;

  // A player's wallets here open at its first transfer in: creating one only checks the id.
  route(TRANSFER_PATHS.createPlayer, async (body) => {
    take(readPlayer(body));
    return {};
  });

  route(TRANSFER_PATHS.balance, async (body) => {
    const { player, venues } = take(readBalance(body));
    const held = await venue.balances(player, venues);
    return { balances: Object.fromEntries(venues.map((v) => [v, held.get(v) ?? 0])) };
  });

  route(TRANSFER_PATHS.transferIn, async (body) => {
    const t = take(readTransfer(body));
    return answerOf(await venue.transferIn(t.venue, t.player, t.amount_fen, t.transfer_id));
  });

  route(TRANSFER_PATHS.transferOut, async (body) => {
    const t = take(readTransfer(body));
    return answerOf(await venue.transferOut(t.venue, t.player, t.amount_fen, t.transfer_id));
  });

  route(TRANSFER_PATHS.transferStatus, async (body) => {
    const r = take(readTransferRef(body));
    return { status: await venue.status(r.venue, r.transfer_id) };
  });

  route(TRANSFER_PATHS.transferVoid, async (body) => {
    const r = take(readTransferRef(body));
    return { status: await venue.voidRef(r.venue, r.transfer_id) };
  });

  route(TRANSFER_PATHS.bets, async (body) => {
    const { after, limit } = take(readBets(body));
    return demoBetFeed(app.kdb, after, limit);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in demo venue of this process (tests switch its faults). */
    demoVenue: DemoVenue;
  }
}
