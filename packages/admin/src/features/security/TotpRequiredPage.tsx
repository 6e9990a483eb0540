import { Alert, Button, Card, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { STAFF_2FA_MSG } from '@app/contract';
import { useAuth } from '../../shared/auth';
import { TotpEnrol } from './TotpEnrol';

/**
 * What a super admin or finance member sees while the operator requires two-factor sign-in of its
 * role and it has none (StaffMe.totp_due): the server refuses everything else until it is on.
 */
export default function TotpRequiredPage() {
  const { me, logout } = useAuth();
  return (
    <div className="admin-login">
      <Card style={{ width: 420 }} data-testid="totp-required">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          开启两步验证
        </Typography.Title>
        <Alert type="warning" showIcon message={STAFF_2FA_MSG.required} style={{ marginBottom: 20 }} />
        <TotpEnrol />
        <Button type="link" icon={<LogoutOutlined />} style={{ marginTop: 16, paddingLeft: 0 }} onClick={() => void logout()}>
          退出登录（{me?.username}）
        </Button>
      </Card>
    </div>
  );
}
