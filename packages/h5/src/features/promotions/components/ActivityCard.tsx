import type { Activity } from '@app/contract';
import { RightOutline } from 'antd-mobile-icons';
import { SmartImage } from '../../../shared/components/SmartImage';

/** A promotion in the list: its banner with the title beneath. */
export function ActivityCard({ activity, typeName, onOpen }: { activity: Activity; typeName?: string; onOpen: () => void }) {
  return (
    <button className="activity-card" data-testid="activity-card" onClick={onOpen}>
      <SmartImage src={activity.banner} label={activity.title} className="activity-card-img" />
      <span className="activity-card-foot">
        {typeName && <span className="activity-card-tag">{typeName}</span>}
        <span className="activity-card-title">{activity.title}</span>
        <span className="activity-card-more">详情 <RightOutline fontSize={10} /></span>
      </span>
    </button>
  );
}
