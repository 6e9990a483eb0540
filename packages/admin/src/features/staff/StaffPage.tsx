import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ROLE_LABELS, STAFF_DISPLAY_NAME, STAFF_ROLES, STAFF_STATE_LABELS, STAFF_USERNAME_RE, staffDisplayNameFailure, staffPasswordFailure, type AdminStaff, type StaffRole, ADMIN_MSG } from '@app/contract';
import { api } from '../../shared/api';
import { useAuth } from '../../shared/auth';
import { submitForm } from '../../shared/submitForm';
import { useAction } from '../../shared/useAction';
import { useResetStaffTotp, useSaveStaffSecurity, useStaffSecurity } from '../security/api';

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const passwordRule = { validator: (_: unknown, v: string) => (staffPasswordFailure(v ?? '') ? Promise.reject(new Error(ADMIN_MSG.staffPassword)) : Promise.resolve()) };
/** The name members see (在线客服); optional at creation, where empty means 客服<id>. */
const displayNameRule = (optional: boolean) => ({
  validator: (_: unknown, v: string | undefined) => {
    const failure = staffDisplayNameFailure(v ?? '', optional);
    return failure ? Promise.reject(new Error(failure)) : Promise.resolve();
  },
});

/**
 * 员工管理 (super only): create with a role, change role, reset password or two-factor sign-in,
 * disable; the operator's switch requiring two-factor sign-in of super admins and finance.
 */
export default function StaffPage() {
  const { me } = useAuth();
  const { modal } = App.useApp();
  const list = useQuery({ queryKey: ['staff'], queryFn: async () => (await api.get<AdminStaff[]>('/staff')).data });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AdminStaff | null>(null);
  const [naming, setNaming] = useState<AdminStaff | null>(null);
  const setRole = useAction(({ id, role }: { id: number; role: StaffRole }) => api.post(`/staff/${id}/role`, { role }), [['staff']]);
  const setState = useAction(({ id, state }: { id: number; state: 0 | 1 }) => api.post(`/staff/${id}/state`, { state }), [['staff']]);
  const resetTotp = useResetStaffTotp();
  const security = useStaffSecurity(true);
  const saveSecurity = useSaveStaffSecurity();

  return (
    <Card
      title="员工管理"
      extra={
        <Space size="large">
          <Space>
            <Switch
              checked={security.data?.totp_required ?? false}
              loading={security.isLoading || saveSecurity.isPending}
              onChange={(on) =>
                on && !me?.totp_enabled
                  ? modal.confirm({
                      title: '开启后您需先设置两步验证',
                      content: '您本人尚未开启两步验证：开启此要求后，您和未开启的超级管理员、财务在完成设置前无法使用后台其他功能。',
                      okText: '确认开启',
                      cancelText: '取消',
                      onOk: () => saveSecurity.mutateAsync({ totp_required: true }),
                    })
                  : saveSecurity.mutate({ totp_required: on })
              }
              data-testid="staff-totp-required"
            />
            <span>超级管理员与财务必须开启两步验证</span>
          </Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新增员工
          </Button>
        </Space>
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
            title: '显示名称',
            render: (_, st) => (
              <Space size={4}>
                <span data-testid={`staff-display-name-${st.id}`}>{st.display_name}</span>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={`修改显示名称 ${st.username}`} onClick={() => setNaming(st)} />
              </Space>
            ),
          },
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
              <Space size={4} wrap style={{ maxWidth: 150 }}>
                <Tag color={st.state === 1 ? 'green' : 'red'}>{STAFF_STATE_LABELS[st.state]}</Tag>
                {/* someone failed to sign in as this name lately: the next sign-in asks for a captcha */}
                {st.login_captcha && <Tag color="orange">登录需验证码</Tag>}
                {st.totp_enabled && <Tag color="geekblue">两步验证</Tag>}
                {/* created or reset by a super admin and not yet changed by its owner */}
                {st.password_change_due && <Tag color="gold">待修改初始密码</Tag>}
              </Space>
            ),
          },
          {
            title: '最近登录',
            render: (_, st) =>
              st.last_login_at ? (
                <div data-testid={`staff-last-login-${st.id}`}>
                  <div>{st.last_login_at}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {st.last_login_ip}
                  </Typography.Text>
                </div>
              ) : (
                <Typography.Text type="secondary" data-testid={`staff-last-login-${st.id}`}>
                  从未登录
                </Typography.Text>
              ),
          },
          { title: '创建时间', dataIndex: 'created_at' },
          {
            title: '操作',
            render: (_, st) =>
              st.id !== me?.id && (
                <Space size={4} wrap style={{ maxWidth: 230 }}>
                  <Button size="small" onClick={() => setResetting(st)}>
                    重置密码
                  </Button>
                  {st.totp_enabled && (
                    <Popconfirm title="重置后该员工需重新设置两步验证，并被强制下线，确认重置？" onConfirm={() => resetTotp.mutateAsync(st.id).catch(() => {})}>
                      <Button size="small" data-testid={`staff-totp-reset-${st.id}`}>
                        重置两步验证
                      </Button>
                    </Popconfirm>
                  )}
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
      <DisplayNameModal staff={naming} onClose={() => setNaming(null)} />
    </Card>
  );
}

function CreateStaffModal({ open, onClose }: { open: boolean; onClose(): void }) {
  type NewStaff = { username: string; display_name?: string; password: string; role: StaffRole };
  const [form] = Form.useForm<NewStaff>();
  const create = useAction((v: NewStaff) => api.post('/staff', v), [['staff']], onClose);
  return (
    <Modal title="新增员工" open={open} onCancel={onClose} okText="创建" cancelText="取消" confirmLoading={create.isPending} onOk={submitForm(form, (v) => create.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ role: 'support' }}>
        <Form.Item name="username" label="用户名" rules={[{ pattern: STAFF_USERNAME_RE, required: true, message: ADMIN_MSG.staffUsername }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="display_name" label="显示名称" extra="会员在在线客服中看到的名称；留空则为“客服+编号”" rules={[displayNameRule(true)]}>
          <Input autoComplete="off" maxLength={STAFF_DISPLAY_NAME.max} placeholder="如：小美" />
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
    <Modal title={`重置密码 · ${staff?.username ?? ''}`} open={!!staff} onCancel={onClose} okText="重置" cancelText="取消" confirmLoading={reset.isPending} onOk={submitForm(form, (v) => reset.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label="新密码" required extra="重置后该员工的所有登录会话立即失效，锁定同时解除" rules={[passwordRule]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DisplayNameModal({ staff, onClose }: { staff: AdminStaff | null; onClose(): void }) {
  const [form] = Form.useForm<{ display_name: string }>();
  const save = useAction((v: { display_name: string }) => api.post(`/staff/${staff!.id}/name`, v), [['staff']], onClose);
  return (
    <Modal title={`显示名称 · ${staff?.username ?? ''}`} open={!!staff} onCancel={onClose} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={submitForm(form, (v) => save.mutate(v))} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ display_name: staff?.display_name ?? '' }}>
        <Form.Item name="display_name" label="显示名称" required extra="会员在在线客服中看到的名称，不显示登录用户名" rules={[displayNameRule(false)]}>
          <Input autoComplete="off" maxLength={STAFF_DISPLAY_NAME.max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
