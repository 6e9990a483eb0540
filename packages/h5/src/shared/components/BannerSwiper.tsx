import type { ReactNode } from 'react';
import { Swiper } from 'antd-mobile';
import type { Banner } from '@app/contract';
import { useOpenLink } from '../hooks/useOpenLink';
import { SmartImage } from './SmartImage';
import './banner.css';

/** A rounded banner carousel; a banner's url decides what a tap does (see useOpenLink). */
export function BannerSwiper({
  banners,
  autoplayMs,
  indicator,
  testId = 'banner',
  loading = false,
}: {
  banners: Banner[];
  autoplayMs: number;
  indicator?: (total: number, current: number) => ReactNode;
  testId?: string;
  loading?: boolean;
}) {
  const open = useOpenLink();
  if (loading || banners.length === 0) return <div className="banner-swiper banner-skeleton" data-testid={`${testId}-empty`} />;
  return (
    <div className="banner-swiper" data-testid={testId}>
      <Swiper autoplay={banners.length > 1} autoplayInterval={autoplayMs} loop={banners.length > 1} indicator={indicator} indicatorProps={{ className: 'banner-dots' }}>
        {banners.map((b) => (
          <Swiper.Item key={b.id}>
            <div className={`banner-slide${b.url ? ' banner-slide-link' : ''}`} data-testid={`${testId}-slide`} onClick={() => open(b.url)}>
              <SmartImage src={b.src} className="banner-img" />
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
