import { sql, type ExpressionBuilder } from 'kysely';
import {
  BET_STATUS_LABELS,
  fenToYuan,
  fmt,
  MEMBER360_LIMITS as L,
  MEMBER360_MSG,
  TRANSFER_DIRECTION_LABELS,
  TRANS_TYPE,
  TRANSFER_STATE,
  TRANSFER_STATE_LABELS,
  type AdminBetRow,
  type AdminLotteryOrderRow,
  type AdminTransferRow,
  type BetListOptions,
  type LotteryType,
  type Page,
  type TransferResolveAnswer,
} from '@app/contract';
import { lotteryPlay, picksText } from '@app/contract/lottery-plays';
import type { Database } from '../../db/schema.js';
import type { Kdb } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import { beijing, beijingDayStartOf } from '../../lib/time.js';
import { offsetOf, pageOf } from '../../modules/content/paging.js';
import { LOTTERY_VENUE } from '../../modules/lottery/scheduler.js';
import { resolveOne, type ResolveOutcome } from '../../modules/transfers/reconcile.js';
import type { VenueRegistry } from '../../modules/venues/registry.js';
import { writeAudit, type Actor } from '../../modules/audit/service.js';
import { memberKeyword } from '../members/service.js';

/**
 * 注单与转账: staff read every venue bet the platform recorded (bet_records, fed by
 * the venues), every lottery order line and every transfer, newest first, and resolve a pending
 * transfer by asking the venue (the reconciliation rule, modules/transfers/reconcile.ts resolveOne).
 * The member 360° view (admin/members/overview.ts) pages the same rows for one member.
 */

export interface ListFilter {
  /** username prefix or exact member id ('' for all) */
  keyword: string;
  /** Beijing days YYYY-MM-DD or '' (open); checked by the schema */
  from: string;
  to: string;
  page: number;
  /** one member only (the 360° view) */
  memberId?: number;
}

const DAY_MS = 86_400_000;
const perPage = L.pageSize;

/** Members matching the keyword, as a condition on `column` (the member id column of the list). */
function memberMatch<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string, f: ListFilter) {
  const conds = [];
  const ref = eb.ref(column as never);
  if (f.memberId !== undefined) conds.push(eb(ref, '=', f.memberId as never));
  if (f.keyword) {
    const k = memberKeyword(f.keyword);
    const byName = eb(ref, 'in', sql<number>`(SELECT id FROM members WHERE username LIKE ${k.usernameLike})` as never);
    conds.push(k.id === null ? byName : eb.or([byName, eb(ref, '=', k.id as never)]));
  }
  return conds;
}

/** The time column inside the Beijing days of the filter. */
function dayBounds<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string, f: ListFilter) {
  const conds = [];
  const ref = eb.ref(column as never);
  if (f.from) conds.push(eb(ref, '>=', beijingDayStartOf(f.from) as never));
  if (f.to) conds.push(eb(ref, '<', new Date(beijingDayStartOf(f.to).getTime() + DAY_MS) as never));
  return conds;
}

async function venueNames(db: Kdb): Promise<Map<string, string>> {
  const rows = await db.selectFrom('venues').select(['code', 'name']).execute();
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** The filters' choices: every venue (disabled ones too) and every lottery, in display order. */
export async function betListOptions(db: Kdb): Promise<BetListOptions> {
  const [venues, lotteries] = await Promise.all([
    db.selectFrom('venues').select(['code', 'name']).orderBy('sort').orderBy('code').execute(),
    db.selectFrom('lotteries').select(['code', 'title']).orderBy('sort').orderBy('code').execute(),
  ]);
  return { venues, lotteries };
}

// ---- bets --------------------------------------------------------------------------------------

/** Venue bets (lottery lines excluded: listLotteryOrders), newest first. */
export async function listBets(db: Kdb, f: ListFilter & { status?: number; venue?: string }): Promise<Page<AdminBetRow>> {
  const q = db
    .selectFrom('bet_records as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .where((eb) =>
      eb.and([
        // Lottery lines are in bet_records too (for turnover); they have their own list.
        eb('b.venue', '<>', LOTTERY_VENUE),
        ...memberMatch(eb, 'b.member_id', f),
        ...dayBounds(eb, 'b.bet_at', f),
        ...(f.status !== undefined ? [eb('b.status', '=', f.status)] : []),
        ...(f.venue ? [eb('b.venue', '=', f.venue)] : []),
      ]),
    );
  const [rows, count, names] = await Promise.all([
    q
      .select(['b.id', 'b.venue', 'b.bet_id', 'b.member_id', 'm.username', 'b.game_name', 'b.category', 'b.bet_fen', 'b.valid_fen', 'b.win_loss_fen', 'b.status', 'b.bet_at', 'b.settled_at'])
      .orderBy('b.bet_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(f.page, perPage))
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    venueNames(db),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      venue: r.venue,
      venue_name: names.get(r.venue) ?? r.venue,
      bet_id: r.bet_id,
      member_id: Number(r.member_id),
      username: r.username,
      game_name: r.game_name,
      category: r.category,
      bet: fenToYuan(r.bet_fen),
      valid: fenToYuan(r.valid_fen),
      win_loss: fenToYuan(r.win_loss_fen),
      status: r.status,
      status_label: BET_STATUS_LABELS[r.status] ?? '',
      bet_at: beijing(r.bet_at),
      settled_at: beijing(r.settled_at),
    })),
    Number(count.n),
    f.page,
    perPage,
  );
}

// ---- lottery orders ------------------------------------------------------------------------------

function playTitle(type: number | undefined, playId: string): string {
  if (type === undefined) return playId;
  try {
    return lotteryPlay(type as LotteryType, playId).title;
  } catch {
    return playId;
  }
}

export async function listLotteryOrders(db: Kdb, f: ListFilter & { status?: number; lottery?: string }): Promise<Page<AdminLotteryOrderRow>> {
  const q = db
    .selectFrom('lottery_orders as o')
    .innerJoin('members as m', 'm.id', 'o.member_id')
    .where((eb) =>
      eb.and([
        ...memberMatch(eb, 'o.member_id', f),
        ...dayBounds(eb, 'o.created_at', f),
        ...(f.status !== undefined ? [eb('o.status', '=', f.status)] : []),
        ...(f.lottery ? [eb('o.lottery', '=', f.lottery)] : []),
      ]),
    );
  const [rows, count, lotteries] = await Promise.all([
    q
      .select(['o.id', 'o.order_no', 'o.line', 'o.member_id', 'm.username', 'o.lottery', 'o.expect', 'o.play_id', 'o.picks', 'o.odds_cents', 'o.stake_fen', 'o.payout_fen', 'o.status', 'o.created_at', 'o.settled_at'])
      .orderBy('o.id', 'desc')
      .limit(perPage)
      .offset(offsetOf(f.page, perPage))
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('lotteries').select(['code', 'title', 'type']).execute(),
  ]);
  const byCode = new Map(lotteries.map((l) => [l.code, l]));
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      order_no: r.order_no,
      line: r.line,
      member_id: Number(r.member_id),
      username: r.username,
      lottery: r.lottery,
      lottery_title: byCode.get(r.lottery)?.title ?? r.lottery,
      expect: r.expect,
      play_id: r.play_id,
      // a 连码 line with its numbers: 二全中 03 15
      play_title: r.picks ? `${playTitle(byCode.get(r.lottery)?.type, r.play_id)} ${picksText(r.picks)}` : playTitle(byCode.get(r.lottery)?.type, r.play_id),
      odds: r.odds_cents / 100,
      stake: fenToYuan(r.stake_fen),
      payout: fenToYuan(r.payout_fen),
      status: r.status,
      status_label: BET_STATUS_LABELS[r.status] ?? '',
      created_at: beijing(r.created_at),
      settled_at: beijing(r.settled_at),
    })),
    Number(count.n),
    f.page,
    perPage,
  );
}

// ---- transfers ------------------------------------------------------------------------------------

function transferQuery(db: Kdb) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .select(['t.id', 't.order_no', 't.member_id', 'm.username', 't.venue', 't.direction', 't.amount_fen', 't.state', 't.error', 't.attempts', 't.created_at', 't.settled_at']);
}
type TransferData = Awaited<ReturnType<ReturnType<typeof transferQuery>['executeTakeFirstOrThrow']>>;

function toTransferRow(r: TransferData, names: Map<string, string>): AdminTransferRow {
  return {
    id: Number(r.id),
    order_no: r.order_no,
    member_id: Number(r.member_id),
    username: r.username,
    venue: r.venue,
    venue_name: names.get(r.venue) ?? r.venue,
    direction: r.direction,
    direction_label: TRANSFER_DIRECTION_LABELS[r.direction] ?? '',
    amount: fenToYuan(r.amount_fen),
    state: r.state,
    state_label: TRANSFER_STATE_LABELS[r.state] ?? '',
    error: r.error,
    attempts: r.attempts,
    created_at: beijing(r.created_at),
    settled_at: beijing(r.settled_at),
  };
}

/** Pending transfers oldest first (the order of work), the others newest first. */
export async function listTransfers(db: Kdb, f: ListFilter & { state?: number; venue?: string }): Promise<Page<AdminTransferRow>> {
  const where = (eb: ExpressionBuilder<Database & { t: Database['transfers'] }, 't'>) =>
    eb.and([
      ...memberMatch(eb, 't.member_id', f),
      ...dayBounds(eb, 't.created_at', f),
      ...(f.state !== undefined ? [eb('t.state', '=', f.state)] : []),
      ...(f.venue ? [eb('t.venue', '=', f.venue)] : []),
    ]);
  const order = f.state === TRANSFER_STATE.pending ? 'asc' : 'desc';
  const [rows, count, names] = await Promise.all([
    transferQuery(db).where(where).orderBy('t.id', order).limit(perPage).offset(offsetOf(f.page, perPage)).execute(),
    db.selectFrom('transfers as t').where(where).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    venueNames(db),
  ]);
  return pageOf(rows.map((r) => toTransferRow(r, names)), Number(count.n), f.page, perPage);
}

async function transferRow(db: Kdb, id: number): Promise<AdminTransferRow | null> {
  const [row, names] = await Promise.all([transferQuery(db).where('t.id', '=', id).executeTakeFirst(), venueNames(db)]);
  return row ? toTransferRow(row, names) : null;
}

const OUTCOME_LABELS: Record<ResolveOutcome, string> = { succeeded: '场馆确认成功', failed: '场馆确认失败', no_answer: '场馆暂无结果', already: '已被处理' };

/**
 * Staff's manual resolve of one transfer: a pending one is settled from the venue's answer exactly
 * as reconciliation would (once, however many resolves and passes run at the same time), with the
 * audit row in the settlement's transaction. A venue that does not answer leaves it pending (audited
 * too: staff asked); one no longer pending is answered with its state and changes nothing.
 */
export async function resolveTransfer(db: Kdb, venues: VenueRegistry, actor: Actor, id: number): Promise<{ answer: TransferResolveAnswer; message: string }> {
  const t = await db.selectFrom('transfers').select(['id', 'order_no', 'member_id', 'venue', 'direction', 'amount_fen', 'state']).where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound(MEMBER360_MSG.transferMissing);
  const pending = { id: Number(t.id), order_no: t.order_no, member_id: Number(t.member_id), venue: t.venue, direction: t.direction, amount_fen: Number(t.amount_fen) };
  const audit = (outcome: ResolveOutcome, state: number) => (tx: Kdb) =>
    writeAudit(
      tx,
      actor,
      'transfer.resolve',
      `transfer:${pending.id}`,
      { state: TRANSFER_STATE.pending },
      { outcome: OUTCOME_LABELS[outcome], state, order_no: pending.order_no, member_id: pending.member_id, venue: pending.venue, amount: fenToYuan(pending.amount_fen) },
    );
  let outcome: ResolveOutcome = 'already';
  if (t.state === TRANSFER_STATE.pending) {
    const venue = await venues.find(t.venue);
    // The audit row rides in the settlement's transaction with the state it settles into.
    outcome = await resolveOne(db, venues, venue, pending, {
      also: async (tx) => {
        const state = await tx.selectFrom('transfers').select('state').where('id', '=', pending.id).executeTakeFirstOrThrow();
        await audit(state.state === TRANSFER_STATE.success ? 'succeeded' : 'failed', state.state)(tx);
      },
    });
    if (outcome === 'no_answer') await db.transaction().execute((tx) => audit('no_answer', TRANSFER_STATE.pending)(tx));
  }
  const row = (await transferRow(db, pending.id))!;
  const message =
    outcome === 'succeeded'
      ? MEMBER360_MSG.resolvedSuccess
      : outcome === 'failed'
        ? row.direction === TRANS_TYPE.transferIn
          ? MEMBER360_MSG.resolvedFailedIn
          : MEMBER360_MSG.resolvedFailedOut
        : outcome === 'no_answer'
          ? MEMBER360_MSG.resolvedNoAnswer
          : fmt(MEMBER360_MSG.alreadySettled, { state: row.state_label });
  return { answer: { outcome, transfer: row }, message };
}
