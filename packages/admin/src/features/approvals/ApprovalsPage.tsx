import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, InputNumber, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ADMIN_LIMITS, APPROVAL_STATE_LABELS, FINANCE_DESK_MSG, fmt, staffReasonFailure, thresholdFailure, type AdminApproval } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { tablePaging } from '../../shared/pagination';
import { RejectModal } from '../../shared/components/RejectModal';
import { useAction } from '../../shared/useAction';
import { approvalKeys, approvalsApi, type ApprovalState } from './api';

const TABS: { key: ApprovalState; label: string }[] = [
  { key: '0', label: APPROVAL_STATE_LABELS[0]! },
  { key: '1', label: APPROVAL_STATE_LABELS[1]! },
  { key: '2', label: APPROVAL_STATE_LABELS[2]! },
  { key: 'all', label: '全部' },
];
const COLORS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' };

/**
 * 待复核 (maker–checker): large adjustments and receiving-account changes one staff member asked for.
 * Another staff member approves (applied at once, exactly once) or rejects with a reason; the maker's
 * own requests show 本人提交 instead of 通过 (the server refuses it too) and may be withdrawn.
 */
export default function ApprovalsPage() {
  const { me, can } = useAuth();
  const [state, setState] = useState<ApprovalState>('0');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminApproval | null>(null);
  const list = useQuery({ queryKey: approvalKeys.list(state, page), queryFn: () => approvalsApi.list(state, page), placeholderData: keepPreviousData });
  const refresh = [approvalKeys.all, ['desk-counts'], ['receiving-accounts'], ['members']];
  const approve = useAction(approvalsApi.approve, refresh);
  const reject = useAction(approvalsApi.reject, refresh, () => setRejecting(null));

  const columns: ColumnsType<AdminApproval> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '类型', dataIndex: 'kind_label', width: 120, render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: '对象', dataIndex: 'target', width: 140 },
    { title: '内容', dataIndex: 'summary', render: (v: string) => <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0 }}>{v}</Typography.Paragraph> },
    {
      title: '提交',
      width: 170,
      render: (_, r) => (
        <div className="cell-lines">
          {r.maker_name}
          <div className="muted">{r.created_at}</div>
        </div>
      ),
    },
    {
      title: '状态',
      width: 210,
      render: (_, r) => (
        <div className="cell-lines">
          <Tag color={COLORS[r.state]}>{r.state_label}</Tag>
          {r.checker_name && (
            <div className="muted">
              {r.checker_name} {r.decided_at}
            </div>
          )}
          {r.reason && <div className="muted">原因：{r.reason}</div>}
        </div>
      ),
    },
    {
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, r) =>
        r.state === 0 ? (
          <Space>
            {r.maker_id === me?.id ? (
              <Tag>本人提交</Tag>
            ) : (
              <Popconfirm title="确认通过并立即生效？" description={r.summary} okText="通过" cancelText="取消" onConfirm={() => approve.mutateAsync(r.id).catch(() => {})}>
                <Button type="primary" size="small" data-testid={`approval-approve-${r.id}`}>
                  通过
                </Button>
              </Popconfirm>
            )}
            <Button danger size="small" onClick={() => setRejecting(r)} data-testid={`approval-reject-${r.id}`}>
              {r.maker_id === me?.id ? '撤回' : '拒绝'}
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {can('members.adjust') && <ThresholdCard editable={can('finance.settings')} />}
      <Card title="待复核">
        <Tabs
          activeKey={state}
          onChange={(k) => {
            setState(k as ApprovalState);
            setPage(1);
          }}
          items={TABS.map((t) => ({ key: t.key, label: t.label }))}
        />
        <Table<AdminApproval>
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.data}
          columns={columns}
          tableLayout="fixed"
          scroll={{ x: 1000 }}
          pagination={tablePaging(list.data, page, setPage, '条')}
          data-testid="approvals"
        />
      </Card>
      <RejectApproval approval={rejecting} busy={reject.isPending} onCancel={() => setRejecting(null)} onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })} />
    </Space>
  );
}

/** The review threshold: every staff member who adjusts reads it; super changes it. */
function ThresholdCard({ editable }: { editable: boolean }) {
  const settings = useQuery({ queryKey: approvalKeys.settings, queryFn: approvalsApi.settings });
  const [value, setValue] = useState<number | null>(null);
  useEffect(() => {
    if (settings.data) setValue(settings.data.adjust_review_threshold);
  }, [settings.data]);
  const save = useAction(approvalsApi.saveSettings, [approvalKeys.settings]);
  const failure = thresholdFailure(value ?? '');
  return (
    <Card title="复核门槛" size="small">
      <Space wrap>
        <span>余额调整金额（加款或扣款）超过</span>
        <InputNumber min={0} max={ADMIN_LIMITS.adjustMaxYuan} precision={2} value={value} disabled={!editable} onChange={setValue} addonAfter="元" style={{ width: 200 }} data-testid="threshold-input" />
        <span>须另一位员工复核；新增或修改收款账户（停用除外）一律复核。</span>
        {editable && (
          <Button type="primary" disabled={!!failure} loading={save.isPending} onClick={() => value !== null && save.mutate({ adjust_review_threshold: value })} data-testid="threshold-save">
            保存
          </Button>
        )}
      </Space>
    </Card>
  );
}

function RejectApproval({ approval, busy, onCancel, onSubmit }: { approval: AdminApproval | null; busy: boolean; onCancel(): void; onSubmit(reason: string): void }) {
  return (
    <RejectModal
      title={approval ? `拒绝复核申请 #${approval.id}（${approval.kind_label}）` : ''}
      open={!!approval}
      busy={busy}
      onCancel={onCancel}
      onSubmit={onSubmit}
      rule={(v) => staffReasonFailure(v, FINANCE_DESK_MSG.approvalReason)}
      maxLength={ADMIN_LIMITS.reasonMax}
      placeholder={fmt('提交人与审计日志中可见（最多{max}字）', { max: ADMIN_LIMITS.reasonMax })}
      testId="approval-reject"
    />
  );
}
