import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Checkbox, Toast } from 'antd-mobile';
import { LockOutline, UserOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { loginRules, MSG } from '@app/contract';
import { appKey, useAppInfo } from '../../../shared/api/app';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { captchaRequired, guestLogin, login } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { AuthField } from './AuthField';
import { CaptchaField } from './CaptchaImage';
import { useAuthDone } from './useAuthDone';
import { useCaptcha } from './useCaptcha';

/**
 * The server's refusals that are about one field, shown under it. 用户名或密码错误 names neither
 * (which of the two is wrong is not told): a toast.
 */
const REFUSED_FIELD = refusalFields(loginRules, {}, { [MSG.regCaptchaWrong]: 'code', [MSG.regCaptchaEmpty]: 'code' });

/**
 * /login (spec §2, §5): account and password, 自动登录, guest trial, forgot password. After a few
 * failed attempts the server asks for a captcha (LOGIN_CAPTCHA): the registration's captcha row then
 * appears and stays, with a new picture after every refused attempt (a captcha is single use).
 */
export function LoginForm() {
  const navigate = useNavigate();
  const done = useAuthDone();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [captchaDue, setCaptchaDue] = useState(false);
  const [code, setCode] = useState('');
  const { captcha, loading, refresh } = useCaptcha(captchaDue);
  const errors = useFieldErrors();
  // 免费试玩 only while the site offers it (站点设置); the server refuses a trial that is off anyway.
  const trialOn = useAppInfo().data?.trial_switch === 1;
  const client = useQueryClient();
  /** A trial switched off since the page loaded: refused (试玩账号暂不可用), and the button goes. */
  const trial = async () => {
    try {
      return await guestLogin();
    } catch (e) {
      if (failureMessage(e) === MSG.trialUnavailable) void client.invalidateQueries({ queryKey: appKey });
      throw e;
    }
  };
  const filled = name !== '' && password !== '' && (!captchaDue || code !== '');

  const run = async (attempt: () => Promise<{ api_token: string }>, keep: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      const { api_token } = await attempt();
      Toast.show({ icon: 'success', content: MSG.loginSuccess });
      await done(api_token, keep);
    } catch (e) {
      errors.refuse(failureMessage(e), REFUSED_FIELD);
      if (captchaRequired(e)) {
        // the picture just sent is used up; a first request shows the row and loads one
        if (captchaDue) void refresh();
        setCode('');
        setCaptchaDue(true);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (!errors.check({ name, password }, loginRules)) return;
    if (captchaDue && !code) {
      errors.fail(MSG.regCaptchaEmpty, 'code');
      return;
    }
    void run(() => login(name, password, captchaDue ? { captcha_id: captcha?.captcha_id ?? '', code } : undefined), remember);
  };

  return (
    // The keyboard's enter key submits too (onEnter), so 请输入您的账号和密码！ speaks for empty fields.
    <form className="auth-form" onSubmit={(e) => e.preventDefault()}>
      <FieldErrorsScope errors={errors}>
        <AuthField icon={<UserOutline />} name="name" placeholder="请输入用户名" value={name} onChange={setName} autoComplete="username" onEnter={submit} />
        <AuthField icon={<LockOutline />} name="password" placeholder="请输入密码" value={password} onChange={setPassword} password autoComplete="current-password" onEnter={submit} />
        {captchaDue && (
          <CaptchaField value={code} onChange={setCode} onEnter={submit} captcha={captcha} loading={loading} onRefresh={() => void refresh()} />
        )}
        <div className="auth-row">
          <Checkbox checked={remember} onChange={setRemember} data-testid="remember" style={{ '--icon-size': '16px', '--font-size': '13px', '--gap': '6px' }}>
            自动登录
          </Checkbox>
          <button type="button" className="auth-text-link" data-testid="forgot" onClick={() => navigate('/kefu')}>
            忘记密码？
          </button>
        </div>
        <Button block color="primary" shape="rounded" size="large" className="auth-submit" data-testid="login-submit" disabled={!filled} loading={busy} onClick={submit}>
          登录
        </Button>
        {trialOn && (
          <Button block shape="rounded" size="large" className="auth-trial" data-testid="guest-login" disabled={busy} onClick={() => void run(trial, false)}>
            免费试玩
          </Button>
        )}
      </FieldErrorsScope>
    </form>
  );
}
