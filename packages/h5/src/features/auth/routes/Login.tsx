import { useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../components/AuthShell';
import { LoginForm } from '../components/LoginForm';
import { RegisterForm } from '../components/RegisterForm';
import { useAuthQuery } from '../components/useAuthDone';

/** /login; `type=1` or a `pid` shows the register form in place (spec §2). */
export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useAuthQuery();
  const pid = params.get('pid') ?? '';
  const registering = params.get('type') === '1' || pid !== '';
  const tab = (toRegister: boolean) => navigate(`/login${toRegister ? query({ type: '1' }) : query({}, false)}`, { replace: true });

  return (
    <AuthShell
      subtitle={registering ? '注册账号，畅享精彩' : '欢迎回来，请登录您的账号'}
      footer={
        registering ? (
          <>
            已有账号？
            <button type="button" className="auth-text-link strong" data-testid="to-login" onClick={() => navigate(`/login${query({}, false)}`, { replace: true })}>
              返回登录
            </button>
          </>
        ) : (
          <>
            还没有账号？
            <button type="button" className="auth-text-link strong" data-testid="to-register" onClick={() => navigate(`/reg2${query()}`)}>
              立即注册
            </button>
            <span className="auth-footer-sep" />
            <button type="button" className="auth-text-link" data-testid="contact-service" onClick={() => navigate('/kefu')}>
              联系客服
            </button>
          </>
        )
      }
    >
      <div className="auth-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={!registering} className={!registering ? 'active' : ''} onClick={() => tab(false)}>
          账号登录
        </button>
        <button type="button" role="tab" aria-selected={registering} className={registering ? 'active' : ''} onClick={() => tab(true)}>
          快速注册
        </button>
      </div>
      {registering ? <RegisterForm key="reg" pid={pid} /> : <LoginForm key="login" />}
    </AuthShell>
  );
}
