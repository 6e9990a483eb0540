import { BET_STATUS, BET_STATUS_LABELS, fenToYuan, LOTTERY_MSG, LOTTERY_MY_ORDERS_PAGE_SIZE, type LotteryMyOrder, type Page } from '@app/contract';
import { lotteryPlayLabel } from '@app/contract/lottery-plays';
import type { Kdb } from '../../db/connect.js';
import { badRequest } from '../../http/errors.js';
import { beijing } from '../../lib/time.js';
import { offsetOf, pageOf } from '../content/paging.js';

/**
 * POST /api/lotteryMyOrders: the room's 我的注单 — the member's own lines in the room's lottery (every
 * room of it), newest first: the round, what each was on, stake and odds, and once drawn what it paid.
 * Only ever the caller's (member_id from the session), whatever room id is sent.
 */
export async function myLotteryOrders(db: Kdb, memberId: number, roomId: number, page: number): Promise<Page<LotteryMyOrder>> {
  const room = await db.selectFrom('lottery_rooms').select('lottery').where('id', '=', roomId).executeTakeFirst();
  if (!room) throw badRequest(LOTTERY_MSG.lotteryRoomMissing);
  const base = db.selectFrom('lottery_orders').where('member_id', '=', memberId).where('lottery', '=', room.lottery);
  const [rows, count] = await Promise.all([
    base
      .select(['order_no', 'line', 'expect', 'play_id', 'picks', 'odds_cents', 'stake_fen', 'payout_fen', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LOTTERY_MY_ORDERS_PAGE_SIZE)
      .offset(offsetOf(page, LOTTERY_MY_ORDERS_PAGE_SIZE))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map((r): LotteryMyOrder => {
    const settled = r.status === BET_STATUS.settled;
    return {
      order_no: r.order_no,
      line: r.line,
      expect: r.expect,
      play: lotteryPlayLabel(r.play_id, r.picks),
      odds: r.odds_cents / 100,
      stake: fenToYuan(r.stake_fen),
      status: r.status,
      status_text: BET_STATUS_LABELS[r.status] ?? '',
      payout: settled ? fenToYuan(r.payout_fen) : 0,
      win_loss: settled ? fenToYuan(r.payout_fen - r.stake_fen) : 0,
      created_at: beijing(r.created_at),
    };
  });
  return pageOf(data, Number(count.n), page, LOTTERY_MY_ORDERS_PAGE_SIZE);
}
