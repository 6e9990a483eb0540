import { useEffect, useState } from 'react';
import { roundStateOf, type RoundState } from '@app/contract';

/** spec §9: the countdown ticks every 1 s. */
export const COUNTDOWN_TICK_MS = 1000;

/** Whole seconds left of a timeout received at `receivedAt` (ms), on the same rounding as the server (up). */
export function secondsLeft(timeoutS: number, receivedAt: number, nowMs: number): number {
  return timeoutS - Math.floor((nowMs - receivedAt) / 1000);
}

/**
 * The open round's countdown (spec §4 lottery round): seconds left, ticking every second from the
 * room's timeout, and the state it gives (open above ftime, 封盘 at or below, 开奖中 at 0 or below).
 * `onExpired` runs once the countdown drops below 0 (the room is then reloaded).
 */
export function useRoundClock(timeoutS: number, ftimeS: number, receivedAt: number, onExpired: () => void): { left: number; state: RoundState } {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Each tick lands just after a whole second since the answer, so the shown second never lags a tick.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      timer = setTimeout(tick, COUNTDOWN_TICK_MS - ((t - receivedAt) % COUNTDOWN_TICK_MS) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [receivedAt]);
  const left = secondsLeft(timeoutS, receivedAt, now);
  const expired = left < 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, receivedAt]);
  return { left, state: roundStateOf(left, ftimeS) };
}

/** mm:ss of a count of seconds (never negative). */
export function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
