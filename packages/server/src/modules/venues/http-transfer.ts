import type { GameCategory } from '@app/contract';
import {
  RETRIED_PATHS,
  SignedCallUnknown,
  TRANSFER_PATHS,
  isFen,
  okBody,
  readBetRecord,
  readGame,
  readTransferAnswer,
  signedPost,
  type TransferPath,
} from '@app/provider-kit';
import type { RefStatus, StakeHeadroom, VenueAdapter, VenueAnswer, VenueBet, VenueGame } from './adapter.js';

/**
 * A venue adapter that speaks the transfer-wallet protocol (provider-kit docs/transfer-wallet.md) to
 * a provider over HTTP: every call a signed POST (signedPost), the player id the member id as text.
 *
 * Outcomes, as adapter.ts wants them: an answer the protocol defines is returned; a refusal of a
 * transfer with an error code over 4xx (nothing done there) is `failed: rejected`; no answer in time,
 * a lost connection, a 5xx or a malformed answer throws (unknown outcome: a transfer stays pending
 * and reconciliation asks `status`). Only idempotent calls are sent again (RETRIED_PATHS, a transfer
 * with the same id), within the same per-call time budget, and never after the budget ran out.
 */
export interface HttpTransferOptions {
  /** the adapter's name, for messages */
  name: string;
  /** the provider's base URL, read at each call (the built-in demo venue's is known once the server listens) */
  baseUrl: () => string;
  /** who the platform signs as at the provider, and the newest key */
  merchant: string;
  key: string;
  /** the time one call may take, retries included */
  timeoutMs: number;
  /** what a launch tells the provider about the player's screen and language */
  device?: 'mobile' | 'desktop';
  language?: string;
  /**
   * A seamless provider's launch (provider-kit docs/seamless-wallet.md): the wallet token the launch
   * carries instead of a headroom, made for this member, venue and game.
   */
  launchToken?: (venue: string, memberId: number, game: string) => Promise<string>;
  /**
   * Told of every HTTP call made to the provider (each attempt of a retried call): how long it took
   * and whether it went well, with a short reason when not (providers/health.ts). Went well: an answer
   * the protocol defines, a refusal of the call's subject (404) included; not: no answer, a 5xx, an
   * answer that is not JSON, or the platform's own request or signature refused (400, 401).
   */
  observe?: (ms: number, ok: boolean, error?: string) => void;
}

/** Attempts of an idempotent call at most (the first and one retry). */
const MAX_ATTEMPTS = 2;
/** A retry is not started with less time than this left. */
const MIN_RETRY_MS = 50;
/** The game list changes when the provider deploys: read it again after this long. */
const GAMES_CACHE_MS = 60_000;
/** Players created in this process, remembered up to this many (then forgotten all at once: creating again is harmless). */
const MAX_KNOWN_PLAYERS = 100_000;
/** Bet records a feed read asks for at most (the protocol's MAX_BETS_LIMIT). */
const MAX_BETS_PER_READ = 1000;

class NoAnswer extends Error {}

export function httpTransferAdapter(o: HttpTransferOptions): VenueAdapter {
  const player = (memberId: number) => String(memberId);
  let gamesCache: { atMs: number; games: VenueGame[] } | null = null;
  const knownPlayers = new Set<number>();

  /** One call: the status and parsed body of an answer, or a throw (no answer, retries spent). */
  async function call(path: TransferPath, payload: unknown): Promise<{ status: number; body: unknown }> {
    const deadline = Date.now() + o.timeoutMs;
    const attempts = RETRIED_PATHS.has(path) ? MAX_ATTEMPTS : 1;
    let last = 'not sent';
    for (let i = 0; i < attempts; i++) {
      const leftMs = deadline - Date.now();
      if (i > 0 && leftMs < MIN_RETRY_MS) break;
      const startedMs = performance.now();
      try {
        const res = await signedPost({ baseUrl: o.baseUrl(), merchant: o.merchant, key: o.key, timeoutMs: Math.max(1, leftMs) }, path, payload);
        const usable = res.status < 500 && res.body !== null;
        const wentWell = usable && res.status !== 400 && res.status !== 401;
        const code = (res.body as { code?: unknown } | null)?.code;
        o.observe?.(performance.now() - startedMs, wentWell, wentWell ? undefined : `${path}: HTTP ${res.status}${res.body === null ? ', not JSON' : ` ${String(code ?? '')}`}`.trim());
        if (usable) return { status: res.status, body: res.body };
        last = `HTTP ${res.status}${res.body === null ? ', not JSON' : ''}`;
      } catch (err) {
        o.observe?.(performance.now() - startedMs, false, `${path}: ${err instanceof Error ? err.message : String(err)}`);
        if (!(err instanceof SignedCallUnknown)) throw err;
        last = err.message;
      }
    }
    if (Date.now() >= deadline) throw new NoAnswer(`venue ${o.name} ${path} did not answer within ${o.timeoutMs} ms`);
    throw new NoAnswer(`venue ${o.name} ${path}: no usable answer (${last})`);
  }

  /** The OK body of a call; anything else throws with what the provider said. */
  async function ok(path: TransferPath, payload: unknown): Promise<Record<string, unknown>> {
    const { status, body } = await call(path, payload);
    const good = okBody(body);
    if (good && status === 200) return good;
    const b = body as { code?: unknown; message?: unknown };
    throw new Error(`venue ${o.name} ${path}: HTTP ${status} ${String(b?.code)} ${String(b?.message ?? '')}`.trim());
  }

  async function ensurePlayer(memberId: number): Promise<void> {
    if (knownPlayers.has(memberId)) return;
    await ok(TRANSFER_PATHS.createPlayer, { player: player(memberId) });
    if (knownPlayers.size >= MAX_KNOWN_PLAYERS) knownPlayers.clear();
    knownPlayers.add(memberId);
  }

  async function transfer(path: TransferPath, venue: string, memberId: number, amountFen: number, ref: string): Promise<VenueAnswer> {
    const { status, body } = await call(path, { venue, player: player(memberId), amount_fen: amountFen, transfer_id: ref });
    const answer = status === 200 ? readTransferAnswer(body) : null;
    if (answer) return answer.status === 'ok' ? { status: 'ok' } : { status: 'failed', reason: answer.reason };
    // A refusal with an error code (signature, malformed request): the provider did nothing.
    const code = (body as { code?: unknown })?.code;
    if (status >= 400 && status < 500 && typeof code === 'string' && code !== 'OK') return { status: 'failed', reason: 'rejected' };
    throw new Error(`venue ${o.name} ${path}: an answer the protocol does not define (HTTP ${status})`);
  }

  async function balances(venues: readonly string[], memberId: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (venues.length === 0) return out;
    const body = await ok(TRANSFER_PATHS.balance, { player: player(memberId), venues });
    const got = body.balances as Record<string, unknown> | undefined;
    for (const v of venues) {
      const fen = got?.[v] ?? 0;
      if (!isFen(fen)) throw new Error(`venue ${o.name} balance of ${v}: not a whole number of fen`);
      out.set(v, fen);
    }
    return out;
  }

  return {
    async balance(venue, memberId) {
      return (await balances([venue], memberId)).get(venue) ?? 0;
    },
    balances: (venues, memberId) => balances(venues, memberId),
    async transferIn(venue, memberId, amountFen, ref) {
      await ensurePlayer(memberId);
      return transfer(TRANSFER_PATHS.transferIn, venue, memberId, amountFen, ref);
    },
    transferOut: (venue, memberId, amountFen, ref) => transfer(TRANSFER_PATHS.transferOut, venue, memberId, amountFen, ref),
    async status(venue, ref): Promise<RefStatus> {
      const s = (await ok(TRANSFER_PATHS.transferStatus, { venue, transfer_id: ref })).status;
      if (s !== 'applied' && s !== 'not_found') throw new Error(`venue ${o.name} status: ${String(s)}`);
      return s;
    },
    async voidRef(venue, ref) {
      const s = (await ok(TRANSFER_PATHS.transferVoid, { venue, transfer_id: ref })).status;
      if (s !== 'voided' && s !== 'applied') throw new Error(`venue ${o.name} void: ${String(s)}`);
      return s;
    },
    async launchUrl(venue, memberId, game, headroom: StakeHeadroom | null) {
      // A seamless provider knows its players by the token; a transfer provider's player is created first.
      if (!o.launchToken) await ensurePlayer(memberId);
      const limits = headroom ? { wager: headroom.wagerFen, loss: headroom.lossFen, after: headroom.afterSeq } : null;
      const held = o.launchToken ? { token: await o.launchToken(venue, memberId, game) } : { headroom: limits };
      const url = (await ok(TRANSFER_PATHS.launch, { venue, player: player(memberId), game, device: o.device ?? 'mobile', language: o.language ?? 'zh-CN', return_url: null, ...held })).url;
      if (typeof url !== 'string' || url === '') throw new Error(`venue ${o.name} launch: no url`);
      return url;
    },
    async games() {
      const now = Date.now();
      if (gamesCache && now - gamesCache.atMs < GAMES_CACHE_MS) return gamesCache.games;
      const list = (await ok(TRANSFER_PATHS.games, {})).games;
      if (!Array.isArray(list)) throw new Error(`venue ${o.name} games: no list`);
      const games: VenueGame[] = list.map((g) => {
        const game = readGame(g);
        if (!game) throw new Error(`venue ${o.name} games: a malformed game`);
        return { code: game.code, name: game.name, category: game.category as GameCategory, provider: game.provider, fishing: game.fishing };
      });
      gamesCache = { atMs: now, games };
      return games;
    },
    async fetchBets(afterSeq, limit) {
      const body = await ok(TRANSFER_PATHS.bets, { after: afterSeq, limit: Math.min(limit, MAX_BETS_PER_READ) });
      if (!Array.isArray(body.bets) || !isFen(body.next) || body.next < afterSeq) throw new Error(`venue ${o.name} bets: a malformed answer`);
      const bets: VenueBet[] = [];
      for (const raw of body.bets) {
        // A malformed record stops the read: skipping it would move the cursor past a bet for ever.
        const r = readBetRecord(raw);
        if (!r) throw new Error(`venue ${o.name} bets: a malformed bet record`);
        const memberId = Number(r.player);
        if (!Number.isSafeInteger(memberId) || memberId <= 0) continue; // not one of this platform's players
        bets.push({
          seq: r.seq,
          venue: r.venue,
          betId: r.bet_id,
          memberId,
          game: r.game,
          gameName: r.game_name,
          category: r.category,
          stakeFen: r.stake_fen,
          validFen: r.valid_fen,
          hedgedFen: r.hedged_fen,
          winLossFen: r.win_loss_fen,
          status: r.status,
          detail: r.detail,
          betAt: new Date(r.bet_at),
          settledAt: r.settled_at ? new Date(r.settled_at) : null,
        });
      }
      return { bets, next: body.next };
    },
    async endSessions(memberId) {
      await ok(TRANSFER_PATHS.kickPlayer, { player: player(memberId) });
    },
  };
}
