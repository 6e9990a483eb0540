import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Empty, Input, Segmented, Skeleton } from 'antd';
import { AGENT_PORTAL_MSG, type AgentMembersQuery } from '@app/contract';
import { LoadError } from '../../shared/components/LoadError';
import { LoadMore } from '../../shared/components/LoadMore';
import { RangeFilter } from '../../shared/components/RangeFilter';
import { count } from '../../shared/format';
import { useDownline, type MembersFilter } from './api';
import { DownlineCard } from './components/DownlineCard';

const KINDS: { value: AgentMembersQuery['kind']; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'agents', label: '代理' },
  { value: 'active', label: '活跃' },
];
const kindOf = (v: string | null): AgentMembersQuery['kind'] => (v === 'agents' || v === 'active' ? v : 'all');

/**
 * 团队: the direct team, newest first, filtered by a username prefix or id, kind and a date range (the
 * money within it; 活跃 = a valid bet in it). The filters live in the URL, so a member's detail and
 * back returns to the same list. More pages load as the list's end scrolls into view.
 */
export default function TeamPage() {
  const [params, setParams] = useSearchParams();
  const filter: MembersFilter = {
    keyword: params.get('keyword') ?? '',
    kind: kindOf(params.get('kind')),
    start: params.get('start') ?? '',
    end: params.get('end') ?? '',
  };
  const [typed, setTyped] = useState(filter.keyword);
  const update = (patch: Partial<MembersFilter>) => {
    const next = { ...filter, ...patch };
    setParams(Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== '' && !(k === 'kind' && v === 'all'))), { replace: true });
  };
  const misordered = filter.start !== '' && filter.end !== '' && filter.start > filter.end;
  const list = useDownline(filter, !misordered);

  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <div className="page team" data-testid="page-members">
      <div className="filter-bar">
        <Input.Search
          allowClear
          placeholder="会员账号或ID"
          value={typed}
          maxLength={32}
          onChange={(e) => {
            setTyped(e.target.value);
            if (e.target.value === '' && filter.keyword) update({ keyword: '' });
          }}
          onSearch={(v) => update({ keyword: v.trim() })}
          enterButton="搜索"
          data-testid="members-search"
        />
        <Segmented<AgentMembersQuery['kind']> block value={filter.kind} options={KINDS} onChange={(kind) => update({ kind })} data-testid="members-kind" />
        <RangeFilter value={{ start: filter.start, end: filter.end }} onChange={(r) => update(r)} presets={['today', 'last7', 'month']} allowOpen testId="members-range" />
      </div>
      <div className="list-summary">
        <span>
          共 <b data-testid="members-total">{count(total)}</b> 人
        </span>
        <span className="muted">{filter.start || filter.end ? `${filter.start || '…'} ~ ${filter.end || '…'} 的数据` : '全部时间的数据'}</span>
      </div>
      {misordered ? (
        <Alert type="warning" showIcon message={AGENT_PORTAL_MSG.rangeOrder} data-testid="members-range-failure" />
      ) : list.error ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <div className="card-list">
          {[0, 1, 2].map((i) => (
            <div key={i} className="downline-card">
              <Skeleton active avatar paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : rows.length === 0 ? (
        <Empty className="portal-empty" description={filter.keyword || filter.kind !== 'all' || filter.start || filter.end ? '没有符合条件的会员' : '还没有团队成员，去推广页分享邀请链接吧'} data-testid="members-empty" />
      ) : (
        <div className="card-list" data-testid="downline-list">
          {rows.map((m) => (
            <DownlineCard key={m.id} member={m} />
          ))}
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
        </div>
      )}
    </div>
  );
}
