/** A hanging red lantern, the screen's festive corner decoration. */
export function Lantern({ className = '' }: { className?: string }) {
  return (
    <svg className={`hb-lantern ${className}`} viewBox="0 0 48 104" width="40" height="88" aria-hidden>
      <line x1="24" y1="0" x2="24" y2="18" stroke="#f7d27a" strokeWidth="2" />
      <rect x="16" y="16" width="16" height="6" rx="2" fill="#f7c65b" />
      <ellipse cx="24" cy="46" rx="22" ry="25" fill="#e8282f" />
      <ellipse cx="24" cy="46" rx="13" ry="25" fill="none" stroke="#ff8a6b" strokeWidth="1.5" opacity=".8" />
      <ellipse cx="24" cy="46" rx="4" ry="25" fill="none" stroke="#ff8a6b" strokeWidth="1.5" opacity=".8" />
      <text x="24" y="53" textAnchor="middle" fontSize="18" fontWeight="700" fill="#ffd97a">福</text>
      <rect x="16" y="70" width="16" height="6" rx="2" fill="#f7c65b" />
      <path d="M19 76h10l-1 22h-8z" fill="#f7c65b" opacity=".9" />
    </svg>
  );
}
