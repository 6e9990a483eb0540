import { lazy, Suspense } from 'react';
import { TIMING } from '@app/contract';
import { useUser } from '../../../shared/auth/session';
import { BANNER_TYPE, useBanners } from '../../../shared/api/banners';
import { BannerSwiper } from '../../../shared/components/BannerSwiper';
import { PullToRefresh } from '../../../shared/components/PullToRefresh';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
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

/**
 * The hall (/ and /index_old): the first screen members see. During a time-out or self-exclusion it
 * invites no play: no promotion banners (the notice of the block in their place), no winners, no
 * first-deposit nudge, no 最近在玩, no 热门推荐 and no red packet; the category tiles stay, and refuse
 * with the block's words.
 */
export default function Hall() {
  const banners = useBanners(BANNER_TYPE.hall);
  const { data: user } = useUser();
  const { block, known } = usePlayBlock();
  const invite = known && !block;
  return (
    <PullToRefresh>
      <div className="hall" data-testid="hall">
        <div className="hall-hero">
          {block ? (
            <PlayBlockNotice block={block} />
          ) : (
            <BannerSwiper banners={invite ? (banners.data ?? []) : []} loading={banners.isPending || !known} autoplayMs={TIMING.hallBannerAutoplayMs} />
          )}
        </div>
        <NoticeStrip className="hall-notice" />
        <Suspense fallback={null}>{invite && <WinnersTicker />}</Suspense>
        <UserStrip />
        <Suspense fallback={null}>
          {invite && user && user.paysum === 0 && user.is_trial === 0 && <FirstDepositNudge memberId={user.id} />}
          {invite && user && <RecentGames memberId={user.id} />}
        </Suspense>
        {invite && <HotGames />}
        <GameTabs />
        <HallFooter />
        {invite && <RedPacketEntry />}
        <BackToTop />
      </div>
    </PullToRefresh>
  );
}
