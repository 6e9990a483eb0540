import type { Rng } from './rng.js';

/** A playing card: rank 1 (A) … 13 (K), suit 0 ♠ 1 ♥ 2 ♣ 3 ♦. */
export interface Card {
  rank: number;
  suit: number;
}

export const SUIT_NAMES = ['黑桃', '红桃', '梅花', '方块'] as const;
export const RANK_LABELS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export const SHOE_DECKS = 8;

/** "红桃K": the card as the UI and the bet record show it. */
export function cardLabel(c: Card): string {
  return `${SUIT_NAMES[c.suit]}${RANK_LABELS[c.rank]}`;
}

/**
 * A freshly shuffled shoe of `decks` full 52-card decks, dealt without replacement. The shuffle is a
 * Fisher–Yates done lazily (only the dealt positions are drawn, swaps kept in a map), so dealing k cards
 * costs k draws and every ordering of the shoe is equally likely.
 */
export class Shoe {
  private readonly size: number;
  private dealt = 0;
  private readonly swapped = new Map<number, number>();

  constructor(
    private readonly rng: Rng,
    decks = SHOE_DECKS,
  ) {
    this.size = 52 * decks;
  }

  get remaining(): number {
    return this.size - this.dealt;
  }

  draw(): Card {
    if (this.dealt >= this.size) throw new Error('shoe exhausted');
    const at = this.dealt + this.rng.int(this.size - this.dealt);
    const card = this.swapped.get(at) ?? at;
    this.swapped.set(at, this.swapped.get(this.dealt) ?? this.dealt);
    this.dealt++;
    // Card index i: rank i mod 13, suit (i div 13) mod 4, deck i div 52 (decks are identical).
    return { rank: (card % 13) + 1, suit: Math.floor(card / 13) % 4 };
  }
}

/**
 * For tests: the rng values (see scriptedRng) that make a fresh Shoe deal exactly `cards`, in order.
 * Each card must still be in the shoe (at most `decks` copies of a rank and suit).
 */
export function shoeScript(cards: readonly Card[], decks = SHOE_DECKS): number[] {
  const size = 52 * decks;
  const order = Array.from({ length: size }, (_, i) => i);
  const out: number[] = [];
  cards.forEach((want, dealt) => {
    let at = -1;
    for (let i = dealt; i < size; i++) {
      const c = order[i]!;
      if ((c % 13) + 1 === want.rank && Math.floor(c / 13) % 4 === want.suit) {
        at = i;
        break;
      }
    }
    if (at < 0) throw new Error(`no ${cardLabel(want)} left in the shoe`);
    [order[dealt], order[at]] = [order[at]!, order[dealt]!];
    out.push(at - dealt);
  });
  return out;
}
