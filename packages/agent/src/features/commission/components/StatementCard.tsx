import { Link } from 'react-router';
import { Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { COMMISSION_MODEL_LABELS, COMMISSION_STATE, type AgentStatement } from '@app/contract';
import { STATE_COLORS } from '../api';
import { yuan } from '../../../shared/format';

/** One period's statement in the list: the period, the model, the amount, its state (and why refused). */
export function StatementCard({ statement: s }: { statement: AgentStatement }) {
  return (
    <Link to={`/commission/${s.id}`} className="statement-card" data-testid={`statement-${s.id}`}>
      <div className="statement-head">
        <div>
          <div className="statement-period">
            {s.period_start} ~ {s.period_end}
          </div>
          <div className="statement-meta">
            {COMMISSION_MODEL_LABELS[s.model]} · 团队 {s.team_members} 人 · 有效活跃 {s.active_members} 人
          </div>
        </div>
        <Tag color={STATE_COLORS[s.state]} className="statement-state">
          {s.state_label}
        </Tag>
      </div>
      <div className="statement-foot">
        <span className={`statement-amount${s.amount > 0 ? '' : ' is-zero'}`}>{yuan(s.amount)}</span>
        <span className="muted">
          {s.state === COMMISSION_STATE.paid && s.paid_at ? `发放于 ${s.paid_at.slice(0, 16)}` : '查看明细'} <RightOutlined />
        </span>
      </div>
      {s.state === COMMISSION_STATE.rejected && s.reason && <div className="statement-reason">拒绝原因：{s.reason}</div>}
    </Link>
  );
}
