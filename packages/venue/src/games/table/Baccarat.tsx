import type { VenueBaccaratOutcome, VenueCard, VenueTableInfo } from '@app/contract';
import type { CSSProperties } from 'react';
import { PlayingCard } from '../cards';
import type { GameProps } from '../types';
import { TableGame, type TableSpec } from './TableGame';

/** Deal order: 闲, 庄, 闲, 庄, then the third cards (闲 first) as the drawing rules gave them. */
function order(o: VenueBaccaratOutcome): { side: 'player' | 'banker'; index: number }[] {
  const seq: { side: 'player' | 'banker'; index: number }[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (o.player.length > 2) seq.push({ side: 'player', index: 2 });
  if (o.banker.length > 2) seq.push({ side: 'banker', index: 2 });
  return seq;
}

const points = (cards: VenueCard[]) => cards.reduce((a, c) => a + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

function Hand({ label, tone, cards, shown, final, win }: { label: string; tone: string; cards: VenueCard[]; shown: number; final: boolean; win: boolean }) {
  const visible = cards.slice(0, shown);
  return (
    <div className={`hand${win ? ' win' : ''}`} style={{ '--tone': tone } as CSSProperties}>
      <div className="hand-head">
        <b>{label}</b>
        <span className="hand-points">{visible.length > 0 ? `${points(visible)}点` : '—'}</span>
      </div>
      <div className="hand-cards">
        {[0, 1, 2].map((i) =>
          i < shown ? (
            <PlayingCard key={i} card={cards[i]!} shown sideways={i === 2} />
          ) : (
            <div key={i} className={`card-slot${i === 2 ? ' sideways' : ''}`} />
          ),
        )}
      </div>
      {final && win && <span className="hand-flag">胜</span>}
    </div>
  );
}

const WINNER: Record<string, string> = { banker: '庄赢', player: '闲赢', tie: '和局' };
const BEAD: Record<string, { text: string; tone: string }> = { banker: { text: '庄', tone: '#d62839' }, player: { text: '闲', tone: '#1d6fe0' }, tie: { text: '和', tone: '#1f9d55' } };

const spec: TableSpec<VenueBaccaratOutcome> = {
  spots: [
    { id: 'player', tone: '#1d6fe0' },
    { id: 'tie', tone: '#1f9d55' },
    { id: 'banker', tone: '#d62839' },
  ],
  steps: (o) => order(o).length,
  won: (o, id) => o.winner === id,
  headline: (o) => WINNER[o.winner],
  bead: (o) => BEAD[o.winner]!,
  verbs: { start: '发牌', busy: '发牌中…' },
  renderDeal: (o, step) => {
    const seq = o ? order(o) : [];
    const shownOf = (side: 'player' | 'banker') => seq.slice(0, step).filter((s) => s.side === side).length;
    const final = !!o && step >= seq.length;
    return (
      <div className="hands">
        <Hand label="闲 PLAYER" tone="#1d6fe0" cards={o?.player ?? []} shown={shownOf('player')} final={final} win={final && o!.winner === 'player'} />
        <div className="vs">VS</div>
        <Hand label="庄 BANKER" tone="#d62839" cards={o?.banker ?? []} shown={shownOf('banker')} final={final} win={final && o!.winner === 'banker'} />
      </div>
    );
  },
};

export default function Baccarat(props: GameProps<VenueTableInfo>) {
  return <TableGame {...props} spec={spec} />;
}
