import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { ADMIN_LIMITS, firstFailure, PAY_METHOD_LABELS, PAY_METHODS, receivingAccountRules, type AdminReceivingAccount, type PayMethod } from '@app/contract';
import { api } from '../../shared/api';
import { useAction } from '../../shared/useAction';
import { QrField } from './QrField';

type Values = Omit<AdminReceivingAccount, 'id'>;
const EMPTY: Values = { method: 'bank', bank_name: '', bank_no: '', bank_owner: '', bank_address: '', mch_id: '', content: '', payimg: '', enabled: true, sort: 0 };

/**
 * Create or edit a receiving account; the contract's rules run here and again on the server. The server
 * keeps the change as a 待复核 request until a second staff member approves it (its message says so).
 */
export function ReceivingAccountModal({ account, onClose }: { account: AdminReceivingAccount | 'new' | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const creating = account === 'new';
  const save = useAction(
    (v: Values) => (creating ? api.post('/receiving-accounts', v) : api.post(`/receiving-accounts/${(account as AdminReceivingAccount).id}`, v)),
    [['receiving-accounts']],
    onClose,
  );
  useEffect(() => {
    if (account) form.setFieldsValue(account === 'new' ? EMPTY : account);
  }, [account, form]);
  const method = (Form.useWatch('method', form) ?? 'bank') as PayMethod;
  const usdt = method.startsWith('usdt');

  async function submit() {
    await form.validateFields();
    const v: Values = { ...EMPTY, ...(form.getFieldsValue(true) as Partial<Values>) };
    const failure = firstFailure(
      { ...v, bank_name: v.bank_name.trim(), bank_no: v.bank_no.trim(), bank_owner: v.bank_owner.trim(), mch_id: v.mch_id.trim(), payimg: v.payimg.trim() },
      receivingAccountRules,
    );
    if (failure) {
      form.setFields([{ name: usdt ? 'mch_id' : 'bank_no', errors: [failure] }]);
      return;
    }
    // An edit sends only what changed: the 待复核 request then reads as the change it is.
    const changed = creating ? v : (Object.fromEntries(Object.entries(v).filter(([k, x]) => (account as AdminReceivingAccount)[k as keyof Values] !== x)) as Partial<Values>);
    save.mutate(changed as Values);
  }

  const text = (name: keyof Values, label: string, placeholder = '') => (
    <Form.Item name={name} label={label}>
      <Input maxLength={ADMIN_LIMITS.fieldMax} placeholder={placeholder} />
    </Form.Item>
  );

  return (
    <Modal title={creating ? '新增收款账户' : '编辑收款账户'} open={!!account} onCancel={onClose} onOk={submit} okText="提交复核" cancelText="取消" confirmLoading={save.isPending} forceRender>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="新增或修改收款账户须另一位员工在「待复核」中通过后生效。" />
      <Form form={form} layout="vertical">
        <Form.Item name="method" label="支付方式">
          <Select options={PAY_METHODS.map((m) => ({ value: m, label: PAY_METHOD_LABELS[m] }))} />
        </Form.Item>
        {usdt ? (
          text('mch_id', 'USDT收款地址', method === 'usdt-trc20' ? 'T 开头的 TRC20 地址' : '0x 开头的 ERC20 地址')
        ) : (
          <>
            {text('bank_name', method === 'bank' ? '银行名称' : '名称')}
            {text('bank_no', method === 'bank' ? '银行卡号' : '收款账号')}
            {text('bank_owner', '户名')}
            {method === 'bank' && text('bank_address', '开户行')}
          </>
        )}
        <Form.Item name="payimg" label="收款码（可选，会员存款时扫码）">
          <QrField />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
