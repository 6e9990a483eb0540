import { sql, type Transaction } from 'kysely';
import {
  APPLICATION_STATE,
  APPLICATION_STATE_LABELS,
  CODE,
  fenToYuan,
  fmt,
  MSG,
  PROMO_MSG,
  promotionBonusFen,
  promotionTurnoverFen,
  staffReasonFailure,
  storedRules,
  type AdminActivityApplication,
  type ApplicationState,
} from '@app/contract';
import type { Database } from '../../db/schema.js';
import type { Kdb } from '../../db/connect.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { reviewPending, type ReviewRecorder } from '../../lib/review.js';
import { HOUSE, memberWalletId, post, systemAccountId, type Tx } from '../ledger/service.js';
import { sendMail } from '../mail/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';

/**
 * Review of promotion applications (DESIGN §5, §8): approval pays the bonus from house:promotions
 * through the ledger under `promotion:<application>` with its turnover requirement and a mail;
 * rejection moves no money. The application row lock and the journal's idempotency key both make a
 * second approval (sequential or concurrent) 409 已处理 that changes nothing. The console's routes
 * call these and write the audit row through the recorder, inside the review's transaction.
 */

/** The ledger journal kind of a promotion bonus (活动彩金). */
export const PROMOTION_JOURNAL_KIND = 'promotion_bonus';

/** Idempotency key of an application's bonus: whatever the path (staff, auto-approval), it pays once. */
export function promotionBonusKey(applicationId: number): string {
  return `promotion:${applicationId}`;
}

/** An application as the console's queue shows it and the audit log records it. */
export type ApplicationView = AdminActivityApplication;

/** The select behind ApplicationView; add filters and paging. */
export function applicationViewQuery(db: Tx) {
  return db
    .selectFrom('activity_applications as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('activities as act', 'act.id', 'a.activity_id')
    .leftJoin('deposits as d', 'd.id', 'a.deposit_id')
    .leftJoin('staff as st', 'st.id', 'a.reviewed_by')
    .select([
      'a.id',
      'a.member_id',
      'm.username',
      'a.activity_id',
      'act.title',
      'act.rules',
      'a.period',
      'a.state',
      'a.bonus_fen',
      'a.turnover_fen',
      'a.deposit_id',
      'd.deposit_no',
      'd.amount_fen as deposit_fen',
      'a.reason',
      'a.reviewed_by',
      'st.username as reviewer',
      'a.reviewed_at',
      'a.journal_id',
      'a.created_at',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof applicationViewQuery>['executeTakeFirstOrThrow']>>;

/** A pending application shows what approving now would pay under the activity's current rules. */
export function toApplicationView(r: ViewRow): ApplicationView {
  const depositFen = r.deposit_fen === null ? null : Number(r.deposit_fen);
  let bonusFen = Number(r.bonus_fen);
  let turnoverFen = Number(r.turnover_fen);
  if (r.state === APPLICATION_STATE.pending) {
    const rules = storedRules(r.rules);
    bonusFen = rules ? promotionBonusFen(rules, depositFen) : 0;
    turnoverFen = rules ? promotionTurnoverFen(rules, bonusFen) : 0;
  }
  return {
    id: r.id,
    member_id: r.member_id,
    username: r.username,
    activity_id: r.activity_id,
    activity_name: r.title,
    period: r.period,
    state: r.state as ApplicationState,
    state_text: APPLICATION_STATE_LABELS[r.state] ?? '',
    bonus: fenToYuan(bonusFen),
    turnover: fenToYuan(turnoverFen),
    deposit_id: r.deposit_id,
    deposit_no: r.deposit_no ?? '',
    deposit_amount: depositFen === null ? 0 : fenToYuan(depositFen),
    reason: r.reason,
    reviewed_by: r.reviewed_by,
    reviewer: r.reviewer ?? '',
    reviewed_at: beijing(r.reviewed_at),
    journal_id: r.journal_id,
    created_at: beijing(r.created_at),
  };
}

export async function applicationView(db: Tx, id: number): Promise<ApplicationView | null> {
  const row = await applicationViewQuery(db).where('a.id', '=', id).executeTakeFirst();
  return row ? toApplicationView(row) : null;
}

/**
 * Pays an application that the caller has locked (or just inserted) in `tx`: the bonus by the
 * contract's formula from the activity's current rules and the application's deposit (0 is refused:
 * nothing is paid as a bonus of nothing), the turnover requirement (member row before ledger rows,
 * the lock order of every money path), the journal, the row, the mail.
 */
export async function approveLocked(
  tx: Transaction<Database>,
  app: { id: number; memberId: number; depositId: number | null },
  activity: { title: string; rules: unknown },
  house: number,
  staffId: number | null,
  now: Date,
): Promise<{ bonusFen: number; journalId: number }> {
  const rules = storedRules(activity.rules);
  const deposit = app.depositId === null ? undefined : await tx.selectFrom('deposits').select('amount_fen').where('id', '=', app.depositId).executeTakeFirst();
  const bonusFen = rules ? promotionBonusFen(rules, deposit ? Number(deposit.amount_fen) : null) : 0;
  if (!rules || bonusFen <= 0) throw badRequest(PROMO_MSG.approveZero);
  const turnoverFen = promotionTurnoverFen(rules, bonusFen);
  await addTurnoverRequirement(tx, app.memberId, turnoverFen, { kind: 'promotion', baseFen: bonusFen });
  const wallet = await memberWalletId(tx, app.memberId);
  const journalId = await post(tx, {
    idemKey: promotionBonusKey(app.id),
    kind: PROMOTION_JOURNAL_KIND,
    memo: fmt(PROMO_MSG.journalMemo, { title: activity.title }),
    entries: [
      { accountId: house, amountFen: -bonusFen },
      { accountId: wallet, amountFen: bonusFen },
    ],
  });
  await tx
    .updateTable('activity_applications')
    .set({ state: APPLICATION_STATE.approved, bonus_fen: bonusFen, turnover_fen: turnoverFen, reviewed_by: staffId, reviewed_at: now, journal_id: journalId })
    .where('id', '=', app.id)
    .execute();
  await sendMail(tx, app.memberId, {
    title: PROMO_MSG.approvedMailTitle,
    content: fmt(PROMO_MSG.approvedMailContent, { title: activity.title, amount: fenToYuan(bonusFen).toFixed(2), multiple: rules.turnover_multiple }),
  });
  return { bonusFen, journalId };
}

/** Locks a pending application inside `tx` and returns it; 404 when unknown, 409 已处理 when reviewed already. */
async function lockPending(tx: Tx, id: number) {
  const row = await tx
    .selectFrom('activity_applications')
    .select(['id', 'member_id', 'activity_id', 'deposit_id', 'state'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(PROMO_MSG.applicationMissing);
  if (row.state !== APPLICATION_STATE.pending) throw new AppError(CODE.conflict, MSG.conflict);
  return row;
}

const pendingApplications = { lock: lockPending, view: applicationView };

/** Approves a pending application (staff): the bonus paid once, audited through `record`. */
export async function approveApplication(
  db: Kdb,
  id: number,
  staffId: number,
  record?: ReviewRecorder<ApplicationView>,
  now: Date = new Date(),
): Promise<{ before: ApplicationView; after: ApplicationView }> {
  const house = await systemAccountId(db, HOUSE.promotions);
  return reviewPending(
    db,
    pendingApplications,
    id,
    async (tx, row) => {
      const activity = await tx.selectFrom('activities').select(['title', 'rules']).where('id', '=', row.activity_id).executeTakeFirstOrThrow();
      await approveLocked(tx, { id, memberId: row.member_id, depositId: row.deposit_id }, activity, house, staffId, now);
    },
    record,
  );
}

/** Rejects a pending application with the reason the member reads; no money moves; the mail is optional. */
export async function rejectApplication(
  db: Kdb,
  id: number,
  staffId: number,
  opts: { reason: string; mail: boolean },
  record?: ReviewRecorder<ApplicationView>,
): Promise<{ before: ApplicationView; after: ApplicationView }> {
  const failure = staffReasonFailure(opts.reason, PROMO_MSG.rejectReason);
  if (failure) throw badRequest(failure);
  const reason = opts.reason.trim();
  return reviewPending(
    db,
    pendingApplications,
    id,
    async (tx, row, before) => {
      await tx
        .updateTable('activity_applications')
        .set({ state: APPLICATION_STATE.rejected, reason, reviewed_by: staffId, reviewed_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      if (opts.mail) await sendMail(tx, row.member_id, { title: PROMO_MSG.rejectedMailTitle, content: fmt(PROMO_MSG.rejectedMailContent, { title: before.activity_name, reason }) });
    },
    record,
  );
}
