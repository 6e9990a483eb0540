import type { VenueCard } from '@app/contract';

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♣', '♦'];
const SUIT_NAMES = ['黑桃', '红桃', '梅花', '方块'];

export const cardText = (c: VenueCard): string => `${SUIT_NAMES[c.suit]}${RANKS[c.rank]}`;

/** A playing card that flips face up when `shown` turns true. */
export function PlayingCard({ card, shown, sideways }: { card: VenueCard | null; shown: boolean; sideways?: boolean }) {
  const red = card ? card.suit === 1 || card.suit === 3 : false;
  return (
    <div className={`pcard${shown && card ? ' flipped' : ''}${sideways ? ' sideways' : ''}`} aria-label={card && shown ? cardText(card) : '未翻开'}>
      <div className="pcard-inner">
        <div className="pcard-back" />
        <div className={`pcard-face${red ? ' red' : ''}`}>
          {card && (
            <>
              <span className="pc-corner">
                {RANKS[card.rank]}
                <br />
                {SUITS[card.suit]}
              </span>
              <span className="pc-suit">{SUITS[card.suit]}</span>
              <span className="pc-corner br">
                {RANKS[card.rank]}
                <br />
                {SUITS[card.suit]}
              </span>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
