import type { VenueCard, VenueDragonTigerOutcome, VenueTableInfo } from '@app/contract';
import type { CSSProperties } from 'react';
import { PlayingCard } from '../cards';
import type { GameProps } from '../types';
import { TableGame, type TableSpec } from './TableGame';

const RANK = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function Side({ label, sub, tone, card, shown, win }: { label: string; sub: string; tone: string; card: VenueCard | null; shown: boolean; win: boolean }) {
  return (
    <div className={`dt-side${win ? ' win' : ''}`} style={{ '--tone': tone } as CSSProperties}>
      <div className="dt-emblem">
        <b>{label}</b>
        <small>{sub}</small>
      </div>
      {card && shown ? <PlayingCard card={card} shown /> : <div className="card-slot" />}
      <span className="hand-points">{card && shown ? RANK[card.rank] : '—'}</span>
    </div>
  );
}

const WINNER: Record<string, string> = { dragon: '龙赢', tiger: '虎赢', tie: '和局' };
const BEAD: Record<string, { text: string; tone: string }> = { dragon: { text: '龙', tone: '#d62839' }, tiger: { text: '虎', tone: '#e8a317' }, tie: { text: '和', tone: '#1f9d55' } };

const spec: TableSpec<VenueDragonTigerOutcome> = {
  spots: [
    { id: 'dragon', tone: '#d62839' },
    { id: 'tie', tone: '#1f9d55' },
    { id: 'tiger', tone: '#e8a317' },
  ],
  steps: () => 2,
  won: (o, id) => o.winner === id,
  headline: (o) => WINNER[o.winner],
  bead: (o) => BEAD[o.winner]!,
  verbs: { start: '发牌', busy: '发牌中…' },
  renderDeal: (o, step) => {
    const final = !!o && step >= 2;
    return (
      <div className="hands dt">
        <Side label="龙" sub="DRAGON" tone="#d62839" card={o?.dragon ?? null} shown={step >= 1} win={final && o!.winner === 'dragon'} />
        <div className="vs">VS</div>
        <Side label="虎" sub="TIGER" tone="#e8a317" card={o?.tiger ?? null} shown={step >= 2} win={final && o!.winner === 'tiger'} />
      </div>
    );
  },
};

export default function DragonTiger(props: GameProps<VenueTableInfo>) {
  return <TableGame {...props} spec={spec} />;
}
