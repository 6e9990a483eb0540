import {
  CODE,
  fenOfYuan,
  fenToYuan,
  fmt,
  formatYuan,
  MSG,
  PLATFORM_WALLET,
  TRANS_TYPE,
  TRANSFER_STATE,
  type TransAllResult,
  type TransferResult,
  type VenueBalance,
} from '@app/contract';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest } from '../../http/errors.js';
import { withOrderNo, type OrderNoFormat } from '../../lib/order-no.js';
import { InsufficientFunds, memberBalanceFen, memberWalletId, post, systemAccountId, venueSettlementCode, type Tx } from '../ledger/service.js';
import type { VenueOutcome, VenueRefusal } from '../venues/adapter.js';
import type { Venue, VenueRegistry } from '../venues/registry.js';

/**
 * Transfers between the central wallet and one venue (DESIGN §6). The platform's half of a transfer
 * is one ledger journal (member wallet ⇄ the venue's settlement account); the venue's half happens
 * at the venue, through its adapter. The order row records which of the two happened:
 *
 *   into a venue (3): row + debit commit together, then the venue is asked; ok → 1; refused →
 *     refund, 0; no answer → stays 2.
 *   out of a venue (4): row committed, then the venue is asked; ok → credit + 1 together;
 *     refused → 0 (nothing moved); no answer → stays 2.
 *
 * State 2 is settled later by reconciliation (reconcile.ts), which asks the venue. Every move out of
 * state 2 is a conditional update in the same transaction as its journal, so whoever settles a
 * transfer first (the request, a reconciliation pass, another instance) settles it once.
 */
export interface TransferDeps {
  db: Kdb;
  venues: VenueRegistry;
}

type Direction = typeof TRANS_TYPE.transferIn | typeof TRANS_TYPE.transferOut;

/** A transfer row as settlement needs it. */
export interface PendingTransfer {
  id: number;
  order_no: string;
  member_id: number;
  venue: string;
  direction: number;
  amount_fen: number;
}

export interface TransferOutcome {
  result: TransferResult;
  /** the member-facing message for this outcome */
  message: string;
  /** true when the transfer was refused (state 0) */
  failed: boolean;
}

/** A transfer's number: T + Beijing yyyyMMddHHmmss + 12 random digits (its UNIQUE constraint: transfers_order_no_key). */
export const TRANSFER_NO: OrderNoFormat = { prefix: 'T', random: 12 };
const TRANSFER_NO_TAKEN = 'transfers_order_no_key';
/** Venues recycled at once by transall: bounded, so one member cannot take the whole pool. */
const RECYCLE_CONCURRENCY = 4;

// ---- read side ----------------------------------------------------------------------------

/**
 * POST /api/balancelist: every enabled transfer venue in display order, after the central wallet (平台钱包)
 * when `withWallet` (the spec's clients add that entry themselves: balanceListSchema). A seamless
 * venue holds no money of the member's and is not listed.
 */
export async function balanceList(deps: TransferDeps, memberId: number, withWallet: boolean): Promise<VenueBalance[]> {
  const [centralFen, venues] = await Promise.all([withWallet ? memberBalanceFen(deps.db, memberId) : 0, deps.venues.transferVenues()]);
  const enabled = venues.filter((v) => v.enabled);
  const balances = await deps.venues.balancesFen(enabled, memberId);
  const list = enabled.map((v) => ({ name: v.name, platname: v.code, balance: fenToYuan(balances.get(v.code) ?? 0) }));
  return withWallet ? [{ name: PLATFORM_WALLET.name, platname: PLATFORM_WALLET.platname, balance: fenToYuan(centralFen) }, ...list] : list;
}

// ---- one transfer -------------------------------------------------------------------------

/**
 * POST /api/transfer after the shared rules passed (amount given and positive, exactly one side the
 * platform wallet): the venue must exist and be open, then the money must be there.
 */
export async function transfer(deps: TransferDeps, memberId: number, input: { amountFen: number; sourcetype: string; targettype: string }, guard?: TransferGuard): Promise<TransferOutcome> {
  const direction: Direction = input.sourcetype === PLATFORM_WALLET.platname ? TRANS_TYPE.transferIn : TRANS_TYPE.transferOut;
  const code = direction === TRANS_TYPE.transferIn ? input.targettype : input.sourcetype;
  const venue = await deps.venues.find(code);
  if (!venue) throw badRequest(MSG.venueMissing);
  if (!venue.enabled) throw badRequest(MSG.venueClosed);
  if (venue.mode === 'seamless') throw badRequest(MSG.venueSeamless);
  if (direction === TRANS_TYPE.transferIn) return intoVenue(deps, memberId, venue, input.amountFen, guard);
  // A cheap early answer for the common case; the venue itself still refuses an overdraft.
  const have = (await deps.venues.balancesFen([venue], memberId)).get(venue.code);
  if (have !== undefined && have < input.amountFen) throw badRequest(MSG.venueBalanceLow);
  return outOfVenue(deps, memberId, venue, input.amountFen);
}

/** Runs first in a transfer into a venue's transaction and may refuse it (player protection's playGuard). */
export type TransferGuard = (tx: Tx) => Promise<void>;

/**
 * Central wallet → venue. Throws 余额不足 (nothing recorded) when the central wallet is short, or the
 * guard's refusal. Money first: a member short of it hears 余额不足 rather than a limit's headroom;
 * that read only picks the message, the ledger's conditional update on posting is the guard.
 */
export async function intoVenue(deps: TransferDeps, memberId: number, venue: Venue, amountFen: number, guard?: TransferGuard): Promise<TransferOutcome> {
  const [walletId, settlementId] = await Promise.all([memberWalletId(deps.db, memberId), settlementIdOf(deps.db, venue.code)]);
  const { value: row } = await withOrderNo(
    TRANSFER_NO,
    (orderNo) =>
      deps.db.transaction().execute(async (tx) => {
        if ((await memberBalanceFen(tx, memberId)) < amountFen) throw new InsufficientFunds(walletId);
        await guard?.(tx);
        const inserted = await tx
          .insertInto('transfers')
          .values({ order_no: orderNo, member_id: memberId, venue: venue.code, direction: TRANS_TYPE.transferIn, amount_fen: amountFen, state: TRANSFER_STATE.pending })
          .returning(['id', 'order_no', 'member_id', 'venue', 'direction', 'amount_fen'])
          .executeTakeFirstOrThrow();
        await post(tx, {
          idemKey: `transfer:${orderNo}`,
          kind: 'transfer_in',
          memo: venue.code,
          entries: [
            { accountId: walletId, amountFen: -amountFen },
            { accountId: settlementId, amountFen },
          ],
        });
        return inserted;
      }),
    TRANSFER_NO_TAKEN,
  );
  const outcome = await deps.venues.transferIn(venue, memberId, amountFen, row.order_no);
  return afterCall(deps, row, outcome);
}

/** Venue → central wallet. Nothing moves on the platform until the venue has said yes. */
export async function outOfVenue(deps: TransferDeps, memberId: number, venue: Venue, amountFen: number): Promise<TransferOutcome> {
  const { value: row } = await withOrderNo(
    TRANSFER_NO,
    (orderNo) =>
      deps.db
        .insertInto('transfers')
        .values({ order_no: orderNo, member_id: memberId, venue: venue.code, direction: TRANS_TYPE.transferOut, amount_fen: amountFen, state: TRANSFER_STATE.pending })
        .returning(['id', 'order_no', 'member_id', 'venue', 'direction', 'amount_fen'])
        .executeTakeFirstOrThrow(),
    TRANSFER_NO_TAKEN,
  );
  const outcome = await deps.venues.transferOut(venue, memberId, amountFen, row.order_no);
  return afterCall(deps, row, outcome);
}

async function afterCall(deps: TransferDeps, row: PendingTransfer, outcome: VenueOutcome): Promise<TransferOutcome> {
  let state: number;
  if (outcome.status === 'unknown') {
    // Money may or may not have moved at the venue: reconciliation will ask it.
    await deps.db.updateTable('transfers').set({ error: outcome.error.slice(0, 200) }).where('id', '=', row.id).where('state', '=', TRANSFER_STATE.pending).execute();
    state = TRANSFER_STATE.pending;
  } else {
    const settled = outcome.status === 'ok' ? await settleSuccess(deps.db, row) : await settleFailure(deps.db, row, outcome.reason);
    // Not settled here: reconciliation got there first, so report what the row says now.
    if (settled) state = outcome.status === 'ok' ? TRANSFER_STATE.success : TRANSFER_STATE.failed;
    else state = await stateOf(deps.db, row.id);
  }
  const result: TransferResult = { order_no: row.order_no, state, amount: fenToYuan(row.amount_fen) };
  if (state === TRANSFER_STATE.success) return { result, message: MSG.transferSuccess, failed: false };
  if (state === TRANSFER_STATE.pending) return { result, message: MSG.transferPending, failed: false };
  const reason = outcome.status === 'failed' ? outcome.reason : 'rejected';
  return { result, message: failureMessage(row.direction, reason), failed: true };
}

function failureMessage(direction: number, reason: VenueRefusal): string {
  if (direction === TRANS_TYPE.transferIn) return MSG.transferFailed;
  return reason === 'insufficient_balance' ? MSG.venueBalanceLow : MSG.transferOutFailed;
}

async function stateOf(db: Kdb, id: number): Promise<number> {
  const row = await db.selectFrom('transfers').select('state').where('id', '=', id).executeTakeFirstOrThrow();
  return row.state;
}

// ---- settlement (the request itself, or reconciliation) ----------------------------------

/** More work in a settlement's own transaction (a manual resolve's audit row), run only when it settles. */
export type AlsoInSettlement = (tx: Tx) => Promise<void>;

/**
 * Moves a transfer out of state 2, false when it was no longer pending (someone settled it first).
 *
 * Its commit does not wait for the disk (synchronous_commit off, for this transaction only): what it
 * records is already durable elsewhere. The pending row was committed before the venue was called
 * and the venue's own record is durable, so a settlement lost to a database crash is redone by
 * reconciliation from the venue's answer. This spares one of a transfer's three flush waits. The
 * setting rides on the update itself (set_config in the condition) so the common case stays one
 * statement; inside a transaction it covers that transaction's commit.
 */
async function markSettled(db: Tx, id: number, state: number, error: string): Promise<boolean> {
  const r = await sql`
    UPDATE transfers SET state = ${state}, error = ${error}, settled_at = now()
    WHERE id = ${id} AND state = ${TRANSFER_STATE.pending} AND set_config('synchronous_commit', 'off', true) = 'off'`.execute(db);
  return Number(r.numAffectedRows) === 1;
}

/**
 * The venue applied the transfer: state 1, and for money coming out of a venue the credit to the
 * central wallet in the same transaction. False when the transfer was no longer pending.
 */
export async function settleSuccess(db: Kdb, t: PendingTransfer, also?: AlsoInSettlement): Promise<boolean> {
  if (t.direction === TRANS_TYPE.transferIn) {
    if (!also) return markSettled(db, t.id, TRANSFER_STATE.success, '');
    return db.transaction().execute(async (tx) => {
      if (!(await markSettled(tx, t.id, TRANSFER_STATE.success, ''))) return false;
      await also(tx);
      return true;
    });
  }
  const [walletId, settlementId] = await Promise.all([memberWalletId(db, t.member_id), settlementIdOf(db, t.venue)]);
  return db.transaction().execute(async (tx) => {
    if (!(await markSettled(tx, t.id, TRANSFER_STATE.success, ''))) return false;
    await post(tx, {
      idemKey: `transfer:${t.order_no}`,
      kind: 'transfer_out',
      memo: t.venue,
      entries: [
        { accountId: settlementId, amountFen: -t.amount_fen },
        { accountId: walletId, amountFen: t.amount_fen },
      ],
    });
    if (also) await also(tx);
    return true;
  });
}

/**
 * The venue did not apply the transfer and never will: state 0, and money sent into a venue goes
 * back to the central wallet in the same transaction. False when it was no longer pending.
 */
export async function settleFailure(db: Kdb, t: PendingTransfer, reason: string, also?: AlsoInSettlement): Promise<boolean> {
  if (t.direction === TRANS_TYPE.transferOut) {
    if (!also) return markSettled(db, t.id, TRANSFER_STATE.failed, reason);
    return db.transaction().execute(async (tx) => {
      if (!(await markSettled(tx, t.id, TRANSFER_STATE.failed, reason))) return false;
      await also(tx);
      return true;
    });
  }
  const [walletId, settlementId] = await Promise.all([memberWalletId(db, t.member_id), settlementIdOf(db, t.venue)]);
  return db.transaction().execute(async (tx) => {
    if (!(await markSettled(tx, t.id, TRANSFER_STATE.failed, reason))) return false;
    await post(tx, {
      idemKey: `transfer-refund:${t.order_no}`,
      kind: 'transfer_refund',
      memo: t.venue,
      entries: [
        { accountId: settlementId, amountFen: -t.amount_fen },
        { accountId: walletId, amountFen: t.amount_fen },
      ],
    });
    if (also) await also(tx);
    return true;
  });
}

// ---- recycle everything ---------------------------------------------------------------------

/** POST /api/transall: every open transfer venue holding money sends it back, each as its own transfer. */
export async function recycleAll(deps: TransferDeps, memberId: number): Promise<{ result: TransAllResult; message: string }> {
  const open = (await deps.venues.transferVenues()).filter((v) => v.enabled);
  const balances = await deps.venues.balancesFen(open, memberId);
  const holding = open.filter((v) => (balances.get(v.code) ?? 0) > 0);
  const outcomes: TransferOutcome[] = [];
  for (let i = 0; i < holding.length; i += RECYCLE_CONCURRENCY) {
    const batch = holding.slice(i, i + RECYCLE_CONCURRENCY);
    outcomes.push(...(await Promise.all(batch.map((v) => outOfVenue(deps, memberId, v, balances.get(v.code)!)))));
  }
  let movedFen = 0;
  let pending = 0;
  let failed = 0;
  for (const o of outcomes) {
    if (o.result.state === TRANSFER_STATE.success) movedFen += fenOfYuan(o.result.amount);
    else if (o.result.state === TRANSFER_STATE.pending) pending += 1;
    else failed += 1;
  }
  const amount = fenToYuan(movedFen);
  const result: TransAllResult = { amount, pending, transfers: outcomes.map((o) => o.result) };
  let message: string;
  // Money in a text always with its two decimals (共回收382.00元).
  const shown = formatYuan(amount);
  if (outcomes.length === 0) message = MSG.recycleNothing;
  else if (failed > 0) message = fmt(MSG.recycleFailedSome, { amount: shown, count: failed });
  else if (pending > 0) message = fmt(MSG.recyclePartial, { amount: shown, count: pending });
  else message = fmt(MSG.recycleDone, { amount: shown });
  return { result, message };
}

/** POST /api/uptransferstatus: the auto-transfer switch (transfer_settings; no row: off). */
export async function setTransferStatus(db: Kdb, memberId: number, status: 0 | 1): Promise<void> {
  const set = { auto_transfer: status === 1 };
  await db.insertInto('transfer_settings').values({ member_id: memberId, ...set }).onConflict((oc) => oc.column('member_id').doUpdateSet(set)).execute();
}

/** Whether the member's auto-transfer switch is on (a game's launch then brings the money along). */
export async function autoTransferOn(db: Kdb, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('transfer_settings').select('auto_transfer').where('member_id', '=', memberId).executeTakeFirst();
  return row?.auto_transfer === true;
}

// ---- helpers --------------------------------------------------------------------------------

/** The venue's settlement account (ledger's venueSettlementCode is typed as a plain string). */
function settlementIdOf(db: Kdb, venue: string): Promise<number> {
  return systemAccountId(db, venueSettlementCode(venue) as `venue:${string}:settlement`);
}

/** A refused transfer as an envelope error carrying its result (code 400, state 0). */
export function refusal(outcome: TransferOutcome): AppError {
  return new AppError(CODE.badRequest, outcome.message, outcome.result);
}
