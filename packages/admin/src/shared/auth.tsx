import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Permission, StaffLoginResult, StaffMe } from '@app/contract';
import { api, setSessionEndHandler, tokenStore } from './api';

interface Auth {
  me: StaffMe | null;
  loading: boolean;
  can(permission: Permission): boolean;
  /** `extra`: the captcha once the server asked for one (LoginRefusal), the two-factor code once it asked for that (OtpRefusal) */
  login(username: string, password: string, extra?: { captcha_id?: string; code?: string; otp?: string }): Promise<void>;
  logout(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/** The signed-in staff member (GET /me), shared by the layout, the menu and every page's buttons. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const meQuery = useQuery({
    queryKey: ['me'],
    queryFn: async () => (tokenStore.get() ? (await api.get<StaffMe>('/me')).data : null),
    staleTime: 60_000,
    retry: false,
  });

  useEffect(() => {
    setSessionEndHandler(() => {
      client.clear();
      navigate('/login', { replace: true });
    });
  }, [client, navigate]);

  const login = useCallback(
    async (username: string, password: string, extra?: { captcha_id?: string; code?: string; otp?: string }) => {
      const { data } = await api.post<StaffLoginResult>('/login', { username, password, ...extra });
      tokenStore.set(data.token);
      client.clear();
      await client.fetchQuery({ queryKey: ['me'], queryFn: async () => (await api.get<StaffMe>('/me')).data });
    },
    [client],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/logout');
    } finally {
      tokenStore.clear();
      client.clear();
      navigate('/login', { replace: true });
    }
  }, [client, navigate]);

  const me = meQuery.data ?? null;
  const value = useMemo<Auth>(
    () => ({ me, loading: meQuery.isLoading, can: (p) => !!me?.permissions.includes(p), login, logout }),
    [me, meQuery.isLoading, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
