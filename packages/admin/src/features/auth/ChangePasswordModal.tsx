import { Form, Input, Modal } from 'antd';
import { MSG, staffPasswordFailure, ADMIN_MSG } from '@app/contract';
import { api } from '../../shared/api';
import { useAction } from '../../shared/useAction';

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** The signed-in staff member's own password (the first admin should change the generated one). */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const change = useAction((v: Values) => api.post('/password', { old_password: v.old_password, password: v.password }), [], onClose);
  return (
    <Modal title="修改密码" open={open} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={change.isPending} onOk={() => form.validateFields().then((v) => change.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: MSG.oldPasswordEmpty }]}>
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
      </Form>
    </Modal>
  );
}
