import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { AUDIT_ACTION_LABELS, type AdminAuditEntry } from '@app/contract';
import { ExportButton } from '../../shared/components/ExportButton';
import { JsonDiff } from '../../shared/components/JsonDiff';
import { fromRange, rangeOf } from '../../shared/dayRange';
import { tablePaging } from '../../shared/pagination';
import { auditApi, auditKeys, type AuditFilter } from './api';

/**
 * 审计日志: every staff action, newest first, in Chinese (the action's label, the target as a member's
 * name, an order number or a staff name), filtered by staff, action and Beijing days, exportable as
 * CSV; a row expands to its before/after comparison.
 */
export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({ staff: '', action: '', from: '', to: '', page: 1 });
  const set = (patch: Partial<AuditFilter>) => setFilter({ ...filter, ...patch, page: 1 });
  const list = useQuery({ queryKey: auditKeys.list(filter), queryFn: () => auditApi.list(filter), placeholderData: keepPreviousData });

  return (
    <Card
      title="审计日志"
      extra={
        <Space wrap>
          <DatePicker.RangePicker allowEmpty={[true, true]} value={rangeOf(filter.from, filter.to)} onChange={(r) => set(fromRange(r))} data-testid="audit-range" style={{ width: 250 }} />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="全部操作"
            style={{ width: 190 }}
            value={filter.action || undefined}
            onChange={(v) => set({ action: v ?? '' })}
            options={Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
            data-testid="audit-action"
          />
          <Input.Search allowClear placeholder="员工用户名" style={{ width: 160 }} onSearch={(v) => set({ staff: v.trim() })} />
          <ExportButton download={() => auditApi.exportCsv(filter)} testId="audit-export" />
        </Space>
      }
    >
      <Table<AdminAuditEntry>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        tableLayout="fixed"
        data-testid="audit-table"
        expandable={{
          expandRowByClick: true,
          rowExpandable: (e) => e.before !== null || e.after !== null,
          expandedRowRender: (e) => <JsonDiff before={e.before} after={e.after} />,
        }}
        pagination={tablePaging(list.data, filter.page, (page) => setFilter({ ...filter, page }), '条')}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 170 },
          { title: '员工', dataIndex: 'staff_name', width: 140, ellipsis: true },
          { title: '操作', dataIndex: 'action_label', width: 200, render: (v: string, e) => <Tag color={e.action.startsWith('staff.log') ? 'default' : 'blue'}>{v}</Tag> },
          {
            title: '对象',
            dataIndex: 'target_label',
            render: (v: string, e) => (
              <Typography.Text ellipsis={{ tooltip: e.target }} data-testid={`audit-target-${e.id}`}>
                {v}
              </Typography.Text>
            ),
          },
          { title: 'IP', dataIndex: 'ip', width: 140, ellipsis: true },
        ]}
      />
    </Card>
  );
}
