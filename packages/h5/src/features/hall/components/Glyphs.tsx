/**
 * The hall's two small glyphs, drawn like CategoryIcon (a few lines in currentColor, 1em square):
 * the UI kit's icon modules cost about 1 KB each in the hall's first paint, these a tenth of it.
 */
const line = { width: '1em', height: '1em', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2.2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true };

/** 刷新: an arrow turning clockwise. */
export function RefreshGlyph() {
  return (
    <svg {...line}>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 4v4.5h-4.5" />
    </svg>
  );
}

/** 热门: a flame, filled. */
export function FlameGlyph({ color }: { color: string }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill={color} aria-hidden>
      <path d="M13.5 2c.6 3.2-.8 5.3-2.3 7.2-1.1 1.4-1.5 2.9-.3 3.6 1.6.8 3.6-1.9 3.4-4.9C17.8 10.4 20 13.6 20 16.6 20 20 16.7 22.5 12 22.5S4 20 4 16.3c0-3.3 2.1-5.3 4-7.1C10.5 6.9 12.4 4.9 13.5 2z" />
    </svg>
  );
}
