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
const MAX_ROUNDS_A_DAY = 9999;

/**
 * Where a timing took over: the round drawing at `atMs` is number `index` of its Beijing day, and the
 * timing's rounds follow it every interval. `atMs` lies on the day-start grid of both the timing it
 * replaced and its own, so on later days the timing's rounds are again numbered from 00:00.
 */
export interface ScheduleAnchor {
  atMs: number;
  index: number;
}

export interface LotteryTiming {
  intervalS: number;
  /** Seconds before the draw when betting closes; 0 < ftimeS < intervalS. */
  ftimeS: number;
  /** none: numbered from each day's 00:00 since always */
  anchor?: ScheduleAnchor | null;
}

export interface LotterySchedule extends LotteryTiming {
  /**
   * The timing this one replaced, for the rounds drawing at or before `anchor.atMs` (a change of
   * interval or ftime takes effect after a round boundary, never inside a round that is open).
   */
  earlier?: LotteryTiming | null;
}

export interface Round {
  expect: string;
  /** When the round opens (the previous round's draw time), epoch ms. */
  opensAtMs: number;
  /** When betting closes (drawAtMs − ftimeS), epoch ms. */
  closesAtMs: number;
  drawAtMs: number;
  /** its timing's ftime (the seconds of 封盘 before its draw) */
  ftimeS: number;
}

export function checkTiming(t: LotteryTiming): void {
  const { intervalS, ftimeS } = t;
  if (!Number.isInteger(intervalS) || intervalS < 1 || 86_400 % intervalS !== 0 || 86_400 / intervalS > MAX_ROUNDS_A_DAY) {
    throw new RangeError(`interval must divide a day into at most 9999 rounds: ${intervalS}`);
  }
  if (!Number.isInteger(ftimeS) || ftimeS <= 0 || ftimeS >= intervalS) throw new RangeError(`ftime must be in (0, interval): ${ftimeS}`);
}

export function checkSchedule(s: LotterySchedule): void {
  checkTiming(s);
  if (s.earlier) checkTiming(s.earlier);
}

/** The Beijing day a draw time belongs to, as the UTC ms of its 00:00 (a draw at 24:00 ends its day). */
function dayStartOf(drawAtMs: number): number {
  return Math.floor((drawAtMs + BEIJING_OFFSET_MS - 1) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
}

/** The timing a round drawing at `drawAtMs` follows. */
function timingAt(s: LotterySchedule, drawAtMs: number): LotteryTiming {
  return s.earlier && s.anchor && drawAtMs <= s.anchor.atMs ? s.earlier : s;
}

/** The number in its day of the round drawing at `drawAtMs` under timing `t`. */
function indexOf(t: LotteryTiming, drawAtMs: number): number {
  const dayStart = dayStartOf(drawAtMs);
  const intervalMs = t.intervalS * 1000;
  if (t.anchor && t.anchor.atMs > dayStart && t.anchor.atMs <= drawAtMs) return t.anchor.index + (drawAtMs - t.anchor.atMs) / intervalMs;
  return (drawAtMs - dayStart) / intervalMs;
}

function roundDrawingAt(s: LotterySchedule, drawAtMs: number): Round {
  const t = timingAt(s, drawAtMs);
  const day = new Date(dayStartOf(drawAtMs) + BEIJING_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
  const index = indexOf(t, drawAtMs);
  return { expect: `${day}${String(index).padStart(4, '0')}`, opensAtMs: drawAtMs - t.intervalS * 1000, closesAtMs: drawAtMs - t.ftimeS * 1000, drawAtMs, ftimeS: t.ftimeS };
}

/** The current round at `nowMs`: the first whose draw time is at or after it. */
export function roundAt(s: LotterySchedule, nowMs: number): Round {
  checkSchedule(s);
  // Every draw lies on its timing's grid from the Beijing day's 00:00 (anchors are on both grids).
  const t = s.earlier && s.anchor && nowMs <= s.anchor.atMs ? s.earlier : s;
  const intervalMs = t.intervalS * 1000;
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
  if (i < 1) return null;
  const dayStart = dayStartUtc - BEIJING_OFFSET_MS;
  const dayEnd = dayStart + DAY_MS;
  // Each timing numbers from 00:00, or onwards from its anchor on the anchor's own day.
  const candidates = [s, ...(s.earlier && s.anchor ? [s.earlier] : [])].map((t) => {
    const intervalMs = t.intervalS * 1000;
    const anchored = t.anchor && t.anchor.atMs > dayStart && t.anchor.atMs < dayEnd ? t.anchor : null;
    return anchored ? anchored.atMs + (i - anchored.index) * intervalMs : dayStart + i * intervalMs;
  });
  for (const drawAtMs of candidates) {
    if (drawAtMs <= dayStart || drawAtMs > dayEnd) continue;
    const round = roundDrawingAt(s, drawAtMs);
    if (round.expect === expect) return round;
  }
  return null;
}

export function previousRound(s: LotterySchedule, round: Round): Round {
  return roundDrawingAt(s, round.opensAtMs);
}
export function nextRound(s: LotterySchedule, round: Round): Round {
  const t = s.earlier && s.anchor && round.drawAtMs < s.anchor.atMs ? s.earlier : s;
  return roundDrawingAt(s, round.drawAtMs + t.intervalS * 1000);
}

/**
 * Where a change of timing from `s` to `next` (interval and ftime) takes over, decided at `nowMs`:
 * after the current round, at the first draw that lies on both intervals' grids (so every later day
 * still starts at 00:00 and ends at 24:00), at the latest at the next midnight. The current round and
 * those before the anchor keep their timing; none is dropped or numbered twice.
 */
export function scheduleChange(s: LotterySchedule, next: { intervalS: number; ftimeS: number }, nowMs: number): LotterySchedule {
  checkSchedule(s);
  checkTiming(next);
  const cur = roundAt(s, nowMs);
  const base: LotteryTiming = timingAt(s, cur.drawAtMs);
  const step = lcm(base.intervalS, next.intervalS) * 1000;
  const dayStart = dayStartOf(cur.drawAtMs);
  let atMs = dayStart + Math.ceil((cur.drawAtMs - dayStart) / step) * step;
  // Past the day's end, or more rounds than a day's numbers hold: the next midnight.
  const at = roundDrawingAt(s, Math.min(atMs, dayStart + DAY_MS));
  let index = Number(at.expect.slice(8));
  if (atMs >= dayStart + DAY_MS || index + (dayStart + DAY_MS - atMs) / (next.intervalS * 1000) > MAX_ROUNDS_A_DAY) {
    atMs = dayStart + DAY_MS;
    index = Number(roundDrawingAt(s, atMs).expect.slice(8));
  }
  const earlier: LotteryTiming = { intervalS: base.intervalS, ftimeS: base.ftimeS, anchor: base.anchor ?? null };
  return { intervalS: next.intervalS, ftimeS: next.ftimeS, anchor: { atMs, index }, earlier };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

/** Whole seconds until the round's draw, rounded up (negative once the draw time has passed). */
export function timeoutOf(round: Round, nowMs: number): number {
  return Math.ceil((round.drawAtMs - nowMs) / 1000);
}

/** The round's state at `nowMs` (spec §4): open above ftime, closed (封盘) at or below ftime and above 0, drawing at 0 or below. */
export function stateOf(_s: LotterySchedule, round: Round, nowMs: number): RoundState {
  return roundStateOf(timeoutOf(round, nowMs), round.ftimeS);
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
  return { expect: previousRound(s, round).expect, nextexpect: round.expect, timeout, state: roundStateOf(timeout, round.ftimeS), round };
}
