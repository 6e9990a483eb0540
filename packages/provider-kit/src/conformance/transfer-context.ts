import { randomBytes } from 'node:crypto';
import { TRANSFER_PATHS, readTransferAnswer, type TransferErrorCode, type TransferPath, type TransferRefusal } from '../transfer.js';
import { sendTo, type SendOptions, type Sent } from './client.js';
import { fail } from './context.js';

/**
 * The transfer-wallet kit's side of the protocol (docs/transfer-wallet.md): it signs as the platform
 * and calls a provider, with the checks every case shares. Players and transfer ids are new in every
 * run, so a run never depends on what an earlier one left; the only money it moves is the provider's
 * own, between its house and the kit's players.
 */
export interface TransferTarget {
  /** the provider's base URL, e.g. http://127.0.0.1:8080/demo-provider/transfer */
  url: string;
  /** the merchant id the platform signs as */
  merchant: string;
  key: string;
  /** a venue code the provider serves (default CONFORMANCE_VENUE) */
  venue?: string;
  /** a game code it launches (default: the first game of its list) */
  game?: string;
  /** one call's limit; a call without an answer in time fails its case */
  timeoutMs?: number;
}

/** The venue the cases move money at when --venue is not given. */
export const CONFORMANCE_VENUE = 'CONFORMANCE';

export type TransferBody = Record<string, unknown>;
/** A transfer's outcome as the kit compares it: `ok`, or the refusal's reason. */
export type TransferOutcome = 'ok' | TransferRefusal;

/** What a refusal must answer: its HTTP status by the protocol's table. */
export const REFUSAL_HTTP: Record<TransferErrorCode, number> = {
  SIGNATURE_MISSING: 401,
  SIGNATURE_STALE: 401,
  SIGNATURE_INVALID: 401,
  NONCE_REPLAYED: 401,
  BAD_REQUEST: 400,
  VENUE_NOT_FOUND: 404,
  GAME_NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

/** A new id of the protocol's charset, unique to this run: `<prefix><24 hex>`. */
export const freshId = (prefix: string): string => `${prefix}${randomBytes(12).toString('hex')}`;

export class TransferContext {
  readonly venue: string;
  private readonly base: URL;

  constructor(readonly target: TransferTarget) {
    this.venue = target.venue ?? CONFORMANCE_VENUE;
    this.base = new URL(target.url);
  }

  send(path: TransferPath, payload: unknown, o: SendOptions = {}): Promise<Sent<TransferBody>> {
    return sendTo<TransferBody>(this.base, path, payload, this.target, o);
  }

  /** A call that must answer HTTP 200 with code OK; its body. */
  async ok(path: TransferPath, payload: unknown, what: string, o?: SendOptions): Promise<TransferBody> {
    const sent = await this.send(path, payload, o);
    if (sent.httpStatus !== 200 || sent.body?.code !== 'OK') fail(`${what}: HTTP ${sent.httpStatus} ${short(sent.text)}, expected 200 with code OK`);
    return sent.body;
  }

  /** The answer is the refusal `code` with its HTTP status and a message. */
  expectRefused(sent: Sent<TransferBody>, code: TransferErrorCode, what: string): void {
    const http = REFUSAL_HTTP[code];
    if (sent.httpStatus !== http || sent.body?.code !== code) fail(`${what}: HTTP ${sent.httpStatus} ${short(sent.text)}, expected ${http} with code ${code}`);
    if (typeof sent.body.message !== 'string') fail(`${what}: the refusal carries no message`);
  }

  /** A new player, created at the provider. */
  async newPlayer(): Promise<string> {
    const player = freshId('cf');
    await this.ok(TRANSFER_PATHS.createPlayer, { player }, `create player ${player}`);
    return player;
  }

  /** The player's balances at the venues asked for (default: the kit's venue), each a whole number of fen ≥ 0. */
  async balances(player: string, venues: string[] = [this.venue]): Promise<Record<string, number>> {
    const b = await this.ok(TRANSFER_PATHS.balance, { player, venues }, `balance of ${player}`);
    const held = b.balances as Record<string, unknown> | undefined;
    if (!held || typeof held !== 'object') fail(`balance of ${player}: no balances in ${short(JSON.stringify(b))}`);
    for (const v of venues) {
      const fen = held[v];
      if (!Number.isSafeInteger(fen) || (fen as number) < 0) fail(`balance of ${player} at ${v}: ${JSON.stringify(fen)} is not a whole number of fen ≥ 0`);
    }
    return held as Record<string, number>;
  }

  async balance(player: string): Promise<number> {
    return (await this.balances(player))[this.venue];
  }

  async expectBalance(player: string, fen: number, what: string): Promise<void> {
    const b = await this.balance(player);
    if (b !== fen) fail(`${what}: the balance reads ${b}, expected ${fen} (moved ${b - fen} more than it should)`);
  }

  transferBody(player: string, amountFen: number, transferId: string) {
    return { venue: this.venue, player, amount_fen: amountFen, transfer_id: transferId };
  }

  /** A transfer in or out; its outcome (`ok` or the refusal's reason), the answer checked well-formed. */
  async transfer(dir: 'in' | 'out', player: string, amountFen: number, transferId: string, o?: SendOptions): Promise<TransferOutcome> {
    const path = dir === 'in' ? TRANSFER_PATHS.transferIn : TRANSFER_PATHS.transferOut;
    const what = `transfer ${dir} ${transferId} of ${amountFen}`;
    const body = await this.ok(path, this.transferBody(player, amountFen, transferId), what, o);
    const a = readTransferAnswer(body);
    if (!a) fail(`${what}: ${short(JSON.stringify(body))} is neither status ok nor failed with a known reason`);
    return a.status === 'ok' ? 'ok' : a.reason;
  }

  async expectTransfer(dir: 'in' | 'out', player: string, amountFen: number, transferId: string, expected: TransferOutcome): Promise<void> {
    const got = await this.transfer(dir, player, amountFen, transferId);
    if (got !== expected) fail(`transfer ${dir} ${transferId} of ${amountFen}: answered ${got}, expected ${expected}`);
  }

  /** A new player holding `fen` at the venue (moved in by one transfer). */
  async fundedPlayer(fen: number): Promise<string> {
    const player = await this.newPlayer();
    await this.expectTransfer('in', player, fen, freshId('in'), 'ok');
    await this.expectBalance(player, fen, `after funding ${player}`);
    return player;
  }

  async status(transferId: string): Promise<string> {
    const b = await this.ok(TRANSFER_PATHS.transferStatus, { venue: this.venue, transfer_id: transferId }, `status of ${transferId}`);
    if (b.status !== 'applied' && b.status !== 'not_found') fail(`status of ${transferId}: ${JSON.stringify(b.status)}, expected applied or not_found`);
    return b.status;
  }

  async expectStatus(transferId: string, expected: 'applied' | 'not_found', what: string): Promise<void> {
    const got = await this.status(transferId);
    if (got !== expected) fail(`${what}: status of ${transferId} is ${got}, expected ${expected}`);
  }

  async voidId(transferId: string): Promise<string> {
    const b = await this.ok(TRANSFER_PATHS.transferVoid, { venue: this.venue, transfer_id: transferId }, `void of ${transferId}`);
    if (b.status !== 'voided' && b.status !== 'applied') fail(`void of ${transferId}: ${JSON.stringify(b.status)}, expected voided or applied`);
    return b.status;
  }
}
