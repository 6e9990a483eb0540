import { useEffect, useState } from 'react';
import { UpOutline } from 'antd-mobile-icons';
import { TIMING } from '@app/contract';

/** Appears once the page is scrolled more than 200 px (spec §9). */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > TIMING.backToTopPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button className="back-to-top" data-testid="back-to-top" aria-label="回到顶部" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <UpOutline />
      <span>顶部</span>
    </button>
  );
}
