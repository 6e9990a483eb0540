import { isRecord, payFen, stakeError, type Checked, type ElectronicProvider, type GameDefinition, type InstantGame, type PlayResult } from '../types.js';
import type { Rng } from '../rng.js';

/**
 * Reel slots. A machine has `reels.length` reels, each a circular strip of symbol keys (one character
 * per stop), and shows `rows` rows. A spin picks one stop per reel uniformly (rng.int(strip length));
 * reel r shows strip[(stop + row) mod length] in row 0 (top) … rows−1.
 *
 * Pays, all from the paytable:
 * - Lines: each payline names one row per reel. A line pays for a run of the same symbol from the
 *   leftmost reel (`pays[symbol][runLength]`, in line bets). The wild substitutes for every normal symbol
 *   (not the scatter); a line pays the better of its leading wilds' own pay and the substituted run's pay.
 * - Scatter: counted anywhere in the window, pays `scatterPays[n]` times the total stake for the largest
 *   listed n not above the count.
 *
 * The stake of a spin is the total over all lines (line bet = stake / lines). Win in line-bet units
 * W = Σ line pays + lines × scatter pay; payout = ⌊stake × W / lines⌋ fen, exact whenever the stake is a
 * multiple of the line count (every machine's line count divides 100, so whole-yuan stakes are exact).
 * RTP = E[W] / lines = E[one line's pay] + E[scatter pay]: a line's symbols on the reels are independent
 * and distributed as the strips' symbol counts, which is how the test computes it exactly.
 */
export interface SlotSymbol {
  /** One character, used in the strips and the paytable. */
  key: string;
  /** Chinese label shown on the reel (no emoji; the UI draws a coloured tile with it). */
  label: string;
  color: string;
  kind?: 'wild' | 'scatter';
}

export interface SlotMachine {
  code: string;
  name: string;
  provider: ElectronicProvider;
  /** Theme word and UI colours (background gradient, accent). */
  theme: { name: string; background: [string, string]; accent: string };
  rows: number;
  /** One string per reel; each character a symbol key at that stop. */
  reels: readonly string[];
  /** Paylines: one row index per reel. */
  lines: readonly (readonly number[])[];
  symbols: readonly SlotSymbol[];
  /** Line pays by run length, in line bets. */
  pays: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** Scatter pays by count in the window ("n or more"), in total stakes. */
  scatterPays?: Readonly<Record<number, number>>;
  /** Stated RTP, written as the exact fraction the test proves. */
  rtp: number;
  maxStakeFen: number;
  rules: string;
}

export interface LineWin {
  /** Index into machine.lines. */
  line: number;
  symbol: string;
  count: number;
  /** In line bets. */
  pays: number;
}

export interface SlotOutcome {
  stops: number[];
  /** window[reel][row], symbol keys. */
  window: string[][];
  lineWins: LineWin[];
  scatter: { count: number; pays: number } | null;
  /** Total win in line-bet units (W above). */
  winUnits: number;
}

export interface SlotBet {
  stakeFen: number;
}

export function windowAt(m: SlotMachine, stops: readonly number[]): string[][] {
  return m.reels.map((strip, r) => {
    const col: string[] = [];
    for (let row = 0; row < m.rows; row++) col.push(strip[(stops[r]! + row) % strip.length]!);
    return col;
  });
}

/** Kind of each symbol key, for the evaluators. */
function kinds(m: SlotMachine): Map<string, 'wild' | 'scatter' | 'normal'> {
  return new Map(m.symbols.map((s) => [s.key, s.kind ?? 'normal']));
}
const kindCache = new WeakMap<SlotMachine, Map<string, 'wild' | 'scatter' | 'normal'>>();
function kindOf(m: SlotMachine, key: string): 'wild' | 'scatter' | 'normal' {
  let k = kindCache.get(m);
  if (!k) kindCache.set(m, (k = kinds(m)));
  return k.get(key) ?? 'normal';
}

/** The pay of one line reading `symbols` (left to right), or null when it pays nothing. */
export function lineWin(m: SlotMachine, symbols: readonly string[]): { symbol: string; count: number; pays: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && kindOf(m, symbols[wilds]!) === 'wild') wilds++;
  let best: { symbol: string; count: number; pays: number } | null = null;
  if (wilds > 0) {
    const pays = m.pays[symbols[0]!]?.[wilds] ?? 0;
    if (pays > 0) best = { symbol: symbols[0]!, count: wilds, pays };
  }
  if (wilds < symbols.length) {
    const target = symbols[wilds]!;
    if (kindOf(m, target) === 'normal') {
      let count = wilds + 1;
      while (count < symbols.length && (symbols[count] === target || kindOf(m, symbols[count]!) === 'wild')) count++;
      const pays = m.pays[target]?.[count] ?? 0;
      if (pays > 0 && (!best || pays > best.pays)) best = { symbol: target, count, pays };
    }
  }
  return best;
}

/** Scatter pay (in total stakes) for a window. */
export function scatterWin(m: SlotMachine, window: readonly (readonly string[])[]): { count: number; pays: number } | null {
  if (!m.scatterPays) return null;
  let count = 0;
  for (const col of window) for (const s of col) if (kindOf(m, s) === 'scatter') count++;
  const pays = scatterPaysFor(m, count);
  return pays > 0 ? { count, pays } : null;
}

/** The scatter pay for `count` scatters: the entry of the largest listed count not above it (so more never pays less). */
export function scatterPaysFor(m: SlotMachine, count: number): number {
  let pays = 0;
  let best = -1;
  for (const [k, v] of Object.entries(m.scatterPays ?? {})) {
    if (Number(k) <= count && Number(k) > best) {
      best = Number(k);
      pays = v;
    }
  }
  return pays;
}

/** Everything a window pays. */
export function evaluate(m: SlotMachine, stops: readonly number[]): SlotOutcome {
  const window = windowAt(m, stops);
  const lineWins: LineWin[] = [];
  let winUnits = 0;
  m.lines.forEach((rows, line) => {
    const w = lineWin(
      m,
      rows.map((row, reel) => window[reel]![row]!),
    );
    if (w) {
      lineWins.push({ line, ...w });
      winUnits += w.pays;
    }
  });
  const scatter = scatterWin(m, window);
  if (scatter) winUnits += scatter.pays * m.lines.length;
  return { stops: [...stops], window, lineWins, scatter, winUnits };
}

export function slotDefinition(m: SlotMachine): GameDefinition {
  return { code: m.code, kind: 'slot', name: m.name, category: 'concise', provider: m.provider, rtp: m.rtp, rules: m.rules, maxStakeFen: m.maxStakeFen };
}

/** The machine as a playable game: validate `{ stakeFen }`, spin. */
export function slotGame(m: SlotMachine): InstantGame<SlotBet, SlotOutcome> & { machine: SlotMachine } {
  return {
    machine: m,
    definition: slotDefinition(m),
    validate(input: unknown): Checked<SlotBet> {
      const stakeFen = isRecord(input) ? input.stakeFen : undefined;
      const err = stakeError(stakeFen, m.maxStakeFen);
      return err ? { ok: false, message: err } : { ok: true, bet: { stakeFen: stakeFen as number } };
    },
    play(rng: Rng, bet: SlotBet): PlayResult<SlotOutcome> {
      const outcome = evaluate(
        m,
        m.reels.map((strip) => rng.int(strip.length)),
      );
      return { stakeFen: bet.stakeFen, payoutFen: payFen(bet.stakeFen, outcome.winUnits, m.lines.length), validFen: bet.stakeFen, outcome };
    },
  };
}

/** Standard 5×3 paylines (row per reel, 0 top); machines take the first 10, 20 or 25. */
export const LINES_5X3: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 1, 2, 0],
  [2, 0, 1, 0, 2],
];

/** 3×3: the three rows and the two diagonals. */
export const LINES_3X3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];
