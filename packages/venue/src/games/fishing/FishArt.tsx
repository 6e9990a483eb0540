/** Inline SVG fish by species (no images): drawn facing right; the tank mirrors them for leftward swimmers. */
export function FishArt({ kind, color }: { kind: string; color: string }) {
  const id = `f-${kind}`;
  const grad = (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#fff" stopOpacity="0.7" />
        <stop offset="0.3" stopColor={color} />
        <stop offset="1" stopColor={color} stopOpacity="0.75" />
      </linearGradient>
    </defs>
  );
  const fill = `url(#${id})`;
  switch (kind) {
    case 'turtle':
      return (
        <svg viewBox="0 0 120 80">
          {grad}
          <ellipse cx="28" cy="18" rx="14" ry="7" fill="#7fc8a9" transform="rotate(-30 28 18)" />
          <ellipse cx="28" cy="62" rx="14" ry="7" fill="#7fc8a9" transform="rotate(30 28 62)" />
          <ellipse cx="76" cy="16" rx="16" ry="7" fill="#7fc8a9" transform="rotate(30 76 16)" />
          <ellipse cx="76" cy="64" rx="16" ry="7" fill="#7fc8a9" transform="rotate(-30 76 64)" />
          <circle cx="102" cy="40" r="11" fill="#7fc8a9" />
          <circle cx="106" cy="36" r="2.2" fill="#111" />
          <ellipse cx="56" cy="40" rx="36" ry="27" fill={fill} stroke="#1b5e55" strokeWidth="3" />
          <path d="M56 20 68 30 64 46 48 46 44 30Z M56 20V13 M68 30 84 26 M64 46 76 58 M48 46 36 58 M44 30 28 26" stroke="#1b5e55" strokeWidth="2.5" fill="none" />
        </svg>
      );
    case 'manta':
      return (
        <svg viewBox="0 0 120 90">
          {grad}
          <path d="M8 45 Q6 56 2 64" stroke={color} strokeWidth="3" fill="none" />
          <path d="M10 45 Q50 -8 100 30 Q118 45 100 60 Q50 98 10 45Z" fill={fill} stroke="rgba(0,0,0,.35)" strokeWidth="2" />
          <circle cx="98" cy="38" r="3" fill="#fff" />
          <circle cx="98" cy="52" r="3" fill="#fff" />
          <path d="M40 45 Q60 38 84 45" stroke="rgba(255,255,255,.4)" strokeWidth="3" fill="none" />
        </svg>
      );
    case 'shark':
      return (
        <svg viewBox="0 0 160 70">
          {grad}
          <path d="M4 14 L30 36 L4 60 L16 36Z" fill={color} />
          <path d="M70 20 L84 0 L94 22Z" fill={color} />
          <path d="M22 36 Q60 10 128 22 Q158 30 156 38 Q140 52 100 54 Q60 58 22 36Z" fill={fill} stroke="rgba(0,0,0,.35)" strokeWidth="2" />
          <path d="M60 48 Q100 56 144 42" fill="#edf2f4" opacity="0.8" />
          <circle cx="132" cy="30" r="3" fill="#111" />
          <path d="M118 30v12 M112 30v12 M106 30v12" stroke="rgba(0,0,0,.35)" strokeWidth="1.5" />
        </svg>
      );
    case 'golden_dragon':
      return (
        <svg viewBox="0 0 200 80">
          {grad}
          <path d="M6 30 L30 40 L6 52 L14 40Z" fill="#ff9f1c" />
          <path d="M26 40 Q50 10 80 34 Q110 58 140 30 Q160 14 184 30 Q196 40 184 50 Q160 62 140 48 Q110 24 80 50 Q50 72 26 40Z" fill={fill} stroke="#b8860b" strokeWidth="2.5" />
          <path d="M50 24 54 14 60 26 M80 34 84 22 90 36 M112 40 116 28 122 42 M142 30 146 18 152 30" stroke="#ff9f1c" strokeWidth="3" fill="none" />
          <circle cx="176" cy="36" r="3.5" fill="#b30000" />
          <path d="M186 44 Q198 52 196 62 M182 46 Q190 60 184 70" stroke="#ff9f1c" strokeWidth="2" fill="none" />
        </svg>
      );
    case 'jellyfish':
      return (
        <svg viewBox="0 0 80 90">
          {grad}
          <path d="M20 44Q14 64 22 86M32 46Q28 70 36 88M48 46Q52 70 44 88M60 44Q66 64 58 86" stroke={color} strokeWidth="3.5" fill="none" strokeLinecap="round" opacity=".85" />
          <path d="M8 46Q8 6 40 6T72 46Q64 40 56 46 48 40 40 46 32 40 24 46 16 40 8 46Z" fill={fill} stroke="rgba(0,0,0,.25)" strokeWidth="2" />
          <path d="M20 24Q28 12 40 12" stroke="#fff" strokeWidth="3" fill="none" opacity=".7" strokeLinecap="round" />
          <circle cx="32" cy="32" r="3" fill="#111" />
          <circle cx="48" cy="32" r="3" fill="#111" />
        </svg>
      );
    case 'squid':
      return (
        <svg viewBox="0 0 120 60">
          {grad}
          <path d="M40 22Q20 10 4 14M40 26Q18 24 2 30M40 34Q18 36 2 46M40 38Q22 50 6 56" stroke={color} strokeWidth="4" fill="none" strokeLinecap="round" />
          <path d="M36 30Q60 8 96 16L116 30 96 44Q60 52 36 30Z" fill={fill} stroke="rgba(0,0,0,.3)" strokeWidth="2" />
          <path d="M96 16 116 30 96 44Q104 30 96 16Z" fill={color} />
          <circle cx="50" cy="26" r="5" fill="#fff" />
          <circle cx="49" cy="26" r="2.6" fill="#111" />
        </svg>
      );
    case 'octopus':
      return (
        <svg viewBox="0 0 100 90">
          {grad}
          <path d="M26 52Q10 70 20 86M38 56Q30 76 40 88M54 56Q60 78 52 90M66 52Q84 68 78 86M20 48Q2 52 4 68M76 46Q96 48 94 64" stroke={color} strokeWidth="7" fill="none" strokeLinecap="round" />
          <ellipse cx="50" cy="34" rx="30" ry="28" fill={fill} stroke="rgba(0,0,0,.3)" strokeWidth="2" />
          <circle cx="40" cy="36" r="6" fill="#fff" />
          <circle cx="60" cy="36" r="6" fill="#fff" />
          <circle cx="41" cy="37" r="3" fill="#111" />
          <circle cx="61" cy="37" r="3" fill="#111" />
          <path d="M44 48Q50 52 56 48" stroke="#3b0764" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        </svg>
      );
    case 'swordfish':
      return (
        <svg viewBox="0 0 180 60">
          {grad}
          <path d="M4 8 30 30 4 52 14 30Z" fill={color} />
          <path d="M64 18 80 0 96 20Z" fill={color} />
          <path d="M24 30Q60 8 120 20L178 28 120 34Q60 54 24 30Z" fill={fill} stroke="rgba(0,0,0,.3)" strokeWidth="2" />
          <path d="M50 38Q90 46 124 32" fill="#e0f2fe" opacity=".75" />
          <circle cx="112" cy="24" r="3.5" fill="#fff" />
          <circle cx="112.5" cy="24" r="2" fill="#111" />
        </svg>
      );
    case 'whale':
      return (
        <svg viewBox="0 0 200 90">
          {grad}
          <path d="M4 16Q22 30 30 46 22 66 4 80Q30 76 44 54Z" fill={color} />
          <path d="M36 50Q60 10 130 14Q192 18 196 50Q192 80 130 84Q70 88 36 50Z" fill={fill} stroke="rgba(0,0,0,.3)" strokeWidth="2" />
          <path d="M80 66Q130 86 186 62" fill="#bfdbfe" opacity=".7" />
          <path d="M110 70Q130 76 150 70M116 76Q134 80 150 76" stroke="#1e3a8a" strokeWidth="1.5" fill="none" opacity=".6" />
          <circle cx="166" cy="44" r="4" fill="#111" />
          <path d="M150 10Q146 0 140 2M152 10Q154 0 160 0" stroke="#bfdbfe" strokeWidth="3" fill="none" strokeLinecap="round" />
        </svg>
      );
    case 'golden_toad':
      return (
        <svg viewBox="0 0 120 90">
          {grad}
          <path d="M20 70Q4 80 10 88M100 70Q116 80 110 88" stroke="#b8860b" strokeWidth="6" fill="none" strokeLinecap="round" />
          <ellipse cx="60" cy="56" rx="48" ry="30" fill={fill} stroke="#b8860b" strokeWidth="2.5" />
          <circle cx="36" cy="28" r="14" fill={fill} stroke="#b8860b" strokeWidth="2" />
          <circle cx="84" cy="28" r="14" fill={fill} stroke="#b8860b" strokeWidth="2" />
          <circle cx="36" cy="28" r="7" fill="#c81e2a" />
          <circle cx="84" cy="28" r="7" fill="#c81e2a" />
          <circle cx="36" cy="28" r="3" fill="#111" />
          <circle cx="84" cy="28" r="3" fill="#111" />
          {[[40, 56], [76, 54], [56, 72], [86, 70], [30, 70]].map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r="4" fill="#d4a017" />
          ))}
          <circle cx="60" cy="52" r="12" fill="#fff3b0" stroke="#8a5a00" strokeWidth="2" />
          <rect x="55" y="47" width="10" height="10" fill="#8a5a00" />
        </svg>
      );
    default:
      return (
        <svg viewBox="0 0 100 60">
          {grad}
          <path d="M4 8 L28 30 L4 52 L12 30Z" fill={color} stroke="rgba(0,0,0,.3)" strokeWidth="1.5" />
          <ellipse cx="56" cy="30" rx="36" ry={kind === 'pufferfish' ? 26 : 20} fill={fill} stroke="rgba(0,0,0,.35)" strokeWidth="2" />
          {kind === 'clownfish' && <path d="M44 12 Q40 30 44 48 M64 11 Q60 30 64 49" stroke="#fff" strokeWidth="5" fill="none" />}
          {kind === 'pufferfish' && <path d="M40 6 38 0 M56 4 56 -2 M72 7 74 1 M40 54 38 60 M56 56 56 62 M72 53 74 59" stroke={color} strokeWidth="3" />}
          {kind === 'lanternfish' && (
            <>
              <path d="M78 16 Q86 0 96 4" stroke="#fff" strokeWidth="2" fill="none" />
              <circle cx="96" cy="4" r="4" fill="#fffb8f" className="lantern" />
            </>
          )}
          <circle cx="78" cy="26" r="5" fill="#fff" />
          <circle cx="79.5" cy="26" r="2.6" fill="#111" />
        </svg>
      );
  }
}
