import { useLocation, useNavigate, useParams } from 'react-router';
import { moneyTone } from '@app/browser';
import { Button, Descriptions, Skeleton, Table, Tag } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { COMMISSION_MODEL_LABELS, COMMISSION_STATE, commissionRateText, fenOfYuan, fenToYuan, type AgentStatement } from '@app/contract';
import { LoadError } from '../../shared/components/LoadError';
import { Section } from '../../shared/components/Section';
import { count, signedYuan, yuan } from '../../shared/format';
import { baseLabel, STATE_COLORS, useStatement } from './api';
import { PlanRules } from './components/PlanRules';

type Differential = AgentStatement['differentials'][number];

/** One statement with every figure it was computed from, its differentials and the plan's rules. */
export default function StatementPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { key } = useLocation();
  const { data: s, error, refetch, isPending } = useStatement(id);
  const back = (
    <Button type="text" icon={<LeftOutlined />} onClick={() => (key !== 'default' ? navigate(-1) : navigate('/commission'))} className="back-button" data-testid="statement-back">
      佣金
    </Button>
  );
  if (error)
    return (
      <div className="page">
        {back}
        <LoadError error={error} onRetry={() => void refetch()} />
      </div>
    );
  if (isPending)
    return (
      <div className="page">
        {back}
        <Section>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Section>
      </div>
    );
  const netLoss = s.model === 'net_loss';
  const differential = fenToYuan(fenOfYuan(s.amount - s.own_amount));
  return (
    <div className="page statement" data-testid="page-statement">
      {back}
      <div className="statement-hero">
        <div className="statement-hero-top">
          <span>
            {s.period_start} ~ {s.period_end}
          </span>
          <Tag color={STATE_COLORS[s.state]} className="statement-state">
            {s.state_label}
          </Tag>
        </div>
        <div className="statement-hero-amount" data-testid="statement-amount">
          {yuan(s.amount)}
        </div>
        <div className="statement-hero-note">
          {COMMISSION_MODEL_LABELS[s.model]}模式
          {s.state === COMMISSION_STATE.paid && s.paid_at ? ` · 发放于 ${s.paid_at}` : ''}
        </div>
        {s.state === COMMISSION_STATE.rejected && s.reason && <div className="statement-reason is-hero">拒绝原因：{s.reason}</div>}
      </div>
      <Section title="计算明细" testId="statement-inputs">
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="statement-inputs">
          <Descriptions.Item label="团队人数">{count(s.team_members)}人</Descriptions.Item>
          <Descriptions.Item label="有效活跃人数">{count(s.active_members)}人</Descriptions.Item>
          <Descriptions.Item label="团队有效投注">{yuan(s.valid_bets)}</Descriptions.Item>
          <Descriptions.Item label="团队输赢">
            <span className={moneyTone(s.team_win_loss)}>{signedYuan(s.team_win_loss)}</span>
          </Descriptions.Item>
          {netLoss && <Descriptions.Item label="团队优惠（彩金、返水、红包）">{yuan(s.bonuses)}</Descriptions.Item>}
          {netLoss && <Descriptions.Item label="本期负盈利">{yuan(s.net_loss)}</Descriptions.Item>}
          {netLoss && <Descriptions.Item label="上期结转">{yuan(s.carried_in)}</Descriptions.Item>}
          <Descriptions.Item label={netLoss ? '计算基数（含结转）' : `计算基数（${baseLabel(s.model)}）`}>{yuan(s.base)}</Descriptions.Item>
          <Descriptions.Item label="档位">{s.tier > 0 ? `第${s.tier}档` : '未达档位'}</Descriptions.Item>
          <Descriptions.Item label="佣金比例">{s.tier > 0 ? commissionRateText(s.model, s.rate) : '—'}</Descriptions.Item>
          <Descriptions.Item label="直属佣金">{yuan(s.own_amount)}</Descriptions.Item>
          <Descriptions.Item label="级差佣金">{yuan(differential)}</Descriptions.Item>
          <Descriptions.Item label="佣金合计">
            <b>{yuan(s.amount)}</b>
          </Descriptions.Item>
        </Descriptions>
      </Section>
      {s.differentials.length > 0 && (
        <Section title="级差明细（下级代理）" className="table-section">
          <Table<Differential>
            size="small"
            rowKey={(d) => d.sub_agent}
            pagination={false}
            dataSource={s.differentials}
            scroll={{ x: 480 }}
            columns={[
              { title: '下级代理', dataIndex: 'sub_agent', render: (v: string) => v || '—' },
              { title: '下级基数', dataIndex: 'base', align: 'right', render: (v: number) => yuan(v) },
              { title: '本级比例', dataIndex: 'rate', render: (v: number) => commissionRateText(s.model, v) },
              { title: '下级比例', dataIndex: 'sub_rate', render: (v: number) => commissionRateText(s.model, v) },
              { title: '级差佣金', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
            ]}
          />
        </Section>
      )}
      <Section title="佣金规则">
        <PlanRules />
      </Section>
    </div>
  );
}
