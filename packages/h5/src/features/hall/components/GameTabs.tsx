import { lazy, Suspense, useRef, useState } from 'react';
import type { GameCategory } from '@app/contract';
import { EmptyState } from '../../../shared/components/EmptyState';
import { HALL_TABS, useGames, type CategoryTab } from '../api';
import { CategoryIcon } from './CategoryIcon';
import { GameTile } from './GameTile';
import { TileSkeletons } from './TileSkeletons';

// The lottery category lists the in-house lotteries: its own chunk, fetched when the tab is chosen.
const LotteryBoard = lazy(() => import('./LotteryBoard'));

/** The category's heading; the count only once it is known (never "0 个场馆" while loading). */
function GamesHead({ tab, count, unit }: { tab: CategoryTab; count: number | null; unit: string }) {
  return (
    <div className="games-head">
      <span className="games-head-title">{tab.title}</span>
      <span className="games-head-caption">{tab.caption}</span>
      {count !== null && (
        <span className="games-head-count">
          {count} {unit}
        </span>
      )}
    </div>
  );
}

/** Where the tabs stick under the top bar (layout.css .top-bar height). */
const TOP_BAR_PX = 50;

/** The hall's category tabs (sticking under the top bar while the tiles scroll) and the provider tiles of the chosen one. */
export function GameTabs() {
  const [active, setActive] = useState<GameCategory>(HALL_TABS[0].category);
  const { data: games, isPending } = useGames();
  const section = useRef<HTMLElement>(null);
  const tiles = (games ?? []).filter((g) => g.category_id === active);
  const tab = HALL_TABS.find((t) => t.category === active)!;
  const choose = (category: GameCategory) => {
    setActive(category);
    // Chosen while the tabs stick: the new category is shown from its start, not from the middle.
    const top = section.current?.getBoundingClientRect().top ?? 0;
    if (top < TOP_BAR_PX) window.scrollBy({ top: top - TOP_BAR_PX });
  };
  return (
    <section className="games" data-testid="game-tabs" ref={section}>
      <div className="games-tabs" role="tablist">
        {HALL_TABS.map((t) => (
          <button
            key={t.category}
            role="tab"
            aria-selected={t.category === active}
            className={`games-tab${t.category === active ? ' active' : ''}`}
            data-testid={`game-tab-${t.category}`}
            onClick={() => choose(t.category)}
          >
            <CategoryIcon category={t.category} />
            <span>{t.title}</span>
          </button>
        ))}
      </div>
      {active === 'lottery' ? (
        <Suspense fallback={<TileSkeletons count={3} />}>
          <LotteryBoard head={(count) => <GamesHead tab={tab} count={count} unit="个彩种" />} />
        </Suspense>
      ) : (
        <>
          <GamesHead tab={tab} count={isPending ? null : tiles.length} unit="个场馆" />
          {isPending ? (
            <TileSkeletons />
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
