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
