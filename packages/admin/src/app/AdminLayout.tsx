import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, Grid, Layout, Menu, Space, Tag } from 'antd';
import { LockOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useAuth } from '../shared/auth';
import { ChangePasswordModal } from '../features/auth/ChangePasswordModal';
import { TotpModal } from '../features/security/TotpModal';
import TotpRequiredPage from '../features/security/TotpRequiredPage';
import { MENU } from './menu';

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
  const items = MENU.filter((m) => can(m.permission)).map((m) => ({ key: m.path, icon: m.icon, label: m.label, 'data-testid': `menu-${m.key}` }));
  const selected = items.find((i) => pathname.startsWith(i.key))?.key ?? '';
  // The operator requires two-factor sign-in of this role and it has none: enrolment first (the
  // server refuses everything else meanwhile).
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
        style={narrow ? { position: 'fixed', height: '100%', zIndex: 20 } : undefined}
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
          <Outlet />
        </Layout.Content>
      </Layout>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <TotpModal open={totpOpen} onClose={() => setTotpOpen(false)} />
    </Layout>
  );
}
