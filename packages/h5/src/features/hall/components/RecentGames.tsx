import { useQuery } from '@tanstack/react-query';
import { ClockCircleOutline } from 'antd-mobile-icons';
import type { RecentGame } from '@app/contract';
import { request } from '../../../shared/api/client';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useGo } from '../../../shared/hooks/useGo';

/** 最近在玩: the member's last launched games (POST /api/recentGames), one tap to play again. */
export default function RecentGames({ memberId }: { memberId: number }) {
  const go = useGo();
  const { data: games } = useQuery({ queryKey: ['recentGames', memberId], queryFn: () => request<RecentGame[]>('recentGames', { body: {} }) });
  if (!games || games.length === 0) return null;
  return (
    <section className="recent" data-testid="recent-games">
      <div className="hot-head">
        <ClockCircleOutline color="#3a5bef" />
        <span className="hot-title">最近在玩</span>
      </div>
      <div className="recent-row">
        {games.map((g) => (
          <button
            key={`${g.plat_name}:${g.game_code}`}
            className="recent-card"
            data-testid="recent-game"
            onClick={() => go(`/gamePage?name=${encodeURIComponent(g.plat_name)}&type=${encodeURIComponent(g.game_type)}&code=${encodeURIComponent(g.game_code)}`)}
          >
            <SmartImage src={g.image} label={g.name} className="recent-img" />
            <span className="recent-name">{g.name}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
