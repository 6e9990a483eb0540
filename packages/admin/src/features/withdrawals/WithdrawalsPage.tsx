import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tabs } from 'antd';
import type { AdminWithdrawal, Page } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { RejectModal } from '../../shared/components/RejectModal';
import { STATE_TABS, StateTag } from '../../shared/components/StateTag';
import { usdt, yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';

/** 取款审核: approve = paid out, reject = refunded to the member's central wallet. */
export default function WithdrawalsPage() {
  const { can } = useAuth();
  const [state, setState] = useState('1');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const list = useQuery({
    queryKey: ['withdrawals', state, keyword, page],
    queryFn: async () => (await api.get<Page<AdminWithdrawal>>('/withdrawals', { state, keyword, page })).data,
    placeholderData: keepPreviousData,
  });
  const approve = useAction((id: number) => api.post<AdminWithdrawal>(`/withdrawals/${id}/approve`), [['withdrawals']]);
  const reject = useAction(
    ({ id, reason }: { id: number; reason: string }) => api.post<AdminWithdrawal>(`/withdrawals/${id}/reject`, { reason }),
    [['withdrawals']],
    () => setRejecting(null),
  );
  const reviewer = can('withdrawals.review');

  return (
    <Card title="取款审核" extra={<Input.Search allowClear placeholder="会员名或订单号" onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 220 }} />}>
      <Tabs activeKey={state} items={STATE_TABS} onChange={(k) => (setState(k), setPage(1))} />
      <Table<AdminWithdrawal>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: list.data?.per_page ?? 20, total: list.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 笔`, showSizeChanger: false }}
        columns={[
          {
            title: '订单',
            render: (_, w) => (
              <div className="cell-lines">
                {w.withdraw_no}
                <div className="muted">{w.created_at}</div>
              </div>
            ),
          },
          { title: '会员', dataIndex: 'username' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: number) => <b>{yuan(v)}</b> },
          {
            title: '收款账户',
            render: (_, w) => (
              <div className="cell-lines" data-testid={`payee-${w.id}`}>
                {w.pay_way} · {w.card_type === 2 ? w.bank_owner : `${w.bank} · ${w.bank_owner}`}
                <div>{w.bank_no}</div>
                {w.bank_address && <div className="muted">{w.bank_address}</div>}
              </div>
            ),
          },
          {
            title: 'USDT',
            render: (_, w) =>
              w.card_type === 2 ? (
                <div className="cell-lines">
                  折合 {usdt(w.usdt_amount)}
                  <div className="muted">
                    汇率 {w.usdt_rate} · 手续费 {usdt(w.usdt_fee)}
                  </div>
                  <div>到账 {usdt(w.usdt_arrival)}</div>
                </div>
              ) : (
                <span className="muted">—</span>
              ),
          },
          { title: '状态', render: (_, w) => <StateTag state={w.state} text={w.state_text} /> },
          {
            title: '审核',
            render: (_, w) =>
              w.reviewer ? (
                <div className="cell-lines">
                  {w.reviewer}
                  <div className="muted">{w.reviewed_at}</div>
                  {w.reason && <div className="muted">原因：{w.reason}</div>}
                </div>
              ) : (
                '—'
              ),
          },
          {
            title: '操作',
            fixed: 'right',
            render: (_, w) =>
              reviewer && w.state === 1 ? (
                <Space>
                  <Popconfirm title="确认已出款？" description={`向 ${w.bank_owner} 支付 ${yuan(w.amount)}`} okText="已出款" cancelText="取消" onConfirm={() => approve.mutateAsync(w.id).catch(() => {})}>
                    <Button type="primary" size="small" data-testid={`approve-${w.id}`}>
                      通过
                    </Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => setRejecting(w)} data-testid={`reject-${w.id}`}>
                    拒绝
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <RejectModal
        title={`拒绝取款 ${rejecting?.withdraw_no ?? ''}（款项将退回会员）`}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}
