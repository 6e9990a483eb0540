import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { askLogin } from '../auth/loginAsk';
import { sessionEnded, useToken } from '../auth/session';

/** A login-required screen: without a token, /login?redirect=<wanted path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate replace to={sessionEnded() ? '/login' : `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} />;
  return <>{children}</>;
}

/** /hongbao and /transfer: without a token, the login sheet (登录 / 注册, back here after); closed, back home. */
export function ConfirmLogin({ children }: { children: ReactNode }) {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (token) return;
    askLogin({ redirect: location.pathname + location.search, onDismiss: () => navigate('/', { replace: true }) });
  }, [token]);
  return token ? <>{children}</> : null;
}
