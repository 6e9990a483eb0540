import { useLocation } from 'react-router';
import { useToken } from '../auth/session';
import { askLogin } from '../auth/loginAsk';

/**
 * The one guard for taps that need a session (a game, a red packet, a money shortcut): true for a
 * member; for a visitor it opens the login sheet (登录 / 注册, back to `redirect` afterwards, the
 * current screen by default) and answers false.
 */
export function useRequireLogin(): (redirect?: string) => boolean {
  const token = useToken();
  const location = useLocation();
  return (redirect) => {
    if (token) return true;
    askLogin({ redirect: redirect ?? location.pathname + location.search });
    return false;
  };
}
