import { Tag } from 'antd';
import { COMMISSION_MODEL_LABELS, commissionRateText, type AgentOverview } from '@app/contract';
import { baseLabel } from '../../commission/api';
import { count, yuan } from '../../../shared/format';

/** The open period's commission as its statement would read if the period closed now. */
export function EstimateCard({ estimate: e, computedAt }: { estimate: AgentOverview['estimate']; computedAt: string }) {
  return (
    <div className="estimate-card" data-testid="overview-estimate">
      <div className="estimate-top">
        <div>
          <div className="estimate-label">本期预估佣金</div>
          <div className="estimate-amount" data-testid="overview-estimate-amount">
            {yuan(e.amount)}
          </div>
        </div>
        <Tag className="estimate-model" bordered={false}>
          {COMMISSION_MODEL_LABELS[e.model]}
        </Tag>
      </div>
      <div className="estimate-period">
        结算周期 {e.period_start} ~ {e.period_end}
      </div>
      <div className="estimate-facts">
        <div>
          <span>{baseLabel(e.model)}</span>
          <b>{yuan(e.base)}</b>
        </div>
        <div>
          <span>有效活跃</span>
          <b>{count(e.active_members)}人</b>
        </div>
        <div>
          <span>档位</span>
          <b>{e.tier > 0 ? `第${e.tier}档` : '未达档位'}</b>
        </div>
        <div>
          <span>佣金比例</span>
          <b>{e.tier > 0 ? commissionRateText(e.model, e.rate) : '—'}</b>
        </div>
      </div>
      <div className="estimate-note">预估金额以周期结束后的结算为准 · 数据更新于 {computedAt}</div>
    </div>
  );
}
