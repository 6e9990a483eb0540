import { useRef, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { LockOutline, TeamOutline, UserOutline } from 'antd-mobile-icons';
import { MSG, PROTECTION_MSG, registerRules } from '@app/contract';
import { ApiError } from '../../../shared/api/client';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { isOk, register } from '../api';
import { AdultConsent } from './AdultConsent';
import { AuthField } from './AuthField';
import { CaptchaField } from './CaptchaImage';
import { useAuthDone } from './useAuthDone';
import { useCaptcha } from './useCaptcha';

/** The server's refusals that are about one field, shown under it (its rules' messages, and these). */
const REFUSED_FIELD = refusalFields(registerRules, {}, { [MSG.regCaptchaWrong]: 'code', [MSG.regUsernameTaken]: 'name', [MSG.regInviterUnknown]: 'pid' });

/**
 * The register form of /reg2, /reg and /login?type=1 (spec §2, §5; DESIGN §4): the contract's rules
 * in order on the client, then the 18+ box; the captcha checked by the server.
 */
export function RegisterForm({ pid = '' }: { pid?: string }) {
  const done = useAuthDone();
  const { captcha, loading, refresh } = useCaptcha();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const [referrer, setReferrer] = useState(pid);
  const [code, setCode] = useState('');
  const [adult, setAdult] = useState(false);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const errors = useFieldErrors();
  const filled = name !== '' && password !== '' && confirmPass !== '' && code !== '';

  const submit = async () => {
    if (inFlight.current) return;
    if (!errors.check({ name, password, confirmPass, code }, registerRules)) return;
    // 18+: after the spec's rules, before anything is sent.
    if (!adult) return errors.fail(PROTECTION_MSG.adult, 'adult');
    inFlight.current = true;
    setBusy(true);
    try {
      const answer = await register({ name, password, confirmPass, code, captcha_id: captcha?.captcha_id ?? '', pid: referrer, adult: 1 });
      if (isOk(answer.code)) {
        Toast.show({ icon: 'success', content: MSG.regSuccess });
        await done(answer.data.api_token);
        return;
      }
      errors.refuse(answer.message || MSG.regFailed, REFUSED_FIELD);
      // A captcha is single use: whatever failed, the next try needs a new picture.
      setCode('');
      void refresh();
    } catch (e) {
      if (e instanceof ApiError) Toast.show({ content: MSG.regFailed });
      else throw e;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const enter = () => void submit();

  return (
    // The keyboard's enter key submits too (onEnter), so the rules also speak when a field is empty.
    <form className="auth-form" onSubmit={(e) => e.preventDefault()}>
      <FieldErrorsScope errors={errors}>
        <AuthField icon={<UserOutline />} name="name" onEnter={enter} placeholder="6~16位字母或数字" value={name} onChange={setName} autoComplete="username" />
        <AuthField icon={<LockOutline />} name="password" onEnter={enter} placeholder="请输入密码，最少6位" value={password} onChange={setPassword} password autoComplete="new-password" />
        <AuthField icon={<LockOutline />} name="confirmPass" onEnter={enter} placeholder="请再次输入密码" value={confirmPass} onChange={setConfirmPass} password autoComplete="new-password" />
        <AuthField icon={<TeamOutline />} name="pid" onEnter={enter} placeholder="推荐人UID（选填）" value={referrer} onChange={setReferrer} />
        <CaptchaField value={code} onChange={setCode} onEnter={enter} captcha={captcha} loading={loading} onRefresh={() => void refresh()} />
        <AdultConsent checked={adult} onChange={setAdult} />
        <Button block color="primary" shape="rounded" size="large" className="auth-submit" data-testid="register-submit" disabled={!filled} loading={busy} onClick={enter}>
          注册
        </Button>
      </FieldErrorsScope>
    </form>
  );
}
