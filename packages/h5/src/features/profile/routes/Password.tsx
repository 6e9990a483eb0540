import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, List, Toast } from 'antd-mobile';
import { PayCircleOutline, LockOutline } from 'antd-mobile-icons';
import { LIMITS, MSG, passwordRules, payPasswordRules, type Rule } from '@app/contract';
import { FieldErrorsScope, refusalFields, useFieldErrors } from '../../../shared/components/FieldErrors';
import { Page } from '../../../shared/components/Page';
import { needsPayPassword, usePayPasswordGate } from '../../../shared/auth/payPassword';
import { editPassword, editPayPassword } from '../api';
import { failureMessage } from '../../../shared/api/client';
import { PasswordField } from '../components/PasswordField';
import { useLeaveSignedOut } from '../components/useLogout';
import '../components/profile.css';

type PasswordForm = { password: string; paypassword: string; confirm: string };
const isConfirmRule = ([, message]: Rule<PasswordForm>) => message === MSG.confirmPasswordEmpty || message === MSG.passwordMismatch;
/** The payment password's own lengths (6–18), with the form's confirm checks in the login form's order. */
const payFormRules: Rule<PasswordForm>[] = [
  ...payPasswordRules.filter(([, m]) => m !== MSG.passwordSame),
  ...passwordRules.filter(isConfirmRule),
  ...payPasswordRules.filter(([, m]) => m === MSG.passwordSame),
];
/** The contract's fields by this screen's input names. */
const FIELD_NAMES = { password: 'oldPassword', paypassword: 'newPassword', confirm: 'confirmPassword' };
/** The server's refusals that are about one field, shown under it: its rules, and a wrong old password. */
const WRONG_OLD = { [MSG.oldPasswordWrong]: FIELD_NAMES.password, [MSG.payPasswordWrong]: FIELD_NAMES.password };
const REFUSED_FIELD = { login: refusalFields(passwordRules, FIELD_NAMES, WRONG_OLD), pay: refusalFields(payFormRules, FIELD_NAMES, WRONG_OLD) };

/**
 * /password (spec §2, §4, §5): type=1 changes the login password and ends every session; any other
 * type changes the payment (withdrawal) password and stays signed in. A member without a payment
 * password of its own (none yet, or one equal to the login password) is sent to /payPassword instead.
 */
export default function Password() {
  const [params] = useSearchParams();
  const loginPassword = params.get('type') === '1';
  return loginPassword ? <PasswordForm loginPassword /> : <PayPasswordChange />;
}

/** After setting one there, the member goes back where it came from, not to this change form. */
function PayPasswordChange() {
  const toSetup = usePayPasswordGate({ comeBack: false });
  return <PasswordForm loginPassword={false} toSetup={toSetup} />;
}

function PasswordForm({ loginPassword, toSetup }: { loginPassword: boolean; toSetup?: () => void }) {
  const navigate = useNavigate();
  const leave = useLeaveSignedOut();
  const [oldPass, setOldPass] = useState('');
  const [newPass, setNewPass] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useFieldErrors();
  const noun = loginPassword ? '登录密码' : '支付密码';
  const maxLength = loginPassword ? LIMITS.inputMaxLength : LIMITS.payPasswordMax;

  const submit = async () => {
    if (busy) return;
    if (!errors.check({ password: oldPass, paypassword: newPass, confirm }, loginPassword ? passwordRules : payFormRules, FIELD_NAMES)) return;
    setBusy(true);
    try {
      const body = { password: oldPass, paypassword: newPass };
      await (loginPassword ? editPassword(body) : editPayPassword(body));
      Toast.show({ icon: 'success', content: MSG.passwordChanged });
      if (loginPassword) {
        // Every session of the member has ended on the server: clear everything, back to /login.
        leave();
      } else if (window.history.length > 1) navigate(-1);
      else navigate('/mine', { replace: true });
    } catch (e) {
      if (toSetup && needsPayPassword(e)) {
        toSetup();
        return;
      }
      errors.refuse(failureMessage(e), loginPassword ? REFUSED_FIELD.login : REFUSED_FIELD.pay);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={loginPassword ? '修改密码' : '修改支付密码'}>
      <div className="password-banner">
        <span className="password-banner-icon">{loginPassword ? <LockOutline /> : <PayCircleOutline />}</span>
        <div>
          <div className="password-banner-title">{loginPassword ? '修改登录密码' : '修改支付密码'}</div>
          <div className="password-banner-text">
            {loginPassword ? '修改成功后需使用新密码重新登录' : '支付密码用于取款与绑定银行卡，不能与登录密码相同'}
          </div>
        </div>
      </div>
      <div className="profile-section">
        <FieldErrorsScope errors={errors}>
          <List>
            <PasswordField name="oldPassword" label={`旧${noun}`} placeholder={`请输入旧${noun}`} value={oldPass} onChange={setOldPass} maxLength={maxLength} />
            <PasswordField name="newPassword" label={`新${noun}`} placeholder={`${LIMITS.passwordMin}~${maxLength}位字符`} value={newPass} onChange={setNewPass} maxLength={maxLength} />
            <PasswordField name="confirmPassword" label="确认密码" placeholder={`请再次输入新${noun}`} value={confirm} onChange={setConfirm} maxLength={maxLength} />
          </List>
        </FieldErrorsScope>
      </div>
      <div className="profile-actions">
        <Button block color="primary" shape="rounded" className="profile-primary" data-testid="password-submit" loading={busy} onClick={() => void submit()}>
          确认修改
        </Button>
      </div>
    </Page>
  );
}
