import type { ReactElement } from 'react';
import { MORE_ART } from './moreSymbolArt';
import { GOLD, INK, SHINE, SILVER } from './paint';

/**
 * The reel symbols' pictures, by the symbol's Chinese name (the machines' names are unique enough:
 * 珍珠 is the same pearl in 深海宝藏 and 宝石迷阵). Each draws in a 100×100 box and may use the
 * gradients SymbolTile defines in every tile: #sg-gold, #sg-shine (a highlight), #sg-silver.
 */

// ---- parts used by several symbols ---------------------------------------------------------------

const Gloss = ({ cx = 50, cy = 50, r = 40 }: { cx?: number; cy?: number; r?: number }) => <circle cx={cx} cy={cy} r={r} fill={SHINE} />;

const Coin = ({ hole = true }: { hole?: boolean }) => (
  <g>
    <circle cx="50" cy="52" r="38" fill="#a06a00" />
    <circle cx="50" cy="48" r="38" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
    <circle cx="50" cy="48" r="29" fill="none" stroke="#a06a00" strokeWidth="2.5" opacity=".7" />
    {hole ? <rect x="40" y="38" width="20" height="20" fill="#7a4a00" stroke="#ffe9a8" strokeWidth="2" /> : null}
    <path d="M26 30Q36 18 54 16" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity=".7" />
  </g>
);

/** A brilliant-cut stone from the side. */
const Brilliant = ({ fill }: { fill: string }) => (
  <g stroke="#fff" strokeOpacity=".55" strokeWidth="1.2" strokeLinejoin="round">
    <path d="M8 38 26 16H74L92 38 50 92Z" fill={fill} />
    <path d="M36 16H64L70 38H30Z" fill="#fff" opacity=".5" />
    <path d="M8 38 26 16 30 38Z" fill="#fff" opacity=".3" />
    <path d="M8 38H30L50 92Z" fill="#fff" opacity=".22" />
    <path d="M70 38H92L50 92Z" fill="#000" opacity=".3" />
    <path d="M30 38H70L50 92Z" fill="#fff" opacity=".08" />
  </g>
);

const Lollipop = ({ fill }: { fill: string }) => (
  <g>
    <rect x="46" y="60" width="8" height="36" rx="4" fill="#f4f4f4" />
    <circle cx="50" cy="42" r="34" fill={fill} />
    <path d="M50 42a3 3 0 0 1 6 0a6 6 0 0 1-12 0a10 10 0 0 1 20 0a14 14 0 0 1-28 0a18 18 0 0 1 36 0a22 22 0 0 1-44 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    <Gloss cy={42} r={34} />
  </g>
);

/** A Three Kingdoms general: robe, face, headgear, beard and his surname on a war banner. */
function General({ face, robe, hat, beard, name }: { face: string; robe: string; hat: ReactElement; beard?: ReactElement; name: string }) {
  return (
    <g>
      <path d="M78 6V40" stroke="#6b3a12" strokeWidth="3" />
      <path d="M79 7H97L92 16 97 25H79Z" fill="#c81e2a" />
      <text x="87" y="21" textAnchor="middle" fontSize="13" fontWeight="900" fill="#ffe29a">
        {name}
      </text>
      <path d="M16 100C16 78 30 70 50 70S84 78 84 100Z" fill={robe} />
      <path d="M38 72 50 86 62 72" fill="none" stroke={GOLD} strokeWidth="5" />
      <ellipse cx="50" cy="50" rx="18" ry="21" fill={face} />
      <path d="M37 44 46 46M63 44 54 46" stroke="#111" strokeWidth="3" strokeLinecap="round" />
      <path d="M40 51h5M55 51h5" stroke="#111" strokeWidth="3" strokeLinecap="round" />
      {beard}
      {hat}
    </g>
  );
}

const helmet = (fill: string, plume: string) => (
  <g>
    <path d="M30 50Q28 18 50 18T70 50L66 54V38H34V54Z" fill={fill} stroke="#5a4a2a" strokeWidth="1.5" />
    <path d="M32 38H68" stroke={GOLD} strokeWidth="4" />
    <path d="M50 18V8" stroke="#5a4a2a" strokeWidth="2.5" />
    <path d="M50 10C40 0 44-4 50-2 56-4 60 0 50 10Z" fill={plume} />
  </g>
);

// ---- the machines' symbols ------------------------------------------------------------------------

const ART: Record<string, ReactElement> = {
  // 水果派对
  红七: (
    <g>
      <path d="M18 14H84V28L52 90H32L64 30H18Z" fill="#a30d16" transform="translate(2 4)" />
      <path d="M18 14H84V28L52 90H32L64 30H18Z" fill="#e5202e" stroke="#ffd24a" strokeWidth="4" strokeLinejoin="round" />
      <path d="M24 19H78" stroke="#fff" strokeWidth="3" opacity=".6" />
    </g>
  ),
  铃铛: (
    <g>
      <circle cx="50" cy="10" r="6" fill="none" stroke="#c98a0b" strokeWidth="4" />
      <path d="M50 14C28 14 26 36 26 52 26 64 18 70 14 78H86C82 70 74 64 74 52 74 36 72 14 50 14Z" fill={GOLD} stroke="#b07d12" strokeWidth="2" />
      <rect x="12" y="76" width="76" height="9" rx="4" fill="#d9a632" />
      <circle cx="50" cy="90" r="7" fill="#b07d12" />
      <path d="M36 28Q32 44 34 62" stroke="#fff" strokeWidth="5" strokeLinecap="round" opacity=".6" fill="none" />
    </g>
  ),
  西瓜: (
    <g>
      <path d="M6 36A44 44 0 0 0 94 36Z" fill="#2d8a34" />
      <path d="M12 36A38 38 0 0 0 88 36Z" fill="#e9f5db" />
      <path d="M16 36A34 34 0 0 0 84 36Z" fill="#ef233c" />
      <g fill="#222">
        <ellipse cx="34" cy="48" rx="2.5" ry="4" />
        <ellipse cx="50" cy="56" rx="2.5" ry="4" />
        <ellipse cx="66" cy="48" rx="2.5" ry="4" />
        <ellipse cx="42" cy="62" rx="2.5" ry="4" />
        <ellipse cx="58" cy="62" rx="2.5" ry="4" />
      </g>
      <path d="M6 36H94" stroke="#1d6b25" strokeWidth="3" />
    </g>
  ),
  葡萄: (
    <g>
      <path d="M50 16Q52 6 60 4" stroke="#6b3a12" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M52 14Q72 2 84 16Q68 26 52 14Z" fill="#4caf50" />
      {[
        [36, 28], [50, 26], [64, 28], [30, 44], [44, 42], [58, 42], [72, 44], [38, 58], [52, 58], [66, 58], [45, 73], [59, 73], [52, 87],
      ].map(([x, y], i) => (
        <g key={i}>
          <circle cx={x} cy={y} r="9" fill="#6a1fb0" stroke="#3c0d6b" strokeWidth="1" />
          <circle cx={x! - 3} cy={y! - 3} r="2.5" fill="#fff" opacity=".6" />
        </g>
      ))}
    </g>
  ),
  橙子: (
    <g>
      <circle cx="50" cy="54" r="38" fill="#fb8500" />
      <circle cx="50" cy="54" r="38" fill={SHINE} />
      {[[36, 44], [60, 40], [68, 62], [44, 70], [30, 60], [54, 56]].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="1.8" fill="#c45f00" />
      ))}
      <path d="M50 18Q50 10 54 6" stroke="#6b3a12" strokeWidth="4" fill="none" strokeLinecap="round" />
      <path d="M52 16Q66 2 82 12Q68 24 52 16Z" fill="#3f9c35" />
    </g>
  ),
  柠檬: (
    <g>
      <path d="M6 54Q14 22 50 20Q86 22 94 50Q86 84 50 84Q14 84 6 54Z" fill="#ffd60a" stroke="#e0a800" strokeWidth="2.5" />
      <path d="M6 54 0 56M94 50 100 48" stroke="#e0a800" strokeWidth="5" strokeLinecap="round" />
      <ellipse cx="38" cy="38" rx="16" ry="6" fill="#fff" opacity=".55" transform="rotate(-12 38 38)" />
      <path d="M50 20Q48 12 54 8" stroke="#6b3a12" strokeWidth="3" fill="none" />
    </g>
  ),
  樱桃: (
    <g>
      <path d="M28 60Q32 28 58 10M72 62Q72 34 58 10" fill="none" stroke="#3d7a1c" strokeWidth="4.5" strokeLinecap="round" />
      <path d="M58 10Q80 0 90 18Q72 22 58 10Z" fill="#4caf50" />
      <circle cx="28" cy="72" r="20" fill="#d90429" />
      <circle cx="72" cy="72" r="20" fill="#d90429" />
      <circle cx="28" cy="72" r="20" fill={SHINE} />
      <circle cx="72" cy="72" r="20" fill={SHINE} />
    </g>
  ),

  // 财神到
  财神: (
    <g>
      <path d="M14 100C14 76 30 66 50 66S86 76 86 100Z" fill="#c81e2a" />
      <path d="M36 68 50 82 64 68" fill="none" stroke={GOLD} strokeWidth="5" />
      <ellipse cx="50" cy="48" rx="20" ry="22" fill="#ffd7b0" />
      <path d="M40 46q3-3 6 0M54 46q3-3 6 0" stroke="#3a2010" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <circle cx="38" cy="55" r="3.5" fill="#ff8a8a" opacity=".7" />
      <circle cx="62" cy="55" r="3.5" fill="#ff8a8a" opacity=".7" />
      <path d="M40 58Q50 64 60 58Q58 84 50 88Q42 84 40 58Z" fill="#1b1b1b" />
      <path d="M30 34Q30 10 50 10T70 34Z" fill="#c81e2a" />
      <rect x="29" y="30" width="42" height="8" rx="3" fill={GOLD} />
      <circle cx="50" cy="20" r="5" fill={GOLD} />
      <ellipse cx="16" cy="28" rx="15" ry="5" fill="#1b1b1b" transform="rotate(-14 16 28)" />
      <ellipse cx="84" cy="28" rx="15" ry="5" fill="#1b1b1b" transform="rotate(14 84 28)" />
    </g>
  ),
  元宝: (
    <g>
      <ellipse cx="50" cy="44" rx="20" ry="17" fill={GOLD} stroke="#b07d12" strokeWidth="2" />
      <ellipse cx="44" cy="37" rx="7" ry="4" fill="#fff" opacity=".6" />
      <path d="M4 34Q12 54 30 50H70Q88 54 96 34Q98 82 50 84Q2 82 4 34Z" fill={GOLD} stroke="#b07d12" strokeWidth="2.5" />
      <path d="M16 56Q50 72 84 56" fill="none" stroke="#fff" strokeWidth="3.5" opacity=".55" />
    </g>
  ),
  金蟾: (
    <g>
      <ellipse cx="50" cy="62" rx="40" ry="28" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <circle cx="28" cy="34" r="12" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <circle cx="72" cy="34" r="12" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <circle cx="28" cy="34" r="6" fill="#c81e2a" />
      <circle cx="72" cy="34" r="6" fill="#c81e2a" />
      <circle cx="28" cy="34" r="2.5" fill="#111" />
      <circle cx="72" cy="34" r="2.5" fill="#111" />
      {[[36, 58], [62, 56], [46, 76], [70, 74], [28, 74]].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="4" fill="#c99a2e" />
      ))}
      <path d="M30 48Q50 60 70 48" stroke="#7a4a00" strokeWidth="3" fill="none" />
      <circle cx="50" cy="56" r="10" fill="#ffe9a8" stroke="#7a4a00" strokeWidth="2" />
      <rect x="46" y="52" width="8" height="8" fill="#7a4a00" />
      <path d="M12 84Q4 94 16 94M88 84Q96 94 84 94" stroke="#a06a00" strokeWidth="5" fill="none" strokeLinecap="round" />
    </g>
  ),
  福袋: (
    <g>
      <path d="M30 30Q8 60 18 84Q28 96 50 96T82 84Q92 60 70 30Z" fill="#d62828" stroke="#8a0f14" strokeWidth="2" />
      <path d="M30 30Q24 14 34 6Q42 16 50 8Q58 16 66 6Q76 14 70 30Z" fill="#d62828" stroke="#8a0f14" strokeWidth="2" />
      <rect x="28" y="26" width="44" height="8" rx="4" fill={GOLD} />
      <circle cx="50" cy="64" r="20" fill={GOLD} />
      <text x="50" y="73" textAnchor="middle" fontSize="26" fontWeight="900" fill="#b3121d">
        福
      </text>
      <path d="M30 44Q24 60 26 76" stroke="#fff" strokeWidth="4" opacity=".35" fill="none" strokeLinecap="round" />
    </g>
  ),
  鞭炮: (
    <g>
      <path d="M50 14Q60 2 70 8" stroke="#6b3a12" strokeWidth="3" fill="none" />
      {[18, 36, 54, 72].map((x, i) => (
        <g key={x} transform={`rotate(${(i - 1.5) * 8} 50 60)`}>
          <rect x={x} y="24" width="14" height="64" rx="4" fill="#e3262f" stroke="#8a0f14" strokeWidth="1.5" />
          <rect x={x} y="30" width="14" height="6" fill={GOLD} />
          <rect x={x} y="76" width="14" height="6" fill={GOLD} />
          <path d={`M${x + 7} 24V14`} stroke="#6b3a12" strokeWidth="2" />
        </g>
      ))}
      <path d="M70 8l4-6M70 8l7 1M70 8l3 6" stroke="#ffd60a" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="70" cy="8" r="3" fill="#fff3b0" />
    </g>
  ),
  灯笼: (
    <g>
      <path d="M50 2V12" stroke="#b07d12" strokeWidth="3" />
      <rect x="34" y="10" width="32" height="9" rx="3" fill={GOLD} />
      <ellipse cx="50" cy="50" rx="38" ry="32" fill="#e3262f" />
      <ellipse cx="50" cy="50" rx="20" ry="32" fill="none" stroke="#a5101a" strokeWidth="2.5" />
      <path d="M50 18V82" stroke="#a5101a" strokeWidth="2.5" />
      <ellipse cx="36" cy="38" rx="10" ry="7" fill="#fff" opacity=".3" />
      <rect x="34" y="80" width="32" height="9" rx="3" fill={GOLD} />
      <path d="M44 89V100M50 89V100M56 89V100" stroke="#ffcf3a" strokeWidth="3" />
    </g>
  ),
  铜钱: <Coin />,
  红包: (
    <g>
      <rect x="18" y="6" width="64" height="88" rx="8" fill="#e3262f" stroke="#8a0f14" strokeWidth="2" />
      <path d="M18 16Q50 46 82 16V14Q82 6 74 6H26Q18 6 18 14Z" fill="#b3121d" />
      <circle cx="50" cy="34" r="13" fill={GOLD} stroke="#b07d12" strokeWidth="2" />
      <rect x="45" y="29" width="10" height="10" fill="#b3121d" />
      <path d="M28 70H72M28 80H72" stroke="#ffcf3a" strokeWidth="2.5" opacity=".7" />
    </g>
  ),

  // 龙凤呈祥
  金龙: (
    <g>
      <path d="M8 56C4 40 20 30 30 36S40 20 56 22L80 24Q94 30 86 40L70 44Q58 62 32 66Z" fill={GOLD} stroke="#a06a00" strokeWidth="2" />
      <path d="M40 26Q30 8 14 6M50 22Q48 6 36 2" stroke="#a06a00" strokeWidth="5" fill="none" strokeLinecap="round" />
      <path d="M26 38 6 30 16 44 0 52 18 56 8 68 32 62Z" fill="#e3262f" />
      <circle cx="58" cy="32" r="6" fill="#fff" />
      <circle cx="59" cy="32" r="3.2" fill="#111" />
      <path d="M84 40Q98 52 96 76M76 44Q84 64 72 84" stroke="#a06a00" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M70 44 86 40" stroke="#7a3b00" strokeWidth="2.5" />
      <path d="M78 44l2 6 3-5" fill="#fff" />
      <circle cx="44" cy="84" r="12" fill="#fff" stroke="#ff9f1c" strokeWidth="3" />
      <circle cx="40" cy="80" r="4" fill="#ffd166" />
    </g>
  ),
  彩凤: (
    <g>
      <g fill="none" strokeLinecap="round">
        <path d="M40 60Q10 74 6 98" stroke="#ff4d6d" strokeWidth="6" />
        <path d="M44 62Q30 84 30 100" stroke="#ffb703" strokeWidth="5" />
        <path d="M48 62Q52 84 62 98" stroke="#4cc9f0" strokeWidth="5" />
      </g>
      <circle cx="8" cy="94" r="5" fill="#4cc9f0" />
      <circle cx="62" cy="96" r="5" fill="#ff4d6d" />
      <path d="M30 62Q34 34 60 30Q76 30 78 18Q90 26 84 40Q76 56 54 62Z" fill="#ef233c" />
      <path d="M40 58Q44 40 66 42Q58 56 40 58Z" fill="#ffb703" />
      <path d="M84 20 96 24 84 28Z" fill="#ffb703" />
      <path d="M76 14Q72 2 80 0M80 14Q82 4 90 4" stroke="#ffb703" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="81" cy="20" r="2.5" fill="#111" />
    </g>
  ),
  麒麟: (
    <g>
      {Array.from({ length: 12 }, (_, i) => (
        <circle key={i} cx={50 + 36 * Math.cos((i * Math.PI) / 6)} cy={54 + 34 * Math.sin((i * Math.PI) / 6)} r="11" fill="#1f6b3a" />
      ))}
      <path d="M50 8 44 28H56Z" fill={GOLD} />
      <ellipse cx="50" cy="54" rx="32" ry="30" fill="#2b9348" />
      <ellipse cx="50" cy="54" rx="32" ry="30" fill={SHINE} />
      <circle cx="38" cy="46" r="8" fill="#fff" />
      <circle cx="62" cy="46" r="8" fill="#fff" />
      <circle cx="39" cy="47" r="4" fill="#111" />
      <circle cx="61" cy="47" r="4" fill="#111" />
      <path d="M30 36 44 40M70 36 56 40" stroke={GOLD} strokeWidth="4" strokeLinecap="round" />
      <ellipse cx="50" cy="66" rx="14" ry="10" fill="#95d5b2" />
      <circle cx="44" cy="64" r="2.5" fill="#1b4332" />
      <circle cx="56" cy="64" r="2.5" fill="#1b4332" />
      <path d="M40 74Q50 80 60 74" stroke="#1b4332" strokeWidth="2.5" fill="none" />
    </g>
  ),
  玉佩: (
    <g>
      <path d="M50 2V14" stroke="#c81e2a" strokeWidth="3" />
      <circle cx="50" cy="48" r="34" fill="#52b788" stroke="#2d6a4f" strokeWidth="2" />
      <circle cx="50" cy="48" r="12" fill="#0d0620" stroke="#2d6a4f" strokeWidth="2" />
      <circle cx="50" cy="48" r="23" fill="none" stroke="#b7e4c7" strokeWidth="2" strokeDasharray="4 5" />
      <path d="M24 30Q34 20 48 18" stroke="#fff" strokeWidth="4" opacity=".5" fill="none" strokeLinecap="round" />
      <path d="M44 84 50 80 56 84 50 88Z" fill="#c81e2a" />
      <path d="M46 88V100M50 88V100M54 88V100" stroke="#e3262f" strokeWidth="2.5" />
    </g>
  ),
  祥云: (
    <g>
      <path
        d="M10 70A14 14 0 0 1 22 48A20 20 0 0 1 58 36A17 17 0 0 1 88 54A12 12 0 0 1 86 76H16A8 8 0 0 1 10 70Z"
        fill="#caf0f8"
        stroke="#4cc9f0"
        strokeWidth="3"
      />
      <path d="M28 64Q28 54 38 54Q46 56 42 62M58 60Q58 48 70 50Q78 54 72 60" fill="none" stroke="#4cc9f0" strokeWidth="3" strokeLinecap="round" />
      <path d="M20 88Q40 80 62 88T96 86" fill="none" stroke="#4cc9f0" strokeWidth="3" strokeLinecap="round" opacity=".7" />
    </g>
  ),
  牡丹: (
    <g>
      <path d="M12 72Q26 58 40 70Q26 84 12 72ZM88 72Q74 58 60 70Q74 84 88 72Z" fill="#3f9c35" />
      {Array.from({ length: 8 }, (_, i) => (
        <ellipse key={i} cx="50" cy="30" rx="14" ry="22" fill="#f72585" transform={`rotate(${i * 45} 50 52)`} />
      ))}
      {Array.from({ length: 6 }, (_, i) => (
        <ellipse key={i} cx="50" cy="38" rx="10" ry="15" fill="#ff8fc7" transform={`rotate(${i * 60 + 30} 50 52)`} />
      ))}
      <circle cx="50" cy="52" r="9" fill="#ffd60a" />
    </g>
  ),
  如意: (
    <g>
      <path d="M30 90Q50 60 56 40" stroke="#7b2cbf" strokeWidth="10" fill="none" strokeLinecap="round" />
      <path d="M30 90Q50 60 56 40" stroke={GOLD} strokeWidth="3" fill="none" strokeDasharray="6 6" />
      <path d="M56 40C40 40 36 18 52 12C58 2 76 2 80 12C96 16 92 40 76 40Z" fill="#9d4edd" stroke={GOLD} strokeWidth="3" />
      <circle cx="66" cy="24" r="7" fill={GOLD} />
      <circle cx="30" cy="90" r="6" fill="#9d4edd" stroke={GOLD} strokeWidth="2" />
    </g>
  ),

  // 三国群英
  玉玺: (
    <g>
      <rect x="18" y="52" width="64" height="40" rx="6" fill="#2d9b6a" stroke="#1b5e40" strokeWidth="2" />
      <rect x="18" y="52" width="64" height="12" rx="4" fill="#52b788" />
      <path d="M26 54Q28 22 50 20Q72 22 74 54Z" fill="#52b788" stroke="#1b5e40" strokeWidth="2" />
      <circle cx="50" cy="30" r="7" fill="#b7e4c7" />
      <path d="M34 50Q42 38 50 44Q58 38 66 50" fill="none" stroke="#1b5e40" strokeWidth="3" />
      <rect x="30" y="70" width="40" height="16" rx="2" fill="#c81e2a" />
      <path d="M36 78H64M50 72V84" stroke="#ffe29a" strokeWidth="2" />
    </g>
  ),
  兵符: (
    <g>
      <path d="M22 96V24Q22 6 50 6T78 24V96Z" fill={GOLD} stroke="#8a5a00" strokeWidth="2.5" />
      <path d="M30 90V26Q30 14 50 14T70 26V90Z" fill="#7a1f10" />
      <text x="50" y="66" textAnchor="middle" fontSize="40" fontWeight="900" fill="#ffe29a">
        令
      </text>
      <circle cx="50" cy="22" r="4" fill="#ffe29a" />
    </g>
  ),
  刘备: (
    <General
      name="刘"
      face="#f3c9a0"
      robe="#2a9d8f"
      hat={<path d="M32 34 34 14 42 24 50 10 58 24 66 14 68 34Z" fill={GOLD} stroke="#8a5a00" strokeWidth="1.5" />}
      beard={<path d="M42 62Q50 58 58 62M47 66Q50 76 53 66" stroke="#222" strokeWidth="2.5" fill="none" strokeLinecap="round" />}
    />
  ),
  关羽: (
    <General
      name="关"
      face="#c0392b"
      robe="#1e8a4c"
      hat={<path d="M31 42Q30 16 50 16T69 42Q60 32 50 32T31 42Z" fill="#1e8a4c" stroke="#0f5a30" strokeWidth="1.5" />}
      beard={<path d="M38 60Q50 68 62 60Q62 94 50 100Q38 94 38 60Z" fill="#111" />}
    />
  ),
  张飞: (
    <General
      name="张"
      face="#6b4a36"
      robe="#343a40"
      hat={helmet('#2b2b2b', '#111')}
      beard={<path d="M30 56 34 64 28 70 38 72 36 80 46 76 50 84 54 76 64 80 62 72 72 70 66 64 70 56Q50 68 30 56Z" fill="#111" />}
    />
  ),
  赵云: <General name="赵" face="#f6d2b0" robe="#4361ee" hat={helmet(SILVER, '#fff')} beard={<path d="M45 62Q50 65 55 62" stroke="#7a3b2a" strokeWidth="2.5" fill="none" strokeLinecap="round" />} />,
  曹操: (
    <General
      name="曹"
      face="#efc39a"
      robe="#495057"
      hat={
        <g>
          <path d="M31 38Q31 14 50 14T69 38Z" fill="#1b1b1b" />
          <path d="M10 30 30 34M90 30 70 34" stroke="#1b1b1b" strokeWidth="4" strokeLinecap="round" />
        </g>
      }
      beard={<path d="M40 60Q50 56 60 60M46 64 50 80 54 64Z" stroke="#222" strokeWidth="2.5" fill="#222" strokeLinejoin="round" />}
    />
  ),
  孙权: (
    <General
      name="孙"
      face="#f3c9a0"
      robe="#7209b7"
      hat={<path d="M32 34 34 16 42 24 50 12 58 24 66 16 68 34Z" fill="#c77dff" stroke={GOLD} strokeWidth="3" />}
      beard={<path d="M38 60Q50 68 62 60Q60 80 50 84Q40 80 38 60Z" fill="#7b2cbf" />}
    />
  ),
  战鼓: (
    <g>
      <path d="M10 8 46 40M90 8 54 40" stroke="#6b3a12" strokeWidth="5" strokeLinecap="round" />
      <circle cx="10" cy="8" r="6" fill="#e3262f" />
      <circle cx="90" cy="8" r="6" fill="#e3262f" />
      <path d="M14 40Q10 64 14 86H86Q90 64 86 40Z" fill="#b02020" stroke="#6b1010" strokeWidth="2" />
      <ellipse cx="50" cy="40" rx="36" ry="12" fill="#f1dcb0" stroke="#8a5a00" strokeWidth="3" />
      <ellipse cx="50" cy="86" rx="36" ry="10" fill="#8a1a1a" />
      {[22, 36, 50, 64, 78].map((x) => (
        <circle key={x} cx={x} cy="54" r="2.5" fill={GOLD} />
      ))}
      <path d="M20 70Q50 78 80 70" stroke={GOLD} strokeWidth="3" fill="none" />
    </g>
  ),
  宝剑: (
    <g transform="rotate(40 50 50)">
      <path d="M45 70V14L50 2 55 14V70Z" fill={SILVER} stroke="#6c7a89" strokeWidth="1.5" />
      <path d="M50 6V68" stroke="#fff" strokeWidth="1.5" opacity=".8" />
      <path d="M30 70H70L66 78H34Z" fill={GOLD} stroke="#8a5a00" strokeWidth="1.5" />
      <rect x="46" y="78" width="8" height="14" fill="#6b3a12" />
      <circle cx="50" cy="95" r="5" fill={GOLD} />
      <path d="M50 98Q44 104 38 100" stroke="#e3262f" strokeWidth="3" fill="none" />
    </g>
  ),

  // 埃及艳后
  艳后: (
    <g>
      <path d="M20 100C20 82 32 74 50 74S80 82 80 100Z" fill="#1d3557" />
      <path d="M26 84Q50 100 74 84" fill="none" stroke={GOLD} strokeWidth="6" />
      <path d="M22 40Q22 8 50 8T78 40V84H22Z" fill="#141021" />
      <ellipse cx="50" cy="48" rx="19" ry="24" fill="#e8b889" />
      <path d="M30 36Q32 18 50 18T70 36V40H30Z" fill="#141021" />
      <rect x="29" y="28" width="42" height="6" rx="2" fill={GOLD} />
      <path d="M50 28Q44 20 50 14Q56 20 50 28Z" fill={GOLD} />
      <path d="M38 46q4-4 8 0q-4 3-8 0ZM54 46q4-4 8 0q-4 3-8 0Z" fill="#111" />
      <path d="M36 41q6-3 11 0M53 41q6-3 11 0" stroke="#19a5c9" strokeWidth="2" fill="none" />
      <path d="M45 60q5 3 10 0q-5-2-10 0Z" fill="#c81e2a" />
    </g>
  ),
  金字塔: (
    <g>
      <circle cx="74" cy="26" r="14" fill="#fff3b0" />
      <path d="M4 88 48 18 92 88Z" fill={GOLD} stroke="#8a5a00" strokeWidth="2" strokeLinejoin="round" />
      <path d="M48 18 92 88H60Z" fill="#a8711c" />
      <path d="M20 62H72M13 75H80M28 49H62" stroke="#8a5a00" strokeWidth="1.5" opacity=".6" />
      <path d="M36 54Q48 44 60 54Q48 62 36 54Z" fill="#fff" />
      <circle cx="48" cy="54" r="4" fill="#1d3557" />
    </g>
  ),
  法老: (
    <g>
      <path d="M50 6C24 6 20 24 18 40L8 92H92L82 40C80 24 76 6 50 6Z" fill="url(#sg-nemes)" stroke="#8a5a00" strokeWidth="2" />
      <ellipse cx="50" cy="48" rx="20" ry="24" fill={GOLD} />
      <rect x="28" y="20" width="44" height="8" fill="#1d3557" />
      <path d="M50 20Q44 12 50 6Q56 12 50 20Z" fill="#1d3557" />
      <path d="M36 44h10M54 44h10" stroke="#1d3557" strokeWidth="4" strokeLinecap="round" />
      <path d="M46 58h8" stroke="#8a5a00" strokeWidth="2.5" />
      <path d="M44 72H56L54 94H46Z" fill="url(#sg-nemes)" stroke="#8a5a00" strokeWidth="1.5" />
    </g>
  ),
  圣甲虫: (
    <g>
      <circle cx="50" cy="14" r="11" fill="#e85d04" />
      <path d="M48 50Q8 26 4 52Q18 70 46 60ZM52 50Q92 26 96 52Q82 70 54 60Z" fill="#48cae4" stroke="#0077b6" strokeWidth="2" />
      <ellipse cx="50" cy="62" rx="17" ry="26" fill="#1b7f6b" stroke={GOLD} strokeWidth="3" />
      <path d="M50 38V88" stroke={GOLD} strokeWidth="2.5" />
      <ellipse cx="50" cy="32" rx="11" ry="8" fill="#1b7f6b" stroke={GOLD} strokeWidth="3" />
      <path d="M36 30Q32 24 38 20M64 30Q68 24 62 20M34 70 20 80M66 70 80 80M34 84 24 96M66 84 76 96" stroke={GOLD} strokeWidth="3" fill="none" strokeLinecap="round" />
      <ellipse cx="44" cy="54" rx="4" ry="9" fill="#fff" opacity=".35" />
    </g>
  ),
  荷鲁斯之眼: (
    <g fill="none" stroke="#0b3a66" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="50" cy="50" r="46" fill="#48cae4" stroke="none" opacity=".35" />
      <path d="M12 42Q50 12 88 42" strokeWidth="6" />
      <path d="M16 50Q50 24 86 50Q50 72 16 50Z" fill="#fff" strokeWidth="5" />
      <circle cx="50" cy="49" r="11" fill="#0b3a66" stroke="none" />
      <path d="M86 50H96M44 62 40 90M56 62Q64 84 76 78Q84 74 78 68" strokeWidth="5" />
    </g>
  ),
  安卡: (
    <g>
      <path d="M50 40C30 40 30 6 50 6S70 40 50 40ZM22 44H78M50 42V96" fill="none" stroke="#8a5a00" strokeWidth="16" strokeLinecap="round" />
      <path d="M50 40C30 40 30 6 50 6S70 40 50 40ZM22 44H78M50 42V96" fill="none" stroke={GOLD} strokeWidth="11" strokeLinecap="round" />
      <circle cx="50" cy="44" r="5" fill="#00b4d8" />
    </g>
  ),
  猫神: (
    <g>
      <path d="M30 98Q22 70 34 52L28 24 40 36H60L72 24 66 52Q78 70 70 98Z" fill="#1b1b28" stroke="#6d597a" strokeWidth="2" />
      <path d="M70 96Q94 90 88 66" stroke="#1b1b28" strokeWidth="7" fill="none" strokeLinecap="round" />
      <path d="M40 46q4-3 8 0q-4 3-8 0ZM52 46q4-3 8 0q-4 3-8 0Z" fill="#ffd60a" />
      <path d="M36 62Q50 72 64 62" stroke={GOLD} strokeWidth="5" fill="none" />
      <circle cx="50" cy="70" r="5" fill="#00b4d8" stroke={GOLD} strokeWidth="2" />
      <circle cx="31" cy="32" r="3" fill={GOLD} />
    </g>
  ),
  莲花: (
    <g>
      <path d="M8 84Q50 100 92 84Q50 90 8 84Z" fill="#2a9d8f" />
      <path d="M50 82Q10 80 8 46Q34 50 50 82Z" fill="#90e0ef" stroke="#0077b6" strokeWidth="1.5" />
      <path d="M50 82Q90 80 92 46Q66 50 50 82Z" fill="#90e0ef" stroke="#0077b6" strokeWidth="1.5" />
      <path d="M50 84Q22 64 30 28Q46 48 50 84Z" fill="#4cc9f0" stroke="#0077b6" strokeWidth="1.5" />
      <path d="M50 84Q78 64 70 28Q54 48 50 84Z" fill="#4cc9f0" stroke="#0077b6" strokeWidth="1.5" />
      <path d="M50 84Q34 50 50 12Q66 50 50 84Z" fill="#caf0f8" stroke="#0077b6" strokeWidth="1.5" />
    </g>
  ),

  // 糖果乐园
  彩虹糖: (
    <g>
      <rect x="46" y="62" width="8" height="36" rx="4" fill="#f4f4f4" />
      {['#ff006e', '#fb5607', '#ffbe0b', '#3a86ff', '#8338ec'].map((c, i) => (
        <circle key={c} cx="50" cy="42" r={38 - i * 7} fill={c} />
      ))}
      <circle cx="50" cy="42" r="4" fill="#fff" />
      <Gloss cy={42} r={38} />
    </g>
  ),
  棒棒糖: <Lollipop fill="#fb5607" />,
  软糖: (
    <g fill="#8338ec" stroke="#5a1fb0" strokeWidth="2">
      <circle cx="32" cy="16" r="9" />
      <circle cx="68" cy="16" r="9" />
      <circle cx="50" cy="30" r="22" />
      <ellipse cx="50" cy="70" rx="26" ry="26" />
      <circle cx="22" cy="58" r="9" />
      <circle cx="78" cy="58" r="9" />
      <circle cx="32" cy="90" r="10" />
      <circle cx="68" cy="90" r="10" />
      <ellipse cx="50" cy="66" rx="26" ry="26" fill={SHINE} stroke="none" />
      <circle cx="42" cy="26" r="3" fill="#2a0a4a" stroke="none" />
      <circle cx="58" cy="26" r="3" fill="#2a0a4a" stroke="none" />
      <ellipse cx="50" cy="36" rx="6" ry="4" fill="#c9a6ff" stroke="none" />
    </g>
  ),
  巧克力: (
    <g>
      <rect x="14" y="8" width="72" height="86" rx="6" fill="#6f4518" stroke="#3a2008" strokeWidth="2" />
      {[0, 1, 2].flatMap((r) =>
        [0, 1].map((c) => <rect key={`${r}${c}`} x={20 + c * 32} y={14 + r * 22} width="28" height="18" rx="3" fill="#8b5a2b" stroke="#4a2a0c" strokeWidth="1.5" />),
      )}
      <path d="M12 64 88 56V96H12Z" fill="#c81e2a" />
      <path d="M12 64 20 60 28 66 36 58 44 64 52 58 60 64 68 56 76 62 88 56" fill="none" stroke="#ddd" strokeWidth="3" />
      <rect x="12" y="76" width="76" height="8" fill={GOLD} />
    </g>
  ),
  甜甜圈: (
    <g>
      <circle cx="50" cy="54" r="42" fill="#d9984e" />
      <path d="M10 50Q14 12 50 12T90 50Q84 58 76 52Q70 62 60 56Q50 66 40 56Q30 62 24 54Q16 60 10 50Z" fill="#ff99c8" />
      <circle cx="50" cy="50" r="13" fill="#0d0620" stroke="#b97a3a" strokeWidth="3" />
      {[[30, 30, 20, '#fff'], [62, 24, -30, '#ffd60a'], [72, 40, 60, '#70d6ff'], [26, 46, 100, '#7cdb5a'], [44, 22, -60, '#70d6ff'], [70, 28, 10, '#fff']].map(
        ([x, y, r, c], i) => <rect key={i} x={x as number} y={y as number} width="9" height="3.5" rx="1.7" fill={c as string} transform={`rotate(${r} ${x} ${y})`} />,
      )}
    </g>
  ),
  冰淇淋: (
    <g>
      <path d="M26 46 50 98 74 46Z" fill="#e0a458" stroke="#a0672a" strokeWidth="2" />
      <path d="M32 58 62 52M38 72 66 64M30 50 56 90M44 48 64 74" stroke="#a0672a" strokeWidth="2" />
      <circle cx="36" cy="42" r="16" fill="#a0c4ff" />
      <circle cx="64" cy="42" r="16" fill="#ffadad" />
      <circle cx="50" cy="26" r="18" fill="#fdffb6" />
      <circle cx="50" cy="8" r="6" fill="#d00000" />
      <path d="M50 4Q54-2 60 0" stroke="#3d7a1c" strokeWidth="2" fill="none" />
    </g>
  ),
  马卡龙: (
    <g>
      <ellipse cx="50" cy="70" rx="40" ry="18" fill="#88d498" />
      <rect x="12" y="52" width="76" height="12" rx="6" fill="#fff8e7" />
      <ellipse cx="50" cy="44" rx="40" ry="20" fill="#a7e8a0" />
      <path d="M12 52Q16 58 20 52T28 52 36 52 44 52 52 52 60 52 68 52 76 52 88 52" stroke="#6fbf73" strokeWidth="3" fill="none" />
      <ellipse cx="38" cy="36" rx="14" ry="5" fill="#fff" opacity=".55" />
    </g>
  ),

  // 深海宝藏
  美人鱼: (
    <g>
      <path d="M44 60Q30 80 50 90Q64 96 70 82" stroke="#2a9d8f" strokeWidth="14" fill="none" strokeLinecap="round" />
      <path d="M70 82 92 70 84 92 96 98 70 92Z" fill="#48cae4" stroke="#0077b6" strokeWidth="1.5" />
      <path d="M40 60Q50 50 60 60" stroke="#48cae4" strokeWidth="4" fill="none" />
      <path d="M26 34Q24 6 50 6T74 34Q80 56 70 70L64 44H36L30 70Q20 56 26 34Z" fill="#ff6b6b" />
      <ellipse cx="50" cy="36" rx="16" ry="19" fill="#ffd9bf" />
      <path d="M34 30Q40 14 56 18Q66 22 66 32Q52 22 34 30Z" fill="#ff6b6b" />
      <path d="M42 38q3-3 6 0M52 38q3-3 6 0" stroke="#3a2010" strokeWidth="2" fill="none" strokeLinecap="round" />
      <path d="M46 46q4 3 8 0" stroke="#d6336c" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      <path d="M36 60Q42 52 50 60Q58 52 64 60" fill="#c77dff" />
    </g>
  ),
  宝箱: (
    <g>
      <path d="M12 40Q12 12 50 12T88 40Z" fill="#8b4a1c" stroke="#4a2208" strokeWidth="2" />
      <rect x="12" y="40" width="76" height="50" rx="4" fill="#8b4a1c" stroke="#4a2208" strokeWidth="2" />
      <path d="M12 40H88M24 14V90M76 14V90" stroke={GOLD} strokeWidth="7" />
      <rect x="42" y="34" width="16" height="20" rx="3" fill={GOLD} stroke="#8a5a00" strokeWidth="1.5" />
      <circle cx="50" cy="44" r="3" fill="#4a2208" />
      <path d="M14 40Q50 30 86 40" stroke="#ffe38a" strokeWidth="2" fill="none" opacity=".8" />
    </g>
  ),
  珍珠: (
    <g>
      <path d="M6 64Q50 108 94 64Q50 78 6 64Z" fill="#ffafcc" stroke="#c9184a" strokeWidth="2" />
      <path d="M10 60Q14 14 50 12T90 60Q50 48 10 60Z" fill="#ffc8dd" stroke="#c9184a" strokeWidth="2" />
      <path d="M30 52Q30 30 36 20M50 48V14M70 52Q70 30 64 20" stroke="#c9184a" strokeWidth="1.5" opacity=".5" fill="none" />
      <circle cx="50" cy="62" r="16" fill="#f8f9fa" stroke="#adb5bd" strokeWidth="1.5" />
      <circle cx="44" cy="56" r="5" fill="#fff" />
    </g>
  ),
  海马: (
    <g>
      <path
        d="M44 14Q56 4 66 12L88 18Q90 24 84 24L66 24Q70 34 64 46Q74 58 66 72Q58 86 44 84Q34 82 36 74Q38 68 46 70Q52 72 52 66Q50 56 40 50Q30 40 36 26Q38 18 44 14Z"
        fill="#f4a261"
        stroke="#b5541b"
        strokeWidth="2"
      />
      <path d="M36 26 26 22 32 32 22 36 34 40 26 48 40 48" fill="#e76f51" />
      <circle cx="58" cy="18" r="3.5" fill="#111" />
      <path d="M56 36Q62 42 58 50M58 54Q64 62 58 68" stroke="#b5541b" strokeWidth="2" fill="none" />
      <path d="M44 84Q40 96 52 96Q60 94 56 88" stroke="#f4a261" strokeWidth="6" fill="none" strokeLinecap="round" />
    </g>
  ),
  海龟: (
    <g>
      <path d="M26 34 8 22 14 40ZM74 34 92 22 86 40ZM28 70 10 86 30 80ZM72 70 90 86 70 80Z" fill="#52b788" stroke="#1b5e40" strokeWidth="2" strokeLinejoin="round" />
      <ellipse cx="50" cy="14" rx="10" ry="11" fill="#52b788" stroke="#1b5e40" strokeWidth="2" />
      <circle cx="46" cy="12" r="2" fill="#111" />
      <circle cx="54" cy="12" r="2" fill="#111" />
      <ellipse cx="50" cy="54" rx="30" ry="34" fill="#2a9d8f" stroke="#1b5e40" strokeWidth="2.5" />
      <path d="M50 38 62 46V62L50 70 38 62V46ZM50 38V22M62 46 76 40M62 62 76 70M50 70V86M38 62 24 70M38 46 24 40" fill="#40b49f" stroke="#1b5e40" strokeWidth="2" />
    </g>
  ),
  海星: (
    <g>
      <path
        d="M50 8 60 38 92 38 66 56 76 88 50 68 24 88 34 56 8 38 40 38Z"
        fill="#ef476f"
        stroke="#ef476f"
        strokeWidth="10"
        strokeLinejoin="round"
      />
      <path d="M50 8 60 38 92 38 66 56 76 88 50 68 24 88 34 56 8 38 40 38Z" fill="#ff8fab" />
      {[[50, 30], [50, 46], [66, 44], [34, 44], [60, 60], [40, 60], [50, 56]].map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r="2.6" fill="#ffe5ec" />
      ))}
    </g>
  ),
  贝壳: (
    <g>
      <path d="M50 88 8 44Q10 10 50 8T92 44Z" fill="#ffafcc" stroke="#c9184a" strokeWidth="2" strokeLinejoin="round" />
      <path d="M50 88 20 18M50 88 36 10M50 88V8M50 88 64 10M50 88 80 18M50 88 10 40M50 88 90 40" stroke="#c9184a" strokeWidth="2" opacity=".6" />
      <path d="M38 90H62L56 80H44Z" fill="#ff8fab" stroke="#c9184a" strokeWidth="2" />
      <path d="M22 30Q36 16 50 16" stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none" opacity=".6" />
    </g>
  ),
  章鱼: (
    <g>
      <g fill="none" stroke="#9d4edd" strokeWidth="9" strokeLinecap="round">
        <path d="M30 56Q10 70 16 88Q24 92 22 82" />
        <path d="M40 62Q32 84 40 94" />
        <path d="M60 62Q68 84 60 94" />
        <path d="M70 56Q90 70 84 88Q76 92 78 82" />
      </g>
      <path d="M16 46Q14 8 50 8T84 46Q84 64 50 64T16 46Z" fill="#9d4edd" />
      <path d="M16 46Q14 8 50 8T84 46Q84 64 50 64T16 46Z" fill={SHINE} />
      <circle cx="38" cy="40" r="8" fill="#fff" />
      <circle cx="62" cy="40" r="8" fill="#fff" />
      <circle cx="39" cy="41" r="4" fill="#111" />
      <circle cx="61" cy="41" r="4" fill="#111" />
      <path d="M44 54Q50 58 56 54" stroke="#3c096c" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </g>
  ),
  珊瑚: (
    <g fill="none" stroke="#ff6b6b" strokeLinecap="round">
      <path d="M50 96V50M50 70 28 50V26M28 50 16 38M50 60 74 40V18M74 40 88 30M50 50 44 20M28 26 22 12M74 18 82 8" strokeWidth="10" />
      <path d="M50 96V50M50 70 28 50V26M50 60 74 40V18M50 50 44 20" stroke="#ffa8a8" strokeWidth="3" />
      <path d="M30 96H70" stroke="#e9c46a" strokeWidth="8" />
    </g>
  ),

  // 宝石迷阵
  钻石: <Brilliant fill="#a5f3fc" />,
  皇冠: (
    <g>
      <path d="M10 82 4 26 30 50 50 14 70 50 96 26 90 82Z" fill={GOLD} stroke="#a06a00" strokeWidth="2.5" strokeLinejoin="round" />
      <rect x="10" y="78" width="80" height="14" rx="4" fill="#d9a632" stroke="#a06a00" strokeWidth="2" />
      <circle cx="4" cy="24" r="6" fill="#fff3b0" />
      <circle cx="50" cy="12" r="7" fill="#fff3b0" />
      <circle cx="96" cy="24" r="6" fill="#fff3b0" />
      <circle cx="50" cy="62" r="8" fill="#d00000" />
      <circle cx="28" cy="66" r="5" fill="#0077b6" />
      <circle cx="72" cy="66" r="5" fill="#2d6a4f" />
    </g>
  ),
  红宝石: <Brilliant fill="#d00000" />,
  蓝宝石: (
    <g stroke="#fff" strokeOpacity=".5" strokeWidth="1.2">
      <ellipse cx="50" cy="50" rx="34" ry="44" fill="#0a5cc2" />
      <ellipse cx="50" cy="50" rx="16" ry="22" fill="#3a8ef6" />
      <path d="M50 6V28M50 72V94M16 50H34M66 50H84M26 18 40 34M74 18 60 34M26 82 40 66M74 82 60 66" />
      <path d="M34 28Q40 18 50 16" stroke="#fff" strokeOpacity=".8" strokeWidth="4" strokeLinecap="round" fill="none" />
    </g>
  ),
  祖母绿: (
    <g stroke="#fff" strokeOpacity=".45" strokeWidth="1.2">
      <path d="M28 8H72L90 26V74L72 92H28L10 74V26Z" fill="#1b7f4b" />
      <path d="M34 20H66L78 32V68L66 80H34L22 68V32Z" fill="#2dab6a" />
      <path d="M40 32H60L66 38V62L60 68H40L34 62V38Z" fill="#52d68a" />
      <path d="M28 8 40 32M72 8 60 32M28 92 40 68M72 92 60 68" />
      <path d="M34 20H66" stroke="#fff" strokeOpacity=".9" strokeWidth="3" />
    </g>
  ),
  紫水晶: (
    <g stroke="#e0c3fc" strokeOpacity=".7" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M30 96V36L50 4 70 36V96Z" fill="#7b2cbf" />
      <path d="M50 4V96M30 36H70" />
      <path d="M50 4 30 36H50Z" fill="#c77dff" />
      <path d="M10 96V60L22 40 34 60V96Z" fill="#9d4edd" />
      <path d="M66 96V56L80 34 92 56V96Z" fill="#5a189a" />
      <path d="M36 40V88" stroke="#fff" strokeOpacity=".6" strokeWidth="3" />
    </g>
  ),
  黄玉: (
    <g stroke="#fff" strokeOpacity=".55" strokeWidth="1.2">
      <path d="M50 4C64 28 84 50 84 66A34 30 0 0 1 16 66C16 50 36 28 50 4Z" fill="#f4a261" />
      <path d="M50 20C58 36 70 52 70 64A20 18 0 0 1 30 64C30 52 42 36 50 20Z" fill="#ffc58a" />
      <path d="M50 4V96M16 66H84M50 40 30 64M50 40 70 64" />
      <path d="M36 40Q42 28 48 20" stroke="#fff" strokeOpacity=".9" strokeWidth="3" strokeLinecap="round" fill="none" />
    </g>
  ),
};

/** The symbol's picture, or null when no machine draws it (SymbolTile then falls back to its name). */
export function symbolArt(name: string): ReactElement | null {
  return ART[name] ?? MORE_ART[name] ?? null;
}
