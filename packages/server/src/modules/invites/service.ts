import { sql } from 'kysely';
import {
  CODE,
  COMMISSION_JOURNAL_KIND,
  commissionPlanFailure,
  commissionTierRows,
  DEFAULT_COMMISSION_PLAN,
  describeCommissionPlan,
  fenOfYuan,
  fenToYuan,
  INVITE_MSG,
  INVITE_PAGE_SIZE,
  maskUsername,
  normalizeCommissionPlan,
  type CommissionPlan,
  type CommissionPlanView,
  type InviteBonus,
  type InviteCounters,
  type InviteFriend,
  type InviteRange,
  type Page,
} from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { AppError } from '../../http/errors.js';
import { beijing, beijingDate, beijingDayStart, beijingDayStartOf, beijingMonthStart } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { teamDeposits } from '../deposits/team-deposits.js';
import { teamBets } from '../games/team-bets.js';
import type { ReviewRecorder } from '../ledger/service.js';
import { PLAN_PER_CALL } from '../../db/prepared.js';

/**
 * Invitations (spec §2 /inviter; contract invites.ts has the counter definitions and the plan model).
 * Tables: commission_plan (the staff's plan, one row); the counters and lists read members
 * (inviter_id), deposits, member_daily_bets and the ledger, and write nothing. Every function takes
 * the member's own id from its session: there is no way to ask about another member's team.
 */

const DAY_MS = 86_400_000;
const num = (v: string | number | null | undefined): number => Number(v ?? 0);

// ---- the plan ------------------------------------------------------------------------------------

/** The plan in force: the staff's row, else the contract's default. */
export async function getCommissionPlan(db: Kdb): Promise<CommissionPlan> {
  const row = await db.selectFrom('commission_plan').select('plan').where('id', '=', 1).executeTakeFirst();
  return row ? (row.plan as CommissionPlan) : DEFAULT_COMMISSION_PLAN;
}

/**
 * Saves the staff's plan, checked by the contract's commissionPlanFailure (its Chinese message as a
 * 400); only the known fields are kept. `record` writes the audit row (the plan before and after) in
 * the same transaction. The engine reads the plan when it computes a period, so a change applies to
 * the periods computed after it.
 */
export async function setCommissionPlan(db: Kdb, input: CommissionPlan, opts: { staffId?: number | null; record?: ReviewRecorder<CommissionPlan> } = {}): Promise<CommissionPlan> {
  const failure = commissionPlanFailure(input);
  if (failure) throw new AppError(CODE.badRequest, failure);
  const plan = normalizeCommissionPlan(input);
  const json = JSON.stringify(plan);
  const staffId = opts.staffId ?? null;
  await db.transaction().execute(async (tx) => {
    const old = await tx.selectFrom('commission_plan').select('plan').where('id', '=', 1).forUpdate().executeTakeFirst();
    await tx
      .insertInto('commission_plan')
      .values({ id: 1, plan: json, updated_by: staffId })
      .onConflict((oc) => oc.column('id').doUpdateSet({ plan: json, updated_by: staffId, updated_at: sql`now()` }))
      .execute();
    await opts.record?.(tx, old ? (old.plan as CommissionPlan) : DEFAULT_COMMISSION_PLAN, plan);
  });
  return plan;
}

/** POST /api/commissionplan: the plan, its tiers as the 奖金介绍 table's rows, its other rules as text. */
export async function commissionPlanView(db: Kdb): Promise<CommissionPlanView> {
  const plan = await getCommissionPlan(db);
  return { plan, lines: describeCommissionPlan(plan, { tiers: false }), tiers: commissionTierRows(plan) };
}

// ---- the counters --------------------------------------------------------------------------------

/**
 * POST /api/invitecounters: the nine live figures of the member's direct invitees (definitions in
 * contract invites.ts) for the Beijing day and month of `now`, in one statement: the team once, its
 * valid bets of the month and of the day summed per member (games teamBets), its approved deposits of
 * the month (deposits teamDeposits), the counts filtered from those. Both readers go member by member,
 * so the cost follows the team's size, never the tables'.
 */
export async function inviteCounters(db: Kdb, memberId: number, now: Date = new Date()): Promise<InviteCounters> {
  const plan = await getCommissionPlan(db);
  const minFen = fenOfYuan(plan.valid_active_min);
  const dayStart = beijingDayStart(now);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const monthStart = beijingMonthStart(now);
  const monthEnd = beijingMonthStart(now, 1);
  const today = beijingDate(now);
  const firstDay = beijingDate(monthStart);
  const r = await sql<Record<string, string | number | null>>`${PLAN_PER_CALL}
    WITH team AS (
      SELECT id, created_at FROM members WHERE inviter_id = ${memberId}
    ), bets AS (${teamBets('team', { first: firstDay, last: today }, { oneDay: today })}
    ), dep AS (
      SELECT COALESCE(sum(p.amount_fen), 0) AS month_fen,
             COALESCE(sum(p.amount_fen) FILTER (WHERE p.reviewed_at >= ${dayStart} AND p.reviewed_at < ${dayEnd}), 0) AS today_fen
        FROM (${teamDeposits('team', monthStart, monthEnd)}) p
    )
    SELECT
      (SELECT count(*) FROM team) AS members,
      (SELECT count(*) FROM team WHERE created_at >= ${monthStart} AND created_at < ${monthEnd}) AS month_new,
      (SELECT count(*) FROM team WHERE created_at >= ${dayStart} AND created_at < ${dayEnd}) AS today_new,
      (SELECT count(*) FROM bets WHERE valid_fen > 0) AS month_active,
      (SELECT count(*) FROM bets WHERE day_valid_fen > 0) AS today_active,
      (SELECT count(*) FROM bets WHERE valid_fen >= ${minFen}) AS month_valid_active,
      (SELECT count(*) FROM bets b JOIN team t ON t.id = b.member_id
        WHERE b.valid_fen >= ${minFen} AND t.created_at >= ${monthStart} AND t.created_at < ${monthEnd}) AS month_new_valid,
      dep.month_fen AS month_deposit_fen,
      dep.today_fen AS today_deposit_fen
    FROM dep
  `.execute(db);
  const c = r.rows[0]!;
  return {
    members: num(c.members),
    month_new: num(c.month_new),
    month_active: num(c.month_active),
    month_valid_active: num(c.month_valid_active),
    today_new: num(c.today_new),
    today_active: num(c.today_active),
    month_new_valid: num(c.month_new_valid),
    month_deposit: fenToYuan(num(c.month_deposit_fen)),
    today_deposit: fenToYuan(num(c.today_deposit_fen)),
    valid_active_min: plan.valid_active_min,
    day: today,
  };
}

// ---- the lists -----------------------------------------------------------------------------------

/** A range's bounds as instants: [start 00:00, the day after end 00:00), open where a day is ''. */
function bounds(range: InviteRange): { from: Date | null; to: Date | null } {
  return {
    from: range.start ? beijingDayStartOf(range.start) : null,
    to: range.end ? new Date(beijingDayStartOf(range.end).getTime() + DAY_MS) : null,
  };
}

/**
 * POST /api/invitefriends (好友明细): the member's direct invitees, newest first, each with its
 * approved deposits (by approval time) and valid bets (by Beijing day of the bet) within the range.
 * The sums are read for the page's rows only, so a page costs the same for a team of any size.
 */
export async function inviteFriends(db: Kdb, memberId: number, page: number, range: InviteRange): Promise<Page<InviteFriend>> {
  const { from, to } = bounds(range);
  const depositRange = sql.join([sql`TRUE`, ...(from ? [sql`p.reviewed_at >= ${from}`] : []), ...(to ? [sql`p.reviewed_at < ${to}`] : [])], sql` AND `);
  const betRange = sql.join([sql`TRUE`, ...(range.start ? [sql`d.day >= ${range.start}::date`] : []), ...(range.end ? [sql`d.day <= ${range.end}::date`] : [])], sql` AND `);
  const [rows, count] = await Promise.all([
    sql<{ username: string; created_at: Date; deposit_fen: string | number; valid_fen: string | number }>`
      SELECT m.username, m.created_at,
        (SELECT COALESCE(sum(p.amount_fen), 0) FROM deposits p WHERE p.member_id = m.id AND p.state = 2 AND ${depositRange}) AS deposit_fen,
        (SELECT COALESCE(sum(d.valid_fen), 0) FROM member_daily_bets d WHERE d.member_id = m.id AND ${betRange}) AS valid_fen
      FROM members m
      WHERE m.inviter_id = ${memberId}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${INVITE_PAGE_SIZE} OFFSET ${offsetOf(page, INVITE_PAGE_SIZE)}
    `.execute(db),
    db.selectFrom('members').select((eb) => eb.fn.countAll<string | number>().as('n')).where('inviter_id', '=', memberId).executeTakeFirst(),
  ]);
  const data: InviteFriend[] = rows.rows.map((r) => ({
    username: maskUsername(r.username),
    joined: beijing(r.created_at),
    deposit: fenToYuan(num(r.deposit_fen)),
    valid_bet: fenToYuan(num(r.valid_fen)),
  }));
  return pageOf(data, num(count?.n), page, INVITE_PAGE_SIZE);
}

/**
 * POST /api/invitebonus (礼金记录): the commission credited to the member's central wallet — its
 * ledger entries whose journal is of kind COMMISSION_JOURNAL_KIND — newest first, within the range.
 * The remark is the journal's memo (the engine writes the period there).
 */
export async function inviteBonus(db: Kdb, memberId: number, page: number, range: InviteRange): Promise<Page<InviteBonus>> {
  const { from, to } = bounds(range);
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
    .where('a.member_id', '=', memberId)
    .where('a.kind', '=', 'member_wallet')
    .where('j.kind', '=', COMMISSION_JOURNAL_KIND);
  if (from) q = q.where('e.created_at', '>=', from);
  if (to) q = q.where('e.created_at', '<', to);
  const [rows, count] = await Promise.all([
    q.select(['e.id', 'e.amount_fen', 'e.created_at', 'j.memo']).orderBy('e.id', 'desc').limit(INVITE_PAGE_SIZE).offset(offsetOf(page, INVITE_PAGE_SIZE)).execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
  ]);
  const data: InviteBonus[] = rows.map((r) => ({
    id: Number(r.id),
    date: beijing(r.created_at),
    bonus: fenToYuan(num(r.amount_fen)),
    remark: r.memo || INVITE_MSG.commissionRemark,
  }));
  return pageOf(data, num(count?.n), page, INVITE_PAGE_SIZE);
}
