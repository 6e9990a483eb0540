import { Form, Input, Modal, type ButtonProps } from 'antd';
import { LIMITS, reviewReasonFailure } from '@app/contract';
import { submitForm } from '../submitForm';

/**
 * The reason dialog of a rejection: by default a deposit's or a withdrawal's (1–200 characters, the
 * contract's rule, which the member reads in a mail); `rule`, `maxLength` and `placeholder` fit it to
 * another (a maker–checker request's), `testId` names its parts (<testId>-reason, <testId>-confirm).
 */
export function RejectModal({
  title,
  open,
  busy,
  onCancel,
  onSubmit,
  rule = reviewReasonFailure,
  maxLength = LIMITS.reviewReasonMax,
  placeholder = '会员将在站内信中看到此原因',
  testId = 'reject',
}: {
  title: string;
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onSubmit(reason: string): void;
  rule?: (reason: string) => string | null;
  maxLength?: number;
  placeholder?: string;
  testId?: string;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title={title}
      open={open}
      okText="确认拒绝"
      okButtonProps={{ danger: true, loading: busy, 'data-testid': `${testId}-confirm` } as ButtonProps}
      cancelText="取消"
      onCancel={onCancel}
      onOk={submitForm(form, (v) => onSubmit(v.reason.trim()))}
      afterOpenChange={(visible) => visible || form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label="拒绝原因"
          rules={[
            {
              validator: (_, value) => {
                const failure = rule(value ?? '');
                return failure ? Promise.reject(new Error(failure)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={maxLength} showCount placeholder={placeholder} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
