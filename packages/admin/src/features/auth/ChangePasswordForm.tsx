import { Button, Form, Input } from 'antd';
import { MSG, staffPasswordFailure, ADMIN_MSG } from '@app/contract';
import { api } from '../../shared/api';
import { useAction } from '../../shared/useAction';

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/**
 * The signed-in staff member's own password (POST /password): the old one, a new one by the staff
 * password rule, and the new one again. `onDone` runs after the server took it.
 */
export function ChangePasswordForm({ oldLabel = '原密码', submitText = '保存', onDone }: { oldLabel?: string; submitText?: string; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const change = useAction((v: Values) => api.post('/password', { old_password: v.old_password, password: v.password }), [['me']], onDone);
  return (
    <Form form={form} layout="vertical" preserve={false} onFinish={(v) => change.mutate(v)}>
      <Form.Item name="old_password" label={oldLabel} rules={[{ required: true, message: MSG.oldPasswordEmpty }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="password" label="新密码" rules={[{ validator: (_, v) => (staffPasswordFailure(v ?? '') ? Promise.reject(new Error(ADMIN_MSG.staffPassword)) : Promise.resolve()) }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['password']}
        rules={[({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(MSG.passwordMismatch))) })]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="password-submit">
        {submitText}
      </Button>
    </Form>
  );
}
