import type { FastifyInstance } from 'fastify';
import { LOTTERY_BIG_WIN_YUAN, LOTTERY_TYPE, fenToYuan, fmt, type LotteryType, type RoundState, type SysMessage, LOTTERY_MSG } from '@app/contract';
import { clockAt } from '../engine/index.js';
import type { LotteryEvents } from '../scheduler.js';
import { extendOf } from '../service.js';
import { authorOf } from './service.js';

/**
 * The rooms' system messages (DESIGN §7: round opened, betting closed, results, big wins).
 *
 * 'open' and 'close' follow from the lottery clock alone, so each instance works them out for the
 * lotteries that have sockets on it and tells only those sockets: no instance repeats another's, and
 * no Redis is needed. 'result' and 'bigwin' come from the scheduler pass that actually drew the round or
 * settled the order (exactly once across instances) and go to every instance through the hub.
 */

/** How often the clock is looked at for the open/close notices (they land within this of the moment). */
export const CLOCK_NOTICE_TICK_MS = 250;

/** 快三 "3 5 6"; 六合彩 "03 12 19 27 33 41 + 49" (the seventh ball is the special). */
export function numbersText(type: LotteryType, result: readonly number[]): string {
  if (type === LOTTERY_TYPE.dice) return result.join(' ');
  const two = result.map((n) => String(n).padStart(2, '0'));
  return `${two.slice(0, -1).join(' ')} + ${two[two.length - 1]}`;
}

/**
 * Starts this instance's open/close notices and answers the listeners the scheduler pass tells of its
 * draws and settlements.
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
      if (clock.state === 'open') app.lotteryHub.deliverLotteryLocally(lottery.code, { sysmsg: 'open', content: fmt(LOTTERY_MSG.sysRoundOpen, { expect }), expect });
      else if (clock.state === 'closed') app.lotteryHub.deliverLotteryLocally(lottery.code, { sysmsg: 'close', content: fmt(LOTTERY_MSG.sysRoundClosed, { expect }), expect });
    }
    for (const code of seen.keys()) if (!local.has(code)) seen.delete(code);
  }, CLOCK_NOTICE_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const bigWinFen = LOTTERY_BIG_WIN_YUAN * 100;
  return {
    drawn: ({ lottery, expect, type, result }) => {
      const frame: SysMessage = { sysmsg: 'result', content: fmt(LOTTERY_MSG.sysRoundResult, { expect, numbers: numbersText(type, result) }), expect, extend: extendOf(type, result) };
      app.lotteryHub.publishLottery(lottery, frame);
    },
    settled: ({ memberId, roomId, expect, payoutFen }) => {
      if (payoutFen < bigWinFen) return;
      authorOf(app.kdb, memberId)
        .then((author) => {
          if (author) app.lotteryHub.publish(roomId, { sysmsg: 'bigwin', content: fmt(LOTTERY_MSG.sysBigWin, { author, expect, amount: fenToYuan(payoutFen) }), expect });
        })
        .catch((err) => app.log.warn({ err }, 'lottery: big win not announced'));
    },
  };
}
