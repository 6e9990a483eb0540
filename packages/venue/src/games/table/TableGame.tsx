import { useState, type CSSProperties, type ReactNode } from 'react';
import { moneyTone } from '@app/browser';
import { MSG, fmt, type VenuePlayResult, type VenueTableInfo, type VenueTableLine } from '@app/contract';
import { api, errorText } from '../../api';
import { addYuan, chipLabel, money, signed } from '../../money';
import { motionMs } from '../../motion';
import { toast } from '../../shell/toast';
import type { GameProps } from '../types';

/**
 * The felt, chips, bet spots, result banner and road shared by the table games (baccarat, dragon-tiger,
 * 快三骰宝). The server deals or throws; `renderDeal` draws the outcome up to `step`, and the round ends
 * after `steps(outcome)` steps.
 */
export interface TableSpec<Outcome> {
  /** Spot order on the felt with each spot's colour and an optional small line under its payout. */
  spots: { id: string; tone: string; sub?: string }[];
  /** Extra class of the spots grid (its layout), e.g. `dice`. */
  layout?: string;
  steps: (o: Outcome) => number;
  /** Milliseconds per step (650 by default). */
  stepMs?: number;
  /** `busy`: the round is under way (the server may not have answered yet: `o` null). */
  renderDeal: (o: Outcome | null, step: number, busy: boolean) => ReactNode;
  /** Whether spot `id` won this round (several spots can win one round). */
  won: (o: Outcome, id: string) => boolean;
  /** The result banner's headline (庄赢, 14点 大·双 …). */
  headline: (o: Outcome) => ReactNode;
  /** A bead of the road (history strip): label and colour. */
  bead: (o: Outcome) => { text: string; tone: string };
  /** The round button and its busy text: 发牌 / 发牌中…, 摇骰 / 摇骰中…. */
  verbs: { start: string; busy: string };
}

const STEP_MS = 650;
const CHIP_TONES = ['#4d96ff', '#2ec4b6', '#e63946', '#8338ec', '#f77f00', '#111', '#d4a017'];

export function TableGame<Outcome extends { lines: VenueTableLine[] }>({ info, afterBet, spec }: GameProps<VenueTableInfo> & { spec: TableSpec<Outcome> }) {
  const [chip, setChip] = useState(info.chips[Math.min(1, info.chips.length - 1)]!);
  const [stakes, setStakes] = useState<Record<string, number>>({});
  const [last, setLast] = useState<Record<string, number>>({});
  const [round, setRound] = useState<{ outcome: Outcome; res: VenuePlayResult } | null>(null);
  const [step, setStep] = useState(0);
  const [phase, setPhase] = useState<'bet' | 'deal' | 'done'>('bet');
  const [road, setRoad] = useState<{ text: string; tone: string }[]>([]);
  const total = Object.values(stakes).reduce((a, b) => addYuan(a, b), 0);
  const option = (id: string) => info.options.find((o) => o.id === id)!;

  const place = (id: string) => {
    if (phase === 'deal') return;
    // A new round's first chip clears the last round's bets (「再来一局」 repeats them instead).
    const base = phase === 'done' ? {} : stakes;
    if (phase === 'done') {
      setPhase('bet');
      setRound(null);
      setStep(0);
    }
    const next = addYuan(base[id] ?? 0, chip);
    if (next > info.max_stake) {
      toast(fmt(MSG.gameStakeMax, { max: info.max_stake }), 'error');
      return;
    }
    setStakes({ ...base, [id]: next });
  };

  const deal = async () => {
    if (phase === 'deal') return;
    const bet = phase === 'done' && total === 0 ? last : stakes;
    if (Object.keys(bet).length === 0) {
      toast(MSG.gameBetEmpty, 'error');
      return;
    }
    setPhase('deal');
    setRound(null);
    setStep(0);
    let res: VenuePlayResult;
    try {
      res = await api<VenuePlayResult>('POST', '/play', { game: info.code, bet: { stakes: bet } });
    } catch (e) {
      toast(errorText(e), 'error');
      setPhase('bet');
      return;
    }
    const outcome = res.outcome as unknown as Outcome;
    setStakes(bet);
    setLast(bet);
    setRound({ outcome, res });
    const n = spec.steps(outcome);
    const ms = motionMs(spec.stepMs ?? STEP_MS);
    for (let i = 1; i <= n; i++) window.setTimeout(() => setStep(i), i * ms);
    window.setTimeout(
      () => {
        setPhase('done');
        setRoad((r) => [...r, spec.bead(outcome)].slice(-36));
        afterBet(res.balance);
      },
      n * ms + motionMs(700),
    );
  };

  const clear = () => {
    if (phase === 'deal') return;
    setStakes({});
    setPhase('bet');
    setRound(null);
    setStep(0);
  };

  const done = phase === 'done' && round;
  const won = (id: string) => !!done && spec.won(round.outcome, id);
  const lineOf = (id: string) => (done ? round.outcome.lines.find((l) => l.option === id) : undefined);

  return (
    <div className="table-game">
      <div className="felt">
        <div className="felt-title">
          <span>{info.name}</span>
          <small>单注上限 {money(info.max_stake)}</small>
        </div>
        <div className="deal-area">{spec.renderDeal(round?.outcome ?? null, step, phase === 'deal')}</div>

        <div className="status-line">
          {done ? (
            <div className="result-banner" data-testid="table-result">
              <b>{spec.headline(round.outcome)}</b>
              <span className={moneyTone(round.res.win_loss)}>
                {round.res.win_loss > 0 ? `赢 ${money(round.res.win_loss)}` : round.res.win_loss < 0 ? `输 ${money(-round.res.win_loss)}` : `退还 ${money(round.res.payout)}`}
              </span>
            </div>
          ) : (
            <span className="hint">{phase === 'deal' ? spec.verbs.busy : total > 0 ? `点击「${spec.verbs.start}」开局` : '选择筹码，点击下方区域下注'}</span>
          )}
        </div>

        <div className={`spots${spec.layout ? ` ${spec.layout}` : ''}`}>
          {spec.spots.map(({ id, tone, sub }) => {
            const o = option(id);
            const line = lineOf(id);
            return (
              <button
                key={id}
                className={`spot spot-${id}${won(id) ? ' won' : ''}${done && !won(id) ? ' lost' : ''}`}
                style={{ '--tone': tone } as CSSProperties}
                onClick={() => place(id)}
                data-testid={`spot-${id}`}
              >
                <span className="spot-name">{o.name}</span>
                <span className="spot-pay">1:{+(o.payout - 1).toFixed(2)}</span>
                {sub && <span className="spot-sub">{sub}</span>}
                {(stakes[id] ?? 0) > 0 && (
                  <span className="spot-chip">
                    <i>{chipLabel(stakes[id]!)}</i>
                  </span>
                )}
                {line && <span className={`spot-result ${moneyTone(line.payout - line.stake)}`}>{signed(line.payout - line.stake)}</span>}
              </button>
            );
          })}
        </div>
      </div>

      <div className="road" aria-label="路单">
        {road.length === 0 && <span className="muted">路单 · 本次进入后的开奖结果</span>}
        {road.map((b, i) => (
          <i key={i} style={{ background: b.tone }}>
            {b.text}
          </i>
        ))}
      </div>

      <div className="table-bottom">
        <div className="chip-rack">
          {info.chips.map((c, i) => (
            <button key={c} className={`chip${c === chip ? ' on' : ''}`} style={{ '--chip': CHIP_TONES[i % CHIP_TONES.length] } as CSSProperties} onClick={() => setChip(c)}>
              <span>{chipLabel(c)}</span>
            </button>
          ))}
        </div>

        <div className="table-actions">
          <button className="btn-ghost" onClick={clear} disabled={phase === 'deal'}>
            清除
          </button>
          <div className="bet-total">
            <small>本局投注</small>
            <b>{money(phase === 'done' && total === 0 ? 0 : total)}</b>
          </div>
          <button className="btn-gold big" onClick={() => void deal()} disabled={phase === 'deal'} data-testid="deal">
            {phase === 'deal' ? spec.verbs.busy : phase === 'done' ? '再来一局' : spec.verbs.start}
          </button>
        </div>
      </div>
    </div>
  );
}
