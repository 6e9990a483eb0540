import { BET_RECORD_PAGE_SIZE, BET_STATUS_LABELS, fenToYuan, LOTTERY_VENUE, type BetRecord, type BetRecordPage } from '@app/contract';
import { lotteryPlayLabel } from '@app/contract/lottery-plays';
import { sql } from 'kysely';
import type { Kdb } from '../../db/connect.js';
import { beijing } from '../../lib/time.js';
import type { Tx } from '../ledger/service.js';
import { offsetOf, pageOf } from '../content/paging.js';
import { dateFilterStart } from '../records/service.js';

export interface BetRecordQuery {
  date: 1 | 2 | 3 | 4;
  page: number;
  /** a venue code, or '' for every venue */
  api_type: string;
}

/** What a lottery line was on, from its record's detail: 第20261127001期 大小单双 大 @1.98, 连码 二全中 03 15 @75. */
function lotteryPlays(title: string, detail: unknown): string {
  const d = (typeof detail === 'string' ? JSON.parse(detail) : detail) as { expect?: string; play?: string; picks?: number[]; odds?: number } | null;
  if (!d?.play) return title;
  return `${title} 第${d.expect}期 ${lotteryPlayLabel(d.play, d.picks)} @${d.odds}`;
}

/**
 * POST /api/betrecord (spec §2 /betRecord, §7): the member's own bets since the start of the Beijing
 * day N−1 days ago, newest first, 15 per page, with the totals of the whole filter (总投注, 有效投注,
 * 输赢); a lottery line says what it was on.
 */
export async function betRecords(db: Kdb, memberId: number, q: BetRecordQuery, now: Date = new Date()): Promise<BetRecordPage<BetRecord>> {
  let base = db
    .selectFrom('bet_records as b')
    .innerJoin('venues as v', 'v.code', 'b.venue')
    .where('b.member_id', '=', memberId)
    .where('b.bet_at', '>=', dateFilterStart(q.date, now));
  if (q.api_type) base = base.where('b.venue', '=', q.api_type);
  const [rows, count] = await Promise.all([
    base
      .select(['b.id', 'b.bet_id', 'b.venue', 'v.name', 'b.category', 'b.game_name', 'b.detail', 'b.bet_fen', 'b.valid_fen', 'b.win_loss_fen', 'b.status', 'b.bet_at'])
      .orderBy('b.bet_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(BET_RECORD_PAGE_SIZE)
      .offset(offsetOf(q.page, BET_RECORD_PAGE_SIZE))
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<string>`coalesce(sum(b.bet_fen), 0)`.as('bet_fen'),
        sql<string>`coalesce(sum(b.valid_fen), 0)`.as('valid_fen'),
        sql<string>`coalesce(sum(b.win_loss_fen), 0)`.as('win_loss_fen'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const totals = { bet_amount: fenToYuan(Number(count.bet_fen)), valid_amount: fenToYuan(Number(count.valid_fen)), win_loss: fenToYuan(Number(count.win_loss_fen)) };
  const page = pageOf(
    rows.map((r) => ({
      id: r.id,
      bet_id: r.bet_id,
      api_type: r.venue,
      platname: r.name,
      category: r.category,
      Code: r.game_name,
      plays: r.venue === LOTTERY_VENUE ? lotteryPlays(r.game_name, r.detail) : r.game_name,
      bet_amount: fenToYuan(r.bet_fen),
      valid_amount: fenToYuan(r.valid_fen),
      win_loss: fenToYuan(r.win_loss_fen),
      status: r.status,
      status_text: BET_STATUS_LABELS[r.status] ?? '',
      created_at: beijing(r.bet_at),
    })),
    Number(count.n),
    q.page,
    BET_RECORD_PAGE_SIZE,
  );
  return { ...page, totals };
}

/** One member's settled bets of one Beijing day in one hall category (amounts in fen). */
export interface DailyBets {
  /** Beijing day, YYYY-MM-DD */
  day: string;
  category: string;
  bets: number;
  betFen: number;
  validFen: number;
  winLossFen: number;
}

/**
 * The member's settled bets per Beijing day and category, days fromDay..toDay inclusive
 * (YYYY-MM-DD), optionally one category: what the rebate (valid bets per category and day) and VIP
 * engines read. Oldest day first.
 */
export async function memberDailyBets(db: Tx, memberId: number, fromDay: string, toDay: string, category?: string): Promise<DailyBets[]> {
  let q = db
    .selectFrom('member_daily_bets')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'category',
      'bets',
      'bet_fen',
      'valid_fen',
      'win_loss_fen',
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay);
  if (category) q = q.where('category', '=', category);
  const rows = await q.orderBy('day').orderBy('category').execute();
  return rows.map((r) => ({
    day: r.day,
    category: r.category,
    bets: Number(r.bets),
    betFen: Number(r.bet_fen),
    validFen: Number(r.valid_fen),
    winLossFen: Number(r.win_loss_fen),
  }));
}

/** A member's stake and hedged stake (both sides of one round, contract netRoundLines) over some days. */
export interface HedgeTotals {
  stakeFen: number;
  hedgedFen: number;
}

/**
 * Stake and hedged stake per member from `fromDay` (Beijing YYYY-MM-DD) on, every category: what the
 * console's 对冲占比 reads. At most `memberIds.length` rows (one page of members); members without
 * bets are absent from the map.
 */
export async function hedgeTotals(db: Tx, memberIds: readonly number[], fromDay: string): Promise<Map<number, HedgeTotals>> {
  const out = new Map<number, HedgeTotals>();
  if (memberIds.length === 0) return out;
  const rows = await db
    .selectFrom('member_daily_bets')
    .select(['member_id', sql<string>`sum(bet_fen)`.as('stake'), sql<string>`sum(hedged_fen)`.as('hedged')])
    .where('member_id', 'in', [...memberIds])
    .where('day', '>=', fromDay)
    .groupBy('member_id')
    .execute();
  for (const r of rows) out.set(Number(r.member_id), { stakeFen: Number(r.stake), hedgedFen: Number(r.hedged) });
  return out;
}
