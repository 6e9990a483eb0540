import { MSG } from '@app/contract';
import './shared.css';

/** The spec's empty state, shared by every list. */
export function EmptyState({ text = MSG.empty }: { text?: string }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <svg viewBox="0 0 120 90" width="120" height="90" aria-hidden>
        <ellipse cx="60" cy="80" rx="44" ry="6" fill="#e4e8f5" />
        <rect x="26" y="22" width="68" height="50" rx="8" fill="#fff" stroke="#c9d1ee" strokeWidth="2" />
        <path d="M26 40h20l6 8h16l6-8h20" fill="none" stroke="#c9d1ee" strokeWidth="2" />
        <circle cx="44" cy="12" r="3" fill="#c9d1ee" />
        <circle cx="78" cy="8" r="2" fill="#c9d1ee" />
      </svg>
      <div>{text}</div>
    </div>
  );
}
