import { Alert, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { MSG, STAFF_2FA_MSG, STAFF_TOTP, TOTP_CODE_RE } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';
import { totpApi } from './api';
import { TotpEnrol } from './TotpEnrol';
import { submitForm } from '../../shared/submitForm';

/** 两步验证 from the header's account menu: enrol, or turn it off with the password and a code. */
export function TotpModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { me } = useAuth();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const disable = useAction(totpApi.disable, [['me']], onClose);
  const on = !!me?.totp_enabled;
  return (
    <Modal
      title={
        <Space>
          两步验证
          <Tag color={on ? 'green' : 'default'} data-testid="totp-state">
            {on ? '已开启' : '未开启'}
          </Tag>
        </Space>
      }
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={on ? undefined : null}
      okText="关闭两步验证"
      okButtonProps={{ danger: true, id: 'totp-disable' }}
      cancelText="取消"
      confirmLoading={disable.isPending}
      onOk={submitForm(form, (v) => disable.mutate(v))}
    >
      {on ? (
        <Form form={form} layout="vertical" preserve={false}>
          <Typography.Paragraph type="secondary">关闭后登录只需密码。请输入密码和身份验证器上的{STAFF_TOTP.digits}位验证码确认。</Typography.Paragraph>
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: MSG.oldPasswordEmpty }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="code" label="验证码" rules={[{ pattern: TOTP_CODE_RE, required: true, message: STAFF_2FA_MSG.code }]}>
            <Input inputMode="numeric" maxLength={STAFF_TOTP.digits} autoComplete="one-time-code" />
          </Form.Item>
        </Form>
      ) : (
        <>
          {me?.totp_due && <Alert type="warning" showIcon message={STAFF_2FA_MSG.required} style={{ marginBottom: 16 }} />}
          <TotpEnrol onDone={onClose} />
        </>
      )}
    </Modal>
  );
}
