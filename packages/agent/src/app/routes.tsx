import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spin } from 'antd';
import { AGENT_PORTAL_MSG } from '@app/contract';
import { hasToken } from '../shared/api';
import { useSessionEnd } from '../shared/session';
import { FullScreenState } from '../shared/components/FullScreenState';
import LoginPage from '../features/auth/LoginPage';
import { PortalLayout } from './PortalLayout';

const OverviewPage = lazy(() => import('../features/overview/OverviewPage'));
const TeamPage = lazy(() => import('../features/team/TeamPage'));
const MemberPage = lazy(() => import('../features/team/MemberPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const StatementsPage = lazy(() => import('../features/commission/StatementsPage'));
const StatementPage = lazy(() => import('../features/commission/StatementPage'));
const InvitePage = lazy(() => import('../features/invite/InvitePage'));

const page = (node: ReactNode) => <Suspense fallback={<Spin className="page-spin" />}>{node}</Suspense>;

/**
 * The portal behind its session: ended (a 401, 退出, or no token at all) it shows one full-screen state
 * and nothing else — the way back in is the member app's 代理登录.
 */
function Session() {
  const ended = useSessionEnd();
  if (ended?.reason === 'loggedOut') return <FullScreenState status="success" title="已安全退出" message={ended.message} testId="logged-out" />;
  if (ended || !hasToken()) return <FullScreenState status="warning" title="请重新进入代理中心" message={ended?.message ?? AGENT_PORTAL_MSG.sessionEnded} testId="session-ended" />;
  return <PortalLayout />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route element={<Session />}>
        <Route index element={page(<OverviewPage />)} />
        <Route path="members" element={page(<TeamPage />)} />
        <Route path="members/:id" element={page(<MemberPage />)} />
        <Route path="reports" element={page(<ReportsPage />)} />
        <Route path="commission" element={page(<StatementsPage />)} />
        <Route path="commission/:id" element={page(<StatementPage />)} />
        <Route path="invite" element={page(<InvitePage />)} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
