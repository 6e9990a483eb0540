import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Popconfirm, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { COMMISSION_STATE, COMMISSION_STATE_LABELS, commissionRateText, fenOfYuan, fenToYuan, type AdminCommissionStatement } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { ExportButton } from '../../shared/components/ExportButton';
import { RejectModal } from '../../shared/components/RejectModal';
import { yuan } from '../../shared/format';
import { tablePaging } from '../../shared/pagination';
import { useAction } from '../../shared/useAction';
import { commissionApi, commissionKeys, type StatementsFilter } from './api';
import './commission.css';

const S = COMMISSION_STATE;
const TABS = [...[S.pending, S.paid, S.rejected, S.none].map((s) => ({ key: String(s), label: COMMISSION_STATE_LABELS[s] })), { key: '', label: '全部' }];
const COLORS: Record<number, string> = { [S.pending]: 'gold', [S.paid]: 'green', [S.rejected]: 'red', [S.none]: 'default' };

/** A statement's rate as the plan states it: a percent of the net loss, or yuan per 10,000 of valid bets. */
/** Win/loss and other signed yuan: red when the members won (the platform lost). */
const signed = (v: number) => <span className={v > 0 ? 'money-up' : v < 0 ? 'money-down' : undefined}>{yuan(v)}</span>;

/**
 * 佣金审核: the statements the commission engine computed, by state tab, period and agent, with the
 * filter's totals and a CSV export. A row opens to the figures it was computed from (and its
 * multi-level differentials); 通过 (behind a confirm) pays it, 拒绝 takes the reason the agent reads.
 * A decision someone else made first answers 已处理 and the list refreshes.
 */
export default function StatementsPage() {
  const { can } = useAuth();
  const reviewer = can('commission.review');
  const [filter, setFilter] = useState<StatementsFilter>({ state: String(S.pending), period: '', keyword: '', page: 1 });
  const [rejecting, setRejecting] = useState<AdminCommissionStatement | null>(null);
  const list = useQuery({ queryKey: commissionKeys.statementsOf(filter), queryFn: () => commissionApi.statements(filter), placeholderData: keepPreviousData });
  const periods = useQuery({ queryKey: commissionKeys.periods, queryFn: commissionApi.periods });
  const refresh = [commissionKeys.statements, commissionKeys.periods];
  const approve = useAction(commissionApi.approve, refresh);
  const reject = useAction(commissionApi.reject, refresh, () => setRejecting(null));
  const set = (patch: Partial<StatementsFilter>) => setFilter({ ...filter, ...patch, page: 1 });
  const sum = list.data?.sum;

  const actionColumn: ColumnsType<AdminCommissionStatement>[number] = {
    title: '操作',
    fixed: 'right',
    render: (_, r) =>
      r.state === S.pending ? (
        <Space>
          <Popconfirm
            title="确认发放该笔佣金？"
            description={`${yuan(r.amount)} 将发放到 ${r.username} 的中心钱包`}
            okText="发放"
            cancelText="取消"
            onConfirm={() => approve.mutateAsync(r.id).catch(() => {})}
          >
            <Button type="primary" size="small" data-testid={`commission-approve-${r.id}`}>
              通过
            </Button>
          </Popconfirm>
          <Button danger size="small" onClick={() => setRejecting(r)} data-testid={`commission-reject-${r.id}`}>
            拒绝
          </Button>
        </Space>
      ) : null,
  };

  const columns: ColumnsType<AdminCommissionStatement> = [
    {
      title: '代理',
      render: (_, r) => (
        <div className="cell-lines">
          <b>{r.username}</b>
          <div className="muted">ID {r.agent_id}</div>
        </div>
      ),
    },
    {
      title: '结算周期',
      render: (_, r) => (
        <div className="cell-lines">
          {r.period_start} ~ {r.period_end}
          <div className="muted">{r.model_label}</div>
        </div>
      ),
    },
    { title: '团队有效投注', dataIndex: 'valid_bets', align: 'right', render: (v: number) => yuan(v) },
    { title: '团队输赢', dataIndex: 'team_win_loss', align: 'right', render: (v: number) => signed(v) },
    { title: '计算基数', dataIndex: 'base', align: 'right', render: (v: number) => yuan(v) },
    {
      title: '档位',
      render: (_, r) =>
        r.tier > 0 ? (
          <div className="cell-lines">
            第{r.tier}档 · {commissionRateText(r.model, r.rate)}
            <div className="muted">有效活跃 {r.active_members} 人</div>
          </div>
        ) : (
          <div className="cell-lines">
            <span className="muted">未达档位</span>
            <div className="muted">有效活跃 {r.active_members} 人</div>
          </div>
        ),
    },
    { title: '佣金金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
    { title: '状态', render: (_, r) => <Tag color={COLORS[r.state]}>{r.state_label}</Tag> },
    {
      title: '审核',
      render: (_, r) =>
        r.reviewed_at ? (
          <div className="cell-lines review-cell">
            {r.reviewer || '自动发放'}
            <div className="muted">{r.reviewed_at}</div>
            {r.reason && <div className="muted">原因：{r.reason}</div>}
          </div>
        ) : (
          <span className="muted">—</span>
        ),
    },
    ...(reviewer && (filter.state === String(S.pending) || filter.state === '') ? [actionColumn] : []),
  ];

  return (
    <Card title="佣金审核" className="commission-page">
      <Space wrap className="commission-filters">
        <Select
          allowClear
          placeholder="全部周期"
          style={{ width: 260 }}
          value={filter.period || undefined}
          onChange={(v) => set({ period: v ?? '' })}
          options={periods.data?.map((p) => ({
            value: p.period_start,
            label: `${p.period_start} ~ ${p.period_end}（${p.model_label}${p.pending_count ? ` · ${p.pending_count}笔待审核` : ''}）`,
          }))}
          data-testid="commission-period"
        />
        <Input.Search allowClear placeholder="代理用户名或会员ID" style={{ width: 240 }} onSearch={(v) => set({ keyword: v.trim() })} data-testid="commission-keyword" />
        <ExportButton download={() => commissionApi.exportStatements(filter)} disabled={!list.data?.total} testId="commission-export" />
      </Space>
      {sum && (
        <Space size="large" wrap className="commission-sum" data-testid="commission-sum">
          <Statistic title="佣金合计" value={yuan(sum.amount)} />
          <Statistic title={`待审核（${sum.pending_count}笔）`} value={yuan(sum.pending)} valueStyle={{ color: '#d48806' }} />
          <Statistic title={`已发放（${sum.paid_count}笔）`} value={yuan(sum.paid)} valueStyle={{ color: '#389e0d' }} />
          <Statistic title={`已拒绝（${sum.rejected_count}笔）`} value={yuan(sum.rejected)} />
        </Space>
      )}
      <Tabs activeKey={filter.state} items={TABS} onChange={(state) => set({ state })} />
      <Table<AdminCommissionStatement>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => setFilter({ ...filter, page }), '条')}
        rowClassName="commission-row"
        expandable={{ expandedRowRender: (r) => <StatementInputs statement={r} /> }}
        data-testid="commission-statements"
        columns={columns}
      />
      <RejectModal
        title={rejecting ? `拒绝 ${rejecting.username} ${rejecting.period_start} ~ ${rejecting.period_end} 的佣金` : ''}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}

/** What a statement was computed from, as the engine kept it (server modules/commission/service.ts). */
function StatementInputs({ statement: r }: { statement: AdminCommissionStatement }) {
  const netLoss = r.model === 'net_loss';
  return (
    <div className="commission-inputs" data-testid={`commission-inputs-${r.id}`}>
      <Descriptions size="small" column={3} bordered styles={{ label: { width: 150, whiteSpace: 'nowrap' }, content: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="团队人数">{r.team_members}</Descriptions.Item>
        <Descriptions.Item label="有效活跃人数">{r.active_members}</Descriptions.Item>
        <Descriptions.Item label="团队有效投注">{yuan(r.valid_bets)}</Descriptions.Item>
        <Descriptions.Item label="团队输赢">{signed(r.team_win_loss)}</Descriptions.Item>
        {netLoss && (
          <Descriptions.Item label={<span title="优惠彩金、返水、红包与晋级礼金">团队优惠</span>}>{yuan(r.bonuses)}</Descriptions.Item>
        )}
        {netLoss && <Descriptions.Item label="负盈利">{yuan(r.net_loss)}</Descriptions.Item>}
        {netLoss && <Descriptions.Item label="上期结转">{yuan(r.carried_in)}</Descriptions.Item>}
        <Descriptions.Item label={netLoss ? '计算基数（含结转）' : '计算基数（有效投注）'}>{yuan(r.base)}</Descriptions.Item>
        <Descriptions.Item label="档位与比例">{r.tier > 0 ? `第${r.tier}档 · ${commissionRateText(r.model, r.rate)}` : '未达档位'}</Descriptions.Item>
        <Descriptions.Item label="直属佣金">{yuan(r.own_amount)}</Descriptions.Item>
        <Descriptions.Item label="级差佣金">{yuan(fenToYuan(fenOfYuan(r.amount - r.own_amount)))}</Descriptions.Item>
        <Descriptions.Item label="佣金金额">
          <b>{yuan(r.amount)}</b>
        </Descriptions.Item>
        <Descriptions.Item label="计算时间">{r.created_at}</Descriptions.Item>
        <Descriptions.Item label="发放流水号">{r.journal_id ?? '—'}</Descriptions.Item>
      </Descriptions>
      {r.differentials.length > 0 && (
        <Table
          className="commission-diffs"
          size="small"
          rowKey="sub_agent_id"
          pagination={false}
          dataSource={r.differentials}
          title={() => '级差明细（下级代理）'}
          columns={[
            { title: '下级代理', render: (_, d) => `${d.sub_agent || '—'}（ID ${d.sub_agent_id}）` },
            { title: '下级基数', dataIndex: 'base', align: 'right', render: (v: number) => yuan(v) },
            { title: '本级比例', dataIndex: 'rate', render: (v: number) => commissionRateText(r.model, v) },
            { title: '下级比例', dataIndex: 'sub_rate', render: (v: number) => commissionRateText(r.model, v) },
            { title: '级差佣金', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          ]}
        />
      )}
    </div>
  );
}
