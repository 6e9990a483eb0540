/** The central wallet's tile (the venues have monograms). */
export function WalletGlyph({ size = 30 }: { size?: number }) {
  return (
    <span className="venue-badge venue-badge-wallet" style={{ width: size, height: size }} aria-hidden>
      <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} fill="none" stroke="#6b4200" strokeWidth="2" strokeLinejoin="round">
        <rect x="3" y="6" width="18" height="13" rx="3" />
        <path d="M3 10h18" />
        <circle cx="16.5" cy="14.5" r="1.3" fill="#6b4200" stroke="none" />
        <path d="M6 6l9-3 1.5 3" />
      </svg>
    </span>
  );
}
