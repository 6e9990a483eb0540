import type { Kdb } from '../db/connect.js';
import type { DemoVenueFault } from '../config.js';
import { move, playerBalances, refState, voidRef, type MoveResult } from './store.js';

/**
 * The built-in demo venue as a provider (DESIGN §6): the API an operator calls to move money into
 * and out of a player's wallet here, ask about a request, or void one. It runs in the platform's
 * process but keeps its own books (store.ts) and knows players only by the id the operator gives.
 *
 * For tests it can misbehave on the money-moving calls (transferIn, transferOut): refuse them, never
 * answer, apply and lose the answer, or answer late. Balance, status and void always answer, so a
 * test can show reconciliation settling what the faults left pending.
 */
export type DemoAnswer = { ok: true } | { ok: false; error: 'insufficient_balance' | 'voided' | 'rejected' };

export class DemoVenue {
  private fault: DemoVenueFault;
  private slowMs: number;
  /** null: the fault applies to every venue code */
  private faultVenues: Set<string> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly db: Kdb,
    opts: { fault: DemoVenueFault; slowMs: number },
  ) {
    this.fault = opts.fault;
    this.slowMs = opts.slowMs;
  }

  /** Changes the fault at run time (tests); `venues` limits it to those venue codes. */
  setFault(fault: DemoVenueFault, opts: { slowMs?: number; venues?: readonly string[] } = {}): void {
    this.fault = fault;
    if (opts.slowMs !== undefined) this.slowMs = opts.slowMs;
    this.faultVenues = opts.venues ? new Set(opts.venues) : null;
  }

  get currentFault(): DemoVenueFault {
    return this.fault;
  }

  /** Stops answering late requests (the process is closing). */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  transferIn(venue: string, player: string, amountFen: number, ref: string): Promise<DemoAnswer> {
    return this.faulty(venue, () => move(this.db, { venue, player, amountFen, ref, kind: 'transfer_in' }));
  }

  transferOut(venue: string, player: string, amountFen: number, ref: string): Promise<DemoAnswer> {
    return this.faulty(venue, () => move(this.db, { venue, player, amountFen: -amountFen, ref, kind: 'transfer_out' }));
  }

  /** The operator's kick: every play session of the player ends (its game frames must be launched again). */
  async endSessions(player: string): Promise<void> {
    await this.db.deleteFrom('demo_venue_sessions').where('player', '=', player).execute();
  }

  balances(player: string, venues: readonly string[]): Promise<Map<string, number>> {
    return playerBalances(this.db, player, venues);
  }

  async status(venue: string, ref: string): Promise<'applied' | 'not_found'> {
    return (await refState(this.db, venue, ref)) === 'applied' ? 'applied' : 'not_found';
  }

  voidRef(venue: string, ref: string): Promise<'voided' | 'applied'> {
    return voidRef(this.db, venue, ref, 'voided by operator');
  }

  private async faulty(venue: string, apply: () => Promise<MoveResult>): Promise<DemoAnswer> {
    const fault = this.faultVenues && !this.faultVenues.has(venue) ? 'none' : this.fault;
    switch (fault) {
      case 'fail':
        return { ok: false, error: 'rejected' };
      case 'timeout':
        return new Promise<never>(() => {});
      case 'timeout-after-apply':
        await apply();
        return new Promise<never>(() => {});
      case 'slow':
        await this.sleep(this.slowMs);
        return answer(await apply());
      default:
        return answer(await apply());
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stopped) return reject(new Error('demo venue stopped'));
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (this.stopped) reject(new Error('demo venue stopped'));
        else resolve();
      }, ms);
      this.timers.add(t);
    });
  }
}

function answer(result: MoveResult): DemoAnswer {
  if (result === 'applied' || result === 'duplicate') return { ok: true };
  if (result === 'voided') return { ok: false, error: 'voided' };
  return { ok: false, error: 'insufficient_balance' };
}
