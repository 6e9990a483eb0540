import { lazy, Suspense, useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING, type UserInfo } from '@app/contract';
import { apiEvents, request } from '../shared/api/client';
import { useAppInfo } from '../shared/api/app';
import { restoreRememberedToken } from '../shared/auth/storage';
import { signOut, useToken, userKey } from '../shared/auth/session';
import { LoadingOverlay } from '../shared/components/LoadingOverlay';
import { LoginSheetMount } from '../shared/components/LoginSheetMount';
import { alertDialog } from '../shared/lib/dialog';
import { RealityCheckMount } from '../shared/protection/RealityCheckMount';
import { routes } from './routes';
import { inviterRedirect } from './inviter';

restoreRememberedToken();
const pidTarget = inviterRedirect(window.location);
if (pidTarget) window.location.hash = pidTarget;

// Maintenance is rare: its picture-heavy screen is loaded only when needed.
const Maintenance = lazy(() => import('./Maintenance'));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
const router = createHashRouter(routes);

/** Ends the session once, whatever number of calls answered 401 together. */
let endingSession = false;
apiEvents.onUnauthorized = (message) => {
  if (endingSession) return;
  endingSession = true;
  void alertDialog({ content: message, confirmText: '确定' }).then(() => {
    signOut(queryClient);
    endingSession = false;
    void router.navigate('/login', { replace: true });
  });
};

/** The balance poll: every 2.5 s while logged in, folded into the cached user info. */
function BalancePoll() {
  const token = useToken();
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: ['balance'],
    queryFn: () => request<{ balance: number }>('balance'),
    enabled: !!token,
    refetchInterval: TIMING.balancePollMs,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    if (data) qc.setQueryData<UserInfo>(userKey, (u) => (u ? { ...u, balance: data.balance } : u));
  }, [data, qc]);
  return null;
}

function Shell() {
  const { data: app } = useAppInfo();
  const [tips, setTips] = useState<string | null>(null);
  useEffect(() => {
    apiEvents.onMaintenance = setTips;
  }, []);
  useEffect(() => {
    if (app?.title) document.title = app.title;
  }, [app?.title]);
  const repair = app?.site_state === 0 ? app.repair_tips : tips;
  if (repair)
    return (
      <Suspense fallback={null}>
        <Maintenance tips={repair} logo={app?.site_logo} />
      </Suspense>
    );
  return (
    <>
      <BalancePoll />
      <RouterProvider router={router} />
      <RealityCheckMount onLeave={() => void router.navigate('/')} />
      <LoginSheetMount onGo={(path) => router.navigate(path)} />
      <LoadingOverlay />
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}
