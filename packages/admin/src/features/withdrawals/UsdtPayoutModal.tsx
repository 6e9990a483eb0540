import { Alert, Descriptions, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { txidFailure, type AdminWithdrawal } from '@app/contract';
import { usdt, yuan } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { withdrawalKeys, withdrawalsApi } from './api';
import { submitForm } from '../../shared/submitForm';

/**
 * A USDT payout is confirmed in USDT: the amount to send after the network fee, the member's address
 * (copyable) and network, and the TXID of the transfer made, checked here and again by the server.
 */
export function UsdtPayoutModal({ order, onClose }: { order: AdminWithdrawal | null; onClose(): void }) {
  const [form] = Form.useForm<{ txid: string }>();
  const approve = useAction(withdrawalsApi.approveUsdt, [withdrawalKeys.all, ['desk-counts']], onClose);
  return (
    <Modal
      title={order ? `确认USDT出款 · ${order.withdraw_no}` : ''}
      open={!!order}
      onCancel={onClose}
      okText="已出款"
      cancelText="取消"
      okButtonProps={{ loading: approve.isPending, 'data-testid': 'usdt-payout-confirm' } as ButtonProps}
      onOk={submitForm(form, (v) => order && approve.mutate({ id: order.id, txid: v.txid.trim() }))}
      afterOpenChange={(visible) => visible || form.resetFields()}
      destroyOnHidden
      width={620}
    >
      {order && (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} data-testid="usdt-payout-details">
            <Descriptions.Item label="会员">{order.username}</Descriptions.Item>
            <Descriptions.Item label="应转出">
              <b>{usdt(order.usdt_arrival)}</b>
              <span className="muted">
                {' '}
                （折合 {usdt(order.usdt_amount)}，手续费 {usdt(order.usdt_fee)}，汇率 {order.usdt_rate}，取款 {yuan(order.amount)}）
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="网络">{order.pay_way}</Descriptions.Item>
            <Descriptions.Item label="收款地址">
              <Typography.Text copyable code data-testid="usdt-payout-address">
                {order.bank_no}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="请核对地址与网络后转出，再填写该笔转账的交易哈希（TXID）。" />
          <Form form={form} layout="vertical" preserve={false}>
            <Form.Item name="txid" label="交易哈希（TXID）" rules={[{ validator: (_, v) => (txidFailure(v ?? '') ? Promise.reject(new Error(txidFailure(v ?? '')!)) : Promise.resolve()) }]}>
              <Input placeholder="64位十六进制，ERC20 可带 0x" maxLength={80} data-testid="usdt-payout-txid" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
