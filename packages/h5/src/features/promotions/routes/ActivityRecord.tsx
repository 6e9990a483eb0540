import { creditTone } from '@app/browser';
import { APPLICATION_STATE, formatYuan, type ActivityApplyRow } from '@app/contract';
import { InfiniteList } from '../../../shared/components/InfiniteList';
import { Page } from '../../../shared/components/Page';
import { applyLogKey, fetchApplyLog } from '../api';
import '../../../shared/components/records.css';
import '../promotions.css';

const TONE: Record<number, string> = { [APPLICATION_STATE.pending]: 'tone-warning', [APPLICATION_STATE.approved]: 'tone-success', [APPLICATION_STATE.rejected]: 'tone-weak' };

/**
 * /activityRecord 活动申请记录 (spec §2): back arrow, the member's applications as an infinite list
 * (空空如也 when none, 没有更多了 at the end), each with the activity's title, the application time
 * and its state 审核中 / 已通过 / 已拒绝; an approved one shows the bonus paid, a rejected one why.
 */
export default function ActivityRecord() {
  return (
    <Page title="活动申请记录" className="record-page apply-log-page" refreshable>
      <InfiniteList queryKey={applyLogKey} fetchPage={fetchApplyLog} itemKey={(r) => r.id} renderItem={(r) => <ApplyRow row={r} />} className="record-list" />
    </Page>
  );
}

function ApplyRow({ row: r }: { row: ActivityApplyRow }) {
  return (
    <div className="record-row apply-row" data-testid="apply-row">
      <span className="record-icon apply-icon">惠</span>
      <div className="record-main">
        <div className="record-line">
          <span className="record-title" data-testid="apply-title">
            {r.activity_name}
          </span>
          <span className={`record-state ${TONE[r.state] ?? 'tone-weak'}`} data-testid="apply-state">
            {r.state_text}
          </span>
        </div>
        <div className="record-line">
          <span className="record-time">申请时间 {r.created_at}</span>
          {r.state === APPLICATION_STATE.approved && r.bonus > 0 && (
            <span className={`apply-bonus ${creditTone(r.bonus)}`} data-testid="apply-bonus">
              彩金 +{formatYuan(r.bonus)}
            </span>
          )}
        </div>
        {r.state === APPLICATION_STATE.rejected && r.reason && (
          <div className="record-time apply-reason" data-testid="apply-reason">
            原因：{r.reason}
          </div>
        )}
      </div>
    </div>
  );
}
