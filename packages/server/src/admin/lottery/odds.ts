import { type AdminLotteryRow, type LotteryType, ADMIN_MSG, LOTTERY_MSG } from '@app/contract';
import { lotteryCodeParams, oddsSchema } from '@app/contract/schemas';
import type { Kdb } from '../../db/connect.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { oddsCents, oddsEntriesOf, rtpOf, validateOdds, type OddsTable } from '../../modules/lottery/engine/index.js';
import { pendingTiming } from '../../modules/lottery/settings.js';
import { actorOf } from '../actor.js';
import { writeAudit, type Actor } from '../../modules/audit/service.js';
import { route, type AdminRoute } from '../route.js';

/**
 * The lotteries and their odds, editable within the RTP range. The engine decides what a valid table is
 * (validateOdds) and what each play returns (rtpOf); this file only reads, merges and records.
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

export const lotteryOddsRoutes: AdminRoute[] = [
  route({
    method: 'GET',
    path: '/lotteries',
    tag: '彩票管理',
    summary: '彩种列表：周期、封盘秒数、是否开放，每个玩法的分组、赔率与理论返还率（rtp，0–1），及其房间',
    access: 'lottery.read',
    handler: async ({ app }) => ok(await listLotteryOdds(app.kdb, app.lottery.now())),
  }),
  route({
    method: 'POST',
    path: '/lotteries/:code/odds',
    tag: '彩票管理',
    summary:
      '修改赔率：odds 为 玩法ID → 赔率（含本金，大于1，最多两位小数），可只传要改的玩法；合并后每个玩法的理论返还率须在90%至99%之间，否则不作任何修改。已下的注单按下注时的赔率结算',
    access: 'lottery.odds',
    params: lotteryCodeParams,
    body: oddsSchema,
    audits: ['lottery.odds'],
    handler: async ({ app, req, staff, params, body }) => ok(await updateLotteryOdds(app.kdb, actorOf(req, staff), params.code, body.odds), ADMIN_MSG.saved),
  }),
];
