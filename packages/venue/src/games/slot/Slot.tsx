import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { demoElectronicName, fenToYuan, yuanToFen, type VenuePlayResult, type VenueSlotInfo, type VenueSlotOutcome } from '@app/contract';
import { api, errorText } from '../../api';
import { money } from '../../money';
import { motionMs } from '../../motion';
import { toast } from '../../shell/toast';
import type { GameProps } from '../types';
import { SymbolTile } from './SymbolTile';

/** Counts up to `target` (yuan) over `ms` whenever the target changes. */
function useCountUp(target: number, ms = 900): number {
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (target <= 0) {
      setShown(target);
      return;
    }
    let raf = 0;
    const start = performance.now();
    const step = (t: number) => {
      const k = Math.min(1, (t - start) / ms);
      setShown(Math.round(target * (1 - (1 - k) ** 3) * 100) / 100);
      if (k < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [target, ms]);
  return shown;
}

/** Reels: the server's outcome decides the stops; the page only spins the real strips onto them. */
type Spin = { lists: string[][]; phase: 'prep' | 'run'; durationsMs: number[] };
const AUTO_SPINS = 20;

function useCellPx(reels: number): number {
  const calc = () => {
    // page padding 24, frame 20, reel window padding 8, 4 px between reels
    const width = Math.min(window.innerWidth, 480) - 24 - 20 - 8 - 4 * (reels - 1);
    return Math.floor(Math.min(reels === 3 ? 104 : 78, width / reels));
  };
  const [px, setPx] = useState(calc);
  useEffect(() => {
    const on = () => setPx(calc());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, [reels]);
  return px;
}

export default function Slot({ info, balance, lowBalance, afterBet }: GameProps<VenueSlotInfo>) {
  const cell = useCellPx(info.reels);
  const symbolIndex = useMemo(() => new Map(info.symbols.map((s, i) => [s.id, i])), [info]);
  const [grid, setGrid] = useState<string[][]>(() => info.strips.map((strip, r) => Array.from({ length: info.rows }, (_, row) => strip[(r * 7 + row) % strip.length]!)));
  const [spin, setSpin] = useState<Spin | null>(null);
  const [busy, setBusy] = useState(false);
  const [stakeAt, setStakeAt] = useState(Math.min(1, info.stakes.length - 1));
  const [result, setResult] = useState<{ outcome: VenueSlotOutcome; payout: number; stake: number } | null>(null);
  const [showLine, setShowLine] = useState(-1);
  const [auto, setAuto] = useState(0);
  const autoRef = useRef(0);
  autoRef.current = auto;
  const stake = info.stakes[stakeAt]!;
  const lineBet = fenToYuan(Math.floor((yuanToFen(stake) ?? 0) / info.lines.length));

  const play = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    setShowLine(-1);
    let res: VenuePlayResult;
    try {
      res = await api<VenuePlayResult>('POST', '/play', { game: info.code, bet: { stake } });
    } catch (e) {
      toast(errorText(e), 'error');
      setAuto(0);
      setBusy(false);
      return;
    }
    const outcome = res.outcome as VenueSlotOutcome;
    const durationsMs = info.strips.map((_, r) => motionMs(900 + r * 260));
    const lists = info.strips.map((strip, r) => {
      const filler = 14 + r * 5;
      const run = Array.from({ length: info.rows + filler }, (_, i) => strip[(outcome.stops[r]! + i) % strip.length]!);
      return [...run, ...grid[r]!];
    });
    setSpin({ lists, phase: 'prep', durationsMs });
    requestAnimationFrame(() => requestAnimationFrame(() => setSpin((s) => s && { ...s, phase: 'run' })));
    window.setTimeout(() => {
      setSpin(null);
      setGrid(outcome.window);
      setResult({ outcome, payout: res.payout, stake: res.stake });
      afterBet(res.balance);
      setBusy(false);
      if (res.payout > 0) setShowLine(0);
      if (autoRef.current > 0) setAuto((n) => n - 1);
    }, Math.max(...durationsMs) + motionMs(80));
  };

  // Auto-spin: the next spin once the last one's wins have been shown.
  useEffect(() => {
    if (auto <= 0 || busy) return;
    const t = window.setTimeout(() => void play(), result && result.payout > 0 ? 1500 : 500);
    return () => window.clearTimeout(t);
  }, [auto, busy]);

  // Cycle through the winning lines one at a time.
  const wins = result?.outcome.lineWins ?? [];
  useEffect(() => {
    if (wins.length < 2 || showLine < 0) return;
    const t = window.setTimeout(() => setShowLine((i) => (i + 1) % wins.length), 1400);
    return () => window.clearTimeout(t);
  }, [showLine, wins.length]);

  const lit = new Set<string>();
  const current = showLine >= 0 ? wins[showLine] : undefined;
  if (result) {
    const shown = current ? [current] : [];
    for (const w of shown) for (let r = 0; r < w.count; r++) lit.add(`${r}:${info.lines[w.line]![r]}`);
    if (result.outcome.scatter && !current) {
      result.outcome.window.forEach((col, r) => col.forEach((id, row) => info.symbols.find((s) => s.id === id)?.kind === 'scatter' && lit.add(`${r}:${row}`)));
    }
  }
  const lineAmount = (pays: number) => fenToYuan(Math.floor(((yuanToFen(result?.stake ?? 0) ?? 0) * pays) / info.lines.length));
  const symName = (id: string) => info.symbols.find((s) => s.id === id)?.name ?? id;
  const big = result && result.payout >= result.stake * 10;
  const shower = result && result.payout >= result.stake * 5;
  const winShown = useCountUp(result?.payout ?? 0, motionMs(900));

  const theme = { '--bg1': info.theme.background[0], '--bg2': info.theme.background[1], '--accent': info.theme.accent, '--cell': `${cell}px` } as CSSProperties;
  return (
    <div className="slot" style={theme}>
      <div className="slot-marquee">
        <span className="bulbs" />
        <div>
          <h2>{info.name}</h2>
          <small>{[demoElectronicName(info.provider), `${info.reels}×${info.rows}`, `${info.lines.length}线`].filter(Boolean).join(' · ')}</small>
        </div>
        <span className="bulbs" />
      </div>

      <div className="slot-frame">
        <div className="reels" style={{ height: cell * info.rows }}>
          {grid.map((col, r) => {
            const s = spin?.lists[r];
            const offset = s ? (spin!.phase === 'prep' ? -(s.length - info.rows) * cell : 0) : 0;
            const list = s ?? col;
            return (
              <div className="reel" key={r} style={{ width: cell }}>
                <div
                  className={`reel-strip${s ? ' spinning' : ''}`}
                  style={{
                    transform: `translateY(${offset}px)`,
                    transition: s && spin!.phase === 'run' ? `transform ${spin!.durationsMs[r]}ms cubic-bezier(.15,.6,.25,1.04)` : 'none',
                  }}
                >
                  {list.map((id, i) => {
                    const sym = info.symbols[symbolIndex.get(id) ?? 0]!;
                    return (
                      <div className={`cell${!s && lit.has(`${r}:${i}`) ? ' lit' : ''}${!s && result && lit.size > 0 && !lit.has(`${r}:${i}`) ? ' dim' : ''}`} key={i} style={{ height: cell }}>
                        <SymbolTile sym={sym} index={symbolIndex.get(id) ?? 0} />
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
          {current && (
            <svg className="payline" viewBox={`0 0 ${cell * info.reels} ${cell * info.rows}`}>
              <polyline points={info.lines[current.line]!.map((row, r) => `${r * cell + cell / 2},${row * cell + cell / 2}`).join(' ')} />
            </svg>
          )}
        </div>
      </div>

      {shower && (
        <div className="coin-shower" aria-hidden>
          {Array.from({ length: 26 }, (_, i) => (
            <i key={i} style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i % 9) * 0.12}s`, animationDuration: `${1.4 + (i % 5) * 0.2}s` }} />
          ))}
        </div>
      )}
      <div className={`slot-win${result && result.payout > 0 ? ' on' : ''}${big ? ' big' : ''}`} data-testid="slot-win">
        {busy && !result && <span className="muted">祝您好运…</span>}
        {result && result.payout > 0 && (
          <>
            <b>
              {big ? '大奖！' : '赢得'} ¥{money(winShown)}
            </b>
            <span>
              {current
                ? `第${current.line + 1}线 ${symName(current.symbol)}×${current.count} 赢 ${money(lineAmount(current.pays))}`
                : result.outcome.scatter
                  ? `分散 ${result.outcome.scatter.count}个 ×${result.outcome.scatter.pays}`
                  : ''}
            </span>
          </>
        )}
        {result && result.payout === 0 && <span className="muted">未中奖，再来一次</span>}
        {!busy && !result && stake > balance && <span className="warn">{lowBalance}</span>}
        {!busy && !result && stake <= balance && <span className="muted">线注 {money(lineBet)} · 最高 {Math.max(...info.paytable.filter((p) => p.type === 'line').map((p) => p.multiplier))} 倍</span>}
      </div>

      <div className="slot-controls">
        <div className="stake-box">
          <small>总投注</small>
          <div className="stake-row">
            <button className="round-btn" disabled={busy || stakeAt === 0} onClick={() => setStakeAt((i) => i - 1)} aria-label="减少投注">
              −
            </button>
            <b data-testid="slot-stake">{money(stake)}</b>
            <button className="round-btn" disabled={busy || stakeAt === info.stakes.length - 1} onClick={() => setStakeAt((i) => i + 1)} aria-label="增加投注">
              +
            </button>
          </div>
        </div>
        <button className={`spin-btn${busy ? ' busy' : ''}`} onClick={() => void play()} disabled={busy || auto > 0} aria-label="旋转">
          <span>{busy ? '' : '旋转'}</span>
        </button>
        <button className={`auto-btn${auto > 0 ? ' on' : ''}`} onClick={() => setAuto((n) => (n > 0 ? 0 : AUTO_SPINS))} disabled={auto === 0 && (busy || stake > balance)}>
          {auto > 0 ? (
            <>
              停止
              <small>{auto}</small>
            </>
          ) : (
            <>
              自动
              <small>{AUTO_SPINS}次</small>
            </>
          )}
        </button>
      </div>
      <div className="stake-chips">
        {info.stakes.map((s, i) => (
          <button key={s} className={i === stakeAt ? 'on' : ''} disabled={busy} onClick={() => setStakeAt(i)}>
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
