import { sql } from 'kysely';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BET_STATUS, LOTTERY_VENUE, netRoundLines, type LotteryType } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { JOB_LOCK, scheduleJob, withTryLock } from '../../lib/jobs.js';
import { HOUSE, memberWalletIds, postMany, systemAccountId, type Tx } from '../ledger/service.js';
import { applyBets, VenueCategories } from '../games/ingest.js';
import type { VenueBet } from '../venues/adapter.js';
import { commitmentOf, drawResult, lunarYearAt, newSeed, nextRound, opposedPlay, roundAt, settleLine, type LotterySchedule } from './engine/index.js';
import { scheduleOf } from './settings.js';

/**
 * The lottery scheduler (DESIGN §7): one pass
 * 1. makes sure every enabled lottery's current and next round rows exist, each with a fresh secret seed
 *    and its public commitment: the next round's row exists a whole interval before it opens
 *    (commit-before-open);
 * 2. draws every round whose draw time has passed and has no result (also rounds missed while no server
 *    ran: they are due at the first pass), from its stored seed, and stores the result;
 * 3. settles the round's unsettled orders: each line's valid amount is the stake at risk, netted over
 *    ALL of the member's lines of the round (every order, settled ones included, in order_no/line
 *    order: contract netRoundLines, so 大 in one order and 小 in another count only their difference,
 *    and a pass finishing a crashed one gives every line the same share); then set-based, up to
 *    SETTLE_BATCH whole orders (one request's lines each) per transaction: the lines locked in id order
 *    and marked settled only where still unsettled, and the wins and pushes credited in one postMany,
 *    one journal per order (house:lottery's shard → member wallet, key lottery:payout:<order_no>);
 * 4. tells its listeners (LotteryEvents: the rooms' result and big-win messages) of the rounds it drew
 *    and the orders it settled itself, so each is told once whichever instance ran the pass;
 * 5. writes the settled lines to bet_records through the games ingest (counted once: turnover
 *    requirement, flow, daily sums), and marks the round settled.
 * Every step is conditional, so a pass run twice, concurrently or after a crash half-way changes
 * nothing twice.
 */

/** The lottery's lines in bet_records are the venue LOTTERY_VENUE's (the contract's, shared with the reports). */
export { LOTTERY_VENUE };
export const LOTTERY_CATEGORY = 'lottery';
/** Advisory lock key of the pass across instances. */
const LOCK_KEY = JOB_LOCK.lottery;
/** Rounds settled per pass at most (a long outage catches up over a few passes). */
const DUE_PER_PASS = 200;
/** Orders settled in one transaction (their payouts are one postMany: at most POST_MANY_MAX journals). */
const SETTLE_BATCH = 500;

export interface PassResult {
  created: number;
  drawn: number;
  settledOrders: number;
  settledRounds: number;
  /** the earliest draw time of the enabled lotteries after the pass's clock time (null: none enabled) */
  nextDrawAtMs: number | null;
}

/** Writes the rows of the current and the next round of every enabled lottery (nothing when they exist). */
export async function ensureRounds(db: Kdb, nowMs: number): Promise<number> {
  return (await ensureRoundsAt(db, nowMs)).created;
}

/** ensureRounds, also answering the earliest draw time after nowMs of the enabled lotteries (the next draw). */
async function ensureRoundsAt(db: Kdb, nowMs: number): Promise<{ created: number; nextDrawAtMs: number | null }> {
  // Under a share lock on the lotteries: a change of timing (settings.ts) waits for this pass's rows,
  // or this pass waits for it and reads the new timing, never rows of the old one after the change.
  return db.transaction().execute((tx) => ensureRoundsIn(tx, nowMs));
}

async function ensureRoundsIn(tx: Tx, nowMs: number): Promise<{ created: number; nextDrawAtMs: number | null }> {
  const lotteries = await tx.selectFrom('lotteries').select(['code', 'interval_s', 'ftime_s', 'schedule_change']).where('enabled', '=', true).forShare().execute();
  let nextDrawAtMs: number | null = null;
  const rows = lotteries.flatMap((l) => {
    const sched = scheduleOf(l);
    const cur = roundAt(sched, nowMs);
    // A round drawing at nowMs itself is this pass's to draw: the next one after it is the one to wake for.
    const upcoming = cur.drawAtMs > nowMs ? cur.drawAtMs : nextRound(sched, cur).drawAtMs;
    if (nextDrawAtMs === null || upcoming < nextDrawAtMs) nextDrawAtMs = upcoming;
    return [cur, nextRound(sched, cur)].map((r) => {
      const seed = newSeed();
      return { lottery: l.code, expect: r.expect, seed, commitment: commitmentOf(seed), draw_at: new Date(r.drawAtMs) };
    });
  });
  if (rows.length === 0) return { created: 0, nextDrawAtMs };
  const r = await tx
    .insertInto('lottery_rounds')
    .values(rows)
    .onConflict((oc) => oc.columns(['lottery', 'expect']).doNothing())
    .executeTakeFirst();
  return { created: Number(r.numInsertedOrUpdatedRows ?? 0), nextDrawAtMs };
}

/** A round this pass drew (its conditional update answered one row): told exactly once across instances. */
export interface DrawnEvent {
  lottery: string;
  expect: string;
  type: LotteryType;
  result: number[];
  /** the round's scheduled draw time (its lunar year gives 六合彩's animals) */
  drawAtMs: number;
  /** the lottery's timing, so a listener can tell which round opened with this draw */
  sched: LotterySchedule;
}
/** An order this pass settled (its lines went from unsettled to settled here): told exactly once. */
export interface SettledEvent {
  orderNo: string;
  memberId: number;
  roomId: number;
  lottery: string;
  expect: string;
  stakeFen: number;
  payoutFen: number;
}
/**
 * What a pass tells the rest of the app (the room announcements), after the round's settlement, the
 * draw first and then its orders. Listeners must not throw and must not block: the ledger work is done.
 */
export interface LotteryEvents {
  drawn?(e: DrawnEvent): void;
  settled?(e: SettledEvent): void;
  /** The orders of one round this pass settled, together, after each was told on its own (none: not told). */
  roundSettled?(orders: SettledEvent[]): void;
}

function tell(log: FastifyBaseLogger | undefined, fn: () => void): void {
  try {
    fn();
  } catch (err) {
    log?.warn({ err }, 'lottery: event listener failed');
  }
}

/** One scheduler pass at the clock time `nowMs` (tests drive it directly with a fake clock). */
export async function lotteryPass(db: Kdb, nowMs: number, log?: FastifyBaseLogger, events: LotteryEvents = {}): Promise<PassResult> {
  const out: PassResult = { ...(await ensureRoundsAt(db, nowMs)), drawn: 0, settledOrders: 0, settledRounds: 0 };
  const due = await db
    .selectFrom('lottery_rounds as r')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .select(['r.lottery', 'r.expect', 'r.seed', 'r.result', 'r.draw_at', 'l.type', 'l.title', 'l.interval_s', 'l.ftime_s', 'l.schedule_change'])
    .where('r.settled_at', 'is', null)
    .where('r.draw_at', '<=', new Date(nowMs))
    .orderBy('r.draw_at')
    .limit(DUE_PER_PASS)
    .execute();
  for (const round of due) {
    const type = round.type as LotteryType;
    let result = round.result;
    let drewIt = false;
    if (result === null) {
      result = drawResult(type, round.lottery, round.expect, round.seed);
      const drawn = await db
        .updateTable('lottery_rounds')
        .set({ result: JSON.stringify(result), drawn_at: new Date(nowMs) })
        .where('lottery', '=', round.lottery)
        .where('expect', '=', round.expect)
        .where('result', 'is', null)
        .executeTakeFirst();
      drewIt = Number(drawn.numUpdatedRows) === 1;
      if (drewIt) out.drawn += 1;
    }
    const drawnRound = { lottery: round.lottery, title: round.title, expect: round.expect, type, result, drawAt: round.draw_at };
    const settledNow: SettledEvent[] = [];
    try {
      out.settledOrders += await settleRound(db, drawnRound, nowMs, log, settledNow);
    } finally {
      // Told even when settlement stopped half-way (the next pass finishes it): the draw happened once.
      const sched = scheduleOf(round);
      if (drewIt && events.drawn) tell(log, () => events.drawn!({ lottery: round.lottery, expect: round.expect, type, result: result!, drawAtMs: round.draw_at.getTime(), sched }));
      if (events.settled) for (const e of settledNow) tell(log, () => events.settled!(e));
      if (events.roundSettled && settledNow.length > 0) tell(log, () => events.roundSettled!(settledNow));
    }
    // The bet records (reports, rebate, VIP) after the rooms were told: the members wait for their
    // result, not for the books. Until they are written the round stays unsettled, so a pass that
    // stops here writes them next time (the records are idempotent).
    await recordBets(db, drawnRound, log);
    const done = await db
      .updateTable('lottery_rounds')
      .set({ settled_at: new Date(nowMs) })
      .where('lottery', '=', round.lottery)
      .where('expect', '=', round.expect)
      .where('settled_at', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) out.settledRounds += 1;
  }
  return out;
}

interface DrawnRound {
  lottery: string;
  title: string;
  expect: string;
  type: LotteryType;
  result: number[];
  /** when the round draws: a 生肖 line is judged by its lunar year */
  drawAt: Date;
}

/**
 * Settles the round's unsettled orders (see the module comment); answers how many orders this call
 * settled and adds each to `settledNow` as soon as its transaction has committed.
 */
async function settleRound(db: Kdb, round: DrawnRound, nowMs: number, log: FastifyBaseLogger | undefined, settledNow: SettledEvent[]): Promise<number> {
  const all = await db
    .selectFrom('lottery_orders')
    .select(['id', 'order_no', 'line', 'member_id', 'room_id', 'play_id', 'picks', 'odds_cents', 'stake_fen', 'status'])
    .where('lottery', '=', round.lottery)
    .where('expect', '=', round.expect)
    .where('status', 'in', [BET_STATUS.unsettled, BET_STATUS.settled])
    .orderBy('order_no')
    .orderBy('line')
    .execute();
  const lunarYear = lunarYearAt(round.drawAt.getTime());
  const settledLines = all.map((l) => ({ ...l, ...settleLine(round.type, l.play_id, l.odds_cents / 100, l.stake_fen, round.result, { picks: l.picks, lunarYear }), hedgedFen: 0 }));
  const byMember = new Map<number, typeof settledLines>();
  for (const l of settledLines) {
    const mine = byMember.get(l.member_id);
    if (mine) mine.push(l);
    else byMember.set(l.member_id, [l]);
  }
  for (const mine of byMember.values()) {
    const netted = netRoundLines(mine.map((l) => ({ stakeFen: l.stake_fen, validFen: l.validFen, opposed: opposedPlay(round.type, l.play_id) })));
    mine.forEach((l, i) => Object.assign(l, netted[i]));
  }
  const byOrder = new Map<string, typeof settledLines>();
  for (const l of settledLines) {
    if (l.status !== BET_STATUS.unsettled) continue;
    const group = byOrder.get(l.order_no) ?? [];
    group.push(l);
    byOrder.set(l.order_no, group);
  }
  let settled = 0;
  if (byOrder.size > 0) {
    const house = await systemAccountId(db, HOUSE.lottery);
    const wallets = await memberWalletIds(db, [...new Set([...byOrder.values()].map((g) => g[0]!.member_id))]);
    const orders = [...byOrder.entries()];
    for (let i = 0; i < orders.length; i += SETTLE_BATCH) {
      const batch = orders.slice(i, i + SETTLE_BATCH);
      const done = await settleBatch(db, round, nowMs, house, wallets, batch);
      settled += done.length;
      settledNow.push(...done);
    }
  }
  return settled;
}

type SettledLine = { id: number; order_no: string; member_id: number; room_id: number; stake_fen: number; payoutFen: number; validFen: number; hedgedFen: number };

/**
 * Settles whole orders in one transaction, set-based: their lines locked in id order (two passes at
 * once cannot deadlock) and marked settled only where still unsettled, the payouts of the orders this
 * call settled posted in one postMany (one journal per order, key lottery:payout:<order_no>) and their
 * journal ids written back. Answers the orders settled, once committed.
 */
async function settleBatch(
  db: Kdb,
  round: DrawnRound,
  nowMs: number,
  house: number,
  wallets: Map<number, number>,
  batch: [string, SettledLine[]][],
): Promise<SettledEvent[]> {
  const lines = batch.flatMap(([, group]) => group);
  const settledAt = new Date(nowMs);
  const done = await db.transaction().execute(async (tx) => {
    const locked = await sql<{ id: number }>`
      SELECT id FROM lottery_orders WHERE id = ANY(${lines.map((l) => l.id)}::bigint[]) AND status = ${BET_STATUS.unsettled} ORDER BY id FOR UPDATE`.execute(tx);
    if (locked.rows.length === 0) return []; // settled by another pass
    const open = new Set(locked.rows.map((r) => Number(r.id)));
    const mine = batch.filter(([, group]) => group.some((l) => open.has(l.id)));
    for (const [orderNo, group] of mine) if (!group.every((l) => open.has(l.id))) throw new Error(`lottery: order ${orderNo} partly settled`);
    const rows = mine.flatMap(([, group]) => group);
    const payouts = mine
      .map(([orderNo, group]) => ({ orderNo, memberId: group[0]!.member_id, payout: group.reduce((s, o) => s + o.payoutFen, 0) }))
      .filter((o) => o.payout > 0);
    const journals = await postMany(
      tx,
      payouts.map((o) => ({
        idemKey: `lottery:payout:${o.orderNo}`,
        kind: 'lottery_payout',
        memo: `${round.title} ${round.expect}`,
        entries: [
          { accountId: house, amountFen: -o.payout },
          { accountId: wallets.get(o.memberId)!, amountFen: o.payout },
        ],
      })),
    );
    if (journals.size !== payouts.length) throw new Error(`lottery: round ${round.lottery} ${round.expect} paid an order twice`);
    // The lines settled and their payout journals in one statement (the lines are locked already).
    const journalOf = (orderNo: string) => journals.get(`lottery:payout:${orderNo}`) ?? null;
    await sql`
      UPDATE lottery_orders o SET status = ${BET_STATUS.settled}, payout_fen = v.payout, valid_fen = v.valid, hedged_fen = v.hedged, settled_at = ${settledAt},
        payout_journal_id = v.journal
      FROM unnest(${rows.map((l) => l.id)}::bigint[], ${rows.map((l) => l.payoutFen)}::bigint[], ${rows.map((l) => l.validFen)}::bigint[], ${rows.map((l) => l.hedgedFen)}::bigint[],
          ${rows.map((l) => journalOf(l.order_no))}::bigint[])
        AS v(id, payout, valid, hedged, journal)
      WHERE o.id = v.id`.execute(tx);
    return mine;
  });
  return done.map(([orderNo, group]) => ({
    orderNo,
    memberId: group[0]!.member_id,
    roomId: group[0]!.room_id,
    lottery: round.lottery,
    expect: round.expect,
    stakeFen: group.reduce((s, o) => s + o.stake_fen, 0),
    payoutFen: group.reduce((s, o) => s + o.payoutFen, 0),
  }));
}

/** The round's settled lines into bet_records, counted once (games ingest: idempotent by venue and bet id). */
async function recordBets(db: Kdb, round: DrawnRound, log?: FastifyBaseLogger): Promise<void> {
  const rows = await db
    .selectFrom('lottery_orders')
    .selectAll()
    .where('lottery', '=', round.lottery)
    .where('expect', '=', round.expect)
    .where('status', '=', BET_STATUS.settled)
    .execute();
  if (rows.length === 0) return;
  await applyBets(db, rows.map((o) => betOf(o, round.title, round.result)), new VenueCategories(db), log);
}

/** A lottery order line as a bet record (bet id <order_no>:<line>). */
export function betOf(
  o: { order_no: string; line: number; member_id: number; lottery: string; expect: string; play_id: string; picks?: number[] | null; odds_cents: number; stake_fen: number; payout_fen: number; valid_fen: number; hedged_fen?: number; status: number; created_at: Date; settled_at: Date | null },
  title: string,
  result: number[] | null,
): VenueBet {
  const settled = o.status === BET_STATUS.settled;
  return {
    seq: 0,
    venue: LOTTERY_VENUE,
    betId: `${o.order_no}:${o.line}`,
    memberId: o.member_id,
    game: o.lottery,
    gameName: title,
    category: LOTTERY_CATEGORY,
    stakeFen: o.stake_fen,
    validFen: settled ? o.valid_fen : 0,
    hedgedFen: settled ? Number(o.hedged_fen ?? 0) : 0,
    winLossFen: settled ? o.payout_fen - o.stake_fen : 0,
    status: o.status,
    detail: JSON.stringify({ expect: o.expect, play: o.play_id, picks: o.picks ?? undefined, odds: o.odds_cents / 100, result }),
    betAt: o.created_at,
    settledAt: o.settled_at,
  };
}

/**
 * The lottery's clock (tests replace `now` to drive rounds without waiting) and the listeners every
 * scheduled pass tells (tests hand them to lotteryPass to drive a draw the way the job does).
 */
export interface LotteryClock {
  now(): number;
  events: LotteryEvents;
}

/** After the draw time, when the pass that draws the round runs (a timer may fire a little early). */
const DRAW_WAKE_MS = 5;

/**
 * Decorates app.lottery (the clock and the pass listeners) and schedules the pass every
 * LOTTERY_TICK_MS, once at a time across instances; and, when the next draw comes before the next
 * tick, one more pass at the draw time itself, so a round is drawn and settled from its first moment
 * instead of up to a tick later.
 */
export function startLottery(app: FastifyInstance, events: LotteryEvents = {}): void {
  const clock: LotteryClock = { now: () => Date.now(), events };
  app.decorate('lottery', clock);
  const tickMs = app.config.lotteryTickMs;
  const job = scheduleJob(app, 'lottery', tickMs, async () => {
    const done = await withTryLock(app.db, LOCK_KEY, () => lotteryPass(app.kdb, clock.now(), app.log, clock.events));
    if (done?.nextDrawAtMs == null) return;
    const waitMs = done.nextDrawAtMs - clock.now();
    if (waitMs < tickMs) job.runIn(Math.max(0, waitMs) + DRAW_WAKE_MS);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    lottery: LotteryClock;
  }
}
