import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../../shared/components/EmptyState';
import { useGo } from '../../../shared/hooks/useGo';
import { PlayBlockNotice } from '../../../shared/protection/PlayBlockNotice';
import { usePlayBlock } from '../../../shared/protection/usePlayBlock';
import { useActivities, useActivityTypes } from '../api';
import { ActivityCard } from '../components/ActivityCard';
import '../promotions.css';

/** 优惠活动: its own header, type tabs (全部 first) and the promotion cards; during a time-out or self-exclusion the block's notice instead. */
export default function Activity() {
  const go = useGo();
  const { block, known } = usePlayBlock();
  const [type, setType] = useState('0');
  const types = useActivityTypes();
  const list = useActivities(Number(type));
  const typeName = (id: number) => types.data?.find((t) => t.id === id)?.name;
  return (
    <div className="activity-page" data-testid="activity-page">
      <header className="activity-hero">
        <div className="activity-hero-title">优惠活动</div>
        <div className="activity-hero-sub">精彩不断 · 好礼天天送</div>
        <GiftOutline className="activity-hero-icon" />
        <button type="button" className="activity-record-link" onClick={() => go('/activityRecord')} data-testid="activity-record-link">
          申请记录
        </button>
      </header>
      {block ? (
        // During a time-out or self-exclusion no promotion invites an application: the block's notice instead.
        <div className="activity-list">
          <PlayBlockNotice block={block} />
        </div>
      ) : (
        <>
          <div className="activity-tabs-wrap" data-testid="activity-tabs">
            <Tabs activeKey={type} onChange={setType} className="activity-tabs">
              <Tabs.Tab key="0" title="全部" />
              {(types.data ?? []).map((t) => (
                <Tabs.Tab key={String(t.id)} title={t.name} />
              ))}
            </Tabs>
          </div>
          <div className="activity-list">
            {list.isPending || !known ? (
              <div className="activity-loading"><DotLoading color="primary" /></div>
            ) : (list.data ?? []).length === 0 ? (
              <EmptyState />
            ) : (
              list.data!.map((a) => <ActivityCard key={a.id} activity={a} typeName={type === '0' ? typeName(a.type) : undefined} onOpen={() => go(`/activityInfo?id=${a.id}`)} />)
            )}
          </div>
        </>
      )}
    </div>
  );
}
