import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Banner } from '@app/contract';
import { useOpenLink } from '../hooks/useOpenLink';
import { SmartImage } from './SmartImage';
import './banner.css';

const SWIPE_MIN_PX = 40;

/**
 * A rounded banner carousel: autoplay, swipe, dots (or a custom indicator). Written for this
 * screen instead of antd-mobile's Swiper, whose animation library would double the JavaScript
 * needed to paint the hall. A banner's url decides what a tap does (see useOpenLink).
 */
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
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const touch = useRef<{ x: number; dx: number } | null>(null);
  const [dragPx, setDragPx] = useState(0);
  const total = banners.length;

  useEffect(() => {
    if (total < 2 || paused) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % total), autoplayMs);
    return () => clearInterval(timer);
  }, [total, paused, autoplayMs]);

  if (loading || total === 0) return <div className="banner-swiper banner-skeleton" data-testid={`${testId}-empty`} />;

  const onTouchStart = (e: React.TouchEvent) => {
    touch.current = { x: e.touches[0].clientX, dx: 0 };
    setPaused(true);
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (!touch.current) return;
    touch.current.dx = e.touches[0].clientX - touch.current.x;
    setDragPx(touch.current.dx);
  };
  const onTouchEnd = () => {
    const dx = touch.current?.dx ?? 0;
    touch.current = null;
    setDragPx(0);
    setPaused(false);
    if (Math.abs(dx) >= SWIPE_MIN_PX) setCurrent((c) => (c + (dx < 0 ? 1 : -1) + total) % total);
  };

  return (
    <div className="banner-swiper" data-testid={testId} onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd}>
      <div
        className={`banner-track${dragPx ? ' banner-track-dragging' : ''}`}
        style={{ transform: `translateX(calc(${-current * 100}% + ${dragPx}px))` }}
      >
        {banners.map((b, i) => (
          <div
            key={b.id}
            className={`banner-slide${b.url ? ' banner-slide-link' : ''}`}
            data-testid={`${testId}-slide`}
            aria-hidden={i !== current}
            onClick={() => open(b.url)}
          >
            <SmartImage src={b.src} className="banner-img" eager />
          </div>
        ))}
      </div>
      {indicator ? (
        <div className="banner-indicator">{indicator(total, current)}</div>
      ) : (
        total > 1 && (
          <div className="banner-dots">
            {banners.map((b, i) => (
              <span key={b.id} className={`banner-dot${i === current ? ' banner-dot-active' : ''}`} />
            ))}
          </div>
        )
      )}
    </div>
  );
}
