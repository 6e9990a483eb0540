import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Result, Spin } from 'antd';
import type { Permission } from '@app/contract';
import { useAuth } from '../shared/auth';
import { AdminLayout } from './AdminLayout';
import { MENU } from './menu';
import LoginPage from '../features/auth/LoginPage';

const pages: Record<string, React.LazyExoticComponent<() => ReactNode>> = {
  deposits: lazy(() => import('../features/deposits/DepositsPage')),
  withdrawals: lazy(() => import('../features/withdrawals/WithdrawalsPage')),
  dashboard: lazy(() => import('../features/reports/DashboardPage')),
  reports: lazy(() => import('../features/reports/ReportsPage')),
  approvals: lazy(() => import('../features/approvals/ApprovalsPage')),
  members: lazy(() => import('../features/members/MembersPage')),
  protectionBlocks: lazy(() => import('../features/protection/BlockedMembersPage')),
  bets: lazy(() => import('../features/bets/BetsPage')),
  vipTiers: lazy(() => import('../features/loyalty/VipTiersPage')),
  rebate: lazy(() => import('../features/loyalty/RebatePage')),
  activities: lazy(() => import('../features/promotions/ActivitiesPage')),
  activityTypes: lazy(() => import('../features/promotions/ActivityTypesPage')),
  activityApplications: lazy(() => import('../features/promotions/ApplicationsPage')),
  contentBanners: lazy(() => import('../features/content/BannersPage')),
  contentNotices: lazy(() => import('../features/content/NoticesPage')),
  contentArticles: lazy(() => import('../features/content/ArticlesPage')),
  contentGames: lazy(() => import('../features/content/GamesPage')),
  providers: lazy(() => import('../features/providers/ProvidersPage')),
  mail: lazy(() => import('../features/mail/MailPage')),
  service: lazy(() => import('../features/service/ServicePage')),
  redPacket: lazy(() => import('../features/redpacket/RedPacketPage')),
  agentApplications: lazy(() => import('../features/agents/AgentApplicationsPage')),
  agents: lazy(() => import('../features/agents/AgentsPage')),
  commissionStatements: lazy(() => import('../features/commission/StatementsPage')),
  commissionPlan: lazy(() => import('../features/commission/PlanPage')),
  payments: lazy(() => import('../features/payments/PaymentsPage')),
  lotteryOdds: lazy(() => import('../features/lottery/OddsPage')),
  lotteryRooms: lazy(() => import('../features/lottery/RoomsPage')),
  lotteryChat: lazy(() => import('../features/lottery/ChatPage')),
  site: lazy(() => import('../features/site/SitePage')),
  audit: lazy(() => import('../features/audit/AuditPage')),
  ledger: lazy(() => import('../features/ledger/LedgerPage')),
  staff: lazy(() => import('../features/staff/StaffPage')),
};

/** 会员360°视图 at /members/:id (a page other features link to; the list stays at /members). */
const Member360Page = lazy(() => import('../features/member360/Member360Page'));

const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />;

/** A page only for staff holding its permission; others see 403 (the server refuses them anyway). */
function Guarded({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useAuth();
  if (!can(permission)) return <Result status="403" title="403" subTitle="无权执行此操作" />;
  return <Suspense fallback={loading}>{children}</Suspense>;
}

function SignedIn({ children }: { children: ReactNode }) {
  const { me, loading: busy } = useAuth();
  if (busy) return loading;
  if (!me) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

/** The console opens on 数据概览 for staff who may read it, else on the first page they may use. */
function Home() {
  const { can } = useAuth();
  const first = MENU.find((m) => m.key === 'dashboard' && can(m.permission)) ?? MENU.find((m) => can(m.permission));
  return first ? <Navigate to={first.path} replace /> : <Result status="403" title="无可用功能" subTitle="请联系超级管理员分配角色" />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <SignedIn>
            <AdminLayout />
          </SignedIn>
        }
      >
        <Route index element={<Home />} />
        <Route
          path="members/:id"
          element={
            <Guarded permission="members.read">
              <Member360Page />
            </Guarded>
          }
        />
        {MENU.map((m) => {
          const Page = pages[m.key];
          return <Route key={m.key} path={`${m.path.slice(1)}/*`} element={<Guarded permission={m.permission}>{<Page />}</Guarded>} />;
        })}
        <Route path="*" element={<Result status="404" title="404" subTitle="页面不存在" />} />
      </Route>
    </Routes>
  );
}
