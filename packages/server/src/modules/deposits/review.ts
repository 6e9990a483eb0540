import { sql } from 'kysely';
import { CODE, depositExpires, depositStateText, fenToYuan, fmt, MSG, ORDER_STATE, PAY_METHOD_LABELS, reviewReasonFailure, type PayMethod, type AdminDeposit } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { memberOfOrder, reviewPending, type ReviewRecorder } from '../../lib/review.js';
import { HOUSE, memberWalletId, post, systemAccountId, type Tx } from '../ledger/service.js';
import { promoteEligible } from '../vip/service.js';
import { addDepositSum } from '../vip/standing.js';
import { sendMail } from '../mail/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';
import { windowOver } from './expiry.js';

/**
 * Staff review of deposit orders (DESIGN §5, §10): approval credits the member exactly once (the row
 * lock and the journal's idempotency key both guard it) and adds 1× turnover requirement; rejection
 * moves no money. The back-office routes call these and write the audit log from before/after.
 */

/** A deposit order as staff see it and the audit log records it, money in yuan. */
export type DepositView = Omit<AdminDeposit, 'reviewer'>;

/** The select behind DepositView (deposits d joined with members m); add filters and paging. */
export function depositViewQuery(db: Tx) {
  return db
    .selectFrom('deposits as d')
    .innerJoin('members as m', 'm.id', 'd.member_id')
    .select([
      'd.id',
      'd.deposit_no',
      'd.member_id',
      'm.username',
      'd.method',
      'd.amount_fen',
      'd.usdt_cents',
      'd.usdt_rate_e4',
      'd.payer_name',
      'd.payer_bank',
      'd.payer_bank_no',
      'd.payer_bank_address',
      'd.receiving_account_id',
      'd.state',
      'd.reason',
      'd.reviewed_by',
      'd.reviewed_at',
      'd.journal_id',
      'd.created_at',
      'd.expired_at',
    ]);
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositViewQuery>['executeTakeFirstOrThrow']>>;

export function toDepositView(r: DepositRow): DepositView {
  const method = r.method as PayMethod;
  return {
    id: r.id,
    deposit_no: r.deposit_no,
    member_id: r.member_id,
    username: r.username,
    method,
    method_label: PAY_METHOD_LABELS[method] ?? method,
    amount: fenToYuan(r.amount_fen),
    usdt_amount: r.usdt_cents / 100,
    usdt_rate: r.usdt_rate_e4 / 10_000,
    payer_name: r.payer_name,
    payer_bank: r.payer_bank,
    payer_bank_no: r.payer_bank_no,
    payer_bank_address: r.payer_bank_address,
    receiving_account_id: r.receiving_account_id,
    state: r.state,
    state_text: depositStateText(r.state, r.expired_at !== null),
    reason: r.reason,
    reviewed_by: r.reviewed_by,
    reviewed_at: beijing(r.reviewed_at),
    journal_id: r.journal_id,
    created_at: beijing(r.created_at),
  };
}

export async function depositView(db: Tx, id: number): Promise<DepositView | null> {
  const row = await depositViewQuery(db).where('d.id', '=', id).executeTakeFirst();
  return row ? toDepositView(row) : null;
}

/**
 * Locks a pending order inside `tx` and returns its amount; 404 when unknown, 409 已处理 when reviewed,
 * 409 订单已超时关闭，不能再审核 when expired or past its payment window (the sweep closes it soon).
 */
async function lockPending(tx: Tx, id: number): Promise<{ amountFen: number }> {
  const locked = await tx
    .selectFrom('deposits')
    .select(['state', 'amount_fen', 'method', 'expired_at', windowOver.as('window_over')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw notFound(MSG.orderMissing);
  if (locked.expired_at !== null) throw new AppError(CODE.conflict, MSG.depositExpired);
  if (locked.state !== ORDER_STATE.pending) throw new AppError(CODE.conflict, MSG.conflict);
  if (locked.window_over && depositExpires(locked.method)) throw new AppError(CODE.conflict, MSG.depositExpired);
  return { amountFen: locked.amount_fen };
}

const pendingDeposits = { lock: lockPending, view: depositView };

const yuanText = (fen: number) => fenToYuan(fen).toFixed(2);

/**
 * Approves a pending deposit: in one transaction the order is locked, the member's requirement and
 * cumulative deposit grow (member row before ledger rows, the lock order of every money path), the
 * journal house:deposits → member wallet is posted under `deposit:<id>`, the order becomes approved
 * and the member gets a mail. A second approval, sequential or concurrent, is 409 and changes nothing.
 */
export async function approveDeposit(db: Kdb, id: number, staffId: number, record?: ReviewRecorder<DepositView>): Promise<{ before: DepositView; after: DepositView }> {
  const memberId = await memberOfOrder(db, 'deposits', id, MSG.orderMissing);
  const [house, wallet] = await Promise.all([systemAccountId(db, HOUSE.deposits), memberWalletId(db, memberId)]);
  const out = await reviewPending(
    db,
    pendingDeposits,
    id,
    async (tx, { amountFen }, before) => {
      await addTurnoverRequirement(tx, memberId, amountFen, { kind: 'deposit', baseFen: amountFen });
      await addDepositSum(tx, memberId, amountFen);
      const journalId = await post(tx, {
        idemKey: `deposit:${id}`,
        kind: 'deposit',
        memo: before.deposit_no,
        entries: [
          { accountId: house, amountFen: -amountFen },
          { accountId: wallet, amountFen },
        ],
      });
      await tx
        .updateTable('deposits')
        .set({ state: ORDER_STATE.approved, reviewed_by: staffId, reviewed_at: sql`now()`, journal_id: journalId })
        .where('id', '=', id)
        .execute();
      await sendMail(tx, memberId, {
        title: MSG.depositApprovedMailTitle,
        content: fmt(MSG.depositApprovedMailContent, { no: before.deposit_no, amount: yuanText(amountFen) }),
      });
    },
    record,
  );
  // The grown paysum may reach the next VIP tier (spec §4). After the commit, in its own transaction:
  // the approval stands whatever happens here, and the nightly VIP pass promotes whoever this missed.
  await promoteEligible(db, [memberId]).catch(() => 0);
  return out;
}

/** Rejects a pending deposit with a reason (1–200 characters); no money moves; the member is told why. */
export async function rejectDeposit(db: Kdb, id: number, staffId: number, reason: string, record?: ReviewRecorder<DepositView>): Promise<{ before: DepositView; after: DepositView }> {
  const failure = reviewReasonFailure(reason);
  if (failure) throw badRequest(failure);
  const why = reason.trim();
  const memberId = await memberOfOrder(db, 'deposits', id, MSG.orderMissing);
  return reviewPending(
    db,
    pendingDeposits,
    id,
    async (tx, { amountFen }, before) => {
      await tx
        .updateTable('deposits')
        .set({ state: ORDER_STATE.rejected, reason: why, reviewed_by: staffId, reviewed_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await sendMail(tx, memberId, {
        title: MSG.depositRejectedMailTitle,
        content: fmt(MSG.depositRejectedMailContent, { no: before.deposit_no, amount: yuanText(amountFen), reason: why }),
      });
    },
    record,
  );
}
