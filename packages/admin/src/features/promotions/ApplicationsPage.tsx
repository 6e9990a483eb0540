import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { APPLICATION_STATE, APPLICATION_STATE_LABELS, type AdminActivityApplication } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { RejectModal } from '../../shared/components/RejectModal';
import { yuan } from '../../shared/format';
import { ExportButton } from '../../shared/components/ExportButton';
import { tablePaging } from '../../shared/pagination';
import { useAction } from '../../shared/useAction';
import { promotionApi, promotionKeys, type ApplicationsFilter } from './api';
import './promotions.css';

const TABS = [
  ...[APPLICATION_STATE.pending, APPLICATION_STATE.approved, APPLICATION_STATE.rejected].map((s) => ({ key: String(s), label: APPLICATION_STATE_LABELS[s] })),
  { key: '', label: '全部' },
];
const COLORS: Record<number, string> = { [APPLICATION_STATE.pending]: 'gold', [APPLICATION_STATE.approved]: 'green', [APPLICATION_STATE.rejected]: 'red' };

/**
 * 活动申请: the review queue by state tab, activity and member keyword. Each row shows the bonus
 * approving would pay now (the activity's current rules and the deposit it was applied with); 通过
 * behind a confirm, 拒绝 with a reason the member reads; the filter exports as CSV.
 */
export default function ApplicationsPage() {
  const { can } = useAuth();
  const reviewer = can('promotions.review');
  const [params] = useSearchParams();
  const fromLink = Number(params.get('activity_id')) || '';
  const [filter, setFilter] = useState<ApplicationsFilter>({ state: String(APPLICATION_STATE.pending), keyword: '', activity_id: fromLink, page: 1 });
  const [rejecting, setRejecting] = useState<AdminActivityApplication | null>(null);
  const activities = useQuery({ queryKey: promotionKeys.activities, queryFn: promotionApi.activities });
  const list = useQuery({ queryKey: promotionKeys.applicationsOf(filter), queryFn: () => promotionApi.applications(filter), placeholderData: keepPreviousData });
  const refresh = [promotionKeys.applications, promotionKeys.activities];
  const approve = useAction(promotionApi.approve, refresh);
  const reject = useAction(promotionApi.reject, refresh, () => setRejecting(null));
  const set = (patch: Partial<ApplicationsFilter>) => setFilter({ ...filter, ...patch, page: 1 });


  const actionColumn: ColumnsType<AdminActivityApplication>[number] = {
    title: '操作',
    fixed: 'right',
    render: (_, a) =>
      reviewer && a.state === APPLICATION_STATE.pending ? (
        <Space>
          <Popconfirm
            title="确认通过该申请？"
            description={`${a.username} 将获得彩金 ${yuan(a.bonus)}，需完成流水 ${yuan(a.turnover)}`}
            okText="通过"
            cancelText="取消"
            onConfirm={() => approve.mutateAsync(a.id).catch(() => {})}
          >
            <Button type="primary" size="small" data-testid={`approve-${a.id}`}>
              通过
            </Button>
          </Popconfirm>
          <Button danger size="small" onClick={() => setRejecting(a)} data-testid={`reject-${a.id}`}>
            拒绝
          </Button>
        </Space>
      ) : null,
  };

  return (
    <Card
      title="活动申请"
      className="promotions-page"
      extra={
        <ExportButton download={() => promotionApi.exportApplications(filter)} testId="applications-export" />
      }
    >
      <Space wrap className="promotions-filters">
        <Select
          style={{ width: 240 }}
          allowClear
          placeholder="全部活动"
          value={filter.activity_id === '' ? undefined : filter.activity_id}
          onChange={(v?: number) => set({ activity_id: v ?? '' })}
          options={(activities.data ?? []).filter((a) => a.rules || a.pending > 0).map((a) => ({ value: a.id, label: a.title }))}
          data-testid="applications-activity"
        />
        <Input.Search allowClear placeholder="会员名或会员ID" onSearch={(v) => set({ keyword: v.trim() })} style={{ width: 220 }} data-testid="applications-keyword" />
      </Space>
      <Tabs activeKey={filter.state} items={TABS} onChange={(state) => set({ state })} />
      <Table<AdminActivityApplication>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, filter.page, (page) => setFilter({ ...filter, page }), '条')}
        data-testid="applications"
        columns={[
          {
            title: '会员',
            render: (_, a) => (
              <div className="cell-lines">
                <b>{a.username}</b>
                <div className="muted">ID {a.member_id}</div>
              </div>
            ),
          },
          {
            title: '活动 / 周期',
            render: (_, a) => (
              <div className="cell-lines">
                {a.activity_name}
                <div className="muted">{a.period === 'once' ? '每人一次' : a.period}</div>
              </div>
            ),
          },
          {
            title: bonusTitle(filter.state),
            align: 'right',
            render: (_, a) =>
              a.state === APPLICATION_STATE.rejected ? (
                <span className="muted">—</span>
              ) : (
                <div className="cell-lines" data-testid={`application-bonus-${a.id}`}>
                  <b>{yuan(a.bonus)}</b>
                  <div className="muted">流水 {yuan(a.turnover)}</div>
                </div>
              ),
          },
          {
            title: '存款',
            render: (_, a) =>
              a.deposit_id ? (
                <div className="cell-lines">
                  {yuan(a.deposit_amount)}
                  <div className="muted">{a.deposit_no}</div>
                </div>
              ) : (
                <span className="muted">—</span>
              ),
          },
          { title: '申请时间', dataIndex: 'created_at' },
          { title: '状态', render: (_, a) => <Tag color={COLORS[a.state]}>{a.state_text}</Tag> },
          {
            title: '审核',
            render: (_, a) =>
              a.reviewer ? (
                <div className="cell-lines review-cell">
                  {a.reviewer}
                  <div className="muted">{a.reviewed_at}</div>
                  {a.reason && <div className="muted">原因：{a.reason}</div>}
                </div>
              ) : a.state === APPLICATION_STATE.approved ? (
                <span className="muted">自动通过</span>
              ) : (
                '—'
              ),
          },
          // reviewed tabs have nothing to act on
          ...(reviewer && (filter.state === String(APPLICATION_STATE.pending) || filter.state === '') ? [actionColumn] : []),
        ]}
      />
      <RejectModal
        title={rejecting ? `拒绝 ${rejecting.username} 的申请：${rejecting.activity_name}` : ''}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}

/** Pending rows show what approving would pay; reviewed ones what was paid. */
function bonusTitle(state: string): string {
  return state === String(APPLICATION_STATE.pending) ? '通过将发放' : '彩金';
}
