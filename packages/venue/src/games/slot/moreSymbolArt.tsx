import type { ReactElement, ReactNode } from 'react';
import { GOLD, SHINE, SILVER } from './paint';

/**
 * The reel symbols of the second set of machines (麻将胡了, 熊猫福宝, 西游降魔, 虎虎生财, 众神之巅,
 * 霓虹777, 星际寻宝, 幸运彩虹), by the symbol's Chinese name, in the same 100×100 box and paints
 * as symbolArt.tsx. 众神之巅's gems are 宝石迷阵's, drawn there.
 */

const Gloss = ({ cx = 50, cy = 50, r = 40 }: { cx?: number; cy?: number; r?: number }) => <circle cx={cx} cy={cy} r={r} fill={SHINE} />;

/** A mahjong tile standing up: ivory face over its green back. */
function Tile({ children }: { children: ReactNode }) {
  return (
    <g>
      <rect x="20" y="8" width="64" height="88" rx="9" fill="#1b7f4b" />
      <rect x="16" y="4" width="64" height="86" rx="9" fill="#fffaf0" stroke="#c9b99a" strokeWidth="2" />
      <path d="M22 10H74" stroke="#fff" strokeWidth="3" opacity=".9" />
      {children}
    </g>
  );
}

/** A character on a mahjong tile. */
const TileChar = ({ ch, fill, y = 64, size = 48 }: { ch: string; fill: string; y?: number; size?: number }) => (
  <text x="48" y={y} textAnchor="middle" fontSize={size} fontWeight="900" fill={fill} fontFamily="serif">
    {ch}
  </text>
);

/** A lucky character on a red diamond plaque with a gold rim (熊猫福宝's 福禄寿喜). */
const Plaque = ({ ch, fill }: { ch: string; fill: string }) => (
  <g>
    <path d="M50 4 96 50 50 96 4 50Z" fill="#8a0f14" transform="translate(0 3)" />
    <path d="M50 4 96 50 50 96 4 50Z" fill={GOLD} />
    <path d="M50 12 88 50 50 88 12 50Z" fill={fill} />
    <text x="50" y="64" textAnchor="middle" fontSize="40" fontWeight="900" fill="#ffe29a" stroke="#5a0a0a" strokeWidth="2" paintOrder="stroke">
      {ch}
    </text>
    <path d="M50 16 30 36" stroke="#fff" strokeWidth="3" opacity=".45" strokeLinecap="round" />
  </g>
);

/** One of the five elements (西游降魔's 金木水火土): a medallion in the element's colour. */
const Element = ({ ch, fill, rim }: { ch: string; fill: string; rim: string }) => (
  <g>
    <circle cx="50" cy="54" r="40" fill={rim} />
    <circle cx="50" cy="50" r="40" fill={fill} stroke={rim} strokeWidth="4" />
    <circle cx="50" cy="50" r="31" fill="none" stroke="#fff" strokeOpacity=".5" strokeWidth="2" strokeDasharray="4 4" />
    <text x="50" y="66" textAnchor="middle" fontSize="44" fontWeight="900" fill="#fff" stroke={rim} strokeWidth="3" paintOrder="stroke">
      {ch}
    </text>
    <Gloss r={40} />
  </g>
);

/** A glowing card suit (星际寻宝's low symbols). */
const SUIT_PATHS = {
  spade: 'M50 8C62 28 88 38 88 60A18 18 0 0 1 56 70L62 92H38L44 70A18 18 0 0 1 12 60C12 38 38 28 50 8Z',
  heart: 'M50 88C36 74 10 58 10 34A20 20 0 0 1 50 24 20 20 0 0 1 90 34C90 58 64 74 50 88Z',
  diamond: 'M50 6 84 50 50 94 16 50Z',
  club: 'M50 8A17 17 0 0 1 64 36 17 17 0 1 1 58 66L64 92H36L42 66A17 17 0 1 1 36 36 17 17 0 0 1 50 8Z',
} as const;
const Suit = ({ kind, fill }: { kind: keyof typeof SUIT_PATHS; fill: string }) => (
  <g>
    <path d={SUIT_PATHS[kind]} fill="none" stroke={fill} strokeWidth="10" opacity=".35" strokeLinejoin="round" />
    <path d={SUIT_PATHS[kind]} fill={fill} stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    <path d={SUIT_PATHS[kind]} fill={SHINE} />
  </g>
);

/** A BAR plate of a classic fruit machine; `n` plates stacked. */
function Bars({ n, fill }: { n: number; fill: string }) {
  const h = 22;
  const top = 50 - (n * h + (n - 1) * 6) / 2;
  return (
    <g>
      {Array.from({ length: n }, (_, i) => {
        const y = top + i * (h + 6);
        return (
          <g key={i}>
            <rect x="8" y={y + 2} width="84" height={h} rx="5" fill="#000" opacity=".35" />
            <rect x="8" y={y} width="84" height={h} rx="5" fill={fill} stroke="#fff" strokeWidth="2.5" />
            <text x="50" y={y + 17} textAnchor="middle" fontSize="17" fontWeight="900" fill="#fff" stroke="#000" strokeOpacity=".55" strokeWidth="3" paintOrder="stroke" letterSpacing="2">
              BAR
            </text>
          </g>
        );
      })}
    </g>
  );
}

export const MORE_ART: Record<string, ReactElement> = {
  // 麻将胡了
  发财: (
    <Tile>
      <TileChar ch="發" fill="#16803c" />
    </Tile>
  ),
  红中: (
    <Tile>
      <TileChar ch="中" fill="#d00000" />
    </Tile>
  ),
  白板: (
    <Tile>
      <rect x="28" y="20" width="40" height="56" rx="4" fill="none" stroke="#1d4ed8" strokeWidth="5" />
      <rect x="35" y="27" width="26" height="42" rx="2" fill="none" stroke="#1d4ed8" strokeWidth="2" />
    </Tile>
  ),
  八万: (
    <Tile>
      <TileChar ch="八" fill="#1d3557" y={40} size={30} />
      <TileChar ch="萬" fill="#d00000" y={78} size={34} />
    </Tile>
  ),
  五筒: (
    <Tile>
      {[
        [32, 26], [64, 26], [48, 47], [32, 68], [64, 68],
      ].map(([x, y], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r="11" fill={i === 2 ? '#d00000' : '#1d4ed8'} />
          <circle cx={x} cy={y} r="6" fill="#fffaf0" />
          <circle cx={x} cy={y} r="3" fill={i === 2 ? '#d00000' : '#16803c'} />
        </g>
      ))}
    </Tile>
  ),
  三条: (
    <Tile>
      {[
        [48, 16], [32, 50], [64, 50],
      ].map(([x, y], i) => (
        <g key={i}>
          <rect x={x! - 6} y={y} width="12" height="30" rx="6" fill={i === 0 ? '#d00000' : '#16803c'} />
          <rect x={x! - 7} y={y! + 13} width="14" height="4" rx="2" fill={i === 0 ? '#8a0f14' : '#0b4f25'} />
          <path d={`M${x! - 2} ${y! + 4}V${y! + 11}M${x! - 2} ${y! + 19}V${y! + 26}`} stroke="#fff" strokeWidth="2" opacity=".6" strokeLinecap="round" />
        </g>
      ))}
    </Tile>
  ),

  // 熊猫福宝
  熊猫: (
    <g>
      <circle cx="22" cy="24" r="15" fill="#1b1b1b" />
      <circle cx="78" cy="24" r="15" fill="#1b1b1b" />
      <ellipse cx="50" cy="56" rx="40" ry="36" fill="#fff" stroke="#1b1b1b" strokeWidth="2" />
      <ellipse cx="34" cy="50" rx="10" ry="13" fill="#1b1b1b" transform="rotate(-25 34 50)" />
      <ellipse cx="66" cy="50" rx="10" ry="13" fill="#1b1b1b" transform="rotate(25 66 50)" />
      <circle cx="36" cy="49" r="4" fill="#fff" />
      <circle cx="64" cy="49" r="4" fill="#fff" />
      <ellipse cx="50" cy="66" rx="7" ry="5" fill="#1b1b1b" />
      <path d="M44 74Q50 80 56 74" stroke="#1b1b1b" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <circle cx="26" cy="68" r="5" fill="#ff8fa3" opacity=".7" />
      <circle cx="74" cy="68" r="5" fill="#ff8fa3" opacity=".7" />
      <path d="M70 92Q84 62 96 60" stroke="#2dc653" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M86 66Q96 56 100 66Q92 72 86 66Z" fill="#52b788" />
    </g>
  ),
  金竹: (
    <g>
      {[28, 52, 74].map((x, i) => (
        <g key={x} transform={`rotate(${(i - 1) * 8} 50 96)`}>
          <rect x={x - 7} y={8 + i * 6} width="14" height={88 - i * 6} rx="6" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
          {[30, 56, 80].map((y) => (
            <path key={y} d={`M${x - 8} ${y + i * 3}H${x + 8}`} stroke="#a06a00" strokeWidth="3" strokeLinecap="round" />
          ))}
          <path d={`M${x - 3} ${14 + i * 6}V90`} stroke="#fff" strokeWidth="2" opacity=".6" />
        </g>
      ))}
      <path d="M60 30Q78 14 94 20Q80 34 60 30Z" fill="#ffd60a" stroke="#a06a00" strokeWidth="1.5" />
      <path d="M40 46Q20 34 6 42Q22 54 40 46Z" fill="#ffd60a" stroke="#a06a00" strokeWidth="1.5" />
    </g>
  ),
  寿桃: (
    <g>
      <path d="M50 20C74 20 90 42 86 66 82 86 62 94 50 94S18 86 14 66C10 42 26 20 50 20Z" fill="#ffb3c1" />
      <path d="M50 20C40 38 44 70 50 94" stroke="#ff6b8b" strokeWidth="3" fill="none" />
      <path d="M50 20C74 20 90 42 86 66 82 86 62 94 50 94" fill="#ff8fa3" opacity=".55" />
      <path d="M50 22Q40 6 22 12Q30 28 50 22Z" fill="#52b788" />
      <path d="M52 22Q66 4 84 12Q72 28 52 22Z" fill="#2d6a4f" />
      <text x="50" y="72" textAnchor="middle" fontSize="26" fontWeight="900" fill="#c1121f" opacity=".85">
        寿
      </text>
      <Gloss cx={44} cy={50} r={36} />
    </g>
  ),
  中国结: (
    <g>
      <path d="M50 0V14" stroke="#d62828" strokeWidth="4" />
      <rect x="42" y="12" width="16" height="8" rx="3" fill={GOLD} />
      <path d="M50 20 80 50 50 80 20 50Z" fill="#d62828" stroke="#8a0f14" strokeWidth="2" />
      <path d="M35 35 65 65M65 35 35 65M42 28 72 58M58 28 28 58M28 42 58 72M72 42 42 72" stroke="#ff6b6b" strokeWidth="3" />
      {[[20, 50], [80, 50], [50, 20]].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="7" fill="none" stroke="#d62828" strokeWidth="4" />
      ))}
      <rect x="44" y="78" width="12" height="8" rx="3" fill={GOLD} />
      <path d="M44 86 40 100M50 86V100M56 86 60 100" stroke="#d62828" strokeWidth="3" />
    </g>
  ),
  福: <Plaque ch="福" fill="#d62828" />,
  禄: <Plaque ch="禄" fill="#c2410c" />,
  寿: <Plaque ch="寿" fill="#1b7f4b" />,
  喜: <Plaque ch="喜" fill="#be123c" />,

  // 西游降魔
  悟空: (
    <g>
      <circle cx="16" cy="52" r="12" fill="#a0522d" />
      <circle cx="84" cy="52" r="12" fill="#a0522d" />
      <circle cx="16" cy="52" r="6" fill="#f1c27d" />
      <circle cx="84" cy="52" r="6" fill="#f1c27d" />
      <ellipse cx="50" cy="54" rx="34" ry="38" fill="#a0522d" />
      <path d="M28 56Q28 36 42 38Q50 30 58 38Q72 36 72 56Q72 86 50 88Q28 86 28 56Z" fill="#f1c27d" />
      <ellipse cx="41" cy="54" rx="5" ry="6" fill="#fff" />
      <ellipse cx="59" cy="54" rx="5" ry="6" fill="#fff" />
      <circle cx="41" cy="55" r="3" fill="#c1121f" />
      <circle cx="59" cy="55" r="3" fill="#c1121f" />
      <path d="M42 74Q50 80 58 74" stroke="#6b3a12" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M17 30Q50 14 83 30" stroke={GOLD} strokeWidth="7" fill="none" strokeLinecap="round" />
      <path d="M17 30Q50 14 83 30" stroke="#a06a00" strokeWidth="1.5" fill="none" />
      <circle cx="50" cy="22" r="5" fill="#d00000" stroke={GOLD} strokeWidth="2" />
      <path d="M30 26Q20 6 8 8M70 26Q80 6 92 8" stroke="#d00000" strokeWidth="3" fill="none" strokeLinecap="round" />
    </g>
  ),
  葫芦: (
    <g>
      <path d="M50 6V16" stroke="#6b3a12" strokeWidth="4" />
      <path d="M52 10Q66 0 76 8Q64 18 52 10Z" fill="#52b788" />
      <circle cx="50" cy="32" r="16" fill="#7b2cbf" />
      <ellipse cx="50" cy="68" rx="30" ry="28" fill="#7b2cbf" />
      <path d="M34 46Q50 52 66 46" stroke={GOLD} strokeWidth="6" fill="none" strokeLinecap="round" />
      <text x="50" y="78" textAnchor="middle" fontSize="22" fontWeight="900" fill="#ffe29a">
        紫金
      </text>
      <Gloss cx={44} cy={58} r={30} />
      <path d="M12 30Q4 44 14 52M88 30Q96 44 86 52" stroke="#c77dff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </g>
  ),
  金箍棒: (
    <g>
      <circle cx="50" cy="50" r="40" fill="none" stroke="#ffd60a" strokeWidth="2.5" strokeDasharray="3 7" opacity=".8" />
      <g transform="rotate(-40 50 50)">
        <rect x="41" y="-2" width="18" height="104" rx="4" fill="#b91c1c" stroke="#7f1d1d" strokeWidth="2" />
        <rect x="39" y="-2" width="22" height="22" rx="4" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
        <rect x="39" y="80" width="22" height="22" rx="4" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
        <path d="M40 5H60M40 12H60M40 88H60M40 95H60" stroke="#a06a00" strokeWidth="2" />
        <path d="M45 22V78" stroke="#fff" strokeWidth="3" opacity=".45" strokeLinecap="round" />
      </g>
    </g>
  ),
  芭蕉扇: (
    <g>
      <path d="M50 60C20 60 6 36 14 16 30 4 70 4 86 16 94 36 80 60 50 60Z" fill="#2a9d8f" stroke="#1b6b60" strokeWidth="2.5" />
      {[-36, -18, 0, 18, 36].map((a) => (
        <path key={a} d="M50 58V12" stroke="#1b6b60" strokeWidth="2" transform={`rotate(${a} 50 58)`} />
      ))}
      <path d="M20 20Q50 6 80 20" stroke="#95d5b2" strokeWidth="3" fill="none" />
      <rect x="46" y="58" width="8" height="38" rx="4" fill="#8b4a1c" />
      <circle cx="50" cy="96" r="4" fill={GOLD} />
      <path d="M54 70Q66 80 60 94" stroke="#d00000" strokeWidth="3" fill="none" />
    </g>
  ),
  蟠桃: (
    <g>
      <ellipse cx="36" cy="62" rx="26" ry="28" fill="#ff8fa3" />
      <ellipse cx="64" cy="60" rx="28" ry="30" fill="#ffb3c1" />
      <path d="M64 30C70 42 70 74 62 90" stroke="#ff6b8b" strokeWidth="3" fill="none" />
      <ellipse cx="64" cy="60" rx="28" ry="30" fill={SHINE} />
      <path d="M60 32Q48 12 30 18Q40 34 60 32Z" fill="#52b788" />
      <path d="M64 30Q76 8 94 14Q86 32 64 30Z" fill="#2d6a4f" />
      <path d="M36 40Q28 58 32 80" stroke="#ff6b8b" strokeWidth="2.5" fill="none" />
    </g>
  ),
  金: <Element ch="金" fill="#e9b949" rim="#8a5a00" />,
  木: <Element ch="木" fill="#2d9d5a" rim="#14532d" />,
  水: <Element ch="水" fill="#1d8fe1" rim="#0b3d70" />,
  火: <Element ch="火" fill="#e63946" rim="#7f1d1d" />,
  土: <Element ch="土" fill="#bc6c25" rim="#5c3310" />,

  // 虎虎生财
  金虎: (
    <g>
      <circle cx="20" cy="22" r="13" fill={GOLD} stroke="#7a4a00" strokeWidth="2" />
      <circle cx="80" cy="22" r="13" fill={GOLD} stroke="#7a4a00" strokeWidth="2" />
      <circle cx="20" cy="22" r="6" fill="#fff3e0" />
      <circle cx="80" cy="22" r="6" fill="#fff3e0" />
      <path d="M50 12C80 12 94 34 92 56 90 80 70 94 50 94S10 80 8 56C6 34 20 12 50 12Z" fill={GOLD} stroke="#7a4a00" strokeWidth="2" />
      <path d="M40 22 44 34 50 24 56 34 60 22M44 38H56M46 44H54" stroke="#2b1a0e" strokeWidth="3.5" fill="none" strokeLinecap="round" />
      <path d="M10 50 22 54M10 62 22 62M90 50 78 54M90 62 78 62" stroke="#2b1a0e" strokeWidth="3" strokeLinecap="round" />
      <path d="M26 72Q50 58 74 72Q70 92 50 92Q30 92 26 72Z" fill="#fff3e0" />
      <ellipse cx="36" cy="54" rx="6" ry="5" fill="#2e7d32" />
      <ellipse cx="64" cy="54" rx="6" ry="5" fill="#2e7d32" />
      <ellipse cx="36" cy="54" rx="2" ry="4.5" fill="#111" />
      <ellipse cx="64" cy="54" rx="2" ry="4.5" fill="#111" />
      <path d="M44 66H56L50 73Z" fill="#d62828" />
      <path d="M50 73V78M42 80Q50 86 58 80" stroke="#2b1a0e" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </g>
  ),
  虎符: (
    <g>
      <path d="M12 64C12 40 28 30 46 32L60 22Q74 14 82 24L88 38Q92 50 84 60L86 80H70L68 68H34L30 80H14Z" fill="#b08968" stroke="#5c3d1e" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M12 64C12 40 28 30 46 32L60 22Q74 14 82 24L88 38Q92 50 84 60" fill={GOLD} opacity=".55" />
      <path d="M30 42 34 54M44 38 46 52M58 30 62 44" stroke="#5c3d1e" strokeWidth="3" strokeLinecap="round" />
      <circle cx="76" cy="32" r="3" fill="#111" />
      <path d="M50 32V68" stroke="#5c3d1e" strokeWidth="1.5" strokeDasharray="3 3" />
      <text x="50" y="96" textAnchor="middle" fontSize="18" fontWeight="900" fill="#ffe29a" stroke="#5c3d1e" strokeWidth="3" paintOrder="stroke">
        虎符
      </text>
    </g>
  ),
  金锣: (
    <g>
      <path d="M14 8H86" stroke="#8b4a1c" strokeWidth="6" strokeLinecap="round" />
      <path d="M34 8V18M66 8V18" stroke="#6b3a12" strokeWidth="2" />
      <circle cx="50" cy="58" r="40" fill="#a06a00" />
      <circle cx="50" cy="56" r="40" fill={GOLD} stroke="#7a4a00" strokeWidth="2" />
      <circle cx="50" cy="56" r="28" fill="none" stroke="#a06a00" strokeWidth="3" />
      <circle cx="50" cy="56" r="12" fill="#e9b949" stroke="#a06a00" strokeWidth="2" />
      <path d="M26 36Q36 24 52 22" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" opacity=".7" />
      <path d="M88 72 98 92" stroke="#8b4a1c" strokeWidth="5" strokeLinecap="round" />
      <circle cx="86" cy="68" r="7" fill="#d62828" />
    </g>
  ),
  金桔: (
    <g>
      <path d="M50 30Q48 16 56 8" stroke="#5c3d1e" strokeWidth="3" fill="none" />
      <path d="M56 10Q72 0 86 8Q72 18 56 10Z" fill="#2d6a4f" />
      <path d="M50 18Q34 6 18 12Q32 24 50 18Z" fill="#52b788" />
      {[
        [32, 46, 18], [66, 44, 18], [48, 70, 22],
      ].map(([x, y, r], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r={r} fill="#fb8500" stroke="#c45f00" strokeWidth="1.5" />
          <circle cx={x} cy={y} r={r} fill={SHINE} />
        </g>
      ))}
      <path d="M30 86H70" stroke="#d62828" strokeWidth="6" strokeLinecap="round" />
      <text x="50" y="78" textAnchor="middle" fontSize="16" fontWeight="900" fill="#fff3b0">
        吉
      </text>
    </g>
  ),
  绣球: (
    <g>
      <path d="M6 50Q0 30 14 26M94 50Q100 30 86 26" stroke="#d62828" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="50" cy="50" r="34" fill="#e63946" />
      {[0, 45, 90, 135].map((a) => (
        <ellipse key={a} cx="50" cy="50" rx="34" ry="12" fill="none" stroke={GOLD} strokeWidth="2.5" transform={`rotate(${a} 50 50)`} />
      ))}
      <circle cx="50" cy="50" r="9" fill={GOLD} />
      <Gloss r={34} />
      <path d="M50 84V96M44 94 50 100 56 94" stroke="#d62828" strokeWidth="3" fill="none" />
    </g>
  ),
  爆竹: (
    <g transform="rotate(-20 50 54)">
      <rect x="32" y="24" width="36" height="70" rx="6" fill="#e3262f" stroke="#8a0f14" strokeWidth="2" />
      <rect x="32" y="32" width="36" height="8" fill={GOLD} />
      <rect x="32" y="78" width="36" height="8" fill={GOLD} />
      <text x="50" y="68" textAnchor="middle" fontSize="22" fontWeight="900" fill="#ffe29a">
        福
      </text>
      <path d="M38 44V74" stroke="#fff" strokeWidth="3" opacity=".4" />
      <path d="M50 24Q50 12 60 8" stroke="#6b3a12" strokeWidth="3" fill="none" />
      <circle cx="62" cy="7" r="5" fill="#fff3b0" />
      <path d="M62 7l8-6M62 7l10 2M62 7l5 9M62 7l-4-7" stroke="#ffd60a" strokeWidth="2.5" strokeLinecap="round" />
    </g>
  ),

  // 众神之巅
  宙斯: (
    <g>
      <path d="M18 100C18 80 32 72 50 72S82 80 82 100Z" fill="#f8f9fa" />
      <path d="M30 78 50 100 70 78" fill="none" stroke={GOLD} strokeWidth="5" />
      <ellipse cx="50" cy="44" rx="22" ry="25" fill="#f5c7a1" />
      <path d="M28 46Q24 90 50 94Q76 90 72 46Q70 60 50 62Q30 60 28 46Z" fill="#e9ecef" stroke="#adb5bd" strokeWidth="1.5" />
      <path d="M40 66Q50 60 60 66" stroke="#adb5bd" strokeWidth="2" fill="none" />
      <path d="M38 40h8M54 40h8" stroke="#333" strokeWidth="3" strokeLinecap="round" />
      <path d="M36 34 46 36M64 34 54 36" stroke="#dee2e6" strokeWidth="3" strokeLinecap="round" />
      <path d="M28 30Q30 12 50 12T72 30Q64 22 50 22T28 30Z" fill="#e9ecef" />
      {[-1, 1].map((side) => (
        <g key={side}>
          {[0, 1, 2, 3].map((i) => (
            <ellipse key={i} cx={50 + side * (14 + i * 6)} cy={22 + i * 4} rx="6" ry="3" fill="#2dc653" transform={`rotate(${side * (20 + i * 15)} ${50 + side * (14 + i * 6)} ${22 + i * 4})`} />
          ))}
        </g>
      ))}
      <path d="M86 8 74 34H84L72 58" stroke="#ffd60a" strokeWidth="4" fill="none" strokeLinejoin="round" />
    </g>
  ),
  闪电: (
    <g>
      <circle cx="50" cy="50" r="44" fill="#60a5fa" opacity=".25" />
      <path d="M60 2 22 56H46L36 98 80 38H54Z" fill="#ffd60a" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M58 10 32 50" stroke="#fff" strokeWidth="3" opacity=".8" strokeLinecap="round" />
      <path d="M16 20 8 28M86 70 94 78M88 18 96 12" stroke="#bfdbfe" strokeWidth="3" strokeLinecap="round" />
    </g>
  ),
  圣杯: (
    <g>
      <path d="M18 10H82Q82 50 50 58Q18 50 18 10Z" fill={GOLD} stroke="#a06a00" strokeWidth="2.5" />
      <path d="M22 14H78" stroke="#fff" strokeWidth="3" opacity=".7" />
      <circle cx="50" cy="32" r="8" fill="#d00000" stroke="#fff3b0" strokeWidth="2" />
      <circle cx="32" cy="26" r="4" fill="#0077b6" />
      <circle cx="68" cy="26" r="4" fill="#0077b6" />
      <rect x="44" y="56" width="12" height="22" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <path d="M26 94Q26 80 50 78Q74 80 74 94Z" fill={GOLD} stroke="#a06a00" strokeWidth="2.5" />
      <path d="M30 18Q32 40 46 48" stroke="#fff" strokeWidth="3" fill="none" opacity=".5" strokeLinecap="round" />
    </g>
  ),
  沙漏: (
    <g>
      <rect x="18" y="4" width="64" height="10" rx="4" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <rect x="18" y="86" width="64" height="10" rx="4" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <path d="M26 14Q26 40 46 50Q26 60 26 86H74Q74 60 54 50Q74 40 74 14Z" fill="#e0f2fe" fillOpacity=".5" stroke="#fff" strokeWidth="2" />
      <path d="M32 22H68Q64 38 50 44Q36 38 32 22Z" fill="#f4a261" />
      <path d="M50 50V80" stroke="#f4a261" strokeWidth="2" />
      <path d="M30 86Q40 66 50 66Q60 66 70 86Z" fill="#f4a261" />
      <path d="M22 14V86M78 14V86" stroke="#8b4a1c" strokeWidth="4" />
    </g>
  ),
  戒指: (
    <g>
      <ellipse cx="50" cy="64" rx="34" ry="28" fill="none" stroke="#a06a00" strokeWidth="12" />
      <ellipse cx="50" cy="64" rx="34" ry="28" fill="none" stroke={GOLD} strokeWidth="8" />
      <path d="M24 54Q30 42 44 38" stroke="#fff" strokeWidth="3" fill="none" opacity=".7" strokeLinecap="round" />
      <path d="M34 30 42 16H58L66 30 50 48Z" fill="#e63946" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <path d="M42 16 46 30H54L58 16M34 30H66" stroke="#fff" strokeWidth="1.5" opacity=".7" fill="none" />
      <path d="M76 10 80 18 88 20 80 22 76 30 72 22 64 20 72 18Z" fill="#fff" />
    </g>
  ),

  // 霓虹777
  霓虹星: (
    <g>
      <path d="M50 4 62 36 96 38 70 60 78 94 50 76 22 94 30 60 4 38 38 36Z" fill="none" stroke="#f72585" strokeWidth="12" opacity=".35" strokeLinejoin="round" />
      <path d="M50 4 62 36 96 38 70 60 78 94 50 76 22 94 30 60 4 38 38 36Z" fill="#ffd60a" stroke="#f72585" strokeWidth="4" strokeLinejoin="round" />
      <path d="M50 20 57 40 78 42 62 56 67 78 50 66 33 78 38 56 22 42 43 40Z" fill="#fff3b0" />
      <circle cx="50" cy="52" r="8" fill="#f72585" />
    </g>
  ),
  蓝七: (
    <g>
      <path d="M18 14H84V28L52 90H32L64 30H18Z" fill="#1e40af" transform="translate(2 4)" />
      <path d="M18 14H84V28L52 90H32L64 30H18Z" fill="#3a86ff" stroke="#bde0fe" strokeWidth="4" strokeLinejoin="round" />
      <path d="M24 19H78" stroke="#fff" strokeWidth="3" opacity=".7" />
      <path d="M18 14H84V28L52 90H32L64 30H18Z" fill="none" stroke="#4cc9f0" strokeWidth="10" opacity=".25" strokeLinejoin="round" />
    </g>
  ),
  三杠: <Bars n={3} fill="#e0a800" />,
  双杠: <Bars n={2} fill="#fb5607" />,
  单杠: <Bars n={1} fill="#8338ec" />,
  骰子: (
    <g>
      <path d="M50 6 90 26V72L50 94 10 72V26Z" fill="#f8f9fa" stroke="#adb5bd" strokeWidth="2" strokeLinejoin="round" />
      <path d="M50 6 90 26 50 46 10 26Z" fill="#fff" />
      <path d="M50 46V94M10 26 50 46 90 26" stroke="#ced4da" strokeWidth="2" fill="none" />
      <ellipse cx="50" cy="26" rx="7" ry="4" fill="#d00000" />
      {[[22, 46], [38, 78]].map(([x, y], i) => (
        <ellipse key={i} cx={x} cy={y} rx="4" ry="5" fill="#111" />
      ))}
      {[[60, 56], [70, 64], [80, 42], [60, 80], [80, 66]].map(([x, y], i) => (
        <ellipse key={i} cx={x} cy={y} rx="3.5" ry="4.5" fill="#111" />
      ))}
    </g>
  ),

  // 星际寻宝
  火箭: (
    <g transform="rotate(35 50 50)">
      <path d="M38 74Q50 100 62 74Z" fill="#ff9f1c" />
      <path d="M42 74Q50 92 58 74Z" fill="#ffd60a" />
      <path d="M36 56 20 76H38ZM64 56 80 76H62Z" fill="#ef476f" />
      <path d="M50 4C66 18 68 48 62 76H38C32 48 34 18 50 4Z" fill={SILVER} stroke="#6c757d" strokeWidth="2" />
      <path d="M50 4C58 10 62 18 64 26H36C38 18 42 10 50 4Z" fill="#ef476f" />
      <circle cx="50" cy="40" r="8" fill="#4cc9f0" stroke="#fff" strokeWidth="3" />
      <path d="M44 30V70" stroke="#fff" strokeWidth="2" opacity=".6" />
    </g>
  ),
  星球: (
    <g>
      <circle cx="50" cy="50" r="30" fill="#f4a261" />
      <path d="M22 42Q50 50 78 40M24 60Q50 66 78 58" stroke="#e76f51" strokeWidth="5" fill="none" />
      <circle cx="50" cy="50" r="30" fill={SHINE} />
      <ellipse cx="50" cy="52" rx="48" ry="12" fill="none" stroke="#ffe29a" strokeWidth="5" transform="rotate(-18 50 52)" />
      <path d="M20 40A30 30 0 0 1 80 40" fill="none" stroke="#f4a261" strokeWidth="0" />
      <circle cx="14" cy="14" r="2.5" fill="#fff" />
      <circle cx="88" cy="86" r="2" fill="#fff" />
      <circle cx="86" cy="16" r="3" fill="#fff" />
    </g>
  ),
  宇航员: (
    <g>
      <path d="M16 100C16 78 30 68 50 68S84 78 84 100Z" fill="#e9ecef" stroke="#adb5bd" strokeWidth="2" />
      <rect x="38" y="78" width="24" height="14" rx="3" fill="#4361ee" />
      <circle cx="44" cy="85" r="2.5" fill="#ef476f" />
      <circle cx="56" cy="85" r="2.5" fill="#7cdb5a" />
      <circle cx="50" cy="42" r="34" fill="#f8f9fa" stroke="#adb5bd" strokeWidth="2.5" />
      <rect x="26" y="26" width="48" height="34" rx="16" fill="#1e1b4b" />
      <path d="M32 34Q40 28 50 30" stroke="#4cc9f0" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M56 50Q64 48 66 40" stroke="#f72585" strokeWidth="3" fill="none" strokeLinecap="round" opacity=".8" />
      <rect x="12" y="36" width="8" height="16" rx="3" fill="#adb5bd" />
      <rect x="80" y="36" width="8" height="16" rx="3" fill="#adb5bd" />
    </g>
  ),
  飞碟: (
    <g>
      <path d="M30 76 18 100H82L70 76Z" fill="#7cdb5a" opacity=".35" />
      <path d="M30 46Q30 20 50 20T70 46Z" fill="#90e0ef" stroke="#fff" strokeWidth="2" />
      <path d="M38 36Q40 28 48 26" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      <ellipse cx="50" cy="56" rx="44" ry="16" fill={SILVER} stroke="#6c757d" strokeWidth="2" />
      <ellipse cx="50" cy="50" rx="30" ry="7" fill="#dee2e6" />
      {[20, 35, 50, 65, 80].map((x) => (
        <circle key={x} cx={x} cy={60} r="3.5" fill={x === 50 ? '#ef476f' : '#ffd60a'} />
      ))}
    </g>
  ),
  卫星: (
    <g transform="rotate(-25 50 50)">
      <rect x="4" y="38" width="30" height="24" fill="#1d4ed8" stroke="#93c5fd" strokeWidth="2" />
      <rect x="66" y="38" width="30" height="24" fill="#1d4ed8" stroke="#93c5fd" strokeWidth="2" />
      <path d="M14 38V62M24 38V62M4 50H34M76 38V62M86 38V62M66 50H96" stroke="#93c5fd" strokeWidth="1.5" />
      <path d="M34 50H66" stroke="#adb5bd" strokeWidth="4" />
      <rect x="38" y="34" width="24" height="32" rx="4" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <path d="M50 34V20" stroke="#adb5bd" strokeWidth="3" />
      <path d="M38 20Q50 8 62 20Z" fill="#e9ecef" stroke="#6c757d" strokeWidth="1.5" />
      <circle cx="50" cy="14" r="3" fill="#ef476f" />
    </g>
  ),
  黑桃: <Suit kind="spade" fill="#4cc9f0" />,
  红桃: <Suit kind="heart" fill="#ef476f" />,
  梅花: <Suit kind="club" fill="#7cdb5a" />,
  方块: <Suit kind="diamond" fill="#ffbe0b" />,

  // 幸运彩虹
  金罐: (
    <g>
      {[
        [30, 30], [44, 22], [58, 24], [70, 32], [38, 38], [52, 34], [64, 40],
      ].map(([x, y], i) => (
        <g key={i}>
          <ellipse cx={x} cy={y} rx="10" ry="6" fill={GOLD} stroke="#a06a00" strokeWidth="1.5" />
        </g>
      ))}
      <path d="M14 46H86Q92 90 50 94Q8 90 14 46Z" fill="#1b1b1b" />
      <ellipse cx="50" cy="46" rx="38" ry="8" fill="#333" stroke="#111" strokeWidth="2" />
      <ellipse cx="50" cy="44" rx="32" ry="5" fill={GOLD} />
      <path d="M24 58Q22 76 34 86" stroke="#fff" strokeWidth="4" opacity=".3" fill="none" strokeLinecap="round" />
      <path d="M8 50Q2 60 12 64M92 50Q98 60 88 64" stroke="#111" strokeWidth="4" fill="none" />
    </g>
  ),
  彩虹: (
    <g fill="none" strokeWidth="8">
      {['#ef476f', '#ff9f1c', '#ffd60a', '#2dc653', '#4cc9f0', '#7b2cbf'].map((c, i) => (
        <path key={c} d={`M${8 + i * 7} 78A${42 - i * 7} ${42 - i * 7} 0 0 1 ${92 - i * 7} 78`} stroke={c} />
      ))}
      <path d="M2 80Q10 66 22 76Q28 70 34 80Z" fill="#fff" stroke="none" />
      <path d="M66 80Q74 66 86 74Q96 70 98 82Z" fill="#fff" stroke="none" />
    </g>
  ),
  四叶草: (
    <g>
      {[0, 90, 180, 270].map((a) => (
        <path key={a} d="M50 48C38 40 30 22 40 14 46 10 50 16 50 20 50 16 54 10 60 14 70 22 62 40 50 48Z" fill="#2dc653" stroke="#1b7f4b" strokeWidth="2" transform={`rotate(${a} 50 48)`} />
      ))}
      <path d="M50 48Q58 72 48 96" stroke="#1b7f4b" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="50" cy="48" r="5" fill="#95d5b2" />
    </g>
  ),
  马蹄铁: (
    <g>
      <path d="M22 92V50A28 28 0 0 1 78 50V92H62V50A12 12 0 0 0 38 50V92Z" fill={SILVER} stroke="#6c757d" strokeWidth="2.5" transform="rotate(180 50 56)" />
      {[[22, 34], [22, 50], [78, 34], [78, 50], [30, 72], [70, 72]].map(([x, y], i) => (
        <circle key={i} cx={x! + (x! < 50 ? 8 : -8)} cy={y} r="3" fill="#495057" />
      ))}
      <path d="M30 22Q28 40 34 56" stroke="#fff" strokeWidth="3" opacity=".6" fill="none" strokeLinecap="round" />
    </g>
  ),
  礼帽: (
    <g>
      <ellipse cx="50" cy="82" rx="46" ry="12" fill="#14532d" stroke="#0b3d20" strokeWidth="2" />
      <path d="M24 80V24Q50 14 76 24V80Q50 88 24 80Z" fill="#1b7f4b" stroke="#0b3d20" strokeWidth="2" />
      <path d="M24 62Q50 70 76 62V72Q50 80 24 72Z" fill="#111" />
      <rect x="42" y="60" width="16" height="14" rx="2" fill="none" stroke={GOLD} strokeWidth="3" />
      <path d="M32 28V58" stroke="#fff" strokeWidth="3" opacity=".3" />
      <path d="M66 36 70 20 76 36Z" fill="#2dc653" />
    </g>
  ),
  金币: (
    <g>
      <circle cx="50" cy="54" r="38" fill="#a06a00" />
      <circle cx="50" cy="50" r="38" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <circle cx="50" cy="50" r="29" fill="none" stroke="#a06a00" strokeWidth="2.5" opacity=".7" />
      <path d="M50 28 56 44H72L59 54 64 70 50 60 36 70 41 54 28 44H44Z" fill="#a06a00" opacity=".8" />
      <path d="M26 30Q36 18 54 16" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity=".7" />
    </g>
  ),
};
