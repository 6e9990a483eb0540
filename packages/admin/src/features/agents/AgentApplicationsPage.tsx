import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AGENT_APPLICATION_STATE, AGENT_APPLICATION_STATE_LABELS, type AdminAgentApplication } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { RejectModal } from '../../shared/components/RejectModal';
import { tablePaging } from '../../shared/pagination';
import { useAction } from '../../shared/useAction';
import { agentApi, agentKeys, type AgentApplicationsFilter } from './api';
import './agents.css';

const S = AGENT_APPLICATION_STATE;
const TABS = [...[S.pending, S.approved, S.rejected].map((s) => ({ key: String(s), label: AGENT_APPLICATION_STATE_LABELS[s] })), { key: '', label: '全部' }];
const COLORS: Record<number, string> = { [S.pending]: 'gold', [S.approved]: 'green', [S.rejected]: 'red' };

/**
 * 代理申请: the queue by state tab and member keyword. Each row shows the member, the mobile and the
 * reason it gave; 通过 (behind a confirm) makes it an agent, 拒绝 takes a reason the member reads.
 * A decision someone else made first answers 已处理 and the list refreshes.
 */
export default function AgentApplicationsPage() {
  const { can } = useAuth();
  const reviewer = can('agents.review');
  const [filter, setFilter] = useState<AgentApplicationsFilter>({ state: String(S.pending), keyword: '', page: 1 });
  const [rejecting, setRejecting] = useState<AdminAgentApplication | null>(null);
  const list = useQuery({ queryKey: agentKeys.applicationsOf(filter), queryFn: () => agentApi.applications(filter), placeholderData: keepPreviousData });
  const refresh = [agentKeys.applications, agentKeys.agents];
  const approve = useAction(agentApi.approve, refresh);
  const reject = useAction(agentApi.reject, refresh, () => setRejecting(null));
  const set = (patch: Partial<AgentApplicationsFilter>) => setFilter({ ...filter, ...patch, page: 1 });

  const actionColumn: ColumnsType<AdminAgentApplication>[number] = {
    title: '操作',
    fixed: 'right',
    render: (_, a) =>
      a.state === S.pending ? (
        <Space>
          <Popconfirm
            title="确认通过该代理申请？"
            description={`${a.username} 将成为代理，可通过“代理登录”进入代理后台`}
            okText="通过"
            cancelText="取消"
            onConfirm={() => approve.mutateAsync(a.id).catch(() => {})}
          >
            <Button type="primary" size="small" data-testid={`agent-approve-${a.id}`}>
              通过
            </Button>
          </Popconfirm>
          <Button danger size="small" onClick={() => setRejecting(a)} data-testid={`agent-reject-${a.id}`}>
            拒绝
          </Button>
        </Space>
      ) : null,
  };

  const reviewColumn: ColumnsType<AdminAgentApplication>[number] = {
    title: '审核',
    render: (_, a) =>
      a.reviewed_at ? (
        <div className="cell-lines review-cell">
          {a.reviewer || '—'}
          <div className="muted">{a.reviewed_at}</div>
          {a.reason && <div className="muted">原因：{a.reason}</div>}
        </div>
      ) : (
        '—'
      ),
  };

  return (
    <Card title="代理申请" className="agents-page">
      <Space wrap className="agents-filters">
        <Input.Search allowClear placeholder="会员名或会员ID" onSearch={(v) => set({ keyword: v.trim() })} style={{ width: 220 }} data-testid="agent-applications-keyword" />
      </Space>
      <Tabs activeKey={filter.state} items={TABS} onChange={(state) => set({ state })} />
      <Table<AdminAgentApplication>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => setFilter({ ...filter, page }), '条')}
        data-testid="agent-applications"
        columns={[
          {
            title: '会员',
            render: (_, a) => (
              <div className="cell-lines">
                <b>{a.username}</b>
                {a.isagent === 1 && (
                  <Tag color="purple" className="agent-now">
                    代理
                  </Tag>
                )}
                <div className="muted">
                  ID {a.member_id}
                  {a.realname ? ` · ${a.realname}` : ''}
                </div>
              </div>
            ),
          },
          { title: '手机号', dataIndex: 'mobile' },
          {
            title: '申请理由',
            render: (_, a) => (
              <Typography.Paragraph className="agent-reason" ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}>
                {a.apply_info}
              </Typography.Paragraph>
            ),
          },
          { title: '申请时间', dataIndex: 'created_at' },
          { title: '状态', render: (_, a) => <Tag color={COLORS[a.state]}>{a.state_text}</Tag> },
          // a pending row has no review yet
          ...(filter.state === String(S.pending) ? [] : [reviewColumn]),
          // reviewed tabs have nothing to act on
          ...(reviewer && (filter.state === String(S.pending) || filter.state === '') ? [actionColumn] : []),
        ]}
      />
      <RejectModal
        title={rejecting ? `拒绝 ${rejecting.username} 的代理申请` : ''}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}
