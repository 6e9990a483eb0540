import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, List, Toast } from 'antd-mobile';
import { CheckShieldOutline, LockOutline, PayCircleOutline, BellOutline } from 'antd-mobile-icons';
import { LIMITS, PAY_PASSWORD_LOCK, PAYPASS_STATE, setPayPasswordRules, PAYPASS_MSG } from '@app/contract';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { userKey, useUser } from '../../../shared/auth/session';
import { setPayPassword } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { PasswordField } from '../components/PasswordField';
import '../components/profile.css';

/** Only in-app routes are honoured as the way back (no open redirect to another site). */
function safeReturn(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}

/** The contract's fields by this screen's input names. */
const FIELD_NAMES = { password: 'loginPassword', paypassword: 'payPassword', confirm: 'payConfirm' };
/** The server's refusals that are about one field, shown under it (a wrong login password is one of its rules). */
const REFUSED_FIELD = refusalFields(setPayPasswordRules, FIELD_NAMES);

const POINTS = [
  { icon: <PayCircleOutline />, title: '用于资金操作', text: '绑定银行卡、USDT地址和提交取款时需要输入支付密码。' },
  {
    icon: <LockOutline />,
    title: '与登录密码分开',
    text: `${LIMITS.payPasswordMin}~${LIMITS.payPasswordMax}位字符（也可使用${LIMITS.payPasswordMin}位数字），不能与登录密码相同；即使登录密码泄露，资金仍受保护。`,
  },
  {
    icon: <BellOutline />,
    title: '错误锁定',
    text: `${PAY_PASSWORD_LOCK.windowMinutes}分钟内连续输错${PAY_PASSWORD_LOCK.maxFailures}次将锁定${PAY_PASSWORD_LOCK.lockMinutes}分钟，并以站内信通知您。`,
  },
];

/**
 * /payPassword (DESIGN §4): explains the payment password and sets the member's first one, or
 * replaces one that still equals the login password; the login password proves who is asking.
 * Reached from card binding, withdrawal and /password?type=2 with ?redirect= the screen to return to.
 */
export default function PayPasswordSetup() {
  const [params] = useSearchParams();
  const back = safeReturn(params.get('redirect'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: user } = useUser();
  const [login, setLogin] = useState('');
  const [pay, setPay] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const errors = useFieldErrors();
  const replacing = user?.paypass_state === PAYPASS_STATE.mustReplace;

  useEffect(() => {
    if (!done) return;
    if (back) navigate(back, { replace: true });
    else if (window.history.length > 1) navigate(-1);
    else navigate('/mine', { replace: true });
  }, [done, back, navigate]);

  // A member who has its own already changes it on /password?type=2 (with the old one).
  if (user && user.paypass_state === PAYPASS_STATE.set && !done && !busy) return <Navigate replace to="/password?type=2" />;

  const submit = async () => {
    if (busy) return;
    if (!errors.check({ password: login, paypassword: pay, confirm }, setPayPasswordRules, FIELD_NAMES)) return;
    setBusy(true);
    try {
      await setPayPassword({ password: login, paypassword: pay });
      await qc.invalidateQueries({ queryKey: userKey });
      Toast.show({ icon: 'success', content: PAYPASS_MSG.payPasswordSet });
      setDone(true);
    } catch (e) {
      errors.refuse(failureMessage(e), REFUSED_FIELD);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={replacing ? '更换支付密码' : '设置支付密码'} className="paypass-page">
      <div className="paypass-hero">
        <span className="paypass-hero-icon">
          <CheckShieldOutline />
        </span>
        <div className="paypass-hero-title" data-testid="paypass-title">
          {replacing ? '请设置新的支付密码' : '设置您的支付密码'}
        </div>
        <div className="paypass-hero-text">
          {replacing ? '您当前的支付密码与登录密码相同，为保障资金安全，请先设置一个新的支付密码。' : '为保障资金安全，绑定银行卡或取款前，请先设置一个独立的支付密码。'}
        </div>
      </div>
      <div className="paypass-points">
        {POINTS.map((p) => (
          <div className="paypass-point" key={p.title}>
            <span className="paypass-point-icon">{p.icon}</span>
            <div>
              <div className="paypass-point-title">{p.title}</div>
              <div className="paypass-point-text">{p.text}</div>
            </div>
          </div>
        ))}
      </div>
      <FieldErrorsScope errors={errors}>
        <div className="profile-section-title">验证身份</div>
        <div className="profile-section">
          <List>
            <PasswordField name="loginPassword" label="登录密码" placeholder="请输入当前登录密码" value={login} onChange={setLogin} maxLength={LIMITS.inputMaxLength} />
          </List>
        </div>
        <div className="profile-section-title">{replacing ? '新的支付密码' : '支付密码'}</div>
        <div className="profile-section">
          <List>
            <PasswordField name="payPassword" label="支付密码" placeholder={`${LIMITS.payPasswordMin}~${LIMITS.payPasswordMax}位字符`} value={pay} onChange={setPay} maxLength={LIMITS.payPasswordMax} />
            <PasswordField name="payConfirm" label="确认密码" placeholder="请再次输入支付密码" value={confirm} onChange={setConfirm} maxLength={LIMITS.payPasswordMax} />
          </List>
        </div>
      </FieldErrorsScope>
      <div className="profile-actions">
        <Button block color="primary" shape="rounded" className="profile-primary" data-testid="paypass-submit" loading={busy} onClick={() => void submit()}>
          确认设置
        </Button>
      </div>
    </Page>
  );
}
