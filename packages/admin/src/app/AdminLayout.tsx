import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Badge, Button, Dropdown, Grid, Layout, Menu, Space, Tag } from 'antd';
import type { DeskCounts, DeskQueue } from '@app/contract';
import { LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useAuth } from '../shared/auth';
import { chime, useDeskCounts } from '../shared/desk';
import { agentKeys } from '../features/agents/api';
import { commissionKeys } from '../features/commission/api';
import { promotionKeys } from '../features/promotions/api';
import { ChangePasswordModal } from '../features/auth/ChangePasswordModal';
import { TotpModal } from '../features/security/TotpModal';
import TotpRequiredPage from '../features/security/TotpRequiredPage';
import PasswordRequiredPage from '../features/auth/PasswordRequiredPage';
import { MENU, MENU_GROUPS, type MenuGroup } from './menu';
import { approvalKeys } from '../features/approvals/api';
import { serviceKeys } from '../features/service/api';
import { ScreenErrorBoundary } from '../shared/components/ScreenErrorBoundary';

/** The queries of each review queue's page: refreshed when its count moves, so new orders appear. */
const QUEUE_QUERIES: Record<DeskQueue, QueryKey> = {
  deposits: ['deposits'],
  withdrawals: ['withdrawals'],
  activityApplications: promotionKeys.applications,
  agentApplications: agentKeys.applications,
  commissionStatements: commissionKeys.statements,
  approvals: approvalKeys.all,
  service: serviceKeys.all,
};
const TITLE = '后台管理';

/**
 * The review queues live (desk counts every 10 s): a badge on each queue's menu entry, the queue's
 * page refreshed when its count moves, and a chime with the count in the tab title when withdrawals
 * arrive, until the withdrawals page is opened.
 */
function useLiveQueues(enabled: boolean, pathname: string): DeskCounts {
  const client = useQueryClient();
  const counts = useDeskCounts(enabled).data;
  const previous = useRef<DeskCounts | null>(null);
  const [newWithdrawals, setNewWithdrawals] = useState(0);
  useEffect(() => {
    if (!counts) return;
    const before = previous.current;
    previous.current = counts;
    if (!before) return;
    for (const key of Object.keys(counts) as DeskQueue[]) {
      if (counts[key] !== before[key]) void client.invalidateQueries({ queryKey: QUEUE_QUERIES[key] });
    }
    const arrived = (counts.withdrawals ?? 0) - (before.withdrawals ?? 0);
    if (arrived > 0) {
      chime();
      setNewWithdrawals((n) => n + arrived);
    }
  }, [counts, client]);
  useEffect(() => {
    if (pathname.startsWith('/withdrawals')) setNewWithdrawals(0);
  }, [pathname]);
  useEffect(() => {
    document.title = newWithdrawals > 0 ? `(${newWithdrawals}) 新取款待审核 · ${TITLE}` : TITLE;
  }, [newWithdrawals]);
  return counts ?? {};
}

/** Side menu by permission, a header with the staff member and their account actions, the page. */
export function AdminLayout() {
  const { me, can, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = !screens.lg;
  const [collapsed, setCollapsed] = useState(narrow);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [totpOpen, setTotpOpen] = useState(false);
  const counts = useLiveQueues(!!me && !me.totp_due && !me.password_change_due, pathname);
  const entries = MENU.filter((m) => can(m.permission)).map((m) => {
    const waiting = counts[m.key as DeskQueue] ?? 0;
    const label = waiting > 0 ? (
      <span className="menu-with-badge">
        {m.label}
        <Badge count={waiting} size="small" overflowCount={99} data-testid={`menu-badge-${m.key}`} />
      </span>
    ) : (
      m.label
    );
    return { key: m.path, icon: m.icon, label, 'data-testid': `menu-${m.key}`, group: m.group };
  });
  const selected = entries.find((i) => pathname.startsWith(i.key))?.key ?? '';
  // Open, each group under its title; folded to icons, the groups are parted by a line.
  const groups = (Object.keys(MENU_GROUPS) as MenuGroup[]).map((g) => ({ g, children: entries.filter((e) => e.group === g).map(({ group: _, ...item }) => item) })).filter((x) => x.children.length > 0);
  const items = collapsed
    ? groups.flatMap(({ g, children }, i) => [...(i > 0 ? [{ type: 'divider' as const, key: `divider-${g}` }] : []), ...children])
    : groups.map(({ g, children }) => ({ type: 'group' as const, key: `group-${g}`, label: MENU_GROUPS[g], children }));
  // A temporary password first, then two-factor enrolment when the operator requires it (the server
  // refuses everything else meanwhile).
  if (me?.password_change_due) return <PasswordRequiredPage />;
  if (me?.totp_due) return <TotpRequiredPage />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={narrow ? 0 : 64}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        width={200}
        // The menu is taller than a laptop's screen: it scrolls on its own and stays beside the page.
        style={narrow ? { position: 'fixed', height: '100%', zIndex: 20, overflowY: 'auto' } : { position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
      >
        <div className="admin-brand">
          <img src="/assets/logo.svg" alt="" />
          {!collapsed && <span>后台管理</span>}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          items={items}
          onClick={({ key }) => {
            navigate(key);
            if (narrow) setCollapsed(true);
          }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="admin-header">
          <Button type="text" aria-label="菜单" icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={() => setCollapsed(!collapsed)} />
          <Dropdown
            menu={{
              items: [
                { key: 'password', icon: <LockOutlined />, label: '修改密码', onClick: () => setPasswordOpen(true) },
                { key: 'totp', icon: <SafetyOutlined />, label: '两步验证', onClick: () => setTotpOpen(true), 'data-testid': 'menu-totp' } as never,
                { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void logout() },
              ],
            }}
          >
            <Space style={{ cursor: 'pointer' }} data-testid="staff-menu">
              <UserOutlined />
              <span data-testid="staff-name">{me?.username}</span>
              <Tag color="blue">{me?.role_label}</Tag>
            </Space>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <ScreenErrorBoundary key={pathname}>
            <Outlet />
          </ScreenErrorBoundary>
        </Layout.Content>
      </Layout>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <TotpModal open={totpOpen} onClose={() => setTotpOpen(false)} />
    </Layout>
  );
}
