import { lazy, Suspense, useState } from 'react';
import { DotLoading, SideBar } from 'antd-mobile';
import { UnorderedListOutline } from 'antd-mobile-icons';
import { HOME_COUNTER_TOTAL, TIMING, type GameCategory } from '@app/contract';
import { BANNER_TYPE, useBanners } from '../../../shared/api/banners';
import { BannerSwiper } from '../../../shared/components/BannerSwiper';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SmartImage } from '../../../shared/components/SmartImage';
import { useGo } from '../../../shared/hooks/useGo';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { HOME_SIDEBAR, categoryTitle, useGames } from '../api';
import { BackToTop } from '../components/BackToTop';
import { CategoryIcon } from '../components/CategoryIcon';
import { GameTile } from '../components/GameTile';
import { NoticeStrip } from '../components/NoticeStrip';
import { SideMenu } from '../components/SideMenu';
import { WelcomeModal } from '../components/WelcomeModal';
import '../hall.css';

// The lottery category lists the in-house lotteries (lotteryList), as the hall's lottery tab does.
const LotteryBoard = lazy(() => import('../components/LotteryBoard'));

/** The second home layout (/home): menu, counted banner, category sidebar, app banner, welcome modal (no banners nor modal during a block). */
export default function HomeAlt() {
  const go = useGo();
  const banners = useBanners(BANNER_TYPE.hall);
  const { data: games, isPending } = useGames();
  const [menuOpen, setMenuOpen] = useState(false);
  const { block, known } = usePlayBlock();
  const [category, setCategory] = useState<GameCategory>(HOME_SIDEBAR[0]);
  const tiles = (games ?? []).filter((g) => g.category_id === category);
  return (
    <div className="home-alt" data-testid="home-alt">
      <div className="home-alt-bar">
        <button className="home-alt-menu" aria-label="菜单" data-testid="side-menu-button" onClick={() => setMenuOpen(true)}>
          <UnorderedListOutline />
        </button>
        <NoticeStrip />
      </div>
      <div className="home-alt-banner">
        {block ? (
          <PlayBlockNotice block={block} />
        ) : (
        <BannerSwiper
          banners={known ? (banners.data ?? []).slice(0, HOME_COUNTER_TOTAL) : []}
          loading={banners.isPending || !known}
          autoplayMs={TIMING.hallBannerAutoplayMs}
          indicator={(_total, current) => (
            <span className="home-counter" data-testid="home-counter">
              {current + 1}/{HOME_COUNTER_TOTAL}
            </span>
          )}
        />
        )}
      </div>
      <button className="app-promo" data-testid="app-promo" onClick={() => go('/app')}>
        <SmartImage src="/assets/icons/app-download.svg" className="app-promo-icon" />
        <span className="app-promo-text">
          <div className="app-promo-title">下载APP</div>
          <div className="app-promo-sub">随时随地 · 畅玩更流畅</div>
        </span>
        <span className="app-promo-btn">立即下载</span>
      </button>
      <div className="home-alt-board">
        <div className="home-alt-sidebar">
          <SideBar activeKey={category} onChange={(k) => setCategory(k as GameCategory)}>
            {HOME_SIDEBAR.map((c) => (
              <SideBar.Item
                key={c}
                title={
                  <span className="side-cat" data-testid={`side-cat-${c}`}>
                    <CategoryIcon category={c} />
                    {categoryTitle(c)}
                  </span>
                }
              />
            ))}
          </SideBar>
        </div>
        <div className="home-alt-tiles" data-testid={`home-tiles-${category}`}>
          {category === 'lottery' ? (
            <Suspense fallback={<div className="games-loading"><DotLoading color="primary" /></div>}>
              <LotteryBoard wide />
            </Suspense>
          ) : isPending ? (
            <div className="games-loading"><DotLoading color="primary" /></div>
          ) : tiles.length === 0 ? (
            <EmptyState />
          ) : (
            tiles.map((g) => <GameTile key={g.id} game={g} wide />)
          )}
        </div>
      </div>
      <SideMenu visible={menuOpen} onClose={() => setMenuOpen(false)} />
      {known && !block && <WelcomeModal />}
      <BackToTop />
    </div>
  );
}
