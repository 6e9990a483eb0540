import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Page, Permission } from '@app/contract';
import { api } from '../api';
import { useAuth } from '../auth';
import { useAction } from '../useAction';
import { RejectModal } from './RejectModal';
import { STATE_TABS, StateTag } from './StateTag';
import { tablePaging } from '../pagination';

/** What the deposit and withdrawal queues share: an order under review, as the API lists it. */
interface ReviewOrder {
  id: number;
  created_at: string;
  state: number;
  state_text: string;
  reviewer: string;
  reviewed_at: string;
  reason: string;
}

/**
 * A review queue (存款审核, 取款审核): orders by state tab and keyword, the order's own columns
 * between its number and its state, approve behind a confirm and reject with a reason.
 */
export function ReviewQueue<T extends ReviewOrder>(props: {
  /** API path and query key: 'deposits' or 'withdrawals' */
  resource: 'deposits' | 'withdrawals';
  title: string;
  permission: Permission;
  orderNo: (o: T) => string;
  columns: ColumnsType<T>;
  confirm: { title: string; ok: string; description: (o: T) => ReactNode };
  rejectTitle: (o: T) => string;
  /** An order confirmed in its own dialog instead of the confirm (a USDT payout with its TXID): opens it. */
  approveInDialog?: { when: (o: T) => boolean; open: (o: T) => void };
}) {
  const { resource } = props;
  const { can } = useAuth();
  const [state, setState] = useState('1');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<T | null>(null);
  const list = useQuery({
    queryKey: [resource, state, keyword, page],
    queryFn: async () => (await api.get<Page<T>>(`/${resource}`, { state, keyword, page })).data,
    placeholderData: keepPreviousData,
  });
  const approve = useAction((id: number) => api.post<T>(`/${resource}/${id}/approve`), [[resource]]);
  const reject = useAction(({ id, reason }: { id: number; reason: string }) => api.post<T>(`/${resource}/${id}/reject`, { reason }), [[resource]], () => setRejecting(null));
  const reviewer = can(props.permission);

  const columns: ColumnsType<T> = [
    {
      title: '订单',
      render: (_, o) => (
        <div className="cell-lines">
          {props.orderNo(o)}
          <div className="muted">{o.created_at}</div>
        </div>
      ),
    },
    ...props.columns,
    { title: '状态', render: (_, o) => <StateTag state={o.state} text={o.state_text} /> },
    {
      title: '审核',
      render: (_, o) =>
        o.reviewer ? (
          <div className="cell-lines">
            {o.reviewer}
            <div className="muted">{o.reviewed_at}</div>
            {o.reason && <div className="muted">原因：{o.reason}</div>}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      fixed: 'right',
      render: (_, o) =>
        reviewer && o.state === 1 ? (
          <Space>
            {props.approveInDialog?.when(o) ? (
              <Button type="primary" size="small" data-testid={`approve-${o.id}`} onClick={() => props.approveInDialog!.open(o)}>
                通过
              </Button>
            ) : (
              <Popconfirm title={props.confirm.title} description={props.confirm.description(o)} okText={props.confirm.ok} cancelText="取消" onConfirm={() => approve.mutateAsync(o.id).catch(() => {})}>
                <Button type="primary" size="small" data-testid={`approve-${o.id}`}>
                  通过
                </Button>
              </Popconfirm>
            )}
            <Button danger size="small" onClick={() => setRejecting(o)} data-testid={`reject-${o.id}`}>
              拒绝
            </Button>
          </Space>
        ) : null,
    },
  ];

  return (
    <Card title={props.title} extra={<Input.Search allowClear placeholder="会员名或订单号" onSearch={(v) => (setKeyword(v.trim()), setPage(1))} style={{ width: 220 }} />}>
      <Tabs activeKey={state} items={STATE_TABS} onChange={(k) => (setState(k), setPage(1))} />
      <Table<T>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.data}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(list.data, page, setPage, '笔')}
        columns={columns}
      />
      <RejectModal
        title={rejecting ? props.rejectTitle(rejecting) : ''}
        open={!!rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => rejecting && reject.mutate({ id: rejecting.id, reason })}
      />
    </Card>
  );
}
