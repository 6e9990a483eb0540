/** Small pictures of the wallet screens that antd-mobile-icons lacks. */
import { DEMO_MARK, type VenueBalance } from '@app/contract';

/** Two opposite arrows: a transfer between wallets. */
export function SwapIcon({ size = '1em' }: { size?: number | string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M4 8h14l-4-4" />
      <path d="M20 16H6l4 4" />
    </svg>
  );
}

/** A circling arrow around a coin: money coming back to the central wallet. */
export function RecycleIcon({ size = '1em' }: { size?: number | string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 4v4.5h-4.5" />
      <path d="M10 9.5h4M10 12h4M12 9.5v5" />
    </svg>
  );
}

const TINTS: [string, string][] = [
  ['#5b7cff', '#3a5bef'],
  ['#ffb347', '#f08c2e'],
  ['#5ee7a8', '#12b886'],
  ['#ff8a9b', '#f03e5e'],
  ['#b28cff', '#7048e8'],
  ['#6ee0f0', '#1c9fc4'],
  ['#ffd66b', '#e9a93a'],
];

/**
 * A venue's monogram: the Latin letters its name starts with (AG真人 → AG), else its first two
 * characters after our demo brand's 演示 mark (演示真人A → 真人); never its code, an identifier.
 */
function monogram(name: string): string {
  const shown = name.startsWith(DEMO_MARK) ? name.slice(DEMO_MARK.length) : name;
  return (/^[A-Za-z0-9]{1,3}/.exec(shown)?.[0] ?? [...shown].slice(0, 2).join('')).toUpperCase();
}

/** A venue's monogram tile, its colour stable per venue code. */
export function VenueBadge({ venue, size = 34 }: { venue: Pick<VenueBalance, 'platname' | 'name'>; size?: number }) {
  let h = 0;
  for (const ch of venue.platname) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const [a, b] = TINTS[h % TINTS.length]!;
  const text = monogram(venue.name);
  return (
    <span className="venue-badge" style={{ width: size, height: size, background: `linear-gradient(135deg, ${a} 0%, ${b} 100%)`, fontSize: text.length > 2 ? size * 0.3 : size * 0.36 }} aria-hidden>
      {text}
    </span>
  );
}
