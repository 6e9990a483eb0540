import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import { AUDIT_ACTION_LABELS, type AdminAuditEntry, type Page } from '@app/contract';
import { api } from '../../shared/api';
import { JsonDiff } from '../../shared/components/JsonDiff';
import { tablePaging } from '../../shared/pagination';

/** 审计日志: every staff action, newest first; a row expands to its before/after comparison. */
export default function AuditPage() {
  const [staff, setStaff] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['audit', staff, action, page],
    queryFn: async () => (await api.get<Page<AdminAuditEntry>>('/audit-log', { staff, action, page })).data,
    placeholderData: keepPreviousData,
  });

  return (
    <Card
      title="审计日志"
      extra={
        <Space wrap>
          <Select
            allowClear
            placeholder="全部操作"
            style={{ width: 200 }}
            value={action || undefined}
            onChange={(v) => (setAction(v ?? ''), setPage(1))}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <Input.Search allowClear placeholder="员工用户名" style={{ width: 180 }} onSearch={(v) => (setStaff(v.trim()), setPage(1))} />
        </Space>
      }
    >
      <Table<AdminAuditEntry>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandRowByClick: true,
          rowExpandable: (e) => e.before !== null || e.after !== null,
          expandedRowRender: (e) => <JsonDiff before={e.before} after={e.after} />,
        }}
        pagination={tablePaging(list.data, page, setPage, '条')}
        columns={[
          { title: '时间', dataIndex: 'created_at' },
          { title: '员工', dataIndex: 'staff_name' },
          { title: '操作', dataIndex: 'action_label', render: (v: string, e) => <Tag color={e.action.startsWith('staff.log') ? 'default' : 'blue'}>{v}</Tag> },
          { title: '对象', dataIndex: 'target' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </Card>
  );
}
