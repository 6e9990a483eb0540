import { useEffect, useRef } from 'react';
import { Button } from 'antd';

/**
 * The foot of an endless list: the next page loads when it scrolls into view (or on 加载更多, where
 * IntersectionObserver is missing), 没有更多了 at the end.
 */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const foot = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const el = foot.current;
    if (!el || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading]);
  return (
    <div ref={foot} className="list-more" data-testid="list-more">
      {hasMore ? (
        <Button type="link" loading={loading} onClick={onMore}>
          加载更多
        </Button>
      ) : (
        <span className="muted">没有更多了</span>
      )}
    </div>
  );
}
