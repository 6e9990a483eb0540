import { roundStateOf, type RoundState } from '@app/contract';

/**
 * Round numbering and timing of a lottery (spec §3 draw data, §4 lottery round), pure: the clock is an
 * argument.
 *
 * Scheme: each Beijing day (UTC+8, 00:00–24:00) is cut into 86400 / intervalS rounds (intervalS must
 * divide 86400, at most 9999 rounds a day). Round i (1-based) of day D draws at D 00:00 + i × intervalS
 * Beijing time, so the last round of a day draws at the next midnight. Its expect is D as yyyyMMdd
 * followed by i in 4 digits: with a 60 s interval, '202611220001' draws at 00:01:00 Beijing and
 * '202611221440' at 24:00:00. A round opens when the previous one draws; betting closes ftimeS seconds
 * before its draw (封盘) and the draw happens at its draw time.
 *
 * The current round at a clock time is the first round whose draw time is at or after it: exactly at a
 * draw time that round is at timeout 0 (开奖中), one millisecond later the next round is current.
 * timeout is whole seconds to the draw, rounded up, so it reaches ftime exactly when 封盘 begins.
 */

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const EXPECT = /^(\d{4})(\d{2})(\d{2})(\d{4})$/;

export interface LotterySchedule {
  intervalS: number;
  /** Seconds before the draw when betting closes; 0 < ftimeS < intervalS. */
  ftimeS: number;
}

export interface Round {
  expect: string;
  /** When the round opens (the previous round's draw time), epoch ms. */
  opensAtMs: number;
  /** When betting closes (drawAtMs − ftimeS), epoch ms. */
  closesAtMs: number;
  drawAtMs: number;
}

export function checkSchedule(s: LotterySchedule): void {
  const { intervalS, ftimeS } = s;
  if (!Number.isInteger(intervalS) || intervalS < 1 || 86_400 % intervalS !== 0 || 86_400 / intervalS > 9999) {
    throw new RangeError(`interval must divide a day into at most 9999 rounds: ${intervalS}`);
  }
  if (!Number.isInteger(ftimeS) || ftimeS <= 0 || ftimeS >= intervalS) throw new RangeError(`ftime must be in (0, interval): ${ftimeS}`);
}

function roundDrawingAt(s: LotterySchedule, drawAtMs: number): Round {
  const intervalMs = s.intervalS * 1000;
  const local = drawAtMs + BEIJING_OFFSET_MS;
  const dayStartLocal = Math.floor((local - intervalMs) / DAY_MS) * DAY_MS;
  const index = (local - dayStartLocal) / intervalMs;
  const day = new Date(dayStartLocal).toISOString().slice(0, 10).replace(/-/g, '');
  return { expect: `${day}${String(index).padStart(4, '0')}`, opensAtMs: drawAtMs - intervalMs, closesAtMs: drawAtMs - s.ftimeS * 1000, drawAtMs };
}

/** The current round at `nowMs`: the first whose draw time is at or after it. */
export function roundAt(s: LotterySchedule, nowMs: number): Round {
  checkSchedule(s);
  const intervalMs = s.intervalS * 1000;
  const local = nowMs + BEIJING_OFFSET_MS;
  const drawLocal = Math.ceil(local / intervalMs) * intervalMs;
  return roundDrawingAt(s, drawLocal - BEIJING_OFFSET_MS);
}

/** The round numbered `expect`, or null when it is not a round of this schedule. */
export function roundOf(s: LotterySchedule, expect: string): Round | null {
  checkSchedule(s);
  const m = EXPECT.exec(expect);
  if (!m) return null;
  const [y, mo, d, i] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  const dayStartUtc = Date.UTC(y, mo - 1, d);
  const check = new Date(dayStartUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  if (i < 1 || i > 86_400 / s.intervalS) return null;
  return roundDrawingAt(s, dayStartUtc - BEIJING_OFFSET_MS + i * s.intervalS * 1000);
}

export function previousRound(s: LotterySchedule, round: Round): Round {
  return roundDrawingAt(s, round.drawAtMs - s.intervalS * 1000);
}
export function nextRound(s: LotterySchedule, round: Round): Round {
  return roundDrawingAt(s, round.drawAtMs + s.intervalS * 1000);
}

/** Whole seconds until the round's draw, rounded up (negative once the draw time has passed). */
export function timeoutOf(round: Round, nowMs: number): number {
  return Math.ceil((round.drawAtMs - nowMs) / 1000);
}

/** The round's state at `nowMs` (spec §4): open above ftime, closed (封盘) at or below ftime and above 0, drawing at 0 or below. */
export function stateOf(s: LotterySchedule, round: Round, nowMs: number): RoundState {
  return roundStateOf(timeoutOf(round, nowMs), s.ftimeS);
}

/** Whether an order for `expect` may be placed at `nowMs`: the round exists and is open. */
export function bettingOpen(s: LotterySchedule, expect: string, nowMs: number): boolean {
  const round = roundOf(s, expect);
  return round !== null && round.opensAtMs < nowMs && stateOf(s, round, nowMs) === 'open';
}

/**
 * The room's nowdata clock part (spec §3): expect is the last round to draw (the one before the current),
 * nextexpect the current round, timeout its seconds to draw, and its state.
 */
export function clockAt(s: LotterySchedule, nowMs: number): { expect: string; nextexpect: string; timeout: number; state: RoundState; round: Round } {
  const round = roundAt(s, nowMs);
  const timeout = timeoutOf(round, nowMs);
  return { expect: previousRound(s, round).expect, nextexpect: round.expect, timeout, state: roundStateOf(timeout, s.ftimeS), round };
}
