import type { Config } from '../../config.js';
import type { Kdb } from '../../db/connect.js';
import type { RefStatus, StakeHeadroom, VenueAdapter, VenueGame, VenueOutcome } from './adapter.js';
import { httpTransferAdapter } from './http-transfer.js';
import { providerCallObserver } from '../providers/health.js';

/**
 * A venue as the platform uses it: which adapter serves the code (a built-in one, or a configured
 * game provider by its code), open or not (its own switch and, for a provider's venue, the provider
 * switched on), and how money reaches it: `transfer` (a wallet at the venue, moved in and out) or
 * `seamless` (no wallet there: the provider spends the central wallet through the seamless wallet).
 */
export interface Venue {
  code: string;
  name: string;
  adapter: string;
  enabled: boolean;
  sort: number;
  mode: 'transfer' | 'seamless';
}

const VENUE_CACHE_MS = 1000;

export class VenueTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`venue ${what} did not answer within ${ms} ms`);
  }
}

/**
 * Every venue call the platform makes goes through here: the adapter named by the venue row, under
 * the platform's own timeout (VENUE_TIMEOUT_MS), with any throw or timeout turned into an unknown
 * outcome for the money-moving calls.
 */
export class VenueRegistry {
  private cached: { atMs: number; list: Venue[]; byCode: Map<string, Venue>; providers: ReadonlyMap<string, VenueAdapter> } | null = null;

  /**
   * `adapters`: the built-in adapters by name; `providers`: the configured providers' adapters by
   * provider code, read with the venue list (a provider added, edited or rotated shows within
   * VENUE_CACHE_MS).
   */
  constructor(
    private readonly db: Kdb,
    private readonly adapters: ReadonlyMap<string, VenueAdapter>,
    readonly timeoutMs: number,
    private readonly providers: () => Promise<ReadonlyMap<string, VenueAdapter>> = async () => new Map(),
  ) {}

  /**
   * Every venue in display order, read through a short cache: the venue list is read by every
   * transfer and every balance poll, and changes only when staff switch a venue on or off, which
   * then shows within VENUE_CACHE_MS (at once on this instance after forgetVenues()).
   */
  async list(nowMs: number = Date.now()): Promise<Venue[]> {
    return (await this.read(nowMs)).list;
  }

  /** The venues money is transferred to and from (the transfer page, 一键回收, auto-transfer): not the seamless ones. */
  async transferVenues(nowMs: number = Date.now()): Promise<Venue[]> {
    return (await this.read(nowMs)).list.filter((v) => v.mode === 'transfer');
  }

  async find(code: string): Promise<Venue | undefined> {
    return (await this.read(Date.now())).byCode.get(code);
  }

  private async read(nowMs: number) {
    if (this.cached && nowMs - this.cached.atMs < VENUE_CACHE_MS) return this.cached;
    const [list, providers] = await Promise.all([listVenues(this.db), this.providers()]);
    const fresh = { atMs: nowMs, list, byCode: new Map(list.map((v) => [v.code, v])), providers };
    this.cached = fresh;
    return fresh;
  }

  /** Drops the cached venue list (after staff changed a venue). */
  forgetVenues(): void {
    this.cached = null;
  }

  /** The adapter serving a venue of the list just read (list, find or transferVenues came first). */
  adapterOf(venue: Pick<Venue, 'code' | 'adapter'>): VenueAdapter {
    const adapter = this.adapters.get(venue.adapter) ?? this.cached?.providers.get(venue.adapter);
    if (!adapter) throw new Error(`venue ${venue.code}: no adapter named ${venue.adapter}`);
    return adapter;
  }

  transferIn(venue: Venue, memberId: number, amountFen: number, ref: string): Promise<VenueOutcome> {
    return this.moneyCall(`${venue.code} transferIn`, () => this.adapterOf(venue).transferIn(venue.code, memberId, amountFen, ref));
  }

  transferOut(venue: Venue, memberId: number, amountFen: number, ref: string): Promise<VenueOutcome> {
    return this.moneyCall(`${venue.code} transferOut`, () => this.adapterOf(venue).transferOut(venue.code, memberId, amountFen, ref));
  }

  /** Throws when the venue does not answer in time (reconciliation tries again later). */
  status(venue: Venue, ref: string): Promise<RefStatus> {
    return within(this.adapterOf(venue).status(venue.code, ref), this.timeoutMs, `${venue.code} status`);
  }

  voidRef(venue: Venue, ref: string): Promise<'voided' | 'applied'> {
    return within(this.adapterOf(venue).voidRef(venue.code, ref), this.timeoutMs, `${venue.code} void`);
  }

  /** A one-time launch URL of `game` at the venue for the member, carrying its stake headroom (throws when the venue does not answer). */
  launchUrl(venue: Venue, memberId: number, game: string, headroom: StakeHeadroom | null = null): Promise<string> {
    return within(this.adapterOf(venue).launchUrl(venue.code, memberId, game, headroom), this.timeoutMs, `${venue.code} launch`);
  }

  /** The game list of the adapter serving the venue (throws when it does not answer in time). */
  games(venue: Pick<Venue, 'code' | 'adapter'>): Promise<VenueGame[]> {
    return within(this.adapterOf(venue).games(), this.timeoutMs, `${venue.code} games`);
  }

  /** Ends the member's play sessions at every adapter, each under the venue timeout; a failure is the caller's to log. */
  async endSessions(memberId: number): Promise<void> {
    const all = await this.adapterEntries();
    const results = await Promise.allSettled(all.map(([name, a]) => within(a.endSessions(memberId), this.timeoutMs, `${name} end sessions`)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Every adapter by name, built-in and configured providers' (the bet feed reads each adapter's feed once, for all its venues). */
  async adapterEntries(): Promise<[string, VenueAdapter][]> {
    const { providers } = await this.read(Date.now());
    return [...this.adapters, ...[...providers].filter(([name]) => !this.adapters.has(name))];
  }

  /** One read of an adapter's bet feed, under the venue timeout. */
  async fetchBets(adapter: string, afterSeq: number, limit: number): ReturnType<VenueAdapter['fetchBets']> {
    const a = this.adapters.get(adapter) ?? (await this.read(Date.now())).providers.get(adapter);
    if (!a) throw new Error(`no adapter named ${adapter}`);
    return within(a.fetchBets(afterSeq, limit), this.timeoutMs, `${adapter} bets`);
  }

  /**
   * A member's balances at the given venues: one batch call per adapter, all adapters at once.
   * A venue whose adapter failed or did not answer in time is missing from the map.
   */
  async balancesFen(venues: readonly Venue[], memberId: number): Promise<Map<string, number>> {
    const byAdapter = new Map<string, string[]>();
    for (const v of venues) {
      const codes = byAdapter.get(v.adapter) ?? [];
      codes.push(v.code);
      byAdapter.set(v.adapter, codes);
    }
    const out = new Map<string, number>();
    await Promise.all(
      [...byAdapter].map(async ([name, codes]) => {
        const adapter = this.adapters.get(name) ?? this.cached?.providers.get(name);
        if (!adapter) return;
        try {
          const got = await within(adapter.balances(codes, memberId), this.timeoutMs, `${name} balances`);
          for (const code of codes) out.set(code, got.get(code) ?? 0);
        } catch {
          // unknown balances stay missing; the caller decides how to show them
        }
      }),
    );
    return out;
  }

  private async moneyCall(what: string, call: () => Promise<VenueOutcome>): Promise<VenueOutcome> {
    try {
      return await within(call(), this.timeoutMs, what);
    } catch (err) {
      return { status: 'unknown', error: err instanceof Error ? err.message : String(err) };
    }
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VenueTimeout(what, ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The venues of this process: every adapter by the name venues.adapter uses. The built-in demo venue
 * ('demo') is a provider like any other, reached over the transfer-wallet protocol at
 * DEMO_PROVIDER_URL, or, by default, at this server's own address (`selfUrl`, known once it listens),
 * where app.ts mounts it.
 */
export function createVenueRegistry(config: Config, db: Kdb, selfUrl: () => string, providers?: () => Promise<ReadonlyMap<string, VenueAdapter>>): VenueRegistry {
  const { url, merchant, key } = config.demoProvider;
  const demo = httpTransferAdapter({ name: 'demo', baseUrl: url ? () => url : selfUrl, merchant, key, timeoutMs: config.venueTimeoutMs, observe: providerCallObserver('demo') });
  return new VenueRegistry(db, new Map([['demo', demo]]), config.venueTimeoutMs, providers);
}

/**
 * Every venue (enabled or not), in display order, read now (VenueRegistry.list caches it). A venue
 * of a configured provider is open only while the provider is on, and takes the provider's mode.
 */
export async function listVenues(db: Kdb): Promise<Venue[]> {
  const rows = await db
    .selectFrom('venues as v')
    .leftJoin('game_providers as p', 'p.code', 'v.adapter')
    .select(['v.code', 'v.name', 'v.adapter', 'v.enabled', 'v.sort', 'p.mode', 'p.state'])
    .orderBy('v.sort')
    .orderBy('v.code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    adapter: r.adapter,
    enabled: r.enabled && (r.state === null || r.state === 'on'),
    sort: r.sort,
    mode: r.mode === 'seamless' ? 'seamless' : 'transfer',
  }));
}

/**
 * The member's money at every venue together (user info's gameblance), read fresh from the venues in
 * `funded` (those that can hold any: transfers/funded.ts); unreadable venues count 0.
 */
export async function venueTotalFen(venues: VenueRegistry, memberId: number, funded: ReadonlySet<string>): Promise<number> {
  const held = (await venues.transferVenues()).filter((v) => funded.has(v.code));
  if (held.length === 0) return 0;
  const balances = await venues.balancesFen(held, memberId);
  let total = 0;
  for (const fen of balances.values()) total += fen;
  return total;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The venue adapters and the platform's side of every venue call. */
    venues: VenueRegistry;
  }
}
