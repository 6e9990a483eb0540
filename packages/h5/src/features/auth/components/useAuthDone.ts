import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { signIn } from '../../../shared/auth/session';

/** Only in-app routes are honoured as a redirect target (no open redirect to another site). */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * After login or register (spec §4, DESIGN §4): store the token, load user info (the balance poll
 * starts with the token) and go to the `redirect` query, else home.
 */
export function useAuthDone() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  return async (token: string, remember = false) => {
    await signIn(qc, token, remember).catch(() => undefined);
    navigate(target, { replace: true });
  };
}

/** Keeps pid and redirect when moving between the login and register screens. */
export function useAuthQuery(): (extra?: Record<string, string>, keepPid?: boolean) => string {
  const [params] = useSearchParams();
  return (extra = {}, keepPid = true) => {
    const next = new URLSearchParams();
    for (const key of keepPid ? ['pid', 'redirect'] : ['redirect']) {
      const v = params.get(key);
      if (v) next.set(key, v);
    }
    for (const [k, v] of Object.entries(extra)) next.set(k, v);
    const s = next.toString();
    return s ? `?${s}` : '';
  };
}
