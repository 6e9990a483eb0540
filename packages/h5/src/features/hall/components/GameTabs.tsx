import { lazy, Suspense, useState } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { GameCategory } from '@app/contract';
import { EmptyState } from '../../../shared/components/InfiniteList';
import { HALL_TABS, useGames, type CategoryTab } from '../api';
import { CategoryIcon } from './CategoryIcon';
import { GameTile } from './GameTile';

// The lottery category lists the in-house lotteries: its own chunk, fetched when the tab is chosen.
const LotteryBoard = lazy(() => import('./LotteryBoard'));

function GamesHead({ tab, count, unit }: { tab: CategoryTab; count: number; unit: string }) {
  return (
    <div className="games-head">
      <span className="games-head-title">{tab.title}</span>
      <span className="games-head-caption">{tab.caption}</span>
      <span className="games-head-count">
        {count} {unit}
      </span>
    </div>
  );
}

/** The hall's category tabs and the provider tiles of the chosen one. */
export function GameTabs() {
  const [active, setActive] = useState<GameCategory>(HALL_TABS[0].category);
  const { data: games, isPending } = useGames();
  const tiles = (games ?? []).filter((g) => g.category_id === active);
  const tab = HALL_TABS.find((t) => t.category === active)!;
  return (
    <section className="games" data-testid="game-tabs">
      <div className="games-tabs" role="tablist">
        {HALL_TABS.map((t) => (
          <button
            key={t.category}
            role="tab"
            aria-selected={t.category === active}
            className={`games-tab${t.category === active ? ' active' : ''}`}
            data-testid={`game-tab-${t.category}`}
            onClick={() => setActive(t.category)}
          >
            <CategoryIcon category={t.category} />
            <span>{t.title}</span>
          </button>
        ))}
      </div>
      {active === 'lottery' ? (
        <Suspense fallback={<div className="games-loading"><DotLoading color="primary" /></div>}>
          <LotteryBoard head={(count) => <GamesHead tab={tab} count={count} unit="个彩种" />} />
        </Suspense>
      ) : (
        <>
          <GamesHead tab={tab} count={tiles.length} unit="个场馆" />
          {isPending ? (
            <div className="games-loading"><DotLoading color="primary" /></div>
          ) : tiles.length === 0 ? (
            <EmptyState />
          ) : (
            <div className="games-grid" data-testid={`game-grid-${active}`}>
              {tiles.map((g) => (
                <GameTile key={g.id} game={g} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
