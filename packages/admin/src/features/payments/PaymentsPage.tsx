import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Image, InputNumber, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PAY_METHOD_LABELS, payRangeFailure, type AdminPayMethod, type AdminReceivingAccount } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { BankList } from './BankList';
import { ReceivingAccountModal } from './ReceivingAccountModal';

type Draft = Record<string, { enabled: boolean; min: number | null; max: number | null }>;

/** 支付设置: which deposit methods members see and their ranges; the house's receiving accounts; the banks card binding offers. */
export default function PaymentsPage() {
  const { can } = useAuth();
  const writable = can('payments.write');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PayMethods writable={writable} />
      <ReceivingAccounts writable={writable} />
      <BankList writable={writable} />
    </Space>
  );
}

function PayMethods({ writable }: { writable: boolean }) {
  const { message } = App.useApp();
  const methods = useQuery({ queryKey: ['pay-methods'], queryFn: async () => (await api.get<AdminPayMethod[]>('/pay-methods')).data });
  const [draft, setDraft] = useState<Draft>({});
  useEffect(() => {
    if (methods.data) setDraft(Object.fromEntries(methods.data.map((m) => [m.code, { enabled: m.enabled, min: m.min, max: m.max }])));
  }, [methods.data]);
  const save = useAction((m: { code: string; enabled: boolean; min: number | null; max: number | null }) => api.post<AdminPayMethod>(`/pay-methods/${m.code}`, m), [['pay-methods']]);
  const edit = (code: string, patch: Partial<Draft[string]>) => setDraft((d) => ({ ...d, [code]: { ...d[code], ...patch } }));

  return (
    <Card title="支付方式">
      <Table<AdminPayMethod>
        rowKey="code"
        size="middle"
        pagination={false}
        loading={methods.isFetching}
        dataSource={methods.data}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '支付方式', dataIndex: 'label' },
          { title: '开放', render: (_, m) => <Switch checked={draft[m.code]?.enabled} disabled={!writable} onChange={(enabled) => edit(m.code, { enabled })} data-testid={`method-enabled-${m.code}`} /> },
          { title: '最低金额（元）', render: (_, m) => <InputNumber min={0.01} precision={2} value={draft[m.code]?.min} disabled={!writable} onChange={(min) => edit(m.code, { min })} data-testid={`method-min-${m.code}`} /> },
          { title: '最高金额（元）', render: (_, m) => <InputNumber min={0.01} precision={2} value={draft[m.code]?.max} disabled={!writable} onChange={(max) => edit(m.code, { max })} data-testid={`method-max-${m.code}`} /> },
          {
            title: '操作',
            render: (_, m) =>
              writable && (
                <Button
                  size="small"
                  type="primary"
                  loading={save.isPending && save.variables?.code === m.code}
                  data-testid={`method-save-${m.code}`}
                  onClick={() => {
                    const d = draft[m.code];
                    const failure = payRangeFailure(d.min ?? '', d.max ?? '');
                    if (failure) return void message.error(failure);
                    save.mutate({ code: m.code, ...d });
                  }}
                >
                  保存
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

function ReceivingAccounts({ writable }: { writable: boolean }) {
  const accounts = useQuery({ queryKey: ['receiving-accounts'], queryFn: async () => (await api.get<AdminReceivingAccount[]>('/receiving-accounts')).data });
  const toggle = useAction(({ id, enabled }: { id: number; enabled: boolean }) => api.post(`/receiving-accounts/${id}`, { enabled }), [['receiving-accounts']]);
  const [editing, setEditing] = useState<AdminReceivingAccount | 'new' | null>(null);

  return (
    <Card
      title="收款账户"
      extra={
        writable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增
          </Button>
        )
      }
    >
      <Table<AdminReceivingAccount>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={accounts.isFetching}
        dataSource={accounts.data}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: '方式', dataIndex: 'method', render: (v: keyof typeof PAY_METHOD_LABELS) => <Tag>{PAY_METHOD_LABELS[v]}</Tag> },
          { title: '名称', dataIndex: 'bank_name' },
          {
            title: '账号/地址',
            render: (_, a) => (
              <div className="cell-lines">
                {a.method.startsWith('usdt') ? a.mch_id : a.bank_no}
                {a.bank_owner && <div className="muted">{a.bank_owner}</div>}
              </div>
            ),
          },
          { title: '开户行', dataIndex: 'bank_address' },
          { title: '收款码', dataIndex: 'payimg', render: (v: string) => (v ? <Image src={v} alt="收款码" width={40} height={40} style={{ objectFit: 'contain' }} /> : <span className="muted">无</span>) },
          { title: '排序', dataIndex: 'sort' },
          { title: '启用', render: (_, a) => <Switch checked={a.enabled} disabled={!writable} loading={toggle.isPending && toggle.variables?.id === a.id} onChange={(enabled) => toggle.mutate({ id: a.id, enabled })} /> },
          { title: '操作', render: (_, a) => writable && <Button size="small" onClick={() => setEditing(a)}>编辑</Button> },
        ]}
      />
      <ReceivingAccountModal account={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
