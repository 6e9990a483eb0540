import { useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../components/AuthShell';
import { RegisterForm } from '../components/RegisterForm';
import { useAuthQuery } from '../components/useAuthDone';

/** /reg2 and /reg: registration with the referrer prefilled from `pid` (spec §2). */
export default function Register() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useAuthQuery();
  return (
    <AuthShell
      subtitle="注册账号，畅享精彩"
      footer={
        <>
          已有账号？
          <button type="button" className="auth-text-link strong" data-testid="to-login" onClick={() => navigate(`/login${query({}, false)}`)}>
            返回登录
          </button>
        </>
      }
    >
      <div className="auth-card-title">注册账号</div>
      <RegisterForm pid={params.get('pid') ?? ''} />
    </AuthShell>
  );
}
