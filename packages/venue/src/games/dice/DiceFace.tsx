import type { CSSProperties } from 'react';

/** Pip cells (0–8, a 3×3 grid read row by row) of each face. */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};
const AT = [24, 50, 76];

/** One face of a die as SVG: white with black pips, red pips on 1 and 4 (the Chinese dice). */
export function DiceFace({ n, className, style }: { n: number; className?: string; style?: CSSProperties }) {
  const red = n === 1 || n === 4;
  return (
    <svg className={className} style={style} viewBox="0 0 100 100" aria-hidden="true">
      <rect x="2" y="2" width="96" height="96" rx="20" className="df-bg" />
      {PIPS[n]!.map((c) => (
        <circle key={c} cx={AT[c % 3]} cy={AT[Math.floor(c / 3)]} r={n === 1 ? 15 : 9.5} className={red ? 'df-pip red' : 'df-pip'} />
      ))}
    </svg>
  );
}

/** Where each face sits on the cube (opposite faces add up to 7) and the cube turn that brings it to the front. */
const FACES: { n: number; at: string }[] = [
  { n: 1, at: 'translateZ(var(--half))' },
  { n: 6, at: 'rotateY(180deg) translateZ(var(--half))' },
  { n: 3, at: 'rotateY(90deg) translateZ(var(--half))' },
  { n: 4, at: 'rotateY(-90deg) translateZ(var(--half))' },
  { n: 2, at: 'rotateX(90deg) translateZ(var(--half))' },
  { n: 5, at: 'rotateX(-90deg) translateZ(var(--half))' },
];
const TURN: Record<number, [number, number]> = { 1: [0, 0], 6: [0, 180], 3: [0, -90], 4: [0, 90], 2: [-90, 0], 5: [90, 0] };

/**
 * A 3D die: tumbles while `value` is unknown or not yet landed, then rolls onto `value` (the server's
 * throw) and stays there.
 */
export function Die({ value, landed, index }: { value: number | null; landed: boolean; index: number }) {
  const [rx, ry] = TURN[value ?? 1]!;
  return (
    <div className={`die${landed ? ' landed' : ' rolling'}`} style={{ '--i': index } as CSSProperties} aria-label={landed && value ? `${value}点` : '骰子'}>
      <div className="cube" style={{ '--rx': `${rx}deg`, '--ry': `${ry}deg` } as CSSProperties}>
        {FACES.map((f) => (
          <DiceFace key={f.n} n={f.n} className="cube-face" style={{ transform: f.at }} />
        ))}
      </div>
    </div>
  );
}
