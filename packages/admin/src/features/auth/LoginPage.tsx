import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { KeyOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { MSG, ADMIN_MSG, STAFF_2FA_MSG, TOTP_CODE_RE, type Captcha, type LoginRefusal, type OtpRefusal } from '@app/contract';
import { api, ApiError } from '../../shared/api';
import { useAuth } from '../../shared/auth';

interface Values {
  username: string;
  password: string;
  code?: string;
  otp?: string;
}

/** True when a refused sign-in says the next attempt needs a captcha (data.captcha_required). */
const captchaRequired = (err: unknown) => err instanceof ApiError && (err.data as Partial<LoginRefusal> | null)?.captcha_required === 1;
/** True when the password was right and the two-factor code is wanted (data.otp_required). */
const otpRequired = (err: unknown) => err instanceof ApiError && (err.data as Partial<OtpRefusal> | null)?.otp_required === 1;

/**
 * Staff sign-in; refusals and rate limits are the server's messages. After a few failed attempts on a
 * name the server asks for a captcha (LOGIN_CAPTCHA): the captcha row appears and stays, with a new
 * picture after every refused attempt (a captcha is single use) or a click on the picture. A staff
 * member with two-factor sign-in is asked for its code once the password was right (otp_required).
 */
export default function LoginPage() {
  const { me, login } = useAuth();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [captchaDue, setCaptchaDue] = useState(false);
  const [otpDue, setOtpDue] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  const refreshCaptcha = useCallback(async () => {
    setCaptcha(null);
    try {
      setCaptcha((await api.post<Captcha>('/captcha')).data);
    } catch (err) {
      message.error((err as Error).message);
    }
  }, [message]);

  useEffect(() => {
    if (captchaDue) void refreshCaptcha();
  }, [captchaDue, refreshCaptcha]);

  if (me) return <Navigate to="/" replace />;

  async function submit(values: Values) {
    setBusy(true);
    try {
      await login(values.username.trim(), values.password, {
        ...(captchaDue ? { captcha_id: captcha?.captcha_id ?? '', code: values.code?.trim() ?? '' } : {}),
        ...(otpDue ? { otp: values.otp?.trim() ?? '' } : {}),
      });
      message.success(MSG.loginSuccess);
      navigate('/', { replace: true });
    } catch (err) {
      message.error((err as Error).message);
      if (otpRequired(err)) {
        form.setFieldValue('otp', '');
        setOtpDue(true);
      }
      if (captchaRequired(err)) {
        form.setFieldValue('code', '');
        if (captchaDue) void refreshCaptcha();
        else setCaptchaDue(true);
      }
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
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: ADMIN_MSG.staffLoginFields }]}>
            <Input size="large" prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: ADMIN_MSG.staffLoginFields }]}>
            <Input.Password size="large" prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {otpDue && (
            <Form.Item name="otp" rules={[{ pattern: TOTP_CODE_RE, required: true, message: STAFF_2FA_MSG.code }]} extra="身份验证器上的6位验证码">
              <Input size="large" prefix={<KeyOutlined />} placeholder="两步验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus data-testid="login-otp" />
            </Form.Item>
          )}
          {captchaDue && (
            <Form.Item>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: MSG.regCaptchaEmpty }]}>
                  <Input size="large" prefix={<SafetyOutlined />} placeholder="验证码" autoComplete="off" maxLength={16} data-testid="login-code" />
                </Form.Item>
                <button type="button" className="admin-login-captcha" title="看不清？点击换一张" aria-label="刷新验证码" data-testid="login-captcha" onClick={() => void refreshCaptcha()}>
                  {captcha ? <img src={captcha.image} alt="验证码" data-testid="login-captcha-image" /> : <Spin size="small" />}
                </button>
              </div>
            </Form.Item>
          )}
          <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="login-submit">
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
