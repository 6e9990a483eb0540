import { useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { type VenueFishingInfo, type VenueFishingOutcome, type VenuePlayResult } from '@app/contract';
import { api, errorText } from '../../api';
import { money } from '../../money';
import { toast } from '../../shell/toast';
import type { GameProps } from '../types';
import { FishArt } from './FishArt';

/**
 * The fish tank is scenery: fish swim by CSS animation, and which fish (if any) a shot catches is the
 * server's outcome alone. The shell flies to a swimming fish of the species the server named.
 */
const WIDTH_PX: Record<string, number> = {
  clownfish: 62, pufferfish: 62, lanternfish: 70, turtle: 96, manta: 112, shark: 170, golden_dragon: 210,
  jellyfish: 54, squid: 70, octopus: 78, swordfish: 130, whale: 190, golden_toad: 112,
};
const SPAWN_WEIGHT: Record<string, number> = {
  clownfish: 6, pufferfish: 4.5, lanternfish: 3.5, turtle: 1.5, manta: 1.2, shark: 0.8, golden_dragon: 0.35,
  jellyfish: 6, squid: 4.5, octopus: 3.5, swordfish: 1.3, whale: 0.7, golden_toad: 0.4,
};
const SCHOOL = 14;

type Swimmer = { uid: number; kind: string; topPct: number; durS: number; delayS: number; rtl: boolean; caught?: boolean };
type Shot = { id: number; x: number; y: number; angle: number };
type Burst = { id: number; x: number; y: number; text?: string; sub?: string };
/** A fish of the named species surfacing where the shell lands when none of that kind is in view. */
type Catch = { id: number; kind: string; x: number; y: number };

let uidSeq = 0;
function spawn(kinds: string[], first = false): Swimmer {
  const total = kinds.reduce((a, k) => a + (SPAWN_WEIGHT[k] ?? 1), 0);
  let x = Math.random() * total;
  let kind = kinds[0]!;
  for (const k of kinds) {
    x -= SPAWN_WEIGHT[k] ?? 1;
    if (x <= 0) {
      kind = k;
      break;
    }
  }
  const big = (WIDTH_PX[kind] ?? 60) > 100;
  return {
    uid: ++uidSeq,
    kind,
    topPct: 4 + Math.random() * 66,
    durS: (big ? 16 : 10) + Math.random() * 8,
    // The first school starts mid-swim so the tank is full at once.
    delayS: first ? -(2 + Math.random() * 8) : Math.random() * 2,
    rtl: Math.random() < 0.5,
  };
}

export default function Fishing({ info, balance, lowBalance, afterBet }: GameProps<VenueFishingInfo>) {
  const kinds = info.fish.map((f) => f.id);
  const color = (k: string) => info.fish.find((f) => f.id === k)?.color ?? '#ffd166';
  // One of every species to start with, then a random school.
  const [swimmers, setSwimmers] = useState<Swimmer[]>(() => [...kinds.map((k) => spawn([k], true)), ...Array.from({ length: SCHOOL - kinds.length }, () => spawn(kinds, true))]);
  const [catches, setCatches] = useState<Catch[]>([]);
  const [level, setLevel] = useState(Math.min(2, info.cannons.length - 1));
  const [angle, setAngle] = useState(0);
  const [shots, setShots] = useState<Shot[]>([]);
  const [bursts, setBursts] = useState<Burst[]>([]);
  const [last, setLast] = useState<{ text: string; win: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [fired, setFired] = useState(0);
  const tank = useRef<HTMLDivElement>(null);
  const fishEls = useRef(new Map<number, HTMLDivElement>());
  const stake = info.cannons[level]!;

  const replace = (uid: number) => setSwimmers((xs) => xs.map((s) => (s.uid === uid ? spawn(kinds) : s)));

  const fire = async (e: PointerEvent<HTMLDivElement>) => {
    if (busy || !tank.current) return;
    const box = tank.current.getBoundingClientRect();
    const gun = { x: box.width / 2, y: box.height - 34 };
    const tap = { x: e.clientX - box.left, y: Math.min(e.clientY - box.top, box.height - 80) };
    setAngle((Math.atan2(tap.x - gun.x, gun.y - tap.y) * 180) / Math.PI);
    setBusy(true);
    let res: VenuePlayResult;
    try {
      res = await api<VenuePlayResult>('POST', '/play', { game: info.code, bet: { stake } });
    } catch (err) {
      toast(errorText(err), 'error');
      setBusy(false);
      return;
    }
    const { fish } = res.outcome as VenueFishingOutcome;
    // Aim: the named species' swimmer nearest the tap (caught), else the tap point (a miss).
    let target = tap;
    let caught: Swimmer | undefined;
    if (fish) {
      let best = Infinity;
      for (const s of swimmers) {
        const el = fishEls.current.get(s.uid);
        if (s.kind !== fish.key || s.caught || !el) continue;
        const r = el.getBoundingClientRect();
        const c = { x: r.left + r.width / 2 - box.left, y: r.top + r.height / 2 - box.top };
        if (c.x < 10 || c.x > box.width - 10 || c.y > box.height - 60) continue;
        const d = Math.hypot(c.x - tap.x, c.y - tap.y);
        if (d < best) {
          best = d;
          caught = s;
          target = c;
        }
      }
      if (!caught) {
        // None of that species in view: one surfaces right where the shell lands.
        const c: Catch = { id: ++uidSeq, kind: fish.key, x: tap.x, y: tap.y };
        setCatches((xs) => [...xs, c]);
        window.setTimeout(() => setCatches((xs) => xs.filter((x) => x.id !== c.id)), 1300);
        target = tap;
      }
    }
    setAngle((Math.atan2(target.x - gun.x, gun.y - target.y) * 180) / Math.PI);
    const shot: Shot = { id: ++uidSeq, x: target.x, y: target.y, angle: 0 };
    setFired((n) => n + 1);
    setShots((xs) => [...xs, shot]);
    if (caught) {
      const c = caught;
      setSwimmers((xs) => (xs.some((s) => s.uid === c.uid) ? xs.map((s) => (s.uid === c.uid ? { ...s, caught: true } : s)) : xs));
    }
    window.setTimeout(() => {
      setShots((xs) => xs.filter((s) => s.id !== shot.id));
      const burst: Burst = fish ? { id: shot.id, x: target.x, y: target.y, text: `+${money(res.payout)}`, sub: `${fish.name} ×${fish.multiplier}` } : { id: shot.id, x: target.x, y: target.y };
      setBursts((xs) => [...xs, burst]);
      setLast(fish ? { text: `命中${fish.name} ×${fish.multiplier}，赢 ¥${money(res.payout)}`, win: true } : { text: `未命中 -¥${money(res.stake)}`, win: false });
      afterBet(res.balance);
      window.setTimeout(() => setBursts((xs) => xs.filter((b) => b.id !== burst.id)), 1300);
      if (caught && fishEls.current.has(caught.uid)) window.setTimeout(() => replace(caught!.uid), 900);
      setBusy(false);
    }, 260);
  };

  useEffect(() => () => fishEls.current.clear(), []);

  return (
    <div className="fishing">
      <div className="tank" ref={tank} onPointerDown={(e) => void fire(e)} data-testid="tank" data-busy={busy}>
        <div className="rays" />
        <div className="bubbles">
          {Array.from({ length: 12 }, (_, i) => (
            <i key={i} style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i * 0.7) % 6}s`, animationDuration: `${5 + (i % 4)}s` }} />
          ))}
        </div>
        {swimmers.map((s) => {
          const w = WIDTH_PX[s.kind] ?? 60;
          return (
            <div
              key={s.uid}
              ref={(el) => {
                if (el) fishEls.current.set(s.uid, el);
                else fishEls.current.delete(s.uid);
              }}
              className={`swimmer${s.rtl ? ' rtl' : ''}${s.caught ? ' caught' : ''}`}
              style={{ top: `${s.topPct}%`, width: w, animationDuration: `${s.durS}s`, animationDelay: `${s.delayS}s` } as CSSProperties}
              onAnimationEnd={(e) => e.target === e.currentTarget && replace(s.uid)}
            >
              <div className="bob">
                <FishArt kind={s.kind} color={color(s.kind)} />
              </div>
            </div>
          );
        })}
        {catches.map((c) => (
          <div key={c.id} className="catch" style={{ left: c.x, top: c.y, width: WIDTH_PX[c.kind] ?? 60 }}>
            <div className="bob">
              <FishArt kind={c.kind} color={color(c.kind)} />
            </div>
          </div>
        ))}
        {shots.map((s) => (
          <span key={s.id} className="shell" style={{ '--tx': `${s.x}px`, '--ty': `${s.y}px` } as CSSProperties} />
        ))}
        {bursts.map((b) => (
          <div key={b.id} className={`burst${b.text ? ' hit' : ''}`} style={{ left: b.x, top: b.y }}>
            <span className="net" />
            {b.text && (
              <>
                <b>{b.text}</b>
                <small>{b.sub}</small>
                {Array.from({ length: 8 }, (_, i) => (
                  <i key={i} className="coin" style={{ '--a': `${i * 45}deg` } as CSSProperties} />
                ))}
              </>
            )}
          </div>
        ))}
        <div className="seabed" />
        <div className="tap-hint">{stake > balance ? <span className="warn">{lowBalance}</span> : last ? <span className={last.win ? 'win' : ''} data-testid="fish-result">{last.text}</span> : '点击海面任意位置开炮'}</div>
        <div className="cannon" style={{ '--angle': `${angle}deg` } as CSSProperties}>
          <div className="barrel">{fired > 0 && <i key={fired} className="flash" />}</div>
          <div className="turret">{stake}</div>
        </div>
      </div>
      <div className="cannon-bar">
        <button className="round-btn" disabled={level === 0} onClick={() => setLevel((l) => l - 1)} aria-label="降低炮台">
          −
        </button>
        <div className="cannon-levels">
          {info.cannons.map((c, i) => (
            <button key={c} className={i === level ? 'on' : ''} onClick={() => setLevel(i)}>
              {c}
            </button>
          ))}
        </div>
        <button className="round-btn" disabled={level === info.cannons.length - 1} onClick={() => setLevel((l) => l + 1)} aria-label="提高炮台">
          +
        </button>
      </div>
      <div className="fish-legend">
        {info.fish.map((f) => (
          <span key={f.id}>
            <i className="dot" style={{ background: f.color }} />
            {f.name} ×{f.multiplier}
          </span>
        ))}
      </div>
    </div>
  );
}
