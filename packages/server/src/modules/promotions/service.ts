import { sql } from 'kysely';
import { currentBlock } from '../protection/service.js';
import {
  activityEnded,
  alreadyAppliedMessage,
  applicationPeriod,
  APPLICATION_STATE,
  APPLICATION_STATE_LABELS,
  eligibilityMessage,
  fenToYuan,
  fmt,
  MSG,
  ORDER_STATE,
  PROMO_LIMITS,
  PROMO_MSG,
  promotionBonusFen,
  storedRules,
  type ActivityApplyResult,
  type ActivityApplyRow,
  type ActivityRules,
  type ApplicationState,
  type FirstDepositNudge,
  type Page,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { HOUSE, systemAccountId, type Tx } from '../ledger/service.js';
import { approveLocked } from './review.js';

/**
 * A member's application for a promotion (spec §7 doactivityapply, activityApplyLog; DESIGN §4).
 * The checks run in a fixed order, each refusal with its own message: the activity (missing or
 * disabled, no application, ended), the trial account, eligibility from the member's own approved
 * deposits and valid bets, then the period. The application row's unique key (member, activity,
 * period) is what makes a double submission one application; with auto_approve it is approved in
 * the same transaction (review.ts), so the bonus is paid exactly when the row is written.
 */

/** What an eligibility check found: whether the member qualifies, and the deposit a percent bonus is computed from. */
interface Eligibility {
  ok: boolean;
  deposit: { id: number; amountFen: number } | null;
}

/**
 * Whether the member meets the rules' eligibility at `now`. Deposits count once approved (state 2)
 * by their approval time, as the red-packet window counts them; the window is the last `days`
 * Beijing days, today included. Valid bets come from the day sums (member_daily_bets).
 */
export async function checkEligibility(db: Tx, memberId: number, rules: ActivityRules, now: Date): Promise<Eligibility> {
  const approved = () =>
    db
      .selectFrom('deposits')
      .where('member_id', '=', memberId)
      .where('state', '=', ORDER_STATE.approved)
      .where('reviewed_at', '<=', now);
  switch (rules.eligibility) {
    case 'all':
      return { ok: true, deposit: null };
    case 'first_deposit': {
      const first = await approved().select(['id', 'amount_fen']).orderBy('reviewed_at').orderBy('id').limit(1).executeTakeFirst();
      return { ok: !!first, deposit: first ? { id: first.id, amountFen: Number(first.amount_fen) } : null };
    }
    case 'min_deposit': {
      const since = beijingDayStart(now, rules.days - 1);
      const [sum, latest] = await Promise.all([
        approved().where('reviewed_at', '>=', since).select(sql<string>`COALESCE(sum(amount_fen), 0)`.as('fen')).executeTakeFirstOrThrow(),
        approved().where('reviewed_at', '>=', since).select(['id', 'amount_fen']).orderBy('reviewed_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
      ]);
      const ok = Number(sum.fen) >= rules.min_fen;
      return { ok, deposit: ok && latest ? { id: latest.id, amountFen: Number(latest.amount_fen) } : null };
    }
    case 'min_turnover': {
      const row = await db
        .selectFrom('member_daily_bets')
        .where('member_id', '=', memberId)
        .where('day', '>=', beijingDate(beijingDayStart(now, rules.days - 1)))
        .where('day', '<=', beijingDate(now))
        .select(sql<string>`COALESCE(sum(valid_fen), 0)`.as('fen'))
        .executeTakeFirstOrThrow();
      return { ok: Number(row.fen) >= rules.min_fen, deposit: null };
    }
  }
}

/** An enabled activity with rules, or the refusal that comes first (missing or disabled, no application, ended). */
async function openActivity(db: Kdb, activityId: number, now: Date): Promise<{ id: number; title: string; rules: ActivityRules }> {
  const row = await db.selectFrom('activities').select(['id', 'title', 'enabled', 'rules']).where('id', '=', activityId).executeTakeFirst();
  if (!row || !row.enabled) throw notFound(PROMO_MSG.missing);
  const rules = storedRules(row.rules);
  if (!rules) throw badRequest(PROMO_MSG.noApplication);
  if (activityEnded(rules, now)) throw badRequest(PROMO_MSG.ended);
  return { id: row.id, title: row.title, rules };
}

/**
 * POST /api/firstDepositOffer: what a member who has not deposited yet is nudged towards: the
 * first running activity (by its sort) whose rules ask for a first deposit, or no activity when none
 * runs; null — no nudge at all — for the trial account and a member with an approved deposit.
 */
export async function firstDepositOffer(db: Kdb, member: { id: number; isTrial: boolean }, now: Date = new Date()): Promise<FirstDepositNudge | null> {
  if (member.isTrial) return null;
  // A member under a time-out or exclusion is offered no promotion.
  if (await currentBlock(db, member.id, now)) return null;
  const deposited = await db.selectFrom('deposits').select('id').where('member_id', '=', member.id).where('state', '=', ORDER_STATE.approved).limit(1).executeTakeFirst();
  if (deposited) return null;
  const rows = await db.selectFrom('activities').select(['id', 'title', 'rules']).where('enabled', '=', true).where('rules', 'is not', null).orderBy('sort').orderBy('id', 'desc').execute();
  const offer = rows.find((r) => {
    const rules = storedRules(r.rules);
    return rules?.eligibility === 'first_deposit' && !activityEnded(rules, now);
  });
  return { activity: offer ? { id: offer.id, title: offer.title } : null };
}

/** Serialises the applications that name one deposit, so two activities cannot both take it at once. */
const DEPOSIT_BONUS_LOCK = 727_031;

/**
 * One deposit bonus per deposit unless the operator says otherwise: a deposit that backs another
 * activity's live (pending or approved) deposit bonus backs this one too only when both activities
 * allow stacking. Runs in the application's transaction under a lock on the deposit.
 */
async function refuseStackedDeposit(tx: Tx, activity: { id: number; rules: ActivityRules }, depositId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${DEPOSIT_BONUS_LOCK}::int, ${depositId}::int)`.execute(tx);
  const others = await tx
    .selectFrom('activity_applications as a')
    .innerJoin('activities as act', 'act.id', 'a.activity_id')
    .select(['act.title', 'act.rules'])
    .where('a.deposit_id', '=', depositId)
    .where('a.activity_id', '<>', activity.id)
    .where('a.state', '<>', APPLICATION_STATE.rejected)
    .execute();
  const blocking = others.find((o) => !(activity.rules.stack_with_others && storedRules(o.rules)?.stack_with_others));
  if (blocking) throw badRequest(fmt(PROMO_MSG.depositBacksOther, { title: blocking.title }));
}

/**
 * POST /api/doactivityapply: records an application (审核中), or approves it at once under
 * auto_approve; answers the application and the member's message.
 */
export async function applyForActivity(
  db: Kdb,
  member: { id: number; isTrial: boolean },
  activityId: number,
  now: Date = new Date(),
): Promise<{ data: ActivityApplyResult; message: string }> {
  const activity = await openActivity(db, activityId, now);
  const { rules } = activity;
  if (member.isTrial) throw forbidden(MSG.trialRefused);
  const eligible = await checkEligibility(db, member.id, rules, now);
  if (!eligible.ok) throw badRequest(eligibilityMessage(rules));
  const period = applicationPeriod(rules.frequency, now);
  const applied = await db
    .selectFrom('activity_applications')
    .select('id')
    .where('member_id', '=', member.id)
    .where('activity_id', '=', activityId)
    .where('period', '=', period)
    .executeTakeFirst();
  if (applied) throw conflict(alreadyAppliedMessage(rules.frequency));
  // Only a percent bonus is tied to a deposit; each deposit backs one live application of an activity.
  const depositId = rules.payout === 'deposit_percent' ? (eligible.deposit?.id ?? null) : null;
  if (depositId !== null) {
    const used = await db
      .selectFrom('activity_applications')
      .select('id')
      .where('activity_id', '=', activityId)
      .where('deposit_id', '=', depositId)
      .where('state', '<>', APPLICATION_STATE.rejected)
      .executeTakeFirst();
    if (used) throw badRequest(PROMO_MSG.depositUsed);
  }
  if (promotionBonusFen(rules, eligible.deposit?.amountFen ?? null) <= 0) throw badRequest(PROMO_MSG.bonusZero);
  // Opened outside the money transaction (systemAccountId's rule).
  const house = rules.auto_approve ? await systemAccountId(db, HOUSE.promotions) : 0;
  return db.transaction().execute(async (tx) => {
    if (depositId !== null) await refuseStackedDeposit(tx, activity, depositId);
    const row = await tx
      .insertInto('activity_applications')
      .values({ member_id: member.id, activity_id: activityId, period, deposit_id: depositId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    // Lost a race with the same member's other submission (same period, or the same deposit).
    if (!row) throw conflict(depositId !== null ? PROMO_MSG.depositUsed : alreadyAppliedMessage(rules.frequency));
    if (!rules.auto_approve) {
      const data: ActivityApplyResult = { id: row.id, state: APPLICATION_STATE.pending, state_text: APPLICATION_STATE_LABELS[0], bonus: 0 };
      return { data, message: PROMO_MSG.submitted };
    }
    const { bonusFen } = await approveLocked(tx, { id: row.id, memberId: member.id, depositId }, activity, house, null, now);
    const data: ActivityApplyResult = { id: row.id, state: APPLICATION_STATE.approved, state_text: APPLICATION_STATE_LABELS[1], bonus: fenToYuan(bonusFen) };
    return { data, message: fmt(PROMO_MSG.paid, { amount: fenToYuan(bonusFen).toFixed(2) }) };
  });
}

/** POST /api/activityApplyLog: the member's own applications, newest first. */
export async function applicationLog(db: Kdb, memberId: number, page: number): Promise<Page<ActivityApplyRow>> {
  const perPage = PROMO_LIMITS.logPageSize;
  const base = db.selectFrom('activity_applications as a').where('a.member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('activities as act', 'act.id', 'a.activity_id')
      .select(['a.id', 'a.activity_id', 'act.title', 'a.created_at', 'a.state', 'a.bonus_fen', 'a.reason'])
      .orderBy('a.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(page, perPage))
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map(
    (r): ActivityApplyRow => ({
      id: r.id,
      activity_id: r.activity_id,
      activity_name: r.title,
      created_at: beijing(r.created_at),
      state: r.state as ApplicationState,
      state_text: APPLICATION_STATE_LABELS[r.state] ?? '',
      bonus: fenToYuan(r.bonus_fen),
      reason: r.reason,
    }),
  );
  return pageOf(data, Number(count.n), page, perPage);
}
