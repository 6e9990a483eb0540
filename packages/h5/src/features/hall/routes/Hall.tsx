import { lazy, Suspense } from 'react';
import { TIMING } from '@app/contract';
import { useUser } from '../../../shared/auth/session';
import { BANNER_TYPE, useBanners } from '../../../shared/api/banners';
import { BannerSwiper } from '../../../shared/components/BannerSwiper';
import { PullToRefresh } from '../../../shared/components/PullToRefresh';
import { BackToTop } from '../components/BackToTop';
import { GameTabs } from '../components/GameTabs';
import { HallFooter } from '../components/HallFooter';
import { HotGames } from '../components/HotGames';
import { NoticeStrip } from '../components/NoticeStrip';
import { RedPacketEntry } from '../components/RedPacketEntry';
import { UserStrip } from '../components/UserStrip';
import '../hall.css';

// Loaded after the hall, never with it: the nudge only for a member without a deposit, 最近在玩 only
// for a member, the winners ticker only once there are winners to show.
const FirstDepositNudge = lazy(() => import('../components/FirstDepositNudge'));
const RecentGames = lazy(() => import('../components/RecentGames'));
const WinnersTicker = lazy(() => import('../components/WinnersTicker'));

/** The hall (/ and /index_old): the first screen members see. */
export default function Hall() {
  const banners = useBanners(BANNER_TYPE.hall);
  const { data: user } = useUser();
  return (
    <PullToRefresh>
      <div className="hall" data-testid="hall">
        <div className="hall-hero">
          <BannerSwiper banners={banners.data ?? []} loading={banners.isPending} autoplayMs={TIMING.hallBannerAutoplayMs} />
        </div>
        <NoticeStrip className="hall-notice" />
        <Suspense fallback={null}>
          <WinnersTicker />
        </Suspense>
        <UserStrip />
        <Suspense fallback={null}>
          {user && user.paysum === 0 && user.is_trial === 0 && <FirstDepositNudge memberId={user.id} />}
          {user && <RecentGames memberId={user.id} />}
        </Suspense>
        <HotGames />
        <GameTabs />
        <HallFooter />
        <RedPacketEntry />
        <BackToTop />
      </div>
    </PullToRefresh>
  );
}
