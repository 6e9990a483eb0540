import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import { BLOCK_DURATION_LABEL, BLOCK_KIND_LABEL, type BlockedMemberRow, type BlockDuration, type BlockKind } from '@app/contract';
import { tablePaging } from '../../shared/pagination';
import { byLabel, protectionApi, protectionKeys, protectionTabPath } from './api';

/** 自我排除名单: every member under a time-out or self-exclusion now, each linked to its 安全与健康 tab. */
export default function BlockedMembersPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: protectionKeys.blocks(page), queryFn: () => protectionApi.blocks(page), placeholderData: keepPreviousData });
  return (
    <Card title="自我排除名单" extra={<Typography.Text type="secondary">正处于冷静期或自我排除的会员；到期前任何人都不能缩短或解除</Typography.Text>}>
      <Table<BlockedMemberRow>
        rowKey="member_id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, page, setPage, '人')}
        locale={{ emptyText: '目前没有会员处于冷静期或自我排除' }}
        data-testid="protection-blocks"
        columns={[
          { title: '会员', dataIndex: 'name', render: (v: string, r) => <Link to={protectionTabPath(r.member_id)}>{v}</Link> },
          { title: '会员ID', dataIndex: 'member_id' },
          { title: '类型', dataIndex: 'kind', render: (k: BlockKind) => <Tag color={k === 'exclusion' ? 'red' : 'orange'}>{BLOCK_KIND_LABEL[k]}</Tag> },
          { title: '时长', dataIndex: 'duration', render: (d: BlockDuration) => BLOCK_DURATION_LABEL[d] },
          { title: '开始时间', dataIndex: 'started_at' },
          { title: '结束时间', dataIndex: 'until', render: (u: string) => u || <Tag color="red">永久</Tag> },
          { title: '设置人', dataIndex: 'by', render: byLabel },
          {
            title: '操作',
            render: (_, r) => (
              <Link to={protectionTabPath(r.member_id)} data-testid={`protection-blocks-open-${r.member_id}`}>
                安全与健康
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
