import type { VenueSlotSymbol } from '@app/contract';

/**
 * A reel symbol drawn without images or emoji: a glossy shape in the symbol's colour (the shape picked
 * by its place in the machine's list, so each machine's symbols differ at a glance) with its Chinese name.
 */
const SHAPES = [
  'M50 6 61 38 95 38 67 58 78 92 50 71 22 92 33 58 5 38 39 38Z', // star
  'M50 5 92 50 50 95 8 50Z', // diamond
  '', // circle
  'M50 5 89 27.5 89 72.5 50 95 11 72.5 11 27.5Z', // hexagon
  'M50 6 88 18 84 60 50 94 16 60 12 18Z', // shield
  'M50 5C68 30 86 48 86 64A36 36 0 0 1 14 64C14 48 32 30 50 5Z', // drop
  'M32 6H68L94 32V68L68 94H32L6 68V32Z', // octagon
  'M50 8 92 80H8Z', // triangle
  'M14 14H86V86H14Z', // square
  'M50 10C62 -2 96 8 90 38 84 62 50 90 50 90S16 62 10 38C4 8 38 -2 50 10Z', // heart
];

function lines(label: string): string[] {
  if (label.length <= 3) return [label];
  const cut = Math.ceil(label.length / 2);
  return [label.slice(0, cut), label.slice(cut)];
}

export function SymbolTile({ sym, index }: { sym: VenueSlotSymbol; index: number }) {
  const id = `g-${sym.id}-${index}`;
  const special = sym.kind === 'wild' || sym.kind === 'scatter';
  const shape = special ? (sym.kind === 'wild' ? SHAPES[0]! : SHAPES[6]!) : SHAPES[(index + 1) % SHAPES.length]!;
  const rows = lines(sym.name);
  const size = rows.length > 1 ? 23 : sym.name.length === 3 ? 25 : 31;
  return (
    <svg className={`sym${special ? ` sym-${sym.kind}` : ''}`} viewBox="0 0 100 100" role="img" aria-label={sym.name}>
      <defs>
        <radialGradient id={id} cx="38%" cy="30%" r="75%">
          <stop offset="0" stopColor="#fff" stopOpacity="0.85" />
          <stop offset="0.35" stopColor={sym.color} />
          <stop offset="1" stopColor={sym.color} stopOpacity="0.55" />
        </radialGradient>
      </defs>
      {special && <circle cx="50" cy="50" r="48" fill="none" stroke="#ffe38a" strokeWidth="3" strokeDasharray="6 5" className="sym-ring" />}
      {shape ? <path d={shape} fill={`url(#${id})`} stroke="rgba(0,0,0,.35)" strokeWidth="2" /> : <circle cx="50" cy="50" r="42" fill={`url(#${id})`} stroke="rgba(0,0,0,.35)" strokeWidth="2" />}
      <ellipse cx="40" cy="28" rx="22" ry="9" fill="#fff" opacity="0.28" />
      {rows.map((t, i) => (
        <text
          key={i}
          x="50"
          y={rows.length > 1 ? 46 + (i - 0.5) * 27 + 8 : 50 + size * 0.36}
          textAnchor="middle"
          fontSize={size}
          fontWeight="900"
          fill="#fff"
          stroke="rgba(0,0,0,.7)"
          strokeWidth="5"
          paintOrder="stroke"
        >
          {t}
        </text>
      ))}
      {special && (
        <g>
          <rect x="24" y="80" width="52" height="17" rx="8" fill={sym.kind === 'wild' ? '#d4a017' : '#0096c7'} />
          <text x="50" y="93" textAnchor="middle" fontSize="13" fontWeight="800" fill="#fff">
            {sym.kind === 'wild' ? '百搭' : '分散'}
          </text>
        </g>
      )}
    </svg>
  );
}
