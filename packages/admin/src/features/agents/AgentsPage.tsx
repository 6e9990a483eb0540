import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag } from 'antd';
import { MEMBER_STATE_LABELS, type AdminAgent } from '@app/contract';
import { tablePaging } from '../../shared/pagination';
import { agentApi, agentKeys, type AgentsFilter } from './api';
import './agents.css';

/** 代理管理: the current agents, the newest first, with when each became one and the members it invited. */
export default function AgentsPage() {
  const [filter, setFilter] = useState<AgentsFilter>({ keyword: '', page: 1 });
  const list = useQuery({ queryKey: agentKeys.agentsOf(filter), queryFn: () => agentApi.agents(filter), placeholderData: keepPreviousData });
  return (
    <Card
      title="代理管理"
      className="agents-page"
      extra={<Input.Search allowClear placeholder="代理用户名或会员ID" onSearch={(v) => setFilter({ keyword: v.trim(), page: 1 })} style={{ width: 220 }} data-testid="agents-keyword" />}
    >
      <Table<AdminAgent>
        rowKey="member_id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => setFilter({ ...filter, page }), '位代理')}
        locale={{ emptyText: '暂无代理' }}
        data-testid="agents"
        columns={[
          { title: '会员ID', dataIndex: 'member_id' },
          { title: '用户名', dataIndex: 'username', render: (v: string) => <b>{v}</b> },
          { title: '姓名', dataIndex: 'realname', render: (v: string) => v || '—' },
          { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '—' },
          { title: '成为代理', dataIndex: 'since', render: (v: string) => v || '—' },
          { title: '已邀请会员', dataIndex: 'invited', align: 'right', render: (v: number) => <span data-testid="agent-invited">{v}</span> },
          { title: '账号状态', dataIndex: 'state', render: (v: number) => <Tag color={v === 1 ? 'green' : 'red'}>{MEMBER_STATE_LABELS[v]}</Tag> },
        ]}
      />
    </Card>
  );
}
