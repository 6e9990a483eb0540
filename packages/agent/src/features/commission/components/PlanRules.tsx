import { Skeleton, Table } from 'antd';
import type { CommissionTierRow } from '@app/contract';
import { useCommissionPlan } from '../api';

/** The plan in force, as the member app's 奖金介绍 words it: its rules, then its tiers. */
export function PlanRules() {
  const { data, isPending, error } = useCommissionPlan();
  if (isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (error) return <div className="muted">{error.message}</div>;
  return (
    <div className="plan-rules" data-testid="plan-rules">
      <ol>
        {data.lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ol>
      <Table<CommissionTierRow>
        size="small"
        rowKey="level"
        pagination={false}
        dataSource={data.tiers}
        columns={[
          { title: '档位', dataIndex: 'level' },
          { title: '条件', dataIndex: 'condition' },
          { title: '有效活跃', dataIndex: 'active' },
          { title: '佣金', dataIndex: 'reward', align: 'right' },
        ]}
      />
    </div>
  );
}
