import { useQuery } from '@tanstack/react-query';
import { formatYuan, type RecentWin } from '@app/contract';
import { request } from '../../../shared/api/client';
import { Marquee } from './Marquee';

/** How often the hall asks for new wins while it is open (the server keeps the list 30 s). */
const REFRESH_MS = 60_000;

/**
 * The winners ticker: real wins of the last day (POST /api/recentWins), names masked, in
 * the winning red and gold; nothing at all when nobody has won enough lately — no made-up winners.
 */
export default function WinnersTicker() {
  const { data: wins } = useQuery({ queryKey: ['recentWins'], queryFn: () => request<RecentWin[]>('recentWins', { body: {} }), refetchInterval: REFRESH_MS });
  if (!wins || wins.length === 0) return null;
  const key = wins.map((w) => `${w.user}${w.time}${w.amount}`).join('|');
  return (
    <div className="winners" data-testid="winners-ticker">
      <svg className="winners-cup" viewBox="0 0 24 24" aria-hidden>
        <path d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3V3zm0 4H6v1a2 2 0 0 0 1 1.7V7zm10 0v2.7A2 2 0 0 0 18 8V7h-1z" fill="#f0a30a" />
      </svg>
      <Marquee contentKey={key}>
        {wins.map((w, i) => (
          <span key={i} className="winners-item" data-testid="winner">
            恭喜 <b>{w.user}</b> 在{w.game}赢得 <em>¥{formatYuan(w.amount)}</em>
          </span>
        ))}
      </Marquee>
    </div>
  );
}
