import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ROLE_LABELS, STAFF_ROLES, STAFF_STATE_LABELS, STAFF_USERNAME_RE, staffPasswordFailure, type AdminStaff, type StaffRole, ADMIN_MSG } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { useAction } from '../../shared/useAction';

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const passwordRule = { validator: (_: unknown, v: string) => (staffPasswordFailure(v ?? '') ? Promise.reject(new Error(ADMIN_MSG.staffPassword)) : Promise.resolve()) };

/** 员工管理 (super only): create with a role, change role, reset password, disable. */
export default function StaffPage() {
  const { me } = useAuth();
  const list = useQuery({ queryKey: ['staff'], queryFn: async () => (await api.get<AdminStaff[]>('/staff')).data });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AdminStaff | null>(null);
  const setRole = useAction(({ id, role }: { id: number; role: StaffRole }) => api.post(`/staff/${id}/role`, { role }), [['staff']]);
  const setState = useAction(({ id, state }: { id: number; state: 0 | 1 }) => api.post(`/staff/${id}/state`, { state }), [['staff']]);

  return (
    <Card
      title="员工管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新增员工
        </Button>
      }
    >
      <Table<AdminStaff>
        rowKey="id"
        size="middle"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'ID', dataIndex: 'id' },
          { title: '用户名', dataIndex: 'username' },
          {
            title: '角色',
            render: (_, st) =>
              st.id === me?.id ? (
                <Tag color="blue">{st.role_label}</Tag>
              ) : (
                <Select size="small" style={{ width: 130 }} value={st.role} options={roleOptions} onChange={(role) => setRole.mutate({ id: st.id, role })} />
              ),
          },
          {
            title: '状态',
            render: (_, st) => (
              <Space>
                <Tag color={st.state === 1 ? 'green' : 'red'}>{STAFF_STATE_LABELS[st.state]}</Tag>
                {/* someone failed to sign in as this name lately: the next sign-in asks for a captcha */}
                {st.login_captcha && <Tag color="orange">登录需验证码</Tag>}
              </Space>
            ),
          },
          { title: '最近登录', render: (_, st) => (st.last_login_at ? `${st.last_login_at} ${st.last_login_ip}` : '—') },
          { title: '创建时间', dataIndex: 'created_at' },
          {
            title: '操作',
            render: (_, st) =>
              st.id !== me?.id && (
                <Space>
                  <Button size="small" onClick={() => setResetting(st)}>
                    重置密码
                  </Button>
                  <Popconfirm title={st.state === 1 ? '停用后该员工将被强制下线，确认停用？' : '确认启用？'} onConfirm={() => setState.mutateAsync({ id: st.id, state: st.state === 1 ? 0 : 1 }).catch(() => {})}>
                    <Button size="small" danger={st.state === 1}>
                      {st.state === 1 ? '停用' : '启用'}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <CreateStaffModal open={creating} onClose={() => setCreating(false)} />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}

function CreateStaffModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<{ username: string; password: string; role: StaffRole }>();
  const create = useAction((v: { username: string; password: string; role: StaffRole }) => api.post('/staff', v), [['staff']], onClose);
  return (
    <Modal title="新增员工" open={open} onCancel={onClose} okText="创建" cancelText="取消" confirmLoading={create.isPending} onOk={() => form.validateFields().then((v) => create.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ role: 'support' }}>
        <Form.Item name="username" label="用户名" rules={[{ pattern: STAFF_USERNAME_RE, required: true, message: ADMIN_MSG.staffUsername }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="初始密码" required rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true, message: ADMIN_MSG.staffRole }]}>
          <Select options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ staff, onClose }: { staff: AdminStaff | null; onClose(): void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useAction((v: { password: string }) => api.post(`/staff/${staff!.id}/password`, v), [['staff']], onClose);
  return (
    <Modal title={`重置密码 · ${staff?.username ?? ''}`} open={!!staff} onCancel={onClose} okText="重置" cancelText="取消" confirmLoading={reset.isPending} onOk={() => form.validateFields().then((v) => reset.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label="新密码" required extra="重置后该员工的所有登录会话立即失效，锁定同时解除" rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
