import { lazy, Suspense, useRef, useState } from 'react';
import { EmptyState } from '../../../shared/components/EmptyState';
import { HALL_TABS, useGames, type CategoryTab, type HallTab } from '../api';
import { CategoryIcon } from './CategoryIcon';
import { GameTile } from './GameTile';
import { TileSkeletons } from './TileSkeletons';

// The lottery category lists the in-house lotteries: its own chunk, fetched when the tab is chosen.
const LotteryBoard = lazy(() => import('./LotteryBoard'));
// 捕鱼 asks the electronic-game providers which have fishing games: its own chunk too.
const FishingBoard = lazy(() => import('./FishingBoard'));

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
  const [active, setActive] = useState<HallTab>(HALL_TABS[0].category);
  const { data: games, isPending } = useGames();
  const section = useRef<HTMLElement>(null);
  const tiles = (games ?? []).filter((g) => g.category_id === active);
  const tab = HALL_TABS.find((t) => t.category === active)!;
  const choose = (category: HallTab) => {
    setActive(category);
    // The chosen category's venues come into view: the tabs go up under the top bar with the tiles
    // below them (from the category's start when chosen while the tabs stick).
    const top = section.current?.getBoundingClientRect().top ?? TOP_BAR_PX;
    if (Math.abs(top - TOP_BAR_PX) < 1) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollBy({ top: top - TOP_BAR_PX, behavior: still || top < TOP_BAR_PX ? 'instant' : 'smooth' });
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
      ) : active === 'fishing' ? (
        <Suspense fallback={<TileSkeletons count={2} />}>
          <FishingBoard head={(count) => <GamesHead tab={tab} count={count} unit="个场馆" />} />
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
