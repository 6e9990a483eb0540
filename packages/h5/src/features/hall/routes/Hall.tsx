import { lazy, Suspense } from 'react';
import { TIMING } from '@app/contract';
import { useUser } from '../../../shared/auth/session';
import { BANNER_TYPE, useBanners } from '../../../shared/api/banners';
import { BannerSwiper } from '../../../shared/components/BannerSwiper';
import { BackToTop } from '../components/BackToTop';
import { GameTabs } from '../components/GameTabs';
import { HallFooter } from '../components/HallFooter';
import { HotGames } from '../components/HotGames';
import { NoticeStrip } from '../components/NoticeStrip';
import { RedPacketEntry } from '../components/RedPacketEntry';
import { UserStrip } from '../components/UserStrip';
import '../hall.css';

// Only a member without a deposit sees it: loaded after the hall, never with it.
const FirstDepositNudge = lazy(() => import('../components/FirstDepositNudge'));

/** The hall (/ and /index_old): the first screen members see. */
export default function Hall() {
  const banners = useBanners(BANNER_TYPE.hall);
  const { data: user } = useUser();
  return (
    <div className="hall" data-testid="hall">
      <div className="hall-hero">
        <BannerSwiper banners={banners.data ?? []} loading={banners.isPending} autoplayMs={TIMING.hallBannerAutoplayMs} />
      </div>
      <NoticeStrip className="hall-notice" />
      <UserStrip />
      {user && user.paysum === 0 && user.is_trial === 0 && (
        <Suspense fallback={null}>
          <FirstDepositNudge memberId={user.id} />
        </Suspense>
      )}
      <HotGames />
      <GameTabs />
      <HallFooter />
      <RedPacketEntry />
      <BackToTop />
    </div>
  );
}
