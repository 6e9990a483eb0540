import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import './pull-to-refresh.css';

/** How far the finger must pull (after resistance) to refresh, the most the page moves, and the resistance. */
const THRESHOLD_PX = 60;
const MAX_PX = 90;
const RESISTANCE = 0.5;
/** Where the page rests while the refresh runs. */
const HOLD_PX = 44;

/**
 * Pull-to-refresh for a page (the hall, the wallet, the record lists): pulled down from the very top
 * and let go past THRESHOLD_PX, it asks again for everything the page shows (every active query, or
 * `onRefresh`) and holds a 刷新中… line until the answers are in. Touch only, no library: a pull
 * anywhere but at the top of the page scrolls as usual.
 */
export function PullToRefresh({ children, onRefresh }: { children: ReactNode; onRefresh?: () => Promise<unknown> }) {
  const qc = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refresh = useRef(onRefresh ?? (() => qc.refetchQueries({ type: 'active' })));
  refresh.current = onRefresh ?? (() => qc.refetchQueries({ type: 'active' }));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;
    const start = (e: TouchEvent) => {
      startY = busy || window.scrollY > 0 || e.touches.length !== 1 ? null : e.touches[0]!.clientY;
      distance = 0;
    };
    const move = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0 || window.scrollY > 0) {
        if (distance > 0) setPull((distance = 0));
        return;
      }
      distance = Math.min(MAX_PX, dy * RESISTANCE);
      setPull(distance);
      if (e.cancelable) e.preventDefault();
    };
    const end = () => {
      if (startY === null) return;
      startY = null;
      if (distance < THRESHOLD_PX) return void setPull((distance = 0));
      busy = true;
      setRefreshing(true);
      setPull(HOLD_PX);
      void Promise.resolve(refresh.current())
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          distance = 0;
          setRefreshing(false);
          setPull(0);
        });
    };
    el.addEventListener('touchstart', start, { passive: true });
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end);
    el.addEventListener('touchcancel', end);
    return () => {
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, []);

  const label = refreshing ? '刷新中…' : pull >= THRESHOLD_PX ? '释放立即刷新' : '下拉刷新';
  return (
    <div ref={box} className="ptr">
      <div className={`ptr-indicator${refreshing ? ' ptr-busy' : ''}`} style={{ height: pull }} data-testid="pull-indicator" data-state={refreshing ? 'refreshing' : pull > 0 ? 'pulling' : 'idle'}>
        {pull > 0 && (
          <span>
            <i className="ptr-spinner" aria-hidden /> {label}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}
