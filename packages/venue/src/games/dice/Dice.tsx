import type { VenueDiceOutcome, VenueTableInfo } from '@app/contract';
import type { GameProps } from '../types';
import { TableGame, type TableSpec } from '../table/TableGame';
import { Die } from './DiceFace';
import { DICE_NAMES, diceReading } from './reading';

const TONE = { big: '#d62839', small: '#1d6fe0', odd: '#e8a317', even: '#8338ec', triple: '#1f9d55' };

/** Steps: 1 the cup lifts, 2–4 the dice land one by one. */
const STEPS = 4;

function DiceTable({ o, step, busy }: { o: VenueDiceOutcome | null; step: number; busy: boolean }) {
  const lifted = !!o && step >= 1;
  const final = !!o && step >= STEPS;
  return (
    <div className="dice-table">
      <div className="dice-dish">
        {o && lifted && (
          <div className="dice-row">
            {o.dice.map((v, i) => (
              <Die key={i} index={i} value={v} landed={step >= i + 2} />
            ))}
          </div>
        )}
        <div className={`dice-cup${lifted ? ' lifted' : busy ? ' shaking' : ''}`} aria-hidden="true">
          <span className="cup-knob" />
          <span className="cup-rim" />
        </div>
      </div>
      <div className={`dice-sum${final ? ' shown' : ''}`} data-testid="dice-sum">
        {final ? (
          <>
            <span className="dice-eq">
              {o.dice.join(' + ')} = <b>{o.sum}</b>
            </span>
            {diceReading(o).map((t) => (
              <em key={t} className={`dice-tag${o.triple ? ' triple' : ''}`}>
                {t}
              </em>
            ))}
          </>
        ) : (
          !busy && <span className="dice-eq muted">三颗骰子 · 和值 3–18 · 开出豹子通杀大小单双</span>
        )}
      </div>
    </div>
  );
}

const spec: TableSpec<VenueDiceOutcome> = {
  spots: [
    { id: 'small', tone: TONE.small, sub: '3–10' },
    { id: 'triple', tone: TONE.triple, sub: '三同号' },
    { id: 'big', tone: TONE.big, sub: '11–18' },
    { id: 'odd', tone: TONE.odd, sub: '奇数' },
    { id: 'even', tone: TONE.even, sub: '偶数' },
  ],
  layout: 'dice',
  steps: () => STEPS,
  stepMs: 520,
  renderDeal: (o, step, busy) => <DiceTable o={o} step={step} busy={busy} />,
  // The lines carry only the options staked; a spot without a stake is lit by the throw's reading.
  won: (o, id) => (id === 'triple' ? o.triple : !o.triple && diceReading(o).includes(DICE_NAMES[id] ?? '')),
  headline: (o) => (o.triple ? `豹子 ${o.dice[0]}·${o.dice[1]}·${o.dice[2]}` : `${o.sum}点 ${diceReading(o).join('·')}`),
  bead: (o) => (o.triple ? { text: '豹', tone: TONE.triple } : { text: String(o.sum), tone: o.sum >= 11 ? TONE.big : TONE.small }),
  verbs: { start: '摇骰', busy: '摇骰中…' },
};

export default function Dice(props: GameProps<VenueTableInfo>) {
  return <TableGame {...props} spec={spec} />;
}
