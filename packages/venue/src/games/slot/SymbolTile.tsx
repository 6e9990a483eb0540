import { memo } from 'react';
import type { VenueSlotSymbol } from '@app/contract';
import { symbolArt } from './symbolArt';

/**
 * A reel symbol: its drawn picture (cherries, ingots, scarabs… see symbolArt) on a soft glow; wild
 * and scatter symbols get a turning ring and their 百搭 / 分散 ribbon. A symbol no machine draws
 * falls back to a glossy disc with its name. The gradients are the same in every tile, so their
 * shared ids resolve alike whichever tile's copy the browser finds first.
 */
function Defs() {
  return (
    <defs>
      <linearGradient id="sg-gold" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#fff3b0" />
        <stop offset=".45" stopColor="#f2c237" />
        <stop offset="1" stopColor="#c98a0b" />
      </linearGradient>
      <linearGradient id="sg-silver" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#ffffff" />
        <stop offset=".5" stopColor="#c9d1dc" />
        <stop offset="1" stopColor="#7d8a9c" />
      </linearGradient>
      <linearGradient id="sg-nemes" x1="0" y1="0" x2="0" y2=".12" spreadMethod="repeat">
        <stop offset="0" stopColor="#f2c237" />
        <stop offset=".5" stopColor="#f2c237" />
        <stop offset=".5" stopColor="#1d4e89" />
        <stop offset="1" stopColor="#1d4e89" />
      </linearGradient>
      <radialGradient id="sg-shine" cx=".34" cy=".28" r=".6">
        <stop offset="0" stopColor="#fff" stopOpacity=".6" />
        <stop offset="1" stopColor="#fff" stopOpacity="0" />
      </radialGradient>
      <radialGradient id="sg-glow">
        <stop offset="0" stopColor="#fff" stopOpacity=".16" />
        <stop offset="1" stopColor="#fff" stopOpacity="0" />
      </radialGradient>
    </defs>
  );
}

function Fallback({ sym }: { sym: VenueSlotSymbol }) {
  return (
    <g>
      <circle cx="50" cy="50" r="42" fill={sym.color} stroke="rgba(0,0,0,.35)" strokeWidth="2" />
      <circle cx="50" cy="50" r="42" fill="url(#sg-shine)" />
      <text x="50" y="61" textAnchor="middle" fontSize={sym.name.length > 2 ? 22 : 30} fontWeight="900" fill="#fff" stroke="rgba(0,0,0,.7)" strokeWidth="5" paintOrder="stroke">
        {sym.name.slice(0, 3)}
      </text>
    </g>
  );
}

export const SymbolTile = memo(function SymbolTile({ sym }: { sym: VenueSlotSymbol; index: number }) {
  const special = sym.kind === 'wild' || sym.kind === 'scatter';
  const art = symbolArt(sym.name);
  return (
    <svg className={`sym${special ? ` sym-${sym.kind}` : ''}`} viewBox="0 0 100 100" role="img" aria-label={sym.name}>
      <Defs />
      <circle cx="50" cy="50" r="50" fill="url(#sg-glow)" />
      {special && <circle cx="50" cy="50" r="48" fill="none" stroke="#ffe38a" strokeWidth="3" strokeDasharray="6 5" className="sym-ring" />}
      <g className="sym-art" transform={special ? 'translate(9 4) scale(.82)' : undefined}>
        {art ?? <Fallback sym={sym} />}
      </g>
      {special && (
        <g>
          <rect x="22" y="79" width="56" height="19" rx="9.5" fill={sym.kind === 'wild' ? '#d4a017' : '#0096c7'} stroke="#fff" strokeWidth="1.5" />
          <text x="50" y="93" textAnchor="middle" fontSize="13" fontWeight="800" fill="#fff">
            {sym.kind === 'wild' ? '百搭' : '分散'}
          </text>
        </g>
      )}
    </svg>
  );
});
