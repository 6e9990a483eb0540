import { Alert, Button, Card, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { STAFF_PASSWORD_CHANGE_MSG } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * What a staff member on a temporary password sees (StaffMe.password_change_due: a new account, a
 * reset, the generated first password): the server refuses everything else until it chose its own.
 * Done, /me is read again and the console opens.
 */
export default function PasswordRequiredPage() {
  const { me, logout } = useAuth();
  return (
    <div className="admin-login">
      <Card style={{ width: 420 }} data-testid="password-required">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          修改初始密码
        </Typography.Title>
        <Alert type="warning" showIcon message={STAFF_PASSWORD_CHANGE_MSG.required} style={{ marginBottom: 20 }} />
        <ChangePasswordForm oldLabel="初始密码" submitText="修改并进入后台" onDone={() => undefined} />
        <Button type="link" icon={<LogoutOutlined />} style={{ marginTop: 16, paddingLeft: 0 }} onClick={() => void logout()}>
          退出登录（{me?.username}）
        </Button>
      </Card>
    </div>
  );
}
