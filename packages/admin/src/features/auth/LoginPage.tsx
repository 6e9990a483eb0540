import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, ADMIN_MSG } from '@app/contract';
import { useAuth } from '../../shared/auth';

/** Staff sign-in; lockout and rate-limit answers are the server's messages. */
export default function LoginPage() {
  const { me, login } = useAuth();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (me) return <Navigate to="/" replace />;

  async function submit(values: { username: string; password: string }) {
    setBusy(true);
    try {
      await login(values.username.trim(), values.password);
      message.success(MSG.loginSuccess);
      navigate('/', { replace: true });
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-login">
      <Card>
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/assets/logo.svg" alt="" width={48} height={48} />
          <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
            后台管理
          </Typography.Title>
          <Typography.Text type="secondary">员工登录</Typography.Text>
        </div>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: ADMIN_MSG.staffLoginFields }]}>
            <Input size="large" prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: ADMIN_MSG.staffLoginFields }]}>
            <Input.Password size="large" prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="login-submit">
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
