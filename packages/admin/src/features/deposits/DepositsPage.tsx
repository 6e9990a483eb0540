import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tabs } from 'antd';
import type { AdminDeposit, Page } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { RejectModal } from '../../shared/components/RejectModal';
import { STATE_TABS, StateTag } from '../../shared/components/StateTag';
import { usdt, yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';

/** 存款审核: the queue by state, approve with a confirm, reject with a reason. */
export default function DepositsPage() {
  const { can } = useAuth();
  const [state, setState] = useState('1');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminDeposit | null>(null);
  const list = useQuery({
    queryKey: ['deposits', state, keyword, page],
    queryFn: async () => (await api.get<Page<AdminDeposit>>('/deposits', { state, keyword, page })).data,
    placeholderData: keepPreviousData,
  });
  const approve = useAction((id: number) => api.post<AdminDeposit>(`/deposits/${id}/approve`), [['deposits']]);
  const reject = useAction(
    ({ id, reason }: { id: number; reason: string }) => api.post<AdminDeposit>(`/deposits/${id}/reject`, { reason }),
    [['deposits']],
    () => setRejecting(null),
  );
  const reviewer = can('deposits.review');

  return (
    <Card title="存款审核" extra={<Input.Search allowClear placeholder="会员名或订单号" onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 220 }} />}>
      <Tabs activeKey={state} items={STATE_TABS} onChange={(k) => (setState(k), setPage(1))} />
      <Table<AdminDeposit>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: list.data?.per_page ?? 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 笔`, showSizeChanger: false }}
        columns={[
          {
            title: '订单',
            render: (_, d) => (
              <div className="cell-lines">
                {d.deposit_no}
                <div className="muted">{d.created_at}</div>
              </div>
            ),
          },
          {
            title: '会员 / 方式',
            render: (_, d) => (
              <div className="cell-lines">
                {d.username}
                <div className="muted">{d.method_label}</div>
              </div>
            ),
          },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          {
            title: '付款信息',
            render: (_, d) =>
              d.method.startsWith('usdt') ? (
                <div className="cell-lines">
                  {usdt(d.usdt_amount)}
                  <div className="muted">汇率 {d.usdt_rate}</div>
                </div>
              ) : d.payer_name ? (
                <div className="cell-lines">
                  {d.payer_name} · {d.payer_bank}
                  <div className="muted">
                    {d.payer_bank_no} {d.payer_bank_address}
                  </div>
                </div>
              ) : (
                <span className="muted">—</span>
              ),
          },
          { title: '状态', render: (_, d) => <StateTag state={d.state} text={d.state_text} /> },
          {
            title: '审核',
            render: (_, d) =>
              d.reviewer ? (
                <div className="cell-lines">
                  {d.reviewer}
                  <div className="muted">{d.reviewed_at}</div>
                  {d.reason && <div className="muted">原因：{d.reason}</div>}
                </div>
              ) : (
                '—'
              ),
          },
          {
            title: '操作',
            fixed: 'right',
            render: (_, d) =>
              reviewer && d.state === 1 ? (
                <Space>
                  <Popconfirm title="确认通过该存款？" description={`${d.username} 将入账 ${yuan(d.amount)}`} okText="通过" cancelText="取消" onConfirm={() => approve.mutateAsync(d.id).catch(() => {})}>
                    <Button type="primary" size="small" data-testid={`approve-${d.id}`}>
                      通过
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRejecting(d)} data-testid={`reject-${d.id}`}>
                    拒绝
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <RejectModal
        title={`拒绝存款 ${rejecting?.deposit_no ?? ''}`}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}
