import { sql } from 'kysely';
import { CARD_TYPE, CODE, fenToYuan, txidFailure, fmt, MSG, ORDER_STATE, ORDER_STATE_LABELS, reviewReasonFailure, withdrawalPayWay, type CardType, type AdminWithdrawal } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { memberOfOrder, reviewPending, type ReviewRecorder } from '../../lib/review.js';
import { HOUSE, memberWalletId, post, systemAccountId, type Tx } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';

/**
 * Staff review of withdrawals (DESIGN §5, §10). The amount was held at request (member wallet →
 * withdrawals in flight); approval pays it out (in flight → withdrawals paid), rejection refunds it
 * (in flight → member wallet). Each locks the order and moves money at most once.
 */

/** A withdrawal as staff see it and the audit log records it: the full card number, money in yuan. */
export type WithdrawalView = Omit<AdminWithdrawal, 'reviewer'>;

/** The select behind WithdrawalView (withdrawals w joined with members m); add filters and paging. */
export function withdrawalViewQuery(db: Tx) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .select([
      'w.id',
      'w.withdraw_no',
      'w.member_id',
      'm.username',
      'w.card_id',
      'w.card_type',
      'w.bank',
      'w.bank_owner',
      'w.bank_no',
      'w.bank_address',
      'w.amount_fen',
      'w.usdt_rate_e4',
      'w.usdt_cents',
      'w.fee_usdt_cents',
      'w.arrival_usdt_cents',
      'w.state',
      'w.reason',
      'w.reviewed_by',
      'w.reviewed_at',
      'w.hold_journal_id',
      'w.settle_journal_id',
      'w.txid',
      'w.created_at',
    ]);
}

type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalViewQuery>['executeTakeFirstOrThrow']>>;

export function toWithdrawalView(r: WithdrawalRow): WithdrawalView {
  return {
    id: r.id,
    withdraw_no: r.withdraw_no,
    member_id: r.member_id,
    username: r.username,
    card_id: r.card_id,
    card_type: r.card_type,
    pay_way: withdrawalPayWay(r.card_type as CardType, r.bank_owner),
    bank: r.bank,
    bank_owner: r.bank_owner,
    bank_no: r.bank_no,
    bank_address: r.bank_address,
    amount: fenToYuan(r.amount_fen),
    usdt_rate: r.usdt_rate_e4 / 10_000,
    usdt_amount: r.usdt_cents / 100,
    usdt_fee: r.fee_usdt_cents / 100,
    usdt_arrival: r.arrival_usdt_cents / 100,
    state: r.state,
    state_text: ORDER_STATE_LABELS[r.state] ?? '',
    reason: r.reason,
    reviewed_by: r.reviewed_by,
    reviewed_at: beijing(r.reviewed_at),
    hold_journal_id: r.hold_journal_id,
    settle_journal_id: r.settle_journal_id,
    txid: r.txid,
    created_at: beijing(r.created_at),
  };
}

export async function withdrawalView(db: Tx, id: number): Promise<WithdrawalView | null> {
  const row = await withdrawalViewQuery(db).where('w.id', '=', id).executeTakeFirst();
  return row ? toWithdrawalView(row) : null;
}

/** Locks a pending withdrawal inside `tx` and returns its amount; 404 when unknown, 409 已处理 when already reviewed. */
async function lockPending(tx: Tx, id: number): Promise<{ amountFen: number }> {
  const locked = await tx.selectFrom('withdrawals').select(['state', 'amount_fen']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!locked) throw notFound(MSG.orderMissing);
  if (locked.state !== ORDER_STATE.pending) throw new AppError(CODE.conflict, MSG.conflict);
  return { amountFen: locked.amount_fen };
}

const pendingWithdrawals = { lock: lockPending, view: withdrawalView };

const yuanText = (fen: number) => fenToYuan(fen).toFixed(2);

/**
 * Approves (pays out) a pending withdrawal: withdrawals in flight → withdrawals paid, `withdraw-pay:<id>`.
 * A USDT payout is confirmed with its transaction hash (TXID), kept on the order; a bank payout has none.
 */
export async function approveWithdrawal(db: Kdb, id: number, staffId: number, record?: ReviewRecorder<WithdrawalView>, payout: { txid?: string } = {}): Promise<{ before: WithdrawalView; after: WithdrawalView }> {
  const memberId = await memberOfOrder(db, 'withdrawals', id, MSG.orderMissing);
  const [inFlight, paid] = await Promise.all([systemAccountId(db, HOUSE.withdrawalsInFlight), systemAccountId(db, HOUSE.withdrawalsPaid)]);
  return reviewPending(
    db,
    pendingWithdrawals,
    id,
    async (tx, { amountFen }, before) => {
      const usdt = before.card_type === CARD_TYPE.usdt;
      const txid = usdt ? (payout.txid ?? '').trim() : '';
      const txidRefusal = usdt ? txidFailure(txid) : null;
      if (txidRefusal) throw badRequest(txidRefusal);
      const journalId = await post(tx, {
        idemKey: `withdraw-pay:${id}`,
        kind: 'withdraw_pay',
        memo: before.withdraw_no,
        entries: [
          { accountId: inFlight, amountFen: -amountFen },
          { accountId: paid, amountFen },
        ],
      });
      await tx
        .updateTable('withdrawals')
        .set({ state: ORDER_STATE.approved, reviewed_by: staffId, reviewed_at: sql`now()`, settle_journal_id: journalId, txid })
        .where('id', '=', id)
        .execute();
      await sendMail(tx, memberId, {
        title: MSG.withdrawPaidMailTitle,
        content: fmt(MSG.withdrawPaidMailContent, { no: before.withdraw_no, amount: yuanText(amountFen) }),
      });
    },
    record,
  );
}

/** Rejects a pending withdrawal with a reason (1–200 characters) and refunds it: `withdraw-refund:<id>`. */
export async function rejectWithdrawal(db: Kdb, id: number, staffId: number, reason: string, record?: ReviewRecorder<WithdrawalView>): Promise<{ before: WithdrawalView; after: WithdrawalView }> {
  const failure = reviewReasonFailure(reason);
  if (failure) throw badRequest(failure);
  const why = reason.trim();
  const memberId = await memberOfOrder(db, 'withdrawals', id, MSG.orderMissing);
  const [inFlight, wallet] = await Promise.all([systemAccountId(db, HOUSE.withdrawalsInFlight), memberWalletId(db, memberId)]);
  return reviewPending(
    db,
    pendingWithdrawals,
    id,
    async (tx, { amountFen }, before) => {
      const journalId = await post(tx, {
        idemKey: `withdraw-refund:${id}`,
        kind: 'withdraw_refund',
        memo: before.withdraw_no,
        entries: [
          { accountId: inFlight, amountFen: -amountFen },
          { accountId: wallet, amountFen },
        ],
      });
      await tx
        .updateTable('withdrawals')
        .set({ state: ORDER_STATE.rejected, reason: why, reviewed_by: staffId, reviewed_at: sql`now()`, settle_journal_id: journalId })
        .where('id', '=', id)
        .execute();
      await sendMail(tx, memberId, {
        title: MSG.withdrawRefundedMailTitle,
        content: fmt(MSG.withdrawRefundedMailContent, { no: before.withdraw_no, amount: yuanText(amountFen), reason: why }),
      });
    },
    record,
  );
}
