import type { ReactNode } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ELECTRONIC_PROVIDERS } from '@app/contract';
import { EmptyState } from '../../../shared/components/EmptyState';
import { providerGamesQuery } from '../../games/api';
import { useGames } from '../api';
import { GameTile } from './GameTile';
import { TileSkeletons } from './TileSkeletons';

/**
 * The hall's 捕鱼 tab: the electronic-game providers with a fishing game (their game lists say which),
 * as their tiles, each opening its grid on /concise?type=<provider>. Asked when the tab is chosen.
 */
export default function FishingBoard({ head }: { head: (count: number | null) => ReactNode }) {
  const { data: games } = useGames();
  const lists = useQueries({ queries: ELECTRONIC_PROVIDERS.map(providerGamesQuery) });
  const loading = !games || lists.some((q) => q.isPending);
  const withFishing = new Set(ELECTRONIC_PROVIDERS.filter((_, i) => lists[i]?.data?.some((g) => g.fishing)));
  const tiles = (games ?? []).filter((g) => g.category_id === 'concise' && withFishing.has(g.game_code as (typeof ELECTRONIC_PROVIDERS)[number]));
  return (
    <>
      {head(loading ? null : tiles.length)}
      {loading ? (
        <TileSkeletons count={2} />
      ) : tiles.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="games-grid" data-testid="game-grid-fishing">
          {tiles.map((g) => (
            <GameTile key={g.id} game={g} />
          ))}
        </div>
      )}
    </>
  );
}
