import type { FastifyInstance } from 'fastify';
import { LOTTERY_BIG_WIN_YUAN, LOTTERY_TYPE, fenOfYuan, fenToYuan, fmt, formatYuan, type LotteryType, type BetSettled, type RoundState, type SysMessage, LOTTERY_MSG } from '@app/contract';
import { clockAt, nextRound, roundOf } from '../engine/index.js';
import type { LotteryEvents, SettledEvent } from '../scheduler.js';
import { extendOf } from '../service.js';
import { authorOf, betNoticesOf } from './service.js';

/**
 * The rooms' system messages (DESIGN §7: betting closed, results, the next round open, big wins, and
 * the member's own payout). Money in their texts always shows its two decimals (派彩19.60元, 喜中1,960.00元).
 *
 * 'close' follows from the lottery clock alone, so each instance works it out for the lotteries that
 * have sockets on it and tells only those sockets: no instance repeats another's, and no Redis is
 * needed. Everything else comes from the scheduler pass that actually drew the round or settled the
 * orders (exactly once across instances) and goes to every instance through the hub, in the order things
 * happened: a round's result, then the round that opened with its draw ('open', only while it is
 * still open), then the big wins and each winner's own notice, and to each member's own sockets what
 * each of their announced orders paid (their bet card then says 中奖 or 未中奖).
 */

/** How often the clock is looked at for the close notices (they land within this of the moment). */
export const CLOCK_NOTICE_TICK_MS = 250;

/** 快三 "3 5 6"; 六合彩 "03 12 19 27 33 41 + 49" (the seventh ball is the special). */
export function numbersText(type: LotteryType, result: readonly number[]): string {
  if (type === LOTTERY_TYPE.dice) return result.join(' ');
  const two = result.map((n) => String(n).padStart(2, '0'));
  return `${two.slice(0, -1).join(' ')} + ${two[two.length - 1]}`;
}

/**
 * Starts this instance's close notices and answers the listeners the scheduler pass tells of its draws
 * and settlements.
 */
export function startRoomAnnouncements(app: FastifyInstance): LotteryEvents {
  const seen = new Map<string, { expect: string; state: RoundState }>();
  const timer = setInterval(() => {
    const nowMs = app.lottery.now();
    const local = new Set<string>();
    for (const lottery of app.lotteryHub.lotteries()) {
      local.add(lottery.code);
      const clock = clockAt(lottery.sched, nowMs);
      const before = seen.get(lottery.code);
      seen.set(lottery.code, { expect: clock.nextexpect, state: clock.state });
      // The first look only learns where the clock is: a member who just came in has the room's clock.
      if (!before || (before.expect === clock.nextexpect && before.state === clock.state)) continue;
      const expect = clock.nextexpect;
      if (clock.state === 'closed') app.lotteryHub.deliverLotteryLocally(lottery.code, { sysmsg: 'close', content: fmt(LOTTERY_MSG.sysRoundClosed, { expect }), expect });
    }
    for (const code of seen.keys()) if (!local.has(code)) seen.delete(code);
  }, CLOCK_NOTICE_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /** Each settled order that was announced in a room: its card's result, to its member's sockets there. */
  function tellBetCards(orders: SettledEvent[]): void {
    betNoticesOf(
      app.kdb,
      orders.map((o) => o.orderNo),
    )
      .then((cards) => {
        for (const o of orders) {
          const card = cards.get(o.orderNo);
          if (!card) continue;
          const frame: BetSettled = { settled: { id: card.id, expect: o.expect, payout: fenToYuan(o.payoutFen), stake: fenToYuan(o.stakeFen) } };
          app.lotteryHub.publishToMember(card.roomId, o.memberId, frame);
        }
      })
      .catch((err) => app.log.warn({ err }, 'lottery: bet cards not told of their results'));
  }

  const bigWinFen = fenOfYuan(LOTTERY_BIG_WIN_YUAN);
  return {
    drawn: ({ lottery, expect, type, result, drawAtMs, sched }) => {
      const frame: SysMessage = { sysmsg: 'result', content: fmt(LOTTERY_MSG.sysRoundResult, { expect, numbers: numbersText(type, result) }), expect, extend: extendOf(type, result, drawAtMs) };
      app.lotteryHub.publishLottery(lottery, frame);
      // A change of timing reaches this instance's close notices with the draw that ends the old one.
      for (const l of app.lotteryHub.lotteries()) if (l.code === lottery) l.sched = sched;
      // The round this draw opened, if betting on it is still open (a late draw leaves it to its close).
      const drawnRound = roundOf(sched, expect);
      const clock = clockAt(sched, app.lottery.now());
      if (drawnRound && clock.state === 'open' && clock.nextexpect === nextRound(sched, drawnRound).expect) {
        const next = clock.nextexpect;
        app.lotteryHub.publishLottery(lottery, { sysmsg: 'open', content: fmt(LOTTERY_MSG.sysRoundOpen, { expect: next }), expect: next });
      }
    },
    settled: ({ memberId, roomId, expect, payoutFen }) => {
      if (payoutFen < bigWinFen) return;
      authorOf(app.kdb, memberId)
        .then((author) => {
          if (author) app.lotteryHub.publish(roomId, { sysmsg: 'bigwin', content: fmt(LOTTERY_MSG.sysBigWin, { author, expect, amount: formatYuan(fenToYuan(payoutFen)) }), expect });
        })
        .catch((err) => app.log.warn({ err }, 'lottery: big win not announced'));
    },
    roundSettled: (orders) => {
      tellBetCards(orders);
      // One notice per member and room for the round, to that member's sockets in that room only.
      const paid = new Map<string, { memberId: number; roomId: number; expect: string; stakeFen: number; payoutFen: number }>();
      for (const o of orders) {
        const key = `${o.roomId}:${o.memberId}`;
        const sum = paid.get(key) ?? { memberId: o.memberId, roomId: o.roomId, expect: o.expect, stakeFen: 0, payoutFen: 0 };
        sum.stakeFen += o.stakeFen;
        sum.payoutFen += o.payoutFen;
        paid.set(key, sum);
      }
      for (const { memberId, roomId, expect, stakeFen, payoutFen } of paid.values()) {
        if (payoutFen <= 0) continue;
        const text = payoutFen > stakeFen ? LOTTERY_MSG.sysYouWon : LOTTERY_MSG.sysYouPaid;
        const payout = fenToYuan(payoutFen);
        app.lotteryHub.publishToMember(roomId, memberId, { sysmsg: 'win', content: fmt(text, { expect, amount: formatYuan(payout) }), expect, payout, stake: fenToYuan(stakeFen) });
      }
    },
  };
}
