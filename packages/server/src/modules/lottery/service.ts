import {
  BET_STATUS,
  LOTTERY_OPENLIST_SIZE,
  LOTTERY_ORDER_MAX_LINES,
  MSG,
  fenToYuan,
  fmt,
  yuanToFen,
  type LotteryExtend,
  type LotteryListItem,
  type LotteryOpenItem,
  type LotteryRoomData,
  type LotteryRoomListItem,
  type LotteryType,
  LOTTERY_MSG,
} from '@app/contract';
import type { z } from 'zod';
import type { lotteryOrderSchema } from '@app/contract/schemas';
import type { QueryCreator } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { perDatabase } from '../../lib/batch.js';
import { newOrderNo, type OrderNoFormat } from '../../lib/order-no.js';
import { beijing } from '../../lib/time.js';
import { HOUSE, memberWalletId, post, systemAccountId, type Tx } from '../ledger/service.js';
import { storeOpenBets } from '../games/ingest.js';
import { attributesOf, buildPlaybox, checkPicks, clockAt, isPlayOf, lotteryPlay, lunarYearAt, oddsCents, oddsIdOf } from './engine/index.js';
import { betOf } from './scheduler.js';
import { recentChat } from './chat/service.js';
import { scheduleOf } from './settings.js';

/** POST /api/lotteryList: the enabled lotteries in display order. */
export async function listLotteries(db: Kdb): Promise<LotteryListItem[]> {
  const rows = await db.selectFrom('lotteries').select(['code', 'title', 'type', 'icon']).where('enabled', '=', true).orderBy('sort').orderBy('code').execute();
  return rows.map((r) => ({ name: r.code, title: r.title, type: r.type as LotteryType, icon: r.icon }));
}

/** A room's own stake limits per line, in yuan as members read them. */
const limitsOf = (r: { min_stake_fen: number; max_stake_fen: number }) => ({ min: fenToYuan(r.min_stake_fen), max: fenToYuan(r.max_stake_fen) });

/** POST /api/lotteryRoom {name}: the enabled rooms of an enabled lottery, with their stake limits. */
export async function listRooms(db: Kdb, name: string): Promise<Omit<LotteryRoomListItem, 'online'>[]> {
  const rows = await db
    .selectFrom('lottery_rooms as r')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .select(['r.id', 'r.title', 'l.title as lottery_title', 'r.min_stake_fen', 'r.max_stake_fen'])
    .where('r.lottery', '=', name)
    .where('r.enabled', '=', true)
    .where('l.enabled', '=', true)
    .orderBy('r.sort')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, lottery: { title: r.lottery_title }, limits: limitsOf(r) }));
}

async function readRoom(db: Kdb, roomId: number) {
  const room = await db
    .selectFrom('lottery_rooms as r')
    .innerJoin('lotteries as l', 'l.code', 'r.lottery')
    .select(['r.id', 'r.title', 'r.min_stake_fen', 'r.max_stake_fen', 'l.code', 'l.title as lottery_title', 'l.type', 'l.interval_s', 'l.ftime_s', 'l.schedule_change', 'l.odds'])
    .where('r.id', '=', roomId)
    .where('r.enabled', '=', true)
    .where('l.enabled', '=', true)
    .executeTakeFirst();
  if (!room) throw badRequest(LOTTERY_MSG.lotteryRoomMissing);
  return { ...room, type: room.type as LotteryType, sched: scheduleOf(room) };
}

type Room = Awaited<ReturnType<typeof readRoom>>;

/**
 * Open rooms as orders and the room page read them (with their lottery's clock, odds and limits),
 * kept per instance for ROOM_CACHE_MS (otherwise every order reads its room). Staff changes to rooms
 * and odds drop them on every instance at once (forgetRooms, through the public content channel:
 * http/public-cache.ts); the time bounds how long an instance that missed that (Redis away) keeps an
 * old one, as with the site settings. A read that overlapped a change is not kept.
 */
const ROOM_CACHE_MS = 1_000;
let roomsGeneration = 0;
const keptRooms = perDatabase((_db: Kdb) => new Map<number, { room: Room; atMs: number; generation: number }>());

/** Staff changed a room, a lottery or its odds: this instance reads rooms anew. */
export function forgetRooms(): void {
  roomsGeneration += 1;
}

async function roomOf(db: Kdb, roomId: number): Promise<Room> {
  const kept = keptRooms(db);
  const nowMs = Date.now();
  const hit = kept.get(roomId);
  if (hit && hit.generation === roomsGeneration && nowMs - hit.atMs < ROOM_CACHE_MS) return hit.room;
  const generation = roomsGeneration;
  const room = await readRoom(db, roomId); // only open rooms are kept: the map holds at most every room
  if (generation === roomsGeneration) kept.set(roomId, { room, atMs: nowMs, generation });
  return room;
}

/** A drawn result as shown, for the round drawn at `drawAtMs` (its lunar year gives 六合彩's animals). */
export function extendOf(type: LotteryType, result: number[], drawAtMs: number): LotteryExtend {
  return { numbers: result, ...attributesOf(type, result, drawAtMs) };
}

/** GET /api/lotteryRoom?room_id=: the room, its lottery's clock, past results with their seeds, the playbox, recent chat. */
export async function roomData(db: Kdb, roomId: number, nowMs: number): Promise<Omit<LotteryRoomData, 'online'>> {
  const room = await roomOf(db, roomId);
  const clock = clockAt(room.sched, nowMs);
  const [open, drawn, chatdata] = await Promise.all([
    db.selectFrom('lottery_rounds').select('commitment').where('lottery', '=', room.code).where('expect', '=', clock.nextexpect).executeTakeFirst(),
    db
      .selectFrom('lottery_rounds')
      .select(['expect', 'seed', 'commitment', 'result', 'draw_at'])
      .where('lottery', '=', room.code)
      .where('result', 'is not', null)
      .where('draw_at', '<=', new Date(nowMs))
      .orderBy('draw_at', 'desc')
      .limit(LOTTERY_OPENLIST_SIZE)
      .execute(),
    recentChat(db, room.id),
  ]);
  const openlist: LotteryOpenItem[] = drawn.map((r) => ({
    expect: r.expect,
    opentime2: beijing(r.draw_at),
    extend: extendOf(room.type, r.result!, r.draw_at.getTime()),
    seed: r.seed,
    commitment: r.commitment,
  }));
  return {
    id: room.id,
    title: room.title,
    ftime: clock.round.ftimeS,
    lottery: {
      name: room.code,
      title: room.lottery_title,
      type: room.type,
      nowdata: {
        expect: clock.expect,
        nextexpect: clock.nextexpect,
        timeout: clock.timeout,
        commitment: open?.commitment ?? '',
        last: openlist[0] ? { expect: openlist[0].expect, extend: openlist[0].extend } : { expect: clock.expect, extend: null },
      },
      openlist,
    },
    playbox: buildPlaybox(room.type, room.odds, lunarYearAt(clock.round.drawAtMs)),
    chatdata,
    limits: limitsOf(room),
  };
}

export type LotteryOrderInput = z.output<typeof lotteryOrderSchema>;

/** A lottery order's number: LT + Beijing yyyyMMddHHmmss + 10 random hex characters. */
export const LOTTERY_ORDER_NO: OrderNoFormat = { prefix: 'LT', random: 10, hex: true };

/**
 * POST /api/lotteryOrder. Checks in order: the room; the expect is the lottery's open round; betting is
 * open (封盘中禁止投注); at least one line; each line's play exists (生肖 only in a round whose lunar year
 * is known); a 连码 line's numbers (its data: the count, 1–49, no repeats); each stake within the room's own limits;
 * the odds are the server's for the round (生肖 by its lunar year; any the client sends are ignored). Then,
 * in one transaction with the round row held
 * (a draw waits for it), one ledger journal member wallet → house:lottery (余额不足 when short), the
 * lines and their unsettled bet records.
 */
export async function placeOrder(
  db: Kdb,
  memberId: number,
  input: LotteryOrderInput,
  nowMs: number,
  /** runs first in the order's transaction with its whole stake, and may refuse it (player protection) */
  guard?: (tx: Tx, totalFen: number) => Promise<void>,
): Promise<{ order_no: string; expect: string }> {
  const room = await roomOf(db, input.room_id);
  const clock = clockAt(room.sched, nowMs);
  if (input.expect !== clock.nextexpect) throw badRequest(LOTTERY_MSG.lotteryExpectWrong);
  if (clock.state !== 'open') throw badRequest(LOTTERY_MSG.lotteryClosed);
  if (input.order.length === 0) throw badRequest(MSG.gameBetEmpty);
  if (input.order.length > LOTTERY_ORDER_MAX_LINES) throw badRequest(fmt(LOTTERY_MSG.lotteryTooManyLines, { max: LOTTERY_ORDER_MAX_LINES }));
  const lunarYear = lunarYearAt(clock.round.drawAtMs);
  const lines = input.order.map((line) => {
    const oddsId = isPlayOf(room.type, line.id) ? oddsIdOf(room.type, line.id, lunarYear) : null;
    const cents = oddsId === null ? null : oddsCents(room.odds[oddsId]);
    if (cents === null) throw badRequest(MSG.gameBetOption);
    const picked = checkPicks(lotteryPlay(room.type, line.id), line.data);
    if (!picked.ok) throw badRequest(picked.message);
    const fen = yuanToFen(line.total);
    if (fen === null || fen < room.min_stake_fen || fen > room.max_stake_fen) throw badRequest(fmt(LOTTERY_MSG.lotteryStakeRange, limitsOf(room)));
    return { playId: line.id, picks: picked.picks, cents, fen };
  });
  const totalFen = lines.reduce((s, l) => s + l.fen, 0);
  const house = await systemAccountId(db, HOUSE.lottery);
  const wallet = await memberWalletId(db, memberId);
  const orderNo = newOrderNo(LOTTERY_ORDER_NO, new Date(nowMs));
  const expect = clock.nextexpect;
  await db.transaction().execute(async (tx) => {
    await guard?.(tx, totalFen);
    const round = await tx
      .selectFrom('lottery_rounds')
      .select('expect')
      .where('lottery', '=', room.code)
      .where('expect', '=', expect)
      .where('result', 'is', null)
      .forShare()
      .executeTakeFirst();
    if (!round) throw badRequest(LOTTERY_MSG.lotteryClosed);
    const journalId = await post(tx, {
      idemKey: `lottery:stake:${orderNo}`,
      kind: 'lottery_stake',
      memo: `${room.lottery_title} ${expect}`,
      entries: [
        { accountId: wallet, amountFen: -totalFen },
        { accountId: house, amountFen: totalFen },
      ],
    });
    const orderLines = lines.map((l, i) => ({
      order_no: orderNo,
      line: i + 1,
      member_id: memberId,
      room_id: room.id,
      lottery: room.code,
      expect,
      play_id: l.playId,
      odds_cents: l.cents,
      stake_fen: l.fen,
      status: BET_STATUS.unsettled,
      stake_journal_id: journalId,
    }));
    // The lines and their unsettled bet records (shown in the member's bet list at once) in one
    // statement; each record's bet time is the lines' created_at, the transaction's now(). Settlement
    // writes the records again, settled, once the round is drawn.
    const bets = orderLines.map((o, i) =>
      betOf({ ...o, picks: lines[i]!.picks, payout_fen: 0, valid_fen: 0, created_at: new Date(nowMs), settled_at: null }, room.lottery_title, null),
    );
    const withLines = tx.with('o', (q) =>
      q
        .insertInto('lottery_orders')
        .values(orderLines.map((o, i) => ({ ...o, picks: lines[i]!.picks && JSON.stringify(lines[i]!.picks) })))
        .returning('id'),
    );
    // (the WITH only adds a table the upsert does not read)
    await storeOpenBets(withLines as unknown as QueryCreator<Database>, bets, { betAtNow: true });
  });
  return { order_no: orderNo, expect };
}
