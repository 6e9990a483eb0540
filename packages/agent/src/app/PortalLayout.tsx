import { Outlet, useLocation, useNavigate } from 'react-router';
import { Avatar, Dropdown, Grid, Layout, Menu, Skeleton } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { AGENT_PORTAL_MSG } from '@app/contract';
import { logout } from '../features/auth/api';
import { sessionEnd, useMe } from '../shared/session';
import { NAV, navOf } from './nav';
import { ScreenErrorBoundary } from '../shared/components/ScreenErrorBoundary';

async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // the session may be gone already: the portal is closed either way
  }
  sessionEnd.end('loggedOut', AGENT_PORTAL_MSG.loggedOut);
}

/** The agent's name and 退出登录. */
function AgentMenu({ dark }: { dark: boolean }) {
  const { data: me } = useMe();
  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: () => void signOut() }] }}>
      <button type="button" className={`agent-chip${dark ? ' is-dark' : ''}`} data-testid="agent-menu">
        <Avatar size={28} icon={<UserOutlined />} className="agent-chip-avatar" />
        <span className="agent-chip-name" data-testid="agent-name">
          {me ? me.username : <Skeleton.Input active size="small" style={{ width: 60, minWidth: 60 }} />}
        </span>
        <DownOutlined className="agent-chip-caret" />
      </button>
    </Dropdown>
  );
}

function Brand({ compact }: { compact?: boolean }) {
  const { data: me } = useMe();
  return (
    <div className={`portal-brand${compact ? ' is-compact' : ''}`}>
      <img src={me?.logo || '/assets/logo.svg'} alt="" />
      <div className="portal-brand-text">
        <span className="portal-brand-title" data-testid="site-title">
          {me?.title ?? ' '}
        </span>
        <span className="portal-brand-sub">代理中心</span>
      </div>
    </div>
  );
}

/**
 * Phone first: a top bar with the site and the agent, the page, and a bottom tab bar (概览 / 团队 /
 * 报表 / 佣金 / 推广) — the portal opens in the member app's 390-px frame. From md (768 px) up, a side
 * menu and a header with the page's title instead.
 */
export function PortalLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const wide = Grid.useBreakpoint().md ?? false;
  const current = navOf(pathname);

  if (wide)
    return (
      <Layout className="portal-wide">
        <Layout.Sider width={216} className="portal-sider">
          <Brand />
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[current.key]}
            items={NAV.map((n) => ({ key: n.key, icon: n.icon, label: n.label, 'data-testid': `nav-${n.key}` }))}
            onClick={({ key }) => navigate(NAV.find((n) => n.key === key)!.path)}
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="portal-header">
            <h1 data-testid="page-title">{current.title}</h1>
            <AgentMenu dark={false} />
          </Layout.Header>
          <Layout.Content className="portal-content">
            <ScreenErrorBoundary key={pathname}>
              <Outlet />
            </ScreenErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    );

  return (
    <div className="portal-phone">
      <header className="portal-topbar">
        <Brand compact />
        <AgentMenu dark />
      </header>
      <main className="portal-main">
        <ScreenErrorBoundary key={pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
      <nav className="portal-tabbar" aria-label="导航">
        {NAV.map((n) => (
          <button
            key={n.key}
            type="button"
            className={`portal-tab${current.key === n.key ? ' is-active' : ''}`}
            data-testid={`nav-${n.key}`}
            aria-current={current.key === n.key ? 'page' : undefined}
            onClick={() => navigate(n.path)}
          >
            <span className="portal-tab-icon">{n.icon}</span>
            <span>{n.label}</span>
          </button>
        ))}
      </nav>
    </div>
  );
}
