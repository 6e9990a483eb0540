import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { App, Alert, Button, Input, Space, Spin, Typography } from 'antd';
import { STAFF_2FA_MSG, STAFF_TOTP, TOTP_CODE_RE, type StaffTotpSetup } from '@app/contract';
import { totpApi } from './api';

/** The secret in groups of four, as authenticator apps ask for it when typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Enrolment: a new secret as a QR code (otpauth://, read by any authenticator app) and as text, then
 * the first code to confirm it. On success the staff member's session knows it at once (GET /me).
 */
export function TotpEnrol({ onDone }: { onDone?(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [setup, setSetup] = useState<StaffTotpSetup | null>(null);
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const begin = useMutation({ mutationFn: totpApi.setup, onSuccess: setSetup, onError: (err: Error) => message.error(err.message) });
  const enable = useMutation({
    mutationFn: () => totpApi.enable(code),
    onSuccess: async (answer) => {
      message.success(answer.message);
      await client.invalidateQueries({ queryKey: ['me'] });
      onDone?.();
    },
    onError: (err: Error) => message.error(err.message),
  });

  useEffect(() => {
    if (!setup) return;
    let live = true;
    void QRCode.toDataURL(setup.uri, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [setup]);

  if (!setup)
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          开启后，登录时除密码外还需输入手机身份验证器（如 Google Authenticator、Microsoft Authenticator）上每{STAFF_TOTP.periodSeconds}秒更新的{STAFF_TOTP.digits}位验证码。
        </Typography.Paragraph>
        <Button type="primary" loading={begin.isPending} onClick={() => begin.mutate()} data-testid="totp-begin">
          开始设置
        </Button>
      </Space>
    );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="totp-setup">
      <Typography.Text>1. 用身份验证器扫描二维码（或手动输入密钥）</Typography.Text>
      <div style={{ textAlign: 'center' }}>{qr ? <img src={qr} alt="两步验证二维码" width={200} height={200} data-testid="totp-qr" /> : <Spin />}</div>
      <Typography.Text copyable={{ text: setup.secret }} code data-testid="totp-secret">
        {grouped(setup.secret)}
      </Typography.Text>
      <Typography.Text>2. 输入身份验证器显示的{STAFF_TOTP.digits}位验证码</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="large"
          inputMode="numeric"
          maxLength={STAFF_TOTP.digits}
          placeholder="6位验证码"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          onPressEnter={() => TOTP_CODE_RE.test(code) && enable.mutate()}
          data-testid="totp-code"
        />
        <Button size="large" type="primary" loading={enable.isPending} disabled={!TOTP_CODE_RE.test(code)} onClick={() => enable.mutate()} data-testid="totp-enable">
          开启
        </Button>
      </Space.Compact>
      {!TOTP_CODE_RE.test(code) && code.length > 0 && <Alert type="info" showIcon message={STAFF_2FA_MSG.code} />}
    </Space>
  );
}
