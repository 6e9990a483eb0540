import { Form, Input, Modal, type ButtonProps } from 'antd';
import { LIMITS, reviewReasonFailure } from '@app/contract';

/** The reason dialog of a rejection (deposit or withdrawal): 1–200 characters, the contract's rule. */
export function RejectModal({
  title,
  open,
  busy,
  onCancel,
  onSubmit,
}: {
  title: string;
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onSubmit(reason: string): void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title={title}
      open={open}
      okText="确认拒绝"
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'reject-confirm' } as ButtonProps}
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onSubmit(v.reason.trim()))}
      afterOpenChange={(visible) => visible || form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="拒绝原因"
          rules={[{ validator: (_, value) => (reviewReasonFailure(value ?? '') ? Promise.reject(new Error(reviewReasonFailure(value ?? '')!)) : Promise.resolve()) }]}
        >
          <Input.TextArea rows={3} maxLength={LIMITS.reviewReasonMax} showCount placeholder="会员将在站内信中看到此原因" data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
