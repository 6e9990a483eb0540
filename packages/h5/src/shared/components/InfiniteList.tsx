import type { ReactNode } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { MSG, TIMING, type Page } from '@app/contract';
import { EmptyState } from './EmptyState';
import './shared.css';

/**
 * A paged list (spec §4): the first page loads at once, the next one when the end comes within
 * 300 px, pages append until last_page; then 没有更多了, or 空空如也 when there is nothing at all.
 */
export function InfiniteList<P extends Page<unknown>>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  header,
  enabled = true,
  className = '',
}: {
  queryKey: QueryKey;
  fetchPage: (page: number) => Promise<P>;
  renderItem: (item: P['data'][number], index: number) => ReactNode;
  itemKey: (item: P['data'][number]) => string | number;
  /** above the items, from the first page's answer (a list's totals) */
  header?: (first: P) => ReactNode;
  enabled?: boolean;
  className?: string;
}) {
  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled,
  });
  if (q.isPending) {
    return (
      <div className="list-status">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (q.isError && !q.data) {
    return (
      <div className="list-status" role="button" onClick={() => void q.refetch()}>
        加载失败，点击重试
      </div>
    );
  }
  const items = q.data.pages.flatMap((p) => p.data);
  const hasMore = !!q.hasNextPage;
  return (
    <div className={`infinite-list ${className}`}>
      {header && q.data.pages[0] && header(q.data.pages[0])}
      {items.map((item, i) => (
        <div key={itemKey(item)} className="infinite-list-item">
          {renderItem(item, i)}
        </div>
      ))}
      <InfiniteScroll
        threshold={TIMING.infiniteThresholdPx}
        hasMore={hasMore}
        loadMore={async () => {
          const r = await q.fetchNextPage();
          if (r.isError) throw r.error;
        }}
      >
        {(more: boolean, failed: boolean, retry: () => void) =>
          failed ? (
            <span role="button" onClick={retry}>加载失败，点击重试</span>
          ) : more ? (
            <span className="list-loading"><DotLoading /> 加载中</span>
          ) : items.length === 0 ? (
            <EmptyState />
          ) : (
            <span className="list-end" data-testid="list-end">{MSG.noMore}</span>
          )
        }
      </InfiniteScroll>
    </div>
  );
}
