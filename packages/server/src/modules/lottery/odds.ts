import { type AdminLotteryRow, type LotteryType, LOTTERY_MSG } from '@app/contract';
import type { Kdb } from '../../db/connect.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit, type Actor } from '../audit/service.js';
import { oddsCents, oddsEntriesOf, rtpOf, validateOdds, type OddsTable } from './engine/index.js';
import { pendingTiming } from './settings.js';

/**
 * The lotteries and their odds as staff see and edit them, within the RTP range. The engine decides
 * what a valid table is (validateOdds) and what each play returns (rtpOf); this file reads, merges,
 * stores and records.
 */

const COLUMNS = ['code', 'title', 'type', 'interval_s', 'ftime_s', 'enabled', 'odds', 'schedule_change'] as const;

interface LotteryRecord {
  code: string;
  title: string;
  type: number;
  interval_s: number;
  ftime_s: number;
  enabled: boolean;
  odds: Record<string, number>;
  schedule_change: unknown;
}

type RoomRecord = { id: number; lottery: string; title: string; enabled: boolean };

/**
 * A lottery as staff see it: every entry of its odds table in playbox order (a play, or one of 生肖's two
 * prices), with its group, odds and exact RTP; its rooms.
 */
function rowOf(l: LotteryRecord, rooms: RoomRecord[], nowMs: number = Date.now()): AdminLotteryRow {
  const type = l.type as LotteryType;
  return {
    code: l.code,
    title: l.title,
    type,
    interval_s: l.interval_s,
    ftime_s: l.ftime_s,
    enabled: l.enabled,
    pending: pendingTiming(l, nowMs),
    plays: oddsEntriesOf(type).map((e) => {
      const odds = l.odds[e.id];
      if (oddsCents(odds) === null) throw new RangeError(`lottery ${l.code}: no valid odds for ${e.id}`);
      return { id: e.id, group: e.group, playtitle: e.title, odds: odds!, rtp: rtpOf(type, e.id, odds!) };
    }),
    rooms: rooms.filter((r) => r.lottery === l.code).map((r) => ({ id: r.id, title: r.title, enabled: r.enabled })),
  };
}

const roomsOf = (db: Kdb, code?: string) => {
  let q = db.selectFrom('lottery_rooms').select(['id', 'lottery', 'title', 'enabled']);
  if (code) q = q.where('lottery', '=', code);
  return q.orderBy('sort').orderBy('id').execute();
};

export async function listLotteryOdds(db: Kdb, nowMs: number = Date.now()): Promise<AdminLotteryRow[]> {
  const [rows, rooms] = await Promise.all([db.selectFrom('lotteries').select(COLUMNS).orderBy('sort').orderBy('code').execute(), roomsOf(db)]);
  return rows.map((l) => rowOf(l, rooms, nowMs));
}

/**
 * Merges `patch` (some or all plays → decimal odds) into the lottery's table and stores it when the
 * engine accepts the whole merged table; otherwise nothing changes and the engine's message is the
 * answer. The row is locked for the merge so two staff saving at once cannot drop each other's edits.
 * Orders keep the odds they were placed at (lottery_orders.odds_cents); new orders read the new table.
 * The audit row holds the plays that changed, before and after; a save that changes nothing writes none.
 */
export async function updateLotteryOdds(db: Kdb, actor: Actor, code: string, patch: Record<string, unknown>): Promise<AdminLotteryRow> {
  const after = await db.transaction().execute(async (tx) => {
    const lottery = await tx.selectFrom('lotteries').select(COLUMNS).where('code', '=', code).forUpdate().executeTakeFirst();
    if (!lottery) throw notFound(LOTTERY_MSG.lotteryMissing);
    const type = lottery.type as LotteryType;
    const merged: Record<string, unknown> = { ...lottery.odds, ...patch };
    const check = validateOdds(type, merged);
    if (!check.ok) throw badRequest(check.message);
    // Stored from whole hundredths, so 1.1 + 0.87 style float noise never reaches the table.
    const table: OddsTable = Object.fromEntries(Object.entries(merged).map(([id, odds]) => [id, oddsCents(odds)! / 100]));
    const changed = Object.keys(table).filter((id) => table[id] !== lottery.odds[id]);
    if (changed.length === 0) return lottery;
    await tx.updateTable('lotteries').set({ odds: JSON.stringify(table) }).where('code', '=', code).execute();
    const pick = (odds: OddsTable) => Object.fromEntries(changed.map((id) => [id, odds[id]]));
    await writeAudit(tx, actor, 'lottery.odds', `lottery:${code}`, pick(lottery.odds), pick(table));
    return { ...lottery, odds: table };
  });
  return rowOf(after, await roomsOf(db, code));
}
