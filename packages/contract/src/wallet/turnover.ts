import { HEDGED_SHARE_FLAG } from '../shared/constants.js';

/**
 * Valid bet (有效投注) = the stake at risk (DESIGN §5). It is what lowers the turnover requirement
 * (打码量), adds to VIP flow and feeds rebate, so a bet that cannot lose must not count:
 *
 * 1. A push counts 0: a line's own valid amount is its stake less whatever a push handed back
 *    (baccarat 庄/闲 on a tie: 0; dragon-tiger 龙/虎 on a tie: the lost half; 六合彩 特码两面 on 49: 0).
 * 2. Opposite sides of one market in one round count only their net exposure. A market is
 *    "opposed" when its sides exclude each other and together cover every result the market is
 *    decided on: 大/小, 单/双, 庄/闲, 龙/虎, over/under, the two sides of a handicap or of a
 *    two-way winner market, and the three sides of 1X2. When a member holds EVERY side of such a
 *    market in one round (several lines, bets or orders alike), m = the smallest side's total stake
 *    is hedged on each side: one of them pays back what the others lose, whatever the result. Only
 *    the stake beyond m is at risk, and it keeps the line's own push share:
 *        valid = ⌊(stake − hedged) × ownValid / stake⌋          (= stake − hedged without a push)
 *    For a two-way market without pushes that is |stakeA − stakeB|, the net exposure.
 *    Holding only some sides (主胜 + 客胜 without 平局) is real risk (the missing side loses them
 *    all) and counts in full. Sides that merely lose together on a third result (大 and 小 both
 *    lose on a 快三 triple, 庄/闲 push on a tie) are still opposed: a member who stakes both only
 *    buys that small chance of loss, not turnover.
 * 3. Lines of one side share the hedge in proportion to their stakes (whole fen; the remainder
 *    goes to the earliest lines), so the result depends only on the round's complete set of lines
 *    in a stable order: settle a round once all its bets are known, and recomputing it after a
 *    crash half-way gives every line the same figure again.
 *
 * Multi-number coverage (every 和值, all 49 特码, every 生肖 or 尾数, 连码 sets) is not netted here:
 * those pay differently per number, and covering them all loses the house margin on every round; a 连码
 * line (二全中, 三全中) is opposed to nothing.
 * The ledger never changes: payouts are what they are; only the turnover a line counts does.
 */

/** The market a line is one side of, when that market's sides are opposed (see above). */
export interface OpposedSide {
  /** The market within the round, e.g. `size` (大/小) or `1x2`; several markets may share a round. */
  market: string;
  /** This line's side, e.g. `big`. */
  side: string;
  /** How many sides the market has (2 for 大/小, 3 for 1X2): all of them must be held to hedge. */
  sides: number;
}

/** One line of a round: a stake on one option, as settled. */
export interface WagerLine {
  stakeFen: number;
  /** The line's own valid amount: its stake less whatever a push returned (0 ≤ validFen ≤ stakeFen). */
  validFen: number;
  /** Its side of an opposed market; absent or null for a line nothing can offset (和, 豹子, 和值 n). */
  opposed?: OpposedSide | null;
}

export interface NettedLine {
  /** Turnover the line counts. */
  validFen: number;
  /** Its stake offset by opposite sides in the same round (0 when none). */
  hedgedFen: number;
}

function assertLine(l: WagerLine): void {
  const ok = Number.isSafeInteger(l.stakeFen) && Number.isSafeInteger(l.validFen) && l.stakeFen >= 0 && l.validFen >= 0 && l.validFen <= l.stakeFen;
  if (!ok) throw new RangeError(`wager line: stake ${l.stakeFen}, valid ${l.validFen}`);
  if (l.opposed && !(Number.isSafeInteger(l.opposed.sides) && l.opposed.sides >= 2)) throw new RangeError(`wager line: market ${l.opposed.market} with ${l.opposed.sides} sides`);
}

/**
 * The valid amount and hedged stake of every line of ONE member's ONE round (same order as given).
 * Lines of other members or other rounds must not be mixed in.
 */
export function netRoundLines(lines: readonly WagerLine[]): NettedLine[] {
  const out: NettedLine[] = lines.map((l) => {
    assertLine(l);
    return { validFen: l.validFen, hedgedFen: 0 };
  });
  const markets = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (!l.opposed) return;
    const idx = markets.get(l.opposed.market) ?? [];
    idx.push(i);
    markets.set(l.opposed.market, idx);
  });
  for (const idx of markets.values()) {
    const sides = new Map<string, number[]>();
    for (const i of idx) {
      const side = lines[i]!.opposed!.side;
      sides.set(side, [...(sides.get(side) ?? []), i]);
    }
    const need = Math.max(...idx.map((i) => lines[i]!.opposed!.sides));
    if (sides.size < need) continue; // a side is missing: every line is at risk
    const stakeOf = (side: number[]) => side.reduce((s, i) => s + lines[i]!.stakeFen, 0);
    const hedged = Math.min(...[...sides.values()].map(stakeOf));
    if (hedged === 0) continue;
    for (const side of sides.values()) {
      for (const [i, h] of share(hedged, side.map((i) => lines[i]!.stakeFen)).map((h, k) => [side[k]!, h] as const)) {
        const l = lines[i]!;
        out[i] = { hedgedFen: h, validFen: l.validFen === l.stakeFen ? l.stakeFen - h : Number((BigInt(l.stakeFen - h) * BigInt(l.validFen)) / BigInt(l.stakeFen)) };
      }
    }
  }
  return out;
}

/** `amount` (≤ Σ stakes) split over the stakes in proportion, in whole fen, remainder to the earliest. */
function share(amount: number, stakes: readonly number[]): number[] {
  const total = stakes.reduce((a, b) => a + b, 0);
  const parts = stakes.map((s) => (total === 0 ? 0 : Number((BigInt(amount) * BigInt(s)) / BigInt(total))));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < parts.length && left > 0; k++) {
    const room = Math.min(left, stakes[k]! - parts[k]!);
    parts[k] = parts[k]! + room;
    left -= room;
  }
  return parts;
}

/** The totals of netRoundLines: what the round counts, and how much of its stake was hedged. */
export function netRound(lines: readonly WagerLine[]): NettedLine {
  return netRoundLines(lines).reduce((a, l) => ({ validFen: a.validFen + l.validFen, hedgedFen: a.hedgedFen + l.hedgedFen }), { validFen: 0, hedgedFen: 0 });
}

/** Whether a member's hedged share is high enough to flag (stake 0: never). */
export function hedgedShareFlagged(hedgedFen: number, stakeFen: number): boolean {
  return stakeFen > 0 && hedgedFen > HEDGED_SHARE_FLAG * stakeFen;
}
