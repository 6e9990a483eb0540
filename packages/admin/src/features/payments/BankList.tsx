import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space, Switch, Table, Tag, Tooltip, Typography, type ButtonProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_LIMITS, BANK_LIMITS, BANK_MSG, bankNameFailure, staffReasonFailure, type AdminBank, type BankForm } from '@app/contract';
import { api } from '../../shared/api';
import { useAction } from '../../shared/useAction';

const banksKey = ['banks'] as const;
const bankApi = {
  list: async () => (await api.get<AdminBank[]>('/banks')).data,
  create: (form: BankForm) => api.post<AdminBank>('/banks', form),
  update: ({ id, ...form }: BankForm & { id: number }) => api.post<AdminBank>(`/banks/${id}`, form),
  order: (ids: number[]) => api.post<AdminBank[]>('/banks/order', { ids }),
};

/** What the modal edits: a new bank, a bank's name, or a bank switched off or on. */
type Editing = { mode: 'new' } | { mode: 'edit' | 'switch'; bank: AdminBank };

/**
 * 会员绑卡银行: the banks members pick from when binding a card (/api/banklist), in their order. Staff
 * with payments.write add a bank, rename it, switch it off or on (each with a reason, audited) and move
 * it up or down; a bank switched off is no longer offered and binding with it is refused, while cards
 * already bound to it stay.
 */
export function BankList({ writable }: { writable: boolean }) {
  const banks = useQuery({ queryKey: banksKey, queryFn: bankApi.list });
  const [editing, setEditing] = useState<Editing | null>(null);
  const client = useQueryClient();
  // the answer is the list in its new order: shown at once, so a second move starts from it
  const order = useAction(bankApi.order, [banksKey], (rows) => client.setQueryData(banksKey, rows));
  const list = banks.data ?? [];
  const move = (i: number, by: -1 | 1) => {
    const ids = list.map((b) => b.id);
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    order.mutate(ids);
  };
  const offered = list.filter((b) => b.enabled).length;

  return (
    <Card
      title="会员绑卡银行"
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="banks-offered">
            会员可选 {offered} 家 / 共 {list.length} 家
          </Typography.Text>
          {writable && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'new' })} data-testid="bank-new">
              新增银行
            </Button>
          )}
        </Space>
      }
    >
      <Table<AdminBank>
        rowKey="id"
        size="small"
        pagination={false}
        loading={banks.isLoading}
        dataSource={list}
        scroll={{ y: 420 }}
        onRow={(b) => ({ 'data-testid': `bank-row-${b.name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '顺序', width: 70, render: (_, _b, i) => i + 1 },
          { title: '银行', dataIndex: 'name', render: (name: string) => <b>{name}</b> },
          { title: '状态', dataIndex: 'enabled', width: 110, render: (on: boolean) => (on ? <Tag color="green">提供绑卡</Tag> : <Tag>已停用</Tag>) },
          { title: '已绑卡', dataIndex: 'cards', width: 90, align: 'right' },
          ...(writable
            ? [
                {
                  title: '操作',
                  width: 260,
                  render: (_: unknown, b: AdminBank, i: number) => (
                    <Space size={4}>
                      <Tooltip title="上移">
                        <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0 || order.isPending} onClick={() => move(i, -1)} aria-label="上移" data-testid={`bank-up-${b.name}`} />
                      </Tooltip>
                      <Tooltip title="下移">
                        <Button size="small" icon={<ArrowDownOutlined />} disabled={i === list.length - 1 || order.isPending} onClick={() => move(i, 1)} aria-label="下移" data-testid={`bank-down-${b.name}`} />
                      </Tooltip>
                      <Button size="small" onClick={() => setEditing({ mode: 'edit', bank: b })} data-testid={`bank-edit-${b.name}`}>
                        改名
                      </Button>
                      <Button size="small" danger={b.enabled} onClick={() => setEditing({ mode: 'switch', bank: b })} data-testid={`bank-switch-${b.name}`}>
                        {b.enabled ? '停用' : '启用'}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <BankModal editing={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function titleOf(e: Editing): string {
  if (e.mode === 'new') return '新增银行';
  if (e.mode === 'edit') return `银行改名 · ${e.bank.name}`;
  return `${e.bank.enabled ? '停用' : '启用'}银行 · ${e.bank.name}`;
}

/** The one form of the bank list's changes: a name (new or renamed) or the switch, and the reason. */
function BankModal({ editing, onClose }: { editing: Editing | null; onClose(): void }) {
  const [form] = Form.useForm<BankForm>();
  const values = Form.useWatch([], form) as BankForm | undefined;
  const [tried, setTried] = useState(false);
  const save = useAction((f: BankForm) => (editing && editing.mode !== 'new' ? bankApi.update({ id: editing.bank.id, ...f }) : bankApi.create(f)), [banksKey], onClose);
  const nameFailure = tried && values ? bankNameFailure(values.name ?? '') : null;
  const reasonFailure = tried && values ? staffReasonFailure(values.reason ?? '', BANK_MSG.reason) : null;
  const initial: BankForm | null = !editing
    ? null
    : editing.mode === 'new'
      ? { name: '', enabled: true, reason: '' }
      : { name: editing.bank.name, enabled: editing.mode === 'switch' ? !editing.bank.enabled : editing.bank.enabled, reason: '' };
  const switching = editing?.mode === 'switch';
  const submit = () => {
    if (!initial) return;
    setTried(true);
    // switching shows only the reason: the name and the switch are the ones the modal opened with
    const v = form.getFieldsValue(true) as Partial<BankForm>;
    const f = { name: (switching ? initial.name : (v.name ?? '')).trim(), enabled: switching ? initial.enabled : !!v.enabled, reason: (v.reason ?? '').trim() };
    if (bankNameFailure(f.name) || staffReasonFailure(f.reason, BANK_MSG.reason)) return;
    save.mutate(f);
  };
  const cards = editing && editing.mode !== 'new' ? editing.bank.cards : 0;
  return (
    <Modal
      title={editing ? titleOf(editing) : ''}
      open={!!editing}
      okText={switching ? (initial?.enabled ? '启用' : '停用') : '保存'}
      cancelText="取消"
      okButtonProps={{ loading: save.isPending, danger: switching && !initial?.enabled, 'data-testid': 'bank-save' } as ButtonProps}
      onCancel={onClose}
      onOk={submit}
      afterClose={() => setTried(false)}
      destroyOnHidden
    >
      {editing && initial && (
        <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
          {switching ? (
            <Typography.Paragraph type="secondary" data-testid="bank-switch-note">
              {initial.enabled
                ? '启用后会员绑定银行卡时可再次选择该银行。'
                : `停用后会员绑定银行卡时不再提供该银行，选择它的绑定请求将被拒绝；已绑定的 ${cards} 张卡不受影响，仍可取款。`}
            </Typography.Paragraph>
          ) : (
            <>
              <Form.Item name="name" label="银行名称" validateStatus={nameFailure ? 'error' : undefined} help={nameFailure ?? `${BANK_LIMITS.nameMin}~${BANK_LIMITS.nameMax}个字，会员端银行选择中显示`}>
                <Input maxLength={BANK_LIMITS.nameMax + 5} placeholder="如：网商银行" data-testid="bank-name" />
              </Form.Item>
              <Form.Item name="enabled" label="提供给会员绑卡" valuePropName="checked">
                <Switch data-testid="bank-enabled" />
              </Form.Item>
            </>
          )}
          <Form.Item name="reason" label="原因" validateStatus={reasonFailure ? 'error' : undefined} help={reasonFailure ?? '记入审计日志'}>
            <Input.TextArea rows={2} maxLength={ADMIN_LIMITS.reasonMax + 10} showCount data-testid="bank-reason" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
