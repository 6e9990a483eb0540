import type { HallTab } from '../api';

/** Small line glyphs for the game categories, drawn in currentColor. */
export function CategoryIcon({ category, size = 22 }: { category: HallTab; size?: number }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true };
  switch (category) {
    case 'concise':
      return (
        <svg {...common}>
          <rect x="3" y="4" width="15" height="16" rx="3" />
          <path d="M6 9h3v6H6zM10 9h3v6h-3zM14 9h1.5" />
          <path d="M18 8l3-2v6" />
          <circle cx="21" cy="13" r="1" fill="currentColor" />
        </svg>
      );
    case 'sport':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5l3.4 2.5-1.3 4h-4.2l-1.3-4z" />
          <path d="M12 3v4.5M15.4 10l4.8-1.6M14.1 14l2.9 4M9.9 14L7 18M8.6 10L3.8 8.4" />
        </svg>
      );
    case 'lottery':
      return (
        <svg {...common}>
          <circle cx="8" cy="9" r="5" />
          <circle cx="16.5" cy="15.5" r="5" />
          <path d="M7 7.5l1.5-1v5M15 14a1.6 1.6 0 1 1 3 .8L15 17.5h3.2" />
        </svg>
      );
    case 'gaming':
      return (
        <svg {...common}>
          <path d="M7 7h10a5 5 0 0 1 4.6 6.9l-1 2.4a2.6 2.6 0 0 1-4.3.8L14.6 15H9.4l-1.7 2.1a2.6 2.6 0 0 1-4.3-.8l-1-2.4A5 5 0 0 1 7 7z" />
          <path d="M7.5 10v3M6 11.5h3" />
          <circle cx="16" cy="10.5" r=".9" fill="currentColor" />
          <circle cx="17.8" cy="12.6" r=".9" fill="currentColor" />
        </svg>
      );
    case 'realbet':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
        </svg>
      );
    case 'joker':
      return (
        <svg {...common}>
          <rect x="3" y="5" width="11" height="15" rx="2" transform="rotate(-10 8.5 12.5)" />
          <rect x="10" y="4" width="11" height="15" rx="2" />
          <path d="M15.5 8.5c1.6 1.4 3 2.5 3 3.8a1.5 1.5 0 0 1-3 .3 1.5 1.5 0 0 1-3-.3c0-1.3 1.4-2.4 3-3.8zM15.5 12.6V15" />
        </svg>
      );
    case 'fishing':
      return (
        <svg {...common}>
          <path d="M2.5 12c2.6-3.6 5.8-5.4 9.3-5.4 3.4 0 6.2 1.8 8 5.4-1.8 3.6-4.6 5.4-8 5.4-3.5 0-6.7-1.8-9.3-5.4z" />
          <path d="M19.8 12l1.9-2.6M19.8 12l1.9 2.6" />
          <circle cx="7.5" cy="11" r=".9" fill="currentColor" />
          <path d="M11 9.5c.8.8 1.2 1.6 1.2 2.5s-.4 1.7-1.2 2.5" />
        </svg>
      );
  }
}
