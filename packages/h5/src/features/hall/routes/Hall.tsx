import { TIMING } from '@app/contract';
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

/** The hall (/ and /index_old): the first screen members see. */
export default function Hall() {
  const banners = useBanners(BANNER_TYPE.hall);
  return (
    <div className="hall" data-testid="hall">
      <div className="hall-hero">
        <BannerSwiper banners={banners.data ?? []} loading={banners.isPending} autoplayMs={TIMING.hallBannerAutoplayMs} />
      </div>
      <NoticeStrip className="hall-notice" />
      <UserStrip />
      <HotGames />
      <GameTabs />
      <HallFooter />
      <RedPacketEntry />
      <BackToTop />
    </div>
  );
}
