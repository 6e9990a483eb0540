import { sql } from 'kysely';
import { LOTTERY_TIMING_MSG, lotterySettingsOf, roomSettingsOf, type AdminLotteryRow, type LotterySettingsInput, type NewRoomInput } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import type { ReviewRecorder, Tx } from '../ledger/service.js';
import { scheduleChange, type LotterySchedule, type LotteryTiming, type ScheduleAnchor } from './engine/index.js';

/**
 * A lottery's timing and switch as staff set them, and new rooms. The timing in force is the row's
 * interval_s/ftime_s plus `schedule_change`: the timing they replaced, for the rounds drawing up to
 * where they took over. A change never moves the round under way: it takes over at the first draw
 * both intervals share after it (the engine's scheduleChange), and the rows of rounds created ahead
 * of that point under the old timing (no order can be on a round not yet open) are dropped, so the
 * scheduler's next pass creates them on the new timing. The change holds the lottery row; the
 * scheduler's pass reads it under a share lock, so the two never interleave.
 */

/** What `lotteries.schedule_change` holds. */
interface ScheduleChange {
  anchor: ScheduleAnchor;
  earlier: LotteryTiming;
}

/** The schedule of a lottery row (its columns interval_s, ftime_s, schedule_change). */
export function scheduleOf(row: { interval_s: number; ftime_s: number; schedule_change?: unknown }): LotterySchedule {
  const change = (row.schedule_change ?? null) as ScheduleChange | null;
  if (!change) return { intervalS: row.interval_s, ftimeS: row.ftime_s };
  return { intervalS: row.interval_s, ftimeS: row.ftime_s, anchor: change.anchor, earlier: change.earlier };
}

/** A change not yet in force at `nowMs`: the new timing and the draw after which it takes over. */
export function pendingTiming(row: { interval_s: number; ftime_s: number; schedule_change?: unknown }, nowMs: number): AdminLotteryRow['pending'] {
  const change = (row.schedule_change ?? null) as ScheduleChange | null;
  if (!change || change.anchor.atMs <= nowMs) return null;
  const earlier = { interval_s: change.earlier.intervalS, ftime_s: change.earlier.ftimeS };
  return { interval_s: row.interval_s, ftime_s: row.ftime_s, from: beijing(new Date(change.anchor.atMs)), earlier };
}

export interface LotterySettingsView {
  code: string;
  interval_s: number;
  ftime_s: number;
  enabled: boolean;
  /** Beijing time of the draw after which a new timing takes over; '' when the timing did not change */
  timing_from: string;
}

/**
 * Stores a lottery's interval, ftime and switch (already passed by the contract's rules). Switching a
 * lottery off stops new rounds; the rounds already open are still drawn and settled.
 */
export async function updateLotterySettings(db: Kdb, code: string, input: LotterySettingsInput, nowMs: number, record: ReviewRecorder<object>): Promise<LotterySettingsView> {
  const next = lotterySettingsOf(input);
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('lotteries').select(['code', 'interval_s', 'ftime_s', 'enabled', 'schedule_change']).where('code', '=', code).forUpdate().executeTakeFirst();
    if (!row) throw notFound(LOTTERY_TIMING_MSG.lotteryMissing);
    const timingChanged = row.interval_s !== next.intervalS || row.ftime_s !== next.ftimeS;
    let timingFrom = '';
    if (timingChanged) {
      const changed = scheduleChange(scheduleOf(row), next, nowMs);
      const change: ScheduleChange = { anchor: changed.anchor!, earlier: changed.earlier! };
      await tx
        .updateTable('lotteries')
        .set({ interval_s: next.intervalS, ftime_s: next.ftimeS, schedule_change: JSON.stringify(change) })
        .where('code', '=', code)
        .execute();
      await dropRoundsAfter(tx, code, change.anchor.atMs);
      timingFrom = beijing(new Date(change.anchor.atMs));
    }
    if (row.enabled !== next.enabled) await tx.updateTable('lotteries').set({ enabled: next.enabled }).where('code', '=', code).execute();
    const before = { interval_s: row.interval_s, ftime_s: row.ftime_s, enabled: row.enabled };
    const after = { interval_s: next.intervalS, ftime_s: next.ftimeS, enabled: next.enabled };
    const fields = (['interval_s', 'ftime_s', 'enabled'] as const).filter((f) => before[f] !== after[f]);
    if (fields.length > 0) {
      const pick = (r: typeof before) => Object.fromEntries(fields.map((f) => [f, r[f]]));
      await record(tx, pick(before), { ...pick(after), ...(timingFrom ? { timing_from: timingFrom } : {}) });
    }
    return { code, ...after, timing_from: timingFrom };
  });
}

/** Rounds created ahead under the old timing that draw after the new one takes over: not open, no orders. */
async function dropRoundsAfter(tx: Tx, code: string, atMs: number): Promise<void> {
  await tx
    .deleteFrom('lottery_rounds as r')
    .where('r.lottery', '=', code)
    .where('r.draw_at', '>', new Date(atMs))
    .where('r.result', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('lottery_orders as o').select(sql`1`.as('one')).whereRef('o.lottery', '=', 'r.lottery').whereRef('o.expect', '=', 'r.expect'))))
    .execute();
}

/** Adds a room to a lottery (settings already passed by the contract's roomSettingsFailure). */
export async function createRoom(db: Kdb, input: NewRoomInput, record: ReviewRecorder<object | null>): Promise<{ id: number }> {
  const s = roomSettingsOf(input);
  return db.transaction().execute(async (tx) => {
    const lottery = await tx.selectFrom('lotteries').select('code').where('code', '=', input.lottery.trim()).executeTakeFirst();
    if (!lottery) throw badRequest(LOTTERY_TIMING_MSG.lotteryMissing);
    const row = await tx
      .insertInto('lottery_rooms')
      .values({ lottery: lottery.code, title: s.title, enabled: s.enabled, sort: s.sort, min_stake_fen: s.minStakeFen, max_stake_fen: s.maxStakeFen })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await record(tx, null, { id, lottery: lottery.code, title: s.title, enabled: s.enabled, sort: s.sort, min_stake: s.minStakeFen / 100, max_stake: s.maxStakeFen / 100 });
    return { id };
  });
}
