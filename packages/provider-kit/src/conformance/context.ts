import { RS, SEAMLESS_LIMITS, SEAMLESS_PATH, type SeamlessStatus } from '../seamless.js';
import { send, uuid, type ConformanceTarget, type Endpoint, type SendOptions, type Sent } from './client.js';
import type { FixturePlayer, SeamlessFixtures } from './fixtures.js';

/** A case's failure: its one-line reason is what the run prints. */
export class CaseFailed extends Error {}

export function fail(reason: string): never {
  throw new CaseFailed(reason);
}

/** A case the fixtures do not allow (an optional fixture left out): counted as skipped, not passed. */
export class CaseSkipped extends Error {}

/** A named case; its context is the seamless kit's CaseContext, or the transfer kit's TransferContext. */
export interface ConformanceCase<C = CaseContext> {
  name: string;
  run(ctx: C): Promise<void>;
}

export interface TxOptions {
  tx?: string;
  round?: string;
  req?: string;
  game?: string;
  token?: string;
  user?: string;
  currency?: string;
}

/** A transaction the kit sent, with its ids, so a later call can name it. */
export interface SentTx extends Sent {
  tx: string;
  round: string;
  req: string;
}

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

/**
 * What every case works with: the target, the fixtures, and calls that check the envelope of every
 * answer (HTTP 200, a JSON object with a status, the request_uuid echoed) before the case looks at it.
 */
export class CaseContext {
  constructor(
    readonly target: ConformanceTarget,
    readonly fx: SeamlessFixtures,
  ) {}

  get funded(): FixturePlayer {
    return this.fx.funded;
  }
  get second(): FixturePlayer {
    return this.fx.second;
  }

  /** A signed call whose answer must be HTTP 200 with a JSON status (and the request_uuid sent). */
  async call(endpoint: Endpoint, payload: Record<string, unknown> | null, o: SendOptions = {}): Promise<Sent> {
    const sent = await send(this.target, endpoint, payload, o);
    if (sent.httpStatus !== 200) fail(`${endpoint}: HTTP ${sent.httpStatus}, expected 200 (${short(sent.text)})`);
    if (!sent.body || typeof sent.body.status !== 'string') fail(`${endpoint}: the answer is not a JSON object with a status (${short(sent.text)})`);
    const req = o.raw === undefined ? payload?.request_uuid : undefined;
    // an invalid request_uuid (too long) cannot be echoed
    if (typeof req === 'string' && req.length <= SEAMLESS_LIMITS.uuidMaxLength && sent.body.request_uuid !== req) fail(`${endpoint}: request_uuid ${JSON.stringify(sent.body.request_uuid)} answered to ${req}`);
    return sent;
  }

  base(p: FixturePlayer, o: TxOptions = {}) {
    return { request_uuid: o.req ?? uuid(), token: o.token ?? p.token, user: o.user ?? p.user };
  }

  txBody(p: FixturePlayer, o: TxOptions) {
    return { ...this.base(p, o), transaction_uuid: o.tx ?? uuid(), round: o.round ?? uuid(), game_code: o.game ?? this.fx.game, currency: o.currency ?? this.fx.currency };
  }

  private async tx(endpoint: Endpoint, payload: Record<string, unknown>, s?: SendOptions): Promise<SentTx> {
    const sent = await this.call(endpoint, payload, s);
    return { ...sent, tx: payload.transaction_uuid as string, round: payload.round as string, req: payload.request_uuid as string };
  }

  bet(p: FixturePlayer, amountFen: number, o: TxOptions = {}, s?: SendOptions): Promise<SentTx> {
    return this.tx(SEAMLESS_PATH.bet, { ...this.txBody(p, o), amount: amountFen, round_closed: false }, s);
  }

  win(p: FixturePlayer, amountFen: number, ref: string, round: string, o: TxOptions = {}): Promise<SentTx> {
    return this.tx(SEAMLESS_PATH.win, { ...this.txBody(p, { ...o, round }), reference_transaction_uuid: ref, amount: amountFen, round_closed: true });
  }

  rollback(p: FixturePlayer, ref: string, round: string, o: TxOptions = {}): Promise<SentTx> {
    return this.tx(SEAMLESS_PATH.rollback, { ...this.txBody(p, { ...o, round }), reference_transaction_uuid: ref });
  }

  userInfo(p: FixturePlayer, o: TxOptions = {}): Promise<Sent> {
    return this.call(SEAMLESS_PATH.userInfo, this.base(p, o));
  }

  balanceCall(p: FixturePlayer, o: TxOptions & { gameCode?: boolean } = {}): Promise<Sent> {
    return this.call(SEAMLESS_PATH.balance, { ...this.base(p, o), ...(o.gameCode === false ? {} : { game_code: this.fx.game }), currency: o.currency ?? this.fx.currency });
  }

  /** The player's balance now, fen, read with a fresh balance call (which must answer RS_OK with an integer). */
  async wallet(p: FixturePlayer): Promise<number> {
    const r = await this.balanceCall(p);
    if (r.body?.status !== RS.ok) fail(`balance of ${p.user}: ${r.body?.status}, expected ${RS.ok}`);
    const b = r.body.balance;
    if (!Number.isSafeInteger(b) || (b as number) < 0) fail(`balance of ${p.user}: ${JSON.stringify(b)} is not a whole number of fen ≥ 0`);
    return b as number;
  }

  /** The answer has this status. */
  expectStatus(sent: Sent, status: SeamlessStatus, what: string): void {
    if (sent.body?.status !== status) fail(`${what}: ${sent.body?.status}, expected ${status}`);
  }

  /**
   * A money call's outcome: its status; when it carries a balance (RS_OK, not enough money) the balance
   * is `balanceFen`; and a fresh balance call reads `balanceFen` too (the balance is consistent after
   * every money call, accepted or refused).
   */
  async expectMoney(p: FixturePlayer, sent: Sent, status: SeamlessStatus, balanceFen: number, what: string): Promise<void> {
    this.expectStatus(sent, status, what);
    if (status === RS.ok || status === RS.notEnoughMoney) {
      if (sent.body?.balance !== balanceFen) fail(`${what}: answered balance ${JSON.stringify(sent.body?.balance)}, expected ${balanceFen}`);
    }
    await this.expectWallet(p, balanceFen, `after ${what}`);
  }

  async expectWallet(p: FixturePlayer, balanceFen: number, what: string): Promise<void> {
    const b = await this.wallet(p);
    if (b !== balanceFen) fail(`${what}: the balance reads ${b}, expected ${balanceFen} (moved ${b - balanceFen} more than it should)`);
  }
}
